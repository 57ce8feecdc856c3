//! Alphabets and fixed-width codecs shared by the formats.
//!
//! Each codec is `const` and allocation-free; the formats add their own rules (which first
//! symbols are allowed, how many bits a value has) on top.

pub(crate) mod base32_sortable;
pub(crate) mod base58;
pub(crate) mod hex;
