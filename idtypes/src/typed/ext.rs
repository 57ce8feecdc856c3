//! The pieces of the formats' extension traits (`TypedTid`, `TypedUlid`, ...) that several
//! formats share, as crate-private `macro_rules!` invoked inside the trait definitions.
//!
//! Each piece writes provided methods that forward to the inner format's function of the
//! same name and type the result: `Self` for an id, `IdRange<Self>` for a range,
//! [`Made<Self>`](super::checks::Made) for a constructor that fails only on the type's checks.
//! The traits have one blanket impl each, over `TypedId<Inner = Format>`, so these bodies
//! are type-checked once here, not once per typed id in the user's crate (issue #42: the
//! per-id inherent methods were a third of a typed id's `cargo check`).
//!
//! A piece that needs a feature carries the `cfg` on its methods: unlike the derive's output,
//! this code is compiled in `idtypes`, whose features the `cfg` asks about.

/// Getters that return the inner id's part of the same name: `$(#[doc] name -> type;)*`.
macro_rules! getters {
    ($($(#[doc = $doc:literal])* $getter:ident -> $ty:ty;)*) => {$(
        $(#[doc = $doc])*
        #[inline]
        fn $getter(&self) -> $ty {
            self.as_inner().$getter()
        }
    )*};
}

/// `timestamp()` as a `SystemTime` (with `std`) and `datetime()` as any
/// [`UtcTime`](crate::UtcTime).
macro_rules! timestamps {
    () => {
        /// The timestamp as a `SystemTime`.
        #[cfg(feature = "std")]
        #[inline]
        fn timestamp(&self) -> std::time::SystemTime {
            self.as_inner().timestamp()
        }

        /// The timestamp as a UTC time of any date-time library: `SystemTime`, chrono's
        /// `DateTime<Utc>`, jiff's `Timestamp`, the `time` crate's `OffsetDateTime` or
        /// `UtcDateTime` (see [`UtcTime`](crate::UtcTime)).
        #[inline]
        fn datetime<T: crate::UtcTime>(&self) -> T {
            self.as_inner().datetime()
        }
    };
    (option) => {
        /// The timestamp as a `SystemTime`.
        #[cfg(feature = "std")]
        #[inline]
        fn timestamp(&self) -> std::time::SystemTime {
            self.as_inner().timestamp()
        }

        /// The timestamp as a UTC time of any date-time library (see
        /// [`UtcTime`](crate::UtcTime)), or `None` when the type cannot hold it: the format's
        /// times run to the year 10889, and jiff's and `time`'s types end with 9999.
        #[inline]
        fn datetime<T: crate::UtcTime>(&self) -> Option<T> {
            self.as_inner().datetime()
        }
    };
}

/// The range of a span of timestamps given as integers of the format's precision, typed:
/// `range_for_micros` or `range_for_millis` (`$integer`, with the unit's name for the docs),
/// with the argument the format's function takes before the span when it takes one (a
/// Snowflake's epoch, a Sonyflake's layout), as in `at!`.
macro_rules! integer_range {
    ($($inner:ident)::+, $integer:ident, $unit:literal $(, $arg:ident : $arg_type:ty)?) => {
        #[doc = concat!(
            "The inclusive range of ids", $(" of `", stringify!($arg), "`",)?
            " whose timestamps (Unix ", $unit, ") lie in `start..=end`, or `None` when it is ",
            "empty."
        )]
        #[inline]
        fn $integer($($arg: $arg_type,)? start: u64, end: u64) -> Option<crate::IdRange<Self>> {
            crate::typed::support::typed_range::<Self>($($inner)::+::$integer($($arg,)? start, end))
        }
    };
}

/// The time ranges of a time-ordered format, typed (with `std`): `range_for_time` and
/// `ranges_for_time`, or only the plural for a format whose span may be two ranges (`plural`),
/// with the argument the format's functions take before the span when they take one, as in
/// `integer_range!`.
macro_rules! time_ranges {
    ($($inner:ident)::+, plural $(, $arg:ident : $arg_type:ty)?) => {
        #[doc = concat!(
            "The ids", $(" of `", stringify!($arg), "`",)? " made within `span` (of ",
            "`SystemTime`s, or of a type that converts to it: chrono's `DateTime<Utc>`, jiff's ",
            "`Timestamp`, `time`'s `OffsetDateTime`), as up to two ranges ",
            "(see `IdRanges`)."
        )]
        #[cfg(feature = "std")]
        #[inline]
        fn ranges_for_time<T>(
            $($arg: $arg_type,)?
            span: impl core::ops::RangeBounds<T>,
        ) -> crate::IdRanges<Self>
        where
            T: Clone + Into<std::time::SystemTime>,
        {
            $($inner)::+::ranges_for_time($($arg,)? span).map(Self::from_inner_unchecked)
        }
    };
    ($($inner:ident)::+ $(, $arg:ident : $arg_type:ty)?) => {
        #[doc = concat!(
            "The inclusive range of ids", $(" of `", stringify!($arg), "`",)? " made within ",
            "`span` (of `SystemTime`s, or of a type that converts to it: chrono's `DateTime<Utc>`, ",
            "jiff's `Timestamp`, `time`'s `OffsetDateTime`), or `None` ",
            "when it is empty."
        )]
        #[cfg(feature = "std")]
        #[inline]
        fn range_for_time<T>(
            $($arg: $arg_type,)?
            span: impl core::ops::RangeBounds<T>,
        ) -> Option<crate::IdRange<Self>>
        where
            T: Clone + Into<std::time::SystemTime>,
        {
            crate::typed::support::typed_range::<Self>($($inner)::+::range_for_time($($arg,)? span))
        }

        $crate::typed::ext::time_ranges!($($inner)::+, plural $(, $arg: $arg_type)?);
    };
}

/// A new id from an argument-free constructor of the format (`$function`: `Tid::now`,
/// `uuids::new_v4`) as `$method`, typed: [`Made<Self>`](crate::checks::Made) (with the
/// generators: `std`, on a target with a host clock).
macro_rules! new {
    ($method:ident, $($function:ident)::+, $doc:literal) => {
        #[doc = $doc]
        ///
        /// It returns the id for a type without checks, and `Result<Self, Error>` for a type
        /// with checks ([`Made`](crate::checks::Made)): the check's error, when it refuses
        /// the new id.
        #[cfg(all(feature = "std", idtypes_host))]
        #[inline]
        fn $method() -> crate::checks::Made<Self> {
            <Self::Checks as crate::checks::Checks>::made::<Self>($($function)::+())
        }
    };
}

/// `at(time)`, an id of a given time, typed: the format's function `$function` (`Tid::at`,
/// `uuids::at_v7`), with the argument it takes before the time when it takes one (a
/// Snowflake's epoch, a Sonyflake's layout) (with the generators: `std`, on a target with a
/// host clock).
macro_rules! at {
    ($($function:ident)::+, $doc:literal $(, $arg:ident : $arg_type:ty)?) => {
        #[doc = $doc]
        ///
        /// `time` is a `SystemTime`, or a type that converts to it: chrono's `DateTime<Utc>`,
        /// jiff's `Timestamp`, `time`'s `OffsetDateTime` or `UtcDateTime`.
        ///
        /// # Errors
        ///
        /// The format's out-of-range error for a time outside the format's span, or the
        /// type's check, when it refuses the new id.
        #[cfg(all(feature = "std", idtypes_host))]
        #[inline]
        fn at(
            $($arg: $arg_type,)?
            time: impl Into<std::time::SystemTime>,
        ) -> Result<Self, crate::Error> {
            Self::try_from_inner($($function)::+($($arg,)? time)?)
        }
    };
}

/// `next_from(&generator)` and `try_next_from(&generator)` for a generator `$generator<C>`
/// whose `next` returns the id (and panics where `try_next` fails) (with the generators:
/// `std`, on a target with a host clock).
macro_rules! next_from {
    ($($generator:ident)::+) => {
        /// The next id from `generator`.
        ///
        /// It returns the id for a type without checks, and `Result<Self, Error>` for a type
        /// with checks ([`Made`](crate::checks::Made)): the check's error, when it refuses
        /// the new id.
        ///
        /// # Panics
        ///
        /// When the generator does (see its `next`): it cannot make another id. Use
        /// `try_next_from` to get the error instead.
        #[cfg(all(feature = "std", idtypes_host))]
        #[inline]
        fn next_from<C: crate::Clock>(
            generator: &$($generator)::+<C>,
        ) -> crate::checks::Made<Self> {
            <Self::Checks as crate::checks::Checks>::made::<Self>(generator.next())
        }

        /// The next id from `generator`, or the generator's error: its timestamps are used
        /// up, its fixed id belongs to a parent process, or its lease has run out. Any
        /// generator of the format: the format's own, an `Arc` of one, or a
        /// [`LeasedGenerator`](crate::lease::LeasedGenerator) around one (see
        /// [`IdGenerator`](crate::IdGenerator)).
        ///
        /// # Errors
        ///
        /// The generator's `try_next` error, or the type's check, when it refuses the new id.
        #[cfg(all(feature = "std", idtypes_host))]
        #[inline]
        fn try_next_from(
            generator: &impl crate::IdGenerator<Id = Self::Inner>,
        ) -> Result<Self, crate::Error> {
            Self::try_from_inner(generator.try_next()?)
        }
    };
}

/// The blanket impl that makes `$trait` the extension trait of every typed id of `$inner`
/// (every one is `Copy`, as its format is).
macro_rules! blanket_impl {
    ($trait:ident for $inner:ty) => {
        impl<T: crate::TypedId<Inner = $inner> + Copy> $trait for T {}
    };
}

pub(crate) use {
    at, blanket_impl, getters, integer_range, new, next_from, time_ranges, timestamps,
};
