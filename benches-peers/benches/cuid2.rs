//! CUID2s: `idtypes` beside the `cuid2` crate (whose code the `cuid` crate re-exports as
//! `cuid::cuid2`), in one run.
//!
//! - `cuid2_generate`: a new 24-character CUID2: `Cuid2::generate` (this thread's counter and
//!   fingerprint, the id inline) and `Cuid2Generator::next` beside `cuid2::create_id` (a
//!   `String`). Both hash with the RustCrypto `sha3` crate's SHA3-512.
//! - `cuid2_parse`: checking a 24-character text: `Cuid2::parse` (which also copies it into
//!   the id) beside `cuid2::is_cuid2` (a check, no value).
//! - `cuid2_to_string`: the text as a `String`: `String::from(id)` (a copy of the text it
//!   holds) and `to_string` (through `Display`) beside cloning the `String` that `cuid2` gives
//!   (its ids are `String`s already); and `as_str`, which is free.
//!
//! Every result is kept where it was made and `black_box` gets a reference to it (see
//! `record_key.rs` for why).

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::{Cuid2, cuid2::Cuid2Generator};
use support::{bench, group};

const TEXT: &str = "tz4a98xxat96iws9zmbrgj3a";

fn cuid2_generate(c: &mut Criterion) {
    assert_eq!(Cuid2::generate().len(), cuid2::create_id().len());
    let generator = Cuid2Generator::new();
    let mut group = group(c, "cuid2_generate");
    bench(&mut group, "idtypes generate", (), |()| Cuid2::generate());
    bench(
        &mut group,
        "idtypes generator",
        &generator,
        Cuid2Generator::next,
    );
    bench(&mut group, "cuid2", (), |()| cuid2::create_id());
    group.finish();
}

fn cuid2_parse(c: &mut Criterion) {
    assert!(Cuid2::parse(TEXT).is_ok() && cuid2::is_cuid2(TEXT));
    let mut group = group(c, "cuid2_parse");
    bench(&mut group, "idtypes", TEXT, Cuid2::parse);
    bench(&mut group, "cuid2 is_cuid2", TEXT, cuid2::is_cuid2);
    group.finish();
}

fn cuid2_to_string(c: &mut Criterion) {
    let ours = Cuid2::parse(TEXT).unwrap();
    let theirs = String::from(TEXT);
    let mut group = group(c, "cuid2_to_string");
    bench(&mut group, "idtypes String::from", ours, String::from);
    bench(&mut group, "idtypes to_string", &ours, |id| id.to_string());
    bench(&mut group, "idtypes as_str", &ours, |id| id.as_str().len());
    bench(&mut group, "cuid2 String clone", &theirs, String::clone);
    group.finish();
}

criterion_group!(benches, cuid2_generate, cuid2_parse, cuid2_to_string);
criterion_main!(benches);
