//! The derive macros' code relies on neither the prelude nor crate names the user's module can
//! shadow: every format derives, with `prefix`, `separator`, `validate` and `key_type`, in a
//! module full of look-alikes of the prelude and of the crates the expansion uses, and in a
//! `#![no_implicit_prelude]` module.

#![allow(dead_code)]

/// A module that shadows every name the expansion could have used unqualified.
mod hostile {
    #![allow(non_camel_case_types, unused_macros, clippy::all)]

    // The prelude's variants and types.
    pub struct Ok;
    pub struct Err;
    pub struct Some;
    pub struct None;
    pub type Result = ();
    pub type Option = ();
    pub struct String;
    pub struct Vec;
    pub struct Box;
    pub struct ToString;

    // The prelude's traits.
    pub trait Display {}
    pub trait Debug {}
    pub trait From {}
    pub trait Into {}
    pub trait TryFrom {}
    pub trait TryInto {}
    pub trait AsRef {}
    pub trait Clone {}
    pub trait Copy {}
    pub trait PartialEq {}
    pub trait Eq {}
    pub trait PartialOrd {}
    pub trait Ord {}
    pub trait Hash {}
    pub trait FromStr {}
    pub trait Default {}
    pub trait Iterator {}
    pub trait Drop {}
    pub trait Fn {}
    pub trait Borrow {}

    // diesel's traits and types, which the expansion names by path only.
    pub trait AsExpression {}
    pub trait ToSql {}
    pub trait FromSql {}
    pub trait Queryable {}
    pub trait Backend {}
    pub struct Output;

    // The crates the expansion uses, and its own helper module's name.
    pub mod std {}
    pub mod core {}
    pub mod alloc {}
    pub mod idtypes {}
    pub mod serde {}
    pub mod sqlx {}
    pub mod chrono {}
    pub mod jiff {}
    pub mod time {}
    pub mod postgres_types {}
    pub mod bytes {}
    pub mod arbitrary {}
    pub mod diesel {}
    pub mod __private {}

    // Macros the expansion could have called.
    macro_rules! write {
        ($($t:tt)*) => {
            compile_error!("the expansion used the caller's `write!`")
        };
    }
    macro_rules! format {
        ($($t:tt)*) => {
            compile_error!("the expansion used the caller's `format!`")
        };
    }
    macro_rules! panic {
        ($($t:tt)*) => {
            compile_error!("the expansion used the caller's `panic!`")
        };
    }

    /// Methods named like those the expansion calls, on every type: inherent methods and
    /// fully qualified calls must win over them. (This module's own code calls the formats'
    /// methods by path, since these would win over methods that take `self` by value.)
    pub trait Everywhere {
        fn map(&self) {}
        fn next(&self) {}
        fn clone(&self) {}
        fn cmp(&self) {}
        fn eq(&self) {}
        fn fmt(&self) {}
        fn hash(&self) {}
        fn parse(&self) {}
        fn as_str(&self) {}
        fn timestamp(&self) {}
        fn timestamp_micros(&self) {}
        fn datetime(&self) {}
        fn into_inner(&self) {}
        fn as_inner(&self) {}
    }
    impl<T: ?::core::marker::Sized> Everywhere for T {}

    pub fn after_2020(tid: &::idtypes::Tid) -> ::core::result::Result<(), &'static str> {
        if ::idtypes::Tid::timestamp_micros(*tid) >= 1_577_836_800_000_000 {
            ::core::result::Result::Ok(())
        } else {
            ::core::result::Result::Err("before 2020")
        }
    }

    pub fn node_one(id: &::idtypes::TimeId) -> ::core::result::Result<(), &'static str> {
        if ::idtypes::TimeId::node(*id).get() == 1 {
            ::core::result::Result::Ok(())
        } else {
            ::core::result::Result::Err("not node 1")
        }
    }

    pub fn not_zero(id: &::idtypes::Uid11) -> ::core::result::Result<(), &'static str> {
        if ::idtypes::Uid11::to_u64(*id) == 0 {
            ::core::result::Result::Err("zero")
        } else {
            ::core::result::Result::Ok(())
        }
    }

    pub fn any_xid(_: &::idtypes::Uid11Xid) -> ::core::result::Result<(), &'static str> {
        ::core::result::Result::Ok(())
    }

    pub fn machine_zero(id: &::idtypes::Snowish) -> ::core::result::Result<(), &'static str> {
        if ::idtypes::Snowish::machine_id(*id) == 0 {
            ::core::result::Result::Ok(())
        } else {
            ::core::result::Result::Err("not machine 0")
        }
    }

    pub fn any_ts_seq_rand(_: &::idtypes::TsSeqRand) -> ::core::result::Result<(), &'static str> {
        ::core::result::Result::Ok(())
    }

    pub fn any_full_rand(_: &::idtypes::FullRand) -> ::core::result::Result<(), &'static str> {
        ::core::result::Result::Ok(())
    }

    pub fn machine_seven(id: &::idtypes::Tbsl) -> ::core::result::Result<(), &'static str> {
        if ::idtypes::Tbsl::machine_id(*id) == 7 {
            ::core::result::Result::Ok(())
        } else {
            ::core::result::Result::Err("not machine 7")
        }
    }

    pub fn not_self(key: &::idtypes::RecordKey) -> ::core::result::Result<(), &'static str> {
        if ::idtypes::RecordKey::as_str(key) == "self" {
            ::core::result::Result::Err("`self` is taken")
        } else {
            ::core::result::Result::Ok(())
        }
    }

    #[derive(::idtypes::Tid)]
    #[idtype(prefix = "post", validate = after_2020)]
    pub struct PostId(::idtypes::Tid);

    #[derive(::idtypes::Tid)]
    pub struct PlainTid(::idtypes::Tid);

    #[derive(::idtypes::TimeId)]
    #[idtype(prefix = "evt", separator = "-", validate = node_one)]
    pub struct EventId(::idtypes::TimeId);

    #[derive(::idtypes::Uid11)]
    #[idtype(prefix = "file", validate = not_zero)]
    pub struct FileId(::idtypes::Uid11);

    #[derive(::idtypes::Uid11Xid)]
    #[idtype(prefix = "order", separator = "::", validate = any_xid)]
    pub struct OrderId(::idtypes::Uid11Xid);

    #[derive(::idtypes::Snowish)]
    #[idtype(prefix = "job", validate = machine_zero)]
    pub struct JobId(::idtypes::Snowish);

    #[derive(::idtypes::TsSeqRand)]
    #[idtype(prefix = "msg", validate = "any_ts_seq_rand")]
    pub struct MsgId(::idtypes::TsSeqRand);

    #[derive(::idtypes::FullRand)]
    #[idtype(prefix = "tok", validate = any_full_rand)]
    pub struct Token(::idtypes::FullRand);

    #[derive(::idtypes::Tbsl)]
    #[idtype(prefix = "txn", validate = machine_seven)]
    pub struct TxnId(::idtypes::Tbsl);

    #[derive(::idtypes::RecordKey)]
    #[idtype(prefix = "like", key_type = "tid")]
    pub struct LikeKey(::idtypes::RecordKey);

    #[derive(::idtypes::RecordKey)]
    #[idtype(key_type = "literal:self")]
    pub struct ProfileKey(::idtypes::RecordKey);

    #[derive(::idtypes::RecordKey)]
    #[idtype(prefix = "col", key_type = "nsid", validate = not_self)]
    pub struct CollectionKey(::idtypes::RecordKey);

    #[derive(::idtypes::RecordKey)]
    #[idtype(key_type = "any")]
    pub struct FreeKey(::idtypes::RecordKey);
}

/// A module without any prelude: not even `Option`, `Result` or `Ok` are in scope.
mod no_prelude {
    #![no_implicit_prelude]

    pub fn after_2020(tid: &::idtypes::Tid) -> ::core::result::Result<(), &'static str> {
        if tid.timestamp_micros() >= 1_577_836_800_000_000 {
            ::core::result::Result::Ok(())
        } else {
            ::core::result::Result::Err("before 2020")
        }
    }

    pub fn machine_seven(id: &::idtypes::Tbsl) -> ::core::result::Result<(), &'static str> {
        if id.machine_id() == 7 {
            ::core::result::Result::Ok(())
        } else {
            ::core::result::Result::Err("not machine 7")
        }
    }

    #[derive(::idtypes::Tid)]
    #[idtype(prefix = "post", validate = after_2020)]
    pub struct PostId(::idtypes::Tid);

    #[derive(::idtypes::TimeId)]
    #[idtype(prefix = "evt", separator = "-")]
    pub struct EventId(::idtypes::TimeId);

    #[derive(::idtypes::Uid11)]
    #[idtype(prefix = "file")]
    pub struct FileId(::idtypes::Uid11);

    #[derive(::idtypes::Uid11Xid)]
    #[idtype(prefix = "order")]
    pub struct OrderId(::idtypes::Uid11Xid);

    #[derive(::idtypes::Snowish)]
    #[idtype(prefix = "job")]
    pub struct JobId(::idtypes::Snowish);

    #[derive(::idtypes::TsSeqRand)]
    #[idtype(prefix = "msg")]
    pub struct MsgId(::idtypes::TsSeqRand);

    #[derive(::idtypes::FullRand)]
    #[idtype(prefix = "tok")]
    pub struct Token(::idtypes::FullRand);

    #[derive(::idtypes::Tbsl)]
    #[idtype(prefix = "txn", validate = machine_seven)]
    pub struct TxnId(::idtypes::Tbsl);

    #[derive(::idtypes::RecordKey)]
    #[idtype(prefix = "like", key_type = "tid")]
    pub struct LikeKey(::idtypes::RecordKey);

    #[derive(::idtypes::RecordKey)]
    #[idtype(key_type = "literal:self")]
    pub struct ProfileKey(::idtypes::RecordKey);
}

use idtypes::{ErrorKind, TypedId};

/// Parses `text` as `T` and checks that it prints the same text again.
fn round_trip<T: TypedId>(text: &str) -> T {
    let id: T = text
        .parse()
        .unwrap_or_else(|err| panic!("{text:?} as {}: {err}", T::TYPE_NAME));
    assert_eq!(id.to_string(), text);
    id
}

/// The kind of the error of parsing `text` as `T`, which must fail.
fn refusal<T: TypedId>(text: &str) -> ErrorKind {
    text.parse::<T>().unwrap_err().kind()
}

#[test]
fn every_format_derived_among_shadowed_names_reads_and_prints_its_text() {
    use hostile::*;
    round_trip::<PostId>("post_3jzfcijpj2z2a");
    round_trip::<PlainTid>("3jzfcijpj2z2a");
    round_trip::<EventId>("evt-3kxnlhr3gxq23");
    round_trip::<FileId>("file_113q8KFkAEs");
    round_trip::<OrderId>("order::113q8KFkAEs");
    round_trip::<JobId>("job_1111111NVpb");
    round_trip::<MsgId>("msg_1111111NVpb");
    round_trip::<Token>("tok_jpXCZedGfVQ");
    round_trip::<TxnId>("txn_25BF6196C8D610700000");
    round_trip::<LikeKey>("like_3jzfcijpj2z2a");
    round_trip::<ProfileKey>("self");
    round_trip::<CollectionKey>("col_app.bsky.feed.post");
    round_trip::<FreeKey>("anything:goes");
}

#[test]
fn checks_derived_among_shadowed_names_refuse_what_they_must() {
    use hostile::*;
    assert_eq!(
        refusal::<PostId>("post_2222222222222"),
        ErrorKind::Validation
    );
    assert_eq!(refusal::<PostId>("user_3jzfcijpj2z2a"), ErrorKind::Prefix);
    assert_eq!(
        refusal::<EventId>("evt_3kxnlhr3gxq23"),
        ErrorKind::Separator
    );
    assert_eq!(refusal::<FileId>("file_11111111111"), ErrorKind::Validation);
    let machine_one = ::idtypes::Snowish::try_from_u64(4096).unwrap();
    assert_eq!(
        refusal::<JobId>(&::std::format!("job_{machine_one}")),
        ErrorKind::Validation
    );
    assert_eq!(
        refusal::<TxnId>("txn_00000000000006500000"),
        ErrorKind::Validation
    );
    assert_eq!(refusal::<LikeKey>("like_self"), ErrorKind::Length);
    assert_eq!(refusal::<ProfileKey>("other"), ErrorKind::Mismatch);
    assert_eq!(refusal::<CollectionKey>("col_self"), ErrorKind::Syntax);
    assert_eq!(
        PostId::from_inner(::idtypes::Tid::from_u64(0))
            .unwrap_err()
            .to_string(),
        "invalid PostId: before 2020"
    );
    assert_eq!(
        CollectionKey::from_inner(::idtypes::RecordKey::SELF)
            .unwrap_err()
            .kind(),
        ErrorKind::Syntax
    );
}

#[test]
fn methods_derived_among_shadowed_names_are_the_typed_ones() {
    use ::idtypes::prelude::{TypedTid, TypedUid11};
    use hostile::*;
    let id = PostId::now().unwrap();
    // The format's methods are the extension trait's: beside a trait of the user's with a
    // method of the same name, a call names the trait (as for any two traits in scope).
    assert!(TypedTid::timestamp_micros(&id) > 1_577_836_800_000_000);
    let range = PlainTid::range_for_prefix("3jzf").unwrap().unwrap();
    assert_eq!(range.start().to_string(), "3jzf222222222");
    let files = FileId::range_for_prefix("k").unwrap();
    assert!(files.is_none());
    assert_eq!(
        FreeKey::key_type(),
        ::idtypes::record_key::RecordKeyType::Any
    );
    let key: FreeKey = "anything:goes".parse().unwrap();
    assert_eq!(key.as_str(), "anything:goes");
    assert_eq!(format!("{key:?}"), "FreeKey(anything:goes)");
}

#[test]
fn typed_ids_derived_among_shadowed_names_serialize() {
    use hostile::*;
    let id: OrderId = "order::113q8KFkAEs".parse().unwrap();
    assert_eq!(
        serde_json::to_string(&id).unwrap(),
        r#""order::113q8KFkAEs""#
    );
    assert_eq!(
        serde_json::from_str::<OrderId>(r#""order::113q8KFkAEs""#).unwrap(),
        id
    );
}

#[test]
fn every_format_derived_without_a_prelude_reads_and_prints_its_text() {
    use no_prelude::*;
    round_trip::<PostId>("post_3jzfcijpj2z2a");
    round_trip::<EventId>("evt-3kxnlhr3gxq23");
    round_trip::<FileId>("file_113q8KFkAEs");
    round_trip::<OrderId>("order_113q8KFkAEs");
    round_trip::<JobId>("job_1111111NVpb");
    round_trip::<MsgId>("msg_1111111NVpb");
    round_trip::<Token>("tok_jpXCZedGfVQ");
    round_trip::<TxnId>("txn_25BF6196C8D610700000");
    round_trip::<LikeKey>("like_3jzfcijpj2z2a");
    round_trip::<ProfileKey>("self");
}

#[test]
fn checks_derived_without_a_prelude_refuse_what_they_must() {
    use no_prelude::*;
    assert_eq!(
        refusal::<PostId>("post_2222222222222"),
        ErrorKind::Validation
    );
    assert_eq!(
        refusal::<TxnId>("txn_00000000000006500000"),
        ErrorKind::Validation
    );
    assert_eq!(refusal::<LikeKey>("like_self"), ErrorKind::Length);
    assert_eq!(refusal::<ProfileKey>("other"), ErrorKind::Mismatch);
    assert_eq!(
        ProfileKey::key_type(),
        ::idtypes::record_key::RecordKeyType::Literal(::idtypes::RecordKey::SELF)
    );
}

#[test]
fn a_typed_id_derives_inside_a_function_body() {
    #[derive(idtypes::Tid)]
    #[idtype(prefix = "local")]
    struct LocalId(idtypes::Tid);

    let id = round_trip::<LocalId>("local_3jzfcijpj2z2a");
    assert_eq!(format!("{id:?}"), "LocalId(local_3jzfcijpj2z2a)");
}

/// Primitive type names can be shadowed too: the expansion names them through `core::primitive`.
#[allow(non_camel_case_types, dead_code)]
mod shadowed_primitives {
    pub struct str;
    pub struct bool;
    pub struct u8;
    pub struct u16;
    pub struct u32;
    pub struct u64;
    pub struct i64;

    #[derive(::idtypes::Tid)]
    #[idtype(prefix = "post")]
    pub struct PostId(::idtypes::Tid);

    #[derive(::idtypes::TimeId)]
    pub struct EventId(::idtypes::TimeId);

    #[derive(::idtypes::TsSeqRand)]
    pub struct MessageId(::idtypes::TsSeqRand);

    #[derive(::idtypes::Tbsl)]
    pub struct TxnId(::idtypes::Tbsl);

    #[derive(::idtypes::RecordKey)]
    #[idtype(prefix = "key", key_type = "tid")]
    pub struct PostKey(::idtypes::RecordKey);
}

#[test]
fn derives_work_where_primitive_type_names_are_shadowed() {
    use ::idtypes::prelude::TypedTid;
    let id: shadowed_primitives::PostId = "post_3jzfcijpj2z2a".parse().unwrap();
    assert_eq!(id.timestamp_micros(), 1688137381887007);
    let key: shadowed_primitives::PostKey = "key_3jzfcijpj2z2a".parse().unwrap();
    assert_eq!(key.as_str(), "3jzfcijpj2z2a");
    assert!(shadowed_primitives::TxnId::parse("25BF6196C8D610700001").is_ok());
}
