//! [`SonyflakeLayout`]: where a service's Sonyflakes start, their time unit and the widths
//! of their parts.

use core::time::Duration;

use super::FORMAT;
use crate::{Error, error::Bounds};

/// The layout of a service's Sonyflakes: the start of their time, its unit, and the bits of
/// the sequence and of the machine id (the time has the rest of 63).
///
/// The 63 bits of a [`Sonyflake`](struct@crate::Sonyflake) do not say how they were cut:
/// sony/sonyflake v1 fixes `39-bit time | 8-bit sequence | 16-bit machine id` in units of
/// 10 ms from 2014-09-01 ([`V1`](Self::V1)); v2 keeps those widths by default but takes
/// others, another unit and another start ([`V2`](Self::V2) is its default, from
/// 2025-01-01). So the id type holds the bits alone, and whatever reads or makes its parts
/// and times is given the layout: keep your service's in one constant and pass it.
///
/// The rules are v2's (`sonyflake.New`): the sequence and the machine id have 1 to 30 bits
/// each, the time the rest of 63 and at least 32 (so the two together at most 31), and the
/// unit is at least a millisecond (any number of nanoseconds). This crate adds two bounds
/// so that every time of every id is a Unix millisecond and a `SystemTime` on every
/// platform: the unit is at most a minute and the layout's last unit starts by the end of
/// 9999 (v1's and v2's end in 2188 and 2199).
///
/// As the reference does, the start counts in whole units: a start that is not on a unit
/// boundary (of Unix time) is taken back to the boundary before it, and an id's time is
/// the start of its unit.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use idtypes::sonyflake::SonyflakeLayout;
///
/// let v1 = SonyflakeLayout::V1;
/// assert_eq!((v1.bits_time(), v1.bits_sequence(), v1.bits_machine_id()), (39, 8, 16));
/// assert_eq!(v1.start_unix_millis(), 1_409_529_600_000); // 2014-09-01T00:00:00Z
/// assert_eq!(v1.time_unit(), Duration::from_millis(10));
///
/// // A v2 layout: milliseconds, 12-bit sequence, 10-bit machine id (41-bit time).
/// let mine = SonyflakeLayout::new(1_735_689_600_000, Duration::from_millis(1), 12, 10)?;
/// assert_eq!(mine.bits_time(), 41);
/// assert!(SonyflakeLayout::new(0, Duration::from_millis(10), 16, 16).is_err()); // 31 time bits
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SonyflakeLayout {
    start_unix_millis: u64,
    unit_nanos: u64,
    /// The start in whole units since 1970 (the reference's `startTime`).
    start_units: u64,
    bits_sequence: u8,
    bits_machine_id: u8,
}

/// The widths of a sequence and of a machine id.
const SEQUENCE_BITS: Bounds = Bounds {
    part: "sequence bit length",
    min: 1,
    max: 30,
};
const MACHINE_ID_BITS: Bounds = Bounds {
    part: "machine id bit length",
    min: 1,
    max: 30,
};
/// The time's width, 63 less the other two.
const TIME_BITS: Bounds = Bounds {
    part: "time bit length (63 less the sequence's and the machine id's)",
    min: 32,
    max: 61,
};
const TIME_UNIT: Bounds = Bounds {
    part: "time unit (nanoseconds)",
    min: 1_000_000,
    max: SonyflakeLayout::MAX_TIME_UNIT_NANOS as i128,
};
const START: Bounds = Bounds {
    part: "start time (Unix milliseconds)",
    min: 0,
    max: SonyflakeLayout::MAX_UNIX_MILLIS as i128,
};
const LAST: Bounds = Bounds {
    part: "layout's last time (Unix milliseconds)",
    min: 0,
    max: SonyflakeLayout::MAX_UNIX_MILLIS as i128,
};

/// Nanoseconds in a millisecond.
const NANOS_PER_MILLI: u128 = 1_000_000;

impl SonyflakeLayout {
    /// sony/sonyflake v1's layout: 39-bit time in units of 10 ms since
    /// 2014-09-01T00:00:00Z, 8-bit sequence, 16-bit machine id. Its last unit starts at
    /// 2188-09-24T08:48:58.870Z (`6907087738870`).
    pub const V1: SonyflakeLayout = SonyflakeLayout::checked(1_409_529_600_000, 10_000_000, 8, 16);

    /// sony/sonyflake v2's default layout: v1's widths and unit, from 2025-01-01T00:00:00Z.
    pub const V2: SonyflakeLayout = SonyflakeLayout::checked(1_735_689_600_000, 10_000_000, 8, 16);

    /// The latest a layout's start and its last unit may be: 9999-12-31T23:59:59.999Z.
    pub const MAX_UNIX_MILLIS: u64 = 253_402_300_799_999;

    /// The longest time unit, a minute (in nanoseconds).
    pub const MAX_TIME_UNIT_NANOS: u64 = 60_000_000_000;

    /// A layout from its start (Unix milliseconds), time unit and the bit lengths of the
    /// sequence and the machine id.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange), naming the part, for a
    /// sequence or machine id of no bits or more than 30, a time of fewer than 32 bits
    /// (the other two more than 31 together), a unit under a millisecond or over a minute,
    /// a start after 9999, or a last unit that starts after 9999.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::{ErrorKind, sonyflake::SonyflakeLayout};
    ///
    /// let v1 = SonyflakeLayout::new(1_409_529_600_000, Duration::from_millis(10), 8, 16)?;
    /// assert_eq!(v1, SonyflakeLayout::V1);
    /// let err = SonyflakeLayout::new(0, Duration::from_micros(999), 8, 16).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// assert_eq!(
    ///     err.to_string(),
    ///     "Sonyflake time unit (nanoseconds) out of range: found 999000, expected 1000000..=60000000000"
    /// );
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn new(
        start_unix_millis: u64,
        time_unit: Duration,
        bits_sequence: u32,
        bits_machine_id: u32,
    ) -> Result<SonyflakeLayout, Error> {
        match SonyflakeLayout::build(start_unix_millis, time_unit, bits_sequence, bits_machine_id) {
            Ok(layout) => Ok(layout),
            Err((bounds, found)) => Err(bounds.refuse(FORMAT, found)),
        }
    }

    /// [`new`](Self::new)'s checks, refusing with the bounds and the value found (no
    /// `Error`, which a `const` cannot drop).
    const fn build(
        start_unix_millis: u64,
        time_unit: Duration,
        bits_sequence: u32,
        bits_machine_id: u32,
    ) -> Result<SonyflakeLayout, (&'static Bounds, i128)> {
        if bits_sequence < 1 || bits_sequence > 30 {
            return Err((&SEQUENCE_BITS, bits_sequence as i128));
        }
        if bits_machine_id < 1 || bits_machine_id > 30 {
            return Err((&MACHINE_ID_BITS, bits_machine_id as i128));
        }
        let bits_time = 63 - bits_sequence - bits_machine_id;
        if bits_time < 32 {
            return Err((&TIME_BITS, bits_time as i128));
        }
        let unit = time_unit.as_nanos();
        if unit < TIME_UNIT.min as u128 || unit > SonyflakeLayout::MAX_TIME_UNIT_NANOS as u128 {
            return Err((&TIME_UNIT, unit as i128));
        }
        if start_unix_millis > SonyflakeLayout::MAX_UNIX_MILLIS {
            return Err((&START, start_unix_millis as i128));
        }
        let start_units = start_unix_millis as u128 * NANOS_PER_MILLI / unit;
        // At most (2^61 - 1 + 2.6e14) units of at most 6e10 ns: within u128.
        let last_millis = (start_units + (1 << bits_time) - 1) * unit / NANOS_PER_MILLI;
        if last_millis > SonyflakeLayout::MAX_UNIX_MILLIS as u128 {
            let found = if last_millis > i128::MAX as u128 {
                i128::MAX
            } else {
                last_millis as i128
            };
            return Err((&LAST, found));
        }
        Ok(SonyflakeLayout {
            start_unix_millis,
            unit_nanos: unit as u64,
            start_units: start_units as u64,
            bits_sequence: bits_sequence as u8,
            bits_machine_id: bits_machine_id as u8,
        })
    }

    /// [`new`](Self::new) for the constants, which are known to be valid.
    const fn checked(start: u64, unit_nanos: u64, sequence: u32, machine_id: u32) -> Self {
        match SonyflakeLayout::build(
            start,
            Duration::from_nanos(unit_nanos),
            sequence,
            machine_id,
        ) {
            Ok(layout) => layout,
            Err(_) => panic!("an invalid layout constant"),
        }
    }

    /// This layout with another start (Unix milliseconds), as v1's `Settings.StartTime` and
    /// v2's `StartTime` give one.
    ///
    /// # Errors
    ///
    /// As [`new`](Self::new): a start or a last unit after 9999.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::sonyflake::SonyflakeLayout;
    ///
    /// let mine = SonyflakeLayout::V1.with_start_unix_millis(1_700_000_000_000)?;
    /// assert_eq!(mine.start_unix_millis(), 1_700_000_000_000);
    /// assert_eq!(mine.bits_time(), 39);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn with_start_unix_millis(self, start_unix_millis: u64) -> Result<Self, Error> {
        SonyflakeLayout::new(
            start_unix_millis,
            self.time_unit(),
            self.bits_sequence as u32,
            self.bits_machine_id as u32,
        )
    }

    /// The start, in Unix milliseconds, as given.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::sonyflake::SonyflakeLayout;
    ///
    /// assert_eq!(SonyflakeLayout::V2.start_unix_millis(), 1_735_689_600_000);
    /// ```
    #[inline]
    pub const fn start_unix_millis(self) -> u64 {
        self.start_unix_millis
    }

    /// The time unit.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::sonyflake::SonyflakeLayout;
    ///
    /// assert_eq!(SonyflakeLayout::V1.time_unit(), Duration::from_millis(10));
    /// ```
    #[inline]
    pub const fn time_unit(self) -> Duration {
        Duration::from_nanos(self.unit_nanos)
    }

    /// The time's bit length: 63 less the sequence's and the machine id's (32 to 61).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::sonyflake::SonyflakeLayout::V1.bits_time(), 39);
    /// ```
    #[inline]
    pub const fn bits_time(self) -> u32 {
        63 - self.bits_sequence as u32 - self.bits_machine_id as u32
    }

    /// The sequence's bit length (1 to 30).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::sonyflake::SonyflakeLayout::V1.bits_sequence(), 8);
    /// ```
    #[inline]
    pub const fn bits_sequence(self) -> u32 {
        self.bits_sequence as u32
    }

    /// The machine id's bit length (1 to 30).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::sonyflake::SonyflakeLayout::V1.bits_machine_id(), 16);
    /// ```
    #[inline]
    pub const fn bits_machine_id(self) -> u32 {
        self.bits_machine_id as u32
    }

    /// The largest time (in units since the start): 2^bits_time - 1.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::sonyflake::SonyflakeLayout::V1.max_time_units(), (1 << 39) - 1);
    /// ```
    #[inline]
    pub const fn max_time_units(self) -> u64 {
        (1 << self.bits_time()) - 1
    }

    /// The largest sequence: 2^bits_sequence - 1.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::sonyflake::SonyflakeLayout::V1.max_sequence(), 255);
    /// ```
    #[inline]
    pub const fn max_sequence(self) -> u32 {
        (1 << self.bits_sequence) - 1
    }

    /// The largest machine id: 2^bits_machine_id - 1.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::sonyflake::SonyflakeLayout::V1.max_machine_id(), 65_535);
    /// ```
    #[inline]
    pub const fn max_machine_id(self) -> u32 {
        (1 << self.bits_machine_id) - 1
    }

    /// How many values a lease namespace of this layout's machine ids has: every machine id,
    /// 2^bits_machine_id (65,536 for [`V1`](Self::V1) and [`V2`](Self::V2)), in one
    /// namespace per layout in use. Take leases for `SonyflakeGenerator::with_lease_term`,
    /// whose leased value is the machine id as it is, with
    /// `leases.acquire("sonyflake-machines", LAYOUT.lease_values())` (see `idtypes::lease`).
    ///
    /// Generators take layouts whose machine ids have up to 16 bits; a lease store takes
    /// namespaces of up to 2^20 values.
    ///
    /// # Examples
    ///
    /// ```
    /// use std::time::Duration;
    /// use idtypes::sonyflake::SonyflakeLayout;
    ///
    /// assert_eq!(SonyflakeLayout::V1.lease_values(), 65_536);
    /// let small = SonyflakeLayout::new(0, Duration::from_millis(1), 12, 4)?;
    /// assert_eq!(small.lease_values(), 16);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn lease_values(self) -> u32 {
        self.max_machine_id() + 1
    }

    /// The Unix millisecond (rounded down) where the last unit starts: the latest time an
    /// id of this layout holds.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::sonyflake::SonyflakeLayout;
    ///
    /// // 2188-09-24T08:48:58.870Z
    /// assert_eq!(SonyflakeLayout::V1.last_unix_millis(), 6_907_087_738_870);
    /// ```
    #[inline]
    pub const fn last_unix_millis(self) -> u64 {
        (self.unit_unix_nanos(self.max_time_units()) / NANOS_PER_MILLI) as u64
    }

    /// The Unix nanosecond where the unit `units` (since the start) starts: exact, in
    /// integers (the reference's `(startTime + time) * timeUnit`).
    #[inline]
    pub(crate) const fn unit_unix_nanos(self, units: u64) -> u128 {
        (self.start_units as u128 + units as u128) * self.unit_nanos as u128
    }

    /// The unit (since the start) that holds the Unix nanosecond `nanos`, which may be
    /// negative (before the start) or past the last.
    #[inline]
    pub(crate) const fn units_at_nanos(self, nanos: i128) -> i128 {
        nanos.div_euclid(self.unit_nanos as i128) - self.start_units as i128
    }

    /// The bits below the time: the sequence's and the machine id's.
    #[inline]
    pub(crate) const fn time_shift(self) -> u32 {
        self.bits_sequence as u32 + self.bits_machine_id as u32
    }
}
