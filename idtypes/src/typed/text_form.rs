//! A typed id's text form: how the id inside reads and writes after the prefix. The inner
//! format's own text ([`TextForm::FORMAT`]) for every typed id but the ones that choose
//! another: a typed UUID with `#[idtype(text = "hyphenated")]`
//! ([`HYPHENATED`](crate::uuids::HYPHENATED_TEXT)).
//!
//! It is data, not a trait: the derive writes which form a type has
//! ([`TypedId::TEXT`](super::TypedId)), and the generic functions of `support.rs`, the serde
//! and schema integrations read it. The functions it holds are known at compile time for each
//! type, so calls through them are direct calls once compiled.

use core::fmt;

use super::format::sealed::Sealed;
use crate::{Error, IdFormat, text::schema::TextSchema};

/// How a typed id's inner id reads and writes as text (after the prefix and separator).
///
/// Not public API: the derive names it through `idtypes::__private`.
#[doc(hidden)]
pub struct TextForm<T> {
    /// The length in bytes of the longest text `parse` accepts.
    pub(crate) max_parse_len: usize,
    /// The length in bytes of the longest text `write` writes.
    pub(crate) max_text_len: usize,
    /// The text as schemas state it.
    #[cfg_attr(
        not(any(feature = "schemars", feature = "utoipa", feature = "utoipa6")),
        allow(dead_code, reason = "read by the schema integrations only")
    )]
    pub(crate) schema: TextSchema,
    /// Parses the text, saying what is wrong and where.
    pub(crate) parse: fn(&str) -> Result<T, Error>,
    /// The id `text[start..]` spells, or `None` for any text `parse` refuses; builds no error.
    pub(crate) parse_valid: fn(&str, usize) -> Option<T>,
    /// Writes the text, or with `alternate` (`{:#}`) the form's second display form, if any.
    pub(crate) write: fn(&T, bool, &mut dyn fmt::Write) -> fmt::Result,
}

impl<T: IdFormat> TextForm<T> {
    /// The inner format's own text: what [`IdFormat::parse_text`] reads and
    /// [`IdFormat::encode`] writes.
    pub const FORMAT: TextForm<T> = TextForm {
        max_parse_len: <T as Sealed>::MAX_PARSE_LEN,
        max_text_len: <T as IdFormat>::MAX_TEXT_LEN,
        schema: <T as Sealed>::TEXT_SCHEMA,
        parse: <T as IdFormat>::parse_text,
        parse_valid: <T as Sealed>::parse_valid,
        write: <T as Sealed>::write_text,
    };
}

impl<T> Clone for TextForm<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for TextForm<T> {}

impl<T> fmt::Debug for TextForm<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("TextForm")
            .field("max_parse_len", &self.max_parse_len)
            .field("max_text_len", &self.max_text_len)
            .field("example", &self.schema.example)
            .finish_non_exhaustive()
    }
}
