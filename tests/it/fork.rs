//! After `fork()`, parent and child both make ids, side by side: the child never repeats the
//! parent's ids (formats with a clock or node id, and FullRand), refuses when its id was fixed
//! in the parent, and otherwise draws from a stream of its own.
use std::collections::HashSet;

use idtypes::prelude::*;
use idtypes::{ErrorKind, FullRand, ManualClock, Tid, TimeId, Uid11Xid};

use idtypes::time_id::{NodeId, TimeIdGenerator};

use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator, Uid11XidGenerator, Uid11XidMode};

use idtypes::tbsl::{TbslGenerator, TbslMode};

use idtypes::tid::TidGenerator;
use idtypes_tests::{fork::fork_with, typed::PostId};

/// Ids each side makes after the fork: about a few milliseconds of work.
const N: usize = 50_000;

/// 2023-11-14T22:13:20Z.
const NOW: i64 = 1_700_000_000_000_000;

/// Forks; parent and child each take `n` ids from `make` at the same time. Returns the
/// parent's and the child's ids.
fn side_by_side(n: usize, make: &dyn Fn() -> u128) -> (Vec<u128>, Vec<u128>) {
    let child = fork_with(|| (0..n).map(|_| make()).collect());
    let parent: Vec<u128> = (0..n).map(|_| make()).collect();
    (parent, child.values())
}

/// How many ids both sides made.
fn shared(parent: &[u128], child: &[u128]) -> usize {
    let parent: HashSet<u128> = parent.iter().copied().collect();
    child.iter().filter(|id| parent.contains(id)).count()
}

/// Asserts that parent and child, taking [`N`] ids each from `make` after the fork, made
/// none in common, and that neither repeated itself.
fn assert_none_shared(make: &dyn Fn() -> u128) {
    make(); // the parent has made ids before it forks
    let (parent, child) = side_by_side(N, make);
    assert_eq!(child.len(), N);
    let distinct: HashSet<u128> = parent.iter().chain(&child).copied().collect();
    assert_eq!(
        distinct.len(),
        2 * N,
        "{} ids shared by parent and child",
        shared(&parent, &child)
    );
}

/// What a generator that must refuse in a child did there: `Ok` with nothing, or the kind.
fn refused_in_child(try_next: &dyn Fn() -> Result<(), idtypes::Error>) -> Vec<u128> {
    try_next().expect("the parent makes ids before the fork");
    let child = fork_with(|| {
        vec![match try_next() {
            Ok(()) => 0,
            Err(err) if err.kind() == ErrorKind::Forked => 1,
            Err(_) => 2,
        }]
    });
    try_next().expect("the parent goes on after the fork");
    child.values()
}

#[test]
fn tid_now_in_parent_and_child_shares_no_tid() {
    assert_none_shared(&|| Tid::now().to_u64() as u128);
}

#[test]
fn a_forked_child_uses_another_clock_id_than_its_parent() {
    let parent = Tid::now().clock_id();
    let child = fork_with(|| vec![Tid::now().clock_id() as u128]).values();
    assert_ne!(child, [parent as u128]);
    assert_eq!(
        Tid::now().clock_id(),
        parent,
        "the parent keeps its clock id"
    );
}

#[test]
fn a_tid_generator_with_a_random_clock_id_shares_no_tid() {
    let generator = TidGenerator::new();
    assert_none_shared(&|| generator.next().to_u64() as u128);
}

#[test]
fn a_tid_generator_on_a_frozen_clock_shares_no_tid() {
    // Both sides count up from the same microsecond: only the clock id keeps them apart.
    let generator = TidGenerator::with_clock(ManualClock::new(NOW));
    assert_none_shared(&|| generator.next().to_u64() as u128);
}

#[test]
fn a_tid_generator_with_a_chosen_clock_id_refuses_in_the_child() {
    let generator = TidGenerator::new().with_clock_id(7).unwrap();
    let outcome = refused_in_child(&|| generator.try_next().map(drop));
    assert_eq!(outcome, [1]);
}

#[test]
fn the_refusal_says_what_to_do() {
    let generator = TidGenerator::new().with_clock_id(7).unwrap();
    generator.next();
    let child = fork_with(|| {
        let err = generator.try_next().unwrap_err();
        let expected = "atproto TID generator: its clock id 7 was fixed in a parent process and \
                        this process is a fork of it; going on would repeat the parent's ids, \
                        so make a new generator in this process";
        vec![u128::from(err.to_string() == expected)]
    });
    assert_eq!(child.values(), [1]);
}

#[test]
fn a_clock_id_chosen_in_the_child_works_there() {
    let child = fork_with(|| {
        let generator = TidGenerator::new().with_clock_id(9).unwrap();
        vec![generator.next().clock_id() as u128]
    });
    assert_eq!(child.values(), [9]);
}

#[test]
fn typed_ids_in_parent_and_child_share_none() {
    assert_none_shared(&|| PostId::now().into_inner().to_u64() as u128);
}

#[test]
fn time_id_now_in_parent_and_child_shares_no_id() {
    assert_none_shared(&|| TimeId::now().to_i64() as u64 as u128);
}

#[test]
fn a_time_id_generator_with_a_random_node_shares_no_id() {
    let generator = TimeIdGenerator::with_clock(ManualClock::new(NOW));
    let parent = generator.node();
    let child = fork_with(|| vec![generator.node().get() as u128]).values();
    assert_ne!(child, [parent.get() as u128]);
    assert_none_shared(&|| generator.next().to_i64() as u64 as u128);
}

#[test]
fn a_time_id_generator_with_a_chosen_node_refuses_in_the_child() {
    let generator = TimeIdGenerator::new().with_node(NodeId::new(500).unwrap());
    assert_eq!(refused_in_child(&|| generator.try_next().map(drop)), [1]);
}

#[test]
fn a_snowish_generator_refuses_in_the_child() {
    let generator = SnowishGenerator::new(5).unwrap();
    assert_eq!(refused_in_child(&|| generator.try_next().map(drop)), [1]);
}

#[test]
fn a_snowflake_generator_refuses_in_the_child() {
    let epoch = idtypes::snowflake::SnowflakeEpoch::TWITTER;
    let generator = idtypes::snowflake::SnowflakeGenerator::new(epoch, 5).unwrap();
    assert_eq!(refused_in_child(&|| generator.try_next().map(drop)), [1]);
}

#[test]
fn a_tbsl_generator_refuses_in_the_child_in_either_mode() {
    for mode in [TbslMode::Sequenced, TbslMode::Random] {
        let generator = TbslGenerator::new(5).unwrap().with_mode(mode);
        assert_eq!(
            refused_in_child(&|| generator.try_next().map(drop)),
            [1],
            "{mode:?}"
        );
    }
}

#[test]
fn full_rand_in_parent_and_child_shares_no_id() {
    assert_none_shared(&|| FullRand::random().to_u64() as u128);
}

#[test]
fn full_rand_in_the_child_draws_from_a_new_stream_on_every_thread() {
    FullRand::random();
    let child = fork_with(|| {
        std::thread::scope(|s| {
            let workers: Vec<_> = (0..2)
                .map(|_| s.spawn(|| (0..1000).map(|_| FullRand::random().to_u64() as u128)))
                .map(|worker| worker.join().unwrap().collect::<Vec<_>>())
                .collect();
            workers.concat()
        })
    });
    let parent: Vec<u128> = (0..1000)
        .map(|_| FullRand::random().to_u64() as u128)
        .collect();
    let child = child.values();
    let distinct: HashSet<u128> = parent.iter().chain(&child).copied().collect();
    assert_eq!(distinct.len(), 3000);
}

// Xids and ts-seq-rand ids carry no clock or machine id: across processes they differ by their
// random bits alone, so a child may share an id with its parent by chance, as any two
// processes may. What a fork must not do is let the child replay the parent: before the fix,
// every id the child made here was also the parent's.

/// At most this many of 1,000 ids shared by chance: the expected number is far below 1.
const BY_CHANCE: usize = 50;

/// Parent and child take 1,000 ids each from `make` after the fork; asserts that they share
/// no more than chance allows, and returns the parent's and the child's ids.
fn assert_shared_only_by_chance(make: &dyn Fn() -> u128) -> (Vec<u128>, Vec<u128>) {
    make(); // the parent has made ids before it forks
    let (parent, child) = side_by_side(1000, make);
    let shared = shared(&parent, &child);
    assert!(
        shared < BY_CHANCE,
        "{shared} ids shared by parent and child"
    );
    (parent, child)
}

#[test]
fn a_monotonic_xid_generator_does_not_go_on_with_the_parents_count() {
    // One lane, and four (the child's thread keeps its parent thread's lane).
    for lanes in [1, 4] {
        // A frozen clock: both sides make all their xids in the same millisecond.
        let generator = Uid11XidGenerator::with_clock(ManualClock::new(NOW))
            .with_lanes(lanes)
            .unwrap();
        let (parent, child) = assert_shared_only_by_chance(&|| generator.next().to_u64() as u128);
        assert!(child.windows(2).all(|pair| pair[0] < pair[1]));
        // The child went on after the parent's last xid before the fork, in a later
        // millisecond.
        let first = Uid11Xid::from_u64(child[0] as u64);
        let parents = Uid11Xid::from_u64(parent[0] as u64);
        assert!(first.millis_since_epoch() > parents.millis_since_epoch());
    }
}

#[test]
fn xid_now_in_the_child_draws_its_own_random_bits() {
    assert_shared_only_by_chance(&|| Uid11Xid::now().to_u64() as u128);
}

#[test]
fn a_random_xid_generator_in_the_child_draws_its_own_random_bits() {
    let generator =
        Uid11XidGenerator::with_clock(ManualClock::new(NOW)).with_mode(Uid11XidMode::Random);
    assert_shared_only_by_chance(&|| generator.next().to_u64() as u128);
}

#[test]
fn a_ts_seq_rand_generator_in_the_child_draws_its_own_random_bits() {
    // Same millisecond, same sequence numbers on both sides: the 10 random bits are all that
    // differ, so about 1 in 1,024 pairs match by chance.
    let generator = TsSeqRandGenerator::with_clock(ManualClock::new(NOW));
    assert_shared_only_by_chance(&|| generator.next().to_u64() as u128);
}

#[test]
fn the_children_of_one_process_use_distinct_clock_and_node_ids() {
    let (tid, time_id) = (Tid::now().clock_id(), TimeId::now().node().get());
    let children: Vec<_> = (0..8)
        .map(|_| {
            fork_with(|| {
                vec![
                    Tid::now().clock_id() as u128,
                    TimeId::now().node().get() as u128,
                ]
            })
        })
        .collect();
    let mut clock_ids = HashSet::from([tid as u128]);
    let mut nodes = HashSet::from([time_id as u128]);
    for child in children {
        let values = child.values();
        assert!(clock_ids.insert(values[0]), "clock ids {clock_ids:?}");
        assert!(nodes.insert(values[1]), "nodes {nodes:?}");
    }
}

#[test]
fn a_grandchild_differs_from_its_parent_even_when_the_parent_used_the_generator_late() {
    // The generator is made here and first used in the child after the grandchild is forked:
    // the child and the grandchild must still get different clock ids.
    let generator = TidGenerator::new();
    let child = fork_with(|| {
        let grandchild = fork_with(|| vec![generator.clock_id() as u128]);
        let mine = generator.clock_id() as u128;
        let theirs = grandchild.values();
        vec![mine, theirs[0]]
    });
    let values = child.values();
    assert_ne!(values[0], values[1]);
    assert_ne!(values[0], generator.clock_id() as u128);
}

// ULIDs carry no clock or machine id either; a forked child goes on in the millisecond after
// its parent's last ULID, with fresh random bits, and never continues the parent's count.

#[test]
fn a_ulid_generator_on_a_frozen_clock_does_not_go_on_with_the_parents_count() {
    use idtypes::ulid::UlidGenerator;
    // One lane, and four (the child's thread keeps its parent thread's lane).
    for lanes in [1, 4] {
        // Both sides make all their ULIDs in the same millisecond: without the jump, the
        // child would count up from the parent's last ULID and repeat every one the parent
        // makes.
        let generator = UlidGenerator::with_clock(ManualClock::new(NOW))
            .with_lanes(lanes)
            .unwrap();
        generator.next();
        let (parent, child) = side_by_side(N, &|| generator.next().to_u128());
        assert_eq!(shared(&parent, &child), 0);
        assert!(child.windows(2).all(|pair| pair[0] < pair[1]));
        let millis = |id: u128| idtypes::Ulid::from_u128(id).timestamp_millis();
        assert!(millis(child[0]) > millis(parent[0]));
    }
}

#[test]
fn ulid_now_in_parent_and_child_shares_no_id() {
    assert_none_shared(&|| idtypes::Ulid::now().to_u128());
}

#[test]
fn a_ulid_generator_held_by_another_thread_at_the_fork_works_in_the_child() {
    use idtypes::ulid::UlidGenerator;
    use std::sync::atomic::{AtomicBool, Ordering};
    // Threads of the parent take ULIDs without pause while it forks: the child's copy of the
    // generator's lock may be held by a thread the child does not have.
    let generator = UlidGenerator::new();
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| {
                while !stop.load(Ordering::Relaxed) {
                    generator.next();
                }
            });
        }
        for _ in 0..20 {
            let child = fork_with(|| (0..100).map(|_| generator.next().to_u128()).collect());
            assert_eq!(child.values().len(), 100);
        }
        stop.store(true, Ordering::Relaxed);
    });
}

#[test]
fn uuid_v7_now_in_parent_and_child_shares_no_uuid() {
    assert_none_shared(&|| idtypes::uuids::now_v7().as_u128());
}

#[test]
fn a_uuid_v7_generator_does_not_go_on_with_the_parents_count() {
    // A frozen clock: the parent counts on in its millisecond, the child starts at fresh
    // random bits of the next one, so no UUID is shared.
    let generator = idtypes::uuids::UuidV7Generator::with_clock(ManualClock::new(NOW));
    assert_none_shared(&|| generator.next().as_u128());
    let (parent, child) = side_by_side(10, &|| generator.next().as_u128());
    assert!(child.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(
        child[0] >> 80 > parent[0] >> 80,
        "the child's millisecond is later"
    );
}

#[test]
fn new_v4_in_the_child_draws_from_a_new_stream() {
    assert_none_shared(&|| idtypes::uuids::new_v4().as_u128());
}

#[test]
fn a_sonyflake_generator_refuses_in_the_child() {
    let layout = idtypes::sonyflake::SonyflakeLayout::V1;
    let generator = idtypes::sonyflake::SonyflakeGenerator::new(layout, 5).unwrap();
    assert_eq!(refused_in_child(&|| generator.try_next().map(drop)), [1]);
}

// Generators in lanes (`with_lanes`; xid and ULID above): the child's main thread keeps its
// parent's lane (the thread number is the parent thread's), so only what keeps processes
// apart (the clock id, a new millisecond, new counters) keeps the child's ids from the
// parent's.

#[test]
fn a_tid_generator_in_lanes_on_a_frozen_clock_shares_no_tid() {
    let generator = TidGenerator::with_clock(ManualClock::new(NOW))
        .with_lanes(4)
        .unwrap();
    assert_none_shared(&|| generator.next().to_u64() as u128);
}

#[test]
fn a_tid_generator_in_lanes_with_a_chosen_clock_id_refuses_in_the_child() {
    let generator = TidGenerator::new()
        .with_clock_id(7)
        .unwrap()
        .with_lanes(2)
        .unwrap();
    assert_eq!(refused_in_child(&|| generator.try_next().map(drop)), [1]);
}

#[test]
fn an_rs_xid_generator_in_lanes_gives_the_child_its_own_process_id_and_counters() {
    use idtypes::rs_xid::RsXidGenerator;
    // A frozen clock: both sides make all their XIDs in the same second, the child with its
    // own process id and a new counter in every lane.
    let generator = RsXidGenerator::with_clock(ManualClock::new(NOW))
        .with_lanes(4)
        .unwrap();
    assert_none_shared(&|| {
        u128::from_be_bytes({
            let mut wide = [0; 16];
            wide[4..].copy_from_slice(&generator.next().to_bytes());
            wide
        })
    });
}

#[test]
fn an_object_id_generator_gives_the_child_its_own_value_and_counter() {
    use idtypes::object_id::ObjectIdGenerator;
    // A frozen clock: both sides make all their ObjectIds in the same second, the child with a
    // random value and a counter of its own (npm bson and the bson crate keep the parent's).
    for lanes in [1, 4] {
        let generator = ObjectIdGenerator::with_clock(ManualClock::new(NOW))
            .with_lanes(lanes)
            .unwrap();
        assert_none_shared(&|| {
            u128::from_be_bytes({
                let mut wide = [0; 16];
                wide[4..].copy_from_slice(&generator.next().to_bytes());
                wide
            })
        });
    }
}
