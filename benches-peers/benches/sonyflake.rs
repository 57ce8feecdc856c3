//! Sonyflakes: `idtypes` beside the `sonyflake` crate (the Rust port of sony/sonyflake v1),
//! in one run, on v1's layout.
//!
//! - `parse`: the decimal text to an id: `Sonyflake::parse` (strict: no sign, no leading
//!   zeros, at most 2^63 - 1) beside what the crate's users write, `str::parse::<u64>` into
//!   its `Id` (the crate has no parser of its own).
//! - `to_string`: `Sonyflake::encode` (on the stack) and `to_string`, beside the crate's
//!   `Id::to_string` (`u64`'s `Display`).
//! - `decompose`: the parts for a layout, beside `sonyflake::decompose`.
//! - `generate`: one thread at saturation: both make 256 ids a 10 ms unit and then wait for
//!   the next unit, so both run at about 25,600 ids a second and the figure is the wait.
//!
//! Every result is kept where it was made and `black_box` gets a reference to it (see
//! `record_key.rs` for why).

use std::hint::black_box;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::Sonyflake;
use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
use support::{bench, group};

const TEXT: &str = "578547906324398081";
const LAYOUT: SonyflakeLayout = SonyflakeLayout::V1;

fn parse(c: &mut Criterion) {
    let ours = Sonyflake::parse(TEXT).unwrap();
    let theirs = sonyflake::Id::from(TEXT.parse::<u64>().unwrap());
    assert_eq!(theirs.to_u64(), ours.to_u64());
    let mut group = group(c, "sonyflake_parse");
    bench(&mut group, "idtypes", TEXT, Sonyflake::parse);
    bench(&mut group, "sonyflake (u64::from_str)", TEXT, |text| {
        text.parse::<u64>().map(sonyflake::Id::from)
    });
    group.finish();
}

fn to_string(c: &mut Criterion) {
    let ours = Sonyflake::parse(TEXT).unwrap();
    let theirs = sonyflake::Id::from(ours.to_u64());
    assert_eq!(theirs.to_string(), ours.to_string());
    let mut group = group(c, "sonyflake_to_string");
    bench(&mut group, "idtypes encode", ours, Sonyflake::encode);
    bench(&mut group, "idtypes to_string", ours, |id| id.to_string());
    bench(&mut group, "sonyflake to_string", theirs, |id| {
        id.to_string()
    });
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
