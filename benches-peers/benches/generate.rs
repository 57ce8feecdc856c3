//! The generators that count within a tick (TID, TimeId, Snowflake, uid11 snowish and
//! ts-seq-rand) beside the Snowflake crates that wait for the clock (`snowflaked`,
//! `rs-snowflake`), in one run.
//!
//! - `generate_paced` (`snowflake generate, 1000 ids per ms`): the cost of one call from a
//!   caller under the format's rate: 1,000 ids, then a wait (not measured) for the next
//!   millisecond, and so on. Nobody waits inside the measured calls; this is what the
//!   run-ahead bound costs a caller that never reaches it (one comparison).
//! - `generate_saturated`: one thread asking for ids as fast as it can, in a loop: the figure
//!   is the time per id at the generator's limit. A generator with a run-ahead bound (the
//!   default here: wait past 1 ms) makes its format's rate, 1 µs per TID or TimeId and
//!   244 ns per Snowflake (4,096 a millisecond), as the peers that wait do; `UNBOUNDED` shows
//!   what a call costs when nothing waits, its ids' time running ahead of the clock.
//!
//! rs-snowflake's `generate` reads the clock once every 4,096 ids (its ids then carry a
//! millisecond up to as long ago as the last 4,096 took); `real_time_generate` reads it on
//! each call, as the others do: that is the one beside them, `generate` is there for its
//! cost alone.
//!
//! Every result is kept where it was made and `black_box` gets a reference to it (see
//! `record_key.rs` for why).

use std::{
    hint::black_box,
    sync::Mutex,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

mod support;

use criterion::{
    BenchmarkGroup, Criterion, criterion_group, criterion_main, measurement::WallTime,
};
use idtypes::RunAhead;
use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::tid::TidGenerator;
use idtypes::time_id::TimeIdGenerator;
use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator};
use support::group;

/// Benchmarks `run` in a loop, keeping its result in place: at saturation.
fn saturated<R>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, mut run: impl FnMut() -> R) {
    group.bench_function(name, |b| {
        b.iter(|| {
            let result = run();
            black_box(&result);
        })
    });
}

/// The current Unix millisecond.
fn millis() -> u128 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis()
}

/// Benchmarks `run` 1,000 calls a millisecond: the calls are timed, the waits for the next
/// millisecond between them are not.
fn paced<R>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, mut run: impl FnMut() -> R) {
    group.bench_function(name, |b| {
        b.iter_custom(|iters| {
            let mut measured = Duration::ZERO;
            let mut left = iters;
            while left > 0 {
                let start_millis = millis();
                while millis() == start_millis {
                    std::hint::spin_loop();
                }
                let batch = left.min(1000);
                let start = Instant::now();
                for _ in 0..batch {
                    let result = run();
                    black_box(&result);
                }
                measured += start.elapsed();
                left -= batch;
            }
            measured
        })
    });
}

const DISCORD_EPOCH_MILLIS: u64 = 1_420_070_400_000;

fn generate_paced(c: &mut Criterion) {
    let mut group = group(c, "generate_paced");
    let ours = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 7).unwrap();
    paced(&mut group, "idtypes SnowflakeGenerator", || ours.next());
    let snowflaked = snowflaked::sync::Generator::new(7);
    paced(&mut group, "snowflaked sync::Generator", || {
        snowflaked.generate::<u64>()
    });
    let mut rs_snowflake = snowflake::SnowflakeIdGenerator::with_epoch(
        1,
        7,
        UNIX_EPOCH + Duration::from_millis(DISCORD_EPOCH_MILLIS),
    );
    paced(&mut group, "rs-snowflake real_time_generate (&mut)", || {
        rs_snowflake.real_time_generate()
    });
    paced(&mut group, "rs-snowflake generate (&mut)", || {
        rs_snowflake.generate()
    });
    let shared = Mutex::new(snowflake::SnowflakeIdGenerator::with_epoch(
        1,
        7,
        UNIX_EPOCH + Duration::from_millis(DISCORD_EPOCH_MILLIS),
    ));
    paced(
        &mut group,
        "rs-snowflake real_time_generate (Mutex)",
        || shared.lock().unwrap().real_time_generate(),
    );
    let tid = TidGenerator::new();
    paced(&mut group, "idtypes TidGenerator", || tid.next());
    group.finish();
}

fn generate_saturated(c: &mut Criterion) {
    let mut group = group(c, "generate_saturated");
    let tid = TidGenerator::new();
    saturated(&mut group, "idtypes TidGenerator", || tid.next());
    let time_id = TimeIdGenerator::new();
    saturated(&mut group, "idtypes TimeIdGenerator", || time_id.next());
    let snowflake = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 7).unwrap();
    saturated(&mut group, "idtypes SnowflakeGenerator", || {
        snowflake.next()
    });
    let snowish = SnowishGenerator::new(7).unwrap();
    saturated(&mut group, "idtypes SnowishGenerator", || snowish.next());
    let ts_seq_rand = TsSeqRandGenerator::new();
    saturated(&mut group, "idtypes TsSeqRandGenerator", || {
        ts_seq_rand.next()
    });
    let unbounded = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 7)
        .unwrap()
        .with_run_ahead(RunAhead::UNBOUNDED);
    saturated(&mut group, "idtypes SnowflakeGenerator UNBOUNDED", || {
        unbounded.next()
    });
    let snowflaked = snowflaked::sync::Generator::new(7);
    saturated(&mut group, "snowflaked sync::Generator", || {
        snowflaked.generate::<u64>()
    });
    let mut rs_snowflake = snowflake::SnowflakeIdGenerator::with_epoch(
        1,
        7,
        UNIX_EPOCH + Duration::from_millis(DISCORD_EPOCH_MILLIS),
    );
    saturated(&mut group, "rs-snowflake real_time_generate (&mut)", || {
        rs_snowflake.real_time_generate()
    });
    group.finish();
}

criterion_group!(benches, generate_paced, generate_saturated);
criterion_main!(benches);
