//! Criterion benchmarks for [`idtypes::Tid`], with `ulid` and `uuid` measured in the same run
//! as peers.
//!
//! Measured:
//!
//! - `encode`: `u64` to 13-character text on the stack ([`Tid::encode`]), plus `Display`
//!   (`to_string`, which allocates) for reference; peers `Ulid::array_to_str` and
//!   `uuid`'s `simple`/`hyphenated` `encode_lower`, all into stack buffers.
//! - `parse`: validate and decode 13 characters ([`Tid::parse`], [`Tid::parse_ascii`]), and
//!   the error paths (a bad character, a wrong length); peers `Ulid::from_string` and
//!   `Uuid::parse_str`.
//! - `generate`: [`Tid::now`] (process-wide generator), a private [`TidGenerator::next`], one
//!   read of [`SystemClock`] alone (the floor any generator pays) and
//!   `SystemTime::now().duration_since(UNIX_EPOCH)` for reference; peers `Uuid::now_v7` and
//!   `ulid::Generator::generate` (monotonic).
//! - `generate two threads`: two threads sharing one generator (see [`support::two_threads`] for what
//!   the figure means).
//!
//! Targets: `Tid::encode` < 5 ns, `Tid::parse` < 8 ns, generation <= one system clock read
//! + 15 ns.
//!
//! In these loops a generator makes far more than one id per microsecond, so it runs ahead of
//! the clock and every id takes the "same microsecond" path: one clock read plus one
//! compare-and-swap, which is also the cost of the ordinary path.

use std::{
    hint::black_box,
    time::{SystemTime, UNIX_EPOCH},
};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::tid::TidGenerator;
use idtypes::{Clock, RunAhead, SystemClock, Tid};
use support::{bench_two_threads, configure, paced};

/// The known-answer TID from the atproto specification examples.
const TID_TEXT: &str = "3jzfcijpj2z2a";
const TID_VALUE: u64 = 1728652679052295174;
/// [`TID_TEXT`] with its last character, `a`, replaced by `1`, outside the alphabet.
const TID_BAD_CHARACTER: &str = "3jzfcijpj2z21";
/// [`TID_TEXT`] cut to four characters.
const TID_BAD_LENGTH: &str = "3jzf";
const ULID_TEXT: &str = "01D39ZY06FGSCTVN4T2V9PKHFZ";
const UUID_SIMPLE: &str = "0190a1b2c3d47e5f8a9b0c1d2e3f4a5b";
const UUID_HYPHENATED: &str = "0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b";

fn encode(c: &mut Criterion) {
    let tid = Tid::from_u64(TID_VALUE);
    let ulid = ulid::Ulid::from_string(ULID_TEXT).unwrap();
    let uuid = uuid::Uuid::parse_str(UUID_HYPHENATED).unwrap();

    let mut group = c.benchmark_group("encode");
    configure(&mut group);
    // Like the peers below: encode into a stack buffer, hand out the `&str`.
    group.bench_function("tid_encode", |b| {
        b.iter(|| {
            let text = black_box(tid).encode();
            black_box(text.as_str());
        })
    });
    // The 13-byte value itself through `black_box`: dominated by a store-forwarding stall in
    // the harness (see `floor_copy_13_bytes`), not by the encoder.
    group.bench_function("tid_encode_by_value", |b| {
        b.iter(|| black_box(black_box(tid).encode()))
    });
    group.bench_function("floor_copy_13_bytes", |b| {
        let bytes = *b"3jzfcijpj2z2a";
        b.iter(|| black_box(black_box(bytes)))
    });
    group.bench_function("tid_to_string", |b| {
        b.iter(|| black_box(black_box(tid).to_string()))
    });
    group.bench_function("ulid_array_to_str", |b| {
        b.iter(|| {
            let mut buf = [0u8; ulid::ULID_LEN];
            let text = black_box(ulid).array_to_str(&mut buf);
            black_box(&*text);
        })
    });
    group.bench_function("uuid_simple_encode_lower", |b| {
        b.iter(|| {
            let mut buf = [0u8; 32];
            let text = black_box(uuid).simple().encode_lower(&mut buf);
            black_box(&*text);
        })
    });
    group.bench_function("uuid_hyphenated_encode_lower", |b| {
        b.iter(|| {
            let mut buf = [0u8; 36];
            let text = black_box(uuid).hyphenated().encode_lower(&mut buf);
            black_box(&*text);
        })
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("parse");
    configure(&mut group);
    group.bench_function("tid_parse", |b| {
        b.iter(|| black_box(Tid::parse(black_box(TID_TEXT))))
    });
    group.bench_function("tid_parse_const", |b| {
        b.iter(|| black_box(Tid::parse_const(black_box(TID_TEXT))))
    });
    group.bench_function("tid_parse_ascii", |b| {
        b.iter(|| black_box(Tid::parse_ascii(black_box(TID_TEXT.as_bytes()))))
    });
    // The error paths: a rejected character at the last byte (the error carries its position
    // and the character) and a text of the wrong length (rejected before decoding).
    group.bench_function("tid_parse_bad_character", |b| {
        b.iter(|| black_box(Tid::parse(black_box(TID_BAD_CHARACTER))))
    });
    group.bench_function("tid_parse_bad_length", |b| {
        b.iter(|| black_box(Tid::parse(black_box(TID_BAD_LENGTH))))
    });
    group.bench_function("ulid_from_string", |b| {
        b.iter(|| black_box(ulid::Ulid::from_string(black_box(ULID_TEXT))))
    });
    group.bench_function("uuid_parse_str_simple", |b| {
        b.iter(|| black_box(uuid::Uuid::parse_str(black_box(UUID_SIMPLE))))
    });
    group.bench_function("uuid_parse_str_hyphenated", |b| {
        b.iter(|| black_box(uuid::Uuid::parse_str(black_box(UUID_HYPHENATED))))
    });
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate");
    configure(&mut group);
    // 500 a millisecond: under the TID rate (one a microsecond), which a loop as fast as it
    // can would reach and then wait at (the run-ahead bound): see `paced`.
    paced(&mut group, "tid_now", 500, Tid::now);
    let generator = TidGenerator::new();
    paced(&mut group, "tid_generator_next", 500, || {
        black_box(&generator).next()
    });
    group.bench_function("system_clock_now_micros", |b| {
        b.iter(|| black_box(black_box(SystemClock).now_micros()))
    });
    group.bench_function("system_time_since_epoch", |b| {
        b.iter(|| black_box(SystemTime::now().duration_since(UNIX_EPOCH)))
    });
    group.bench_function("uuid_now_v7", |b| {
        b.iter(|| black_box(uuid::Uuid::now_v7()))
    });
    let mut ulid_generator = ulid::Generator::new();
    group.bench_function("ulid_generator_generate", |b| {
        b.iter(|| black_box(ulid_generator.generate()))
    });
    group.finish();
}

fn generate_two_threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("generate two threads");
    configure(&mut group);
    // Unbounded: two threads as fast as they can measure the shared atomic, not the wait a
    // bounded generator makes at its rate (one TID a microsecond).
    let generator = TidGenerator::new().with_run_ahead(RunAhead::UNBOUNDED);
    bench_two_threads(&mut group, "tid_generator_next_shared", || {
        black_box(&generator).next()
    });
    // The floor: the clock read alone, on both threads, without the shared atomic.
    bench_two_threads(&mut group, "system_clock_now_micros", || {
        black_box(SystemClock).now_micros()
    });
    group.finish();
}

criterion_group!(benches, encode, parse, generate, generate_two_threads);
criterion_main!(benches);
