//! KSUIDs: `idtypes::Ksuid` beside `svix-ksuid` (the most used KSUID crate, its default
//! features) and `ksuid` (crates.io's first), in one run.
//!
//! - `ksuid_parse`: the 27-character text to an id (`Ksuid::parse`, svix's `FromStr`,
//!   `ksuid::Ksuid::from_base62`).
//! - `ksuid_encode`: an id to its text. `idtypes encode` is `Ksuid::encode` (on the stack);
//!   `to_string` is each crate's `String` (idtypes' `Display`, svix's `to_string`, ksuid's
//!   `to_base62`), so the groups compare like with like.
//! - `ksuid_generate`: a new id of the current second with a random payload: `Ksuid::now()`
//!   (the process-wide generator), a `KsuidGenerator` of one's own (random, and monotonic),
//!   svix's `Ksuid::new(None, None)` and `ksuid::Ksuid::generate()`.
//! - `ksuid_from_bytes`: 20 bytes to an id, and `ksuid_parts`: an id's seconds and payload.
//!
//! Every result is kept where it was made and `black_box` gets a reference to it (see
//! `record_key.rs` for why). Each crate's id is passed by reference, as the peers' methods
//! take it: passing idtypes' 20-byte `Copy` id by value through `black_box` costs a copy
//! through the stack (about 7 ns in `ksuid_parts`), which is the harness's, not the crate's.

use std::str::FromStr;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::{Ksuid, ksuid::KsuidGenerator};
use support::{bench, group};
use svix_ksuid::KsuidLike;

const TEXT: &str = "0ujtsYcgvSTl8PAuAdqWYSMnLOv";

/// The three crates agree on the text and the bytes of `TEXT`.
fn same_everywhere() -> [u8; 20] {
    let ours = Ksuid::parse(TEXT).unwrap();
    let svix = svix_ksuid::Ksuid::from_str(TEXT).unwrap();
    let theirs = ksuid::Ksuid::from_base62(TEXT).unwrap();
    assert_eq!(svix.bytes(), ours.as_bytes());
    assert_eq!(theirs.as_bytes(), ours.as_bytes());
    assert_eq!(svix.to_string(), TEXT);
    assert_eq!(theirs.to_base62(), TEXT);
    ours.to_bytes()
}

fn ksuid_parse(c: &mut Criterion) {
    same_everywhere();
    let mut group = group(c, "ksuid_parse");
    bench(&mut group, "idtypes", TEXT, Ksuid::parse);
    bench(&mut group, "svix-ksuid", TEXT, svix_ksuid::Ksuid::from_str);
    bench(&mut group, "ksuid", TEXT, ksuid::Ksuid::from_base62);
    group.finish();
}

fn ksuid_encode(c: &mut Criterion) {
    let bytes = same_everywhere();
    let ours = Ksuid::from_bytes(bytes);
    let svix = svix_ksuid::Ksuid::from_bytes(bytes);
    let theirs = ksuid::Ksuid::from_bytes(&bytes).unwrap();
    let mut group = group(c, "ksuid_encode");
    bench(&mut group, "idtypes encode", &ours, |id| id.encode());
    bench(&mut group, "idtypes to_string", &ours, |id| id.to_string());
    bench(&mut group, "svix-ksuid to_string", &svix, |id| {
        id.to_string()
    });
    bench(&mut group, "ksuid to_base62", &theirs, |id| id.to_base62());
    group.finish();
}

fn ksuid_generate(c: &mut Criterion) {
    let random = KsuidGenerator::new();
    let monotonic = KsuidGenerator::monotonic();
    let mut group = group(c, "ksuid_generate");
    bench(&mut group, "idtypes now", (), |()| Ksuid::now());
    bench(
        &mut group,
        "idtypes generator",
        &random,
        KsuidGenerator::next,
    );
    bench(
        &mut group,
        "idtypes monotonic",
        &monotonic,
        KsuidGenerator::next,
    );
    bench(&mut group, "svix-ksuid", (), |()| {
        svix_ksuid::Ksuid::new(None::<std::time::SystemTime>, None)
    });
    bench(&mut group, "ksuid", (), |()| ksuid::Ksuid::generate());
    group.finish();
}

fn ksuid_from_bytes(c: &mut Criterion) {
    let bytes = same_everywhere();
    let mut group = group(c, "ksuid_from_bytes");
    bench(&mut group, "idtypes", bytes, Ksuid::from_bytes);
    bench(
        &mut group,
        "svix-ksuid",
        bytes,
        svix_ksuid::Ksuid::from_bytes,
    );
    bench(&mut group, "ksuid", &bytes, |bytes| {
        ksuid::Ksuid::from_bytes(bytes)
    });
    group.finish();
}

fn ksuid_parts(c: &mut Criterion) {
    let bytes = same_everywhere();
    let ours = Ksuid::from_bytes(bytes);
    let svix = svix_ksuid::Ksuid::from_bytes(bytes);
    let theirs = ksuid::Ksuid::from_bytes(&bytes).unwrap();
    let mut group = group(c, "ksuid_parts");
    bench(&mut group, "idtypes", &ours, |id| {
        (id.timestamp_seconds(), id.payload())
    });
    bench(&mut group, "svix-ksuid", &svix, |id| {
        (
            id.timestamp_seconds(),
            u128::from_be_bytes(id.payload().try_into().unwrap()),
        )
    });
    bench(&mut group, "ksuid", &theirs, |id| {
        (
            id.timestamp(),
            u128::from_be_bytes(id.payload().try_into().unwrap()),
        )
    });
    group.finish();
}

criterion_group!(
    benches,
    ksuid_parse,
    ksuid_encode,
    ksuid_generate,
    ksuid_from_bytes,
    ksuid_parts
);
criterion_main!(benches);
