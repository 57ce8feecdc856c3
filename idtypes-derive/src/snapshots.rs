//! Expansion snapshots: what the derive writes for a few representative types, printed as
//! Rust and compared with `snapshots/*.expanded.rs`, so that a change in generated code shows
//! in review. After an intended change, `IDTYPES_SNAPSHOTS=overwrite cargo test -p
//! idtypes-derive` writes the files anew; review their diff like code.
//!
//! The format's own part is a `macro_rules!` invocation here (`__private::typed::tid!`): its
//! expansion lives, and is reviewed, beside the format in the runtime crate.

use std::{fs, path::PathBuf};

use syn::DeriveInput;

use crate::{expand, format::Format};

/// Expands the derive of `format` on `input` and compares it with `snapshots/{name}.expanded.rs`.
fn check(name: &str, format: Format, input: &str) {
    let input: DeriveInput = syn::parse_str(input).expect("the snapshot's input parses");
    let tokens = expand::derive(input, format);
    let file: syn::File = syn::parse2(tokens).expect("the expansion is Rust items");
    let actual = prettyplease::unparse(&file);
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("snapshots")
        .join(format!("{name}.expanded.rs"));
    if std::env::var_os("IDTYPES_SNAPSHOTS").is_some_and(|value| value == "overwrite") {
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(&path, &actual).unwrap();
        return;
    }
    let expected = fs::read_to_string(&path).unwrap_or_else(|err| {
        panic!(
            "no snapshot at {} ({err}); write it with IDTYPES_SNAPSHOTS=overwrite",
            path.display()
        )
    });
    if expected != actual {
        let line = expected
            .lines()
            .zip(actual.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| expected.lines().count().min(actual.lines().count()));
        panic!(
            "the expansion of {name} differs from {} from line {}:\n\
             expected: {:?}\n   found: {:?}\n\
             (IDTYPES_SNAPSHOTS=overwrite writes it anew)\n\n{actual}",
            path.display(),
            line + 1,
            expected.lines().nth(line),
            actual.lines().nth(line),
        );
    }
}

#[test]
fn tid_with_a_prefix() {
    check(
        "tid",
        Format::named("Tid"),
        r#"#[idtype(prefix = "post")] pub struct PostId(idtypes::Tid);"#,
    );
}

#[test]
fn tid_with_checks_that_trusts_its_rows() {
    check(
        "tid_checked",
        Format::named("Tid"),
        r#"#[idtype(prefix = "post", separator = "-", validate = recent, decode = "trust")]
           pub struct PostId(Tid);"#,
    );
}

#[test]
fn time_id() {
    check(
        "time_id",
        Format::named("TimeId"),
        r#"#[idtype(prefix = "evt")] pub struct EventId(TimeId);"#,
    );
}

#[test]
fn uid11_without_a_prefix() {
    check("uid11", Format::named("Uid11"), "pub struct FileId(Uid11);");
}

#[test]
fn uid11_profiles() {
    check(
        "xid",
        Format::named("Uid11Xid"),
        r#"#[idtype(prefix = "ord")] struct OrderId(Uid11Xid);"#,
    );
    check(
        "snowish",
        Format::named("Snowish"),
        r#"#[idtype(prefix = "job")] struct JobId(Snowish);"#,
    );
    check(
        "ts_seq_rand",
        Format::named("TsSeqRand"),
        r#"#[idtype(prefix = "msg")] struct MessageId(TsSeqRand);"#,
    );
    check(
        "snowflake",
        Format::named("Snowflake"),
        r#"#[idtype(prefix = "msg")] struct MessageId(Snowflake);"#,
    );
    check(
        "full_rand",
        Format::named("FullRand"),
        r#"#[idtype(prefix = "tok", validate = |_: &FullRand| Ok::<(), &'static str>(()))]
           struct TokenId(FullRand);"#,
    );
}

#[test]
fn a_time_id_written_as_text_in_binary_formats() {
    check(
        "time_id_serde_text",
        Format::named("TimeId"),
        r#"#[idtype(prefix = "evt", serde = "text")] pub struct EventId(TimeId);"#,
    );
}

#[test]
fn uuids_as_typeids_and_hyphenated() {
    check(
        "uuid",
        Format::named("Uuid"),
        r#"#[idtype(prefix = "user")] pub struct UserId(Uuid);"#,
    );
    check(
        "uuid_hyphenated",
        Format::named("Uuid"),
        r#"#[idtype(prefix = "acct", separator = ":", text = "hyphenated")] pub struct AccountId(Uuid);"#,
    );
}

#[test]
fn tbsl_in_a_crate_that_renames_idtypes() {
    check(
        "tbsl",
        Format::named("Tbsl"),
        r#"#[idtype(prefix = "txn", crate = "my::ids")] struct TxnId(my::ids::Tbsl);"#,
    );
}

#[test]
fn record_keys_of_a_literal_type() {
    check(
        "record_key",
        Format::named("RecordKey"),
        r#"#[idtype(key_type = "literal:self")] struct ProfileKey(RecordKey);"#,
    );
}

#[test]
fn a_mistake_expands_to_compile_errors_only() {
    check(
        "errors",
        Format::named("Tid"),
        r#"#[idtype(prefix = "Post", decode = "Trust")] pub struct PostId(pub Uid11);"#,
    );
}
