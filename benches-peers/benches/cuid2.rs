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
//!   (its ids are `String`s already). (`as_str`, which is free, is not timed.)
//!
//! `cuid2_parse` and `cuid2_to_string` follow the method of `support/mod.rs`: 1,024 distinct
//! ids cycled (`TEXT` first, then ids of the `cuid2` crate), the same output kept from every
//! side (whether the text is a CUID2; the text, by reference). The generators keep each new
//! id by reference.

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::{Cuid2, cuid2::Cuid2Generator};
use support::{Cycled, INPUTS, bench, group, inputs};

const TEXT: &str = "tz4a98xxat96iws9zmbrgj3a";

/// The texts: `TEXT`, then ids of the `cuid2` crate.
fn texts() -> Vec<String> {
    inputs(INPUTS, |i| match i {
        0 => TEXT.to_owned(),
        _ => cuid2::create_id(),
    })
}

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
    let texts = texts();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut group = Cycled::new(c, "cuid2_parse", texts);
    group.parse("idtypes", |text| Cuid2::parse(text).ok().map(|_| ()));
    group.parse("cuid2 is_cuid2", |text| cuid2::is_cuid2(text).then_some(()));
    group.finish();
}

fn cuid2_to_string(c: &mut Criterion) {
    let texts = texts();
    let ids: Vec<(Cuid2, &str)> = texts
        .iter()
        .map(|text| (Cuid2::parse(text).unwrap(), text.as_str()))
        .collect();
    let mut group = Cycled::new(c, "cuid2_to_string", ids);
    group.returned("idtypes String::from", |(id, _)| String::from(id));
    group.returned("idtypes to_string", |(id, _)| id.to_string());
    group.returned("cuid2 String clone", |(_, text)| String::from(text));
    group.finish();
}

criterion_group!(benches, cuid2_generate, cuid2_parse, cuid2_to_string);
criterion_main!(benches);
