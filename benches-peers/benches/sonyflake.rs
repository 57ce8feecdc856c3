//! Sonyflakes: `idtypes` beside the `sonyflake` crate (the Rust port of sony/sonyflake v1),
//! in one run, on v1's layout.
//!
//! - `parse`: the decimal text to an id: `Sonyflake::parse` (strict: no sign, no leading
//!   zeros, at most 2^63 - 1) beside what the crate's users write, `str::parse::<u64>` into
//!   its `Id` (the crate has no parser of its own).
//! - `to_string`: `Sonyflake::encode` (on the stack), its `to_string` (inherent: one
//!   allocation of the text's size) and `ToString` through `Display`, beside the crate's
//!   `Id::to_string` (`u64`'s `Display`) and `u64::to_string` (specialized in std). Each
//!   `String` replaces the one before it, freed, as a caller's does.
//! - `decompose`: the parts for a layout, beside `sonyflake::decompose`.
//! - `generate`: one thread at saturation: both make 256 ids a 10 ms unit and then wait for
//!   the next unit, so both run at about 25,600 ids a second and the figure is the wait.
//!
//! `parse` and `to_string` follow the method of `support/mod.rs`: 1,024 distinct Sonyflakes
//! cycled (v1's layout: times over the first 10 years past its epoch, random sequence and
//! machine bits; the first is the example above), the same output kept from every side (the
//! number parsed and whether it parsed; the text, by reference). `decompose` and `generate`
//! keep their result by reference.

use std::hint::black_box;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::Sonyflake;
use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
use support::{Cycled, INPUTS, Sequence, bench, group, inputs};

const TEXT: &str = "578547906324398081";
const LAYOUT: SonyflakeLayout = SonyflakeLayout::V1;

/// The Sonyflakes (v1: 39 bits of 10 ms units, 8 of sequence, 16 of machine id).
fn sonyflakes() -> Vec<u64> {
    const YEAR_UNITS: u64 = 365 * 86_400 * 100;
    let mut random = Sequence::new(0x50_4f);
    inputs(INPUTS, |i| match i {
        0 => TEXT.parse().unwrap(),
        _ => (random.next_u64() % (10 * YEAR_UNITS)) << 24 | random.next_u64() & 0xFF_FFFF,
    })
}

fn parse(c: &mut Criterion) {
    let texts: Vec<String> = sonyflakes().iter().map(u64::to_string).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut group = Cycled::new(c, "sonyflake_parse", texts);
    group.parse("idtypes", |text| {
        Sonyflake::parse(text).ok().map(Sonyflake::to_u64)
    });
    group.parse("sonyflake (u64::from_str)", |text| {
        text.parse::<u64>()
            .ok()
            .map(sonyflake::Id::from)
            .map(sonyflake::Id::to_u64)
    });
    group.finish();
}

fn to_string(c: &mut Criterion) {
    let values = sonyflakes();
    let mut group = Cycled::new(c, "sonyflake_to_string", values);
    group.returned("idtypes encode", |value| {
        Sonyflake::from_u64(value).encode()
    });
    group.returned("idtypes to_string", |value| {
        Sonyflake::from_u64(value).to_string()
    });
    group.returned("idtypes ToString (Display)", |value| {
        ToString::to_string(&Sonyflake::from_u64(value))
    });
    group.returned("sonyflake to_string", |value| {
        sonyflake::Id::from(value).to_string()
    });
    group.returned("u64 to_string", |value| value.to_string());
    group.finish();
}

fn decompose(c: &mut Criterion) {
    let ours = Sonyflake::parse(TEXT).unwrap();
    let theirs = sonyflake::Id::from(ours.to_u64());
    let (a, b) = (ours.decompose(LAYOUT), sonyflake::decompose(theirs));
    assert_eq!(
        (a.time_units, u64::from(a.sequence), u64::from(a.machine_id)),
        (b.time, b.sequence, b.machine_id)
    );
    let mut group = group(c, "sonyflake_decompose");
    bench(&mut group, "idtypes", ours, |id| id.decompose(LAYOUT));
    bench(&mut group, "sonyflake", theirs, sonyflake::decompose);
    group.finish();
}

fn generate(c: &mut Criterion) {
    let ours = SonyflakeGenerator::new(LAYOUT, 7).unwrap();
    let machine = || Ok(7);
    let theirs = sonyflake::Sonyflake::builder()
        .machine_id(&machine)
        .finalize()
        .unwrap();
    let mut group = group(c, "sonyflake_generate");
    group.bench_function("idtypes", |b| {
        b.iter(|| {
            let id = ours.next();
            black_box(&id);
        })
    });
    group.bench_function("sonyflake", |b| {
        b.iter(|| {
            let id = theirs.next_id().unwrap();
            black_box(&id);
        })
    });
    group.finish();
}

criterion_group!(benches, parse, to_string, decompose, generate);
criterion_main!(benches);
