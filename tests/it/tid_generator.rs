//! `TidGenerator` shared between threads, on the system clock and on a clock that jumps
//! around; and serde of structs holding TIDs.

use std::{sync::Arc, thread};

use idtypes::{ManualClock, Tid};

use idtypes::tid::TidGenerator;
use idtypes_tests::{
    PER_THREAD, THREADS, assert_all_distinct, generate_from_threads,
    generate_in_order_from_threads, with_a_jumping_clock,
};
use serde::{Deserialize, Serialize};

#[test]
fn tids_from_one_generator_shared_by_threads_are_distinct_and_increase_per_thread() {
    let generator = TidGenerator::new();
    let tids = generate_from_threads(|| generator.next(), |a, b| a < b);
    assert_eq!(tids.len(), THREADS * PER_THREAD);
    assert_all_distinct(&tids);
    let clock_id = generator.clock_id();
    assert!(tids.iter().all(|tid| tid.clock_id() == clock_id));
    assert!(tids.iter().all(|tid| tid.to_u64() >> 63 == 0));
}

#[test]
fn tids_from_one_generator_shared_by_threads_increase_in_the_order_they_are_made() {
    let generator = TidGenerator::new();
    let tids = generate_in_order_from_threads(|| generator.next(), |a, b| a < b);
    assert_all_distinct(&tids);
}

#[test]
fn generators_of_their_own_with_their_own_clock_ids_give_threads_distinct_tids() {
    // The pattern of the crate docs ("Threads"): nothing shared, each thread its clock id.
    let per_thread: Vec<Vec<Tid>> = thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS as u16)
            .map(|clock_id| {
                s.spawn(move || {
                    let generator = TidGenerator::new().with_clock_id(clock_id).unwrap();
                    let tids: Vec<Tid> = (0..PER_THREAD).map(|_| generator.next()).collect();
                    assert!(tids.windows(2).all(|pair| pair[0] < pair[1]));
                    assert!(tids.iter().all(|tid| tid.clock_id() == clock_id));
                    tids
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    assert_all_distinct(&per_thread.concat());
}

#[test]
fn tids_stay_distinct_and_increasing_while_the_clock_steps_back_and_forth() {
    const START: i64 = 1_700_000_000_000_000;
    let clock = Arc::new(ManualClock::new(START));
    let generator = TidGenerator::with_clock(Arc::clone(&clock))
        .with_clock_id(42)
        .unwrap();
    let tids = with_a_jumping_clock(&clock, START, || {
        generate_from_threads(|| generator.next(), |a, b| a < b)
    });
    assert_eq!(tids.len(), THREADS * PER_THREAD);
    assert_all_distinct(&tids);
    assert!(tids.iter().all(|tid| tid.clock_id() == 42));

    // Once the clock passes everything handed out, TIDs follow the clock again.
    let last = *tids.iter().max().unwrap();
    let later = last.timestamp_micros() as i64 + 1_000_000;
    clock.set_micros(later);
    let next = generator.next();
    assert!(next > last);
    assert_eq!(next.timestamp_micros(), later as u64);
}

#[test]
fn tid_now_from_several_threads_never_repeats() {
    let tids: Vec<Tid> = thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|_| {
                s.spawn(|| {
                    let tids: Vec<Tid> = (0..PER_THREAD / 4).map(|_| Tid::now()).collect();
                    assert!(tids.windows(2).all(|pair| pair[0] < pair[1]));
                    tids
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap())
            .collect()
    });
    assert_all_distinct(&tids);
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Record {
    id: Tid,
    parent: Option<Tid>,
    name: String,
}

#[test]
fn a_struct_with_a_tid_and_an_optional_tid_round_trips_through_json() {
    let record = Record {
        id: Tid::parse("3jzfcijpj2z2a").unwrap(),
        parent: Some(Tid::from_u64(1)),
        name: "post".to_owned(),
    };
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        r#"{"id":"3jzfcijpj2z2a","parent":"2222222222223","name":"post"}"#
    );
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);

    let orphan = Record {
        parent: None,
        ..record
    };
    let json = serde_json::to_string(&orphan).unwrap();
    assert_eq!(
        json,
        r#"{"id":"3jzfcijpj2z2a","parent":null,"name":"post"}"#
    );
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), orphan);
}

#[test]
fn json_round_trips_tids_with_bit_63_set_and_from_a_reader() {
    let record = Record {
        id: Tid::MAX,
        parent: Some(Tid::from_u64(1 << 63)),
        name: String::new(),
    };
    let json = serde_json::to_vec(&record).unwrap();
    // `from_reader` cannot borrow: the TID arrives as an owned string.
    let back: Record = serde_json::from_reader(json.as_slice()).unwrap();
    assert_eq!(back, record);
    // A `serde_json::Value` hands the TID over as an owned string as well.
    let value: serde_json::Value = serde_json::from_slice(&json).unwrap();
    assert_eq!(value["id"], "jzzzzzzzzzzzz");
    assert_eq!(serde_json::from_value::<Record>(value).unwrap(), record);
}

#[test]
fn json_refuses_an_invalid_tid_in_a_struct() {
    for json in [
        r#"{"id":"3jzf-cij-pj2z-2a","parent":null,"name":""}"#,
        r#"{"id":"3jzfcijpj2z2a","parent":"kjzfcijpj2z2a","name":""}"#,
        r#"{"id":1728652679052295174,"parent":null,"name":""}"#,
    ] {
        assert!(serde_json::from_str::<Record>(json).is_err(), "{json}");
    }
}
