//! `uuid`: lossless mappings between ids and RFC 9562 UUIDs.
//!
//! # UUIDv6 (TimeId)
//!
//! | UUIDv6 field | carries |
//! |---|---|
//! | 60-bit timestamp | `micros * 10 + 0x01B21DD213814000` (100-ns ticks since 1582-10-15) |
//! | `clock_seq` (14 bits) | the node id (0..=1023) |
//! | `node` (48 bits) | zero |
//!
//! Every TimeId maps (its whole timestamp range fits in 60 bits). Back, the timestamp is
//! `(ticks - 0x01B21DD213814000) / 10`, rounded down: the relation of draft-goldman, under which
//! RFC 9562's example `1EC9414C-232A-6B00-B3C8-9F6BDECED846` is 1645557742000000 µs.
//!
//! # UUIDv7 (Tid and TimeId)
//!
//! | UUIDv7 field | carries |
//! |---|---|
//! | `unix_ts_ms` (48 bits) | the milliseconds |
//! | `rand_a` (12 bits) | the sub-millisecond microseconds as RFC 9562's scaled fraction (method 3): `floor(µs * 4096 / 1000)` |
//! | `rand_b` (62 bits) | the clock id / node id in its top 10 bits, then zeros |
//!
//! UUIDv7 holds no time before 1970, so pre-1970 TimeIds have none. The scaled fraction keeps
//! the UUIDs sorted by time and readable by other UUIDv7 software.
//!
//! # Strict inverses
//!
//! `from_uuid_v6` and `from_uuid_v7` accept exactly the UUIDs the `to_` functions make. A UUID
//! with data in the bits the mapping leaves zero (another generator's random bits, 100-ns ticks,
//! a larger clock sequence) is refused rather than silently truncated.

use uuid::{Uuid, Variant};

use crate::{
    Error, Tid, TimeId,
    error::{Bounds, Repr},
};

use crate::time_id::NodeId;

/// 100-ns ticks from 1582-10-15 (the Gregorian epoch) to 1970-01-01.
const GREGORIAN_OFFSET: i64 = 0x01B2_1DD2_1381_4000;

const V6_FORMAT: &str = "TimeId UUIDv6";
const TID_V7_FORMAT: &str = "TID UUIDv7";
const TIME_ID_V7_FORMAT: &str = "TimeId UUIDv7";

/// The version and RFC 9562 variant bits, as the mappings need them.
fn check_version(format: &'static str, uuid: Uuid, version: usize) -> Result<u128, Error> {
    if uuid.get_version_num() != version {
        return Err(Error::new(
            format,
            Repr::Syntax {
                position: None,
                rule: if version == 6 {
                    "expected a version 6 UUID"
                } else {
                    "expected a version 7 UUID"
                },
            },
        ));
    }
    if uuid.get_variant() != Variant::RFC4122 {
        return Err(Error::new(
            format,
            Repr::Syntax {
                position: None,
                rule: "expected the RFC 9562 variant (bits 10)",
            },
        ));
    }
    Ok(uuid.as_u128())
}

/// The 60-bit timestamp of a UUIDv6 (version and variant already checked).
fn v6_ticks(bits: u128) -> i64 {
    let high = (bits >> 80) as u64 & 0xFFFF_FFFF_FFFF; // time_high and time_mid: 48 bits
    let low = (bits >> 64) as u64 & 0xFFF; // time_low: 12 bits
    ((high << 12) | low) as i64
}

/// Microseconds split into milliseconds and the RFC 9562 scaled fraction of `rand_a`.
fn v7_fields(micros: u64) -> (u64, u64) {
    (micros / 1000, (micros % 1000) * 4096 / 1000)
}

/// Builds a UUIDv7 from microseconds since 1970 and a 10-bit id.
fn v7_from(micros: u64, id: u16) -> Uuid {
    let (millis, fraction) = v7_fields(micros);
    let bits = ((millis as u128) << 80)
        | (0x7 << 76)
        | ((fraction as u128) << 64)
        | (0b10 << 62)
        | ((id as u128) << 52);
    Uuid::from_u128(bits)
}

/// Reads back what `v7_from` wrote: microseconds and the 10-bit id.
fn v7_parts(format: &'static str, uuid: Uuid) -> Result<(u64, u16), Error> {
    let bits = check_version(format, uuid, 7)?;
    if bits & ((1 << 52) - 1) != 0 {
        return Err(Error::new(
            format,
            Repr::Syntax {
                position: None,
                rule: "rand_b holds data below its top 10 bits: not made from an id, it would be lost",
            },
        ));
    }
    let millis = (bits >> 80) as u64;
    let fraction = (bits >> 64) as u64 & 0xFFF;
    // The one sub-millisecond microsecond whose scaled fraction is `fraction`, if any.
    let sub = (fraction * 1000).div_ceil(4096);
    if sub > 999 || (sub * 4096 / 1000) != fraction {
        return Err(Error::new(
            format,
            Repr::Syntax {
                position: None,
                rule: "rand_a is not a scaled microsecond fraction: not made from an id, it would be lost",
            },
        ));
    }
    let id = ((bits >> 52) & 0x3FF) as u16;
    Ok((millis * 1000 + sub, id))
}

impl TimeId {
    /// The UUIDv6 of this TimeId: its timestamp as 100-ns ticks since 1582, its node id as the
    /// clock sequence, a zero node field.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    /// use idtypes::time_id::NodeId;
    ///
    /// let id = TimeId::from_parts(1645557742000000, NodeId::new(1)?)?;
    /// let uuid = id.to_uuid_v6();
    /// assert_eq!(uuid.to_string(), "1ec9414c-232a-6b00-8001-000000000000");
    /// assert_eq!(TimeId::from_uuid_v6(uuid)?, id);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn to_uuid_v6(self) -> Uuid {
        // |micros| <= 2^53, so the ticks are between 3.2e16 and 2.1e17: positive, below 2^60.
        let ticks = (self.timestamp_micros() * 10 + GREGORIAN_OFFSET) as u128;
        let bits = ((ticks >> 12) << 80)
            | (0x6 << 76)
            | ((ticks & 0xFFF) << 64)
            | (0b10 << 62)
            | ((self.node().get() as u128) << 48);
        Uuid::from_u128(bits)
    }

    /// The TimeId a UUIDv6 was made from by [`to_uuid_v6`](TimeId::to_uuid_v6).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for another version or variant, for
    /// 100-ns ticks that are not whole microseconds, a clock sequence above 1023 or a non-zero
    /// node field (that data would be lost); [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange)
    /// for a time outside the TimeId range. To read only the time of any UUIDv6, use
    /// [`uuid_v6_timestamp_micros`](TimeId::uuid_v6_timestamp_micros).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// let rfc_example = uuid::uuid!("1EC9414C-232A-6B00-B3C8-9F6BDECED846");
    /// assert!(TimeId::from_uuid_v6(rfc_example).is_err()); // its clock_seq and node would be lost
    /// ```
    pub fn from_uuid_v6(uuid: Uuid) -> Result<TimeId, Error> {
        let bits = check_version(V6_FORMAT, uuid, 6)?;
        let clock_seq = (bits >> 48) as u64 & 0x3FFF;
        if clock_seq > 1023 || bits & 0xFFFF_FFFF_FFFF != 0 {
            return Err(Error::new(
                V6_FORMAT,
                Repr::Syntax {
                    position: None,
                    rule: "clock_seq above 1023 or a non-zero node field: not made from a TimeId, it would be lost",
                },
            ));
        }
        let since_1970 = v6_ticks(bits) - GREGORIAN_OFFSET;
        if since_1970.rem_euclid(10) != 0 {
            return Err(Error::new(
                V6_FORMAT,
                Repr::Syntax {
                    position: None,
                    rule: "the timestamp has 100-ns ticks below a microsecond: they would be lost",
                },
            ));
        }
        TimeId::from_parts(since_1970 / 10, NodeId::from_low_bits(clock_seq))
    }

    /// The time of any UUIDv6, in microseconds since 1970, rounded down:
    /// `(ticks - 0x01B21DD213814000) / 10`.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for another version or variant.
    ///
    /// # Examples
    ///
    /// RFC 9562's example:
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// let uuid = uuid::uuid!("1EC9414C-232A-6B00-B3C8-9F6BDECED846");
    /// assert_eq!(TimeId::uuid_v6_timestamp_micros(uuid)?, 1645557742000000);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn uuid_v6_timestamp_micros(uuid: Uuid) -> Result<i64, Error> {
        let bits = check_version(V6_FORMAT, uuid, 6)?;
        Ok((v6_ticks(bits) - GREGORIAN_OFFSET).div_euclid(10))
    }

    /// The UUIDv7 of this TimeId (milliseconds, scaled sub-millisecond fraction, node id).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) before 1970: UUIDv7 has no such
    /// times.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// let id: TimeId = "3kxn-lhr-3gxq-23".parse()?;
    /// let uuid = id.to_uuid_v7()?;
    /// assert_eq!(uuid.get_version_num(), 7);
    /// assert_eq!(TimeId::from_uuid_v7(uuid)?, id);
    /// assert!(TimeId::MAX.to_uuid_v7().is_err()); // -1 µs
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn to_uuid_v7(self) -> Result<Uuid, Error> {
        match u64::try_from(self.timestamp_micros()) {
            Ok(micros) => Ok(v7_from(micros, self.node().get())),
            Err(_) => Err(Bounds {
                part: "timestamp (microseconds)",
                min: 0,
                max: TimeId::MAX_TIMESTAMP_MICROS as i128,
            }
            .refuse(TIME_ID_V7_FORMAT, self.timestamp_micros() as i128)),
        }
    }

    /// The TimeId a UUIDv7 was made from by [`to_uuid_v7`](TimeId::to_uuid_v7) (or by
    /// [`Tid::to_uuid_v7`]: the mapping is the same).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for another version or variant, or
    /// random bits the mapping leaves zero; [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange)
    /// after 2255.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::TimeId;
    ///
    /// let random = uuid::Uuid::now_v7();
    /// assert!(TimeId::from_uuid_v7(random).is_err()); // its random bits would be lost
    /// ```
    pub fn from_uuid_v7(uuid: Uuid) -> Result<TimeId, Error> {
        let (micros, node) = v7_parts(TIME_ID_V7_FORMAT, uuid)?;
        // `micros < 2^58`: fits an i64; `from_parts` checks the TimeId range.
        TimeId::from_parts(micros as i64, NodeId::from_low_bits(node as u64))
    }
}

impl Tid {
    /// The UUIDv7 of this TID (milliseconds, scaled sub-millisecond fraction, clock id).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// let tid = idtypes::tid!("3jzfcijpj2z2a");
    /// let uuid = tid.to_uuid_v7();
    /// assert_eq!(uuid.get_timestamp().unwrap().to_unix(), (1688137381, 887_000_000));
    /// assert_eq!(Tid::from_uuid_v7(uuid)?, tid);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn to_uuid_v7(self) -> Uuid {
        // Every TID's time (< 2^54 µs) fits the 48 bits of milliseconds.
        v7_from(self.timestamp_micros(), self.clock_id())
    }

    /// The TID a UUIDv7 was made from by [`to_uuid_v7`](Tid::to_uuid_v7).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for another version or variant, or
    /// random bits the mapping leaves zero; [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange)
    /// for a time beyond any TID's (2^54 µs).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tid;
    ///
    /// assert!(Tid::from_uuid_v7(uuid::Uuid::nil()).is_err());
    /// ```
    pub fn from_uuid_v7(uuid: Uuid) -> Result<Tid, Error> {
        let (micros, clock_id) = v7_parts(TID_V7_FORMAT, uuid)?;
        const LAST: u64 = u64::MAX >> 10;
        if micros > LAST {
            return Err(Bounds {
                part: "timestamp (microseconds)",
                min: 0,
                max: LAST as i128,
            }
            .refuse(TID_V7_FORMAT, micros as i128));
        }
        Ok(Tid::from_u64((micros << 10) | clock_id as u64))
    }
}

#[cfg(test)]
mod tests {
    // `to_string` without the `std` feature too (see lib.rs); not the whole prelude, whose
    // `panic!` would clash with the one `uuid!` names.
    use super::*;
    use crate::ErrorKind;
    use std::string::ToString;

    #[test]
    fn the_rfc_9562_example_is_1645557742000000_micros() {
        let uuid = uuid::uuid!("1EC9414C-232A-6B00-B3C8-9F6BDECED846");
        assert_eq!(TimeId::uuid_v6_timestamp_micros(uuid), Ok(1645557742000000));
        let id = TimeId::from_parts(1645557742000000, NodeId::MIN).unwrap();
        assert_eq!(&id.to_uuid_v6().to_string()[..19], "1ec9414c-232a-6b00-");
    }

    #[test]
    fn v6_round_trips_at_the_ends_of_the_range() {
        for id in [TimeId::EARLIEST, TimeId::LATEST, TimeId::MIN, TimeId::MAX] {
            assert_eq!(TimeId::from_uuid_v6(id.to_uuid_v6()), Ok(id), "{id:?}");
        }
    }

    #[test]
    fn v6_timestamps_before_1970_round_down() {
        let id = TimeId::from_parts(-1, NodeId::MIN).unwrap();
        let ticks_minus_one = Uuid::from_u128(id.to_uuid_v6().as_u128() - (1 << 64));
        assert_eq!(TimeId::uuid_v6_timestamp_micros(ticks_minus_one), Ok(-2));
        assert_eq!(
            TimeId::from_uuid_v6(ticks_minus_one).unwrap_err().kind(),
            ErrorKind::Syntax
        );
    }

    #[test]
    fn every_sub_millisecond_microsecond_survives_v7() {
        for sub in 0..1000u64 {
            let micros = 1_700_000_000_000_000 + sub;
            let tid = Tid::from_parts(micros, 1023).unwrap();
            assert_eq!(Tid::from_uuid_v7(tid.to_uuid_v7()), Ok(tid), "{sub}");
        }
    }

    #[test]
    fn tid_and_time_id_share_the_v7_mapping() {
        let tid = Tid::from_u64(1728652679052295174);
        let id = TimeId::try_from(tid).unwrap();
        assert_eq!(id.to_uuid_v7(), Ok(tid.to_uuid_v7()));
        assert_eq!(Tid::from_uuid_v7(Tid::MAX.to_uuid_v7()), Ok(Tid::MAX));
    }

    #[test]
    fn foreign_uuids_are_refused_not_truncated() {
        let v4 = uuid::uuid!("67e55044-10b1-426f-9247-bb680e5fe0c8");
        assert_eq!(
            TimeId::from_uuid_v6(v4).unwrap_err().kind(),
            ErrorKind::Syntax
        );
        assert_eq!(Tid::from_uuid_v7(v4).unwrap_err().kind(), ErrorKind::Syntax);
        let foreign_v7 = uuid::uuid!("017f22e2-79b0-7cc3-98c4-dc0c0c07398f");
        let err = Tid::from_uuid_v7(foreign_v7).unwrap_err();
        assert!(err.to_string().contains("it would be lost"), "{err}");
    }
}
