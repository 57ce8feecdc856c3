//! Lease terms as generators see them: the claimed mark covers every id made under a term,
//! for every format, also when the term is ended while threads are making ids; and it stays
//! near the ids, not at the ceiling, so a release hands the next holder a floor near the
//! clock.

use std::{
    sync::{
        Arc,
        atomic::{AtomicBool, Ordering},
    },
    thread,
    time::Duration,
};

use idtypes::{ErrorKind, LeaseTerm, ManualClock};

use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
use idtypes::tbsl::TbslGenerator;
use idtypes::tid::TidGenerator;
use idtypes::time_id::{NodeClass, TimeIdGenerator};
use idtypes::uid11::SnowishGenerator;

/// 2023-11-14T22:13:20Z, in µs.
const START: i64 = 1_700_000_000_000_000;
/// A lease duration's worth of ceiling above the clock.
const CEILING: i64 = START + 30_000_000;

/// A live term on `value` from `START` (the floor) to `CEILING`.
fn term(value: u32) -> LeaseTerm {
    LeaseTerm::new(value, Duration::from_secs(600), START, CEILING)
}

#[test]
fn the_claimed_mark_follows_the_ids_a_millisecond_ahead_in_every_format() {
    let clock = Arc::new(ManualClock::new(START + 5_000_000));
    // (timestamp of the last id in µs, the term), per format; ids at a few clock readings.
    let mut last: Vec<(&str, i64, LeaseTerm)> = Vec::new();
    let tid_term = term(1);
    let tid = TidGenerator::with_clock(Arc::clone(&clock))
        .with_lease_term(tid_term.clone())
        .unwrap();
    let time_id_term = term(2);
    let time_id = TimeIdGenerator::with_clock(Arc::clone(&clock))
        .with_lease_term(time_id_term.clone())
        .unwrap();
    let snowish_term = term(3);
    let snowish = SnowishGenerator::with_clock(Arc::clone(&clock), 0)
        .unwrap()
        .with_lease_term(snowish_term.clone())
        .unwrap();
    let tbsl_term = term(4);
    let tbsl = TbslGenerator::with_clock(Arc::clone(&clock), 0)
        .unwrap()
        .with_lease_term(tbsl_term.clone())
        .unwrap();
    let (mut t, mut ti, mut s, mut b) = (0, 0, 0, 0);
    for step in 0..50 {
        clock.advance(Duration::from_micros(700 + step * 13));
        for _ in 0..30 {
            t = tid.next().timestamp_micros() as i64;
            ti = time_id.next().timestamp_micros();
            // A snowish id's millisecond stands for all of it: its last microsecond.
            s = snowish.next().timestamp_millis() as i64 * 1000 + 999;
            b = tbsl.try_next().unwrap().timestamp_micros() as i64;
        }
    }
    last.push(("TID", t, tid_term));
    last.push(("TimeId", ti, time_id_term));
    last.push(("snowish", s, snowish_term));
    last.push(("TBSL", b, tbsl_term));
    for (format, last_id, term) in last {
        term.end();
        let claimed = term.claimed_micros();
        assert!(
            claimed >= last_id,
            "{format}: claimed {claimed} below the last id {last_id}"
        );
        assert!(
            claimed <= last_id + 2_000,
            "{format}: claimed {claimed}, {} µs past the last id",
            claimed - last_id
        );
        assert!(
            claimed < CEILING - 20_000_000,
            "{format}: far below the ceiling"
        );
    }
}

#[test]
fn ids_stop_at_the_ceiling_after_claiming_up_to_it() {
    let clock = Arc::new(ManualClock::new(CEILING - 1_500));
    let term = term(9);
    let generator = TidGenerator::with_clock(Arc::clone(&clock))
        .with_lease_term(term.clone())
        .unwrap();
    // 1,500 µs up to the ceiling, then the clock stands still: ids count up to the ceiling
    // (claimed in steps) and no further.
    let mut made = 0;
    let err = loop {
        match generator.try_next() {
            Ok(tid) => {
                assert!(tid.timestamp_micros() as i64 <= CEILING);
                made += 1;
            }
            Err(err) => break err,
        }
    };
    assert_eq!(made, 1_501);
    assert_eq!(err.kind(), ErrorKind::LeaseExpired);
    assert!(err.to_string().contains("last timestamp"), "{err}");
    assert_eq!(term.claimed_micros(), CEILING);
}

#[test]
fn a_term_ended_while_threads_make_ids_has_a_mark_above_every_id_made() {
    // Several rounds, each ending the term at a different moment of a busy generator.
    for round in 0..20u64 {
        let term = LeaseTerm::new(3, Duration::from_secs(600), 0, i64::MAX);
        let generator = TidGenerator::new().with_lease_term(term.clone()).unwrap();
        let started = AtomicBool::new(false);
        let ids: Vec<Vec<u64>> = thread::scope(|s| {
            let workers: Vec<_> = (0..3)
                .map(|_| {
                    s.spawn(|| {
                        let mut ids = Vec::new();
                        while let Ok(tid) = generator.try_next() {
                            started.store(true, Ordering::Release);
                            ids.push(tid.timestamp_micros());
                        }
                        ids
                    })
                })
                .collect();
            while !started.load(Ordering::Acquire) {
                thread::yield_now();
            }
            thread::sleep(Duration::from_micros(200 + round * 150));
            term.end();
            let claimed = term.claimed_micros();
            let ids: Vec<Vec<u64>> = workers.into_iter().map(|w| w.join().unwrap()).collect();
            let highest = ids.iter().flatten().copied().max().unwrap();
            assert!(
                highest as i64 <= claimed,
                "round {round}: an id at {highest} after the term ended with the mark {claimed}"
            );
            ids
        });
        assert!(ids.iter().map(Vec::len).sum::<usize>() > 0);
    }
}

#[test]
fn each_generator_takes_every_value_of_its_lease_space() {
    let clock = Arc::new(ManualClock::new(START + 5_000_000));
    let last = |space: u32| term(space - 1);
    let tid = TidGenerator::with_clock(Arc::clone(&clock))
        .with_lease_term(last(TidGenerator::LEASE_VALUES))
        .unwrap();
    assert_eq!(tid.next().clock_id(), 1023);
    let time_id = TimeIdGenerator::with_clock(Arc::clone(&clock))
        .with_lease_term(last(TimeIdGenerator::LEASE_VALUES))
        .unwrap();
    // The last node that is not globally registered.
    let node = time_id.next().node();
    assert_eq!(node.get(), 991);
    assert_eq!(node.class(), NodeClass::ContextDependent);
    let snowish = SnowishGenerator::with_clock(Arc::clone(&clock), 0)
        .unwrap()
        .with_lease_term(last(SnowishGenerator::LEASE_VALUES))
        .unwrap();
    assert_eq!(snowish.next().machine_id(), 1023);
    let snowflake = SnowflakeGenerator::with_clock(Arc::clone(&clock), SnowflakeEpoch::TWITTER, 0)
        .unwrap()
        .with_lease_term(last(SnowflakeGenerator::LEASE_VALUES))
        .unwrap();
    assert_eq!(snowflake.next().worker_id(), 1023);
    let tbsl = TbslGenerator::with_clock(Arc::clone(&clock), 0)
        .unwrap()
        .with_lease_term(last(TbslGenerator::LEASE_VALUES))
        .unwrap();
    assert_eq!(tbsl.try_next().unwrap().machine_id(), 99);
    let layout = SonyflakeLayout::V1;
    let sonyflake = SonyflakeGenerator::with_clock(Arc::clone(&clock), layout, 0)
        .unwrap()
        .with_lease_term(last(layout.lease_values()))
        .unwrap();
    assert_eq!(sonyflake.next().machine_id(layout), 65_535);

    // The spaces of every value end where the values do.
    for err in [
        TidGenerator::new()
            .with_lease_term(term(TidGenerator::LEASE_VALUES))
            .unwrap_err(),
        SnowishGenerator::new(0)
            .unwrap()
            .with_lease_term(term(SnowishGenerator::LEASE_VALUES))
            .unwrap_err(),
        SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 0)
            .unwrap()
            .with_lease_term(term(SnowflakeGenerator::LEASE_VALUES))
            .unwrap_err(),
        TbslGenerator::new(0)
            .unwrap()
            .with_lease_term(term(TbslGenerator::LEASE_VALUES))
            .unwrap_err(),
        SonyflakeGenerator::new(layout, 0)
            .unwrap()
            .with_lease_term(term(layout.lease_values()))
            .unwrap_err(),
    ] {
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{err}");
    }
}
