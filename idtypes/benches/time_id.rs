//! Criterion benchmarks for [`idtypes::TimeId`] (draft-goldman), with [`idtypes::Tid`] measured
//! in the same run for comparison: the two share the 13-symbol base32-sortable codec, so any
//! difference is what TimeId adds on top (the sign extension, the dashes, the first-symbol
//! range check).
//!
//! Measured:
//!
//! - `encode`: `i64` to 13-character text on the stack ([`TimeId::encode`]) and to the dashed
//!   display form ([`TimeId::to_dashed`]), each for an id from 1970 on and for one before 1970
//!   (which takes the sign-extension branch); [`Tid::encode`] of the same bits for comparison.
//! - `parse`: validate and decode plain and dashed text ([`TimeId::parse`]), the `const fn`
//!   [`TimeId::parse_const`], and [`Tid::parse`] of the same plain text for comparison; plus
//!   [`TimeId::range_for_prefix`] of a dashed 7-symbol prefix.
//! - `generate`: a private [`TimeIdGenerator::next`], [`TimeId::now`] (process-wide
//!   generator), one read of [`SystemClock`] alone (the floor any generator pays), and
//!   [`TidGenerator::next`] for comparison.
//! - `generate two threads`: two threads sharing one generator (see [`support::two_threads`] for what
//!   the figure means).
//!
//! As in the `tid` benchmarks, encoding hands out the `&str` of the stack buffer rather than
//! passing the 13- or 16-byte value itself through `black_box`: that costs a store-forwarding
//! stall in the harness (see `floor_copy_13_bytes` in `benches/tid.rs`), not the encoder.
//!
//! In these loops a generator makes far more than one id per microsecond, so it runs ahead of
//! the clock and every id takes the "same microsecond" path: one clock read plus one
//! compare-and-swap, which is also the cost of the ordinary path.

use std::hint::black_box;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::tid::TidGenerator;
use idtypes::time_id::TimeIdGenerator;
use idtypes::{Clock, RunAhead, SystemClock, Tid, TimeId};
use support::{bench_two_threads, configure, paced};

/// The draft's worked example in UTC: 2024-07-19T16:40:46.480310Z, node 1.
const TIME_ID_TEXT: &str = "3kxnlhr3gxq23";
const TIME_ID_DASHED: &str = "3kxn-lhr-3gxq-23";
const TIME_ID_VALUE: i64 = 1721407246480310 * 1024 + 1;
/// 1960-01-01T00:00:00Z, node 1: before 1970, so the sign-extension branch of `encode`.
const TIME_ID_NEGATIVE: i64 = -315_619_200_000_000 * 1024 + 1;
/// A dashed prefix from the draft's prefix table (about one second of ids).
const PREFIX: &str = "3kxn-lhr";

fn encode(c: &mut Criterion) {
    let positive = TimeId::from_i64(TIME_ID_VALUE);
    let negative = TimeId::from_i64(TIME_ID_NEGATIVE);
    // The same bits: the same text.
    let tid = Tid::from_u64(TIME_ID_VALUE as u64);
    assert_eq!(positive.encode().as_str(), TIME_ID_TEXT);
    assert_eq!(positive.to_dashed().as_str(), TIME_ID_DASHED);
    assert_eq!(tid.encode().as_str(), TIME_ID_TEXT);
    assert!(negative.timestamp_micros() < 0);

    let mut group = c.benchmark_group("time_id encode");
    configure(&mut group);
    // Encode into a stack buffer, hand out the `&str` (as `benches/tid.rs` does).
    group.bench_function("time_id_encode", |b| {
        b.iter(|| {
            let text = black_box(positive).encode();
            black_box(text.as_str());
        })
    });
    group.bench_function("time_id_encode_negative", |b| {
        b.iter(|| {
            let text = black_box(negative).encode();
            black_box(text.as_str());
        })
    });
    group.bench_function("time_id_to_dashed", |b| {
        b.iter(|| {
            let text = black_box(positive).to_dashed();
            black_box(text.as_str());
        })
    });
    group.bench_function("time_id_to_dashed_negative", |b| {
        b.iter(|| {
            let text = black_box(negative).to_dashed();
            black_box(text.as_str());
        })
    });
    group.bench_function("tid_encode", |b| {
        b.iter(|| {
            let text = black_box(tid).encode();
            black_box(text.as_str());
        })
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    assert_eq!(
        TimeId::parse(TIME_ID_TEXT),
        Ok(TimeId::from_i64(TIME_ID_VALUE))
    );
    assert_eq!(
        TimeId::parse(TIME_ID_DASHED),
        Ok(TimeId::from_i64(TIME_ID_VALUE))
    );
    assert_eq!(
        Tid::parse(TIME_ID_TEXT),
        Ok(Tid::from_u64(TIME_ID_VALUE as u64))
    );
    assert!(TimeId::range_for_prefix(PREFIX).unwrap().is_some());

    let mut group = c.benchmark_group("time_id parse");
    configure(&mut group);
    group.bench_function("time_id_parse", |b| {
        b.iter(|| black_box(TimeId::parse(black_box(TIME_ID_TEXT))))
    });
    group.bench_function("time_id_parse_dashed", |b| {
        b.iter(|| black_box(TimeId::parse(black_box(TIME_ID_DASHED))))
    });
    group.bench_function("time_id_parse_const", |b| {
        b.iter(|| black_box(TimeId::parse_const(black_box(TIME_ID_TEXT))))
    });
    group.bench_function("time_id_parse_const_dashed", |b| {
        b.iter(|| black_box(TimeId::parse_const(black_box(TIME_ID_DASHED))))
    });
    group.bench_function("tid_parse", |b| {
        b.iter(|| black_box(Tid::parse(black_box(TIME_ID_TEXT))))
    });
    group.bench_function("time_id_range_for_prefix", |b| {
        b.iter(|| black_box(TimeId::range_for_prefix(black_box(PREFIX))))
    });
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("time_id generate");
    configure(&mut group);
    // 500 a millisecond: under the rate of one id a microsecond, which a loop as fast as it
    // can would reach and then wait at (the run-ahead bound): see `paced`.
    let generator = TimeIdGenerator::new();
    paced(&mut group, "time_id_generator_next", 500, || {
        black_box(&generator).next()
    });
    paced(&mut group, "time_id_now", 500, TimeId::now);
    group.bench_function("system_clock_now_micros", |b| {
        b.iter(|| black_box(black_box(SystemClock).now_micros()))
    });
    let tid_generator = TidGenerator::new();
    paced(&mut group, "tid_generator_next", 500, || {
        black_box(&tid_generator).next()
    });
    group.finish();
}

fn generate_two_threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("time_id generate two threads");
    configure(&mut group);
    // Both threads compare-and-swap the same atomic: its cache line moves between the cores
    // on (nearly) every id, and a failed exchange retries.
    // Unbounded: as fast as they can, the threads measure the shared atomic, not the wait a
    // bounded generator makes at its rate.
    let generator = TimeIdGenerator::new().with_run_ahead(RunAhead::UNBOUNDED);
    bench_two_threads(&mut group, "time_id_generator_next_shared", || {
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
