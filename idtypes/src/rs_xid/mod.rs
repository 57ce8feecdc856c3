//! [`RsXid`]: rs/xid's XID (the Go `github.com/rs/xid`, the Rust `xid` crate, npm `xid-ts`),
//! a Mongo-ObjectId-like 12 bytes written as 20 characters of lowercase base32hex.
//!
//! | bytes | field |
//! |---|---|
//! | 0..4 | Unix seconds, big-endian (to 2106-02-07T06:28:15Z) |
//! | 4..7 | machine id: the first 3 bytes of the SHA-256 of the host's id ([`machine_id`](RsXid::machine_id)) |
//! | 7..9 | process id, big-endian ([`process_id`](RsXid::process_id)) |
//! | 9..12 | counter, big-endian: random at the start, one more per id ([`counter`](RsXid::counter)) |
//!
//! The text is 20 characters of `0-9a-v` (base32hex, lowercase only), the bytes' 96 bits then
//! 4 zero bits, so the last character is `0` or `g` and the text sorts like the bytes.
//! rs/xid refuses uppercase, and so does this crate. The nil id, `00000000000000000000`,
//! is an id like any other ([`RsXid::NIL`], [`is_nil`](RsXid::is_nil)).
//!
//! **Not the uid11 profile xid**: that is [`Uid11Xid`](struct@crate::Uid11Xid) (11 Base58
//! characters, named "xid" by its own specification), called plain `Xid` in 0.1.0. Both
//! were renamed so that neither can be taken for the other: this format is `RsXid` (derive
//! `RsXid`, CLI `rs-xid`, SQL `rs_xid_text`), after its reference, rs/xid.
//!
//! # Examples
//!
//! ```
//! use idtypes::RsXid;
//!
//! // rs/xid's own test vector.
//! let id: RsXid = "9m4e2mr0ui3e8a215n4g".parse()?;
//! assert_eq!(id.timestamp_seconds(), 1_300_816_219);
//! assert_eq!(id.machine_id(), [0x60, 0xf4, 0x86]);
//! assert_eq!(id.process_id(), 0xe428);
//! assert_eq!(id.counter(), 4_271_561);
//! assert_eq!(id.to_string(), "9m4e2mr0ui3e8a215n4g");
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! # Where this crate differs from rs/xid
//!
//! - Parts that do not fit are refused ([`from_parts`](RsXid::from_parts)), and the generator
//!   stops after 2106 ([`ErrorKind::Exhausted`](crate::ErrorKind::Exhausted)); rs/xid keeps
//!   the low bits (`uint32(t.Unix())`), so its ids wrap to 1970.
//! - serde writes the nil id as its text, `"00000000000000000000"`, like any id; rs/xid's
//!   `MarshalJSON` writes `null` for it (an `Option<RsXid>` is this crate's way to say none).
//! - The generator reads the process id again in a forked child and draws a new counter
//!   there; rs/xid (and the Rust `xid` crate) read it once per process.
//! - The machine id: as rs/xid's on Linux (SHA-256 of `/etc/machine-id`, else of
//!   `/sys/class/dmi/id/product_uuid`, else of the host name); on macOS, FreeBSD and Windows
//!   the host name or random bytes (see [`RsXidGenerator`]). The Rust `xid` crate hashes with
//!   MD5 (rs/xid before its FIPS change), reads `/var/lib/dbus/machine-id` first and trims its
//!   newline, so its 3 bytes differ from rs/xid's on the same host.
//!
//! # References
//!
//! - rs/xid, `id.go` (the layout, the codec, the generator) and `id_test.go` (its vectors)
//! - npm `xid-ts` 1.3.0, a port checked against it (`tests/vectors/rs-xid/`)

#[cfg(all(feature = "std", idtypes_host))]
mod generator;
#[cfg(all(feature = "std", idtypes_host))]
mod host;
mod range;
pub(crate) mod text;
mod typed;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::RsXidGenerator;
pub use typed::TypedRsXid;

use crate::{Error, error::Bounds};

pub(crate) const FORMAT: &str = "rs/xid XID";

/// The largest counter, 2^24 - 1.
const MAX_COUNTER: u32 = (1 << 24) - 1;

/// The timestamps, 0 to 2^32 - 1 Unix seconds (a constructor's, `at`'s).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (Unix seconds)",
    min: 0,
    max: RsXid::MAX_TIMESTAMP_SECONDS as i128,
};

/// rs/xid's XID: 4 bytes of Unix seconds, a 3-byte machine id, a 2-byte process id and a
/// 3-byte counter, big-endian. Ids order by their bytes (time first), and so does their
/// text.
///
/// # Examples
///
/// ```
/// use idtypes::RsXid;
///
/// let id = RsXid::from_parts(1_700_000_000, [1, 2, 3], 42, 7)?;
/// assert_eq!(id.timestamp_seconds(), 1_700_000_000);
/// assert_eq!((id.machine_id(), id.process_id(), id.counter()), ([1, 2, 3], 42, 7));
/// assert!(RsXid::from_parts(1_700_000_001, [0; 3], 0, 0)? > id);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct RsXid([u8; 12]);

impl RsXid {
    /// The nil id, all zero bytes: `00000000000000000000` (rs/xid's `NilID()`). It parses,
    /// as in rs/xid.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// assert_eq!(RsXid::NIL.to_string(), "00000000000000000000");
    /// assert_eq!("00000000000000000000".parse::<RsXid>()?, RsXid::NIL);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const NIL: RsXid = RsXid([0; 12]);

    /// The smallest id, the nil id.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::RsXid::MIN, idtypes::RsXid::NIL);
    /// ```
    pub const MIN: RsXid = RsXid::NIL;

    /// The largest id, all bytes `0xFF`: `vvvvvvvvvvvvvvvvvvvg`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::RsXid::MAX.to_string(), "vvvvvvvvvvvvvvvvvvvg");
    /// ```
    pub const MAX: RsXid = RsXid([0xFF; 12]);

    /// The length of the text: 20 characters.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::RsXid::MIN.to_string().len(), idtypes::RsXid::TEXT_LEN);
    /// ```
    pub const TEXT_LEN: usize = 20;

    /// The largest timestamp, in Unix seconds (2106-02-07T06:28:15Z): 4 bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// assert_eq!(RsXid::MAX.timestamp_seconds(), RsXid::MAX_TIMESTAMP_SECONDS);
    /// ```
    pub const MAX_TIMESTAMP_SECONDS: u64 = u32::MAX as u64;

    /// The largest counter: 3 bytes, 2^24 - 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// assert_eq!(RsXid::MAX.counter(), RsXid::MAX_COUNTER);
    /// ```
    pub const MAX_COUNTER: u32 = MAX_COUNTER;

    /// The id of these 12 bytes (every 12 bytes are one): its binary form in rs/xid
    /// (`FromBytes`), and what the databases store.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let id = RsXid::from_bytes([0x4d, 0x88, 0xe1, 0x5b, 0x60, 0xf4, 0x86, 0xe4, 0x28, 0x41, 0x2d, 0xc9]);
    /// assert_eq!(id.to_string(), "9m4e2mr0ui3e8a215n4g");
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 12]) -> RsXid {
        RsXid(bytes)
    }

    /// The 12 bytes: the timestamp first, so they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let id = RsXid::from_parts(1, [0; 3], 0, 0)?;
    /// assert_eq!(id.to_bytes(), [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0]);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 12] {
        self.0
    }

    /// The id of its parts: a timestamp (Unix seconds, at most
    /// [`MAX_TIMESTAMP_SECONDS`](RsXid::MAX_TIMESTAMP_SECONDS)), a machine id, a process id
    /// and a counter (at most [`MAX_COUNTER`](RsXid::MAX_COUNTER)).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) when the timestamp or the
    /// counter does not fit, naming it (rs/xid would keep the low bits; this crate refuses).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, RsXid};
    ///
    /// let id = RsXid::from_parts(0, [0xaa, 0xbb, 0xcc], 0xddee, 1)?;
    /// assert_eq!(id.to_bytes(), [0, 0, 0, 0, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0, 0, 1]);
    /// let err = RsXid::from_parts(0, [0; 3], 0, 1 << 24).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(
        unix_seconds: u64,
        machine_id: [u8; 3],
        process_id: u16,
        counter: u32,
    ) -> Result<RsXid, Error> {
        if unix_seconds > RsXid::MAX_TIMESTAMP_SECONDS {
            return Err(TIMESTAMP.refuse(FORMAT, unix_seconds as i128));
        }
        if counter > MAX_COUNTER {
            return Err(Bounds {
                part: "counter",
                min: 0,
                max: MAX_COUNTER as i128,
            }
            .refuse(FORMAT, counter as i128));
        }
        Ok(RsXid::from_fields(
            unix_seconds as u32,
            machine_id,
            process_id,
            counter,
        ))
    }

    /// The id of fields that fit (the counter's low 24 bits are taken).
    #[inline]
    pub(crate) const fn from_fields(
        seconds: u32,
        machine: [u8; 3],
        pid: u16,
        counter: u32,
    ) -> RsXid {
        let s = seconds.to_be_bytes();
        let p = pid.to_be_bytes();
        let c = counter.to_be_bytes();
        RsXid([
            s[0], s[1], s[2], s[3], machine[0], machine[1], machine[2], p[0], p[1], c[1], c[2],
            c[3],
        ])
    }

    /// The timestamp: seconds since the Unix epoch (the first 4 bytes).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let id: RsXid = "9m4e2mr0ui3e8a215n4g".parse()?;
    /// assert_eq!(id.timestamp_seconds(), 1_300_816_219);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn timestamp_seconds(self) -> u64 {
        let b = self.0;
        u32::from_be_bytes([b[0], b[1], b[2], b[3]]) as u64
    }

    /// The machine id: bytes 4 to 6 (rs/xid's `Machine()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let id: RsXid = "9m4e2mr0ui3e8a215n4g".parse()?;
    /// assert_eq!(id.machine_id(), [0x60, 0xf4, 0x86]);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn machine_id(self) -> [u8; 3] {
        [self.0[4], self.0[5], self.0[6]]
    }

    /// The process id: bytes 7 and 8, big-endian (rs/xid's `Pid()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let id: RsXid = "9m4e2mr0ui3e8a215n4g".parse()?;
    /// assert_eq!(id.process_id(), 0xe428);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn process_id(self) -> u16 {
        u16::from_be_bytes([self.0[7], self.0[8]])
    }

    /// The counter: bytes 9 to 11, big-endian (rs/xid's `Counter()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let id: RsXid = "9m4e2mr0ui3e8a215n4g".parse()?;
    /// assert_eq!(id.counter(), 4_271_561);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn counter(self) -> u32 {
        u32::from_be_bytes([0, self.0[9], self.0[10], self.0[11]])
    }

    /// Whether this is the nil id (all zero bytes; rs/xid's `IsNil()`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// assert!(RsXid::NIL.is_nil());
    /// assert!(!RsXid::MAX.is_nil());
    /// ```
    #[inline]
    pub const fn is_nil(self) -> bool {
        u128::from_be_bytes(crate::codec::widen12(self.0)) == 0
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::RsXid;
    ///
    /// let id = RsXid::from_parts(1_500, [0; 3], 0, 0)?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_secs(1_500));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_secs(self.timestamp_seconds())
    }

    /// A new id from the process-wide generator ([`RsXidGenerator`]: this host's machine id,
    /// this process's id, and one counter for all threads).
    ///
    /// # Panics
    ///
    /// After 2106-02-07T06:28:15Z, when 4-byte seconds run out.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RsXid;
    ///
    /// let (a, b) = (RsXid::now(), RsXid::now());
    /// assert_ne!(a, b);
    /// assert_eq!(a.machine_id(), b.machine_id());
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn now() -> RsXid {
        generator::global().next()
    }

    /// An XID of the time `time`, for tests and backfills: its timestamp is `time` rounded
    /// down to the second, its other parts those of [`RsXid::now`]'s: this host's machine id,
    /// this process's id, and the next value of the process-wide counter, shared with
    /// `now()`. So, as rs/xid's `NewWithTime`, the XIDs this process makes at one second differ
    /// (up to 2^24 of them). `time` is a [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or after
    /// 2106-02-07T06:28:15Z, giving the time found in Unix seconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{ErrorKind, RsXid};
    ///
    /// let time = UNIX_EPOCH + Duration::from_millis(1_700_000_000_999);
    /// let (a, b) = (RsXid::at(time)?, RsXid::at(time)?);
    /// assert_eq!(a.timestamp_seconds(), 1_700_000_000); // rounded down
    /// assert_ne!(a, b);
    /// assert_eq!(a.machine_id(), RsXid::now().machine_id());
    ///
    /// let err = RsXid::at(UNIX_EPOCH + Duration::from_secs(1 << 32)).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<RsXid, Error> {
        RsXid::at_time(time.into())
    }

    /// [`at`](RsXid::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<RsXid, Error> {
        use crate::utc::{SECONDS, floor_within};

        let seconds = floor_within(&time, SECONDS, FORMAT, &TIMESTAMP)? as u32;
        Ok(generator::global().at_seconds(seconds))
    }
}

impl RsXid {
    /// The id of a time (to the second, rounded down; within 1970 to 2106) and the other
    /// parts, as [`from_parts`](RsXid::from_parts). `time` is any
    /// [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time outside those
    /// years (giving the time found in Unix seconds), or a counter above
    /// [`MAX_COUNTER`](RsXid::MAX_COUNTER).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, SystemTime, UNIX_EPOCH};
    /// use idtypes::RsXid;
    ///
    /// let time = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
    /// assert_eq!(RsXid::from_datetime(time, [0; 3], 1, 2)?.datetime::<SystemTime>(), time);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(
        time: impl crate::UtcTime,
        machine_id: [u8; 3],
        process_id: u16,
        counter: u32,
    ) -> Result<RsXid, Error> {
        let seconds = crate::utc::floor_within(&time, crate::utc::SECONDS, FORMAT, &TIMESTAMP)?;
        RsXid::from_parts(seconds as u64, machine_id, process_id, counter)
    }
}

crate::text::traits::convert!(RsXid, [u8; 12], to_bytes, from_bytes);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    /// rs/xid's `id_test.go`, `IDs`: the bytes and their parts.
    #[test]
    fn the_parts_are_rs_xids() {
        /// The bytes, then the seconds, machine id, process id and counter.
        type Case = ([u8; 12], u64, [u8; 3], u16, u32);
        let cases: [Case; 3] = [
            (
                [
                    0x4d, 0x88, 0xe1, 0x5b, 0x60, 0xf4, 0x86, 0xe4, 0x28, 0x41, 0x2d, 0xc9,
                ],
                1300816219,
                [0x60, 0xf4, 0x86],
                0xe428,
                4271561,
            ),
            ([0; 12], 0, [0; 3], 0, 0),
            (
                [
                    0x00, 0x00, 0x00, 0x00, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0x00, 0x00, 0x01,
                ],
                0,
                [0xaa, 0xbb, 0xcc],
                0xddee,
                1,
            ),
        ];
        for (bytes, seconds, machine, pid, counter) in cases {
            let id = RsXid::from_bytes(bytes);
            assert_eq!(id.timestamp_seconds(), seconds);
            assert_eq!(id.machine_id(), machine);
            assert_eq!(id.process_id(), pid);
            assert_eq!(id.counter(), counter);
            assert_eq!(
                RsXid::from_parts(seconds, machine, pid, counter).unwrap(),
                id
            );
        }
    }

    #[test]
    fn parts_that_do_not_fit_are_refused_naming_the_part() {
        let err = RsXid::from_parts(1 << 32, [0; 3], 0, 0).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert!(err.to_string().contains("timestamp"), "{err}");
        let err = RsXid::from_parts(0, [0; 3], 0, 1 << 24).unwrap_err();
        assert!(err.to_string().contains("counter"), "{err}");
        let top = RsXid::from_parts(u32::MAX.into(), [0xFF; 3], u16::MAX, MAX_COUNTER);
        assert_eq!(top, Ok(RsXid::MAX));
    }

    #[test]
    fn bytes_sort_like_the_ids_and_convert_both_ways() {
        let a = RsXid::from_parts(1, [0; 3], 0, 0).unwrap();
        let b = RsXid::from_parts(0, [0xFF; 3], 0xFFFF, MAX_COUNTER).unwrap();
        assert!(a > b && a.to_bytes() > b.to_bytes());
        assert_eq!(<[u8; 12]>::from(a), a.to_bytes());
        assert_eq!(RsXid::from([0xFF; 12]), RsXid::MAX);
        assert!(RsXid::default().is_nil());
    }
}

#[cfg(all(test, feature = "std", idtypes_host))]
mod at_tests {
    use crate::{ErrorKind, RsXid};
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn at_takes_every_second_of_the_span() {
        let last = UNIX_EPOCH + Duration::new(RsXid::MAX_TIMESTAMP_SECONDS, 999_999_999);
        assert_eq!(RsXid::at(UNIX_EPOCH).unwrap().timestamp_seconds(), 0);
        assert_eq!(
            RsXid::at(last).unwrap().timestamp_seconds(),
            RsXid::MAX_TIMESTAMP_SECONDS
        );
        let err = RsXid::at(UNIX_EPOCH - Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert!(err.to_string().contains("found -1"), "{err}");
        let err = RsXid::at(last + Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
    }

    #[test]
    fn at_counts_on_with_the_process_wide_generator() {
        let time = UNIX_EPOCH + Duration::from_secs(1_700_000_000);
        let a = RsXid::at(time).unwrap();
        let now = RsXid::now();
        assert_eq!(
            (a.machine_id(), a.process_id()),
            (now.machine_id(), now.process_id())
        );
        // Other tests of this process count too, between the two: the counter only moves on.
        let b = RsXid::at(time).unwrap();
        assert_ne!(a.counter(), b.counter());
        assert_ne!(a, b);
    }
}
