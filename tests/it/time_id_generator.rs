//! `TimeIdGenerator` shared between threads, on the system clock and on a clock before 1970
//! that jumps around; `TimeId::now` from several threads; and serde of structs holding
//! TimeIds.

use std::{sync::Arc, thread};

use idtypes::{ManualClock, TimeId};

use idtypes::time_id::{NodeClass, NodeId, TimeIdGenerator};
use idtypes_tests::{
    PER_THREAD, THREADS, assert_all_distinct, generate_from_threads,
    generate_in_order_from_threads, with_a_jumping_clock,
};
use serde::{Deserialize, Serialize};

/// Asserts that each id is later in time than the one before it.
fn assert_strictly_increasing(worker: usize, ids: &[TimeId]) {
    for pair in ids.windows(2) {
        assert!(
            pair[0].cmp_chronological(&pair[1]).is_lt(),
            "worker {worker}: {:?} ({} us) then {:?} ({} us)",
            pair[0],
            pair[0].timestamp_micros(),
            pair[1],
            pair[1].timestamp_micros()
        );
    }
}

/// The chronologically last id.
fn latest(ids: &[TimeId]) -> TimeId {
    *ids.iter().max_by(|a, b| a.cmp_chronological(b)).unwrap()
}

#[test]
fn time_ids_from_one_generator_shared_by_threads_are_distinct_and_increase_per_thread() {
    let generator = TimeIdGenerator::new();
    let ids = generate_from_threads(|| generator.next(), |a, b| a.cmp_chronological(b).is_lt());
    assert_eq!(ids.len(), THREADS * PER_THREAD);
    assert_all_distinct(&ids);
    let node = generator.node();
    assert_eq!(node.class(), NodeClass::BestEffort);
    assert!(ids.iter().all(|id| id.node() == node));
    // On the system clock, every id is from after 1970, so `Ord` agrees with time as well.
    assert!(ids.iter().all(|id| id.timestamp_micros() > 0));
    let mut by_ord = ids.clone();
    by_ord.sort();
    let mut by_time = ids;
    by_time.sort_by(TimeId::cmp_chronological);
    assert_eq!(by_ord, by_time);
}

#[test]
fn time_ids_from_one_generator_shared_by_threads_increase_in_the_order_they_are_made() {
    let generator = TimeIdGenerator::new();
    let ids =
        generate_in_order_from_threads(|| generator.next(), |a, b| a.cmp_chronological(b).is_lt());
    assert_all_distinct(&ids);
}

/// Shares one generator on a `ManualClock` starting at `start` (before 1970) between the
/// workers while another thread steps the clock backwards and forwards; returns the ids.
fn generate_while_the_clock_jumps(start: i64, node: NodeId) -> (Vec<TimeId>, Arc<ManualClock>) {
    assert!(start < 0, "the clock starts before 1970");
    let clock = Arc::new(ManualClock::new(start));
    let generator = TimeIdGenerator::with_clock(Arc::clone(&clock)).with_node(node);
    let ids = with_a_jumping_clock(&clock, start, || {
        generate_from_threads(|| generator.next(), |a, b| a.cmp_chronological(b).is_lt())
    });
    assert_eq!(ids.len(), THREADS * PER_THREAD);
    assert_all_distinct(&ids);
    assert!(ids.iter().all(|id| id.node() == node));

    // Once the clock passes everything handed out, ids follow the clock again.
    let last = latest(&ids);
    let later = last.timestamp_micros() + 1_000_000;
    clock.set_micros(later);
    let next = generator.next();
    assert!(next.cmp_chronological(&last).is_gt());
    assert_eq!(next.timestamp_micros(), later);
    (ids, clock)
}

#[test]
fn time_ids_before_1970_stay_distinct_and_increasing_while_the_clock_steps_back_and_forth() {
    // 1900-01-01T00:00:00Z: far enough back that the run-ahead never reaches 1970.
    const START: i64 = -2_208_988_800_000_000;
    let (ids, _) = generate_while_the_clock_jumps(START, NodeId::new(500).unwrap());
    assert!(ids.iter().all(|id| id.timestamp_micros() < 0));
    assert!(ids.iter().all(|id| id.encode().as_bytes()[0] >= b's'));
    // Within one side of 1970, `Ord` agrees with time.
    for pair in ids.windows(2) {
        assert_eq!(pair[0].cmp(&pair[1]), pair[0].cmp_chronological(&pair[1]));
    }
}

#[test]
fn time_ids_stay_distinct_and_increasing_in_time_across_1970_while_the_clock_jumps() {
    // 2 ms before 1970: the generator runs ahead past 1970 (80,000 ids > 2,000 us), where the
    // encoded order parts from time: each thread must increase by `cmp_chronological`.
    const START: i64 = -2_000;
    // The stepper moves the clock past 1970 too (up to 12.7 ms after `START`): when it is
    // there before the workers make their first id, every id of the run is from 1970 on (a few
    // runs in a hundred, alone or among the other tests). Each run is checked in full; the
    // test needs one that crossed 1970.
    const RUNS: usize = 10;
    for run in 1..=RUNS {
        let (ids, _) = generate_while_the_clock_jumps(START, NodeId::new(992).unwrap());
        let before = ids.iter().filter(|id| id.timestamp_micros() < 0).count();
        let after = ids.len() - before;
        if before == 0 || after == 0 {
            eprintln!("run {run}: {before} ids before 1970, {after} from 1970 on: not across");
            continue;
        }
        // The earliest id sorts last in `Ord`, the latest before it.
        let earliest = *ids.iter().min_by(|a, b| a.cmp_chronological(b)).unwrap();
        assert!(earliest > latest(&ids));
        return;
    }
    panic!("none of {RUNS} runs made ids on both sides of 1970");
}

#[test]
fn time_id_now_from_several_threads_never_repeats() {
    let ids: Vec<TimeId> = thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|worker| {
                s.spawn(move || {
                    let ids: Vec<TimeId> = (0..PER_THREAD / 4).map(|_| TimeId::now()).collect();
                    assert_strictly_increasing(worker, &ids);
                    ids
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert_eq!(ids.len(), PER_THREAD);
    assert_all_distinct(&ids);
    // One process-wide generator: one best-effort node.
    let node = ids[0].node();
    assert_eq!(node.class(), NodeClass::BestEffort);
    assert!(ids.iter().all(|id| id.node() == node));
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Record {
    id: TimeId,
    parent: Option<TimeId>,
    name: String,
}

fn example() -> TimeId {
    TimeId::parse("3kxn-lhr-3gxq-23").unwrap()
}

#[test]
fn a_struct_with_a_time_id_and_an_optional_time_id_round_trips_through_json_as_plain_text() {
    let record = Record {
        id: example(),
        parent: Some(TimeId::MAX),
        name: "post".to_owned(),
    };
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        r#"{"id":"3kxnlhr3gxq23","parent":"zzzzzzzzzzzzz","name":"post"}"#
    );
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);

    let orphan = Record {
        parent: None,
        ..record
    };
    let json = serde_json::to_string(&orphan).unwrap();
    assert_eq!(
        json,
        r#"{"id":"3kxnlhr3gxq23","parent":null,"name":"post"}"#
    );
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), orphan);
}

#[test]
fn json_round_trips_the_ends_of_the_range_and_from_a_reader() {
    let record = Record {
        id: TimeId::EARLIEST,
        parent: Some(TimeId::LATEST),
        name: String::new(),
    };
    let json = serde_json::to_vec(&record).unwrap();
    assert_eq!(
        std::str::from_utf8(&json).unwrap(),
        r#"{"id":"s222222222222","parent":"bzzzzzzzzzzzz","name":""}"#
    );
    // `from_reader` cannot borrow: the id arrives as an owned string.
    let back: Record = serde_json::from_reader(json.as_slice()).unwrap();
    assert_eq!(back, record);
    // A `serde_json::Value` hands the id over as an owned string as well.
    let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(value["id"], "s222222222222");
    assert_eq!(serde_json::from_value::<Record>(value).unwrap(), record);
}

#[test]
fn json_accepts_the_dashed_form() {
    let json = r#"{"id":"3kxn-lhr-3gxq-23","parent":"zzzz-zzz-zzzz-zz","name":"x"}"#;
    let record: Record = serde_json::from_str(json).unwrap();
    assert_eq!(record.id, example());
    assert_eq!(record.parent, Some(TimeId::MAX));
    // Written back in the plain form.
    assert_eq!(
        serde_json::to_string(&record).unwrap(),
        r#"{"id":"3kxnlhr3gxq23","parent":"zzzzzzzzzzzzz","name":"x"}"#
    );
}

#[test]
fn json_refuses_an_invalid_time_id_in_a_struct() {
    for json in [
        // The draft's "2540, invalid" row, plain and dashed.
        r#"{"id":"jzzz-zzz-zzzz-22","parent":null,"name":""}"#,
        r#"{"id":"jzzzzzzzzzz22","parent":null,"name":""}"#,
        // Misplaced dashes, wrong length, wrong case, foreign symbols.
        r#"{"id":"3kxn-lhr3gxq-23","parent":null,"name":""}"#,
        r#"{"id":"3kx-nlhr-3gxq-23","parent":null,"name":""}"#,
        r#"{"id":"3kxnlhr3gxq2","parent":null,"name":""}"#,
        r#"{"id":"3KXNLHR3GXQ23","parent":null,"name":""}"#,
        r#"{"id":"3kxnlhr3gxq20","parent":null,"name":""}"#,
        r#"{"id":"","parent":null,"name":""}"#,
        // In the optional field.
        r#"{"id":"3kxnlhr3gxq23","parent":"c222222222222","name":""}"#,
        // JSON carries the text, not the integer.
        r#"{"id":1762657063919551489,"parent":null,"name":""}"#,
        r#"{"id":null,"parent":null,"name":""}"#,
    ] {
        assert!(serde_json::from_str::<Record>(json).is_err(), "{json}");
    }
    let err = serde_json::from_str::<TimeId>(r#""jzzz-zzz-zzzz-22""#).unwrap_err();
    assert!(err.to_string().contains("invalid TimeId"), "{err}");
}
