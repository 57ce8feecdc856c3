//! "Which ids fall in this span of time", answered the same way by every time-ordered format
//! (`ranges_for_time`, and `range_for_time` where one range always suffices) and by the typed
//! ids over them.
//!
//! For each format, with spans and ids drawn across the format's years: an id made at a time
//! inside the span lies in the ranges; an id whose time unit (the microsecond, or the
//! millisecond for the uid11 profiles) lies wholly outside the span's does not; and the bounds
//! are tight, the first and last ids of the span's first and last units.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use idtypes::prelude::*;
use idtypes::{
    IdRange, IdRanges, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11Xid, Ulid,
};

use idtypes::snowflake::SnowflakeEpoch;

use idtypes::time_id::NodeId;

use idtypes::uid11::UID11_XID_EPOCH_MILLIS;
use idtypes_tests::proptest_config;
use idtypes_tests::typed::{ChatId, EventId, JobId, MsgId, OrderId, PostId, TxnId};
use proptest::prelude::*;

/// The time `micros` microseconds after (or before) 1970.
fn at(micros: i64) -> SystemTime {
    if micros >= 0 {
        UNIX_EPOCH + Duration::from_micros(micros as u64)
    } else {
        UNIX_EPOCH - Duration::from_micros(micros.unsigned_abs())
    }
}

/// What one format must satisfy: the id made at microsecond `t` (its other parts from `low`),
/// the first and last ids of a unit, and the format's unit in microseconds.
struct Format<T> {
    /// The id made at microsecond `t`, with other parts taken from `low` (`None` when the
    /// format holds no such time).
    made_at: fn(i64, u64) -> Option<T>,
    /// The first and last ids of the unit that holds microsecond `t`.
    unit_bounds: fn(i64) -> Option<(T, T)>,
    /// Microseconds per unit.
    unit: i64,
}

/// The checks of the module docs, for a span `start..=end` (microseconds) and an id made at
/// microsecond `t`.
fn check<T: Copy + Ord + std::fmt::Debug>(
    format: &Format<T>,
    ranges: IdRanges<T>,
    (start, end): (i64, i64),
    t: i64,
    low: u64,
) -> Result<(), TestCaseError> {
    let Some(id) = (format.made_at)(t, low) else {
        return Ok(());
    };
    let unit = |micros: i64| micros.div_euclid(format.unit);
    if start <= t && t <= end {
        prop_assert!(
            ranges.contains(&id),
            "{:?} made inside, not in {:?}",
            id,
            ranges
        );
    }
    if unit(t) < unit(start) || unit(t) > unit(end) {
        prop_assert!(
            !ranges.contains(&id),
            "{:?} made outside, in {:?}",
            id,
            ranges
        );
    }
    // Tight: the span's first and last units, from their first to their last id, where the
    // format holds them.
    if let (Some((first, _)), Some((_, last))) =
        ((format.unit_bounds)(start), (format.unit_bounds)(end))
    {
        let bounds: Vec<(T, T)> = ranges.iter().map(|r| r.into_bounds()).collect();
        prop_assert!(
            bounds.iter().any(|(s, _)| *s == first),
            "{:?} does not start at {:?}",
            ranges,
            first
        );
        prop_assert!(
            bounds.iter().any(|(_, e)| *e == last),
            "{:?} does not end at {:?}",
            ranges,
            last
        );
    }
    Ok(())
}

fn tid() -> Format<Tid> {
    Format {
        made_at: |t, low| Tid::from_parts(u64::try_from(t).ok()?, (low % 1024) as u16).ok(),
        unit_bounds: |t| {
            let t = u64::try_from(t).ok()?;
            Some((Tid::from_parts(t, 0).ok()?, Tid::from_parts(t, 1023).ok()?))
        },
        unit: 1,
    }
}

fn time_id() -> Format<TimeId> {
    Format {
        made_at: |t, low| TimeId::from_parts(t, NodeId::new((low % 1024) as u16).ok()?).ok(),
        unit_bounds: |t| {
            Some((
                TimeId::from_parts(t, NodeId::MIN).ok()?,
                TimeId::from_parts(t, NodeId::MAX).ok()?,
            ))
        },
        unit: 1,
    }
}

fn millis(t: i64) -> Option<u64> {
    u64::try_from(t.div_euclid(1000)).ok()
}

fn xid() -> Format<Uid11Xid> {
    Format {
        made_at: |t, low| {
            Uid11Xid::from_parts(millis(t)?, (low as u32) & Uid11Xid::MAX_RANDOM).ok()
        },
        unit_bounds: |t| {
            let ms = millis(t)?;
            Some((
                Uid11Xid::from_parts(ms, 0).ok()?,
                Uid11Xid::from_parts(ms, Uid11Xid::MAX_RANDOM).ok()?,
            ))
        },
        unit: 1000,
    }
}

/// Discord's Snowflakes: milliseconds since 2015 (the ranges take the epoch).
const DISCORD: SnowflakeEpoch = SnowflakeEpoch::DISCORD;

/// Milliseconds since Discord's epoch of microsecond `t`, if it is after it.
fn discord_millis(t: i64) -> Option<u64> {
    millis(t)?.checked_sub(DISCORD.unix_millis())
}

fn snowflake() -> Format<Snowflake> {
    Format {
        made_at: |t, low| {
            let ms = discord_millis(t)?;
            Snowflake::from_parts(ms, (low % 1024) as u16, ((low >> 10) % 4096) as u16).ok()
        },
        unit_bounds: |t| {
            let ms = discord_millis(t)?;
            Some((
                Snowflake::from_parts(ms, 0, 0).ok()?,
                Snowflake::from_parts(ms, 1023, 4095).ok()?,
            ))
        },
        unit: 1000,
    }
}

fn snowish() -> Format<Snowish> {
    Format {
        made_at: |t, low| {
            Snowish::from_parts(millis(t)?, (low % 1024) as u16, ((low >> 10) % 4096) as u16).ok()
        },
        unit_bounds: |t| {
            let ms = millis(t)?;
            Some((
                Snowish::from_parts(ms, 0, 0).ok()?,
                Snowish::from_parts(ms, 1023, 4095).ok()?,
            ))
        },
        unit: 1000,
    }
}

fn ts_seq_rand() -> Format<TsSeqRand> {
    Format {
        made_at: |t, low| {
            TsSeqRand::from_parts(millis(t)?, (low % 4096) as u16, ((low >> 12) % 1024) as u16).ok()
        },
        unit_bounds: |t| {
            let ms = millis(t)?;
            Some((
                TsSeqRand::from_parts(ms, 0, 0).ok()?,
                TsSeqRand::from_parts(ms, 4095, 1023).ok()?,
            ))
        },
        unit: 1000,
    }
}

fn tbsl() -> Format<Tbsl> {
    Format {
        made_at: |t, low| {
            let machine = (low % 100) as u8;
            let suffix = ((low >> 8) as u32) & Tbsl::MAX_SUFFIX;
            Tbsl::from_parts(u64::try_from(t).ok()?, machine, suffix).ok()
        },
        unit_bounds: |t| {
            let t = u64::try_from(t).ok()?;
            let first = Tbsl::from_parts(t, 0, 0).ok()?;
            // The last microsecond holds machines up to 75 only.
            let last = (0..=99)
                .rev()
                .find_map(|machine| Tbsl::from_parts(t, machine, Tbsl::MAX_SUFFIX).ok())?;
            Some((first, last))
        },
        unit: 1,
    }
}

fn ulid() -> Format<Ulid> {
    Format {
        made_at: |t, low| Ulid::from_parts(millis(t)?, u128::from(low) << 16 | 0xABCD).ok(),
        unit_bounds: |t| {
            let ms = millis(t)?;
            Some((
                Ulid::from_parts(ms, 0).ok()?,
                Ulid::from_parts(ms, Ulid::MAX_RANDOM).ok()?,
            ))
        },
        unit: 1000,
    }
}

fn rs_xid() -> Format<idtypes::RsXid> {
    use idtypes::RsXid;
    Format {
        made_at: |t, low| {
            let seconds = u64::try_from(t.div_euclid(1_000_000)).ok()?;
            let [a, b, c, d, e, f, g, _] = low.to_be_bytes();
            let counter = u32::from_be_bytes([0, e, f, g]);
            RsXid::from_parts(seconds, [a, b, c], u16::from_be_bytes([d, e]), counter).ok()
        },
        unit_bounds: |t| {
            let seconds = u64::try_from(t.div_euclid(1_000_000)).ok()?;
            Some((
                RsXid::from_parts(seconds, [0; 3], 0, 0).ok()?,
                RsXid::from_parts(seconds, [0xFF; 3], u16::MAX, RsXid::MAX_COUNTER).ok()?,
            ))
        },
        unit: 1_000_000,
    }
}

fn object_id() -> Format<idtypes::ObjectId> {
    use idtypes::ObjectId;
    Format {
        made_at: |t, low| {
            let seconds = u64::try_from(t.div_euclid(1_000_000)).ok()?;
            let [a, b, c, d, e, f, g, h] = low.to_be_bytes();
            let counter = u32::from_be_bytes([0, f, g, h]);
            ObjectId::from_parts(seconds, [a, b, c, d, e], counter).ok()
        },
        unit_bounds: |t| {
            let seconds = u64::try_from(t.div_euclid(1_000_000)).ok()?;
            Some((
                ObjectId::from_parts(seconds, [0; 5], 0).ok()?,
                ObjectId::from_parts(seconds, [0xFF; 5], ObjectId::MAX_COUNTER).ok()?,
            ))
        },
        unit: 1_000_000,
    }
}

/// A span and a time around it, within `lo..=hi` microseconds; the time is often near an end.
fn span_and_time(lo: i64, hi: i64) -> impl Strategy<Value = ((i64, i64), i64)> {
    (lo..=hi, lo..=hi, lo..=hi, 0u8..6, -2_000i64..2_000).prop_map(move |(a, b, t, near, delta)| {
        let (start, end) = (a.min(b), a.max(b));
        let t = match near {
            0 => start.saturating_add(delta),
            1 => end.saturating_add(delta),
            _ => t,
        };
        ((start, end), t.clamp(lo, hi))
    })
}

/// Microseconds up to the year 2500, and before 1970 back to 1500: past every format's ends on
/// both sides, so that spans beyond them are clamped.
const LO: i64 = -15_000_000_000_000_000;
const HI: i64 = 16_725_225_600_000_000;

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn tid_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = Tid::ranges_for_time(at(start)..=at(end));
        prop_assert!(ranges.len() <= 1);
        prop_assert_eq!(Tid::range_for_time(at(start)..=at(end)), ranges.single());
        check(&tid(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn time_id_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = TimeId::ranges_for_time(at(start)..=at(end));
        // Two ranges exactly when the span crosses 1970 within the TimeId years.
        prop_assert_eq!(ranges.len() == 2, start < 0 && end >= 0);
        check(&time_id(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn xid_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = Uid11Xid::ranges_for_time(at(start)..=at(end));
        prop_assert_eq!(Uid11Xid::range_for_time(at(start)..=at(end)), ranges.single());
        check(&xid(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn snowish_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = Snowish::ranges_for_time(at(start)..=at(end));
        prop_assert_eq!(Snowish::range_for_time(at(start)..=at(end)), ranges.single());
        check(&snowish(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn snowflake_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = Snowflake::ranges_for_time(DISCORD, at(start)..=at(end));
        prop_assert_eq!(Snowflake::range_for_time(DISCORD, at(start)..=at(end)), ranges.single());
        check(&snowflake(), ranges, (start, end), t, low)?;
    }

    /// Around Discord's epoch, where its Snowflakes begin: spans that start before it are
    /// clamped, not refused.
    #[test]
    fn snowflake_spans_across_the_epoch_are_clamped(
        ((start, end), t) in span_and_time(
            (DISCORD.unix_millis() as i64 - 5_000) * 1000,
            (DISCORD.unix_millis() as i64 + 5_000) * 1000,
        ),
        low in any::<u64>(),
    ) {
        let ranges = Snowflake::ranges_for_time(DISCORD, at(start)..=at(end));
        check(&snowflake(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn ts_seq_rand_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = TsSeqRand::ranges_for_time(at(start)..=at(end));
        prop_assert_eq!(TsSeqRand::range_for_time(at(start)..=at(end)), ranges.single());
        check(&ts_seq_rand(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn tbsl_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = Tbsl::ranges_for_time(at(start)..=at(end));
        prop_assert_eq!(Tbsl::range_for_time(at(start)..=at(end)), ranges.single());
        check(&tbsl(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn ulid_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = Ulid::ranges_for_time(at(start)..=at(end));
        prop_assert_eq!(Ulid::range_for_time(at(start)..=at(end)), ranges.single());
        check(&ulid(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn rs_xid_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = idtypes::RsXid::ranges_for_time(at(start)..=at(end));
        prop_assert_eq!(idtypes::RsXid::range_for_time(at(start)..=at(end)), ranges.single());
        check(&rs_xid(), ranges, (start, end), t, low)?;
    }

    #[test]
    fn object_id_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        let ranges = idtypes::ObjectId::ranges_for_time(at(start)..=at(end));
        prop_assert_eq!(idtypes::ObjectId::range_for_time(at(start)..=at(end)), ranges.single());
        check(&object_id(), ranges, (start, end), t, low)?;
    }

    /// Near the xid epoch (2011-11-11) and around 1970, where the uid11 profiles and TIDs
    /// begin: spans that start before a format's first id are clamped, not refused.
    #[test]
    fn spans_across_the_first_ids_are_clamped(
        ((start, end), t) in span_and_time(-5_000_000, (UID11_XID_EPOCH_MILLIS as i64 + 5_000) * 1000),
        low in any::<u64>(),
    ) {
        check(&tid(), Tid::ranges_for_time(at(start)..=at(end)), (start, end), t, low)?;
        check(&time_id(), TimeId::ranges_for_time(at(start)..=at(end)), (start, end), t, low)?;
        check(&xid(), Uid11Xid::ranges_for_time(at(start)..=at(end)), (start, end), t, low)?;
        check(&tbsl(), Tbsl::ranges_for_time(at(start)..=at(end)), (start, end), t, low)?;
    }

    /// A typed id answers with its format's ranges, typed.
    #[test]
    fn typed_ids_forward_their_formats_ranges(((start, end), _t) in span_and_time(LO, HI)) {
        let span = at(start)..=at(end);
        fn bounds<T: Copy>(ranges: IdRanges<T>) -> Vec<(T, T)> {
            ranges.into_iter().map(IdRange::into_bounds).collect()
        }
        let inner = |ranges: Vec<(PostId, PostId)>| -> Vec<(Tid, Tid)> {
            ranges.into_iter().map(|(s, e)| (s.into_inner(), e.into_inner())).collect()
        };
        prop_assert_eq!(inner(bounds(PostId::ranges_for_time(span.clone()))), bounds(Tid::ranges_for_time(span.clone())));
        prop_assert_eq!(
            bounds(EventId::ranges_for_time(span.clone())).into_iter().map(|(s, e)| (s.into_inner(), e.into_inner())).collect::<Vec<_>>(),
            bounds(TimeId::ranges_for_time(span.clone()))
        );
        prop_assert_eq!(
            OrderId::range_for_time(span.clone()).map(|r| r.start().into_inner()),
            Uid11Xid::range_for_time(span.clone()).map(|r| r.start())
        );
        prop_assert_eq!(
            JobId::range_for_time(span.clone()).map(|r| r.end().into_inner()),
            Snowish::range_for_time(span.clone()).map(|r| r.end())
        );
        prop_assert_eq!(
            ChatId::range_for_time(DISCORD, span.clone()).map(|r| r.start().into_inner()),
            Snowflake::range_for_time(DISCORD, span.clone()).map(|r| r.start())
        );
        prop_assert_eq!(
            MsgId::ranges_for_time(span.clone()).len(),
            TsSeqRand::ranges_for_time(span.clone()).len()
        );
        prop_assert_eq!(
            TxnId::range_for_time(span.clone()).map(|r| r.end().into_inner()),
            Tbsl::range_for_time(span).map(|r| r.end())
        );
    }
}

#[test]
fn open_and_exclusive_spans_mean_what_rust_ranges_mean() {
    let t = 1_700_000_000_123_456;
    // `start..end` leaves the end's microsecond out.
    let range = Tid::range_for_time(at(t)..at(t + 1)).unwrap();
    assert_eq!(range.end().timestamp_micros(), t as u64);
    // An open start runs from the first id; an open end to the last.
    assert_eq!(Tid::range_for_time(..at(t)).unwrap().start(), Tid::MIN);
    assert_eq!(Tbsl::range_for_time(at(t)..).unwrap().end(), Tbsl::MAX);
    // An empty span holds nothing, in every format.
    assert!(Tid::ranges_for_time(at(t)..at(t)).is_empty());
    assert!(TimeId::ranges_for_time(at(t)..at(t)).is_empty());
    assert!(Uid11Xid::ranges_for_time(at(t)..at(t)).is_empty());
    assert!(Tbsl::ranges_for_time(at(t)..at(t)).is_empty());
}

#[test]
fn a_millisecond_format_takes_every_millisecond_the_span_touches() {
    let t = 1_700_000_000_123_456;
    // A span inside one millisecond still holds that millisecond's ids.
    let range = Uid11Xid::range_for_time(at(t)..=at(t + 10)).unwrap();
    assert_eq!(range.start().timestamp_millis(), 1_700_000_000_123);
    assert_eq!(range.end().timestamp_millis(), 1_700_000_000_123);
    assert_eq!(
        Uid11Xid::range_for_millis(1_700_000_000_123, 1_700_000_000_123),
        Some(range)
    );
}

/// KSUIDs: whole seconds from 1,400,000,000 Unix seconds (2014) to 2^32 - 1 after it (2150).
fn ksuid() -> Format<idtypes::Ksuid> {
    use idtypes::Ksuid;
    Format {
        made_at: |t, low| {
            let seconds = u64::try_from(t.div_euclid(1_000_000)).ok()?;
            Ksuid::from_parts(seconds, u128::from(low) << 64 | u128::from(low)).ok()
        },
        unit_bounds: |t| {
            let seconds = u64::try_from(t.div_euclid(1_000_000)).ok()?;
            Some((
                Ksuid::from_parts(seconds, 0).ok()?,
                Ksuid::from_parts(seconds, u128::MAX).ok()?,
            ))
        },
        unit: 1_000_000,
    }
}

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn ksuid_ranges_for_time(((start, end), t) in span_and_time(LO, HI), low in any::<u64>()) {
        use idtypes::Ksuid;
        let ranges = Ksuid::ranges_for_time(at(start)..=at(end));
        prop_assert_eq!(Ksuid::range_for_time(at(start)..=at(end)), ranges.single());
        check(&ksuid(), ranges, (start, end), t, low)?;
    }

    /// Around the KSUID epoch and the last KSUID second: spans beyond them are clamped.
    #[test]
    fn ksuid_spans_across_its_ends_are_clamped(
        ((start, end), t) in prop_oneof![
            span_and_time(1_399_999_995_000_000, 1_400_000_005_000_000),
            span_and_time(5_694_967_290_000_000, 5_694_967_300_000_000),
        ],
        low in any::<u64>(),
    ) {
        use idtypes::Ksuid;
        let ranges = Ksuid::ranges_for_time(at(start)..=at(end));
        check(&ksuid(), ranges, (start, end), t, low)?;
    }
}
