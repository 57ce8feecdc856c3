//! Text input and output: exactly the crate's `parse` and `Display`.

use core::ffi::CStr;
use std::ffi::CString;

use idtypes::FixedSizeFormat;

use crate::report::Refusal;

/// The id a text spells, as the crate's `FromStr` reads it; its error otherwise (22P02).
pub(crate) fn parse<F: FixedSizeFormat>(text: &CStr) -> Result<F, Refusal> {
    match text.to_str() {
        Ok(text) => F::parse_text(text).map_err(Refusal::text),
        // Not UTF-8: the crate refuses the first character that is not of the format where
        // it stands (the bytes that are not UTF-8 read as U+FFFD).
        Err(_) => F::parse_text(&String::from_utf8_lossy(text.to_bytes())).map_err(Refusal::text),
    }
}

/// The id's text, as its `Display` writes it, for an output function.
pub(crate) fn write<F: FixedSizeFormat>(id: F) -> CString {
    // An id's text is ASCII: no NUL in it.
    CString::new(id.encode().as_bytes()).unwrap_or_default()
}
