//! NanoIDs: `idtypes::NanoId` beside the `nanoid` crate (0.4, its `nanoid!` macro, as its
//! README uses it), in one run.
//!
//! - `generate_default`: a new 21-symbol URL-safe id: `NanoId::new()` (21 bytes of this
//!   thread's ChaCha12 stream, inline) beside `nanoid!()` (a `String`).
//! - `generate_lowercase16`: a 16-symbol lowercase id (26 symbols: some random bytes are
//!   dropped): `NanoId::<Lowercase, 16>::random()` beside `nanoid!(16, &LOWERCASE)`.
//! - `parse`: reading a 21-symbol text: `NanoId::parse` (length, then a table lookup per byte)
//!   beside what users of the crate, which has no parser, write: the length and
//!   `chars().all(|c| ALPHABET.contains(&c))`.
//! - `to_string`: the text as a `String`: `NanoId`'s `to_string()` (inherent) and `ToString`
//!   through `Display`, beside a `String` made from the text (`String::from(&str)`: what
//!   cloning the crate's id, a `String`, costs). Each `String` replaces the one before it.
//!
//! `parse` and `to_string` follow the method of `support/mod.rs`: 1,024 distinct ids cycled
//! (the README's example first, then random ones), the same output kept from every side
//! (whether the text is an id; the text, by reference); the generators keep each new id by
//! reference.

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::NanoId;
use idtypes::nanoid::Lowercase;
use nanoid::nanoid;
use support::{Cycled, INPUTS, bench, group, inputs};

const TEXT: &str = "V1StGXR8_Z5jdHi6B-myT";

const LOWERCASE: [char; 26] = [
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's',
    't', 'u', 'v', 'w', 'x', 'y', 'z',
];

/// The texts: `TEXT`, then ids of the `nanoid` crate.
fn texts() -> Vec<String> {
    inputs(INPUTS, |i| match i {
        0 => TEXT.to_owned(),
        _ => nanoid!(),
    })
}

fn generate(c: &mut Criterion) {
    let mut default = group(c, "nanoid_generate_default");
    bench(&mut default, "idtypes", (), |()| NanoId::new());
    bench(&mut default, "nanoid", (), |()| nanoid!());
    default.finish();

    let mut lowercase = group(c, "nanoid_generate_lowercase16");
    bench(&mut lowercase, "idtypes", (), |()| {
        NanoId::<Lowercase, 16>::random()
    });
    bench(&mut lowercase, "nanoid", (), |()| nanoid!(16, &LOWERCASE));
    lowercase.finish();
}

fn parse(c: &mut Criterion) {
    let alphabet: Vec<char> = nanoid::alphabet::SAFE.to_vec();
    let texts = texts();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut group = Cycled::new(c, "nanoid_parse", texts);
    group.parse("idtypes", |text| <NanoId>::parse(text).ok().map(|_| ()));
    group.parse("nanoid (chars().all)", |text| {
        (text.len() == 21 && text.chars().all(|c| alphabet.contains(&c))).then_some(())
    });
    group.finish();
}

fn to_string(c: &mut Criterion) {
    let texts = texts();
    let ids: Vec<(NanoId, &str)> = texts
        .iter()
        .map(|text| (text.parse().unwrap(), text.as_str()))
        .collect();
    let ids: Vec<&(NanoId, &str)> = ids.iter().collect();
    let mut group = Cycled::new(c, "nanoid_to_string", ids);
    group.returned("idtypes", |(id, _)| id.to_string());
    group.returned("idtypes ToString (Display)", |(id, _)| {
        ToString::to_string(id)
    });
    group.returned("nanoid (String from &str)", |(_, text)| String::from(*text));
    group.finish();
}

criterion_group!(benches, generate, parse, to_string);
criterion_main!(benches);
