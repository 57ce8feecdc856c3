//! Criterion benchmarks for what keeps ids unique across processes: the per-id cost of the
//! fork check in every generator, and the random source behind [`FullRand::random`].
//!
//! Measured:
//!
//! - `generator on a frozen clock`: each generator's `next` on a [`ManualClock`] that never
//!   moves (one atomic load instead of a ~25 ns `clock_gettime`), so the few nanoseconds of
//!   the generator itself, fork check included, are what the figure shows. Generators with a
//!   random clock/node id and with one the caller fixed take different paths through the
//!   check, so both are measured, and a generator bound to a lease term, which also reads the
//!   coarse monotonic clock for the term's deadline. TBSL waits for a new microsecond once one is used up, so its
//!   clock ticks once per read instead.
//! - `random u64`: [`FullRand::random`] (a per-thread ChaCha12 seeded by the operating
//!   system), beside rand's `ThreadRng` (also ChaCha12, the peer) and a plain wyrand step (the
//!   fast, predictable generator FullRand used before; the tie-breakers of xid, ts-seq-rand
//!   and random TBSL still use it).
//!
//! Target: the fork check adds at most about 1 ns to any generator's `next`. Measured against
//! the code before the check, in one run: with the system clock the difference is within the
//! noise (±1 ns on about 40 ns); on a frozen clock, where the rest of `next` is a ~4.4 ns
//! compare-and-swap, the fork check and the lease ceiling bring it to 7.1–8.7 ns, because
//! the locked compare-and-swap waits for the checks to retire. A leased generator adds one
//! coarse monotonic clock read (about 8 ns alone here).

use std::{
    cell::Cell,
    hint::black_box,
    sync::atomic::{AtomicI64, Ordering},
    time::Duration,
};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::tbsl::TbslGenerator;
use idtypes::tid::TidGenerator;
use idtypes::time_id::{NodeId, TimeIdGenerator};
use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator, Uid11XidGenerator};
use idtypes::{Clock, FullRand, LeaseTerm, ManualClock};
use rand::RngExt;
use support::configure;

/// 2023-11-14T22:13:20Z.
const NOW: i64 = 1_700_000_000_000_000;

/// A clock one microsecond later on every read.
struct TickingClock(AtomicI64);

impl Clock for TickingClock {
    fn now_micros(&self) -> i64 {
        NOW + self.0.fetch_add(1, Ordering::Relaxed)
    }
}

fn generators(c: &mut Criterion) {
    let mut group = c.benchmark_group("generator on a frozen clock");
    configure(&mut group);
    // On a clock that stands still every id runs ahead: unbounded, so that nothing waits and
    // the figure is the call (the process checks, the atomic), as the bench means to show.
    const UNBOUNDED: idtypes::RunAhead = idtypes::RunAhead::UNBOUNDED;
    let clock = ManualClock::new(NOW);
    let tid = TidGenerator::with_clock(&clock).with_run_ahead(UNBOUNDED);
    group.bench_function("tid_random_clock_id", |b| {
        b.iter(|| black_box(black_box(&tid).next()))
    });
    let tid_fixed = TidGenerator::with_clock(&clock)
        .with_run_ahead(UNBOUNDED)
        .with_clock_id(7)
        .unwrap();
    group.bench_function("tid_fixed_clock_id", |b| {
        b.iter(|| black_box(black_box(&tid_fixed).next()))
    });
    let term = LeaseTerm::new(7, Duration::from_secs(3600), 0, i64::MAX);
    let tid_leased = TidGenerator::with_clock(&clock)
        .with_run_ahead(UNBOUNDED)
        .with_lease_term(term)
        .unwrap();
    group.bench_function("tid_leased_clock_id", |b| {
        b.iter(|| black_box(black_box(&tid_leased).next()))
    });
    let time_id = TimeIdGenerator::with_clock(&clock).with_run_ahead(UNBOUNDED);
    group.bench_function("time_id_random_node", |b| {
        b.iter(|| black_box(black_box(&time_id).next()))
    });
    let time_id_fixed = TimeIdGenerator::with_clock(&clock)
        .with_run_ahead(UNBOUNDED)
        .with_node(NodeId::new(500).unwrap());
    group.bench_function("time_id_fixed_node", |b| {
        b.iter(|| black_box(black_box(&time_id_fixed).next()))
    });
    let xid = Uid11XidGenerator::with_clock(&clock);
    group.bench_function("xid_monotonic", |b| {
        b.iter(|| black_box(black_box(&xid).next()))
    });
    let snowish = SnowishGenerator::with_clock(&clock, 7)
        .unwrap()
        .with_run_ahead(UNBOUNDED);
    group.bench_function("snowish", |b| {
        b.iter(|| black_box(black_box(&snowish).next()))
    });
    let snowflake = SnowflakeGenerator::with_clock(&clock, SnowflakeEpoch::TWITTER, 7)
        .unwrap()
        .with_run_ahead(UNBOUNDED);
    group.bench_function("snowflake", |b| {
        b.iter(|| black_box(black_box(&snowflake).next()))
    });
    let ts_seq_rand = TsSeqRandGenerator::with_clock(&clock).with_run_ahead(UNBOUNDED);
    group.bench_function("ts_seq_rand", |b| {
        b.iter(|| black_box(black_box(&ts_seq_rand).next()))
    });
    let tbsl = TbslGenerator::with_clock(TickingClock(AtomicI64::new(0)), 7).unwrap();
    group.bench_function("tbsl_ticking_clock", |b| {
        b.iter(|| black_box(black_box(&tbsl).try_next().map_or(0, |id| id.suffix())))
    });
    group.finish();
}

/// One wyrand step on a thread-local state: the generator FullRand used before.
fn wyrand() -> u64 {
    thread_local! {
        static STATE: Cell<u64> = const { Cell::new(0x9E37_79B9_7F4A_7C15) };
    }
    STATE.with(|state| {
        let s = state.get().wrapping_add(0xa076_1d64_78bd_642f);
        state.set(s);
        let t = (s as u128).wrapping_mul((s ^ 0xe703_7ed1_a0b4_28db) as u128);
        ((t >> 64) as u64) ^ (t as u64)
    })
}

fn random(c: &mut Criterion) {
    let mut group = c.benchmark_group("random u64");
    configure(&mut group);
    group.bench_function("full_rand_random", |b| {
        b.iter(|| black_box(FullRand::random()))
    });
    group.bench_function("rand_thread_rng_u64", |b| {
        b.iter(|| black_box(rand::rng().random::<u64>()))
    });
    group.bench_function("wyrand_u64", |b| b.iter(|| black_box(wyrand())));
    group.finish();
}

criterion_group!(benches, generators, random);
criterion_main!(benches);
