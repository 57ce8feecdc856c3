//! The raw forms of the fixed-size formats in serde's data model: an integer (`u64`, `i64`)
//! or a byte array of any size (a TBSL's 10 bytes, a ULID's 16): a new format's raw form is
//! one of these, with nothing to add here.

use serde::{
    Deserializer, Serializer,
    de::{self, Visitor},
};

use crate::{FixedSizeFormat, typed::format::sealed::Sealed as Facts};

/// A raw form in serde's data model.
pub(super) trait RawForm: Sized {
    /// Writes what the raw form is, after "as" in the expecting message.
    fn expecting(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result;

    /// Whether the raw form is an integer: an integer out of its range is then the wrong
    /// value, not the wrong type.
    const INTEGER: bool;

    fn serialize_raw<S: Serializer>(self, serializer: S) -> Result<S::Ok, S::Error>;

    fn deserialize_raw<'de, D: Deserializer<'de>, V: Visitor<'de>>(
        deserializer: D,
        visitor: V,
    ) -> Result<V::Value, D::Error>;

    /// The id of `T` (whose raw form this is) that a byte string holds: its raw bytes where
    /// the raw form is bytes, else its text, in ASCII.
    fn from_byte_string<T: FixedSizeFormat<Raw = Self> + Facts>(
        bytes: &[u8],
    ) -> Result<T, crate::Error>;

    /// The raw form an unsigned integer is, if any.
    fn from_u64(_: u64) -> Option<Self> {
        None
    }

    /// The raw form a signed integer is, if any.
    fn from_i64(_: i64) -> Option<Self> {
        None
    }

    /// The raw form a sequence holds, or `None` when a sequence is not one.
    fn from_seq<'de, A: de::SeqAccess<'de>>(
        _: A,
        _: &dyn de::Expected,
    ) -> Result<Option<Self>, A::Error> {
        Ok(None)
    }
}

/// The integer raw forms: `$int`, `$expecting` in messages, written by `$serialize` and read
/// by `$deserialize`; any integer in `$int`'s range is one.
macro_rules! integer_raw {
    ($($int:ty: $expecting:literal, $serialize:ident, $deserialize:ident;)*) => {$(
        impl RawForm for $int {
            const INTEGER: bool = true;

            fn expecting(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str($expecting)
            }

            fn serialize_raw<S: Serializer>(self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.$serialize(self)
            }

            fn deserialize_raw<'de, D: Deserializer<'de>, V: Visitor<'de>>(
                deserializer: D,
                visitor: V,
            ) -> Result<V::Value, D::Error> {
                deserializer.$deserialize(visitor)
            }

            fn from_byte_string<T: FixedSizeFormat<Raw = $int> + Facts>(
                bytes: &[u8],
            ) -> Result<T, crate::Error> {
                T::parse_ascii(bytes)
            }

            fn from_u64(value: u64) -> Option<$int> {
                <$int>::try_from(value).ok()
            }

            fn from_i64(value: i64) -> Option<$int> {
                <$int>::try_from(value).ok()
            }
        }
    )*};
}

integer_raw! {
    u64: "a u64", serialize_u64, deserialize_u64;
    i64: "an i64", serialize_i64, deserialize_i64;
}

/// The byte-array raw forms, of any size `N` (a TBSL's 10 bytes, an ObjectId's 12, a ULID's or
/// a UUID's 16, a KSUID's 20).
impl<const N: usize> RawForm for [u8; N] {
    const INTEGER: bool = false;

    fn expecting(f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{N} bytes")
    }

    fn serialize_raw<S: Serializer>(self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_bytes(&self)
    }

    fn deserialize_raw<'de, D: Deserializer<'de>, V: Visitor<'de>>(
        deserializer: D,
        visitor: V,
    ) -> Result<V::Value, D::Error> {
        deserializer.deserialize_bytes(visitor)
    }

    fn from_byte_string<T: FixedSizeFormat<Raw = [u8; N]> + Facts>(
        bytes: &[u8],
    ) -> Result<T, crate::Error> {
        match <[u8; N]>::try_from(bytes) {
            Ok(raw) => T::try_from_raw(raw),
            Err(_) => Err(byte_length(T::NAME, N, bytes.len())),
        }
    }

    fn from_seq<'de, A: de::SeqAccess<'de>>(
        mut seq: A,
        expected: &dyn de::Expected,
    ) -> Result<Option<Self>, A::Error> {
        let mut bytes = [0u8; N];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(i, expected))?;
        }
        if seq.next_element::<u8>()?.is_some() {
            return Err(de::Error::invalid_length(N + 1, expected));
        }
        Ok(Some(bytes))
    }
}

/// The error for `found` bytes where `format`'s raw form is `expected` bytes: out of line, so
/// that reading the bytes stays short.
#[cold]
fn byte_length(format: &'static str, expected: usize, found: usize) -> crate::Error {
    crate::Error::new(format, crate::error::Repr::ByteLength { expected, found })
}
