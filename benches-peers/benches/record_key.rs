//! Record keys: `idtypes` beside other atproto crates and a plain reference loop, in one run.
//!
//! Each group is one operation on one key, a 13-character TID-shaped key (the common one) and
//! a 512-character key (the longest):
//!
//! - `validate`: check the text without building a value (`RecordKey::validate`, jacquard's
//!   borrowed `Rkey::<&str>::new`, proto-blue's `RecordKey::is_valid`; atrium has no check
//!   apart from building its owned key, so it is not in these groups);
//! - `parse`: check and build an owned key (`RecordKey::parse`, jacquard's
//!   `Rkey::<SmolStr>::new_owned`, proto-blue's and atrium's `RecordKey::new`).
//!
//! `plain` is the rules written plainly (length, the reserved `.` and `..`, one table lookup
//! per byte), with the text copied into a `String` for `parse`: what a careful scalar
//! implementation reaches.
//!
//! Every result is kept where it was made and `black_box` gets a reference to it. Passing a
//! large `Result` through `black_box` by value adds a copy whose cost depends on how the
//! compiler splits it at that call site (a store-forwarding stall or none), not on the crate
//! measured; `idtypes`' own `record_key` bench shows both for its `parse`.

use std::hint::black_box;

#[path = "../../idtypes/benches/plain/record_key.rs"]
mod plain;
use plain::plain_validate;

mod support;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use support::group;

/// The keys: a TID, and 512 characters, each key of the whole character set.
fn keys() -> [(&'static str, String); 2] {
    let alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_~:";
    let long: String = alphabet.chars().cycle().take(512).collect();
    [("13", "3jzfcijpj2z2a".to_owned()), ("512", long)]
}

/// Benchmarks `run` on `key`, keeping its result in place (see the module's docs).
fn bench<'a, R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    key: &'a str,
    run: impl Fn(&'a str) -> R,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            let result = run(black_box(key));
            black_box(&result);
        })
    });
}

fn validate(c: &mut Criterion) {
    for (len, key) in keys() {
        let key = key.as_str();
        assert!(idtypes::RecordKey::validate(key).is_ok() && plain_validate(key.as_bytes()));
        let mut group = group(c, &format!("validate_{len}"));
        bench(&mut group, "idtypes", key, idtypes::RecordKey::validate);
        bench(&mut group, "plain", key, |key| {
            plain_validate(key.as_bytes())
        });
        bench(
            &mut group,
            "jacquard",
            key,
            jacquard_common::types::recordkey::Rkey::new,
        );
        bench(
            &mut group,
            "proto-blue",
            key,
            proto_blue_syntax::RecordKey::is_valid,
        );
        group.finish();
    }
}

fn parse(c: &mut Criterion) {
    // Its owned key (the default type parameter: a `SmolStr`, inline up to 23 bytes).
    type JacquardKey = jacquard_common::types::recordkey::Rkey;
    type AtriumKey = atrium_api::types::string::RecordKey;
    for (len, key) in keys() {
        let key = key.as_str();
        assert!(JacquardKey::new_owned(key).is_ok());
        assert!(proto_blue_syntax::RecordKey::new(key).is_ok());
        assert!(key.parse::<AtriumKey>().is_ok());
        let mut group = group(c, &format!("parse_{len}"));
        bench(&mut group, "idtypes", key, idtypes::RecordKey::parse);
        bench(&mut group, "plain", key, plain_parse);
        bench(&mut group, "jacquard", key, JacquardKey::new_owned);
        bench(
            &mut group,
            "proto-blue",
            key,
            proto_blue_syntax::RecordKey::new,
        );
        bench(&mut group, "atrium", key, |key| key.parse::<AtriumKey>());
        group.finish();
    }
}

/// [`plain_validate`], then the text copied into a `String`.
fn plain_parse(text: &str) -> Option<String> {
    plain_validate(text.as_bytes()).then(|| text.to_owned())
}

criterion_group!(benches, validate, parse);
criterion_main!(benches);
