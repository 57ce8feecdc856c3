//! A TID as a UUIDv7 and back (the `uuid` feature): see the mapping in `integrations/uuid.rs`.

use uuid::Uuid;

use super::Tid;
use crate::{
    Error,
    error::Bounds,
    integrations::uuid::{v7_from, v7_parts},
};

/// The name of a TID's UUIDv7 in errors.
const V7_FORMAT: &str = "TID UUIDv7";

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
        let (micros, clock_id) = v7_parts(V7_FORMAT, uuid)?;
        const LAST: u64 = u64::MAX >> 10;
        if micros > LAST {
            return Err(Bounds {
                part: "timestamp (microseconds)",
                min: 0,
                max: LAST as i128,
            }
            .refuse(V7_FORMAT, micros as i128));
        }
        Ok(Tid::from_u64((micros << 10) | clock_id as u64))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{ErrorKind, TimeId};
    use std::string::ToString;

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
