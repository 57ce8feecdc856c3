//! A TimeId as a UUIDv6 or a UUIDv7 and back (the `uuid` feature): see the mappings in
//! `integrations/uuid.rs`.

use uuid::Uuid;

use super::{NodeId, TimeId};
use crate::{
    Error,
    error::{Bounds, Repr},
    integrations::uuid::{GREGORIAN_OFFSET, check_version, v6_ticks, v7_from, v7_parts},
};

/// The name of a TimeId's UUIDv6 in errors.
const V6_FORMAT: &str = "TimeId UUIDv6";

/// The name of a TimeId's UUIDv7 in errors.
const V7_FORMAT: &str = "TimeId UUIDv7";

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
            .refuse(V7_FORMAT, self.timestamp_micros() as i128)),
        }
    }

    /// The TimeId a UUIDv7 was made from by [`to_uuid_v7`](TimeId::to_uuid_v7) (or by
    /// [`Tid::to_uuid_v7`](crate::Tid::to_uuid_v7): the mapping is the same).
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
        let (micros, node) = v7_parts(V7_FORMAT, uuid)?;
        // `micros < 2^58`: fits an i64; `from_parts` checks the TimeId range.
        TimeId::from_parts(micros as i64, NodeId::from_low_bits(node as u64))
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
}
