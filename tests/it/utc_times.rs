//! The times of the date-time libraries (`UtcTime`: std's `SystemTime`, chrono's
//! `DateTime<Utc>`, jiff's `Timestamp`, `time`'s `OffsetDateTime` and `UtcDateTime`): for every
//! format with a timestamp and its typed ids, the same instant given as any of them makes the
//! same id or the same error (`from_datetime`, `at`), an id's timestamp reads back as the same
//! instant in each (`datetime`, `From`), and spans of any of them are the same ranges. The
//! cases are the chrono integration's: before, at and after 1970, a time between two of the
//! format's units (rounded down, towards the past), each end of the format's span and one unit
//! beyond.

use std::time::SystemTime;

use chrono::{DateTime, Utc};
use idtypes::prelude::*;
use idtypes::time_id::NodeId;
use idtypes::{
    Error, Ksuid, RsXid, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11Xid, Ulid, UtcTime, uuids,
};
use idtypes_tests::typed::{EventId, PaymentId, PostId, TraceId};
use time::{OffsetDateTime, UtcDateTime, UtcOffset};

/// One instant in every library's type (and `time`'s with an offset other than UTC, which
/// names the same instant).
struct Instant {
    system: SystemTime,
    chrono: DateTime<Utc>,
    jiff: jiff::Timestamp,
    offset: OffsetDateTime,
    utc: UtcDateTime,
}

fn instant(nanos: i128) -> Instant {
    let offset = OffsetDateTime::from_unix_nanos(nanos)
        .unwrap()
        .to_offset(UtcOffset::from_hms(-7, -30, 0).unwrap());
    Instant {
        system: SystemTime::from_unix_nanos(nanos).unwrap(),
        chrono: DateTime::from_unix_nanos(nanos).unwrap(),
        jiff: jiff::Timestamp::from_unix_nanos(nanos).unwrap(),
        offset,
        utc: UtcDateTime::from_unix_nanos(nanos).unwrap(),
    }
}

const MICRO: i128 = 1_000;
const MILLI: i128 = 1_000_000;
const SECOND: i128 = 1_000_000_000;

/// The cases every format is checked on: around 1970, a known time between units, and the
/// format's span (`first` and `last`, in nanoseconds, and its unit), each end and one unit
/// beyond.
fn cases(first: i128, last: i128, unit: i128) -> Vec<i128> {
    let mut cases = vec![
        -SECOND - 1,
        -1,
        0,
        1,
        unit - 1,
        1_688_137_381_887_007_900,
        1_688_137_381_887_007_999,
        first,
        first - 1,
        first - unit,
        last,
        last + unit - 1,
        last + unit,
    ];
    cases.sort_unstable();
    cases.dedup();
    cases
}

/// Checks that `make` gives the same result for the instant in every library's type, and
/// that an id made reads back, in every type, as the instant rounded down to `unit`.
macro_rules! same_in_every_library {
    ($ty:ident, $unit:expr, ($first:expr, $last:expr), |$time:ident| $make:expr) => {{
        let mut made = 0;
        for nanos in cases($first, $last, $unit) {
            let at = instant(nanos);
            let from_system: Result<$ty, Error> = {
                let $time = at.system;
                $make
            };
            let from_chrono: Result<$ty, Error> = {
                let $time = at.chrono;
                $make
            };
            let from_jiff: Result<$ty, Error> = {
                let $time = at.jiff;
                $make
            };
            let from_offset: Result<$ty, Error> = {
                let $time = at.offset;
                $make
            };
            let from_utc: Result<$ty, Error> = {
                let $time = at.utc;
                $make
            };
            let what = concat!(stringify!($ty), " at ");
            assert_eq!(from_chrono, from_system, "{what}{nanos} ns (chrono)");
            assert_eq!(from_jiff, from_system, "{what}{nanos} ns (jiff)");
            assert_eq!(
                from_offset, from_system,
                "{what}{nanos} ns (OffsetDateTime)"
            );
            assert_eq!(from_utc, from_system, "{what}{nanos} ns (UtcDateTime)");
            let inside = $first <= nanos && nanos < $last + $unit;
            match from_system {
                Ok(id) => {
                    assert!(inside, "{what}{nanos} ns: made {id}, outside the span");
                    made += 1;
                    let floor = nanos.div_euclid($unit) * $unit;
                    let read = |time: i128| assert_eq!(time, floor, "{what}{nanos} ns: {id}");
                    read(id.datetime::<SystemTime>().to_unix_nanos());
                    read(id.datetime::<DateTime<Utc>>().to_unix_nanos());
                    read(id.datetime::<jiff::Timestamp>().to_unix_nanos());
                    read(id.datetime::<OffsetDateTime>().to_unix_nanos());
                    read(id.datetime::<UtcDateTime>().to_unix_nanos());
                    read(DateTime::<Utc>::from(id).to_unix_nanos());
                    read(jiff::Timestamp::from(id).to_unix_nanos());
                    read(OffsetDateTime::from(id).to_unix_nanos());
                    read(UtcDateTime::from(id).to_unix_nanos());
                    assert_eq!(OffsetDateTime::from(id).offset(), UtcOffset::UTC);
                }
                Err(err) => {
                    assert!(!inside, "{what}{nanos} ns refused inside the span: {err}");
                    assert_eq!(err.kind(), idtypes::ErrorKind::OutOfRange, "{err}");
                }
            }
        }
        assert!(made >= 5, "{}: only {made} ids made", stringify!($ty));
    }};
}

#[test]
fn a_tid_is_the_same_from_every_library() {
    let last = Tid::MAX_TIMESTAMP_MICROS as i128 * MICRO;
    same_in_every_library!(Tid, MICRO, (0, last), |time| Tid::from_datetime(time, 6));
}

#[test]
fn a_time_id_is_the_same_from_every_library() {
    let (first, last) = (
        TimeId::MIN_TIMESTAMP_MICROS as i128 * MICRO,
        TimeId::MAX_TIMESTAMP_MICROS as i128 * MICRO,
    );
    let node = NodeId::new(1).unwrap();
    same_in_every_library!(TimeId, MICRO, (first, last), |time| TimeId::from_datetime(
        time, node
    ));
}

#[test]
fn a_uid11_profile_id_is_the_same_from_every_library() {
    let first = idtypes::uid11::UID11_XID_EPOCH_MILLIS as i128 * MILLI;
    let last = Uid11Xid::MAX_TIMESTAMP_MILLIS as i128 * MILLI;
    same_in_every_library!(Uid11Xid, MILLI, (first, last), |time| {
        Uid11Xid::from_datetime(time, 5)
    });
    let last = Snowish::MAX_TIMESTAMP_MILLIS as i128 * MILLI;
    same_in_every_library!(Snowish, MILLI, (first, last), |time| {
        Snowish::from_datetime(time, 3, 9)
    });
    let last = TsSeqRand::MAX_TIMESTAMP_MILLIS as i128 * MILLI;
    same_in_every_library!(TsSeqRand, MILLI, (first, last), |time| {
        TsSeqRand::from_datetime(time, 0, 5)
    });
}

#[test]
fn a_tbsl_is_the_same_from_every_library() {
    let last = Tbsl::MAX_TIMESTAMP_MICROS as i128 * MICRO;
    same_in_every_library!(Tbsl, MICRO, (0, last), |time| Tbsl::from_datetime(
        time, 0, 7
    ));
}

#[test]
fn a_ksuid_an_rs_xid_and_an_object_id_are_the_same_from_every_library() {
    let first = Ksuid::EPOCH_SECONDS as i128 * SECOND;
    let last = Ksuid::MAX_TIMESTAMP_SECONDS as i128 * SECOND;
    same_in_every_library!(Ksuid, SECOND, (first, last), |time| Ksuid::from_datetime(
        time, 42
    ));
    let last = RsXid::MAX_TIMESTAMP_SECONDS as i128 * SECOND;
    same_in_every_library!(RsXid, SECOND, (0, last), |time| {
        RsXid::from_datetime(time, [1, 2, 3], 4, 5)
    });
    use idtypes::ObjectId;
    let last = ObjectId::MAX_TIMESTAMP_SECONDS as i128 * SECOND;
    same_in_every_library!(ObjectId, SECOND, (0, last), |time| {
        ObjectId::from_datetime(time, [1, 2, 3, 4, 5], 6)
    });
}

#[test]
fn an_out_of_range_time_has_the_same_message_from_every_library() {
    let at = instant(-1_500);
    let expected = "atproto TID timestamp (microseconds) out of range: found -2, \
                    expected 0..=9007199254740991";
    assert_eq!(
        Tid::from_datetime(at.system, 0).unwrap_err().to_string(),
        expected
    );
    assert_eq!(
        Tid::from_datetime(at.chrono, 0).unwrap_err().to_string(),
        expected
    );
    assert_eq!(
        Tid::from_datetime(at.jiff, 0).unwrap_err().to_string(),
        expected
    );
    assert_eq!(
        Tid::from_datetime(at.offset, 0).unwrap_err().to_string(),
        expected
    );
    assert_eq!(
        Tid::from_datetime(at.utc, 0).unwrap_err().to_string(),
        expected
    );
}

#[test]
fn a_ulid_is_the_same_from_every_library_and_its_late_times_are_none_where_a_type_ends() {
    let last = Ulid::MAX_TIMESTAMP_MILLIS as i128 * MILLI;
    // Every library's type ends after 1970 + 48 bits of milliseconds but jiff's and `time`'s,
    // which end with 9999: the instants checked for all are those up to 9999.
    for nanos in cases(0, last, MILLI) {
        if nanos > 253_402_300_799 * SECOND {
            continue;
        }
        let at = instant(nanos);
        let made = Ulid::from_datetime(at.system, 7);
        assert_eq!(Ulid::from_datetime(at.chrono, 7), made, "{nanos}");
        assert_eq!(Ulid::from_datetime(at.jiff, 7), made, "{nanos}");
        assert_eq!(Ulid::from_datetime(at.offset, 7), made, "{nanos}");
        assert_eq!(Ulid::from_datetime(at.utc, 7), made, "{nanos}");
        if let Ok(id) = made {
            let floor = nanos.div_euclid(MILLI) * MILLI;
            assert_eq!(
                id.datetime::<jiff::Timestamp>().unwrap().to_unix_nanos(),
                floor
            );
            assert_eq!(id.datetime::<UtcDateTime>().unwrap().to_unix_nanos(), floor);
            assert_eq!(DateTime::<Utc>::from(id).to_unix_nanos(), floor);
        }
    }
    // The last ULID, in the year 10889: in `SystemTime` and chrono, not in jiff or `time`.
    let late = Ulid::MAX;
    assert_eq!(late.datetime::<SystemTime>().unwrap().to_unix_nanos(), last);
    assert_eq!(
        late.datetime::<DateTime<Utc>>().unwrap().to_rfc3339(),
        "+10889-08-02T05:31:50.655+00:00"
    );
    assert_eq!(late.datetime::<jiff::Timestamp>(), None);
    assert_eq!(late.datetime::<OffsetDateTime>(), None);
    assert_eq!(PaymentId::from_inner(late).datetime::<UtcDateTime>(), None);
    // The same for a version 7 UUID, whose time is the same 48 bits.
    let v7 = uuid::Uuid::from_u128(!(0xF << 76) | (0x7 << 76));
    assert_eq!(
        uuids::timestamp_millis(v7),
        Some(Ulid::MAX_TIMESTAMP_MILLIS)
    );
    assert!(uuids::datetime::<DateTime<Utc>>(v7).is_some());
    assert_eq!(uuids::datetime::<jiff::Timestamp>(v7), None);
    let early = uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057");
    assert_eq!(
        uuids::datetime::<jiff::Timestamp>(early)
            .unwrap()
            .to_string(),
        "2023-06-30T03:34:18.518Z"
    );
}

#[test]
fn typed_ids_take_and_give_every_library_s_times() {
    let jiff_time: jiff::Timestamp = "2024-07-19T16:40:46.480310Z".parse().unwrap();
    let time_time = OffsetDateTime::from_unix_nanos(jiff_time.to_unix_nanos()).unwrap();

    // Made at a time (random parts): the same timestamp from either.
    let post = PostId::at(jiff_time).unwrap();
    assert_eq!(post.datetime::<jiff::Timestamp>(), jiff_time);
    assert_eq!(
        PostId::at(time_time).unwrap().datetime::<OffsetDateTime>(),
        time_time
    );
    let event = EventId::at(time_time).unwrap();
    assert_eq!(event.datetime::<jiff::Timestamp>(), jiff_time);
    let trace = TraceId::at(jiff_time).unwrap();
    assert_eq!(
        trace.datetime::<jiff::Timestamp>().to_string(),
        "2024-07-19T16:40:46Z"
    );
    let payment = PaymentId::at(time_time).unwrap();
    assert_eq!(
        payment.datetime::<jiff::Timestamp>().unwrap().to_string(),
        "2024-07-19T16:40:46.48Z"
    );

    // Spans of either are the same ranges as of `SystemTime`.
    let end_jiff = jiff_time + jiff::SignedDuration::from_secs(60);
    let end_time = time_time + time::Duration::seconds(60);
    let system = |t: i128| SystemTime::from_unix_nanos(t).unwrap();
    let by_system =
        PostId::range_for_time(system(jiff_time.to_unix_nanos())..system(end_jiff.to_unix_nanos()));
    assert_eq!(PostId::range_for_time(jiff_time..end_jiff), by_system);
    assert_eq!(PostId::range_for_time(time_time..end_time), by_system);
    assert!(by_system.unwrap().contains(&post));
    assert_eq!(
        EventId::ranges_for_time(jiff_time..=end_jiff),
        EventId::ranges_for_time(time_time..=end_time)
    );
    assert_eq!(
        PaymentId::range_for_time(jiff_time..end_jiff),
        PaymentId::range_for_time(time_time..end_time)
    );
}
