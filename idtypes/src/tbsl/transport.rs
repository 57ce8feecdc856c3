//! Alternate transport encodings of a [`Tbsl`]: the 80-bit value in another base.

use core::fmt;

use super::Tbsl;
use crate::{
    Error,
    error::{Lengths, Repr, char_at},
};

/// A base for [`Tbsl::to_base`] and [`Tbsl::from_base`]: the 10 bytes as one big-endian
/// integer, at minimal length (zero is the alphabet's first symbol alone).
///
/// These are transport encodings only: they do not sort, and the canonical text stays the
/// 20 uppercase hex characters.
///
/// | base | alphabet |
/// |---|---|
/// | 10 | `0-9` |
/// | 16 | `0-9a-f` |
/// | 32 | `0-9a-v` |
/// | 36 | `0-9a-z` |
/// | 58 | Bitcoin: `1-9A-HJ-NP-Za-km-z` |
/// | 62 | `0-9A-Za-z` |
///
/// # Examples
///
/// ```
/// use idtypes::Tbsl;
/// use idtypes::tbsl::TransportBase;
///
/// let id: Tbsl = "25BF6196C8D610700001".parse()?;
/// assert_eq!(id.to_base(TransportBase::Base58), "3818S45pyczRN8");
/// assert_eq!(id.to_base(TransportBase::Base62), "tFcxYq1sERALx");
/// assert_eq!(Tbsl::from_base(TransportBase::Base62, "tFcxYq1sERALx")?, id);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TransportBase {
    /// Decimal digits.
    Base10,
    /// Lowercase hexadecimal (unlike the canonical uppercase text).
    Base16,
    /// `0-9a-v`.
    Base32,
    /// `0-9a-z`.
    Base36,
    /// The Bitcoin Base58 alphabet.
    Base58,
    /// `0-9A-Za-z`.
    Base62,
}

const DIGITS_LOWER: &[u8; 36] = b"0123456789abcdefghijklmnopqrstuvwxyz";
const BASE58: &[u8; 58] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const BASE62: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

impl TransportBase {
    /// The radix: 10, 16, 32, 36, 58 or 62.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::tbsl::TransportBase::Base36.radix(), 36);
    /// ```
    pub const fn radix(self) -> u32 {
        match self {
            TransportBase::Base10 => 10,
            TransportBase::Base16 => 16,
            TransportBase::Base32 => 32,
            TransportBase::Base36 => 36,
            TransportBase::Base58 => 58,
            TransportBase::Base62 => 62,
        }
    }

    /// The symbols, in digit order.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::tbsl::TransportBase::Base16.alphabet(), "0123456789abcdef");
    /// ```
    pub const fn alphabet(self) -> &'static str {
        let bytes: &'static [u8] = match self {
            TransportBase::Base58 => BASE58,
            TransportBase::Base62 => BASE62,
            _ => DIGITS_LOWER,
        };
        let (digits, _) = bytes.split_at(self.radix() as usize);
        match core::str::from_utf8(digits) {
            Ok(text) => text,
            Err(_) => "",
        }
    }

    /// The length of the longest encoding in this base, that of 2^80 - 1: the most symbols
    /// [`Tbsl::from_base`] reads.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tbsl;
    /// use idtypes::tbsl::TransportBase;
    ///
    /// assert_eq!(TransportBase::Base62.max_len(), 14);
    /// assert_eq!(Tbsl::MAX.to_base(TransportBase::Base62).as_str().len(), 14);
    /// ```
    pub const fn max_len(self) -> usize {
        match self {
            TransportBase::Base10 => 25,
            TransportBase::Base16 => 20,
            TransportBase::Base32 | TransportBase::Base36 => 16,
            TransportBase::Base58 | TransportBase::Base62 => 14,
        }
    }

    /// The value of `symbol`, or `None` outside the alphabet.
    fn digit(self, symbol: u8) -> Option<u32> {
        let value = match self {
            TransportBase::Base58 => {
                let code = crate::codec::base58::DECODE[symbol as usize];
                (code != crate::codec::base58::INVALID).then_some(code as u32)?
            }
            TransportBase::Base62 => match symbol {
                b'0'..=b'9' => (symbol - b'0') as u32,
                b'A'..=b'Z' => (symbol - b'A') as u32 + 10,
                b'a'..=b'z' => (symbol - b'a') as u32 + 36,
                _ => return None,
            },
            _ => match symbol {
                b'0'..=b'9' => (symbol - b'0') as u32,
                b'a'..=b'z' => (symbol - b'a') as u32 + 10,
                _ => return None,
            },
        };
        (value < self.radix()).then_some(value)
    }
}

impl fmt::Display for TransportBase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "base {}", self.radix())
    }
}

/// The longest transport text: 2^80 - 1 in base 10 has 25 digits.
const CAPACITY: usize = 25;

/// A transport encoding of a [`Tbsl`], on the stack: 1 to 25 ASCII characters.
///
/// # Examples
///
/// ```
/// use idtypes::Tbsl;
/// use idtypes::tbsl::TransportBase;
///
/// let text = Tbsl::MAX.to_base(TransportBase::Base10);
/// assert_eq!(text.as_str(), "1208925819614629174706175");
/// assert_eq!(Tbsl::MIN.to_base(TransportBase::Base58), "1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TransportText {
    len: u8,
    // Invariant: `bytes[..len]` is ASCII.
    bytes: [u8; CAPACITY],
}

impl TransportText {
    /// The text.
    ///
    /// # Examples
    ///
    /// ```
    /// let text = idtypes::Tbsl::MIN.to_base(idtypes::tbsl::TransportBase::Base16);
    /// assert_eq!(text.as_str(), "0");
    /// ```
    pub fn as_str(&self) -> &str {
        // The bytes are drawn from ASCII alphabets; the fallback is never taken.
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl core::ops::Deref for TransportText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for TransportText {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl PartialEq<&str> for TransportText {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<str> for TransportText {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl fmt::Display for TransportText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl fmt::Debug for TransportText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl Tbsl {
    /// The 80-bit value in another base, at minimal length (a transport encoding: it does not
    /// sort).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Tbsl;
    /// use idtypes::tbsl::TransportBase;
    ///
    /// let id: Tbsl = "25BF6196C8D610700001".parse()?;
    /// assert_eq!(id.to_base(TransportBase::Base16), "25bf6196c8d610700001");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn to_base(self, base: TransportBase) -> TransportText {
        let alphabet = base.alphabet().as_bytes();
        let radix = base.radix() as u128;
        let mut value = self.to_u128();
        let mut reversed = [0u8; CAPACITY];
        let mut len = 0;
        loop {
            reversed[len] = alphabet[(value % radix) as usize];
            len += 1;
            value /= radix;
            if value == 0 {
                break;
            }
        }
        let mut bytes = [0u8; CAPACITY];
        for (out, symbol) in bytes.iter_mut().zip(reversed[..len].iter().rev()) {
            *out = *symbol;
        }
        TransportText {
            len: len as u8,
            bytes,
        }
    }

    /// Reads a transport encoding back.
    ///
    /// Leading zero symbols are accepted (they do not change the value) up to the length of
    /// the longest encoding in that base ([`TransportBase::max_len`]: 14 symbols of base 58 or
    /// 62, 16 of base 32 or 36, 20 of base 16, 25 of base 10); longer text is refused, as the
    /// reference implementation refuses it, whatever its value.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for empty text or text longer than the
    /// base's longest encoding,
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a symbol outside the base's
    /// alphabet (with its position), [`ErrorKind::Overflow`](crate::ErrorKind::Overflow) for a
    /// value of 2^80 or more.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, Tbsl};
    /// use idtypes::tbsl::TransportBase;
    ///
    /// assert_eq!(Tbsl::from_base(TransportBase::Base58, "3818S45pyczRN8")?.to_string(), "25BF6196C8D610700001");
    /// assert_eq!(Tbsl::from_base(TransportBase::Base10, "").unwrap_err().kind(), ErrorKind::Length);
    /// let err = Tbsl::from_base(TransportBase::Base32, "12w").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(2)));
    /// let too_big = "1208925819614629174706176"; // 2^80
    /// assert_eq!(Tbsl::from_base(TransportBase::Base10, too_big).unwrap_err().kind(), ErrorKind::Overflow);
    /// // 15 symbols of base 62 is one more than any TBSL needs, even with the value 1.
    /// let err = Tbsl::from_base(TransportBase::Base62, "000000000000001").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Length);
    /// assert_eq!(err.to_string(), "invalid TBSL transport text: expected 1 to 14 bytes, found 15 bytes");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_base(base: TransportBase, text: &str) -> Result<Tbsl, Error> {
        let bytes = text.as_bytes();
        if bytes.is_empty() || bytes.len() > base.max_len() {
            return Err(Error::new(
                TRANSPORT_FORMAT,
                Repr::Length {
                    expected: Lengths::Between(1, base.max_len()),
                    found: bytes.len(),
                },
            ));
        }
        let radix = base.radix() as u128;
        let mut value = 0u128;
        for (position, &symbol) in bytes.iter().enumerate() {
            let Some(digit) = base.digit(symbol) else {
                return Err(Error::new(
                    TRANSPORT_FORMAT,
                    Repr::Character {
                        position,
                        found: char_at(bytes, position),
                        expected: base.alphabet(),
                    },
                ));
            };
            // Below 2^80 * 62 + 61: never overflows a u128.
            value = value * radix + digit as u128;
            if value >> 80 != 0 {
                return Err(Error::new(
                    TRANSPORT_FORMAT,
                    Repr::TooLarge {
                        largest: "FFFFFFFFFFFFFFFFFFFF (2^80 - 1)",
                    },
                ));
            }
        }
        Ok(Tbsl::from_u128_unchecked(value))
    }
}

/// The format name of transport-encoding errors.
const TRANSPORT_FORMAT: &str = "TBSL transport text";

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::*;
    use std::prelude::rust_2024::*;

    const ALL: [TransportBase; 6] = [
        TransportBase::Base10,
        TransportBase::Base16,
        TransportBase::Base32,
        TransportBase::Base36,
        TransportBase::Base58,
        TransportBase::Base62,
    ];

    #[test]
    fn the_spec_notes_examples() {
        let id = Tbsl::parse("25BF6196C8D610700001").unwrap();
        assert_eq!(id.to_base(TransportBase::Base58), "3818S45pyczRN8");
        assert_eq!(id.to_base(TransportBase::Base62), "tFcxYq1sERALx");
    }

    #[test]
    fn every_base_round_trips_the_extremes_at_minimal_length() {
        for base in ALL {
            for id in [Tbsl::MIN, Tbsl::MAX, Tbsl::from_u128_unchecked(12345)] {
                let text = id.to_base(base);
                assert_eq!(Tbsl::from_base(base, &text), Ok(id), "{base} {text}");
                assert!(!text.starts_with(&base.alphabet()[..1]) || text.len() == 1);
            }
            assert_eq!(Tbsl::MIN.to_base(base).len(), 1);
        }
    }

    #[test]
    fn text_is_one_symbol_to_the_longest_encoding() {
        for base in ALL {
            let max = base.max_len();
            assert_eq!(Tbsl::MAX.to_base(base).len(), max, "{base}");
            let zero = &base.alphabet()[..1];
            let err = Tbsl::from_base(base, "").unwrap_err();
            assert_eq!(
                err.to_string(),
                format!("invalid TBSL transport text: expected 1 to {max} bytes, found 0 bytes")
            );
            // Leading zeros up to the longest length are the same value; one more is refused.
            assert_eq!(Tbsl::from_base(base, &zero.repeat(max)), Ok(Tbsl::MIN));
            let one = base.alphabet()[1..2].to_owned();
            let padded = format!("{}{one}", zero.repeat(max - 1));
            assert_eq!(
                Tbsl::from_base(base, &padded),
                Ok(Tbsl::from_u128_unchecked(1))
            );
            let err = Tbsl::from_base(base, &format!("{zero}{padded}")).unwrap_err();
            assert_eq!(err.kind(), crate::ErrorKind::Length, "{base}");
            assert_eq!(
                err.to_string(),
                format!(
                    "invalid TBSL transport text: expected 1 to {max} bytes, found {} bytes",
                    max + 1
                )
            );
        }
    }

    #[test]
    fn the_alphabets_have_the_radix_as_length() {
        for base in ALL {
            assert_eq!(base.alphabet().len(), base.radix() as usize);
        }
    }
}
