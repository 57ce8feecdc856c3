//! What the benches beside the other crates share: the criterion settings of a group, and a
//! function that keeps each result where it was made.
// Each bench target uses the parts it needs.
#![allow(dead_code)]

use std::{hint::black_box, time::Duration};

use criterion::{BenchmarkGroup, Criterion, measurement::WallTime};

/// A group with half a second of warm-up and two seconds of measurement per benchmark.
pub fn group<'a>(c: &'a mut Criterion, name: &str) -> BenchmarkGroup<'a, WallTime> {
    let mut group = c.benchmark_group(name);
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group
}

/// Benchmarks `run` on `input`, keeping its result in place: `black_box` gets a reference to
/// it (see `record_key.rs` for why).
pub fn bench<I: Copy, R>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    input: I,
    run: impl Fn(I) -> R,
) {
    group.bench_function(name, |b| {
        b.iter(|| {
            let result = run(black_box(input));
            black_box(&result);
        })
    });
}
