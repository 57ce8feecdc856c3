//! What the benchmarks share: criterion settings and the two-thread measurement.
// Each bench target uses the parts it needs.
#![allow(dead_code)]

use std::{
    sync::Barrier,
    time::{Duration, Instant},
};

use criterion::{BenchmarkGroup, measurement::WallTime};
use std::hint::black_box;

/// Half a second of warm-up and two seconds of measurement per benchmark: the whole suite runs
/// in a few minutes on two cores.
pub fn configure(group: &mut BenchmarkGroup<'_, WallTime>) {
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
}

/// Runs `work(iters)` on two threads at once and returns the wall time from the moment both
/// were released until the later one finished (thread start-up is not counted).
///
/// Each thread performs `iters` operations, so the figure criterion reports (elapsed / iters)
/// is the time per operation *per thread*: the wall time one thread needs for one id while
/// the other thread generates too. A figure equal to the single-threaded one means perfect
/// scaling (2 ids in that time across the process); twice the single-threaded figure means
/// no gain from the second thread.
pub fn two_threads(iters: u64, work: impl Fn(u64) + Sync) -> Duration {
    let barrier = Barrier::new(2);
    let spans: Vec<(Instant, Instant)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..2)
            .map(|_| {
                s.spawn(|| {
                    barrier.wait();
                    let start = Instant::now();
                    work(iters);
                    (start, Instant::now())
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let start = spans.iter().map(|&(start, _)| start).min().unwrap();
    let end = spans.iter().map(|&(_, end)| end).max().unwrap();
    end - start
}

/// Benchmarks `next` on two threads at once under `name` (see [`two_threads`] for what the
/// figure means).
pub fn bench_two_threads<T>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    next: impl Fn() -> T + Sync,
) {
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            two_threads(iters, |n| {
                for _ in 0..n {
                    black_box(next());
                }
            })
        })
    });
}

/// Benchmarks `next` at `per_millisecond` calls a millisecond under `name`: the calls are
/// timed, the waits for the next millisecond between batches are not. For the generators
/// with a run-ahead bound (TID, TimeId, snowish, ts-seq-rand, Snowflake), which a loop that
/// calls them as fast as it can holds to their format's rate (one TID a microsecond): paced
/// under that rate, the figure is what one call costs a caller, as it was before the bound.
pub fn paced<R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    per_millisecond: u64,
    mut next: impl FnMut() -> R,
) {
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut measured = Duration::ZERO;
            let mut left = iters;
            while left > 0 {
                let millis = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |since| since.as_millis());
                while std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |since| since.as_millis())
                    == millis
                {
                    std::hint::spin_loop();
                }
                let batch = left.min(per_millisecond);
                let start = Instant::now();
                for _ in 0..batch {
                    black_box(next());
                }
                measured += start.elapsed();
                left -= batch;
            }
            measured
        })
    });
}
