//! A typed id's text form: how the id inside reads and writes after the prefix. The inner
//! format's own text ([`TextForm::FORMAT`]) for every typed id but the ones that choose
//! another: a typed UUID with `#[idtype(text = "hyphenated")]`
//! ([`HYPHENATED`](crate::uuids::HYPHENATED_TEXT)).
//!
//! It is data, not a trait: the derive writes which form a type has
//! ([`TypedId::TEXT`](super::TypedId)), and the generic functions of `support.rs`, the serde
//! and schema integrations read it. The format's own text is read and written by direct calls
//! (`encode`), as before there was a choice (function pointers there cost a typed id's JSON 13
//! to 15 ns); another text's functions are known at compile time for each type.

use core::fmt;

use super::format::sealed::Sealed;
use crate::{Error, IdFormat, text::schema::TextSchema};

/// How a typed id's inner id reads and writes as text (after the prefix and separator): the
/// inner format's own text, or another the type chose.
///
/// Not public API: the derive names it through `idtypes::__private`.
#[doc(hidden)]
pub struct TextForm<T> {
    /// `None` for the format's own text, which is read and written by direct calls (no
    /// function pointer on the path of every typed id); the other text's functions else.
    other: Option<OtherText<T>>,
}

/// A text other than the format's own, as functions.
#[doc(hidden)]
pub struct OtherText<T> {
    /// The length in bytes of the longest text `parse` accepts.
    pub(crate) max_parse_len: usize,
    /// The length in bytes of the longest text `write` writes.
    pub(crate) max_text_len: usize,
    /// The text as schemas state it.
    #[cfg_attr(
        not(any(
            feature = "schemars",
            feature = "utoipa",
            feature = "utoipa6",
            feature = "async-graphql"
        )),
        allow(dead_code, reason = "read by the schema integrations only")
    )]
    pub(crate) schema: TextSchema,
    /// Parses the text, saying what is wrong and where.
    pub(crate) parse: fn(&str) -> Result<T, Error>,
    /// The id `text[start..]` spells, or `None` for any text `parse` refuses; builds no error.
    pub(crate) parse_valid: fn(&str, usize) -> Option<T>,
    /// Writes the text (the alternate flag, `{:#}`, is the text's to use or not).
    pub(crate) write: fn(&T, bool, &mut dyn fmt::Write) -> fmt::Result,
}

impl<T> TextForm<T> {
    /// A text other than the format's own.
    #[cfg_attr(
        not(feature = "uuid"),
        allow(dead_code, reason = "a UUID's hyphenated text")
    )]
    pub(crate) const fn other(other: OtherText<T>) -> TextForm<T> {
        TextForm { other: Some(other) }
    }
}

impl<T: IdFormat> TextForm<T> {
    /// The inner format's own text: what [`IdFormat::parse_text`] reads and
    /// [`IdFormat::encode`] writes.
    pub const FORMAT: TextForm<T> = TextForm { other: None };

    /// The length in bytes of the longest text [`parse`](TextForm::parse) accepts.
    #[inline(always)]
    pub(crate) const fn max_parse_len(self) -> usize {
        match self.other {
            None => <T as Sealed>::MAX_PARSE_LEN,
            Some(other) => other.max_parse_len,
        }
    }

    /// The length in bytes of the longest text [`write`](TextForm::write) writes.
    #[cfg_attr(
        not(feature = "sea-orm"),
        allow(dead_code, reason = "SeaORM's text columns read it")
    )]
    #[inline(always)]
    pub(crate) const fn max_text_len(self) -> usize {
        match self.other {
            None => <T as IdFormat>::MAX_TEXT_LEN,
            Some(other) => other.max_text_len,
        }
    }

    /// The text as schemas state it.
    #[cfg_attr(
        not(any(
            feature = "schemars",
            feature = "utoipa",
            feature = "utoipa6",
            feature = "async-graphql"
        )),
        allow(dead_code, reason = "read by the schema integrations only")
    )]
    pub(crate) const fn schema(self) -> TextSchema {
        match self.other {
            None => <T as Sealed>::TEXT_SCHEMA,
            Some(other) => other.schema,
        }
    }

    /// Parses the text, saying what is wrong and where.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn parse(self, text: &str) -> Result<T, Error> {
        match self.other {
            None => <T as IdFormat>::parse_text(text),
            Some(other) => (other.parse)(text),
        }
    }

    /// The id `text[start..]` spells, or `None` for any text [`parse`](TextForm::parse)
    /// refuses; builds no error.
    #[cfg_attr(not(debug_assertions), inline(always))]
    #[cfg_attr(debug_assertions, inline)]
    pub(crate) fn parse_valid(self, text: &str, start: usize) -> Option<T> {
        match self.other {
            None => <T as Sealed>::parse_valid(text, start),
            Some(other) => (other.parse_valid)(text, start),
        }
    }

    /// Writes the text, or with `alternate` (`{:#}`) the format's second display form (a
    /// TimeId's dashes).
    #[inline]
    pub(crate) fn write(self, id: &T, alternate: bool, out: &mut impl fmt::Write) -> fmt::Result {
        match self.other {
            None if alternate => <T as Sealed>::write_text(id, true, out),
            None => out.write_str(&IdFormat::encode(id)),
            Some(other) => (other.write)(id, alternate, out),
        }
    }
}

impl<T> Clone for TextForm<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for TextForm<T> {}

impl<T> Clone for OtherText<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for OtherText<T> {}

impl<T> fmt::Debug for TextForm<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.other {
            None => f.write_str("TextForm::FORMAT"),
            Some(other) => f
                .debug_struct("TextForm")
                .field("max_parse_len", &other.max_parse_len)
                .field("example", &other.schema.example)
                .finish_non_exhaustive(),
        }
    }
}
