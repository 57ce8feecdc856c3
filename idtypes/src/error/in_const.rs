//! What `const` code needs of errors: taking a result apart without dropping its error
//! ([`split`]), the `unwrap_const!` macro behind compile-time literals, and decoding the
//! character an error points at.

use super::*;

/// A result whose error is set aside from drop glue, for `const` code: with `alloc` an
/// [`Error`] may own heap memory (`Repr::OutOfLine`), and `const` code may not drop such a
/// type, not even an `Ok` whose error type has drop glue.
///
/// Every error this crate's `const` functions return is inline (the out-of-line kinds are
/// made by functions that are not `const`), so forgetting one loses no memory.
pub(crate) const fn split<T>(
    result: Result<T, Error>,
) -> Result<T, core::mem::ManuallyDrop<Error>> {
    let result = core::mem::ManuallyDrop::new(result);
    let place =
        &result as *const core::mem::ManuallyDrop<Result<T, Error>> as *const Result<T, Error>;
    // SAFETY: `ManuallyDrop<X>` has the layout of `X`, so `place` points at the initialised
    // result; exactly one of its fields is read out, once, and `result` is never used or
    // dropped again, so nothing is duplicated.
    unsafe {
        match &*place {
            Ok(value) => Ok(core::ptr::read(value)),
            Err(err) => Err(core::mem::ManuallyDrop::new(core::ptr::read(err))),
        }
    }
}

/// The value of a `Result` of this crate's `const` functions, or a compile error naming the
/// kind of mistake: what `unwrap_const!` runs.
#[doc(hidden)]
pub const fn unwrap_const<T: Copy>(result: Result<T, Error>) -> T {
    match split(result) {
        Ok(value) => value,
        Err(err) => match core::mem::ManuallyDrop::into_inner(err).kind() {
            ErrorKind::Length => panic!("invalid id: the text has the wrong length"),
            ErrorKind::Character => panic!("invalid id: a character outside the format's alphabet"),
            ErrorKind::Overflow => panic!("invalid id: the value is out of the format's range"),
            ErrorKind::OutOfRange => panic!("invalid id: a part is out of its range"),
            ErrorKind::Reserved => panic!("invalid id: the value is reserved"),
            ErrorKind::Syntax => panic!("invalid id: the text breaks the format's syntax"),
            _ => panic!("invalid id"),
        },
    }
}

/// The value of a `Result<T, idtypes::Error>` from one of this crate's `const` functions,
/// evaluated at compile time: an invalid value is a compile error.
///
/// `const` code cannot `match` such a result itself: with `alloc`, an [`Error`] may own a
/// typed id validator's error, and `const` code may not drop a type that can own memory. This
/// macro does the match where it is allowed. For TIDs, `tid!` reads a literal directly.
///
/// # Examples
///
/// ```
/// use idtypes::{Tid, TimeId, unwrap_const};
/// use idtypes::time_id::NodeId;
///
/// const KNOWN: Tid = unwrap_const!(Tid::parse_const("3jzfcijpj2z2a"));
/// const NODE: NodeId = unwrap_const!(NodeId::new(42));
/// const EPOCH: TimeId = unwrap_const!(TimeId::from_parts(0, NODE));
/// assert_eq!(KNOWN.clock_id(), 6);
/// assert_eq!(EPOCH.node(), NODE);
/// ```
///
/// An invalid value does not compile:
///
/// ```compile_fail
/// const BAD: idtypes::Tid = idtypes::unwrap_const!(idtypes::Tid::parse_const("3jzf"));
/// ```
#[macro_export]
macro_rules! unwrap_const {
    ($result:expr $(,)?) => {
        const { $crate::__private::unwrap_const($result) }
    };
}

/// Decodes the character that starts at byte `i` of `bytes`, for error messages (the `found`
/// of [`Repr::Character`] and [`Repr::Overflow`]).
///
/// Text formats here are ASCII, so the first rejected byte always starts a character. Bytes
/// that are not valid UTF-8 (input given as raw bytes) give U+FFFD.
pub(crate) const fn char_at(bytes: &[u8], i: usize) -> char {
    if i >= bytes.len() {
        return char::REPLACEMENT_CHARACTER;
    }
    let b0 = bytes[i];
    let (len, init) = match b0 {
        0x00..=0x7F => return b0 as char,
        0xC2..=0xDF => (2, (b0 & 0x1F) as u32),
        0xE0..=0xEF => (3, (b0 & 0x0F) as u32),
        0xF0..=0xF4 => (4, (b0 & 0x07) as u32),
        _ => return char::REPLACEMENT_CHARACTER,
    };
    if i + len > bytes.len() {
        return char::REPLACEMENT_CHARACTER;
    }
    let mut code = init;
    let mut k = 1;
    while k < len {
        let b = bytes[i + k];
        if b & 0xC0 != 0x80 {
            return char::REPLACEMENT_CHARACTER;
        }
        code = (code << 6) | (b & 0x3F) as u32;
        k += 1;
    }
    match char::from_u32(code) {
        Some(c) => c,
        None => char::REPLACEMENT_CHARACTER,
    }
}
