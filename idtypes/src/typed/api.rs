//! The pieces of a typed id's inherent API that several formats share, as `macro_rules!` for
//! the formats' own typed-id macros (`tid/typed.rs`, `uid11/typed.rs`, ...), which the derive
//! macros invoke (`idtypes::__idtypes_typed_tid!`, ...).
//!
//! What a typed id writes per type is only what must be per type: its representation
//! (`Clone`, `Copy`, `Default`, `encode()`, `from_inner` and the `const` accessors). What it
//! does as its format (`now()`, the parts, the ranges) is the format's extension trait
//! (`TypedTid`, ..., written with the pieces of `ext.rs`), implemented once for every typed id
//! of the format; `parse`, `parse_unchecked`, `PREFIX` and `SEPARATOR` are `TypedId`'s.
//!
//! Every path starts at `$crate`, so the user's crate needs no imports and cannot shadow one;
//! what generated code names most is re-exported at `$crate::__private` (`__private::str`,
//! `__private::Result`), so that its paths are short. `checked` or `unchecked` says whether the
//! type has checks (no `Default` then, and a fallible `from_inner`).

/// What every fixed-size format's typed id has: `Clone` and `Copy`, `Default` (the inner
/// `MIN`, for types without checks), `from_inner`, `encode()` (the prefixed text on the
/// stack) and `const` accessors.
///
/// `$prefix` and `$separator` are the text's, both `""` for a type without a prefix.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_fixed {
    ($name:ident, $inner:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        #[automatically_derived]
        impl $crate::__private::Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        #[automatically_derived]
        impl $crate::__private::Copy for $name {}

        $crate::__idtypes_typed_fixed!(@default $name, $inner, $checks);

        impl $name {
            $crate::__idtypes_typed_from_inner!($checks, $crate::$inner);

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

            /// The typed id holding `inner`, without the type's checks: for values known to be good
            /// (see `TypedId::from_inner_unchecked`).
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
        impl $crate::__private::Default for $name {
            #[inline]
            fn default() -> Self {
                Self($crate::$inner::MIN)
            }
        }
    };
}

/// `from_inner`, in a typed id's inherent block: `const` and infallible for a type without
/// checks, a `Result` through [`TypedId::try_from_inner`](crate::TypedId::try_from_inner) for
/// one with checks.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_from_inner {
    (unchecked, $inner:ty) => {
        /// The typed id holding `inner`.
        #[inline]
        pub const fn from_inner(inner: $inner) -> Self {
            Self(inner)
        }
    };
    (checked, $inner:ty) => {
        /// The typed id holding `inner`, once the type's checks accept it.
        ///
        /// # Errors
        ///
        /// The check's error, when it refuses `inner`.
        #[inline]
        pub fn from_inner(inner: $inner) -> $crate::__private::Result<Self, $crate::Error> {
            <Self as $crate::TypedId>::try_from_inner(inner)
        }
    };
}

/// `range_for_prefix`, typed; it accepts the typed text or the inner format's alone. `$vis`
/// is `pub` in a typed UUID's inherent block (TypeID text only) and empty in the formats'
/// extension traits (`TypedTid`, ...), which invoke it too; `$inner` is the path, from the
/// crate root, to what has the format's `range_for_prefix` (`Tid`, `uuids`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_prefix_range {
    ($vis:vis $inner:ident) => {
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
        $vis fn range_for_prefix(
            prefix: &$crate::__private::str,
        ) -> $crate::__private::Result<
            $crate::__private::Option<$crate::IdRange<Self>>,
            $crate::Error,
        > {
            $crate::__private::range_for_prefix::<Self>(prefix, $crate::$inner::range_for_prefix)
        }
    };
}
