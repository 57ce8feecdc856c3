//! The pieces of a typed id's API that several formats share, as `macro_rules!` for the
//! formats' own typed-id macros (`tid/typed.rs`, `uid11/typed.rs`, ...), which the derive
//! macros invoke (`idtypes::__idtypes_typed_tid!`, ...).
//!
//! So a typed id's code is at most two macros away from the derive: the format's macro, then
//! one of these pieces, which writes the items. A piece never calls another macro; a piece
//! that needs a feature (`std`, `chrono`; the generators also `cfg(idtypes_host)`, see
//! `build.rs`) is defined twice, with it and without it (then it writes nothing), because the
//! derive's output runs in the user's crate, where `cfg(feature = ...)` would ask about the
//! user's features.
//!
//! Each piece expands to inherent methods (it is invoked inside an `impl` block, but for
//! `__idtypes_typed_fixed!`, which writes whole impls) that forward to the inner format's
//! method of the same name and type the result: `Self` for an id, `IdRange<Self>` for a range.
//! Every path starts at `$crate`, so the user's crate needs no imports and cannot shadow one.
//! `checked` or `unchecked` says whether the type has checks, which makes its constructors
//! return `Result`.

/// What every fixed-size format's typed id has: `Clone` and `Copy`, `Default` (the inner
/// `MIN`, for types without checks), `encode()` (the prefixed text on the stack) and `const`
/// accessors.
///
/// `$prefix` and `$separator` are the text's, both `""` for a type without a prefix.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_fixed {
    ($name:ident, $inner:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        #[automatically_derived]
        impl $crate::__private::core::clone::Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        #[automatically_derived]
        impl $crate::__private::core::marker::Copy for $name {}

        $crate::__idtypes_typed_fixed!(@default $name, $inner, $checks);

        impl $name {
            /// The prefixed text on the stack, without allocating (what `Display` writes).
            #[inline]
            pub const fn encode(
                self,
            ) -> $crate::IdText<
                {
                    $prefix.len()
                        + $separator.len()
                        + <$crate::$inner as $crate::IdFormat>::MAX_TEXT_LEN
                },
            > {
                $crate::__private::prefixed_text($prefix, $separator, self.0.encode())
            }

            /// The typed id holding `inner`, without the type's checks (its `validate`
            /// function, when it has one): for values known to be good, or that must be read
            /// whatever they are. The value may break the type's rules; nothing else about it
            /// is unsafe.
            #[inline]
            pub const fn from_inner_unchecked(inner: $crate::$inner) -> Self {
                Self(inner)
            }

            /// The id inside.
            #[inline]
            pub const fn as_inner(&self) -> &$crate::$inner {
                &self.0
            }

            /// The id inside, by value.
            #[inline]
            pub const fn into_inner(self) -> $crate::$inner {
                self.0
            }
        }
    };
    // A type with checks has no default: the inner `MIN` may not pass them.
    (@default $name:ident, $inner:ident, checked) => {};
    (@default $name:ident, $inner:ident, unchecked) => {
        #[automatically_derived]
        impl $crate::__private::core::default::Default for $name {
            #[inline]
            fn default() -> Self {
                Self($crate::$inner::MIN)
            }
        }
    };
}

/// Getters that return the inner id's part of the same name: `$(#[doc] name -> type;)*`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_getters {
    ($($(#[doc = $doc:literal])* $getter:ident -> $ty:ty;)*) => {$(
        $(#[doc = $doc])*
        #[inline]
        pub fn $getter(&self) -> $ty {
            self.0.$getter()
        }
    )*};
}

/// `timestamp()`, the timestamp as a `SystemTime` (with `std`).
#[cfg(feature = "std")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_timestamp {
    () => {
        /// The timestamp as a `SystemTime`.
        #[inline]
        pub fn timestamp(&self) -> $crate::__private::SystemTime {
            self.0.timestamp()
        }
    };
}

#[cfg(not(feature = "std"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_timestamp {
    () => {};
}

/// `datetime()`, the timestamp as a `DateTime<Utc>` (with `chrono`).
#[cfg(feature = "chrono")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_datetime {
    () => {
        /// The timestamp as a `DateTime<Utc>`.
        #[inline]
        pub fn datetime(&self) -> $crate::__private::DateTime<$crate::__private::Utc> {
            self.0.datetime()
        }
    };
}

#[cfg(not(feature = "chrono"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_datetime {
    () => {};
}

/// `range_for_prefix`, typed; it accepts the typed text or the inner format's alone.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_prefix_range {
    ($inner:ident) => {
        /// The inclusive range of ids whose text starts with `prefix`, or `None` when no id
        /// does. `prefix` is the start of the typed text (`post_3jzf`) or of the inner
        /// format's text alone (`3jzf`); the type's prefix and separator are taken off when
        /// present. Range bounds are query bounds: the type's checks do not run on them.
        ///
        /// # Errors
        ///
        /// The format's error for a prefix that is too long or has a foreign character
        /// (positioned in the text given).
        #[inline]
        pub fn range_for_prefix(
            prefix: &$crate::__private::core::primitive::str,
        ) -> $crate::__private::core::result::Result<
            $crate::__private::core::option::Option<$crate::IdRange<Self>>,
            $crate::Error,
        > {
            $crate::__private::range_for_prefix::<Self>(prefix, $crate::$inner::range_for_prefix)
        }
    };
}

/// The range of a span of timestamps given as integers of the format's precision, typed:
/// `range_for_micros` or `range_for_millis` (`$integer`, with the unit's name for the docs).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_integer_range {
    ($inner:ident, $integer:ident, $unit:literal) => {
        #[doc = concat!(
                    "The inclusive range of ids whose timestamps (Unix ", $unit, ") lie in ",
                    "`start..=end`, or `None` when it is empty."
                )]
        #[inline]
        pub fn $integer(
            start: $crate::__private::core::primitive::u64,
            end: $crate::__private::core::primitive::u64,
        ) -> $crate::__private::core::option::Option<$crate::IdRange<Self>> {
            $crate::__private::typed_range::<Self>($crate::$inner::$integer(start, end))
        }
    };
}

/// The time ranges of a time-ordered format, typed (with `std`): `range_for_time` and
/// `ranges_for_time`, or only the plural for a format whose span may be two ranges (`plural`).
#[cfg(feature = "std")]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_time_ranges {
    ($inner:ident) => {
        /// The inclusive range of ids made within `span` (of `SystemTime`s, or
        /// `DateTime<Utc>`s with the `chrono` feature), or `None` when it is empty.
        #[inline]
        pub fn range_for_time<T>(
            span: impl $crate::__private::core::ops::RangeBounds<T>,
        ) -> $crate::__private::core::option::Option<$crate::IdRange<Self>>
        where
            T: $crate::__private::core::clone::Clone
                + $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        {
            $crate::__private::typed_range::<Self>($crate::$inner::range_for_time(span))
        }

        /// The ids made within `span` (of `SystemTime`s, or `DateTime<Utc>`s with the
        /// `chrono` feature), as up to two ranges (see `IdRanges`).
        #[inline]
        pub fn ranges_for_time<T>(
            span: impl $crate::__private::core::ops::RangeBounds<T>,
        ) -> $crate::IdRanges<Self>
        where
            T: $crate::__private::core::clone::Clone
                + $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        {
            $crate::$inner::ranges_for_time(span).map(Self)
        }
    };
    ($inner:ident, plural) => {
        /// The ids made within `span` (of `SystemTime`s, or `DateTime<Utc>`s with the
        /// `chrono` feature), as up to two ranges (see `IdRanges`).
        #[inline]
        pub fn ranges_for_time<T>(
            span: impl $crate::__private::core::ops::RangeBounds<T>,
        ) -> $crate::IdRanges<Self>
        where
            T: $crate::__private::core::clone::Clone
                + $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        {
            $crate::$inner::ranges_for_time(span).map(Self)
        }
    };
}

#[cfg(not(feature = "std"))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_time_ranges {
    ($($tokens:tt)*) => {};
}

/// A new id from an argument-free constructor of the format (`now`, `random`), typed: the id,
/// or with checks a `Result` (with the generators: `std`, on a target with a host clock).
#[cfg(all(feature = "std", idtypes_host))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_new {
    ($inner:ident, unchecked, $method:ident, $doc:literal) => {
        #[doc = $doc]
        #[inline]
        pub fn $method() -> Self {
            Self($crate::$inner::$method())
        }
    };
    ($inner:ident, checked, $method:ident, $doc:literal) => {
        #[doc = $doc]
        ///
        /// # Errors
        ///
        /// The type's check, when it refuses the new id.
        #[inline]
        pub fn $method() -> $crate::__private::core::result::Result<Self, $crate::Error> {
            <Self as $crate::TypedId>::try_from_inner($crate::$inner::$method())
        }
    };
}

#[cfg(not(all(feature = "std", idtypes_host)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_new {
    ($($tokens:tt)*) => {};
}

/// `at(time)`, an id of a given time, typed: the format's function `$function` (`Tid::at`,
/// `uuids::at_v7`), with the argument it takes before the time when it takes one (a
/// Snowflake's epoch, a Sonyflake's layout); with checks, their result too (with the
/// generators: `std`, on a target with a host clock).
#[cfg(all(feature = "std", idtypes_host))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_at {
    (
        $($function:ident)::+, unchecked, $doc:literal
        $(, $arg:ident : $($arg_type:ident)::+)?
    ) => {
        #[doc = $doc]
        ///
        /// `time` is a `SystemTime`, or a `DateTime<Utc>` with the `chrono` feature.
        ///
        /// # Errors
        ///
        /// The format's out-of-range error for a time outside the format's span.
        #[inline]
        pub fn at(
            $($arg: $crate::$($arg_type)::+,)?
            time: impl $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        ) -> $crate::__private::core::result::Result<Self, $crate::Error> {
            $crate::__private::core::result::Result::Ok(Self($crate::$($function)::+($($arg,)? time)?))
        }
    };
    (
        $($function:ident)::+, checked, $doc:literal
        $(, $arg:ident : $($arg_type:ident)::+)?
    ) => {
        #[doc = $doc]
        ///
        /// `time` is a `SystemTime`, or a `DateTime<Utc>` with the `chrono` feature.
        ///
        /// # Errors
        ///
        /// The format's out-of-range error for a time outside the format's span, or the
        /// type's check, when it refuses the new id.
        #[inline]
        pub fn at(
            $($arg: $crate::$($arg_type)::+,)?
            time: impl $crate::__private::core::convert::Into<$crate::__private::SystemTime>,
        ) -> $crate::__private::core::result::Result<Self, $crate::Error> {
            <Self as $crate::TypedId>::try_from_inner($crate::$($function)::+($($arg,)? time)?)
        }
    };
}

#[cfg(not(all(feature = "std", idtypes_host)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_at {
    ($($tokens:tt)*) => {};
}

/// `next_from(&generator)` and `try_next_from(&generator)` for a generator `$module::$generator<C>`
/// whose `next` returns the id (and panics where `try_next` fails) (with the generators:
/// `std`, on a target with a host clock).
#[cfg(all(feature = "std", idtypes_host))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_next_from {
    ($module:ident :: $generator:ident, unchecked) => {
        /// The next id from `generator`.
        ///
        /// # Panics
        ///
        /// When the generator does (see its `next`): it cannot make another id. Use
        /// `try_next_from` to get the error instead.
        #[inline]
        pub fn next_from<C: $crate::Clock>(generator: &$crate::$module::$generator<C>) -> Self {
            Self(generator.next())
        }

        /// The next id from `generator`, or the generator's error: its timestamps are used
        /// up, its fixed id belongs to a parent process, or its lease has run out.
        ///
        /// # Errors
        ///
        /// The generator's `try_next` error.
        #[inline]
        pub fn try_next_from<C: $crate::Clock>(
            generator: &$crate::$module::$generator<C>,
        ) -> $crate::__private::core::result::Result<Self, $crate::Error> {
            $crate::__private::core::result::Result::Ok(Self(generator.try_next()?))
        }
    };
    ($module:ident :: $generator:ident, checked) => {
        /// The next id from `generator`.
        ///
        /// # Panics
        ///
        /// When the generator does (see its `next`): it cannot make another id. Use
        /// `try_next_from` to get the error instead.
        ///
        /// # Errors
        ///
        /// The type's check, when it refuses the new id.
        #[inline]
        pub fn next_from<C: $crate::Clock>(
            generator: &$crate::$module::$generator<C>,
        ) -> $crate::__private::core::result::Result<Self, $crate::Error> {
            <Self as $crate::TypedId>::try_from_inner(generator.next())
        }

        /// The next id from `generator`, or the generator's error: its timestamps are used
        /// up, its fixed id belongs to a parent process, or its lease has run out.
        ///
        /// # Errors
        ///
        /// The generator's `try_next` error, or the type's check, when it refuses the new id.
        #[inline]
        pub fn try_next_from<C: $crate::Clock>(
            generator: &$crate::$module::$generator<C>,
        ) -> $crate::__private::core::result::Result<Self, $crate::Error> {
            <Self as $crate::TypedId>::try_from_inner(generator.try_next()?)
        }
    };
}

#[cfg(not(all(feature = "std", idtypes_host)))]
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_next_from {
    ($($tokens:tt)*) => {};
}
