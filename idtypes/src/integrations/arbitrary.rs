//! `arbitrary`: `Arbitrary` for every id type and typed id, to fuzz code that takes ids
//! (cargo-fuzz, libFuzzer). Every value drawn is valid: it prints, and parses back to itself.
//!
//! | type | drawn from |
//! |---|---|
//! | `Tid`, `TimeId`, `Uid11`, `Uid11Xid`, `TsSeqRand`, `FullRand` | 8 bytes, the id's big-endian bytes (every value is an id) |
//! | `Snowish`, `Snowflake` | 8 bytes, the top bit (reserved, 0) cleared |
//! | `Tbsl` | 10 bytes (every value is a TBSL) |
//! | `RecordKey` | a length, 1 to 512, taken from the end of the input as collections take theirs, then a byte per character of `A-Za-z0-9-._~:`; `.` and `..`, the two reserved keys, become `...` |
//! | a typed record key with a `key_type` | a key of that type, made valid: a TID's text, an NSID, the literal itself |
//! | a typed id | the inner id, drawn again while the type's checks refuse it, up to `DRAWS` (16) draws in all; then `arbitrary::Error::IncorrectFormat` |

use alloc::string::String;

use arbitrary::{Arbitrary, Error, Result, Unstructured};

use crate::{
    FixedSizeFormat, RecordKey, Tid, TypedId,
    record_key::{RecordKeyType, typed::TypedRecordKey},
    typed::format::sealed::Sealed as Facts,
};

/// How many inner values a typed id draws before it gives up on checks that refuse them all.
pub(crate) const DRAWS: usize = 16;

/// A fixed-size id from as many bytes as its own (zeros once the input has run out), any of
/// which make an id ([`Sealed::from_any_bytes`](Facts::from_any_bytes): a snowish id's
/// reserved bit is cleared).
fn from_any_bytes<T: FixedSizeFormat + Facts>(u: &mut Unstructured<'_>) -> Result<T> {
    let mut buffer = [0u8; 32];
    let bytes = &mut buffer[..core::mem::size_of::<T::Bytes>()];
    u.fill_buffer(bytes)?;
    T::from_any_bytes(bytes).ok_or(Error::IncorrectFormat)
}

/// `Arbitrary` for the fixed-size format `$ty`, and `Draw`: a typed id over it draws it as
/// itself.
macro_rules! fixed {
    ($ty:ident) => {
        impl<'a> Arbitrary<'a> for crate::$ty {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                from_any_bytes(u)
            }

            fn size_hint(_depth: usize) -> (usize, Option<usize>) {
                let len = core::mem::size_of::<<crate::$ty as FixedSizeFormat>::Bytes>();
                (len, Some(len))
            }
        }

        impl<T> Draw<T> for crate::$ty {
            fn draw(u: &mut Unstructured<'_>) -> Result<Self> {
                <crate::$ty as Arbitrary>::arbitrary(u)
            }

            fn draw_size_hint(depth: usize) -> (usize, Option<usize>) {
                <crate::$ty as Arbitrary>::size_hint(depth)
            }
        }
    };
}

crate::formats::for_each_fixed_format!(fixed);

/// A text row's id: a length between its shortest and longest text (taken from the end of the
/// input, as collections take theirs), then a byte per character, which
/// [`Sealed::from_any_bytes`](Facts::from_any_bytes) reads as a symbol (zeros once the input
/// has run out).
fn text_row<T: crate::IdFormat>(u: &mut Unstructured<'_>) -> Result<T> {
    let (min, max) = (T::TEXT_SCHEMA.min_len, T::MAX_TEXT_LEN);
    let len = if min == max {
        min
    } else {
        u.int_in_range(min..=max)?
    };
    let mut buffer = [0u8; TEXT_ROW_CAPACITY];
    let bytes = buffer.get_mut(..len).ok_or(Error::IncorrectFormat)?;
    u.fill_buffer(bytes)?;
    T::from_any_bytes(bytes).ok_or(Error::IncorrectFormat)
}

/// The longest text row id `arbitrary` draws (a NanoID's longest).
const TEXT_ROW_CAPACITY: usize = crate::nanoid::MAX_LEN;

/// `Arbitrary` and `Draw` for the text row `$ty`.
macro_rules! text_row {
    ([$($generics:tt)*] $ty:ty) => {
        impl<'a, $($generics)*> Arbitrary<'a> for $ty {
            fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
                text_row(u)
            }

            fn size_hint(_depth: usize) -> (usize, Option<usize>) {
                let (min, max) = (
                    <$ty as Facts>::TEXT_SCHEMA.min_len,
                    <$ty as crate::IdFormat>::MAX_TEXT_LEN,
                );
                // A length to draw takes up to 8 bytes more.
                (min, Some(if min == max { max } else { max + 8 }))
            }
        }

        impl<T, $($generics)*> Draw<T> for $ty {
            fn draw(u: &mut Unstructured<'_>) -> Result<Self> {
                <$ty as Arbitrary>::arbitrary(u)
            }

            fn draw_size_hint(depth: usize) -> (usize, Option<usize>) {
                <$ty as Arbitrary>::size_hint(depth)
            }
        }
    };
}

crate::formats::for_each_text_format!(text_row);

/// A typed id over a `Uuid` draws any 16 bytes (the `uuid` crate's own `arbitrary` feature
/// gives `Uuid` itself its `Arbitrary`).
#[cfg(feature = "uuid")]
impl<T> Draw<T> for uuid::Uuid {
    fn draw(u: &mut Unstructured<'_>) -> Result<Self> {
        from_any_bytes(u)
    }

    fn draw_size_hint(_depth: usize) -> (usize, Option<usize>) {
        (16, Some(16))
    }
}

/// A record key's characters; the first is what an input that has run out gives.
const KEY_ALPHABET: &[u8] = b"aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ0123456789-._~:";

impl<'a> Arbitrary<'a> for RecordKey {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Self> {
        let len = u.arbitrary_len::<u8>()?.clamp(1, RecordKey::MAX_LEN);
        let mut text = String::with_capacity(len);
        for _ in 0..len {
            text.push(char::from(*u.choose(KEY_ALPHABET)?));
        }
        // The only texts of the alphabet that are not keys.
        if text == "." || text == ".." {
            text = String::from("...");
        }
        RecordKey::parse(&text).map_err(|_| Error::IncorrectFormat)
    }

    /// At least a character; at most the longest key and two bytes of its length.
    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(RecordKey::MAX_LEN + 2))
    }
}

/// How a typed id's inner value is drawn (the typed id `T` says how for record keys: by its
/// record key type). Not public API.
#[doc(hidden)]
pub trait Draw<T>: Sized {
    /// A value for `T`'s inner id, valid for its format (and its key type).
    fn draw(u: &mut Unstructured<'_>) -> Result<Self>;

    /// The bytes one draw takes.
    fn draw_size_hint(depth: usize) -> (usize, Option<usize>);
}

/// A typed record key's key is drawn as its key type asks: valid by construction, not by
/// rejection.
impl<T: TypedRecordKey> Draw<T> for RecordKey {
    fn draw(u: &mut Unstructured<'_>) -> Result<Self> {
        match T::key_type() {
            RecordKeyType::Tid => Ok(RecordKey::from(Tid::arbitrary(u)?)),
            RecordKeyType::Nsid => nsid(u),
            RecordKeyType::Literal(key) => Ok(key),
            RecordKeyType::Any => RecordKey::arbitrary(u),
        }
    }

    fn draw_size_hint(depth: usize) -> (usize, Option<usize>) {
        match T::key_type() {
            RecordKeyType::Tid => <Tid as Arbitrary>::size_hint(depth),
            // A byte for the number of segments, one for each one's length, one a character.
            RecordKeyType::Nsid => (0, Some(1 + NSID_MAX_SEGMENTS + NSID_MAX_LEN)),
            RecordKeyType::Literal(_) => (0, Some(0)),
            RecordKeyType::Any => <RecordKey as Arbitrary>::size_hint(depth),
        }
    }
}

/// The longest NSID, in characters.
const NSID_MAX_LEN: usize = 253 + 1 + 63;

/// The most segments a drawn NSID has (the syntax allows more; three make one).
const NSID_MAX_SEGMENTS: usize = 8;

/// An NSID (`com.example.fooBar`): 3 to 8 segments of 1 to 63 characters, at most 317 in
/// all; letters, digits and inner hyphens, the first segment starting with a letter, the last
/// (the name) letters and digits starting with a letter.
fn nsid(u: &mut Unstructured<'_>) -> Result<RecordKey> {
    const ALNUM: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    const LETTERS: &[u8] = ALNUM.split_at(52).0;
    const INNER: &[u8] = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-";
    let segments = u.int_in_range(3..=NSID_MAX_SEGMENTS)?;
    let mut text = String::new();
    for i in 0..segments {
        let name = i + 1 == segments;
        if i > 0 {
            text.push('.');
        }
        // Room for a dot and a character of each segment still to come.
        let room = NSID_MAX_LEN - text.len() - 2 * (segments - i - 1);
        let len = u.int_in_range(1..=room.min(63))?;
        for j in 0..len {
            let set = match (j, name) {
                (0, true) => LETTERS,
                (_, true) => ALNUM,
                (0, false) if i == 0 => LETTERS,
                (0, false) => ALNUM,
                (j, false) if j + 1 == len => ALNUM,
                _ => INNER,
            };
            text.push(char::from(*u.choose(set)?));
        }
    }
    RecordKey::parse(&text).map_err(|_| Error::IncorrectFormat)
}

/// A typed id: its inner id, drawn again while the type's checks refuse it, `DRAWS` (16) times
/// at most; then `IncorrectFormat`, as for any input the fuzzer should not spend time on.
pub fn arbitrary<T: TypedId>(u: &mut Unstructured<'_>) -> Result<T>
where
    T::Inner: Draw<T>,
{
    for _ in 0..DRAWS {
        // Once the input has run out, every draw gives the same value.
        let exhausted = u.is_empty();
        let inner = <T::Inner as Draw<T>>::draw(u)?;
        if let Ok(id) = T::try_from_inner(inner) {
            return Ok(id);
        }
        if exhausted {
            break;
        }
    }
    Err(Error::IncorrectFormat)
}

/// A typed id's size hint: one draw at least, `DRAWS` (16) at most.
pub fn size_hint<T: TypedId>(depth: usize) -> (usize, Option<usize>)
where
    T::Inner: Draw<T>,
{
    let (lower, upper) = <T::Inner as Draw<T>>::draw_size_hint(depth);
    (lower, upper.and_then(|upper| upper.checked_mul(DRAWS)))
}

/// The arbitrary impl of a typed id, which the derive macros write through
/// `idtypes::__private::typed::integrations!`: it forwards to [`arbitrary`] and [`size_hint`].
/// Without the `arbitrary` feature the macro writes nothing (see `integrations/mod.rs`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_arbitrary {
    ($name:ident) => {
        #[automatically_derived]
        impl<'a> $crate::__private::arbitrary::Arbitrary<'a> for $name {
            #[inline]
            fn arbitrary(
                u: &mut $crate::__private::arbitrary::Unstructured<'a>,
            ) -> $crate::__private::arbitrary::Result<Self> {
                $crate::__private::arbitrary::arbitrary::<Self>(u)
            }

            #[inline]
            fn size_hint(
                depth: $crate::__private::usize,
            ) -> (
                $crate::__private::usize,
                $crate::__private::Option<$crate::__private::usize>,
            ) {
                $crate::__private::arbitrary::size_hint::<Self>(depth)
            }
        }
    };
}
