//! TBSL ([`Tbsl`]): 80-bit time-machine-sequence ids, written as 20 uppercase hex characters.
//!
//! The 80 bits are `P * 2^20 + S`: `P` (60 bits, the first 15 characters) is
//! `timestamp_micros * 100 + machine_id`, `S` (20 bits, the last 5) an opaque suffix, a
//! per-microsecond sequence or random.
//!
//! [`Tbsl`] is also at the crate root; its generator and the generator's configuration
//! ([`TbslGenerator`], [`ClockPolicy`], [`TbslMode`], [`SequenceProvider`], [`MemorySequence`])
//! and the transport encodings ([`TransportBase`], [`TransportText`]) are here
//! (`idtypes::tbsl::ClockPolicy`).
//!
//! # References
//!
//! - "TBSL Specification" (the package's `TBSL.md`), completed from its reference
//!   implementation: `P` is decoded arithmetically
//!   (`micros = P / 100`, `machine = P % 100`), which is right for every 80-bit value, where
//!   reading its decimal digits as `SSSSSSSSSSUUUUUUMM` fails after 2286.

#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod range;
mod transport;
mod typed;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::{ClockPolicy, MemorySequence, SequenceProvider, TbslGenerator, TbslMode};
pub use transport::{TransportBase, TransportText};
pub use typed::TypedTbsl;

use crate::{
    Error, IdText,
    codec::hex,
    error::{Bounds, Int, Lengths, Repr, char_at},
};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "TBSL";

/// The text as schemas state it.
pub(crate) const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::text::schema::TextSchema {
    pattern: "[0-9A-F]{20}",
    min_len: Tbsl::TEXT_LEN,
    max_len: Tbsl::TEXT_LEN,
    description: "A TBSL id (Unix microseconds, machine id and suffix): 20 uppercase \
                  hexadecimal characters (`0-9A-F`). TBSL ids sort in the order they were made.",
    example: "25BF6196C8D610700001",
    words: "20 uppercase hex characters",
    // Its specification is a file of its package (`TBSL.md`), with no address of its own.
    spec_url: None,
};

/// The machine ids, 0 to 99 (a constructor's, a generator's, a lease's).
pub(crate) const MACHINE_ID: Bounds = Bounds {
    part: "machine id",
    min: 0,
    max: Tbsl::MAX_MACHINE_ID as i128,
};

/// The largest `P` (60 bits).
const MAX_PAYLOAD: u64 = (1 << 60) - 1;

/// The timestamps a machine id leaves room for, as errors give them: `(MAX_PAYLOAD -
/// machine_id) / 100` is `MAX_PAYLOAD / 100` for the low machine ids and one less for the
/// others (asserted below), so an error points at one of these two instead of carrying it.
const TIMESTAMP_FOR_LOW_MACHINE_IDS: Bounds = Bounds {
    part: "timestamp (Unix microseconds) for this machine id",
    min: 0,
    max: (MAX_PAYLOAD / 100) as i128,
};
const TIMESTAMP_FOR_HIGH_MACHINE_IDS: Bounds = Bounds {
    max: TIMESTAMP_FOR_LOW_MACHINE_IDS.max - 1,
    ..TIMESTAMP_FOR_LOW_MACHINE_IDS
};
const _: () = assert!((MAX_PAYLOAD - Tbsl::MAX_MACHINE_ID as u64) / 100 + 1 >= MAX_PAYLOAD / 100);
/// The timestamps of any machine id (`at`, which draws a machine id that fits, and
/// `from_datetime`, whose machine id `from_parts` then checks against its timestamp).
const TIMESTAMP: Bounds = Bounds {
    part: "timestamp (Unix microseconds)",
    min: 0,
    max: Tbsl::MAX_TIMESTAMP_MICROS as i128,
};

/// A TBSL id: 80 bits, `(timestamp_micros * 100 + machine_id) * 2^20 + suffix`, written as exactly
/// 20 uppercase hexadecimal characters.
///
/// - Every 20-character `[0-9A-F]` text is a TBSL; `Ord` is the byte order, which is the text
///   order (and time order, then machine, then suffix).
/// - Times run to 2335-05-07T23:44:06.068469Z (where only machine ids up to 75 fit).
/// - Other bases are transport encodings only ([`to_base`](Tbsl::to_base)): they do not sort.
///
/// # Examples
///
/// ```
/// use idtypes::Tbsl;
///
/// let id = Tbsl::from_parts(1_700_000_000_123_456, 7, 0)?;
/// assert_eq!(id.to_string(), "25BF6196C8D610700000");
/// assert_eq!((id.timestamp_micros(), id.machine_id(), id.suffix()), (1_700_000_000_123_456, 7, 0));
/// assert_eq!("25BF6196C8D610700000".parse::<Tbsl>()?, id);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Tbsl([u8; 10]);

impl Tbsl {
    /// `00000000000000000000`.
    pub const MIN: Tbsl = Tbsl([0; 10]);

    /// `FFFFFFFFFFFFFFFFFFFF`: 2335-05-07T23:44:06.068469Z, machine 75, suffix 0xFFFFF.
    pub const MAX: Tbsl = Tbsl([0xFF; 10]);

    /// The length of the text, in bytes.
    pub const TEXT_LEN: usize = 20;

    /// The largest machine id, 99.
    pub const MAX_MACHINE_ID: u8 = 99;

    /// The largest suffix, 0xFFFFF.
    pub const MAX_SUFFIX: u32 = 0xF_FFFF;

    /// The latest microsecond: 2335-05-07T23:44:06.068469Z.
    pub const MAX_TIMESTAMP_MICROS: u64 = MAX_PAYLOAD / 100;

    /// Wraps the 10 big-endian bytes. Every 80-bit value is a TBSL.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tbsl;
    ///
    /// assert_eq!(Tbsl::from_bytes([0xFF; 10]), Tbsl::MAX);
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 10]) -> Tbsl {
        Tbsl(bytes)
    }

    /// The 10 big-endian bytes; they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tbsl::MIN.to_bytes(), [0; 10]);
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 10] {
        self.0
    }

    /// The 80-bit value as an integer.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tbsl::MAX.to_u128(), (1 << 80) - 1);
    /// ```
    #[inline]
    pub const fn to_u128(self) -> u128 {
        let b = self.0;
        u128::from_be_bytes([
            0, 0, 0, 0, 0, 0, b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9],
        ])
    }

    /// A TBSL from an 80-bit integer.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for `2^80` or more (never
    /// truncated).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tbsl;
    ///
    /// assert_eq!(Tbsl::try_from_u128((1 << 80) - 1)?, Tbsl::MAX);
    /// assert!(Tbsl::try_from_u128(1 << 80).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn try_from_u128(value: u128) -> Result<Tbsl, Error> {
        if value >> 80 != 0 {
            return Err(Bounds {
                part: "value",
                min: 0,
                max: (1 << 80) - 1,
            }
            .refuse(
                FORMAT,
                // Shown saturated: the message's number type holds 127 bits.
                if value > i128::MAX as u128 {
                    i128::MAX
                } else {
                    value as i128
                },
            ));
        }
        Ok(Tbsl::from_u128_unchecked(value))
    }

    /// The low 80 bits of `value`, for values known to fit.
    pub(crate) const fn from_u128_unchecked(value: u128) -> Tbsl {
        let b = value.to_be_bytes();
        Tbsl([
            b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15],
        ])
    }

    /// Builds a TBSL from Unix microseconds, a machine id (0..=99) and a 20-bit suffix.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a machine id above 99, a
    /// suffix above 0xFFFFF, or a time whose `micros * 100 + machine` does not fit 60 bits
    /// (after 2335-05-07T23:44:06.068469Z). Nothing is masked.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tbsl;
    ///
    /// assert_eq!(Tbsl::from_parts(1_700_000_000_000_000, 0, 0)?.to_string(), "25BF6196BD1000000000");
    /// assert_eq!(Tbsl::from_parts(1, 1, 0)?.to_string(), "00000000000006500000");
    /// assert!(Tbsl::from_parts(0, 100, 0).is_err());
    /// assert!(Tbsl::from_parts(0, 0, 1 << 20).is_err());
    /// assert!(Tbsl::from_parts(Tbsl::MAX_TIMESTAMP_MICROS, 76, 0).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(
        timestamp_micros: u64,
        machine_id: u8,
        suffix: u32,
    ) -> Result<Tbsl, Error> {
        if machine_id > Tbsl::MAX_MACHINE_ID {
            return Err(MACHINE_ID.refuse(FORMAT, machine_id as i128));
        }
        if suffix > Tbsl::MAX_SUFFIX {
            return Err(Bounds {
                part: "suffix",
                min: 0,
                max: 0xF_FFFF,
            }
            .refuse(FORMAT, suffix as i128));
        }
        // `micros * 100 + machine` in 60 bits: the limit depends on the machine id.
        let limit = (MAX_PAYLOAD - machine_id as u64) / 100;
        if timestamp_micros > limit {
            return Err(Error::new(
                FORMAT,
                Repr::OutOfRange {
                    bounds: if limit == MAX_PAYLOAD / 100 {
                        &TIMESTAMP_FOR_LOW_MACHINE_IDS
                    } else {
                        &TIMESTAMP_FOR_HIGH_MACHINE_IDS
                    },
                    found: Int::new(timestamp_micros as i128),
                },
            ));
        }
        Ok(Tbsl::from_fields(
            timestamp_micros * 100 + machine_id as u64,
            suffix,
        ))
    }

    /// Packs a payload `P` (< 2^60) and a suffix (< 2^20).
    pub(crate) const fn from_fields(payload: u64, suffix: u32) -> Tbsl {
        Tbsl::from_u128_unchecked(((payload as u128) << 20) | suffix as u128)
    }

    /// The time-machine payload `P = timestamp_micros * 100 + machine_id` (the first 15 characters).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tbsl::MAX.payload(), (1 << 60) - 1);
    /// ```
    #[inline]
    pub const fn payload(self) -> u64 {
        (self.to_u128() >> 20) as u64
    }

    /// Unix microseconds: `P / 100`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tbsl::MAX.timestamp_micros(), 11_529_215_046_068_469);
    /// ```
    #[inline]
    pub const fn timestamp_micros(self) -> u64 {
        self.payload() / 100
    }

    /// The machine id: `P % 100`.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tbsl::MAX.machine_id(), 75);
    /// ```
    #[inline]
    pub const fn machine_id(self) -> u8 {
        (self.payload() % 100) as u8
    }

    /// The 20-bit suffix (the last 5 characters), opaque: a sequence or random.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tbsl::MAX.suffix(), 0xFFFFF);
    /// ```
    #[inline]
    pub const fn suffix(self) -> u32 {
        (self.to_u128() & 0xF_FFFF) as u32
    }

    /// The timestamp as a [`SystemTime`](std::time::SystemTime).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Tbsl;
    ///
    /// let id = Tbsl::from_parts(1_700_000_000_123_456, 7, 0)?;
    /// assert_eq!(id.timestamp(), UNIX_EPOCH + Duration::from_micros(1_700_000_000_123_456));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self) -> std::time::SystemTime {
        std::time::UNIX_EPOCH + core::time::Duration::from_micros(self.timestamp_micros())
    }

    /// A TBSL id of the time `time`, for tests and backfills: its timestamp is `time`
    /// rounded down to the microsecond, its machine id (0..=99) and its suffix (20 bits, as a
    /// random-mode generator's) drawn from the secure random generator (ChaCha12
    /// keyed by the OS; there is no machine id of the process to take). In the last microseconds
    /// TBSL has, where only machine ids up to 75 fit, the machine id is drawn among those.
    /// `time` is a [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// Two ids of one microsecond are the same with odds of 1 in 100 × 2^20. Where they must
    /// differ, or the machine id must be yours, use [`from_parts`](Tbsl::from_parts), or a
    /// [`TbslGenerator`] on a [`ManualClock`](crate::ManualClock).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or after
    /// 2335-05-07T23:44:06.068469Z ([`MAX_TIMESTAMP_MICROS`](Tbsl::MAX_TIMESTAMP_MICROS)),
    /// giving the time found in Unix microseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::Tbsl;
    ///
    /// let id = Tbsl::at(UNIX_EPOCH + Duration::from_nanos(1_700_000_000_123_456_789))?;
    /// assert_eq!(id.timestamp_micros(), 1_700_000_000_123_456); // rounded down
    /// assert!(id.machine_id() <= Tbsl::MAX_MACHINE_ID);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(time: impl Into<std::time::SystemTime>) -> Result<Tbsl, Error> {
        Tbsl::at_time(time.into())
    }

    /// [`at`](Tbsl::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(time: std::time::SystemTime) -> Result<Tbsl, Error> {
        use crate::process::random::{secure_below, secure_u64};
        use crate::utc::{MICROS, floor_within};

        let micros = floor_within(&time, MICROS, FORMAT, &TIMESTAMP)? as u64;
        // `micros * 100 + machine` in 60 bits: every machine id up to 99, or fewer at the end.
        let machines = (MAX_PAYLOAD - micros * 100 + 1).min(Tbsl::MAX_MACHINE_ID as u64 + 1);
        let machine_id = secure_below(machines);
        let suffix = secure_u64() as u32 & Tbsl::MAX_SUFFIX;
        Ok(Tbsl::from_fields(micros * 100 + machine_id, suffix))
    }

    /// Parses exactly 20 uppercase hexadecimal characters.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) unless 20 bytes long (no trailing
    /// newline), [`ErrorKind::Character`](crate::ErrorKind::Character) for anything but
    /// `[0-9A-F]` (lowercase included), with the first one's position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Tbsl};
    ///
    /// assert_eq!(Tbsl::parse("FFFFFFFFFFFFFFFFFFFF")?, Tbsl::MAX);
    /// let err = Tbsl::parse("25bf6196C8D610700000").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(2)));
    /// assert_eq!(Tbsl::parse("25BF6196C8D610700000\n").unwrap_err().kind(), ErrorKind::Length);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline(always)]
    pub const fn parse(text: &str) -> Result<Tbsl, Error> {
        Tbsl::parse_ascii(text.as_bytes())
    }

    /// [`parse`](Tbsl::parse) for text given as bytes.
    ///
    /// # Errors
    ///
    /// As [`parse`](Tbsl::parse).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tbsl::parse_ascii(b"00000000000000000000")?, idtypes::Tbsl::MIN);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    // Always inlined (a few dozen instructions), with the whole `Err` built out of line
    // (`parse_failure`), so that the id goes from registers to wherever the caller wants it.
    // Returned through memory, or merged with the error path into one value, the 64-byte
    // `Result` was written in pieces (a byte, 8 bytes, 2 bytes) that the caller then read at
    // other widths (16 bytes to move it, 8 for the suffix): each such read waits until the
    // stores reach the cache, which cost more than the decoding.
    #[inline(always)]
    pub const fn parse_ascii(text: &[u8]) -> Result<Tbsl, Error> {
        match Tbsl::parse_valid(text) {
            Some(id) => Ok(id),
            None => parse_failure(text),
        }
    }

    /// The id `text` spells, or `None` for any text [`parse_ascii`](Tbsl::parse_ascii) refuses.
    #[inline(always)]
    pub(crate) const fn parse_valid(text: &[u8]) -> Option<Tbsl> {
        if let (Some(symbols), 20) = (text.first_chunk::<20>(), text.len()) {
            if let Ok(bytes) = hex::decode20(symbols) {
                return Some(Tbsl(bytes));
            }
        }
        None
    }

    /// The 20-character text, on the stack.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Tbsl::MAX.encode(), "FFFFFFFFFFFFFFFFFFFF");
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<20> {
        IdText::from_ascii(hex::encode10(&self.0))
    }
}

/// `Err(parse_error(text))`: the whole `Result` of a refused text, out of line, so that the
/// caller's valid path never shares a value with it.
#[cold]
#[inline(never)]
const fn parse_failure(text: &[u8]) -> Result<Tbsl, Error> {
    Err(parse_error(text))
}

/// Why `text` is not a TBSL (it is not): the length, else the first foreign character.
#[cold]
#[inline(never)]
const fn parse_error(text: &[u8]) -> Error {
    let Some(symbols) = text.first_chunk::<20>() else {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(20, 20),
                found: text.len(),
            },
        );
    };
    if text.len() != 20 {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(20, 20),
                found: text.len(),
            },
        );
    }
    let position = match hex::decode20(symbols) {
        Err(position) => position,
        Ok(_) => 0,
    };
    Error::new(
        FORMAT,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: "0123456789ABCDEF",
        },
    )
}

crate::text::traits::convert!(Tbsl, [u8; 10], to_bytes, from_bytes);

impl TryFrom<&[u8]> for Tbsl {
    type Error = Error;

    /// Exactly 10 bytes (for example a database column); any other length is an
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) error counted in bytes.
    ///
    /// ```
    /// use idtypes::Tbsl;
    ///
    /// let err = Tbsl::try_from(&[0xFF; 12][..]).unwrap_err();
    /// assert_eq!(err.to_string(), "invalid TBSL bytes: expected 10 bytes, found 12 bytes");
    /// assert_eq!(Tbsl::try_from(&Tbsl::MAX.to_bytes()[..])?, Tbsl::MAX);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn try_from(bytes: &[u8]) -> Result<Tbsl, Error> {
        match <[u8; 10]>::try_from(bytes) {
            Ok(bytes) => Ok(Tbsl(bytes)),
            Err(_) => Err(Error::new(
                "TBSL bytes",
                Repr::ByteLength {
                    expected: 10,
                    found: bytes.len(),
                },
            )),
        }
    }
}

crate::text::traits::text_traits!(Tbsl, encode);

/// Ids from a UTC time and their other parts.
impl Tbsl {
    /// Builds a TBSL from a UTC time (to the microsecond, rounded down), a machine id and a
    /// suffix. `time` is any [`UtcTime`](crate::UtcTime).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before 1970 or
    /// past TBSLs (giving the time found in Unix microseconds), or as
    /// [`Tbsl::from_parts`](crate::Tbsl::from_parts).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    ///
    /// let time = UNIX_EPOCH + Duration::from_micros(1_700_000_000_123_456);
    /// let id = idtypes::Tbsl::from_datetime(time, 7, 0)?;
    /// assert_eq!(id.to_string(), "25BF6196C8D610700000");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_datetime(
        time: impl crate::UtcTime,
        machine_id: u8,
        suffix: u32,
    ) -> Result<Tbsl, Error> {
        let micros = crate::utc::floor_within(&time, crate::utc::MICROS, FORMAT, &TIMESTAMP)?;
        Tbsl::from_parts(micros as u64, machine_id, suffix)
    }
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn known_answers_of_the_spec_notes() {
        let id = |micros, machine, suffix| Tbsl::from_parts(micros, machine, suffix).unwrap();
        assert_eq!(
            id(1_700_000_000_123_456, 7, 0).to_string(),
            "25BF6196C8D610700000"
        );
        assert_eq!(
            id(1_700_000_000_000_000, 0, 0).to_string(),
            "25BF6196BD1000000000"
        );
        assert_eq!(id(1, 1, 0).to_string(), "00000000000006500000");
        let max = Tbsl::parse("FFFFFFFFFFFFFFFFFFFF").unwrap();
        assert_eq!(
            (max.timestamp_micros(), max.machine_id()),
            (11_529_215_046_068_469, 75)
        );
    }

    #[test]
    fn arithmetic_decoding_is_right_after_2286() {
        // 2300-01-01T00:00:00Z has 11 digits of seconds: digit slicing would misread it.
        let micros = 10_413_792_000_000_000;
        let id = Tbsl::from_parts(micros, 42, 9).unwrap();
        assert_eq!(
            (id.timestamp_micros(), id.machine_id(), id.suffix()),
            (micros, 42, 9)
        );
    }

    #[test]
    fn the_time_limit_depends_on_the_machine_id() {
        assert!(Tbsl::from_parts(Tbsl::MAX_TIMESTAMP_MICROS, 75, 0).is_ok());
        let err = Tbsl::from_parts(Tbsl::MAX_TIMESTAMP_MICROS, 76, 0).unwrap_err();
        assert_eq!(err.kind(), crate::ErrorKind::OutOfRange);
    }

    #[test]
    fn the_time_limit_error_names_the_limit_of_its_machine_id() {
        // The error points at one of two constant bounds: each must be the machine id's own.
        for machine_id in 0..=Tbsl::MAX_MACHINE_ID {
            let limit = (MAX_PAYLOAD - machine_id as u64) / 100;
            let err = Tbsl::from_parts(limit + 1, machine_id, 0).unwrap_err();
            assert_eq!(
                err.to_string(),
                format!(
                    "TBSL timestamp (Unix microseconds) for this machine id out of range: \
                     found {}, expected 0..={limit}",
                    limit + 1
                )
            );
            assert!(Tbsl::from_parts(limit, machine_id, 0).is_ok());
        }
    }

    #[test]
    fn bytes_of_the_wrong_length_are_refused() {
        assert!(Tbsl::try_from(&[0u8; 9][..]).is_err());
        assert_eq!(Tbsl::try_from(&[0u8; 10][..]), Ok(Tbsl::MIN));
    }

    #[test]
    fn a_byte_length_error_counts_bytes_not_characters() {
        for (len, found) in [
            (0, "0 bytes"),
            (1, "1 byte"),
            (9, "9 bytes"),
            (11, "11 bytes"),
        ] {
            let err = Tbsl::try_from(&[0xFF; 11][..len]).unwrap_err();
            assert_eq!(err.kind(), crate::ErrorKind::Length);
            assert_eq!(err.position(), None);
            assert_eq!(
                err.to_string(),
                format!("invalid TBSL bytes: expected 10 bytes, found {found}")
            );
        }
        // Text keeps counting characters.
        assert_eq!(
            Tbsl::parse("25BF").unwrap_err().to_string(),
            "invalid TBSL: expected 20 bytes, found 4 bytes"
        );
    }
}

#[cfg(all(test, feature = "std", idtypes_host))]
mod at_tests {
    use crate::{ErrorKind, Tbsl};
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn at_takes_every_microsecond_of_the_span() {
        assert_eq!(Tbsl::at(UNIX_EPOCH).unwrap().timestamp_micros(), 0);
        let last = UNIX_EPOCH + Duration::from_nanos(Tbsl::MAX_TIMESTAMP_MICROS * 1000 + 999);
        assert_eq!(
            Tbsl::at(last).unwrap().timestamp_micros(),
            Tbsl::MAX_TIMESTAMP_MICROS
        );
        let err = Tbsl::at(UNIX_EPOCH - Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
        assert!(err.to_string().contains("found -1"), "{err}");
        let err = Tbsl::at(last + Duration::from_nanos(1)).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::OutOfRange);
    }

    #[test]
    fn in_the_last_microseconds_at_draws_only_the_machine_ids_that_fit() {
        let last = UNIX_EPOCH + Duration::from_micros(Tbsl::MAX_TIMESTAMP_MICROS);
        let mut highest = 0;
        for _ in 0..2_000 {
            let id = Tbsl::at(last).unwrap();
            assert_eq!(id.timestamp_micros(), Tbsl::MAX_TIMESTAMP_MICROS);
            highest = highest.max(id.machine_id());
        }
        // Machine ids up to 75 fit there (`Tbsl::MAX`); 2,000 draws of 76 all miss 75 with
        // odds below 1e-11.
        assert_eq!(highest, Tbsl::MAX.machine_id());
        let earlier = Tbsl::at(last - Duration::from_micros(1)).unwrap();
        assert!(earlier.machine_id() <= Tbsl::MAX_MACHINE_ID);
    }
}
