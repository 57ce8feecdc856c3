//! NanoID alphabets: the [`NanoAlphabet`] trait, a few ready-made alphabets, and what the
//! crate derives from an alphabet at compile time (its lookup table, its regular expression
//! class, the text its errors and schemas give).

use core::{fmt, hash::Hash};

use crate::text::const_text::ConstText;

/// The alphabet of a [`NanoId`](super::NanoId): its symbols, in the order in which generation
/// maps random bytes to them (as nanoid's `customAlphabet(alphabet, size)` does), and a name.
///
/// An alphabet is a type, so that a `NanoId<Lowercase, 16>` and a `NanoId<UrlSafe, 21>` are
/// different types, each with its own text, schema and database column length. The
/// ready-made ones follow nanoid and nanoid-dictionary: [`UrlSafe`] (the default),
/// [`Alphanumeric`], [`Lowercase`], [`Numbers`], [`HexLowercase`], [`NoLookalikes`]. Any
/// other is a unit struct and this impl; the symbols are checked when the crate uses the
/// alphabet, at compile time: 2 to 94 distinct printable ASCII characters (no space, no
/// control character).
///
/// # Examples
///
/// ```
/// use idtypes::nanoid::{NanoAlphabet, NanoId};
///
/// /// Digits and lowercase letters.
/// #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
/// struct Base36;
///
/// impl NanoAlphabet for Base36 {
///     const SYMBOLS: &'static str = "0123456789abcdefghijklmnopqrstuvwxyz";
///     const NAME: &'static str = "base36";
///     const TYPE_NAME: &'static str = "Base36";
/// }
///
/// let id: NanoId<Base36, 16> = "2xk9q0c7mfh4pz3a".parse()?;
/// assert_eq!(id.as_str(), "2xk9q0c7mfh4pz3a");
/// assert!("2xk9q0c7mfh4pz3A".parse::<NanoId<Base36, 16>>().is_err());
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait NanoAlphabet:
    Copy + Default + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static
{
    /// The symbols, in generation order: a random byte `b` that is kept becomes
    /// `SYMBOLS[b % len]` (`b & 63` for the 64 symbols of [`UrlSafe`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{NanoAlphabet, Numbers};
    ///
    /// assert_eq!(Numbers::SYMBOLS, "0123456789");
    /// ```
    const SYMBOLS: &'static str;

    /// The alphabet's name in a few words, as descriptions give it (`URL-safe`, `lowercase`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{NanoAlphabet, UrlSafe};
    ///
    /// assert_eq!(UrlSafe::NAME, "URL-safe");
    /// ```
    const NAME: &'static str;

    /// The alphabet's type name (`UrlSafe`), as schemas name a `NanoId` over it
    /// (`NanoIdLowercase16`; the default `NanoId<UrlSafe, 21>` is `NanoId`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{Lowercase, NanoAlphabet};
    ///
    /// assert_eq!(Lowercase::TYPE_NAME, "Lowercase");
    /// ```
    const TYPE_NAME: &'static str;
}

/// Declares the ready-made alphabets.
macro_rules! alphabets {
    ($($(#[$doc:meta])* $ty:ident = $symbols:literal, $name:literal;)*) => {
        $(
            $(#[$doc])*
            #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
            pub struct $ty;

            impl NanoAlphabet for $ty {
                const SYMBOLS: &'static str = $symbols;
                const NAME: &'static str = $name;
                const TYPE_NAME: &'static str = stringify!($ty);
            }
        )*
    };
}

alphabets! {
    /// nanoid's `urlAlphabet`, the default: `A-Za-z0-9_-`, 64 symbols, in nanoid's order
    /// (`useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict`), so that the same
    /// random bytes give the same id. 21 of them hold 126 random bits.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{NanoId, UrlSafe};
    ///
    /// let id: NanoId<UrlSafe, 21> = "V1StGXR8_Z5jdHi6B-myT".parse()?;
    /// assert_eq!(id, "V1StGXR8_Z5jdHi6B-myT".parse::<idtypes::NanoId>()?);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    UrlSafe = "useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict", "URL-safe";
    /// nanoid-dictionary's `alphanumeric`: `0-9a-zA-Z`, 62 symbols.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{Alphanumeric, NanoId};
    ///
    /// assert!("4f90d13a42".parse::<NanoId<Alphanumeric, 10>>().is_ok());
    /// assert!("4f90d13a4_".parse::<NanoId<Alphanumeric, 10>>().is_err());
    /// ```
    Alphanumeric = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "alphanumeric";
    /// nanoid-dictionary's `lowercase`: `a-z`, 26 symbols.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{Lowercase, NanoId};
    ///
    /// assert!("abcdefghijklmnop".parse::<NanoId<Lowercase, 16>>().is_ok());
    /// ```
    Lowercase = "abcdefghijklmnopqrstuvwxyz", "lowercase";
    /// nanoid-dictionary's `numbers`: `0-9`, 10 symbols.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{NanoId, Numbers};
    ///
    /// assert!("0123456789".parse::<NanoId<Numbers, 10>>().is_ok());
    /// ```
    Numbers = "0123456789", "numbers";
    /// nanoid-dictionary's `hexadecimalLowercase`: `0-9a-f`, 16 symbols.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{HexLowercase, NanoId};
    ///
    /// assert!("4f90d13a42bc1e07".parse::<NanoId<HexLowercase, 16>>().is_ok());
    /// assert!("4F90D13A42BC1E07".parse::<NanoId<HexLowercase, 16>>().is_err());
    /// ```
    HexLowercase = "0123456789abcdef", "lowercase hexadecimal";
    /// nanoid-dictionary's `nolookalikes`: `0-9a-zA-Z` without `1`, `l`, `I`, `0`, `O`,
    /// `o`, `u`, `v`, `5`, `S`, `s`, `2`, `Z`: 49 symbols.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::nanoid::{NanoId, NoLookalikes};
    ///
    /// assert!("6qT9ndHEbXLp".parse::<NanoId<NoLookalikes, 12>>().is_ok());
    /// assert!("6qT9ndHEbXL1".parse::<NanoId<NoLookalikes, 12>>().is_err());
    /// ```
    NoLookalikes = "346789ABCDEFGHJKLMNPQRTUVWXYabcdefghijkmnpqrtwxyz", "no-lookalikes";
}

/// What the crate derives from an alphabet, once per alphabet, at compile time.
pub(crate) struct Facts<A>(core::marker::PhantomData<A>);

impl<A: NanoAlphabet> Facts<A> {
    /// The symbols, checked (2 to 94 distinct printable ASCII characters): every use of the
    /// alphabet goes through this constant, so a bad alphabet does not compile.
    pub(crate) const SYMBOLS: &'static [u8] = {
        let symbols = A::SYMBOLS.as_bytes();
        assert!(
            symbols.len() >= 2,
            "a NanoID alphabet has 2 symbols at least"
        );
        let mut seen = [false; 128];
        let mut i = 0;
        while i < symbols.len() {
            let b = symbols[i];
            assert!(
                b > b' ' && b < 0x7F,
                "a NanoID alphabet's symbols are printable ASCII characters other than space"
            );
            assert!(
                !seen[b as usize],
                "a NanoID alphabet's symbols are distinct"
            );
            seen[b as usize] = true;
            i += 1;
        }
        symbols
    };

    /// How many symbols.
    pub(crate) const LEN: usize = Self::SYMBOLS.len();

    /// Whether each byte is a symbol.
    pub(crate) const TABLE: [bool; 256] = {
        let mut table = [false; 256];
        let symbols = Self::SYMBOLS;
        let mut i = 0;
        while i < symbols.len() {
            table[symbols[i] as usize] = true;
            i += 1;
        }
        table
    };

    /// The symbols as ranges in byte order (`0-9A-Z_a-z-`: a `-` symbol last), as errors and
    /// descriptions give them.
    const RANGES: &'static ConstText<192> = &ranges::<A>(false);

    /// [`RANGES`](Self::RANGES) as text.
    pub(crate) const RANGES_STR: &'static str = Self::RANGES.as_str();

    /// The regular expression class of one symbol (`[0-9A-Z_a-z-]`).
    const CLASS: &'static ConstText<192> = &ranges::<A>(true);

    /// [`CLASS`](Self::CLASS) as text.
    pub(crate) const CLASS_STR: &'static str = Self::CLASS.as_str();
}

/// The symbols as ranges of three or more consecutive bytes (`a-z`) and single symbols, in
/// byte order, `-` last; with `class`, in brackets and with `\`, `[`, `]` and `^` escaped.
const fn ranges<A: NanoAlphabet>(class: bool) -> ConstText<192> {
    let table = Facts::<A>::TABLE;
    let mut text = ConstText::new();
    if class {
        text = text.byte(b'[');
    }
    let mut b = b'!' as usize;
    while b < 0x7F {
        if !table[b] || b == b'-' as usize {
            b += 1;
            continue;
        }
        let mut end = b;
        while end + 1 < 0x7F && table[end + 1] && end + 1 != b'-' as usize {
            end += 1;
        }
        if end - b >= 2 {
            text = push_symbol(text, b as u8, class).byte(b'-');
            text = push_symbol(text, end as u8, class);
            b = end + 1;
        } else {
            text = push_symbol(text, b as u8, class);
            b += 1;
        }
    }
    if table[b'-' as usize] {
        text = text.byte(b'-');
    }
    if class {
        text = text.byte(b']');
    }
    text
}

const fn push_symbol(text: ConstText<192>, symbol: u8, class: bool) -> ConstText<192> {
    if class && matches!(symbol, b'\\' | b'[' | b']' | b'^') {
        text.byte(b'\\').byte(symbol)
    } else {
        text.byte(symbol)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_and_classes_read_each_alphabet() {
        assert_eq!(Facts::<UrlSafe>::RANGES_STR, "0-9A-Z_a-z-");
        assert_eq!(Facts::<UrlSafe>::CLASS_STR, "[0-9A-Z_a-z-]");
        assert_eq!(Facts::<Alphanumeric>::CLASS_STR, "[0-9A-Za-z]");
        assert_eq!(Facts::<Lowercase>::CLASS_STR, "[a-z]");
        assert_eq!(Facts::<Numbers>::CLASS_STR, "[0-9]");
        assert_eq!(Facts::<HexLowercase>::CLASS_STR, "[0-9a-f]");
        assert_eq!(
            Facts::<NoLookalikes>::CLASS_STR,
            "[346-9A-HJ-NP-RT-Ya-kmnp-rtw-z]"
        );
        assert_eq!(Facts::<UrlSafe>::LEN, 64);
        assert_eq!(Facts::<NoLookalikes>::LEN, 49);
    }

    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
    struct Odd;

    impl NanoAlphabet for Odd {
        const SYMBOLS: &'static str = "^]ab-[";
        const NAME: &'static str = "odd";
        const TYPE_NAME: &'static str = "Odd";
    }

    #[test]
    fn a_class_escapes_what_regular_expressions_read_in_classes() {
        assert_eq!(Facts::<Odd>::CLASS_STR, r"[\[\]\^ab-]");
        assert_eq!(Facts::<Odd>::RANGES_STR, "[]^ab-");
    }
}
