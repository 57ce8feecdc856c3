//! The trait impls every format repeats, written once: the text traits (`text_traits!`) and
//! the conversions to and from a raw form (`convert!`).

/// `FromStr` and `TryFrom<&str>` (through the type's `parse`), `Display` (the text, padded)
/// and `Debug` (`Name(text)`) for the format `$ty`, whose method `$text` gives its text (an
/// [`IdText`](crate::IdText) or a `&str`).
///
/// With `alternate = $alternate`, `{:#}` writes the text `$alternate` gives instead, and so
/// does `Debug`. Attributes before the type (docs) go on the `Display` impl.
macro_rules! text_traits {
    ($(#[$display:meta])* $ty:ident, $text:ident) => {
        $crate::text::traits::text_traits!(@parse $ty);

        $(#[$display])*
        impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.pad(&self.$text())
            }
        }

        impl core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($ty), "({})"), &*self.$text())
            }
        }
    };
    ($(#[$display:meta])* $ty:ident, $text:ident, alternate = $alternate:ident) => {
        $crate::text::traits::text_traits!(@parse $ty);

        $(#[$display])*
        impl core::fmt::Display for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                if f.alternate() {
                    f.pad(&self.$alternate())
                } else {
                    f.pad(&self.$text())
                }
            }
        }

        impl core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                write!(f, concat!(stringify!($ty), "({})"), &*self.$alternate())
            }
        }
    };
    (@parse $ty:ident) => {
        impl core::str::FromStr for $ty {
            type Err = $crate::Error;

            #[inline]
            fn from_str(text: &str) -> Result<$ty, $crate::Error> {
                $ty::parse(text)
            }
        }

        impl TryFrom<&str> for $ty {
            type Error = $crate::Error;

            #[inline]
            fn try_from(text: &str) -> Result<$ty, $crate::Error> {
                $ty::parse(text)
            }
        }
    };
}

/// Conversions between the format `$ty` and a raw form `$raw`: `From<$ty> for $raw` through the
/// method `$to`, and back through `$from`, either `From` (an infallible `fn($raw) -> $ty`) or,
/// after `try`, `TryFrom` (a `fn($raw) -> Result<$ty, Error>`).
macro_rules! convert {
    ($ty:ident, $raw:ty, $to:ident, $from:ident) => {
        $crate::text::traits::convert!(@to $ty, $raw, $to);

        impl From<$raw> for $ty {
            fn from(raw: $raw) -> $ty {
                $ty::$from(raw)
            }
        }
    };
    ($ty:ident, $raw:ty, $to:ident, try $from:ident) => {
        $crate::text::traits::convert!(@to $ty, $raw, $to);

        impl TryFrom<$raw> for $ty {
            type Error = $crate::Error;

            fn try_from(raw: $raw) -> Result<$ty, $crate::Error> {
                $ty::$from(raw)
            }
        }
    };
    (@to $ty:ident, $raw:ty, $to:ident) => {
        impl From<$ty> for $raw {
            fn from(id: $ty) -> $raw {
                id.$to()
            }
        }
    };
}

pub(crate) use {convert, text_traits};
