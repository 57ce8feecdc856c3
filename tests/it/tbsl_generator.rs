//! `TbslGenerator` on a manual clock (bursts, clock policies, used-up microseconds, random
//! mode), the in-memory sequence, threads sharing a generator on the system clock, and serde
//! of structs holding TBSLs (the verified errata, in the README).

use std::{
    collections::HashSet,
    sync::{
        Arc,
        atomic::{AtomicBool, AtomicU64, Ordering},
    },
    thread,
    time::{Duration, Instant},
};

use idtypes::{Clock, ErrorKind, ManualClock, SystemClock, Tbsl};

use idtypes::tbsl::{ClockPolicy, MemorySequence, SequenceProvider, TbslGenerator, TbslMode};
use idtypes_tests::{SetOnDrop, assert_all_distinct, generate_in_order_from_threads};
use serde::{Deserialize, Serialize};

/// 2023-11-14T22:13:20.123456Z, in Unix microseconds.
const NOW: i64 = 1_700_000_000_123_456;

/// How long a helper thread waits, once the generator is called, before it moves the clock.
const DELAY: Duration = Duration::from_millis(5);

/// A `Wait` policy long enough that only a broken generator runs into it.
const PATIENT: ClockPolicy = ClockPolicy::Wait {
    timeout: Duration::from_secs(10),
};

fn micros(id: Tbsl) -> i64 {
    id.timestamp_micros() as i64
}

/// Calls `generate` while a helper thread, once the call has started and `DELAY` has passed,
/// runs `move_clock`. Returns the result and how long the call took. The helper is stopped
/// by a `SetOnDrop` if anything panics, so a failure cannot leave the test waiting.
fn with_clock_moved_during<T: Send>(
    generate: impl FnOnce() -> T,
    move_clock: impl FnOnce() + Send,
) -> (T, Duration) {
    let calling = AtomicBool::new(false);
    let done = AtomicBool::new(false);
    thread::scope(|s| {
        let helper = s.spawn(|| {
            while !calling.load(Ordering::Acquire) {
                if done.load(Ordering::Relaxed) {
                    return false;
                }
                thread::sleep(Duration::from_micros(100));
            }
            let deadline = Instant::now() + DELAY;
            while Instant::now() < deadline {
                if done.load(Ordering::Relaxed) {
                    return false;
                }
                thread::sleep(Duration::from_micros(500));
            }
            move_clock();
            true
        });
        let stop = SetOnDrop(&done);
        // Timed from before the helper can start its delay: the call cannot look shorter.
        let started = Instant::now();
        calling.store(true, Ordering::Release);
        let result = generate();
        let elapsed = started.elapsed();
        drop(stop);
        assert!(helper.join().unwrap(), "the helper did not move the clock");
        (result, elapsed)
    })
}

/// Refuses one microsecond as if its suffixes were used up, and counts the refusals; passes
/// every other microsecond on to a `MemorySequence`.
struct RefusesOneMicrosecond {
    refused: u64,
    refusals: AtomicU64,
    inner: MemorySequence,
}

impl RefusesOneMicrosecond {
    fn new(refused: i64) -> Self {
        RefusesOneMicrosecond {
            refused: refused as u64,
            refusals: AtomicU64::new(0),
            inner: MemorySequence::new(),
        }
    }
}

impl SequenceProvider for RefusesOneMicrosecond {
    fn next_suffix(&self, machine_id: u8, timestamp_micros: u64) -> Option<u32> {
        if timestamp_micros == self.refused {
            self.refusals.fetch_add(1, Ordering::Relaxed);
            return None;
        }
        self.inner.next_suffix(machine_id, timestamp_micros)
    }
}

/// A provider that must not be asked.
struct NeverAsked;

impl SequenceProvider for NeverAsked {
    fn next_suffix(&self, machine_id: u8, timestamp_micros: u64) -> Option<u32> {
        panic!("asked for machine {machine_id} at {timestamp_micros} us");
    }
}

// Sequenced mode.

#[test]
fn a_burst_of_three_in_one_microsecond_has_suffixes_0_1_2() {
    let generator = TbslGenerator::with_clock(ManualClock::new(NOW), 7).unwrap();
    let ids: Vec<Tbsl> = (0..3).map(|_| generator.try_next().unwrap()).collect();
    let texts: Vec<String> = ids.iter().map(Tbsl::to_string).collect();
    assert_eq!(
        texts,
        [
            "25BF6196C8D610700000",
            "25BF6196C8D610700001",
            "25BF6196C8D610700002"
        ]
    );
    for (id, suffix) in ids.iter().zip(0..) {
        assert_eq!(
            (micros(*id), id.machine_id(), id.suffix()),
            (NOW, 7, suffix)
        );
    }
}

#[test]
fn a_new_microsecond_starts_the_suffix_again_at_0() {
    let clock = ManualClock::new(NOW);
    let generator = TbslGenerator::with_clock(&clock, 7).unwrap();
    assert_eq!(generator.try_next().unwrap().suffix(), 0);
    assert_eq!(generator.try_next().unwrap().suffix(), 1);
    clock.advance(Duration::from_micros(1));
    let id = generator.try_next().unwrap();
    assert_eq!((micros(id), id.suffix()), (NOW + 1, 0));
}

#[test]
fn the_generator_refuses_machine_id_100() {
    for machine in [100, 255] {
        let err = TbslGenerator::with_clock(ManualClock::new(NOW), machine).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{machine}");
        assert_eq!(
            TbslGenerator::new(machine).unwrap_err().kind(),
            ErrorKind::OutOfRange
        );
    }
    assert_eq!(TbslGenerator::new(99).unwrap().machine_id(), 99);
}

// Clock policies.

#[test]
fn the_default_clock_policy_is_wait_for_one_second() {
    let generator = TbslGenerator::with_clock(ManualClock::new(NOW), 0).unwrap();
    assert_eq!(
        generator.policy(),
        ClockPolicy::Wait {
            timeout: Duration::from_secs(1)
        }
    );
    assert_eq!(ClockPolicy::default(), generator.policy());
}

#[test]
fn a_clock_stepped_back_is_clock_backwards_under_clock_policy_error() {
    let clock = ManualClock::new(NOW);
    let generator = TbslGenerator::with_clock(&clock, 7)
        .unwrap()
        .with_policy(ClockPolicy::Error);
    let first = generator.try_next().unwrap();
    clock.step_back(Duration::from_micros(10));
    let started = Instant::now();
    let err = generator.try_next().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::ClockBackwards);
    assert_eq!(
        err.to_string(),
        "TBSL generator: the clock went back 10 µs and the policy is to fail"
    );
    // At once: no waiting.
    assert!(started.elapsed() < Duration::from_millis(500));
    // Once the clock is back, ids follow it again, after the first.
    clock.set_micros(NOW + 1);
    let next = generator.try_next().unwrap();
    assert!(next > first);
    assert_eq!((micros(next), next.suffix()), (NOW + 1, 0));
}

#[test]
fn equal_time_is_not_going_back() {
    let generator = TbslGenerator::with_clock(ManualClock::new(NOW), 7)
        .unwrap()
        .with_policy(ClockPolicy::Error);
    let first = generator.try_next().unwrap();
    let second = generator.try_next().unwrap();
    assert_eq!(micros(second), micros(first));
    assert!(second > first);
}

#[test]
fn a_clock_stepped_back_gives_a_later_id_under_clock_policy_wait() {
    let clock = ManualClock::new(NOW);
    let generator = TbslGenerator::with_clock(&clock, 7)
        .unwrap()
        .with_policy(PATIENT);
    let first = generator.try_next().unwrap();
    clock.step_back(Duration::from_micros(10));
    let (second, elapsed) =
        with_clock_moved_during(|| generator.try_next(), || clock.set_micros(NOW + 5));
    let second = second.unwrap();
    assert!(second > first, "{first:?} then {second:?}");
    assert_eq!((micros(second), second.suffix()), (NOW + 5, 0));
    // It waited for the clock, rather than handing out an id of the earlier time.
    assert!(elapsed >= DELAY, "returned after {elapsed:?}");
}

#[test]
fn wait_gives_up_with_clock_backwards_after_its_timeout_if_the_clock_never_comes_back() {
    let timeout = Duration::from_millis(30);
    let clock = ManualClock::new(NOW);
    let generator = TbslGenerator::with_clock(&clock, 7)
        .unwrap()
        .with_policy(ClockPolicy::Wait { timeout });
    generator.try_next().unwrap();
    clock.step_back(Duration::from_secs(1));
    let started = Instant::now();
    let err = generator.try_next().unwrap_err();
    let elapsed = started.elapsed();
    assert_eq!(err.kind(), ErrorKind::ClockBackwards);
    assert_eq!(
        err.to_string(),
        "TBSL generator: the clock stayed 1000000 µs behind the last id longer than the \
         policy waits"
    );
    assert!(elapsed >= timeout, "gave up after {elapsed:?}");
    assert!(
        elapsed < Duration::from_secs(5),
        "gave up only after {elapsed:?}"
    );
}

// A used-up microsecond.

#[test]
fn exhaustion_moves_to_the_next_microsecond() {
    let clock = ManualClock::new(NOW);
    let provider = RefusesOneMicrosecond::new(NOW);
    let generator = TbslGenerator::with_provider(&clock, &provider, 7)
        .unwrap()
        .with_policy(PATIENT);
    let (id, elapsed) = with_clock_moved_during(
        || generator.try_next(),
        || clock.advance(Duration::from_micros(1)),
    );
    let id = id.unwrap();
    assert_eq!((micros(id), id.machine_id(), id.suffix()), (NOW + 1, 7, 0));
    assert!(provider.refusals.load(Ordering::Relaxed) >= 1);
    assert!(elapsed >= DELAY, "returned after {elapsed:?}");
}

#[test]
fn a_microsecond_whose_1048576_suffixes_are_used_up_moves_to_the_next_microsecond() {
    let clock = ManualClock::new(NOW);
    let sequence = MemorySequence::new();
    for _ in 0..=Tbsl::MAX_SUFFIX {
        sequence.next_suffix(7, NOW as u64).unwrap();
    }
    let generator = TbslGenerator::with_provider(&clock, &sequence, 7)
        .unwrap()
        .with_policy(PATIENT);
    let (id, elapsed) = with_clock_moved_during(
        || generator.try_next(),
        || clock.advance(Duration::from_micros(1)),
    );
    let id = id.unwrap();
    assert_eq!((micros(id), id.suffix()), (NOW + 1, 0));
    assert!(elapsed >= DELAY, "returned after {elapsed:?}");
}

#[test]
fn a_used_up_microsecond_is_exhausted_when_no_new_one_comes_within_the_timeout() {
    let timeout = Duration::from_millis(30);
    let provider = RefusesOneMicrosecond::new(NOW);
    let generator = TbslGenerator::with_provider(ManualClock::new(NOW), &provider, 7)
        .unwrap()
        .with_policy(ClockPolicy::Wait { timeout });
    let started = Instant::now();
    let err = generator.try_next().unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Exhausted);
    assert!(started.elapsed() >= timeout);
}

#[test]
fn the_generator_is_exhausted_past_2335_05_07t23_44_06_068469z() {
    let latest = Tbsl::MAX_TIMESTAMP_MICROS as i64;
    let at_the_end = TbslGenerator::with_clock(ManualClock::new(latest), 75).unwrap();
    let id = at_the_end.try_next().unwrap();
    assert_eq!(
        (id.timestamp_micros(), id.machine_id()),
        (Tbsl::MAX_TIMESTAMP_MICROS, 75)
    );
    let machine_76 = TbslGenerator::with_clock(ManualClock::new(latest), 76).unwrap();
    assert_eq!(
        machine_76.try_next().unwrap_err().kind(),
        ErrorKind::Exhausted
    );
    let later = TbslGenerator::with_clock(ManualClock::new(latest + 1), 0).unwrap();
    assert_eq!(later.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
}

// The in-memory sequence.

#[test]
fn memory_sequence_hands_out_0_to_0xfffff_per_machine_and_microsecond_then_none() {
    let sequence = MemorySequence::new();
    for expected in 0..=Tbsl::MAX_SUFFIX {
        assert_eq!(sequence.next_suffix(3, 5), Some(expected));
    }
    assert_eq!(sequence.next_suffix(3, 5), None);
    assert_eq!(sequence.next_suffix(3, 5), None);
    // Another machine, and a later microsecond, start again at 0.
    assert_eq!(sequence.next_suffix(4, 5), Some(0));
    assert_eq!(sequence.next_suffix(3, 6), Some(0));
    assert_eq!(sequence.next_suffix(3, 6), Some(1));
}

#[test]
fn memory_sequence_counts_each_machine_separately() {
    let sequence = MemorySequence::new();
    for machine in 0..=99 {
        assert_eq!(sequence.next_suffix(machine, 1_000), Some(0), "{machine}");
    }
    for machine in 0..=99 {
        assert_eq!(sequence.next_suffix(machine, 1_000), Some(1), "{machine}");
    }
}

#[test]
fn memory_sequence_refuses_older_microseconds() {
    let sequence = MemorySequence::new();
    assert_eq!(sequence.next_suffix(7, 100), Some(0));
    assert_eq!(sequence.next_suffix(7, 101), Some(0));
    assert_eq!(sequence.next_suffix(7, 100), None);
    assert_eq!(sequence.next_suffix(7, 0), None);
    // The latest microsecond goes on, and other machines are not affected.
    assert_eq!(sequence.next_suffix(7, 101), Some(1));
    assert_eq!(sequence.next_suffix(8, 100), Some(0));
}

#[test]
fn memory_sequence_starts_at_microsecond_0_like_any_other() {
    let sequence = MemorySequence::default();
    assert_eq!(sequence.next_suffix(0, 0), Some(0));
    assert_eq!(sequence.next_suffix(0, 0), Some(1));
    assert_eq!(sequence.next_suffix(0, 1), Some(0));
    assert_eq!(sequence.next_suffix(0, 0), None);
}

#[test]
fn generators_sharing_a_memory_sequence_never_repeat_an_id() {
    let clock = ManualClock::new(NOW);
    let sequence = Arc::new(MemorySequence::new());
    let a = TbslGenerator::with_provider(&clock, Arc::clone(&sequence), 7).unwrap();
    let b = TbslGenerator::with_provider(&clock, sequence, 7).unwrap();
    let ids = [a.try_next(), b.try_next(), a.try_next(), b.try_next()].map(Result::unwrap);
    let suffixes = ids.map(Tbsl::suffix);
    assert_eq!(suffixes, [0, 1, 2, 3]);
}

// Random mode.

#[test]
fn random_mode_gives_suffixes_in_range_on_the_clocks_microsecond() {
    let clock = ManualClock::new(NOW);
    let generator = TbslGenerator::with_clock(&clock, 7)
        .unwrap()
        .with_mode(TbslMode::Random);
    let ids: Vec<Tbsl> = (0..2000).map(|_| generator.try_next().unwrap()).collect();
    for id in &ids {
        assert_eq!((micros(*id), id.machine_id()), (NOW, 7), "{id:?}");
        assert!(id.suffix() <= Tbsl::MAX_SUFFIX);
    }
    // 2000 draws of 20 bits: a handful of repeats at most, never a constant.
    let distinct: HashSet<u32> = ids.iter().map(|id| id.suffix()).collect();
    assert!(
        distinct.len() > 1900,
        "{} distinct suffixes",
        distinct.len()
    );
    // The high and low bits both vary.
    assert!(ids.iter().any(|id| id.suffix() >= 0x8_0000));
    assert!(ids.iter().any(|id| id.suffix() & 1 == 1));
    clock.advance(Duration::from_micros(3));
    assert_eq!(micros(generator.try_next().unwrap()), NOW + 3);
}

#[test]
fn random_mode_does_not_ask_the_sequence_provider() {
    let generator = TbslGenerator::with_provider(ManualClock::new(NOW), NeverAsked, 7)
        .unwrap()
        .with_mode(TbslMode::Random);
    for _ in 0..100 {
        assert_eq!(micros(generator.try_next().unwrap()), NOW);
    }
}

#[test]
fn random_mode_also_refuses_a_clock_stepped_back_under_clock_policy_error() {
    let clock = ManualClock::new(NOW);
    let generator = TbslGenerator::with_clock(&clock, 7)
        .unwrap()
        .with_mode(TbslMode::Random)
        .with_policy(ClockPolicy::Error);
    generator.try_next().unwrap();
    clock.step_back(Duration::from_micros(1));
    assert_eq!(
        generator.try_next().unwrap_err().kind(),
        ErrorKind::ClockBackwards
    );
}

// Threads.

#[test]
fn four_threads_of_5000_ids_from_one_shared_sequenced_generator_on_the_system_clock_are_all_distinct()
 {
    const THREADS: usize = 4;
    const PER_THREAD: usize = 5000;
    let generator = TbslGenerator::with_provider(SystemClock, MemorySequence::new(), 42).unwrap();
    let before = SystemClock.now_micros();
    let per_thread: Vec<Vec<Tbsl>> = thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|_| {
                s.spawn(|| {
                    (0..PER_THREAD)
                        .map(|_| generator.try_next().unwrap())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let after = SystemClock.now_micros();
    for (worker, ids) in per_thread.iter().enumerate() {
        assert_eq!(ids.len(), PER_THREAD);
        // Each thread sees its own ids increase.
        for pair in ids.windows(2) {
            assert!(
                pair[0] < pair[1],
                "worker {worker}: {:?} then {:?}",
                pair[0],
                pair[1]
            );
        }
    }
    let ids: Vec<Tbsl> = per_thread.into_iter().flatten().collect();
    let distinct: HashSet<Tbsl> = ids.iter().copied().collect();
    assert_eq!(
        distinct.len(),
        ids.len(),
        "{} repeats",
        ids.len() - distinct.len()
    );
    for id in &ids {
        assert_eq!(id.machine_id(), 42);
        assert!(
            (before..=after).contains(&micros(*id)),
            "{id:?} not in {before}..={after}"
        );
    }
}

#[test]
fn ids_from_one_shared_sequenced_generator_increase_across_threads_in_the_order_they_are_made() {
    let generator = TbslGenerator::new(42).unwrap();
    let ids = generate_in_order_from_threads(|| generator.try_next().unwrap(), |a, b| a < b);
    assert_all_distinct(&ids);
}

#[test]
fn generators_of_their_own_with_their_own_machine_ids_give_threads_distinct_ids() {
    // One generator per thread, each with its machine id, all on one in-memory sequence.
    let sequence = MemorySequence::new();
    let per_thread: Vec<Vec<Tbsl>> = thread::scope(|s| {
        let workers: Vec<_> = (0..4u8)
            .map(|machine_id| {
                let sequence = &sequence;
                s.spawn(move || {
                    let generator =
                        TbslGenerator::with_provider(SystemClock, sequence, machine_id).unwrap();
                    let ids: Vec<Tbsl> = (0..5000).map(|_| generator.try_next().unwrap()).collect();
                    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
                    assert!(ids.iter().all(|id| id.machine_id() == machine_id));
                    ids
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    assert_all_distinct(&per_thread.concat());
}

// Serde.

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Record {
    id: Tbsl,
    parent: Option<Tbsl>,
}

#[test]
fn serde_json_round_trips_a_struct_with_a_tbsl_and_an_option_of_one_as_uppercase_hex() {
    let record = Record {
        id: "25BF6196C8D610700001".parse().unwrap(),
        parent: Some("25BF6196C8D610700000".parse().unwrap()),
    };
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        r#"{"id":"25BF6196C8D610700001","parent":"25BF6196C8D610700000"}"#
    );
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);

    let orphan = Record {
        id: Tbsl::MAX,
        parent: None,
    };
    let json = serde_json::to_string(&orphan).unwrap();
    assert_eq!(json, r#"{"id":"FFFFFFFFFFFFFFFFFFFF","parent":null}"#);
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), orphan);
}

#[test]
fn serde_json_refuses_a_tbsl_that_is_not_canonical_text() {
    for json in [
        r#"{"id":"25bf6196c8d610700001","parent":null}"#,
        r#"{"id":"25BF6196C8D61070000","parent":null}"#,
        r#"{"id":"25BF6196C8D610700001","parent":"25BF6196C8D610700001\n"}"#,
        r#"{"id":"3818S45pyczRN8","parent":null}"#,
    ] {
        assert!(serde_json::from_str::<Record>(json).is_err(), "{json}");
    }
}

#[test]
fn serde_json_round_trips_generated_ids() {
    let generator = TbslGenerator::new(5).unwrap();
    for _ in 0..100 {
        let record = Record {
            id: generator.try_next().unwrap(),
            parent: generator.try_next().ok(),
        };
        let json = serde_json::to_string(&record).unwrap();
        assert_eq!(
            json,
            format!(
                r#"{{"id":"{}","parent":"{}"}}"#,
                record.id,
                record.parent.unwrap()
            )
        );
        assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
    }
}
