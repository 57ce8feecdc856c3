//! Text input and output: exactly the crate's `parse` and `Display`.

use core::ffi::CStr;
use std::borrow::Cow;
use std::ffi::CString;

use idtypes::FixedSizeFormat;

use crate::report::Refusal;

/// The id a text spells, as the crate's `FromStr` reads it; its error otherwise (22P02).
pub(crate) fn parse<F: FixedSizeFormat>(text: &CStr) -> Result<F, Refusal> {
    F::parse_text(&utf8(text)).map_err(Refusal::text)
}

/// An input function's text, as the crate's parsers read it: a text that is not UTF-8 has its
/// bad bytes as U+FFFD, so that the parser refuses the first character that is not of the
/// format where it stands.
pub(crate) fn utf8(text: &CStr) -> Cow<'_, str> {
    String::from_utf8_lossy(text.to_bytes())
}

/// The id's text, as its `Display` writes it, for an output function.
pub(crate) fn write<F: FixedSizeFormat>(id: F) -> CString {
    // An id's text is ASCII: no NUL in it.
    CString::new(id.encode().as_bytes()).unwrap_or_default()
}
