//! A Snowflake's text: the decimal number, strictly (no sign, no leading zeros, at most
//! 2^63 - 1), encoded on the stack; and the text as schemas state it.

use super::{FORMAT, Snowflake};
use crate::{Error, IdText, codec::decimal63, text::schema::TextSchema};

/// The text as schemas state it. Its pattern is `^(0|[1-9][0-9]{0,18})$` held to
/// 9223372036854775807, so that it accepts exactly what `parse` does.
pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: decimal63::PATTERN,
    min_len: 1,
    max_len: Snowflake::TEXT_LEN,
    description: "A Snowflake id (the 64-bit layout of Twitter and Discord: a zero bit, 41-bit \
                  milliseconds since the service's epoch, a 10-bit worker id, a 12-bit \
                  sequence) as a decimal number: 1 to 19 digits, without sign or leading \
                  zeros, at most `9223372036854775807` (2^63 - 1). Compare Snowflakes as \
                  numbers: their texts do not sort like them.",
    example: "175928847299117063",
    words: "1 to 19 decimal digits",
    // No specification: Twitter's layout, which Discord and others took with epochs of their own.
    spec_url: None,
};

impl Snowflake {
    /// The length of the longest text, in bytes: 19 (`9223372036854775807`). Shorter
    /// numbers have shorter texts, down to `0`.
    pub const TEXT_LEN: usize = decimal63::TEXT_LEN;

    /// Parses the decimal text: 1 to 19 ASCII digits, no sign, no leading zeros (but `0`
    /// itself), at most `9223372036854775807`.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Length`](crate::ErrorKind::Length) for an empty text or one of more than
    ///   19 bytes;
    /// - [`ErrorKind::Character`](crate::ErrorKind::Character) for anything but a digit (a
    ///   sign, a space), at its position;
    /// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for a leading zero, at byte 0;
    /// - [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) above 2^63 - 1, at the first digit
    ///   that makes it so.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Snowflake};
    ///
    /// assert_eq!(Snowflake::parse("175928847299117063")?.to_u64(), 175928847299117063);
    /// let err = Snowflake::parse("+1").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(0)));
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid Snowflake: unexpected character '+' at byte 0, expected one of `0123456789`"
    /// );
    /// let err = Snowflake::parse("9223372036854775808").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Overflow, Some(18)));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn parse(text: &str) -> Result<Snowflake, Error> {
        Snowflake::parse_ascii(text.as_bytes())
    }

    /// [`parse`](Self::parse) for text given as bytes.
    ///
    /// # Errors
    ///
    /// As [`parse`](Self::parse); a byte that is not valid UTF-8 is reported as U+FFFD.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::Snowflake::parse_ascii(b"42")?.to_u64(), 42);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn parse_ascii(text: &[u8]) -> Result<Snowflake, Error> {
        match decimal63::parse(text) {
            Ok(value) => Ok(Snowflake(value)),
            Err(refusal) => Err(refusal.error(FORMAT)),
        }
    }

    /// The decimal text, on the stack: as many digits as the number has (1 to 19).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowflake;
    ///
    /// assert_eq!(Snowflake::from_u64(175928847299117063).encode(), "175928847299117063");
    /// assert_eq!(Snowflake::MIN.encode(), "0");
    /// assert_eq!(Snowflake::MAX.encode().len(), Snowflake::TEXT_LEN);
    /// ```
    #[inline]
    pub const fn encode(self) -> IdText<19> {
        decimal63::encode(self.0)
    }

    /// The decimal text in a new `String`: what `format!("{id}")` and `ToString` give,
    /// without the formatting machinery (this method, found before `ToString`'s, makes no
    /// `Formatter` and allocates once): the number's text made as `u64`'s own `to_string`
    /// makes it.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Snowflake;
    ///
    /// let id = Snowflake::from_u64(175928847299117063);
    /// assert_eq!(id.to_string(), "175928847299117063");
    /// assert_eq!(id.to_string(), format!("{id}"));
    /// ```
    #[cfg(feature = "alloc")]
    #[allow(
        clippy::inherent_to_string_shadow_display,
        reason = "the same text as `Display`, without the formatting machinery"
    )]
    #[inline]
    pub fn to_string(&self) -> alloc::string::String {
        decimal63::to_string(self.0)
    }
}

crate::text::traits::text_traits!(Snowflake, encode);
