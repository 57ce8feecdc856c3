//! The functions the derive macros' code calls (through `idtypes::__private`): parsing and
//! printing the prefixed text, and running a type's checks. Generic, so that each typed id
//! adds only thin forwarding code to the user's crate.

use core::fmt;

use super::{TypedId, text_form::TextForm};
use crate::{
    Error, IdFormat, IdRange, IdText,
    error::{Repr, Snippet, TypeInfo},
};

/// What errors say of `T`: one `static` per typed id, which its errors point at.
fn type_info<T: TypedId>() -> &'static TypeInfo {
    const {
        &TypeInfo {
            name: T::TYPE_NAME,
            prefix: T::PREFIX,
            separator: T::SEPARATOR,
        }
    }
}

/// Parses `prefix`, `separator`, then the inner format's text.
///
/// Errors, in the order they are looked for: a missing or different prefix, a prefix followed
/// by something other than the separator, a text longer than any of the type's (its prefix,
/// separator and the inner format's longest text, `max_len`), the inner format's own error
/// (positioned in the whole text), then the type's checks. Each is found in time bounded by
/// the type, not by the text: the prefix and separator are looked for in the first
/// `PREFIX_WINDOW` bytes only, and every inner format checks the length before it reads
/// anything (a text too long for the type is one too long for its format).
///
/// In two parts. The text of a valid id takes the inlined fast path: the prefix and separator
/// compared as bytes, the inner format's parse, the type's checks; the `Result` is built in
/// the caller's frame, with the inner id where the caller reads it. Any other text starts over
/// out of line (`parse_refused`), which finds the error and builds it. Out of line as a
/// whole, the function handed back a 64-byte `Result` through memory, written in pieces that
/// the caller read back at other widths and had to wait for (a typed TBSL parse cost 2 to
/// 3 ns more than [`Tbsl::parse`](crate::Tbsl::parse); 15 ns when the `Result` was 128
/// bytes); inlined as one, the error paths joined the valid one and the same happened inside
/// the caller.
///
/// Only in optimized builds (without `debug_assertions`): a debug build, which does not inline
/// for speed, calls one copy per type rather than growing every caller by the parser.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
pub fn parse<T: TypedId>(text: &str) -> Result<T, Error> {
    if let Some(offset) = prefix_end::<T>(text) {
        if let Some(inner) = T::TEXT.parse_valid(text, offset) {
            // A record key type's error points into the key: count from the start of the text.
            return T::try_from_inner(inner).map_err(|err| err.counted_whole(offset));
        }
    }
    parse_refused::<T>(text)
}

/// `parse` of a text whose prefix, separator or inner text is wrong: all of it again, to
/// find which and say so. The reading is [`strip_prefix_slow`] and [`read_refused`], one copy
/// for every typed id (of a format); only the prefix's comparison (with the type's constants:
/// as data, in a shared function, a refused text cost 10 to 25 ns more) and the type's checks
/// are this type's.
#[cold]
#[inline(never)]
fn parse_refused<T: TypedId>(text: &str) -> Result<T, Error> {
    let offset = match prefix_end::<T>(text) {
        Some(offset) => offset,
        None => strip_prefix_slow(text, <T::Inner as IdFormat>::NAME, type_info::<T>())?,
    };
    let inner = read_refused(
        text,
        offset,
        T::TEXT,
        type_info::<T>(),
        const { max_len::<T>() },
    )?;
    T::try_from_inner(inner).map_err(|err| err.counted_whole(offset))
}

/// [`parse`] out of line, where speed does not matter (whether a schema's example parses):
/// the same result, through the path of refused texts, which reads every text in full.
#[cfg(any(
    feature = "schemars",
    feature = "utoipa",
    feature = "utoipa6",
    feature = "async-graphql"
))]
pub(crate) fn parse_out_of_line<T: TypedId>(text: &str) -> Result<T, Error> {
    parse_refused::<T>(text)
}

/// The inner id of [`parse_refused`]'s text, whose inner text starts at `offset`: generic over
/// the inner format only, with the type's facts as arguments (`info`, and `max_len`, the
/// length in bytes of its longest text), so that the typed ids of one format share it.
#[cold]
#[inline(never)]
fn read_refused<I: IdFormat>(
    text: &str,
    offset: usize,
    form: TextForm<I>,
    info: &'static TypeInfo,
    max_len: usize,
) -> Result<I, Error> {
    form.parse(&text[offset..])
        .map_err(|err| inner_error(err, offset, max_len, I::NAME, info))
}

/// The inner id of a typed text, and where its inner text starts: the prefix and separator
/// taken off, then the inner format's parse. Generic over the inner format only, with the
/// type's facts as arguments (`info`, and `max_len`, the length in bytes of its longest text),
/// so that the typed ids of one format share it.
#[inline]
fn read_inner_of<I: IdFormat>(
    text: &str,
    form: TextForm<I>,
    info: &'static TypeInfo,
    max_len: usize,
) -> Result<(usize, I), Error> {
    let offset = match prefix_end_of(text, info.prefix, info.separator) {
        Some(offset) => offset,
        None => strip_prefix_slow(text, I::NAME, info)?,
    };
    match form.parse(&text[offset..]) {
        Ok(inner) => Ok((offset, inner)),
        Err(err) => Err(inner_error(err, offset, max_len, I::NAME, info)),
    }
}

/// The length in bytes of the longest text of `T`, a type with a prefix: the prefix, the
/// separator and the inner format's longest text (a TimeId's dashed form included).
const fn max_len<T: TypedId>() -> usize {
    T::PREFIX.len() + T::SEPARATOR.len() + T::TEXT.max_parse_len()
}

/// The inner id after the prefix and separator, and where it starts.
#[inline]
fn read_inner<T: TypedId>(text: &str) -> Result<(usize, T::Inner), Error> {
    read_inner_of(text, T::TEXT, type_info::<T>(), const { max_len::<T>() })
}

/// The error of a typed text whose inner text, at `offset`, the inner format (`name`) refused
/// with `err`: the type's length error if the text is longer than any of the type's
/// (`max_len` bytes), else `err` positioned in the whole text.
///
/// Every format checks the length of its text before anything else, in constant time, so a
/// text too long for the type is one whose inner text its format refuses with a length error
/// that counts it: the type's length error replaces it here, off the path of valid text
/// (checking the length before the inner format cost a typed parse 2 to 4 instructions).
#[cold]
#[inline(never)]
fn inner_error(
    err: Error,
    offset: usize,
    max_len: usize,
    name: &'static str,
    info: &'static TypeInfo,
) -> Error {
    // Without a prefix the text is the inner format's, and so is its length error.
    if !info.prefix.is_empty() {
        if let Some(inner_len) = err.text_length() {
            if offset + inner_len > max_len {
                let found = offset + inner_len;
                return Error::new(
                    name,
                    Repr::TypedLength {
                        max: max_len,
                        found,
                    },
                )
                .within(info);
            }
        }
    }
    err.counted_whole(offset).within(info)
}

/// Where the inner text starts, if `text` starts with the prefix then the separator (the
/// common case, on bytes: both are ASCII).
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn prefix_end<T: TypedId>(text: &str) -> Option<usize> {
    prefix_end_of(text, T::PREFIX, T::SEPARATOR)
}

/// [`prefix_end`] of any prefix and separator: inlined with a type's constants, it compares
/// the bytes against them.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn prefix_end_of(text: &str, prefix: &str, separator: &str) -> Option<usize> {
    if prefix.is_empty() {
        return Some(0);
    }
    let bytes = text.as_bytes();
    let head = prefix.len() + separator.len();
    let found = bytes.len() >= head
        && bytes[..prefix.len()] == *prefix.as_bytes()
        && bytes[prefix.len()..head] == *separator.as_bytes();
    found.then_some(head)
}

/// How far into a text a prefix and its separator are looked for: the longest prefix (63
/// bytes) and the longest separator (8). A separator further on ends no prefix, and searching
/// on would take time that grows with the text.
const PREFIX_WINDOW: usize = 63 + 8;

/// Where `separator` first starts within the first `window` bytes of `text` (which it must
/// fit in whole).
fn find_separator(text: &str, separator: &str, window: usize) -> Option<usize> {
    let mut end = text.len().min(window);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text[..end].find(separator)
}

/// Where the inner text starts in a text that does not start with the prefix and separator
/// byte for byte, or the error: which of the prefix and the separator is wrong, and how. Not
/// generic: the type's prefix and separator are `info`'s, its inner format's name is `name`,
/// and every typed id shares this one copy.
#[cold]
#[inline(never)]
fn strip_prefix_slow(
    text: &str,
    name: &'static str,
    info: &'static TypeInfo,
) -> Result<usize, Error> {
    let (prefix, separator) = (info.prefix, info.separator);
    if let Some(rest) = text.strip_prefix(prefix) {
        if rest.starts_with(separator) {
            return Ok(prefix.len() + separator.len());
        }
        // `posts_…` for `post` is another, longer prefix; anything else is a bad separator.
        let window = PREFIX_WINDOW - prefix.len().min(PREFIX_WINDOW);
        let longer = find_separator(rest, separator, window).is_some_and(|at| {
            rest[..at]
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        });
        if !longer {
            let found = rest.chars().next();
            return Err(Error::new(name, Repr::Separator { found }).within(info));
        }
    }
    // What stands where the prefix belongs: up to and including the first separator.
    let found =
        find_separator(text, separator, PREFIX_WINDOW).map(|at| &text[..at + separator.len()]);
    let found = found.map(Snippet::new);
    Err(Error::new(name, Repr::Prefix { found }).within(info))
}

/// Writes the prefixed text. A width or precision (`{:>20}`) applies to the whole of it; the
/// alternate flag (`{:#}`) reaches the inner format (a TimeId's dashed text).
pub fn fmt_display<T: TypedId>(id: &T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    fmt_text(id, f.alternate(), f)
}

/// [`fmt_display`]'s work: [`fmt_prefixed`] with `T`'s facts.
#[inline]
fn fmt_text<T: TypedId>(id: &T, alternate: bool, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    fmt_prefixed(
        id.as_inner(),
        T::TEXT,
        T::PREFIX,
        T::SEPARATOR,
        alternate,
        f,
    )
}

/// Writes a typed id's text from its parts, padded as a whole when `f` has a width or a
/// precision. Generic over the inner format only: a debug build compiles one copy for every
/// typed id of a format; an optimized one inlines it into each type's `Display`, where the
/// prefix and separator are constants again.
#[cfg_attr(not(debug_assertions), inline(always))]
#[cfg_attr(debug_assertions, inline)]
fn fmt_prefixed<I: IdFormat>(
    inner: &I,
    form: TextForm<I>,
    prefix: &str,
    separator: &str,
    alternate: bool,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    if f.width().is_none() && f.precision().is_none() {
        return write_prefixed(inner, form, prefix, separator, alternate, f);
    }
    pad_prefixed(inner, form, prefix, separator, alternate, f)
}

/// `Display` with a width or a precision (`{:>30}`): [`write_prefixed`] padded as a whole,
/// generic over the inner format only and out of line, so that every typed id of a format
/// shares this rare path.
#[inline(never)]
fn pad_prefixed<I: IdFormat>(
    inner: &I,
    form: TextForm<I>,
    prefix: &str,
    separator: &str,
    alternate: bool,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    pad_whole(f, |text| {
        write_prefixed(inner, form, prefix, separator, alternate, text)
    })
}

/// Writes what `write` writes into `f` as one piece, so that `f`'s width and precision apply
/// to the whole of it.
fn pad_whole(
    f: &mut fmt::Formatter<'_>,
    write: impl FnOnce(&mut StackText<600>) -> fmt::Result,
) -> fmt::Result {
    // The longest text: a 63-byte prefix, an 8-byte separator, a 512-byte record key.
    let mut text = StackText::<600>::new();
    write(&mut text)?;
    f.pad(text.as_str())
}

/// The prefixed text of a typed id as a `Display` generic over the inner format only, for the
/// rare writer that takes a `Display` (serde's `collect_str`, for a text too long for the
/// stack): every typed id of a format shares the writer's code.
#[cfg(feature = "serde")]
pub(crate) struct PrefixedText<'a, I> {
    inner: &'a I,
    form: TextForm<I>,
    prefix: &'static str,
    separator: &'static str,
}

#[cfg(feature = "serde")]
impl<'a, I: IdFormat> PrefixedText<'a, I> {
    /// The prefixed text of `inner` in `form`, behind `prefix` and `separator`.
    pub(crate) fn new(
        inner: &'a I,
        form: TextForm<I>,
        prefix: &'static str,
        separator: &'static str,
    ) -> Self {
        PrefixedText {
            inner,
            form,
            prefix,
            separator,
        }
    }
}

#[cfg(feature = "serde")]
impl<I: IdFormat> fmt::Display for PrefixedText<'_, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_prefixed(self.inner, self.form, self.prefix, self.separator, false, f)
    }
}

/// Writes the prefix, the separator (when there is a prefix) and the inner id's text: what
/// `Display` shows and serde writes. Generic over the inner format only; inlined into a
/// type's `Display` or `serialize`, the type's prefix and separator are constants again.
#[inline]
pub(crate) fn write_prefixed<I: IdFormat>(
    inner: &I,
    form: TextForm<I>,
    prefix: &str,
    separator: &str,
    alternate: bool,
    out: &mut impl fmt::Write,
) -> fmt::Result {
    if !prefix.is_empty() {
        out.write_str(prefix)?;
        out.write_str(separator)?;
    }
    form.write(inner, alternate, out)
}

/// `prefix`, `separator` and an encoder's text, on the stack. The derive sizes `N` as the sum of
/// the three lengths, and checked at compile time that `prefix` and `separator` are ASCII (a
/// part that is not is left out here, so that the text stays ASCII whoever calls this).
#[inline]
pub const fn prefixed_text<const N: usize, const M: usize>(
    prefix: &str,
    separator: &str,
    inner: IdText<M>,
) -> IdText<N> {
    debug_assert!(N == prefix.len() + separator.len() + M);
    let mut bytes = [0u8; N];
    let mut at = 0;
    if prefix.is_ascii() && separator.is_ascii() {
        at = copy(&mut bytes, at, prefix.as_bytes());
        at = copy(&mut bytes, at, separator.as_bytes());
    }
    // An `IdText` is ASCII; the inner text may be shorter than `M` (a Snowflake's), and so
    // then is this one.
    let end = copy(&mut bytes, at, inner.as_bytes());
    IdText::from_ascii_prefix(bytes, end)
}

/// Copies `from` into `to` at `at` (as much as fits), and returns where the copy ended.
#[inline(always)]
const fn copy<const N: usize>(to: &mut [u8; N], at: usize, from: &[u8]) -> usize {
    let mut i = 0;
    while i < from.len() && at + i < N {
        to[at + i] = from[i];
        i += 1;
    }
    at + i
}

/// Writes `TypeName(prefixed text)`; flags apply to the text, as derived `Debug` passes them
/// to a field.
pub fn fmt_debug<T: TypedId>(id: &T, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    fmt_debug_of(id.as_inner(), T::TEXT, type_info::<T>(), f)
}

/// [`fmt_debug`], generic over the inner format only, with the type's name, prefix and
/// separator from `info`: one copy for every typed id of a format, out of line (`Debug` is
/// not on the paths that need speed; `Display` and serde keep theirs, [`fmt_text`]).
#[inline(never)]
fn fmt_debug_of<I: IdFormat>(
    inner: &I,
    form: TextForm<I>,
    info: &'static TypeInfo,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    f.write_str(info.name)?;
    f.write_str("(")?;
    // `{:#?}` asks for pretty structure, not the alternate text; as for `Display`, a width
    // or precision applies to the whole prefixed text.
    let (prefix, separator) = (info.prefix, info.separator);
    if f.width().is_none() && f.precision().is_none() {
        write_prefixed(inner, form, prefix, separator, false, f)?;
    } else {
        pad_whole(f, |text| {
            write_prefixed(inner, form, prefix, separator, false, text)
        })?;
    }
    f.write_str(")")
}

/// Runs a type's `validate` function (a path or a closure, written by the user in
/// `#[idtype(validate = ...)]`) on `inner`, and turns its refusal into this crate's error,
/// which keeps the function's own error as its [`source`](core::error::Error::source).
///
/// Taking the function as an `FnOnce` bound (not a trait of this crate's) lets a closure's
/// argument type be inferred, and makes a wrong signature an error that names the expected
/// `fn(&Inner) -> Result<(), E>`.
#[inline]
pub fn validate<T, F, E>(inner: &T::Inner, check: F) -> Result<(), Error>
where
    T: TypedId,
    F: FnOnce(&T::Inner) -> Result<(), E>,
    E: super::ValidationError,
{
    match check(inner) {
        Ok(()) => Ok(()),
        Err(reason) => Err(reason
            .into_error(<T::Inner as IdFormat>::NAME)
            .within(type_info::<T>())),
    }
}

/// Parses the prefixed text without running the type's checks (its `validate` function, a
/// record key's `key_type`): the prefix, the separator and the inner format are still read
/// strictly.
pub fn parse_unchecked<T: TypedId>(text: &str) -> Result<T, Error> {
    let (_, inner) = read_inner::<T>(text)?;
    Ok(T::from_inner_unchecked(inner))
}

/// Parses a stored or received value as the type's [`CheckPolicy`](super::CheckPolicy) for
/// it says: with or without the type's checks.
pub fn parse_as<T: TypedId>(text: &str, policy: super::CheckPolicy) -> Result<T, Error> {
    match policy {
        super::CheckPolicy::Check => parse::<T>(text),
        super::CheckPolicy::Trust => parse_unchecked::<T>(text),
    }
}

/// The error of a stored value that `T`'s inner id refused (a 15-byte UUID), naming `T` as
/// its errors do; an error that names a typed id already is returned as it is.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite",
    feature = "postgres-types",
    feature = "sea-orm",
    feature = "rusqlite",
    feature = "diesel-postgres",
    feature = "diesel-mysql",
    feature = "diesel-sqlite"
))]
pub(crate) fn stored_error<T: TypedId>(error: Error) -> Error {
    match error.type_name() {
        Some(_) => error,
        None => error.within(type_info::<T>()),
    }
}

/// Wraps an inner id read from storage or the wire as the type's policy says.
pub fn from_inner_as<T: TypedId>(inner: T::Inner, policy: super::CheckPolicy) -> Result<T, Error> {
    match policy {
        super::CheckPolicy::Check => T::try_from_inner(inner),
        super::CheckPolicy::Trust => Ok(T::from_inner_unchecked(inner)),
    }
}

/// A format's range as a typed id's range, without running the type's checks: the bounds of a
/// query need not be ids the type would accept.
pub(crate) fn map_range<I: Copy, T: Copy>(range: IdRange<I>, wrap: impl Fn(I) -> T) -> IdRange<T> {
    let (start, end) = range.into_bounds();
    IdRange::new_unchecked(wrap(start), wrap(end))
}

/// A typed id's `range_for_prefix`: `prefix` is the start of the typed text (`post_3jzf`,
/// whose `post_` is taken off) or of the inner text alone (`3jzf`); the inner format's range,
/// typed without the type's checks (bounds are query bounds).
#[inline]
pub fn range_for_prefix<T>(
    prefix: &str,
    inner: impl FnOnce(&str) -> Result<Option<IdRange<T::Inner>>, Error>,
) -> Result<Option<IdRange<T>>, Error>
where
    T: TypedId + Copy,
    T::Inner: Copy,
{
    match inner_range_for_prefix(prefix, inner, type_info::<T>()) {
        Ok(range) => Ok(typed_range(range)),
        Err(err) => Err(err),
    }
}

/// A format's range (from `range_for_micros`, `range_for_prefix`, ...) as a typed id's, without
/// the type's checks: what the typed ranges return. No closure, so that a debug build adds
/// little for each typed id that uses it.
#[inline]
pub fn typed_range<T>(range: Option<IdRange<T::Inner>>) -> Option<IdRange<T>>
where
    T: TypedId + Copy,
    T::Inner: Copy,
{
    match range {
        Some(range) => {
            let (start, end) = range.into_bounds();
            Some(IdRange::new_unchecked(
                T::from_inner_unchecked(start),
                T::from_inner_unchecked(end),
            ))
        }
        None => None,
    }
}

/// [`range_for_prefix`]'s inner range, with the type's prefix and separator from `info`:
/// generic over the inner format's function only, so one copy serves every typed id of a
/// format.
#[inline(never)]
fn inner_range_for_prefix<I>(
    prefix: &str,
    inner: impl FnOnce(&str) -> Result<Option<IdRange<I>>, Error>,
    info: &'static TypeInfo,
) -> Result<Option<IdRange<I>>, Error> {
    let offset = if info.prefix.is_empty() {
        0
    } else {
        let typed = prefix
            .strip_prefix(info.prefix)
            .is_some_and(|rest| rest.starts_with(info.separator));
        if typed {
            info.prefix.len() + info.separator.len()
        } else {
            0
        }
    };
    inner(&prefix[offset..]).map_err(|err| err.counted_whole(offset).within(info))
}

/// Checks a record key against the type's `key_type`.
#[cfg(feature = "alloc")]
pub fn check_key_type<T: TypedId>(
    key_type: &crate::record_key::RecordKeyType,
    key: &crate::RecordKey,
) -> Result<(), Error> {
    key_type
        .check(key)
        .map_err(|err| err.within(type_info::<T>()))
}

/// Up to `N` bytes of text on the stack; writing more fails.
pub(crate) struct StackText<const N: usize> {
    len: usize,
    bytes: [u8; N],
}

impl<const N: usize> StackText<N> {
    pub(crate) const fn new() -> Self {
        StackText {
            len: 0,
            bytes: [0; N],
        }
    }

    pub(crate) fn as_str(&self) -> &str {
        // SAFETY: `bytes[..len]` is UTF-8: it starts empty, and `write_str`, the only writer,
        // appends a whole `str` or nothing. Checking again cost the serde path of typed ids
        // about 50 instructions an id.
        unsafe { core::str::from_utf8_unchecked(&self.bytes[..self.len]) }
    }
}

impl<const N: usize> fmt::Write for StackText<N> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        let end = self.len + text.len();
        if end > N {
            return Err(fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}
