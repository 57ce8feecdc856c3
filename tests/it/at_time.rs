//! Ids of a given time (`at`): for every format that holds a time and for its typed ids, the
//! id's time is the time given rounded down to the format's precision, from a `SystemTime` or
//! a chrono `DateTime<Utc>`; times outside the format's span are out-of-range errors; a typed
//! id's checks run on it.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use chrono::{DateTime, Utc};
use idtypes::prelude::*;
use idtypes::snowflake::SnowflakeEpoch;
use idtypes::sonyflake::SonyflakeLayout;
use idtypes::{
    ErrorKind, Ksuid, RsXid, Snowflake, Snowish, Sonyflake, Tbsl, Tid, TimeId, TsSeqRand, Uid11Xid,
    Ulid, Uuid, uuids,
};
use idtypes_tests::proptest_config;
use idtypes_tests::typed::{
    BatchId, ChatId, EventId, JobId, MsgId, OrderId, PaymentId, PostId, RequestId, TraceId, TxnId,
};
use proptest::prelude::*;

/// The time `nanos` nanoseconds from 1970 (before it when negative).
fn time(nanos: i128) -> SystemTime {
    let abs = nanos.unsigned_abs();
    let offset = Duration::new(
        u64::try_from(abs / 1_000_000_000).unwrap(),
        (abs % 1_000_000_000) as u32,
    );
    if nanos < 0 {
        UNIX_EPOCH - offset
    } else {
        UNIX_EPOCH + offset
    }
}

/// `nanos` rounded down to a multiple of `unit` nanoseconds, as a time.
fn floor(nanos: i128, unit: i128) -> SystemTime {
    time(nanos.div_euclid(unit) * unit)
}

const MICROS: i128 = 1_000;
const MILLIS: i128 = 1_000_000;
const SECONDS: i128 = 1_000_000_000;

/// 2025-08-05T05:17:04.429123456Z.
const NANOS: i128 = 1_754_371_024_429_123_456;

// ---------------------------------------------------------------------------------------------
// The time round trip

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn every_format_holds_the_time_given_rounded_down_to_its_precision(
        // 2014-09-01 (where Sonyflake v1 starts, after the KSUID epoch) to 2077-09-28 (before
        // Twitter's Snowflakes and snowish ids end, in 2080 and 2081).
        nanos in 1_409_529_600 * SECONDS..3_400_000_000 * SECONDS,
    ) {
        let t = time(nanos);
        prop_assert_eq!(Tid::at(t).unwrap().timestamp(), floor(nanos, MICROS));
        prop_assert_eq!(TimeId::at(t).unwrap().timestamp(), floor(nanos, MICROS));
        prop_assert_eq!(Tbsl::at(t).unwrap().timestamp(), floor(nanos, MICROS));
        prop_assert_eq!(Uid11Xid::at(t).unwrap().timestamp(), floor(nanos, MILLIS));
        prop_assert_eq!(TsSeqRand::at(t).unwrap().timestamp(), floor(nanos, MILLIS));
        prop_assert_eq!(Snowish::at(t).unwrap().timestamp(), floor(nanos, MILLIS));
        prop_assert_eq!(Ulid::at(t).unwrap().timestamp(), floor(nanos, MILLIS));
        prop_assert_eq!(uuids::timestamp(uuids::at_v7(t).unwrap()), Some(floor(nanos, MILLIS)));
        prop_assert_eq!(Ksuid::at(t).unwrap().timestamp(), floor(nanos, SECONDS));
        prop_assert_eq!(RsXid::at(t).unwrap().timestamp(), floor(nanos, SECONDS));
        prop_assert_eq!(idtypes::ObjectId::at(t).unwrap().timestamp(), floor(nanos, SECONDS));
        let epoch = SnowflakeEpoch::TWITTER;
        prop_assert_eq!(Snowflake::at(epoch, t).unwrap().timestamp(epoch), floor(nanos, MILLIS));
        // V1's units: 10 ms from a start on a 10 ms boundary.
        let layout = SonyflakeLayout::V1;
        prop_assert_eq!(
            Sonyflake::at(layout, t).unwrap().timestamp(layout),
            floor(nanos, 10 * MILLIS)
        );
    }

    #[test]
    fn time_ids_before_1970_round_towards_the_past(nanos in -9_000_000_000 * SECONDS..0) {
        prop_assert_eq!(TimeId::at(time(nanos)).unwrap().timestamp(), floor(nanos, MICROS));
    }
}

#[test]
fn a_sonyflake_layout_whose_unit_is_not_a_millisecond_rounds_down_to_its_unit() {
    // 1.5 ms units from 2025-01-01: units start at .0 and .5 of a millisecond.
    let layout =
        SonyflakeLayout::new(1_735_689_600_000, Duration::from_micros(1_500), 8, 16).unwrap();
    let id = Sonyflake::at(layout, time(NANOS)).unwrap();
    let start = id.timestamp_nanos(layout) as i128;
    assert_eq!(start % 1_500_000, 0);
    assert!(start <= NANOS && NANOS < start + 1_500_000, "{start}");
    assert_eq!(id.timestamp(layout), time(start));
}

#[test]
fn a_chrono_time_makes_the_same_ids_as_its_system_time() {
    let datetime = DateTime::<Utc>::from_timestamp(1_754_371_024, 429_123_456).unwrap();
    assert_eq!(SystemTime::from(datetime), time(NANOS));
    assert_eq!(
        Tid::at(datetime).unwrap().timestamp_micros(),
        1_754_371_024_429_123
    );
    assert_eq!(
        TimeId::at(datetime)
            .unwrap()
            .datetime::<chrono::DateTime<chrono::Utc>>(),
        DateTime::<Utc>::from_timestamp(1_754_371_024, 429_123_000).unwrap()
    );
    assert_eq!(
        Ulid::at(datetime).unwrap().timestamp_millis(),
        1_754_371_024_429
    );
    assert_eq!(
        uuids::timestamp_millis(uuids::at_v7(datetime).unwrap()),
        Some(1_754_371_024_429)
    );
    assert_eq!(
        Ksuid::at(datetime).unwrap().timestamp_seconds(),
        1_754_371_024
    );
    let before_1970 = DateTime::<Utc>::from_timestamp(-1, 999_999_999).unwrap();
    assert_eq!(TimeId::at(before_1970).unwrap().timestamp_micros(), -1);
    let err = Tid::at(before_1970).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
}

// ---------------------------------------------------------------------------------------------
// The span

#[test]
fn times_outside_each_formats_span_are_out_of_range_errors_naming_it() {
    let before_1970 = time(-1);
    let year_3000 = time(32_503_680_000 * SECONDS);
    for (err, format) in [
        (Tid::at(before_1970).unwrap_err(), "atproto TID"),
        (Tbsl::at(before_1970).unwrap_err(), "TBSL"),
        (Ulid::at(before_1970).unwrap_err(), "ULID"),
        (uuids::at_v7(before_1970).unwrap_err(), "UUIDv7"),
        (RsXid::at(before_1970).unwrap_err(), "rs/xid XID"),
        (idtypes::ObjectId::at(before_1970).unwrap_err(), "ObjectId"),
        (Uid11Xid::at(UNIX_EPOCH).unwrap_err(), "uid11 xid"),
        (Snowish::at(UNIX_EPOCH).unwrap_err(), "snowish uid11"),
        (TsSeqRand::at(UNIX_EPOCH).unwrap_err(), "ts-seq-rand uid11"),
        (Ksuid::at(UNIX_EPOCH).unwrap_err(), "KSUID"),
        (
            Snowflake::at(SnowflakeEpoch::DISCORD, UNIX_EPOCH).unwrap_err(),
            "Snowflake",
        ),
        (
            Sonyflake::at(SonyflakeLayout::V2, UNIX_EPOCH).unwrap_err(),
            "Sonyflake",
        ),
        (Tid::at(year_3000).unwrap_err(), "atproto TID"),
        (TimeId::at(year_3000).unwrap_err(), "TimeId"),
        (RsXid::at(year_3000).unwrap_err(), "rs/xid XID"),
        (idtypes::ObjectId::at(year_3000).unwrap_err(), "ObjectId"),
        (Snowish::at(year_3000).unwrap_err(), "snowish uid11"),
        (
            Sonyflake::at(SonyflakeLayout::V1, year_3000).unwrap_err(),
            "Sonyflake",
        ),
    ] {
        assert_eq!(err.kind(), ErrorKind::OutOfRange, "{err}");
        assert_eq!(err.format_name(), format, "{err}");
    }
}

#[test]
fn a_snowflakes_span_is_its_epochs() {
    let epoch = SnowflakeEpoch::from_unix_millis(1_700_000_000_000).unwrap();
    let start = time(1_700_000_000_000 * MILLIS);
    assert_eq!(Snowflake::at(epoch, start).unwrap().millis_since_epoch(), 0);
    let err = Snowflake::at(epoch, start - Duration::from_nanos(1)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    // Before this epoch, but within Twitter's.
    assert!(Snowflake::at(SnowflakeEpoch::TWITTER, start - Duration::from_secs(1)).is_ok());
}

// ---------------------------------------------------------------------------------------------
// The parts that are not time

#[test]
fn ids_of_one_time_differ_by_their_other_parts() {
    let t = time(NANOS);
    let differ = |ids: [Vec<u8>; 3]| ids[0] != ids[1] || ids[1] != ids[2];
    // Three ids alike, for the fewest random bits here (TimeId's 5): odds of 1 in 2^10.
    assert!(differ(
        [0, 1, 2].map(|_| TimeId::at(t).unwrap().to_bytes().to_vec())
    ));
    assert!(differ(
        [0, 1, 2].map(|_| Tid::at(t).unwrap().to_bytes().to_vec())
    ));
    assert!(differ(
        [0, 1, 2].map(|_| Tbsl::at(t).unwrap().to_bytes().to_vec())
    ));
    assert!(differ(
        [0, 1, 2].map(|_| Ulid::at(t).unwrap().to_bytes().to_vec())
    ));
    assert!(differ(
        [0, 1, 2].map(|_| Ksuid::at(t).unwrap().to_bytes().to_vec())
    ));
    assert!(differ(
        [0, 1, 2].map(|_| uuids::at_v7(t).unwrap().as_bytes().to_vec())
    ));
    // The process's counter, not chance: never the same within 2^24 XIDs.
    let (a, b) = (RsXid::at(t).unwrap(), RsXid::at(t).unwrap());
    assert_ne!(a, b);
    assert_eq!(
        (a.machine_id(), a.process_id()),
        (b.machine_id(), b.process_id())
    );
}

#[test]
fn a_uuid_made_at_a_time_is_a_version_7_uuid() {
    let id = uuids::at_v7(time(NANOS)).unwrap();
    assert_eq!(id.get_version_num(), 7);
    assert_eq!(id.get_variant(), uuid::Variant::RFC4122);
    // The uuid crate reads the same time from it.
    let (seconds, nanos) = id.get_timestamp().unwrap().to_unix();
    assert_eq!((seconds, nanos), (1_754_371_024, 429_000_000));
}

// ---------------------------------------------------------------------------------------------
// Typed ids

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user")]
pub struct UserId(Uuid);

/// Accepts only ids made from 2020 on.
fn after_2020(tid: &Tid) -> Result<(), &'static str> {
    if tid.timestamp_micros() >= 1_577_836_800_000_000 {
        Ok(())
    } else {
        Err("made before 2020")
    }
}

#[derive(Tid)]
#[idtype(prefix = "recent", validate = after_2020)]
pub struct RecentId(Tid);

/// Accepts only version 7 UUIDs.
fn version_7(uuid: &Uuid) -> Result<(), &'static str> {
    if uuid.get_version_num() == 7 {
        Ok(())
    } else {
        Err("not a version 7 UUID")
    }
}

#[derive(idtypes::Uuid)]
#[idtype(prefix = "sess", validate = version_7)]
pub struct CheckedSessionId(Uuid);

#[test]
fn every_typed_id_of_a_time_has_that_time_and_its_prefix() {
    let t = time(NANOS);
    let post = PostId::at(t).unwrap();
    assert_eq!(post.timestamp(), floor(NANOS, MICROS));
    assert!(post.to_string().starts_with("post_"));
    assert_eq!(EventId::at(t).unwrap().timestamp(), floor(NANOS, MICROS));
    assert_eq!(TxnId::at(t).unwrap().timestamp(), floor(NANOS, MICROS));
    assert_eq!(OrderId::at(t).unwrap().timestamp(), floor(NANOS, MILLIS));
    assert_eq!(JobId::at(t).unwrap().timestamp(), floor(NANOS, MILLIS));
    assert_eq!(MsgId::at(t).unwrap().timestamp(), floor(NANOS, MILLIS));
    assert_eq!(PaymentId::at(t).unwrap().timestamp(), floor(NANOS, MILLIS));
    assert_eq!(TraceId::at(t).unwrap().timestamp(), floor(NANOS, SECONDS));
    assert_eq!(RequestId::at(t).unwrap().timestamp(), floor(NANOS, SECONDS));
    let epoch = SnowflakeEpoch::DISCORD;
    let chat = ChatId::at(epoch, t).unwrap();
    assert_eq!(chat.timestamp(epoch), floor(NANOS, MILLIS));
    assert!(chat.to_string().starts_with("chat_"));
    let layout = SonyflakeLayout::V1;
    let batch = BatchId::at(layout, t).unwrap();
    assert_eq!(batch.timestamp(layout), floor(NANOS, 10 * MILLIS));
    let user = UserId::at(t).unwrap();
    assert_eq!(user.timestamp(), Some(floor(NANOS, MILLIS)));
    assert_eq!(user.into_inner().get_version_num(), 7);
    assert!(user.to_string().starts_with("user_"));
    // A chrono time too.
    let datetime = DateTime::<Utc>::from_timestamp(1_754_371_024, 429_123_456).unwrap();
    assert_eq!(
        PostId::at(datetime).unwrap().timestamp(),
        floor(NANOS, MICROS)
    );
}

#[test]
fn a_typed_id_passes_the_formats_out_of_range_error_on() {
    let err = PostId::at(time(-1)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    assert_eq!(err.format_name(), "atproto TID");
    let err = ChatId::at(SnowflakeEpoch::DISCORD, UNIX_EPOCH).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
    let err = UserId::at(time(-1)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::OutOfRange);
}

#[test]
fn a_checked_typed_id_of_a_time_runs_its_check() {
    let recent = RecentId::at(time(NANOS)).unwrap();
    assert_eq!(recent.timestamp(), floor(NANOS, MICROS));
    let err = RecentId::at(time(1_500_000_000 * SECONDS)).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Validation);
    assert_eq!(err.type_name(), Some("RecentId"));
    assert!(err.to_string().contains("made before 2020"), "{err}");
    // The format's error comes first.
    assert_eq!(
        RecentId::at(time(-1)).unwrap_err().kind(),
        ErrorKind::OutOfRange
    );
    let session = CheckedSessionId::at(time(NANOS)).unwrap();
    assert_eq!(session.timestamp_millis(), Some(1_754_371_024_429));
}
