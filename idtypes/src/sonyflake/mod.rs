//! [`Sonyflake`]: Sony's 63-bit ids (sony/sonyflake), by default `0 | 39-bit time in 10 ms
//! units | 8-bit sequence | 16-bit machine id`, written as decimal numbers;
//! [`SonyflakeLayout`], the service's start time, time unit and bit widths; and
//! [`SonyflakeGenerator`], which waits, as the reference does, when a unit's sequence is
//! spent.
//!
//! A Sonyflake does not know its layout: v1 fixes one (39/8/16 bits, 10 ms units from
//! 2014-09-01), but any service may start its time elsewhere, and v2 makes the unit and the
//! widths settings too. So the value type holds the 63 bits alone, and its parts and times
//! take the layout as an argument ([`decompose`](Sonyflake::decompose),
//! [`timestamp_millis`](Sonyflake::timestamp_millis),
//! [`range_for_time`](Sonyflake::range_for_time), the generator). For the same reason the
//! format's row in the table has no timestamp (`none`), as a Snowflake's.
//!
//! The text is the decimal number, as the reference's users print its `int64`/`uint64`
//! (the same text as a [`Snowflake`](struct@crate::Snowflake)'s, by the same code): 1 to 19
//! ASCII digits, no sign, no leading zeros, at most `9223372036854775807`. It does not sort
//! like the ids (`"9"` > `"10"`): compare and store them as numbers.
//!
//! Times are computed in integers, as the Go reference does (`(startTime + time) *
//! timeUnit` nanoseconds): an id's time is the start of its unit, exactly. (The PyPI port
//! `sonyflake-py` computes in floating point and puts some instants on a unit boundary in
//! the unit before; see `tests/vectors/sonyflake/`.)
//!
//! # References
//!
//! - `github.com/sony/sonyflake` (v1) and `github.com/sony/sonyflake/v2`: the layout, the
//!   settings' rules (`New`), `NextID`, `Compose`, `Decompose`, `ToTime`.

#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod layout;
mod range;
mod text;
mod typed;

#[cfg(all(feature = "std", idtypes_host))]
pub use generator::SonyflakeGenerator;
pub use layout::SonyflakeLayout;
pub(crate) use text::TEXT_SCHEMA;
pub use typed::TypedSonyflake;

use crate::{
    Error,
    codec::decimal63::MAX_VALUE,
    error::{Bounds, Repr},
};

/// The format name used in error messages.
pub(crate) const FORMAT: &str = "Sonyflake";

/// The bounds of a part of `width` bits named `part`, for each width from 0 to 61.
const fn widths(part: &'static str) -> [Bounds; 62] {
    const NONE: Bounds = Bounds {
        part: "",
        min: 0,
        max: 0,
    };
    let mut all = [NONE; 62];
    let mut width = 0;
    while width < 62 {
        all[width] = Bounds {
            part,
            min: 0,
            max: (1 << width) - 1,
        };
        width += 1;
    }
    all
}

/// A time in units since the start, by the layout's time bits.
static TIME_UNITS: [Bounds; 62] = widths("time (units since the start)");
/// A sequence, by the layout's sequence bits.
static SEQUENCE: [Bounds; 62] = widths("sequence");
/// A machine id, by the layout's machine id bits.
pub(crate) static MACHINE_ID: [Bounds; 62] = widths("machine id");

/// A Sonyflake id: a zero bit, then the time in units since the service's start, a
/// per-unit sequence and a machine id, cut as the service's [`SonyflakeLayout`] says (v1:
/// 39 bits of 10 ms units since 2014-09-01, an 8-bit sequence, a 16-bit machine id).
///
/// - Its text is the decimal number (1 to 19 digits), parsed strictly: no sign, no leading
///   zeros, nothing above `9223372036854775807` (2^63 - 1). The text does not sort like the
///   ids; the ids (`Ord`), their integers and their big-endian bytes do.
/// - It holds no layout: its parts and times take one
///   ([`decompose`](Sonyflake::decompose), [`timestamp_millis`](Sonyflake::timestamp_millis)).
///
/// # Examples
///
/// ```
/// use idtypes::Sonyflake;
/// use idtypes::sonyflake::SonyflakeLayout;
///
/// let layout = SonyflakeLayout::V1;
/// let id: Sonyflake = "578547906324398081".parse()?;
/// let parts = id.decompose(layout);
/// assert_eq!((parts.time_units, parts.sequence, parts.machine_id), (34_484_142_442, 3, 1));
/// assert_eq!(id.timestamp_millis(layout), 1_754_371_024_420); // 2025-08-05T05:17:04.420Z
/// assert_eq!(id.to_string(), "578547906324398081");
/// assert!("0578547906324398081".parse::<Sonyflake>().is_err()); // a leading zero
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
#[repr(transparent)]
pub struct Sonyflake(u64);

crate::text::traits::convert!(Sonyflake, u64, to_u64, try try_from_u64);

/// A Sonyflake's parts for a layout, as the reference's `Decompose` gives them.
///
/// # Examples
///
/// ```
/// use idtypes::Sonyflake;
/// use idtypes::sonyflake::{SonyflakeLayout, SonyflakeParts};
///
/// let id = Sonyflake::from_u64((5 << 24) | (2 << 16) | 7);
/// assert_eq!(
///     id.decompose(SonyflakeLayout::V1),
///     SonyflakeParts { time_units: 5, sequence: 2, machine_id: 7 }
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SonyflakeParts {
    /// The time: units since the layout's start.
    pub time_units: u64,
    /// The sequence within the unit.
    pub sequence: u32,
    /// The machine id.
    pub machine_id: u32,
}

impl Sonyflake {
    /// The first id, 0, also its `Default`.
    pub const MIN: Sonyflake = Sonyflake(0);

    /// The last id, `9223372036854775807` (2^63 - 1: the top bit is always 0).
    pub const MAX: Sonyflake = Sonyflake(MAX_VALUE);

    /// The id whose integer is `value`, refused when its top bit is set (no Sonyflake has it).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Reserved`](crate::ErrorKind::Reserved) when the top bit is set.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Sonyflake;
    ///
    /// assert_eq!(Sonyflake::try_from_u64(42)?.to_u64(), 42);
    /// assert!(Sonyflake::try_from_u64(1 << 63).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn try_from_u64(value: u64) -> Result<Sonyflake, Error> {
        if value > MAX_VALUE {
            return Err(Error::new(
                FORMAT,
                Repr::Reserved {
                    rule: "the top bit must be 0 (at most 9223372036854775807)",
                },
            ));
        }
        Ok(Sonyflake(value))
    }

    /// The id of the low 63 bits of `value`: its top bit, which no Sonyflake has, is dropped.
    /// For integers known to be ids (constants, a `BIGINT` that is not negative);
    /// [`try_from_u64`](Sonyflake::try_from_u64) refuses the top bit instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Sonyflake;
    ///
    /// assert_eq!(Sonyflake::from_u64(42).to_u64(), 42);
    /// assert_eq!(Sonyflake::from_u64(u64::MAX), Sonyflake::MAX);
    /// ```
    #[inline]
    pub const fn from_u64(value: u64) -> Sonyflake {
        Sonyflake(value & MAX_VALUE)
    }

    /// The integer, below 2^63 (the reference's `int64`, never negative).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Sonyflake::MAX.to_u64(), i64::MAX as u64);
    /// ```
    #[inline]
    pub const fn to_u64(self) -> u64 {
        self.0
    }

    /// The big-endian bytes of the integer; they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// let id = idtypes::Sonyflake::from_u64(258);
    /// assert_eq!(id.to_bytes(), [0, 0, 0, 0, 0, 0, 1, 2]);
    /// ```
    #[inline]
    pub const fn to_bytes(self) -> [u8; 8] {
        self.0.to_be_bytes()
    }

    /// Reads 8 big-endian bytes, refused when the top bit is set.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Reserved`](crate::ErrorKind::Reserved) when the top bit is set.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Sonyflake;
    ///
    /// let id = Sonyflake::from_u64(578547906324398081);
    /// assert_eq!(Sonyflake::try_from_bytes(id.to_bytes())?, id);
    /// assert!(Sonyflake::try_from_bytes([0x80, 0, 0, 0, 0, 0, 0, 0]).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn try_from_bytes(bytes: [u8; 8]) -> Result<Sonyflake, Error> {
        Sonyflake::try_from_u64(u64::from_be_bytes(bytes))
    }

    /// Reads 8 big-endian bytes, dropping the top bit as [`from_u64`](Sonyflake::from_u64)
    /// does; [`try_from_bytes`](Sonyflake::try_from_bytes) refuses it instead.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Sonyflake;
    ///
    /// assert_eq!(Sonyflake::from_bytes([0, 0, 0, 0, 0, 0, 1, 2]).to_u64(), 258);
    /// assert_eq!(Sonyflake::from_bytes([0xFF; 8]), Sonyflake::MAX);
    /// ```
    #[inline]
    pub const fn from_bytes(bytes: [u8; 8]) -> Sonyflake {
        Sonyflake::from_u64(u64::from_be_bytes(bytes))
    }

    /// Builds an id of `layout` from its time (units since the start), sequence and machine
    /// id, as the reference's `Compose` does from a time.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a part wider than the
    /// layout gives it: a time above 2^bits_time - 1, a sequence above 2^bits_sequence - 1,
    /// a machine id above 2^bits_machine_id - 1.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let layout = SonyflakeLayout::V1;
    /// let id = Sonyflake::from_parts(layout, 34_484_142_442, 3, 1)?;
    /// assert_eq!(id.to_u64(), 578547906324398081);
    /// let err = Sonyflake::from_parts(layout, 0, 256, 0).unwrap_err();
    /// assert_eq!(err.to_string(), "Sonyflake sequence out of range: found 256, expected 0..=255");
    /// assert!(Sonyflake::from_parts(layout, 1 << 39, 0, 0).is_err());
    /// assert!(Sonyflake::from_parts(layout, 0, 0, 65_536).is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_parts(
        layout: SonyflakeLayout,
        time_units: u64,
        sequence: u32,
        machine_id: u32,
    ) -> Result<Sonyflake, Error> {
        if time_units > layout.max_time_units() {
            return Err(TIME_UNITS[layout.bits_time() as usize].refuse(FORMAT, time_units as i128));
        }
        if sequence > layout.max_sequence() {
            return Err(SEQUENCE[layout.bits_sequence() as usize].refuse(FORMAT, sequence as i128));
        }
        if machine_id > layout.max_machine_id() {
            return Err(
                MACHINE_ID[layout.bits_machine_id() as usize].refuse(FORMAT, machine_id as i128)
            );
        }
        Ok(Sonyflake::from_fields(
            layout, time_units, sequence, machine_id,
        ))
    }

    /// Packs fields already known to be in range.
    #[inline]
    pub(crate) const fn from_fields(
        layout: SonyflakeLayout,
        time_units: u64,
        sequence: u32,
        machine_id: u32,
    ) -> Sonyflake {
        Sonyflake(
            (time_units << layout.time_shift())
                | ((sequence as u64) << layout.bits_machine_id())
                | machine_id as u64,
        )
    }

    /// The time of `layout`: units since its start.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let id = Sonyflake::from_u64(578547906324398081);
    /// assert_eq!(id.time_units(SonyflakeLayout::V1), 34_484_142_442);
    /// ```
    #[inline]
    pub const fn time_units(self, layout: SonyflakeLayout) -> u64 {
        self.0 >> layout.time_shift()
    }

    /// The sequence within the unit, for `layout`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// assert_eq!(Sonyflake::from_u64(578547906324398081).sequence(SonyflakeLayout::V1), 3);
    /// ```
    #[inline]
    pub const fn sequence(self, layout: SonyflakeLayout) -> u32 {
        ((self.0 >> layout.bits_machine_id()) & layout.max_sequence() as u64) as u32
    }

    /// The machine id, for `layout`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// assert_eq!(Sonyflake::from_u64(578547906324398081).machine_id(SonyflakeLayout::V1), 1);
    /// ```
    #[inline]
    pub const fn machine_id(self, layout: SonyflakeLayout) -> u32 {
        (self.0 & layout.max_machine_id() as u64) as u32
    }

    /// The three parts, for `layout`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let parts = Sonyflake::from_u64(578547906324398081).decompose(SonyflakeLayout::V1);
    /// assert_eq!((parts.time_units, parts.sequence, parts.machine_id), (34_484_142_442, 3, 1));
    /// ```
    #[inline]
    pub const fn decompose(self, layout: SonyflakeLayout) -> SonyflakeParts {
        SonyflakeParts {
            time_units: self.time_units(layout),
            sequence: self.sequence(layout),
            machine_id: self.machine_id(layout),
        }
    }

    /// The start of the id's unit as Unix nanoseconds, for `layout`, exactly.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let id = Sonyflake::from_u64(578547906324398081);
    /// assert_eq!(id.timestamp_nanos(SonyflakeLayout::V1), 1_754_371_024_420_000_000);
    /// ```
    #[inline]
    pub const fn timestamp_nanos(self, layout: SonyflakeLayout) -> u128 {
        // At most the layout's last unit, which starts by 9999: no overflow.
        layout.unit_unix_nanos(self.time_units(layout))
    }

    /// The start of the id's unit as Unix milliseconds, for `layout` (rounded down when the
    /// unit is not a whole number of milliseconds).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// assert_eq!(Sonyflake::MIN.timestamp_millis(SonyflakeLayout::V1), 1_409_529_600_000);
    /// let id = Sonyflake::from_u64(578547906324398081);
    /// assert_eq!(id.timestamp_millis(SonyflakeLayout::V1), 1_754_371_024_420);
    /// ```
    #[inline]
    pub const fn timestamp_millis(self, layout: SonyflakeLayout) -> u64 {
        (self.timestamp_nanos(layout) / 1_000_000) as u64
    }

    /// The start of the id's unit as a [`SystemTime`](std::time::SystemTime), for `layout`
    /// (the reference's `ToTime`).
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let id = Sonyflake::from_u64(578547906324398081);
    /// let time = id.timestamp(SonyflakeLayout::V1);
    /// assert_eq!(time, UNIX_EPOCH + Duration::from_millis(1_754_371_024_420));
    /// ```
    #[cfg(feature = "std")]
    pub fn timestamp(self, layout: SonyflakeLayout) -> std::time::SystemTime {
        let nanos = self.timestamp_nanos(layout);
        // Before the year 10000: within every platform's `SystemTime`.
        std::time::UNIX_EPOCH
            + core::time::Duration::new(
                (nanos / 1_000_000_000) as u64,
                (nanos % 1_000_000_000) as u32,
            )
    }

    /// An id of `layout` at the time `time`, for tests and backfills: its time is the unit
    /// that holds `time` (rounded down to the layout's unit, as the generator and the
    /// reference's `Compose` take it), its sequence and machine id, at the layout's widths,
    /// drawn from the secure random generator (ChaCha12 keyed by the OS; there is no machine id
    /// of the process to take, and an id made alone has no place in a generator's count;
    /// random ones keep ids of one unit apart). `time` is a
    /// [`SystemTime`](std::time::SystemTime), or any
    /// [`UtcTime`](crate::UtcTime), each of which converts to it.
    ///
    /// Two ids of one unit are the same with odds of 1 in 2^(bits_sequence +
    /// bits_machine_id), 2^24 in v1's layout. Where they must differ, or the machine id must
    /// be yours, use [`from_parts`](Sonyflake::from_parts), or a [`SonyflakeGenerator`] on a
    /// [`ManualClock`](crate::ManualClock).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a time before the layout's
    /// start or after its last unit ([`last_unix_millis`](SonyflakeLayout::last_unix_millis)),
    /// giving the time found in units since the start.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::{Duration, UNIX_EPOCH};
    /// use idtypes::{ErrorKind, Sonyflake, sonyflake::SonyflakeLayout};
    ///
    /// let layout = SonyflakeLayout::V1; // 10 ms units
    /// let id = Sonyflake::at(layout, UNIX_EPOCH + Duration::from_millis(1_754_371_024_429))?;
    /// assert_eq!(id.timestamp_millis(layout), 1_754_371_024_420); // rounded down to the unit
    /// assert_eq!(id.time_units(layout), 34_484_142_442);
    ///
    /// let err = Sonyflake::at(layout, UNIX_EPOCH).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn at(
        layout: SonyflakeLayout,
        time: impl Into<std::time::SystemTime>,
    ) -> Result<Sonyflake, Error> {
        Sonyflake::at_time(layout, time.into())
    }

    /// [`at`](Sonyflake::at), compiled once.
    #[cfg(all(feature = "std", idtypes_host))]
    fn at_time(layout: SonyflakeLayout, time: std::time::SystemTime) -> Result<Sonyflake, Error> {
        use crate::UtcTime;
        use crate::utc::within;

        let units = layout.units_at_nanos(time.to_unix_nanos());
        let bounds = &TIME_UNITS[layout.bits_time() as usize];
        let units = within(units, FORMAT, bounds)? as u64;
        // At most 31 random bits: the sequence's and the machine id's together.
        let bits = crate::process::random::secure_u64();
        let sequence = (bits >> 32) as u32 & layout.max_sequence();
        let machine_id = bits as u32 & layout.max_machine_id();
        Ok(Sonyflake::from_fields(layout, units, sequence, machine_id))
    }
}

#[cfg(test)]
mod tests;
