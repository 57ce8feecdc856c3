//! [`NanoId`]: nanoid's random ids, `LEN` symbols of an alphabet `A` (by default 21 of the
//! 64 URL-safe `A-Za-z0-9_-`, 126 random bits).
//!
//! - The alphabet and the length are the type's: `NanoId` is `NanoId<UrlSafe, 21>`, and a
//!   `NanoId<Lowercase, 16>` is another type, with its own text, schema and column. The
//!   ready-made alphabets are in this module ([`UrlSafe`], [`Alphanumeric`], [`Lowercase`],
//!   [`Numbers`], [`HexLowercase`], [`NoLookalikes`]); any other is a [`NanoAlphabet`] impl.
//! - The text is the id: exactly `LEN` characters, each in the alphabet, compared, ordered and
//!   hashed as text. It is held inline (`[u8; LEN]`): `Copy`, without allocating.
//! - New ids (`NanoId::new()` for the default type, `random()` for any) are drawn from the
//!   operating system's randomness (a per-thread ChaCha12 stream keyed from it, rekeyed in a
//!   forked child), and mapped to symbols as nanoid's
//!   `customRandom` does: bytes under the largest multiple of the alphabet's size are kept
//!   (`b % size`), the others dropped, so every symbol is equally likely.
//!   [`NanoId::from_random`] takes the random bytes from a function, and gives the id nanoid
//!   gives from the same bytes.
//! - Not time-ordered: no timestamp, no ranges. Databases store the text, in a text column of
//!   the id's length (`VARCHAR(21)`).
//!
//! # Examples
//!
//! ```
//! use idtypes::NanoId;
//! use idtypes::nanoid::Lowercase;
//!
//! let id: NanoId = "V1StGXR8_Z5jdHi6B-myT".parse()?;
//! assert_eq!(id.as_str(), "V1StGXR8_Z5jdHi6B-myT");
//!
//! let invite: NanoId<Lowercase, 16> = "qzvbwxmtrjkaplsn".parse()?;
//! let err = "qzvbwxmtrjkaplsN".parse::<NanoId<Lowercase, 16>>().unwrap_err();
//! assert_eq!(err.position(), Some(15));
//! assert_eq!(invite.to_string().len(), 16);
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! A typed id picks its type (with the `derive` feature):
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use idtypes::prelude::*;
//! use idtypes::NanoId;
//! use idtypes::nanoid::Lowercase;
//!
//! #[derive(NanoId)]
//! #[idtype(prefix = "inv")]
//! struct InviteId(NanoId<Lowercase, 16>);
//!
//! let id: InviteId = "inv_qzvbwxmtrjkaplsn".parse()?;
//! assert_eq!(id.as_str(), "qzvbwxmtrjkaplsn");
//! assert_eq!(id.to_string(), "inv_qzvbwxmtrjkaplsn");
//! assert!("inv_qzvbwxmtrjkaplsN".parse::<InviteId>().is_err());
//! let fresh = InviteId::random();
//! assert!(fresh.to_string().starts_with("inv_"));
//! # }
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! # References
//!
//! - nanoid (JavaScript), `customRandom` and `urlAlphabet`: <https://github.com/ai/nanoid>
//! - nanoid-dictionary, the alphabets: <https://github.com/CyberAP/nanoid-dictionary>

mod alphabet;
#[cfg(all(feature = "std", idtypes_host))]
mod generate;
pub(crate) mod typed;

use core::{fmt, marker::PhantomData};

use alphabet::Facts;
pub use alphabet::{
    Alphanumeric, HexLowercase, Lowercase, NanoAlphabet, NoLookalikes, Numbers, UrlSafe,
};
pub use typed::TypedNanoId;

use crate::{
    Error,
    error::{Lengths, Repr, char_at},
    text::{const_text::ConstText, schema::TextSchema},
};

/// The format's name, as errors give it.
pub(crate) const FORMAT: &str = "NanoID";

/// The reference implementation, whose README defines the ids (there is no other
/// specification).
pub(crate) const SPEC_URL: &str = "https://github.com/ai/nanoid";

/// The longest NanoID this crate holds (the length is a type parameter; nanoid itself has no
/// limit).
pub const MAX_LEN: usize = 255;

/// A NanoID: `LEN` symbols of the alphabet `A`, by default 21 of the URL-safe `A-Za-z0-9_-`.
/// See the [module](self) for what it is.
///
/// `LEN` is 1 to [`MAX_LEN`] (255); a type with another length does not compile once used.
///
/// # Examples
///
/// ```
/// use idtypes::NanoId;
/// use idtypes::nanoid::HexLowercase;
///
/// let id = NanoId::new();
/// assert_eq!(id.as_str().len(), 21);
/// assert_eq!(id.as_str().parse::<NanoId>()?, id);
///
/// type Token = NanoId<HexLowercase, 32>;
/// let token = Token::random();
/// assert!(token.as_str().bytes().all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase()));
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NanoId<A: NanoAlphabet = UrlSafe, const LEN: usize = 21> {
    /// The text: `LEN` symbols of `A`, all ASCII.
    text: [u8; LEN],
    alphabet: PhantomData<A>,
}

impl<A: NanoAlphabet, const LEN: usize> NanoId<A, LEN> {
    /// The length of the text, in characters (and bytes): `LEN`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::NanoId;
    /// use idtypes::nanoid::Lowercase;
    ///
    /// assert_eq!(NanoId::<Lowercase, 16>::TEXT_LEN, 16);
    /// assert_eq!(<NanoId>::TEXT_LEN, 21);
    /// ```
    pub const TEXT_LEN: usize = {
        assert!(
            LEN >= 1 && LEN <= MAX_LEN,
            "a NanoID is 1 to 255 characters long"
        );
        LEN
    };

    /// The id whose text is `text`, once checked: the symbols are the alphabet's.
    const fn checked(text: [u8; LEN]) -> Self {
        let _ = Self::TEXT_LEN;
        NanoId {
            text,
            alphabet: PhantomData,
        }
    }

    /// Parses the text: exactly `LEN` characters, each one of the alphabet's symbols.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) for a text of another length (in
    /// bytes), [`ErrorKind::Character`](crate::ErrorKind::Character) for the first character
    /// outside the alphabet, with its position and the alphabet's symbols.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, NanoId};
    ///
    /// let id = NanoId::<idtypes::nanoid::UrlSafe, 21>::parse("V1StGXR8_Z5jdHi6B-myT")?;
    /// assert_eq!(id.as_str(), "V1StGXR8_Z5jdHi6B-myT");
    ///
    /// let err = NanoId::<idtypes::nanoid::UrlSafe, 21>::parse("V1StGXR8_Z5jdHi6B-my").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Length);
    /// let err = NanoId::<idtypes::nanoid::UrlSafe, 21>::parse("V1StGXR8.Z5jdHi6B-myT").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(8)));
    /// assert!(err.to_string().contains("0-9A-Z_a-z-"), "{err}");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse(text: &str) -> Result<Self, Error> {
        Self::parse_ascii(text.as_bytes())
    }

    /// Parses the text from bytes (as a database or a network buffer hands them over).
    ///
    /// # Errors
    ///
    /// As [`NanoId::parse`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::NanoId;
    /// use idtypes::nanoid::Numbers;
    ///
    /// assert_eq!(NanoId::<Numbers, 4>::parse_ascii(b"0042")?.as_str(), "0042");
    /// assert!(NanoId::<Numbers, 4>::parse_ascii(b"004a").is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub fn parse_ascii(text: &[u8]) -> Result<Self, Error> {
        match Self::parse_valid(text) {
            Some(id) => Ok(id),
            None => Err(parse_error::<A>(text, Self::TEXT_LEN)),
        }
    }

    /// The id of a valid text, without building an error for one that is not.
    #[inline]
    pub(crate) fn parse_valid(text: &[u8]) -> Option<Self> {
        let text: &[u8; LEN] = text.try_into().ok()?;
        let table = &Facts::<A>::TABLE;
        // Every byte looked up, without a branch per byte.
        let mut valid = true;
        for &b in text {
            valid &= table[b as usize];
        }
        valid.then(|| Self::checked(*text))
    }

    /// The text.
    ///
    /// # Examples
    ///
    /// ```
    /// let id: idtypes::NanoId = "V1StGXR8_Z5jdHi6B-myT".parse()?;
    /// assert_eq!(id.as_str(), "V1StGXR8_Z5jdHi6B-myT");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn as_str(&self) -> &str {
        // SAFETY: the text is ASCII: it is made only of the alphabet's symbols, which
        // `Facts::SYMBOLS` checks are printable ASCII (every constructor reads the alphabet
        // through it or through `Facts::TABLE`, built from it).
        unsafe { core::str::from_utf8_unchecked(&self.text) }
    }

    /// The text as bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// let id: idtypes::NanoId = "V1StGXR8_Z5jdHi6B-myT".parse()?;
    /// assert_eq!(&id.as_bytes()[..4], b"V1St");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn as_bytes(&self) -> &[u8; LEN] {
        &self.text
    }

    /// The text in a new `String` of its size: what `format!("{id}")` and `ToString` give,
    /// without the formatting machinery (this method, found before `ToString`'s, makes no
    /// `Formatter` and allocates once, as `String::from(&str)` does).
    ///
    /// # Examples
    ///
    /// ```
    /// let id: idtypes::NanoId = "V1StGXR8_Z5jdHi6B-myT".parse()?;
    /// assert_eq!(id.to_string(), "V1StGXR8_Z5jdHi6B-myT");
    /// assert_eq!(id.to_string(), format!("{id}"));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[cfg(feature = "alloc")]
    #[allow(
        clippy::inherent_to_string_shadow_display,
        reason = "the same text as `Display`, without the formatting machinery"
    )]
    #[inline]
    pub fn to_string(&self) -> alloc::string::String {
        alloc::string::String::from(self.as_str())
    }

    /// The id made of `bytes` (`LEN` of them) read as symbols: byte `b` is the symbol
    /// `b % size`. Any bytes of that length make an id (`arbitrary` draws them); `None` for
    /// another length.
    pub(crate) fn from_any_bytes(bytes: &[u8]) -> Option<Self> {
        let bytes: &[u8; LEN] = bytes.try_into().ok()?;
        let symbols = Facts::<A>::SYMBOLS;
        Some(Self::checked(
            bytes.map(|b| symbols[b as usize % symbols.len()]),
        ))
    }

    /// Builds the id `random` spells as nanoid's `customRandom(alphabet, LEN, random)`
    /// would: `random(buffer)` fills a buffer of the size nanoid asks for (`LEN` bytes for an
    /// alphabet of 2, 4, ..., 256 symbols; `ceil(1.6 * 256 * LEN / cutoff)` bytes for the
    /// others, where `cutoff` is the largest multiple of the alphabet's size up to 256); its
    /// bytes are read from the last to the first, a byte below `cutoff` giving the symbol
    /// `byte % size` and the others dropped, and again with a new buffer until there are
    /// `LEN` symbols. So the same bytes give nanoid's id, symbol for symbol.
    ///
    /// Like nanoid, it loops for as long as `random` gives only bytes it drops (each byte is
    /// kept with probability at least 1/2 from a random source).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::NanoId;
    /// use idtypes::nanoid::{Lowercase, UrlSafe};
    ///
    /// // nanoid's customRandom(urlAlphabet, 21, size => new Uint8Array(size)): byte 0 is
    /// // the alphabet's first symbol, `u`.
    /// let zeros = NanoId::<UrlSafe, 21>::from_random(|buffer| buffer.fill(0));
    /// assert_eq!(zeros.as_str(), "uuuuuuuuuuuuuuuuuuuuu");
    ///
    /// // 26 symbols: bytes from 234 (9 x 26) up are dropped; 27 is 27 % 26 = 1, `b`.
    /// let mut calls = 0;
    /// let id = NanoId::<Lowercase, 4>::from_random(|buffer| {
    ///     calls += 1;
    ///     buffer.fill(if calls == 1 { 250 } else { 27 })
    /// });
    /// assert_eq!((id.as_str(), calls), ("bbbb", 2));
    /// ```
    pub fn from_random(mut random: impl FnMut(&mut [u8])) -> Self {
        let symbols = Facts::<A>::SYMBOLS;
        let size = symbols.len();
        let cutoff = 256 - 256 % size;
        let len = Self::TEXT_LEN;
        let mut text = [0u8; LEN];
        let mut buffer = [0u8; STEP_CAPACITY];
        if cutoff == 256 {
            // A power of two: every byte is kept, masked.
            let bytes = &mut buffer[..len];
            random(bytes);
            let mask = size - 1;
            for (symbol, &byte) in text.iter_mut().zip(bytes.iter().rev()) {
                *symbol = symbols[byte as usize & mask];
            }
            return Self::checked(text);
        }
        let step = step(len, cutoff);
        let mut filled = 0;
        loop {
            let bytes = &mut buffer[..step];
            random(bytes);
            for &byte in bytes.iter().rev() {
                if (byte as usize) < cutoff {
                    text[filled] = symbols[byte as usize % size];
                    filled += 1;
                    if filled == len {
                        return Self::checked(text);
                    }
                }
            }
        }
    }

    /// The text as schemas state it.
    pub(crate) const TEXT_SCHEMA: TextSchema = TextSchema {
        pattern: Self::PATTERN.as_str(),
        min_len: Self::TEXT_LEN,
        max_len: Self::TEXT_LEN,
        description: Self::DESCRIPTION.as_str(),
        example: Self::EXAMPLE.as_str(),
        words: Self::WORDS.as_str(),
        spec_url: Some(crate::nanoid::SPEC_URL),
    };

    /// The schema's pattern: `[0-9A-Z_a-z-]{21}`.
    const PATTERN: &'static ConstText<208> = &ConstText::new()
        .str(Facts::<A>::CLASS_STR)
        .byte(b'{')
        .number(Self::TEXT_LEN)
        .byte(b'}');

    /// What serde's messages expect: `21 characters of 0-9A-Z_a-z-`.
    const WORDS: &'static ConstText<224> = &ConstText::new()
        .number(Self::TEXT_LEN)
        .str(" characters of ")
        .str(Facts::<A>::RANGES_STR);

    /// The schema's description.
    const DESCRIPTION: &'static ConstText<512> = &ConstText::new()
        .str("A NanoID: ")
        .number(Self::TEXT_LEN)
        .str(" random characters of the ")
        .str(A::NAME)
        .str(" alphabet (`")
        .str(Facts::<A>::RANGES_STR)
        .str("`). Not time-ordered.");

    /// The schema's example: nanoid's README example for the default type, symbols picked
    /// across the alphabet for the others.
    const EXAMPLE: &'static ConstText<256> = &{
        let default = b"V1StGXR8_Z5jdHi6B-myT";
        let symbols = Facts::<A>::SYMBOLS;
        let mut text = ConstText::new();
        let mut i = 0;
        while i < Self::TEXT_LEN {
            let symbol = if Facts::<A>::LEN == 64 && Facts::<A>::TABLE[b'_' as usize] {
                // The URL-safe symbols: nanoid's own example, as far as it goes.
                default[i % default.len()]
            } else {
                symbols[(i * 7 + 3) % symbols.len()]
            };
            text = text.byte(symbol);
            i += 1;
        }
        text
    };

    /// The type's name as schemas give it: `NanoId` for the default type, else the alphabet's
    /// and the length (`NanoIdLowercase16`).
    pub(crate) const TYPE_NAME: &'static str = Self::TYPE_NAME_TEXT.as_str();

    const TYPE_NAME_TEXT: &'static ConstText<96> = &{
        let text = ConstText::new().str("NanoId");
        if LEN == 21 && str_eq(A::SYMBOLS, UrlSafe::SYMBOLS) {
            text
        } else {
            text.str(A::TYPE_NAME).number(LEN)
        }
    };
}

/// The largest buffer [`NanoId::from_random`] asks to fill: `ceil(1.6 * 256 * 255 / 129)`
/// (the longest id, and the alphabet of 129 symbols, whose cutoff is the lowest) is 810.
const STEP_CAPACITY: usize = 816;

/// How many random bytes nanoid's `customRandom` asks for at a time, for an alphabet whose
/// cutoff is not 256: `Math.ceil((1.6 * 256 * size) / cutoff)`, in the same floating point.
const fn step(len: usize, cutoff: usize) -> usize {
    let exact = (1.6 * 256.0 * len as f64) / cutoff as f64;
    let floor = exact as usize;
    if (floor as f64) < exact {
        floor + 1
    } else {
        floor
    }
}

const fn str_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

#[cold]
#[inline(never)]
fn parse_error<A: NanoAlphabet>(text: &[u8], len: usize) -> Error {
    if text.len() != len {
        return Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(len, len),
                found: text.len(),
            },
        );
    }
    let table = &Facts::<A>::TABLE;
    let position = text
        .iter()
        .position(|&b| !table[b as usize])
        .unwrap_or(text.len());
    Error::new(
        FORMAT,
        Repr::Character {
            position,
            found: char_at(text, position),
            expected: Facts::<A>::RANGES_STR,
        },
    )
}

impl<A: NanoAlphabet, const LEN: usize> core::str::FromStr for NanoId<A, LEN> {
    type Err = Error;

    /// As [`NanoId::parse`].
    ///
    /// ```
    /// let id: idtypes::NanoId = "V1StGXR8_Z5jdHi6B-myT".parse()?;
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    fn from_str(text: &str) -> Result<Self, Error> {
        Self::parse(text)
    }
}

impl<A: NanoAlphabet, const LEN: usize> TryFrom<&str> for NanoId<A, LEN> {
    type Error = Error;

    /// As [`NanoId::parse`].
    ///
    /// ```
    /// let id = <idtypes::NanoId>::try_from("V1StGXR8_Z5jdHi6B-myT")?;
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    fn try_from(text: &str) -> Result<Self, Error> {
        Self::parse(text)
    }
}

/// The text.
///
/// ```
/// let id: idtypes::NanoId = "V1StGXR8_Z5jdHi6B-myT".parse()?;
/// assert_eq!(format!("{id}"), "V1StGXR8_Z5jdHi6B-myT");
/// assert_eq!(format!("{id:?}"), "NanoId(V1StGXR8_Z5jdHi6B-myT)");
/// # Ok::<(), idtypes::Error>(())
/// ```
impl<A: NanoAlphabet, const LEN: usize> fmt::Display for NanoId<A, LEN> {
    #[inline]
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.as_str())
    }
}

impl<A: NanoAlphabet, const LEN: usize> fmt::Debug for NanoId<A, LEN> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NanoId({})", self.as_str())
    }
}

impl<A: NanoAlphabet, const LEN: usize> AsRef<str> for NanoId<A, LEN> {
    /// The text.
    ///
    /// ```
    /// let id: idtypes::NanoId = "V1StGXR8_Z5jdHi6B-myT".parse()?;
    /// assert_eq!(AsRef::<str>::as_ref(&id), "V1StGXR8_Z5jdHi6B-myT");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl<A: NanoAlphabet, const LEN: usize> PartialEq<str> for NanoId<A, LEN> {
    #[inline]
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl<A: NanoAlphabet, const LEN: usize> PartialEq<&str> for NanoId<A, LEN> {
    #[inline]
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::prelude::rust_2024::*;

    type Default = NanoId;
    type Invite = NanoId<Lowercase, 16>;

    #[test]
    fn parses_exactly_len_symbols_of_the_alphabet() {
        let id = Default::parse("V1StGXR8_Z5jdHi6B-myT").unwrap();
        assert_eq!(id.as_str(), "V1StGXR8_Z5jdHi6B-myT");
        assert_eq!(id.to_string(), "V1StGXR8_Z5jdHi6B-myT");
        let cases: [(&str, ErrorKind, Option<usize>); 10] = [
            ("", ErrorKind::Length, None),
            ("V1StGXR8_Z5jdHi6B-my", ErrorKind::Length, None),
            ("V1StGXR8_Z5jdHi6B-myTT", ErrorKind::Length, None),
            ("@1StGXR8_Z5jdHi6B-myT", ErrorKind::Character, Some(0)),
            ("V1StGXR8[Z5jdHi6B-myT", ErrorKind::Character, Some(8)),
            ("V1StGXR8`Z5jdHi6B-myT", ErrorKind::Character, Some(8)),
            ("V1StGXR8{Z5jdHi6B-myT", ErrorKind::Character, Some(8)),
            ("V1StGXR8.Z5jdHi6B-myT", ErrorKind::Character, Some(8)),
            ("V1StGXR8_Z5jdHi6B-my~", ErrorKind::Character, Some(20)),
            ("V1StGXR8_Z5jdHi6B-mé", ErrorKind::Character, Some(19)),
        ];
        for (text, kind, position) in cases {
            let err = Default::parse(text).unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (kind, position),
                "{text}: {err}"
            );
            assert_eq!(err.format_name(), FORMAT);
        }
        let err = Default::parse("V1StGXR8_Z5jdHi6B-mé").unwrap_err();
        assert!(err.to_string().contains("'é'"), "{err}");
        assert!(err.to_string().contains("0-9A-Z_a-z-"), "{err}");
        assert!(Invite::parse("abcdefghijklmnoP").is_err());
        assert!(Invite::parse("abcdefghijklmnop").is_ok());
    }

    #[test]
    fn orders_and_compares_as_text() {
        let a = Default::parse("A00000000000000000000").unwrap();
        let b = Default::parse("_00000000000000000000").unwrap();
        let c = Default::parse("a00000000000000000000").unwrap();
        assert!(a < b && b < c);
        assert_eq!(a, "A00000000000000000000");
        assert_eq!(format!("{a:>22}"), " A00000000000000000000");
    }

    #[test]
    fn the_schema_states_the_exact_text() {
        let schema = Default::TEXT_SCHEMA;
        assert_eq!(schema.pattern, "[0-9A-Z_a-z-]{21}");
        assert_eq!((schema.min_len, schema.max_len), (21, 21));
        assert_eq!(schema.example, "V1StGXR8_Z5jdHi6B-myT");
        assert!(Default::parse(schema.example).is_ok());
        assert_eq!(Invite::TEXT_SCHEMA.pattern, "[a-z]{16}");
        assert!(Invite::parse(Invite::TEXT_SCHEMA.example).is_ok());
        assert_eq!(Default::TYPE_NAME, "NanoId");
        assert_eq!(Invite::TYPE_NAME, "NanoIdLowercase16");
        assert_eq!(NanoId::<UrlSafe, 10>::TYPE_NAME, "NanoIdUrlSafe10");
        assert_eq!(Invite::TEXT_SCHEMA.words, "16 characters of a-z");
    }

    #[test]
    fn steps_are_nanoids() {
        // Math.ceil((1.6 * 256 * 16) / 234) and the largest one.
        assert_eq!(step(16, 234), 29);
        assert_eq!(step(21, 252), 35);
        assert_eq!(step(MAX_LEN, 129), 810);
        assert!(step(MAX_LEN, 129) <= STEP_CAPACITY);
    }

    #[test]
    fn any_bytes_make_an_id() {
        let id = Invite::from_any_bytes(&[0, 25, 26, 255, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
            .unwrap();
        assert_eq!(id.as_str(), "azavbcdefghijklm");
        assert_eq!(Invite::from_any_bytes(&[0; 15]), None);
    }
}
