//! Criterion benchmarks for [`idtypes::Ulid`], with the `ulid` crate measured in the same run.
//!
//! Measured:
//!
//! - `ulid encode`: 128 bits to 26 characters on the stack ([`Ulid::encode`]); peer
//!   `ulid::Ulid::array_to_str` into a stack buffer.
//! - `ulid to_string`: the text in a new `String`: `to_string` on both sides (idtypes' through
//!   `Display`; the `ulid` crate's is an inherent method of its own, which encodes into a stack
//!   buffer and copies it into a `String`).
//! - `ulid parse`: validate and decode 26 characters ([`Ulid::parse`]), the result reduced to
//!   its `u128`; peer `ulid::Ulid::from_string`, the same way.
//! - `ulid generate`: [`UlidGenerator::next`] (monotonic, thread-safe, fork-safe, 80 bits from
//!   ChaCha12 per millisecond); peer `ulid::Generator::generate` (monotonic, `&mut self`: one
//!   thread only), the same behind a `Mutex` (what sharing it takes), and `ulid::Ulid::new`
//!   (not monotonic: 80 fresh random bits per id).
//!
//! Encoding hands out the `&str` of the stack buffer rather than the 26-byte value itself (see
//! `benches/tid.rs`: passing the value through `black_box` measures the harness).

use std::{hint::black_box, sync::Mutex};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::Ulid;
use idtypes::ulid::UlidGenerator;
use support::configure;

/// The ULID specification's example.
const ULID_TEXT: &str = "01ARZ3NDEKTSV4RRFFQ69G5FAV";

fn encode(c: &mut Criterion) {
    let mut group = c.benchmark_group("ulid encode");
    configure(&mut group);
    let ours = Ulid::parse(ULID_TEXT).unwrap();
    let peer = ulid::Ulid::from_string(ULID_TEXT).unwrap();
    group.bench_function("idtypes Ulid::encode", |b| {
        b.iter(|| {
            let text = black_box(ours).encode();
            black_box(text.as_str()).len()
        })
    });
    group.bench_function("ulid array_to_str", |b| {
        b.iter(|| {
            let mut buf = [0u8; ulid::ULID_LEN];
            black_box(&*black_box(peer).array_to_str(&mut buf)).len()
        })
    });
    group.finish();
}

fn to_string(c: &mut Criterion) {
    let mut group = c.benchmark_group("ulid to_string");
    configure(&mut group);
    let ours = Ulid::parse(ULID_TEXT).unwrap();
    let peer = ulid::Ulid::from_string(ULID_TEXT).unwrap();
    assert_eq!(ours.to_string(), peer.to_string());
    group.bench_function("idtypes to_string", |b| {
        b.iter(|| black_box(black_box(ours).to_string()))
    });
    group.bench_function("ulid to_string", |b| {
        b.iter(|| black_box(black_box(peer).to_string()))
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("ulid parse");
    configure(&mut group);
    group.bench_function("idtypes Ulid::parse", |b| {
        b.iter(|| black_box(Ulid::parse(black_box(ULID_TEXT)).map(Ulid::to_u128)))
    });
    group.bench_function("ulid from_string", |b| {
        b.iter(|| black_box(ulid::Ulid::from_string(black_box(ULID_TEXT)).map(|id| id.0)))
    });
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("ulid generate");
    configure(&mut group);
    let ours = UlidGenerator::new();
    group.bench_function("idtypes UlidGenerator::next", |b| {
        b.iter(|| black_box(ours.next()))
    });
    let mut peer = ulid::Generator::new();
    group.bench_function("ulid Generator::generate (&mut)", |b| {
        b.iter(|| black_box(peer.generate().unwrap()))
    });
    let shared = Mutex::new(ulid::Generator::new());
    group.bench_function("ulid Generator::generate (Mutex)", |b| {
        b.iter(|| black_box(shared.lock().unwrap().generate().unwrap()))
    });
    group.bench_function("ulid Ulid::new (not monotonic)", |b| {
        b.iter(|| black_box(ulid::Ulid::new()))
    });
    group.finish();
}

criterion_group!(benches, encode, to_string, parse, generate);
criterion_main!(benches);
