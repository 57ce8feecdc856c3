//! The uid11 generators (`Uid11XidGenerator`, `SnowishGenerator`, `TsSeqRandGenerator`) shared
//! between threads, on the system clock and on a clock that jumps around; bursts within one
//! millisecond; xid's random mode; and serde of a struct holding uid11 ids.

use std::{collections::HashSet, fmt::Debug, sync::Arc, time::Duration};

use idtypes::{ErrorKind, ManualClock, Snowish, TsSeqRand, Uid11, Uid11Xid};

use idtypes::uid11::{
    SnowishGenerator, TsSeqRandGenerator, UID11_XID_EPOCH_MILLIS, Uid11XidGenerator, Uid11XidMode,
};
use idtypes_tests::{
    PER_THREAD, THREADS, assert_all_distinct, generate_from_threads,
    generate_in_order_from_threads, with_a_jumping_clock,
};
use serde::{Deserialize, Serialize};

/// 2023-11-14T22:13:20.123456Z, in Unix microseconds: not on a millisecond boundary.
const START: i64 = 1_700_000_000_123_456;
/// The Unix millisecond of `START`.
const START_MILLIS: u64 = 1_700_000_000_123;

/// Microseconds of a Unix millisecond.
fn micros(millis: u64) -> i64 {
    millis as i64 * 1000
}

// ---------------------------------------------------------------------------------------------
// Many threads, one generator

#[test]
fn xids_from_one_generator_shared_by_threads_are_distinct_and_increase_per_thread() {
    let generator = Uid11XidGenerator::new();
    assert_eq!(generator.mode(), Uid11XidMode::Monotonic);
    let ids = generate_from_threads(|| generator.next(), |a, b| a < b);
    assert_eq!(ids.len(), THREADS * PER_THREAD);
    assert_all_distinct(&ids);
}

#[test]
fn snowish_ids_from_one_generator_shared_by_threads_are_distinct_and_increase_per_thread() {
    let generator = SnowishGenerator::new(513).unwrap();
    let ids = generate_from_threads(|| generator.next(), |a, b| a < b);
    assert_all_distinct(&ids);
    assert!(ids.iter().all(|id| id.machine_id() == 513));
    assert!(ids.iter().all(|id| id.to_u64() >> 63 == 0));
}

#[test]
fn ts_seq_rand_ids_from_one_generator_shared_by_threads_are_distinct_and_increase_per_thread() {
    let generator = TsSeqRandGenerator::new();
    let ids = generate_from_threads(|| generator.next(), |a, b| a < b);
    assert_all_distinct(&ids);
}

#[test]
fn ids_from_one_generator_shared_by_threads_increase_in_the_order_they_are_made() {
    let xids = Uid11XidGenerator::new();
    assert_all_distinct(&generate_in_order_from_threads(
        || xids.next(),
        |a, b| a < b,
    ));
    let snowish = SnowishGenerator::new(513).unwrap();
    assert_all_distinct(&generate_in_order_from_threads(
        || snowish.next(),
        |a, b| a < b,
    ));
    let ts_seq_rand = TsSeqRandGenerator::new();
    assert_all_distinct(&generate_in_order_from_threads(
        || ts_seq_rand.next(),
        |a, b| a < b,
    ));
}

#[test]
fn xid_now_from_several_threads_never_repeats() {
    let ids = generate_from_threads(Uid11Xid::now, |a, b| a < b);
    assert_all_distinct(&ids);
}

// ---------------------------------------------------------------------------------------------
// Many threads, one generator, a clock stepped backwards and forwards

#[test]
fn xids_stay_distinct_and_increasing_while_the_clock_steps_back_and_forth() {
    let clock = Arc::new(ManualClock::new(START));
    let generator = Uid11XidGenerator::with_clock(Arc::clone(&clock));
    let ids = with_a_jumping_clock(&clock, START, || {
        generate_from_threads(|| generator.next(), |a, b| a < b)
    });
    assert_eq!(ids.len(), THREADS * PER_THREAD);
    assert_all_distinct(&ids);

    // Once the clock passes everything handed out, xids follow the clock again.
    let last = *ids.iter().max().unwrap();
    let later = last.timestamp_millis() + 1000;
    clock.set_micros(micros(later));
    let next = generator.next();
    assert!(next > last);
    assert_eq!(next.timestamp_millis(), later);
}

#[test]
fn snowish_ids_stay_distinct_and_increasing_while_the_clock_steps_back_and_forth() {
    let clock = Arc::new(ManualClock::new(START));
    let generator = SnowishGenerator::with_clock(Arc::clone(&clock), 42).unwrap();
    let ids = with_a_jumping_clock(&clock, START, || {
        generate_from_threads(|| generator.next(), |a, b| a < b)
    });
    assert_eq!(ids.len(), THREADS * PER_THREAD);
    assert_all_distinct(&ids);
    assert!(ids.iter().all(|id| id.machine_id() == 42));

    let last = *ids.iter().max().unwrap();
    let later = last.timestamp_millis() + 1000;
    clock.set_micros(micros(later));
    let next = generator.next();
    assert!(next > last);
    assert_eq!((next.timestamp_millis(), next.sequence()), (later, 0));
}

#[test]
fn ts_seq_rand_ids_stay_distinct_and_increasing_while_the_clock_steps_back_and_forth() {
    let clock = Arc::new(ManualClock::new(START));
    let generator = TsSeqRandGenerator::with_clock(Arc::clone(&clock));
    let ids = with_a_jumping_clock(&clock, START, || {
        generate_from_threads(|| generator.next(), |a, b| a < b)
    });
    assert_eq!(ids.len(), THREADS * PER_THREAD);
    assert_all_distinct(&ids);
    // Distinct already in (millisecond, sequence): the random bits are not needed for it.
    let heads: HashSet<(u64, u16)> = ids
        .iter()
        .map(|id| (id.millis_since_epoch(), id.sequence()))
        .collect();
    assert_eq!(heads.len(), ids.len());

    let last = *ids.iter().max().unwrap();
    let later = last.timestamp_millis() + 1000;
    clock.set_micros(micros(later));
    let next = generator.next();
    assert!(next > last);
    assert_eq!((next.timestamp_millis(), next.sequence()), (later, 0));
}

// ---------------------------------------------------------------------------------------------
// A burst within one millisecond

const BURST: usize = 5000;

#[test]
fn a_burst_of_xids_in_one_millisecond_counts_up_by_exactly_1() {
    let generator = Uid11XidGenerator::with_clock(ManualClock::new(START));
    let ids: Vec<Uid11Xid> = (0..BURST).map(|_| generator.next()).collect();
    assert_eq!(ids[0].timestamp_millis(), START_MILLIS);
    for (i, id) in ids.iter().enumerate() {
        assert_eq!(id.to_u64(), ids[0].to_u64() + i as u64, "id {i}");
    }
    // The first xid of the millisecond has random low bits, so the burst may carry into the
    // next millisecond (as monotonic ULID does), never further.
    let last = ids[BURST - 1];
    assert!(last.timestamp_millis() - START_MILLIS <= 1);
}

#[test]
fn an_xid_burst_that_fills_a_millisecond_carries_into_the_next_one() {
    let generator = Uid11XidGenerator::with_clock(ManualClock::new(START));
    let first = generator.next();
    let left = Uid11Xid::MAX_RANDOM - first.random();
    let mut last = first;
    for _ in 0..left {
        last = generator.next();
    }
    assert_eq!(
        (last.timestamp_millis(), last.random()),
        (START_MILLIS, Uid11Xid::MAX_RANDOM)
    );
    let carried = generator.next();
    assert_eq!(
        (carried.timestamp_millis(), carried.random()),
        (START_MILLIS + 1, 0)
    );
}

#[test]
fn a_burst_of_snowish_ids_numbers_the_sequence_and_overflows_after_4096() {
    let generator = SnowishGenerator::with_clock(ManualClock::new(START), 7).unwrap();
    let ids: Vec<Snowish> = (0..BURST).map(|_| generator.next()).collect();
    for (i, id) in ids.iter().enumerate() {
        let (millis, sequence) = if i < 4096 {
            (START_MILLIS, i)
        } else {
            (START_MILLIS + 1, i - 4096)
        };
        assert_eq!(
            (id.timestamp_millis(), id.machine_id(), id.sequence()),
            (millis, 7, sequence as u16),
            "id {i}"
        );
    }
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
}

#[test]
fn a_burst_of_ts_seq_rand_ids_numbers_the_sequence_and_overflows_after_4096() {
    let generator = TsSeqRandGenerator::with_clock(ManualClock::new(START));
    let ids: Vec<TsSeqRand> = (0..BURST).map(|_| generator.next()).collect();
    for (i, id) in ids.iter().enumerate() {
        let (millis, sequence) = if i < 4096 {
            (START_MILLIS, i)
        } else {
            (START_MILLIS + 1, i - 4096)
        };
        assert_eq!(
            (id.timestamp_millis(), id.sequence()),
            (millis, sequence as u16),
            "id {i}"
        );
    }
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    // The 10 low bits are fresh random bits: 5000 draws of 1024 values leave about 8 unseen.
    let randoms: HashSet<u16> = ids.iter().map(|id| id.random()).collect();
    assert!(
        randoms.len() > 950,
        "{} distinct random fields",
        randoms.len()
    );
}

#[test]
fn the_sequence_restarts_at_0_in_each_new_millisecond() {
    let clock = ManualClock::new(START);
    let snowish = SnowishGenerator::with_clock(&clock, 1).unwrap();
    let tsr = TsSeqRandGenerator::with_clock(&clock);
    for step in 0..10 {
        let (a, b) = (snowish.next(), tsr.next());
        assert_eq!((a.sequence(), b.sequence()), (0, 0), "step {step}");
        let (a, b) = (snowish.next(), tsr.next());
        assert_eq!((a.sequence(), b.sequence()), (1, 1), "step {step}");
        assert_eq!(a.timestamp_millis(), START_MILLIS + step);
        assert_eq!(b.timestamp_millis(), START_MILLIS + step);
        clock.advance(Duration::from_millis(1));
    }
}

// ---------------------------------------------------------------------------------------------
// Random mode

#[test]
fn random_mode_stays_on_the_clocks_millisecond_with_fresh_random_bits() {
    let clock = ManualClock::new(START);
    let generator = Uid11XidGenerator::with_clock(&clock).with_mode(Uid11XidMode::Random);
    assert_eq!(generator.mode(), Uid11XidMode::Random);
    // 1000 draws of 22 bits collide with about 11% probability (the verified uid11 figures):
    // allow a few repeats, not many.
    let ids: Vec<Uid11Xid> = (0..1000).map(|_| generator.next()).collect();
    assert!(ids.iter().all(|id| id.timestamp_millis() == START_MILLIS));
    let randoms: HashSet<u32> = ids.iter().map(|id| id.random()).collect();
    assert!(randoms.len() >= 995, "{} distinct", randoms.len());
    // Not counting up: the low bits are not consecutive.
    assert!(
        ids.windows(2)
            .any(|pair| pair[1].to_u64() != pair[0].to_u64() + 1)
    );

    // It follows the clock as it is, also backwards (no monotonic run-ahead).
    clock.step_back(Duration::from_millis(5));
    assert_eq!(generator.next().timestamp_millis(), START_MILLIS - 5);
    clock.advance(Duration::from_secs(1));
    assert_eq!(generator.next().timestamp_millis(), START_MILLIS + 995);
}

// ---------------------------------------------------------------------------------------------
// The ends of time

#[test]
fn generators_report_exhaustion_past_their_last_millisecond() {
    let clock = ManualClock::new(micros(Uid11Xid::MAX_TIMESTAMP_MILLIS));
    let xids = Uid11XidGenerator::with_clock(&clock);
    assert_eq!(
        xids.next().timestamp_millis(),
        Uid11Xid::MAX_TIMESTAMP_MILLIS
    );
    let tsr = TsSeqRandGenerator::with_clock(&clock);
    assert_eq!(
        tsr.next().timestamp_millis(),
        TsSeqRand::MAX_TIMESTAMP_MILLIS
    );
    clock.advance(Duration::from_millis(1));
    assert_eq!(xids.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
    let random = Uid11XidGenerator::with_clock(&clock).with_mode(Uid11XidMode::Random);
    assert_eq!(random.try_next().unwrap_err().kind(), ErrorKind::Exhausted);

    // Snowish ends earlier (41 bits of milliseconds); its last millisecond holds 4096 ids.
    let clock = ManualClock::new(micros(Snowish::MAX_TIMESTAMP_MILLIS));
    let snowish = SnowishGenerator::with_clock(&clock, 0).unwrap();
    for sequence in 0..=4095 {
        let id = snowish.try_next().unwrap();
        assert_eq!(
            (id.timestamp_millis(), id.sequence()),
            (Snowish::MAX_TIMESTAMP_MILLIS, sequence)
        );
    }
    assert_eq!(snowish.try_next().unwrap_err().kind(), ErrorKind::Exhausted);
}

#[test]
fn a_clock_before_the_epoch_gives_ids_at_the_epoch() {
    // A broken clock (1970) neither panics nor yields ids before the epoch: the generators
    // count up from the epoch.
    let clock = ManualClock::new(0);
    let xid = Uid11XidGenerator::with_clock(&clock).next();
    assert_eq!(xid.timestamp_millis(), UID11_XID_EPOCH_MILLIS);
    let snowish = SnowishGenerator::with_clock(&clock, 0).unwrap().next();
    assert_eq!(snowish.timestamp_millis(), UID11_XID_EPOCH_MILLIS);
    let tsr = TsSeqRandGenerator::with_clock(&clock).next();
    assert_eq!(tsr.timestamp_millis(), UID11_XID_EPOCH_MILLIS);
}

// ---------------------------------------------------------------------------------------------
// serde

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Record {
    id: Uid11,
    xid: Uid11Xid,
    parent: Option<Snowish>,
}

#[test]
fn a_struct_with_uid11_xid_and_an_optional_snowish_round_trips_through_json() {
    let record = Record {
        id: Uid11::MAX,
        xid: Uid11Xid::from_parts_since_epoch(86_400_000, 0).unwrap(),
        parent: Some(Snowish::from_parts(1_700_000_000_000, 7, 42).unwrap()),
    };
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        r#"{"id":"jpXCZedGfVQ","xid":"113q8KFkAEs","parent":"4h1dcciSFzq"}"#
    );
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
    // From a reader and from a `Value`: the ids arrive as owned strings.
    assert_eq!(
        serde_json::from_reader::<_, Record>(json.as_bytes()).unwrap(),
        record
    );
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(serde_json::from_value::<Record>(value).unwrap(), record);

    let orphan = Record {
        parent: None,
        ..record
    };
    let json = serde_json::to_string(&orphan).unwrap();
    assert_eq!(
        json,
        r#"{"id":"jpXCZedGfVQ","xid":"113q8KFkAEs","parent":null}"#
    );
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), orphan);
}

#[test]
fn json_refuses_invalid_uid11_ids_in_a_struct() {
    for json in [
        // 2^64
        r#"{"id":"jpXCZedGfVR","xid":"113q8KFkAEs","parent":null}"#,
        // A foreign character, a wrong length.
        r#"{"id":"jpXCZedGfV0","xid":"113q8KFkAEs","parent":null}"#,
        r#"{"id":"jpXCZedGfVQ","xid":"113q8KFkAE","parent":null}"#,
        // The snowish reserved bit set.
        r#"{"id":"jpXCZedGfVQ","xid":"113q8KFkAEs","parent":"jpXCZedGfVQ"}"#,
        // Numbers are not the JSON form.
        r#"{"id":18446744073709551615,"xid":"113q8KFkAEs","parent":null}"#,
    ] {
        assert!(serde_json::from_str::<Record>(json).is_err(), "{json}");
    }
}
