//! Criterion benchmarks of the generators under contention: what a second thread adds when it
//! shares one generator, against what it would add with its own, and what bounds the shared
//! figure (moving the state's cache line between cores, the clock read, compare-and-swap
//! retries).
//!
//! One group per format (`contention tid`, `contention time_id`, `contention xid`,
//! `contention snowish`, `contention tbsl`; `contention ulid`, `contention ksuid` (monotonic)
//! and `contention rs_xid` with only the first four rows), each with:
//!
//! - `single`: one thread, `next()` (`try_next()` for TBSL, which has no `next`) on a
//!   generator on the [`SystemClock`].
//! - `shared_two_threads`: two threads calling `next()` on ONE generator.
//! - `lanes_two_threads`: two threads calling `next()` on ONE
//!   generator in two lanes (`with_lanes(2)`): each thread on a lane of its own.
//! - `own_two_threads`: two threads, each with its OWN generator (on separate cache lines):
//!   what scaling would be without sharing, and what the per-thread pattern of the crate docs
//!   ("Threads: one generator, or one each") gives.
//! - `clock_read` and `clock_read_two_threads`: `SystemClock.now_micros()` alone, on one and
//!   on two threads (the floor every generator pays; a vDSO `clock_gettime`).
//! - `fetch_add_two_threads`: two threads on one shared `AtomicU64` (`fetch_add`): the cost of
//!   one locked instruction whose cache line moves between cores on (nearly) every call.
//! - `cas_loop_two_threads`: two threads running the generators' loop on one shared
//!   `AtomicU64` with no clock (load, `max(now, last + 1)` with a frozen `now`,
//!   `compare_exchange_weak`, retry on failure).
//! - `manual_clock_single`, `manual_clock_shared_two_threads`, `manual_clock_own_two_threads`:
//!   the same three on a [`ManualClock`] (one atomic load of a line nobody writes, instead of
//!   ~20 ns of `clock_gettime`), held by reference so it does not share a line with the
//!   generator's state. The clock is frozen; for TBSL, which waits once a microsecond's
//!   suffixes are used up or when its reading is behind the last id's, each thread moves it
//!   on by 1 µs every 64 of its own reads ([`SteppingClock`]: a thread-local counter, and one
//!   shared write per 64 ids).
//!
//! A last group, `contention mechanics`, takes the shared figure apart on hand-written
//! replicas of the generators' state (the library is not changed):
//!
//! - `fetch_add` and `cas_loop`: the two baselines on one thread (the line never moves).
//! - `cas_loop_clock_two_threads`: the replica of `Monotonic::next` (the loop of TID, TimeId,
//!   snowish) fed by the system clock, as the generators are; it counts its failed
//!   compare-and-swaps and prints retries per id to stderr.
//! - `fetch_add_clock_two_threads`: the same with one locked add per id instead of a load
//!   and a compare-and-swap, where the state is ahead of the clock (a burst), and the
//!   compare-and-swap loop only to catch up with the clock: what a single read-modify-write
//!   step would gain (it would also move the state on for ids the generator then refuses,
//!   past its last timestamp, which `Monotonic::next` must not).
//! - `cas_loop_line_shared_two_threads`: the replica with, in the same 64-byte line as the
//!   atomic, read-only words it reads on every call, as a generator reads its clock/machine id
//!   check (`PerProcess`) and, for xid, its fork generation, which sit beside the atomic in
//!   the generator struct. Against `cas_loop_clock_two_threads` (the atomic alone in its
//!   128-byte-aligned line) it shows what padding the state would gain.
//! - `mutex_two_threads`: a `std::sync::Mutex<u64>` increment on two threads, as TBSL's
//!   `MemorySequence` takes one per id; the voluntary context switches (futex waits) of the
//!   whole process during TBSL's shared run and this one are printed to stderr.
//!
//! Reading the two-thread figures (see [`support::two_threads`]): each thread performs
//! `iters` operations and the time is the wall time until both are done, so the figure is
//! the time per operation *per thread*. The process makes 2 ids in that time: ids per second
//! for the process = 2e9 / figure (ns), against 1e9 / `single` for one thread. A two-thread
//! figure equal to `single` is perfect scaling; twice `single` is no gain from the second
//! thread; above twice, the second thread slows the process down.
//!
//! The machine has two cores, shared and noisy: compare figures within one run, as ratios.

use std::{
    cell::Cell,
    hint::black_box,
    sync::{
        Mutex,
        atomic::{AtomicU64, AtomicUsize, Ordering},
    },
    time::Duration,
};

mod support;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use idtypes::ksuid::KsuidGenerator;
use idtypes::rs_xid::RsXidGenerator;
use idtypes::tbsl::TbslGenerator;
use idtypes::tid::TidGenerator;
use idtypes::time_id::TimeIdGenerator;
use idtypes::uid11::{SnowishGenerator, Uid11XidGenerator};
use idtypes::ulid::UlidGenerator;
use idtypes::{Clock, ManualClock, SystemClock};
use support::{bench_two_threads, configure, two_threads};

/// 2023-11-14T22:13:20Z: the frozen [`ManualClock`]'s reading.
const NOW: i64 = 1_700_000_000_000_000;

/// A value alone in its own 128-byte block (two lines: the adjacent-line prefetcher pairs
/// lines), so only the threads that use it move its line.
#[repr(align(128))]
struct Padded<T>(T);

/// Adds `single`, `shared_two_threads` and `own_two_threads` (names after `prefix`) for the
/// generators `make` builds, `next` being one id.
fn bench_generator<G: Sync, T>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    prefix: &str,
    make: impl Fn() -> G,
    next: impl Fn(&G) -> T + Sync,
) {
    let shared = Padded(make());
    group.bench_function(format!("{prefix}single"), |b| {
        b.iter(|| black_box(next(black_box(&shared.0))))
    });
    bench_two_threads(group, &format!("{prefix}shared_two_threads"), || {
        next(&shared.0)
    });
    // One generator per thread: each batch's two threads claim one each.
    let own = [Padded(make()), Padded(make())];
    let turn = AtomicUsize::new(0);
    group.bench_function(format!("{prefix}own_two_threads"), |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |n| {
                let generator = &own[turn.fetch_add(1, Ordering::Relaxed) % 2].0;
                for _ in 0..n {
                    black_box(next(generator));
                }
            })
        })
    });
}

/// Adds `lanes_two_threads`: two threads calling `next()` on ONE generator in two lanes
/// (`with_lanes(2)`, built by `make`), each thread on its own lane.
fn bench_lanes<G: Sync, T>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    make: impl Fn() -> G,
    next: impl Fn(&G) -> T + Sync,
) {
    let generator = Padded(make());
    bench_two_threads(group, "lanes_two_threads", || next(&generator.0));
}

/// The rest of each format's group: the clock alone and the two atomic baselines.
fn bench_baselines(group: &mut BenchmarkGroup<'_, WallTime>) {
    group.bench_function("clock_read", |b| {
        b.iter(|| black_box(black_box(SystemClock).now_micros()))
    });
    bench_two_threads(group, "clock_read_two_threads", || {
        black_box(SystemClock).now_micros()
    });
    let counter = Padded(AtomicU64::new(0));
    bench_two_threads(group, "fetch_add_two_threads", || {
        counter.0.fetch_add(1, Ordering::Relaxed)
    });
    let state = Padded(AtomicU64::new(0));
    bench_two_threads(group, "cas_loop_two_threads", || {
        cas_next(&state.0, black_box(NOW as u64), &mut 0)
    });
}

/// The generators' loop (`Monotonic::next`): `max(now, last + 1)`, stored by
/// compare-and-swap; adds its failed attempts to `retries`.
#[inline]
fn cas_next(state: &AtomicU64, now: u64, retries: &mut u64) -> u64 {
    let mut next_min = state.load(Ordering::Relaxed);
    loop {
        let timestamp = now.max(next_min);
        match state.compare_exchange_weak(
            next_min,
            timestamp + 1,
            Ordering::Relaxed,
            Ordering::Relaxed,
        ) {
            Ok(_) => return timestamp,
            Err(current) => {
                *retries += 1;
                next_min = current;
            }
        }
    }
}

/// [`cas_next`] with a locked add first: when the state is at or ahead of `now`, the add
/// is the whole step; otherwise the value it took is skipped and the loop catches up with the
/// clock.
#[inline]
fn add_next(state: &AtomicU64, now: u64, retries: &mut u64) -> u64 {
    let taken = state.fetch_add(1, Ordering::Relaxed);
    if taken >= now {
        return taken;
    }
    cas_next(state, now, retries)
}

thread_local! {
    /// Each thread's count of reads of a [`SteppingClock`].
    static READS: Cell<u32> = const { Cell::new(0) };
}

/// For TBSL: a [`ManualClock`] that each thread moves on by 1 µs every 64 of its own reads.
/// TBSL never uses up a microsecond's 2^20 suffixes on it (two threads read it at most 128
/// times per microsecond), and a thread that waits in `try_next` for a later microsecond (its
/// reading fell behind the other thread's) moves the clock on itself within 64 reads. The
/// shared write, once per 64 ids per thread, costs a fraction of a nanosecond per id.
struct SteppingClock(ManualClock);

impl Clock for SteppingClock {
    #[inline]
    fn now_micros(&self) -> i64 {
        READS.with(|reads| {
            let n = reads.get().wrapping_add(1);
            reads.set(n);
            if n % 64 == 0 {
                self.0.advance(Duration::from_micros(1));
            }
        });
        self.0.now_micros()
    }
}

/// Voluntary context switches of the whole process so far (a thread blocking in a futex
/// wait counts one).
fn voluntary_switches() -> i64 {
    // SAFETY: `usage` is a valid, writable rusage.
    unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        libc::getrusage(libc::RUSAGE_SELF, &mut usage);
        usage.ru_nvcsw
    }
}

/// The counting generators without their run-ahead bound: as fast as they can, these benches
/// measure the shared atomic and the clock, not the wait a bounded generator makes at its
/// format's rate (`benches-peers/benches/generate.rs` measures that).
const UNBOUNDED: idtypes::RunAhead = idtypes::RunAhead::UNBOUNDED;

fn tid(c: &mut Criterion) {
    let mut group = c.benchmark_group("contention tid");
    configure(&mut group);
    bench_generator(
        &mut group,
        "",
        || TidGenerator::new().with_run_ahead(UNBOUNDED),
        TidGenerator::next,
    );
    bench_lanes(
        &mut group,
        || {
            TidGenerator::new()
                .with_run_ahead(UNBOUNDED)
                .with_lanes(2)
                .unwrap()
        },
        TidGenerator::next,
    );
    let clock = ManualClock::new(NOW);
    bench_generator(
        &mut group,
        "manual_clock_",
        || TidGenerator::with_clock(&clock).with_run_ahead(UNBOUNDED),
        TidGenerator::next,
    );
    bench_baselines(&mut group);
    group.finish();
}

fn time_id(c: &mut Criterion) {
    let mut group = c.benchmark_group("contention time_id");
    configure(&mut group);
    bench_generator(
        &mut group,
        "",
        || TimeIdGenerator::new().with_run_ahead(UNBOUNDED),
        TimeIdGenerator::next,
    );
    bench_lanes(
        &mut group,
        || {
            TimeIdGenerator::new()
                .with_run_ahead(UNBOUNDED)
                .with_lanes(2)
                .unwrap()
        },
        TimeIdGenerator::next,
    );
    let clock = ManualClock::new(NOW);
    bench_generator(
        &mut group,
        "manual_clock_",
        || TimeIdGenerator::with_clock(&clock).with_run_ahead(UNBOUNDED),
        TimeIdGenerator::next,
    );
    bench_baselines(&mut group);
    group.finish();
}

fn xid(c: &mut Criterion) {
    let mut group = c.benchmark_group("contention xid");
    configure(&mut group);
    bench_generator(
        &mut group,
        "",
        Uid11XidGenerator::new,
        Uid11XidGenerator::next,
    );
    bench_lanes(
        &mut group,
        || Uid11XidGenerator::new().with_lanes(2).unwrap(),
        Uid11XidGenerator::next,
    );
    let clock = ManualClock::new(NOW);
    bench_generator(
        &mut group,
        "manual_clock_",
        || Uid11XidGenerator::with_clock(&clock),
        Uid11XidGenerator::next,
    );
    bench_baselines(&mut group);
    group.finish();
}

fn snowish(c: &mut Criterion) {
    let mut group = c.benchmark_group("contention snowish");
    configure(&mut group);
    bench_generator(
        &mut group,
        "",
        || SnowishGenerator::new(7).unwrap().with_run_ahead(UNBOUNDED),
        SnowishGenerator::next,
    );
    bench_lanes(
        &mut group,
        || {
            SnowishGenerator::new(7)
                .unwrap()
                .with_run_ahead(UNBOUNDED)
                .with_lanes(2)
                .unwrap()
        },
        SnowishGenerator::next,
    );
    let clock = ManualClock::new(NOW);
    bench_generator(
        &mut group,
        "manual_clock_",
        || {
            SnowishGenerator::with_clock(&clock, 7)
                .unwrap()
                .with_run_ahead(UNBOUNDED)
        },
        SnowishGenerator::next,
    );
    bench_baselines(&mut group);
    group.finish();
}

fn tbsl(c: &mut Criterion) {
    let mut group = c.benchmark_group("contention tbsl");
    configure(&mut group);
    // The `Result` reduced to a `u32`: no large value through `black_box`.
    let next = |generator: &TbslGenerator| generator.try_next().map_or(0, |id| id.suffix());
    let single = TbslGenerator::new(7).unwrap();
    group.bench_function("single", |b| b.iter(|| black_box(next(black_box(&single)))));
    let shared = Padded(TbslGenerator::new(7).unwrap());
    let switches = voluntary_switches();
    bench_two_threads(&mut group, "shared_two_threads", || next(&shared.0));
    eprintln!(
        "tbsl shared_two_threads: {} voluntary context switches (futex waits) in the run",
        voluntary_switches() - switches
    );
    let own = [
        Padded(TbslGenerator::new(7).unwrap()),
        Padded(TbslGenerator::new(7).unwrap()),
    ];
    let turn = AtomicUsize::new(0);
    group.bench_function("own_two_threads", |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |n| {
                let generator = &own[turn.fetch_add(1, Ordering::Relaxed) % 2].0;
                for _ in 0..n {
                    black_box(next(generator));
                }
            })
        })
    });
    bench_lanes(
        &mut group,
        || TbslGenerator::new(7).unwrap().with_lanes(2).unwrap(),
        next,
    );
    let clock = SteppingClock(ManualClock::new(NOW));
    bench_generator(
        &mut group,
        "manual_clock_",
        || TbslGenerator::with_clock(&clock, 7).unwrap(),
        |generator| generator.try_next().map_or(0, |id| id.suffix()),
    );
    bench_baselines(&mut group);
    group.finish();
}

/// Failed compare-and-swaps against ids, over all the batches of one benchmark (warm-up
/// included).
#[derive(Default)]
struct Retries {
    ids: AtomicU64,
    failed: AtomicU64,
}

impl Retries {
    /// `n` ids by `step`, which counts its failed attempts in its argument.
    #[inline]
    fn run(&self, n: u64, mut step: impl FnMut(&mut u64)) {
        let mut failed = 0;
        for _ in 0..n {
            step(&mut failed);
        }
        self.ids.fetch_add(n, Ordering::Relaxed);
        self.failed.fetch_add(failed, Ordering::Relaxed);
    }

    /// Prints the retries per id since the last report, and starts over.
    fn report(&self, name: &str) {
        let ids = self.ids.swap(0, Ordering::Relaxed);
        let failed = self.failed.swap(0, Ordering::Relaxed);
        eprintln!(
            "{name}: {failed} failed compare-and-swaps for {ids} ids ({:.4} retries per id)",
            failed as f64 / ids.max(1) as f64
        );
    }
}

/// Read-only words in the same line as the state, read on every call, as a generator's
/// clock-id check and fork generation sit beside its atomic.
#[repr(C, align(128))]
struct LineShared {
    config: [u64; 4],
    state: AtomicU64,
}

fn mechanics(c: &mut Criterion) {
    let mut group = c.benchmark_group("contention mechanics");
    configure(&mut group);
    let counter = Padded(AtomicU64::new(0));
    group.bench_function("fetch_add", |b| {
        b.iter(|| black_box(&counter.0).fetch_add(1, Ordering::Relaxed))
    });
    let state = Padded(AtomicU64::new(0));
    group.bench_function("cas_loop", |b| {
        b.iter(|| cas_next(black_box(&state.0), black_box(NOW as u64), &mut 0))
    });

    let retries = Retries::default();
    let frozen = Padded(AtomicU64::new(0));
    group.bench_function("cas_loop_two_threads", |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |n| {
                retries.run(n, |failed| {
                    black_box(cas_next(&frozen.0, black_box(NOW as u64), failed));
                })
            })
        })
    });
    retries.report("cas_loop_two_threads (frozen now)");

    let micros = Padded(AtomicU64::new(0));
    group.bench_function("cas_loop_clock_two_threads", |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |n| {
                retries.run(n, |failed| {
                    let now = SystemClock.now_micros() as u64;
                    black_box(cas_next(&micros.0, now, failed));
                })
            })
        })
    });
    retries.report("cas_loop_clock_two_threads");

    let micros = Padded(AtomicU64::new(0));
    group.bench_function("fetch_add_clock_two_threads", |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |n| {
                retries.run(n, |failed| {
                    let now = SystemClock.now_micros() as u64;
                    black_box(add_next(&micros.0, now, failed));
                })
            })
        })
    });
    retries.report("fetch_add_clock_two_threads");

    let line = LineShared {
        config: [1, 2, 3, 4],
        state: AtomicU64::new(0),
    };
    group.bench_function("cas_loop_line_shared_two_threads", |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |n| {
                retries.run(n, |failed| {
                    // The check a generator makes before its loop: read-only fields.
                    let config = black_box(&line.config);
                    if config[0] == config[1] {
                        return;
                    }
                    let now = SystemClock.now_micros() as u64 + (config[3] & 1);
                    black_box(cas_next(&line.state, now, failed));
                })
            })
        })
    });
    retries.report("cas_loop_line_shared_two_threads");

    let mutex = Padded(Mutex::new(0u64));
    let switches = voluntary_switches();
    bench_two_threads(&mut group, "mutex_two_threads", || {
        let mut value = mutex.0.lock().unwrap();
        *value += 1;
        *value
    });
    eprintln!(
        "mutex_two_threads: {} voluntary context switches (futex waits) in the run",
        voluntary_switches() - switches
    );
    group.finish();
}

/// The generators whose group has only the system clock's three rows and lanes: ULID,
/// monotonic KSUID and rs/xid.
fn others(c: &mut Criterion) {
    let mut group = c.benchmark_group("contention ulid");
    configure(&mut group);
    bench_generator(&mut group, "", UlidGenerator::new, UlidGenerator::next);
    bench_lanes(
        &mut group,
        || UlidGenerator::new().with_lanes(2).unwrap(),
        UlidGenerator::next,
    );
    group.finish();

    let mut group = c.benchmark_group("contention ksuid");
    configure(&mut group);
    bench_generator(
        &mut group,
        "",
        KsuidGenerator::monotonic,
        KsuidGenerator::next,
    );
    bench_lanes(
        &mut group,
        || KsuidGenerator::monotonic().with_lanes(2).unwrap(),
        KsuidGenerator::next,
    );
    group.finish();

    let mut group = c.benchmark_group("contention rs_xid");
    configure(&mut group);
    bench_generator(&mut group, "", RsXidGenerator::new, RsXidGenerator::next);
    bench_lanes(
        &mut group,
        || RsXidGenerator::new().with_lanes(2).unwrap(),
        RsXidGenerator::next,
    );
    group.finish();
}

criterion_group!(benches, tid, time_id, xid, snowish, tbsl, others, mechanics);
criterion_main!(benches);
