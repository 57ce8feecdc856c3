//! The time of a version 7 UUID: its first 48 bits, Unix milliseconds (RFC 9562 §5.7). Other
//! versions have no time here (version 1 and 6 count from 1582 in another layout, and are not
//! read).

use uuid::Uuid;

/// The Unix milliseconds of a version 7 UUID, or `None` for a UUID of another version.
///
/// # Examples
///
/// ```
/// use idtypes::uuids;
///
/// let v7 = uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057");
/// assert_eq!(uuids::timestamp_millis(v7), Some(1_688_096_058_518));
/// assert_eq!(uuids::timestamp_millis(uuid::Uuid::nil()), None);
/// ```
pub const fn timestamp_millis(uuid: Uuid) -> Option<u64> {
    if uuid.get_version_num() == 7 {
        Some((uuid.as_u128() >> 80) as u64)
    } else {
        None
    }
}

/// The time of a version 7 UUID as a `SystemTime`, or `None` for another version.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, UNIX_EPOCH};
/// use idtypes::uuids;
///
/// let v7 = uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057");
/// assert_eq!(uuids::timestamp(v7), Some(UNIX_EPOCH + Duration::from_millis(1_688_096_058_518)));
/// ```
#[cfg(feature = "std")]
pub fn timestamp(uuid: Uuid) -> Option<std::time::SystemTime> {
    timestamp_millis(uuid)
        .map(|millis| std::time::UNIX_EPOCH + core::time::Duration::from_millis(millis))
}

/// The time of a version 7 UUID as any [`UtcTime`](crate::UtcTime) (std's `SystemTime` or a
/// date-time library's), or `None` for another version, or for a time the type cannot hold:
/// a version 7 UUID's 48 bits of milliseconds run to the year 10889, and some types end with
/// the year 9999.
///
/// # Examples
///
/// ```
/// use std::time::{Duration, SystemTime, UNIX_EPOCH};
/// use idtypes::uuids;
///
/// let v7 = uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057");
/// let time: Option<SystemTime> = uuids::datetime(v7);
/// assert_eq!(time, Some(UNIX_EPOCH + Duration::from_millis(1_688_096_058_518)));
/// assert_eq!(uuids::datetime::<SystemTime>(uuid::Uuid::nil()), None);
/// ```
pub fn datetime<T: crate::UtcTime>(uuid: Uuid) -> Option<T> {
    T::from_unix_nanos(i128::from(timestamp_millis(uuid)?) * crate::utc::MILLIS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_version_7_has_a_time() {
        let v7 = Uuid::from_u128((0x0189_0a5d_ac96u128 << 80) | (0x7 << 76) | (0b10 << 62));
        assert_eq!(timestamp_millis(v7), Some(0x0189_0a5d_ac96));
        let v4 = Uuid::from_u128((0x0189_0a5d_ac96u128 << 80) | (0x4 << 76) | (0b10 << 62));
        assert_eq!(timestamp_millis(v4), None);
        let last = Uuid::from_u128(!(0xF << 76) | (0x7 << 76));
        assert_eq!(timestamp_millis(last), Some((1 << 48) - 1));
        #[cfg(feature = "std")]
        assert!(datetime::<std::time::SystemTime>(last).is_some());
    }
}
