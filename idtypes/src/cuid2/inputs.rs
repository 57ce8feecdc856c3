//! [`Cuid2Inputs`]: every input of the reference's `cuid2()`, given explicitly, and the id
//! they make ([`Cuid2::from_inputs`]); the fingerprint made from random characters
//! ([`Cuid2Inputs::fingerprint_of`]).

use super::{Cuid2, FORMAT, digest};
use crate::{
    Error, IdText,
    error::{Bounds, Lengths, Repr},
};

/// What the reference's `cuid2()` makes an id from, each input as it stands in its source
/// (`@paralleldrive/cuid2` 3.3.0, `src/index.js`):
///
/// ```js
/// const firstLetter = randomLetter(rand);
/// const time = Date.now().toString(36);
/// const count = counter().toString(36);
/// const salt = createEntropy(length, rand);
/// return firstLetter + hash(time + salt + count + fingerprint).substring(1, length);
/// ```
///
/// [`Cuid2::from_inputs`] gives the id those inputs make, the same byte for byte; tests and
/// tools use it to reproduce or check ids. [`Cuid2Generator`](crate::cuid2::Cuid2Generator)
/// draws the inputs itself.
///
/// # Examples
///
/// ```
/// use idtypes::{Cuid2, cuid2::Cuid2Inputs};
///
/// let inputs = Cuid2Inputs {
///     length: 10,
///     first_letter: b'k',
///     time_millis: 1_700_000_000_000,
///     salt: "0123456789",
///     counter: 42,
///     fingerprint: "fingerprint",
/// };
/// let id = Cuid2::from_inputs(&inputs)?;
/// assert_eq!(id.len(), 10);
/// assert_eq!(id.as_str().as_bytes()[0], b'k');
/// assert_eq!(Cuid2::from_inputs(&inputs)?, id);
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cuid2Inputs<'a> {
    /// The id's length, 2 to 32 (`init({ length })`, 24 by default).
    pub length: usize,
    /// Its first character, a lowercase letter (`randomLetter(rand)`).
    pub first_letter: u8,
    /// Unix milliseconds (`Date.now()`), hashed in base 36 (with a `-` before a time
    /// before 1970, as JavaScript writes it).
    pub time_millis: i64,
    /// The salt, hashed as it is (`createEntropy(length, rand)`: `length` base-36 digits).
    pub salt: &'a str,
    /// The counter's value for this id, hashed in base 36 (`counter()`).
    pub counter: u64,
    /// The fingerprint, hashed as it is (`createFingerprint()`: 32 base-36 characters, see
    /// [`Cuid2Inputs::fingerprint_of`]; any text the caller passed to `init`).
    pub fingerprint: &'a str,
}

/// The bounds of an id's length.
static LENGTH: Bounds = Bounds {
    part: "length",
    min: Cuid2::MIN_LEN as i128,
    max: Cuid2::MAX_LEN as i128,
};

/// The length of a fingerprint, and of the random text it is made from (`bigLength`).
pub(crate) const FINGERPRINT_LEN: usize = 32;

impl Cuid2Inputs<'_> {
    /// The fingerprint the reference's `createFingerprint` makes from `source` (its host's
    /// global names followed by 32 random base-36 characters; this crate's generators use the
    /// random characters alone, drawn from the operating system, as the reference does where
    /// there are no globals): the first 32 characters of `hash(source)`, on the stack.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::cuid2::Cuid2Inputs;
    ///
    /// let fingerprint = Cuid2Inputs::fingerprint_of("0123456789abcdefghijklmnopqrstuv");
    /// assert_eq!(fingerprint.len(), 32);
    /// assert!(fingerprint.bytes().all(|b| b.is_ascii_digit() || b.is_ascii_lowercase()));
    /// ```
    pub fn fingerprint_of(source: &str) -> IdText<32> {
        fingerprint_bytes(source.as_bytes())
    }
}

/// `hash(source).substring(0, 32)`: 32 base-36 characters (fewer only for a hash whose text
/// is that short, which SHA3-512 gives with odds below 2^-340).
pub(crate) fn fingerprint_bytes(source: &[u8]) -> IdText<FINGERPRINT_LEN> {
    let text = digest::hash(&[source]);
    let text = text.leading();
    let len = text.len().min(FINGERPRINT_LEN);
    let mut bytes = [0; FINGERPRINT_LEN];
    bytes[..len].copy_from_slice(&text[..len]);
    IdText::from_ascii_prefix(bytes, len)
}

impl Cuid2 {
    /// The id the reference's `cuid2()` makes from `inputs`, byte for byte:
    /// `first_letter + hash(time + salt + count + fingerprint).substring(1, length)`, where
    /// `hash` is SHA3-512 read as a big-endian integer, in base 36, its first digit dropped.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a length outside 2 to 32
    /// (the reference refuses more than 32, and makes ids that its own `isCuid` refuses
    /// below 2), and [`ErrorKind::Character`](crate::ErrorKind::Character) for a first
    /// letter outside `a` to `z` (position 0).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Cuid2, ErrorKind, cuid2::Cuid2Inputs};
    ///
    /// let inputs = Cuid2Inputs {
    ///     length: 24,
    ///     first_letter: b'c',
    ///     time_millis: 0,
    ///     salt: "abcdefghijklmnopqrstuvwx",
    ///     counter: 0,
    ///     fingerprint: "",
    /// };
    /// assert_eq!(Cuid2::from_inputs(&inputs)?.len(), 24);
    /// let err = Cuid2::from_inputs(&Cuid2Inputs { length: 33, ..inputs }).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// let err = Cuid2::from_inputs(&Cuid2Inputs { first_letter: b'C', ..inputs }).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Character);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn from_inputs(inputs: &Cuid2Inputs<'_>) -> Result<Cuid2, Error> {
        if inputs.length < Cuid2::MIN_LEN || inputs.length > Cuid2::MAX_LEN {
            return Err(LENGTH.refuse(FORMAT, inputs.length as i128));
        }
        if !inputs.first_letter.is_ascii_lowercase() {
            return Err(Error::new(
                FORMAT,
                Repr::Character {
                    position: 0,
                    found: char::from(inputs.first_letter),
                    expected: super::text::FIRST,
                },
            ));
        }
        let (time, count) = (
            digest::Number::signed(inputs.time_millis),
            digest::Number::unsigned(inputs.counter),
        );
        let parts = [
            time.as_bytes(),
            inputs.salt.as_bytes(),
            count.as_bytes(),
            inputs.fingerprint.as_bytes(),
        ];
        assemble(inputs.first_letter, &parts, inputs.length)
    }
}

/// `first_letter + hash(parts).substring(1, length)`, for a checked letter and length.
#[inline]
pub(crate) fn assemble(first_letter: u8, parts: &[&[u8]], length: usize) -> Result<Cuid2, Error> {
    let text = digest::hash(parts);
    let body = text.leading().get(1..).unwrap_or_default();
    let body = &body[..body.len().min(length - 1)];
    let mut bytes = [0; Cuid2::MAX_LEN];
    bytes[0] = first_letter;
    bytes[1..=body.len()].copy_from_slice(body);
    let len = body.len() + 1;
    if len < Cuid2::MIN_LEN {
        // The hash's text is at most two digits: odds of 2^-500, but not an id if it happens.
        return Err(Error::new(
            FORMAT,
            Repr::Length {
                expected: Lengths::Between(Cuid2::MIN_LEN, Cuid2::MAX_LEN),
                found: len,
            },
        ));
    }
    Ok(Cuid2::from_checked(bytes, len))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    const INPUTS: Cuid2Inputs<'static> = Cuid2Inputs {
        length: 24,
        first_letter: b'a',
        time_millis: 1_700_000_000_000,
        salt: "abcdefghijklmnopqrstuvwx",
        counter: 476_782_366,
        fingerprint: "0123456789abcdefghijklmnopqrstuv",
    };

    #[test]
    fn every_length_from_2_to_32_makes_an_id_of_that_length_and_no_other() {
        for length in 2..=32 {
            let id = Cuid2::from_inputs(&Cuid2Inputs { length, ..INPUTS }).unwrap();
            assert_eq!(id.len(), length);
            assert_eq!(Cuid2::parse(id.as_str()), Ok(id));
        }
        for length in [0, 1, 33, usize::MAX] {
            let err = Cuid2::from_inputs(&Cuid2Inputs { length, ..INPUTS }).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::OutOfRange, "{length}");
            assert!(err.to_string().contains("length"), "{err}");
        }
    }

    #[test]
    fn shorter_ids_are_prefixes_of_longer_ones_of_the_same_inputs() {
        let long = Cuid2::from_inputs(&Cuid2Inputs {
            length: 32,
            ..INPUTS
        })
        .unwrap();
        let short = Cuid2::from_inputs(&Cuid2Inputs {
            length: 10,
            ..INPUTS
        })
        .unwrap();
        assert!(long.as_str().starts_with(short.as_str()));
    }

    #[test]
    fn the_first_letter_must_be_lowercase() {
        for letter in [b'A', b'0', b'{', b'`', 0, 0xFF] {
            let err = Cuid2::from_inputs(&Cuid2Inputs {
                first_letter: letter,
                ..INPUTS
            })
            .unwrap_err();
            assert_eq!(
                (err.kind(), err.position()),
                (ErrorKind::Character, Some(0))
            );
        }
    }

    #[test]
    fn each_input_changes_the_id() {
        let base = Cuid2::from_inputs(&INPUTS).unwrap();
        let changed = [
            Cuid2Inputs {
                time_millis: 1_700_000_000_001,
                ..INPUTS
            },
            Cuid2Inputs {
                salt: "bbcdefghijklmnopqrstuvwx",
                ..INPUTS
            },
            Cuid2Inputs {
                counter: 476_782_367,
                ..INPUTS
            },
            Cuid2Inputs {
                fingerprint: "1123456789abcdefghijklmnopqrstuv",
                ..INPUTS
            },
        ];
        for inputs in changed {
            assert_ne!(Cuid2::from_inputs(&inputs).unwrap(), base, "{inputs:?}");
        }
    }
}
