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
//! - `to_string`: the text as a `String`: `NanoId`'s `to_string()` beside cloning the crate's
//!   `String` (its id is one).
//!
//! Every result is kept where it was made and `black_box` gets a reference to it (see
//! `record_key.rs` for why).

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::NanoId;
use idtypes::nanoid::Lowercase;
use nanoid::nanoid;
use support::{bench, group};

const TEXT: &str = "V1StGXR8_Z5jdHi6B-myT";

const LOWERCASE: [char; 26] = [
    'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o', 'p', 'q', 'r', 's',
    't', 'u', 'v', 'w', 'x', 'y', 'z',
];

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
    assert!(<NanoId>::parse(TEXT).is_ok());
    let mut group = group(c, "nanoid_parse");
    bench(&mut group, "idtypes", TEXT, <NanoId>::parse);
    bench(&mut group, "nanoid (chars().all)", TEXT, |text| {
        text.len() == 21 && text.chars().all(|c| alphabet.contains(&c))
    });
    group.finish();
}

fn to_string(c: &mut Criterion) {
    let ours: NanoId = TEXT.parse().unwrap();
    let theirs = String::from(TEXT);
    let mut group = group(c, "nanoid_to_string");
    bench(&mut group, "idtypes", &ours, |id| id.to_string());
    bench(&mut group, "nanoid (String clone)", &theirs, |id| {
        id.clone()
    });
    group.finish();
}

criterion_group!(benches, generate, parse, to_string);
criterion_main!(benches);
