//! Every generator against a faulty wall clock (a [`ManualClock`] that spikes, steps and
//! smears): one read an hour ahead or in 2255 is held back, a step that holds is followed,
//! a smear is followed exactly, and threads sharing a generator while another thread jumps
//! the clock back and forth get ids that never repeat and strictly increase per thread.

use std::{
    collections::HashSet,
    fmt::Debug,
    hash::Hash,
    sync::atomic::{AtomicBool, Ordering},
    thread,
    time::Duration,
};

use idtypes::{Clock, Error, ErrorKind, ManualClock, Tid};

/// 2023-11-14T22:13:20Z.
const START: i64 = 1_700_000_000_000_000;
const HOUR: Duration = Duration::from_secs(3600);
/// What one wrong read may cost at most: 2^17 µs (see the crate docs, "Clocks").
const SLACK: i64 = 1 << 17;

/// A read in 2255, 10 µs before the last TID timestamp, from the clock's reading now.
fn to_2255(clock: &ManualClock) -> Duration {
    Duration::from_micros(Tid::MAX_TIMESTAMP_MICROS - 10 - clock.now_micros() as u64)
}

/// One read `spike` ahead, between good ones: it must neither fail nor move the ids ahead,
/// and the ids after it follow the clock again at once.
fn survives_one_spike<T: Ord + Copy + Debug>(
    clock: &ManualClock,
    spike: impl Fn(&ManualClock) -> Duration,
    next: impl Fn() -> Result<T, Error>,
    micros: impl Fn(&T) -> i64,
    at: impl Fn(i64) -> i64,
) {
    let first = next().unwrap();
    clock.advance(Duration::from_millis(1));
    let spike = spike(clock);
    clock.step_forward(spike);
    let spiked = next().expect("the spiked read");
    clock.step_back(spike);
    assert!(spiked > first);
    assert!(
        micros(&spiked) <= START + 1_000,
        "held back: {} µs ahead",
        micros(&spiked) - START - 1_000
    );
    let mut last = spiked;
    for step in 0..200 {
        clock.advance(Duration::from_millis(1));
        let id = next().unwrap_or_else(|err| panic!("step {step}: {err}"));
        assert!(id > last, "step {step}: {id:?} after {last:?}");
        assert_eq!(micros(&id), at(clock.now_micros()), "step {step}");
        last = id;
    }
}

/// A step an hour forward that holds: held back for a second, then followed.
fn follows_a_step_that_holds<T: Ord + Copy + Debug>(
    clock: &ManualClock,
    next: impl Fn() -> Result<T, Error>,
    micros: impl Fn(&T) -> i64,
    at: impl Fn(i64) -> i64,
) {
    let mut last = next().unwrap();
    clock.step_forward(HOUR);
    for step in 0..20 {
        let id = next().unwrap();
        assert!(id > last);
        let taken = micros(&id) >= START + 3_600_000_000;
        // 50 ms a step: held back for the first second (20 steps = 0.95 s), never later.
        assert!(!taken, "step {step}: taken after {} ms", step * 50);
        last = id;
        clock.advance(Duration::from_millis(50));
    }
    clock.advance(Duration::from_millis(100));
    let id = next().unwrap();
    assert!(id > last);
    assert_eq!(micros(&id), at(clock.now_micros()), "followed once it held");
}

/// A wall clock 0.05% fast, then 0.05% slow, against the time passed: followed exactly.
fn follows_a_smear<T: Ord + Copy + Debug>(
    clock: &ManualClock,
    next: impl Fn() -> Result<T, Error>,
    micros: impl Fn(&T) -> i64,
    at: impl Fn(i64) -> i64,
) {
    let mut last = next().unwrap();
    for step in 0..4000 {
        clock.advance(Duration::from_millis(10));
        if step < 2000 {
            clock.step_forward(Duration::from_micros(5));
        } else {
            clock.step_back(Duration::from_micros(5));
        }
        let id = next().unwrap();
        assert!(id > last);
        assert_eq!(micros(&id), at(clock.now_micros()), "step {step}");
        last = id;
    }
}

/// A step back of an hour: ids go on increasing from the last one, then follow the clock
/// once it is past them.
fn continues_through_a_step_back<T: Ord + Copy + Debug>(
    clock: &ManualClock,
    next: impl Fn() -> Result<T, Error>,
    micros: impl Fn(&T) -> i64,
    at: impl Fn(i64) -> i64,
) {
    let mut last = next().unwrap();
    clock.step_back(HOUR);
    for _ in 0..100 {
        clock.advance(Duration::from_millis(1));
        let id = next().unwrap();
        assert!(id > last);
        assert!(micros(&id) >= START && micros(&id) < START + 1_000 * 1_000);
        last = id;
    }
    clock.advance(HOUR);
    let id = next().unwrap();
    assert!(id > last);
    assert_eq!(micros(&id), at(clock.now_micros()));
}

/// Threads sharing a generator while another thread spikes the clock (an hour, and 2255),
/// steps it back and moves it on. No id repeats, each thread's ids strictly increase, and no
/// id is further ahead of the time passed than one wrong read may put it (plus one count-up
/// step per id). Errors `tolerated` (a TBSL clock policy's) are skipped.
fn stress<T: Ord + Copy + Debug + Hash + Send>(
    clock: &ManualClock,
    next: impl Fn() -> Result<T, Error> + Sync,
    micros: impl Fn(&T) -> i64,
    tolerated: impl Fn(&Error) -> bool + Sync,
) {
    const THREADS: usize = 4;
    const PER_THREAD: usize = 5_000;
    // The first reading has nothing to be checked against: take it before the clock jumps.
    let first = next().unwrap();
    let (started, done) = (AtomicBool::new(false), AtomicBool::new(false));
    let ids: Vec<Vec<T>> = thread::scope(|s| {
        let stepper = s.spawn(|| {
            let mut cycles = 0u32;
            let mut settled = false;
            while !done.load(Ordering::Relaxed) {
                clock.step_forward(HOUR);
                started.store(true, Ordering::Relaxed);
                thread::yield_now();
                clock.step_back(HOUR);
                let far = to_2255(clock);
                clock.step_forward(far);
                thread::yield_now();
                clock.step_back(far);
                // Time passes, the clock steps back a little (net: on), but never a second in
                // all: a jump must not hold long enough to be taken.
                if clock.monotonic_micros().unwrap() < 900_000 {
                    clock.advance(Duration::from_micros(200));
                    thread::yield_now();
                    clock.step_back(Duration::from_micros(100));
                } else if !settled {
                    // Past every id so far, so that no clock policy waits for ever.
                    clock.advance(Duration::from_millis(1));
                    settled = true;
                }
                cycles += 1;
                thread::yield_now();
            }
            cycles
        });
        let workers: Vec<_> = (0..THREADS)
            .map(|_| {
                s.spawn(|| {
                    while !started.load(Ordering::Relaxed) {
                        thread::yield_now();
                    }
                    let mut ids = Vec::with_capacity(PER_THREAD + 1);
                    let mut attempts = 0;
                    while ids.len() < PER_THREAD {
                        attempts += 1;
                        assert!(attempts < 100 * PER_THREAD, "too many errors");
                        match next() {
                            Ok(id) => {
                                if let Some(last) = ids.last() {
                                    assert!(id > *last, "{id:?} after {last:?}");
                                }
                                ids.push(id);
                            }
                            Err(err) if tolerated(&err) => {}
                            Err(err) => panic!("{err}"),
                        }
                    }
                    ids
                })
            })
            .collect();
        let ids = workers.into_iter().map(|w| w.join().unwrap()).collect();
        done.store(true, Ordering::Relaxed);
        assert!(stepper.join().unwrap() > 0, "the clock never jumped");
        ids
    });
    let mut all: Vec<T> = ids.into_iter().flatten().collect();
    assert!(all.iter().all(|id| *id > first));
    all.push(first);
    let distinct: HashSet<T> = all.iter().copied().collect();
    assert_eq!(distinct.len(), all.len(), "an id repeated");
    let passed = clock.monotonic_micros().unwrap();
    let bound = START + passed + SLACK + passed / 1024 + all.len() as i64 + 2_000;
    let latest = all.iter().map(&micros).max().unwrap();
    assert!(latest <= bound, "{} µs past the bound", latest - bound);
}

/// The fault tests for one generator: `$make` builds it on a `&ManualClock`, `$next` makes an
/// id (a `Result`), `$micros` tells an id's time in µs, `$at` what an id made at a clock
/// reading carries.
macro_rules! clock_faults {
    ($name:ident, $make:expr, $next:expr, $micros:expr, $at:expr, $tolerated:expr) => {
        mod $name {
            use super::*;

            #[test]
            fn one_read_an_hour_ahead_is_held_back() {
                let clock = ManualClock::new(START);
                let generator = $make(&clock);
                survives_one_spike(&clock, |_| HOUR, || $next(&generator), $micros, $at);
            }

            #[test]
            fn one_read_in_2255_is_held_back() {
                let clock = ManualClock::new(START);
                let generator = $make(&clock);
                survives_one_spike(&clock, to_2255, || $next(&generator), $micros, $at);
            }

            #[test]
            fn a_step_forward_that_holds_is_followed_after_a_second() {
                let clock = ManualClock::new(START);
                let generator = $make(&clock);
                follows_a_step_that_holds(&clock, || $next(&generator), $micros, $at);
            }

            #[test]
            fn a_smeared_clock_is_followed_exactly() {
                let clock = ManualClock::new(START);
                let generator = $make(&clock);
                follows_a_smear(&clock, || $next(&generator), $micros, $at);
            }

            #[test]
            fn threads_never_repeat_while_the_clock_jumps_back_and_forth() {
                let clock = ManualClock::new(START);
                let generator = $make(&clock);
                stress(&clock, || $next(&generator), $micros, $tolerated);
            }
        }
    };
}

fn none(_: &Error) -> bool {
    false
}

fn same(micros: i64) -> i64 {
    micros
}

fn to_millis(micros: i64) -> i64 {
    micros / 1000 * 1000
}

clock_faults!(
    tid,
    idtypes::tid::TidGenerator::with_clock,
    |g: &idtypes::tid::TidGenerator<&ManualClock>| g.try_next(),
    |id: &Tid| id.timestamp_micros() as i64,
    same,
    none
);

clock_faults!(
    time_id,
    idtypes::time_id::TimeIdGenerator::with_clock,
    |g: &idtypes::time_id::TimeIdGenerator<&ManualClock>| g.try_next(),
    |id: &idtypes::TimeId| id.timestamp_micros(),
    same,
    none
);

clock_faults!(
    xid,
    idtypes::uid11::Uid11XidGenerator::with_clock,
    |g: &idtypes::uid11::Uid11XidGenerator<&ManualClock>| g.try_next(),
    |id: &idtypes::Uid11Xid| id.timestamp_millis() as i64 * 1000,
    to_millis,
    none
);

clock_faults!(
    snowish,
    |clock| idtypes::uid11::SnowishGenerator::with_clock(clock, 7).unwrap(),
    |g: &idtypes::uid11::SnowishGenerator<&ManualClock>| g.try_next(),
    |id: &idtypes::Snowish| id.timestamp_millis() as i64 * 1000,
    to_millis,
    none
);

clock_faults!(
    snowflake,
    |clock| {
        let epoch = idtypes::snowflake::SnowflakeEpoch::DISCORD;
        idtypes::snowflake::SnowflakeGenerator::with_clock(clock, epoch, 7).unwrap()
    },
    |g: &idtypes::snowflake::SnowflakeGenerator<&ManualClock>| g.try_next(),
    |id: &idtypes::Snowflake| {
        id.timestamp_millis(idtypes::snowflake::SnowflakeEpoch::DISCORD) as i64 * 1000
    },
    to_millis,
    none
);

clock_faults!(
    ts_seq_rand,
    idtypes::uid11::TsSeqRandGenerator::with_clock,
    |g: &idtypes::uid11::TsSeqRandGenerator<&ManualClock>| g.try_next(),
    |id: &idtypes::TsSeqRand| id.timestamp_millis() as i64 * 1000,
    to_millis,
    none
);

// TBSL with the `Error` policy: a spike must not make it fail; a real step back does.
clock_faults!(
    tbsl_error_policy,
    |clock| {
        idtypes::tbsl::TbslGenerator::with_clock(clock, 7)
            .unwrap()
            .with_policy(idtypes::tbsl::ClockPolicy::Error)
    },
    |g: &idtypes::tbsl::TbslGenerator<&ManualClock>| g.try_next(),
    |id: &idtypes::Tbsl| id.timestamp_micros() as i64,
    same,
    |err: &Error| err.kind() == ErrorKind::ClockBackwards
);

// TBSL with the default `Wait` policy (1 s): a spike must cost no wait at all (each would
// otherwise fail after waiting a second).
clock_faults!(
    tbsl_wait_policy,
    |clock| idtypes::tbsl::TbslGenerator::with_clock(clock, 7).unwrap(),
    |g: &idtypes::tbsl::TbslGenerator<&ManualClock>| g.try_next(),
    |id: &idtypes::Tbsl| id.timestamp_micros() as i64,
    same,
    none
);

#[test]
fn tids_continue_through_a_step_back() {
    let clock = ManualClock::new(START);
    let generator = idtypes::tid::TidGenerator::with_clock(&clock);
    continues_through_a_step_back(
        &clock,
        || generator.try_next(),
        |id| id.timestamp_micros() as i64,
        same,
    );
}

#[test]
fn time_ids_continue_through_a_step_back() {
    let clock = ManualClock::new(START);
    let generator = idtypes::time_id::TimeIdGenerator::with_clock(&clock);
    continues_through_a_step_back(
        &clock,
        || generator.try_next(),
        |id| id.timestamp_micros(),
        same,
    );
}

#[test]
fn uid11_ids_continue_through_a_step_back() {
    let clock = ManualClock::new(START);
    let xids = idtypes::uid11::Uid11XidGenerator::with_clock(&clock);
    continues_through_a_step_back(
        &clock,
        || xids.try_next(),
        |id| id.timestamp_millis() as i64 * 1000,
        to_millis,
    );
    let clock = ManualClock::new(START);
    let snowish = idtypes::uid11::SnowishGenerator::with_clock(&clock, 1).unwrap();
    continues_through_a_step_back(
        &clock,
        || snowish.try_next(),
        |id| id.timestamp_millis() as i64 * 1000,
        to_millis,
    );
    let clock = ManualClock::new(START);
    let epoch = idtypes::snowflake::SnowflakeEpoch::TWITTER;
    let snowflake = idtypes::snowflake::SnowflakeGenerator::with_clock(&clock, epoch, 1).unwrap();
    continues_through_a_step_back(
        &clock,
        || snowflake.try_next(),
        |id| id.timestamp_millis(epoch) as i64 * 1000,
        to_millis,
    );
    let clock = ManualClock::new(START);
    let ts_seq_rand = idtypes::uid11::TsSeqRandGenerator::with_clock(&clock);
    continues_through_a_step_back(
        &clock,
        || ts_seq_rand.try_next(),
        |id| id.timestamp_millis() as i64 * 1000,
        to_millis,
    );
}

#[test]
fn tbsl_applies_its_policy_to_a_step_back_and_recovers() {
    use idtypes::tbsl::{ClockPolicy, TbslGenerator};
    let clock = ManualClock::new(START);
    let failing = TbslGenerator::with_clock(&clock, 1)
        .unwrap()
        .with_policy(ClockPolicy::Error);
    let waiting = TbslGenerator::with_clock(&clock, 2)
        .unwrap()
        .with_policy(ClockPolicy::Wait {
            timeout: Duration::from_millis(5),
        });
    let (a, b) = (failing.try_next().unwrap(), waiting.try_next().unwrap());
    clock.step_back(HOUR);
    for generator in [&failing, &waiting] {
        let err = generator.try_next().unwrap_err();
        assert_eq!(err.kind(), ErrorKind::ClockBackwards);
    }
    clock.advance(HOUR + Duration::from_micros(1));
    assert!(failing.try_next().unwrap() > a);
    assert!(waiting.try_next().unwrap() > b);
}

#[test]
fn a_clock_of_your_own_without_a_monotonic_reading_is_followed_anywhere() {
    struct Replay(ManualClock);
    impl Clock for Replay {
        fn now_micros(&self) -> i64 {
            self.0.now_micros()
        }
    }
    let clock = Replay(ManualClock::new(START));
    let generator = idtypes::tid::TidGenerator::with_clock(&clock);
    generator.next();
    clock.0.step_forward(HOUR);
    assert_eq!(
        generator.next().timestamp_micros(),
        (START + 3_600_000_000) as u64
    );
}
