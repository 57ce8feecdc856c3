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
//! `ksuid_parse`, `ksuid_encode`, `ksuid_from_bytes` and `ksuid_parts` follow the method of
//! `support/mod.rs`: 1,024 distinct ids cycled (`TEXT` first, then random bytes), the same
//! output kept from every side (the 20 bytes parsed and whether they parsed; the text, by
//! reference; the parts). Each crate's id is passed by reference, as the peers' methods take
//! it. The generators keep each new id by reference.

use std::str::FromStr;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::{Ksuid, ksuid::KsuidGenerator};
use support::{Cycled, INPUTS, Same, Sequence, bench, group, inputs};
use svix_ksuid::KsuidLike;

const TEXT: &str = "0ujtsYcgvSTl8PAuAdqWYSMnLOv";

/// The ids' bytes: `TEXT`'s, then random ones.
fn all_bytes() -> Vec<[u8; 20]> {
    let mut random = Sequence::new(0x45_1d);
    inputs(INPUTS, |i| match i {
        0 => Ksuid::parse(TEXT).unwrap().to_bytes(),
        _ => {
            let mut bytes = [0u8; 20];
            bytes[..16].copy_from_slice(&random.next_u128().to_le_bytes());
            bytes[16..].copy_from_slice(&random.next_u64().to_le_bytes()[..4]);
            bytes
        }
    })
}

/// The three crates' ids of the same bytes, which they agree on, with their text.
struct Three {
    ours: Ksuid,
    svix: svix_ksuid::Ksuid,
    theirs: ksuid::Ksuid,
    text: String,
}

fn three() -> Vec<Three> {
    all_bytes()
        .into_iter()
        .map(|bytes| {
            let ours = Ksuid::from_bytes(bytes);
            let svix = svix_ksuid::Ksuid::from_bytes(bytes);
            let theirs = ksuid::Ksuid::from_bytes(&bytes).unwrap();
            let text = ours.to_string();
            assert_eq!(svix.to_string(), text);
            assert_eq!(theirs.to_base62(), text);
            Three {
                ours,
                svix,
                theirs,
                text,
            }
        })
        .collect()
}

struct Bytes20([u8; 20]);

impl Same for Bytes20 {
    fn same(&self) -> String {
        format!("{:02x?}", self.0)
    }
}

fn ksuid_parse(c: &mut Criterion) {
    let all = three();
    assert_eq!(all[0].text, TEXT);
    let texts: Vec<&str> = all.iter().map(|three| three.text.as_str()).collect();
    let mut group = Cycled::new(c, "ksuid_parse", texts);
    group.parse("idtypes", |text| {
        Ksuid::parse(text).ok().map(|id| Bytes20(id.to_bytes()))
    });
    group.parse("svix-ksuid", |text| {
        svix_ksuid::Ksuid::from_str(text)
            .ok()
            .map(|id| Bytes20(id.bytes().to_owned()))
    });
    group.parse("ksuid", |text| {
        ksuid::Ksuid::from_base62(text)
            .ok()
            .map(|id| Bytes20(id.as_bytes().try_into().unwrap()))
    });
    group.finish();
}

fn ksuid_encode(c: &mut Criterion) {
    let all = three();
    let all: Vec<&Three> = all.iter().collect();
    let mut group = Cycled::new(c, "ksuid_encode", all);
    group.returned("idtypes encode", |three| three.ours.encode());
    group.returned("idtypes to_string", |three| three.ours.to_string());
    group.returned("svix-ksuid to_string", |three| three.svix.to_string());
    group.returned("ksuid to_base62", |three| three.theirs.to_base62());
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
    let all = all_bytes();
    let all: Vec<&[u8; 20]> = all.iter().collect();
    let mut group = Cycled::new(c, "ksuid_from_bytes", all);
    group.other("idtypes", |bytes| Ksuid::from_bytes(*bytes).to_bytes());
    group.other("svix-ksuid", |bytes| {
        *svix_ksuid::Ksuid::from_bytes(*bytes).bytes()
    });
    group.other("ksuid", |bytes| {
        <[u8; 20]>::try_from(ksuid::Ksuid::from_bytes(bytes).unwrap().as_bytes()).unwrap()
    });
    group.finish();
}

fn ksuid_parts(c: &mut Criterion) {
    let all = three();
    let all: Vec<&Three> = all.iter().collect();
    let mut group = Cycled::new(c, "ksuid_parts", all);
    group.other("idtypes", |three| {
        (three.ours.timestamp_seconds(), three.ours.payload())
    });
    group.other("svix-ksuid", |three| {
        (
            three.svix.timestamp_seconds(),
            u128::from_be_bytes(three.svix.payload().try_into().unwrap()),
        )
    });
    group.other("ksuid", |three| {
        (
            // Its timestamp counts from the KSUID epoch, 1,400,000,000.
            u64::from(three.theirs.timestamp()) + 1_400_000_000,
            u128::from_be_bytes(three.theirs.payload().try_into().unwrap()),
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
