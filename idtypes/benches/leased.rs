//! What a [`LeasedGenerator`] adds to each id: its `try_next` against the same generator bound
//! to a lease term by hand (`with_lease_term`), and against a generator with no lease.
//!
//! Both on a frozen clock with an unbounded run-ahead (as in `process.rs`), so that the figure
//! is the call itself: the term's check, and for the `LeasedGenerator` the load of its current
//! generator (an `arc-swap` read, which takes no lock and writes nothing shared). The lease is
//! an SQLite one in memory, of an hour, so that no renewal runs during the measurement.
//!
//! `cargo bench -p idtypes --features sqlx-sqlite,tokio --bench leased`

use std::{hint::black_box, sync::Arc, time::Duration};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::{LeaseTerm, ManualClock, RunAhead, lease::Leases, tid::TidGenerator};
use support::configure;

/// 2023-11-14T22:13:20Z.
const NOW: i64 = 1_700_000_000_000_000;

fn leased(c: &mut Criterion) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let clock = Arc::new(ManualClock::new(NOW));
    let template = TidGenerator::with_clock(Arc::clone(&clock)).with_run_ahead(RunAhead::UNBOUNDED);
    let leased = runtime.block_on(async {
        let pool = sqlx::SqlitePool::connect("sqlite::memory:").await.unwrap();
        let leases = Leases::sqlite(pool)
            .with_duration(Duration::from_secs(3600), Duration::from_secs(60))
            .unwrap()
            .with_clock(Arc::clone(&clock));
        leases.setup().await.unwrap();
        leases.generator("bench", template).await.unwrap()
    });
    let term = LeaseTerm::new(7, Duration::from_secs(3600), 0, i64::MAX);
    let by_hand = TidGenerator::with_clock(Arc::clone(&clock))
        .with_run_ahead(RunAhead::UNBOUNDED)
        .with_lease_term(term)
        .unwrap();
    let no_lease = TidGenerator::with_clock(Arc::clone(&clock))
        .with_run_ahead(RunAhead::UNBOUNDED)
        .with_clock_id(7)
        .unwrap();

    let mut group = c.benchmark_group("leased tid on a frozen clock");
    configure(&mut group);
    group.bench_function("leased_generator_try_next", |b| {
        b.iter(|| black_box(black_box(&leased).try_next().map_or(0, |tid| tid.to_u64())))
    });
    group.bench_function("term_by_hand_try_next", |b| {
        b.iter(|| black_box(black_box(&by_hand).try_next().map_or(0, |tid| tid.to_u64())))
    });
    group.bench_function("fixed_clock_id_try_next", |b| {
        b.iter(|| {
            black_box(
                black_box(&no_lease)
                    .try_next()
                    .map_or(0, |tid| tid.to_u64()),
            )
        })
    });
    group.finish();
    drop(leased);
    drop(runtime);
}

criterion_group!(benches, leased);
criterion_main!(benches);
