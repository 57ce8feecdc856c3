//! The run-ahead bound ([`RunAhead`]) under load: threads asking one generator for ids as
//! fast as they can, on the system clock, never get an id further ahead of the clock than the
//! bound, and never more ids than the format has ticks in the time that passed (plus the
//! bound's worth). Unbounded, the same loops ran seconds ahead within a fraction of one.
//!
//! These are not timed tests: each id is checked against a clock read after it was made, and
//! the count against the clock's readings around the whole run, so a slow or loaded machine
//! makes fewer ids, never a failure.

use std::{
    sync::atomic::{AtomicBool, Ordering},
    thread,
    time::Duration,
};

use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::tid::TidGenerator;
use idtypes::time_id::TimeIdGenerator;
use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator};
use idtypes::{Clock, ErrorKind, ManualClock, RunAhead, SystemClock};

const THREADS: usize = 3;
const RUN: Duration = Duration::from_millis(150);

/// What [`saturate`] saw.
#[derive(Debug)]
struct Run {
    /// Ids made.
    made: u64,
    /// The largest lead of an id's time over the clock read right after it (µs).
    lead: i64,
    /// The clock before the first id and after the last (Unix µs).
    span: (i64, i64),
}

/// [`THREADS`] threads make ids with `next` (each id's time, Unix µs) for [`RUN`], each
/// checking every id against the clock read right after it.
fn saturate(next: impl Fn() -> i64 + Sync) -> Run {
    let stop = AtomicBool::new(false);
    let start = SystemClock.now_micros();
    let (made, lead) = thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|_| {
                s.spawn(|| {
                    let (mut made, mut lead) = (0u64, i64::MIN);
                    while !stop.load(Ordering::Relaxed) {
                        let time = next();
                        lead = lead.max(time - SystemClock.now_micros());
                        made += 1;
                    }
                    (made, lead)
                })
            })
            .collect();
        thread::sleep(RUN);
        stop.store(true, Ordering::Relaxed);
        workers
            .into_iter()
            .map(|worker| worker.join().unwrap())
            .fold((0, i64::MIN), |(made, lead), (m, l)| {
                (made + m, lead.max(l))
            })
    });
    Run {
        made,
        lead,
        span: (start, SystemClock.now_micros()),
    }
}

/// Asserts a microsecond format's run: no id more than `bound` µs ahead, and at most one id
/// a microsecond of the span, plus the bound's.
fn assert_micros(run: Run, bound: i64) {
    assert!(run.lead <= bound, "{run:?}: an id {} µs ahead", run.lead);
    let ticks = run.span.1 - run.span.0 + bound + 1;
    assert!(run.made as i64 <= ticks, "{run:?}: more ids than µs");
}

/// Asserts a millisecond format's run (4,096 ids a millisecond): no id's millisecond more
/// than `bound_millis` after the clock's, and at most 4,096 ids a millisecond of the span
/// (whole milliseconds, both ends), plus the bound's.
fn assert_millis(run: Run, bound_millis: i64) {
    // An id's time is the start of its millisecond: within the bound, less than a
    // millisecond past the clock's next `bound_millis` ones.
    assert!(
        run.lead < (bound_millis + 1) * 1000,
        "{run:?}: an id {} µs ahead",
        run.lead
    );
    let millis = run.span.1 / 1000 - run.span.0 / 1000 + 1 + bound_millis;
    assert!(
        run.made as i64 <= millis * 4096,
        "{run:?}: more ids than 4,096 a ms"
    );
}

#[test]
fn tids_stay_within_the_default_bound_under_load() {
    let generator = TidGenerator::new();
    assert_micros(
        saturate(|| generator.next().timestamp_micros() as i64),
        1000,
    );
}

#[test]
fn tids_stay_within_a_chosen_bound_under_load() {
    let generator = TidGenerator::new().with_run_ahead(RunAhead::wait(Duration::from_micros(50)));
    assert_micros(saturate(|| generator.next().timestamp_micros() as i64), 50);
}

#[test]
fn time_ids_stay_within_the_default_bound_under_load() {
    let generator = TimeIdGenerator::new();
    assert_micros(saturate(|| generator.next().timestamp_micros()), 1000);
}

#[test]
fn snowflakes_stay_within_the_default_bound_under_load() {
    let generator = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 3).unwrap();
    let micros =
        |id: idtypes::Snowflake| id.timestamp_millis(SnowflakeEpoch::DISCORD) as i64 * 1000;
    assert_millis(saturate(|| micros(generator.next())), 1);
}

#[test]
fn snowflakes_keep_to_the_clocks_millisecond_under_a_zero_bound() {
    let generator = SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 3)
        .unwrap()
        .with_run_ahead(RunAhead::wait(Duration::ZERO));
    let micros =
        |id: idtypes::Snowflake| id.timestamp_millis(SnowflakeEpoch::TWITTER) as i64 * 1000;
    assert_millis(saturate(|| micros(generator.next())), 0);
}

#[test]
fn snowish_and_ts_seq_rand_ids_stay_within_the_default_bound_under_load() {
    let micros = |time: std::time::SystemTime| {
        time.duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_micros() as i64
    };
    let snowish = SnowishGenerator::new(3).unwrap();
    assert_millis(saturate(|| micros(snowish.next().timestamp())), 1);
    let ts_seq_rand = TsSeqRandGenerator::new();
    assert_millis(saturate(|| micros(ts_seq_rand.next().timestamp())), 1);
}

#[test]
fn a_refusing_generator_refuses_past_the_bound_and_never_issues_beyond_it() {
    let generator = TidGenerator::new().with_run_ahead(RunAhead::refuse(Duration::from_micros(20)));
    let refused = std::sync::atomic::AtomicU64::new(0);
    let run = saturate(|| {
        loop {
            match generator.try_next() {
                Ok(tid) => return tid.timestamp_micros() as i64,
                Err(err) => {
                    assert_eq!(err.kind(), ErrorKind::AheadOfClock, "{err}");
                    refused.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    });
    assert!(
        refused.load(Ordering::Relaxed) > 0,
        "nothing refused: {run:?}"
    );
    assert_micros(run, 20);
}

#[test]
fn threads_on_a_frozen_manual_clock_move_it_by_waiting() {
    let clock = ManualClock::new(1_700_000_000_000_000);
    let generator = TidGenerator::with_clock(&clock);
    let tids: Vec<Vec<u64>> = thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|_| {
                s.spawn(|| {
                    (0..5000)
                        .map(|_| generator.next().timestamp_micros())
                        .collect()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut all: Vec<u64> = tids.concat();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), THREADS * 5000, "a repeat");
    // 15,000 TIDs from one microsecond: the clock was made to move (by waits) so that the last
    // one is within the bound of it.
    let last = *all.last().unwrap() as i64;
    assert!(
        last - clock.now_micros() <= 1000,
        "{} µs ahead",
        last - clock.now_micros()
    );
    assert!(clock.now_micros() >= 1_700_000_000_000_000 + 15_000 - 1000 - 1);
}

#[test]
fn a_lease_floor_far_ahead_is_followed_at_once_then_at_the_rate_of_time() {
    // A holder whose clock is 5 s behind the last holder's: its first TID comes at once after
    // the floor (no five-second wait), and then no faster than time passes.
    let clock = ManualClock::new(1_700_000_000_000_000);
    let floor = 1_700_000_005_000_000;
    let term = idtypes::LeaseTerm::new(1, Duration::from_secs(30), floor, i64::MAX);
    let generator = TidGenerator::with_clock(&clock)
        .with_lease_term(term)
        .unwrap();
    assert_eq!(generator.next().timestamp_micros() as i64, floor + 1);
    assert_eq!(clock.now_micros(), 1_700_000_000_000_000, "it waited");
    // 1,000 more fit in the bound of the floor's timeline; the 1,002nd waits 1 µs.
    for _ in 0..1000 {
        generator.next();
    }
    assert_eq!(clock.now_micros(), 1_700_000_000_000_000);
    assert_eq!(generator.next().timestamp_micros() as i64, floor + 1002);
    assert_eq!(clock.now_micros(), 1_700_000_000_000_001);
}
