//! Every generator in lanes (`with_lanes`), shared by threads: more threads than lanes and as
//! many, on the system clock, as fast as they go. No id twice, and each thread's ids strictly
//! increasing (rs/xid: its counters all in its lane, as its ids order by the second
//! only).
use std::{collections::HashSet, fmt::Debug, hash::Hash};

use idtypes::ksuid::KsuidGenerator;
use idtypes::rs_xid::RsXidGenerator;
use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
use idtypes::tbsl::TbslGenerator;
use idtypes::tid::TidGenerator;
use idtypes::time_id::TimeIdGenerator;
use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator, Uid11XidGenerator};
use idtypes::ulid::UlidGenerator;
use idtypes::uuids::UuidV7Generator;

/// Threads, and ids each.
const THREADS: usize = 4;
const IDS: usize = 5_000;

/// Runs [`THREADS`] threads taking [`IDS`] ids each from `next`; asserts that no id repeats
/// and, when `increasing`, that each thread's ids strictly increase. Returns each thread's.
fn assert_threads<T: Ord + Hash + Copy + Send + Debug>(
    next: &(dyn Fn() -> T + Sync),
    increasing: bool,
) -> Vec<Vec<T>> {
    let per_thread: Vec<Vec<T>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..THREADS)
            .map(|_| s.spawn(|| (0..IDS).map(|_| next()).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut all = HashSet::new();
    for (thread, ids) in per_thread.iter().enumerate() {
        if increasing {
            assert!(
                ids.windows(2).all(|w| w[0] < w[1]),
                "thread {thread}: its ids do not increase"
            );
        }
        all.extend(ids.iter().copied());
    }
    assert_eq!(all.len(), THREADS * IDS, "ids repeated");
    per_thread
}

#[test]
fn every_generator_in_lanes_never_repeats_and_each_thread_sees_its_ids_increase() {
    for lanes in [2, THREADS] {
        let g = TidGenerator::new().with_lanes(lanes).unwrap();
        assert_threads(&|| g.next(), true);
        let g = TimeIdGenerator::new().with_lanes(lanes).unwrap();
        assert_threads(&|| g.next(), true);
        let g = SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 3)
            .unwrap()
            .with_lanes(lanes)
            .unwrap();
        assert_threads(&|| g.next(), true);
        let g = SnowishGenerator::new(3).unwrap().with_lanes(lanes).unwrap();
        assert_threads(&|| g.next(), true);
        let g = TsSeqRandGenerator::new().with_lanes(lanes).unwrap();
        assert_threads(&|| g.next(), true);
        let g = Uid11XidGenerator::new().with_lanes(lanes).unwrap();
        assert_threads(&|| g.next(), true);
        let g = UlidGenerator::new().with_lanes(lanes).unwrap();
        assert_threads(&|| g.next(), true);
        let g = UuidV7Generator::new().with_lanes(lanes).unwrap();
        assert_threads(&|| g.next(), true);
        let g = KsuidGenerator::monotonic().with_lanes(lanes).unwrap();
        assert_threads(&|| g.next(), true);
        let g = TbslGenerator::new(3).unwrap().with_lanes(lanes).unwrap();
        assert_threads(&|| g.try_next().unwrap(), true);
    }
}

#[test]
fn a_sonyflake_generator_in_lanes_shares_its_units_sequence_between_lanes() {
    // 256 Sonyflakes a 10 ms unit: a few units' worth, so that threads wait for units too.
    let g = SonyflakeGenerator::new(SonyflakeLayout::V1, 3)
        .unwrap()
        .with_lanes(2)
        .unwrap();
    let per_thread: Vec<Vec<u64>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..2)
            .map(|_| s.spawn(|| (0..300).map(|_| g.next().to_u64()).collect::<Vec<_>>()))
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let all: HashSet<u64> = per_thread.iter().flatten().copied().collect();
    assert_eq!(all.len(), 600);
    assert!(
        per_thread
            .iter()
            .all(|ids| ids.windows(2).all(|w| w[0] < w[1]))
    );
}

#[test]
fn an_rs_xid_generator_in_lanes_keeps_each_threads_counter_in_its_lane() {
    let g = RsXidGenerator::new().with_lanes(THREADS).unwrap();
    let per_thread = assert_threads(
        &|| {
            let id = g.next();
            // Unique within the second; the second keeps ids of different seconds apart.
            (id.timestamp_seconds(), id.counter())
        },
        false,
    );
    for ids in per_thread {
        // Each thread's counters are one lane's: one residue of the lane count, stepping by
        // it (by a multiple of it, when another test's thread took a number between two of
        // these and two of them share a lane).
        let counters: Vec<u32> = ids.iter().map(|&(_, counter)| counter).collect();
        let lane = counters[0] % THREADS as u32;
        assert!(counters.iter().all(|c| c % THREADS as u32 == lane));
    }
}

#[test]
fn lanes_out_of_range_are_refused_with_the_range() {
    let err = TidGenerator::new().with_lanes(0).unwrap_err();
    assert_eq!(err.kind(), idtypes::ErrorKind::OutOfRange);
    assert_eq!(
        err.to_string(),
        "atproto TID lanes out of range: found 0, expected 1..=64"
    );
    assert!(UlidGenerator::new().with_lanes(65).is_err());
    assert_eq!(TidGenerator::new().with_lanes(64).unwrap().lanes(), 64);
    assert_eq!(TidGenerator::new().with_lanes(5).unwrap().lanes(), 8);
}
