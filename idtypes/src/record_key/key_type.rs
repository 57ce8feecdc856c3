//! [`RecordKeyType`]: the key scheme a Lexicon record declares (`tid`, `nsid`, `literal:<v>`,
//! `any`), and checking keys against it.

use core::{fmt, str::FromStr};

use super::{RecordKey, nsid};
use crate::{Error, Tid, error::Repr};

const FORMAT: &str = "atproto record key type";

/// The text as schemas state it: `tid`, `nsid`, `any` or `literal:` and a record key.
#[cfg(any(feature = "schemars", feature = "utoipa", feature = "utoipa6"))]
pub(crate) const TEXT_SCHEMA: crate::text::schema::TextSchema = crate::text::schema::TextSchema {
    pattern: concat!("(?:tid|nsid|any|literal:", super::syntax::pattern!(), ")"),
    min_len: 3,
    max_len: "literal:".len() + RecordKey::MAX_LEN,
    description: "An atproto record key type, as a Lexicon names it: `tid`, `nsid`, `any`, or \
                  `literal:` then the one key allowed (an atproto record key).",
    example: "tid",
    words: "`tid`, `nsid`, `any` or `literal:` and a record key",
    spec_url: super::syntax::TEXT_SCHEMA.spec_url,
};

/// The record-key type of a Lexicon record schema: which keys a collection accepts.
///
/// | type | accepts |
/// |---|---|
/// | `tid` | keys with valid TID syntax |
/// | `nsid` | keys with valid NSID syntax (`app.bsky.feed.post`) |
/// | `literal:<value>` | exactly `<value>`, case-sensitive (usually `literal:self`) |
/// | `any` | any valid record key |
///
/// The atproto specification says further types may be defined, hence `#[non_exhaustive]`.
///
/// # Examples
///
/// ```
/// use idtypes::RecordKey;
/// use idtypes::record_key::RecordKeyType;
///
/// let profile: RecordKeyType = "literal:self".parse()?;
/// assert_eq!(profile, RecordKeyType::Literal(RecordKey::SELF));
/// assert!(profile.matches(&RecordKey::SELF));
/// assert!(!profile.matches(&"Self".parse()?));
///
/// let posts: RecordKeyType = "tid".parse()?;
/// assert!(posts.matches(&"3jzfcijpj2z2a".parse()?));
/// assert_eq!(posts.to_string(), "tid");
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum RecordKeyType {
    /// `tid`: keys are TIDs.
    Tid,
    /// `nsid`: keys are NSIDs.
    Nsid,
    /// `literal:<value>`: the one key `<value>`.
    Literal(RecordKey),
    /// `any`: every valid record key.
    Any,
}

impl RecordKeyType {
    /// Parses the Lexicon string: `tid`, `nsid`, `any` or `literal:<value>`.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for anything else (the names are
    ///   case-sensitive);
    /// - the [`RecordKey`] error, positioned in the whole string, when the literal's value is
    ///   empty or not a valid record key.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::ErrorKind;
    /// use idtypes::record_key::RecordKeyType;
    ///
    /// assert_eq!(RecordKeyType::parse("nsid")?, RecordKeyType::Nsid);
    /// assert_eq!(RecordKeyType::parse("TID").unwrap_err().kind(), ErrorKind::Syntax);
    /// assert_eq!(RecordKeyType::parse("literal:").unwrap_err().kind(), ErrorKind::Length);
    /// let err = RecordKeyType::parse("literal:a/b").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Character, Some(9)));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn parse(text: &str) -> Result<RecordKeyType, Error> {
        match text {
            "tid" => Ok(RecordKeyType::Tid),
            "nsid" => Ok(RecordKeyType::Nsid),
            "any" => Ok(RecordKeyType::Any),
            _ => match text.strip_prefix("literal:") {
                Some(value) => RecordKey::parse(value)
                    .map(RecordKeyType::Literal)
                    .map_err(|err| err.shifted("literal:".len())),
                None => Err(Error::new(
                    FORMAT,
                    Repr::Syntax {
                        position: None,
                        rule: "expected `tid`, `nsid`, `any` or `literal:<value>`",
                    },
                )),
            },
        }
    }

    /// Checks `key` against this type.
    ///
    /// # Errors
    ///
    /// - `tid`: the [`Tid::parse`] error;
    /// - `nsid`: the NSID syntax error, naming the rule that failed;
    /// - `literal:<value>`: [`ErrorKind::Mismatch`](crate::ErrorKind::Mismatch), naming the
    ///   expected key.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, RecordKey};
    /// use idtypes::record_key::RecordKeyType;
    ///
    /// let key = RecordKey::parse("app.bsky.feed.post")?;
    /// assert!(RecordKeyType::Nsid.check(&key).is_ok());
    /// assert_eq!(RecordKeyType::Tid.check(&key).unwrap_err().kind(), ErrorKind::Length);
    /// let err = RecordKeyType::Literal(RecordKey::SELF).check(&key).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid atproto record key: expected `self`, the only one its type allows, \
    ///      found `app.bsky.feed.post`"
    /// );
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn check(&self, key: &RecordKey) -> Result<(), Error> {
        match self {
            RecordKeyType::Tid => Tid::parse(key.as_str()).map(drop),
            RecordKeyType::Nsid => nsid::validate(key.as_bytes()),
            RecordKeyType::Literal(value) if value == key => Ok(()),
            RecordKeyType::Literal(value) => Err(Error::new(
                super::syntax::FORMAT,
                Repr::mismatch(value.as_str(), key.as_str()),
            )),
            RecordKeyType::Any => Ok(()),
        }
    }

    /// Whether `key` is of this type.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::RecordKey;
    /// use idtypes::record_key::RecordKeyType;
    ///
    /// assert!(RecordKeyType::Any.matches(&RecordKey::parse("pre:fix")?));
    /// assert!(!RecordKeyType::Tid.matches(&RecordKey::SELF));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub fn matches(&self, key: &RecordKey) -> bool {
        self.check(key).is_ok()
    }
}

impl FromStr for RecordKeyType {
    type Err = Error;

    fn from_str(text: &str) -> Result<RecordKeyType, Error> {
        RecordKeyType::parse(text)
    }
}

impl TryFrom<&str> for RecordKeyType {
    type Error = Error;

    fn try_from(text: &str) -> Result<RecordKeyType, Error> {
        RecordKeyType::parse(text)
    }
}

impl fmt::Display for RecordKeyType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordKeyType::Tid => f.write_str("tid"),
            RecordKeyType::Nsid => f.write_str("nsid"),
            RecordKeyType::Literal(value) => write!(f, "literal:{value}"),
            RecordKeyType::Any => f.write_str("any"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use alloc::string::ToString;

    #[test]
    fn display_gives_the_lexicon_string_back() {
        for text in ["tid", "nsid", "any", "literal:self", "literal:pre:fix"] {
            assert_eq!(RecordKeyType::parse(text).unwrap().to_string(), text);
        }
    }

    #[test]
    fn literal_values_must_be_valid_keys() {
        assert_eq!(
            RecordKeyType::parse("literal:..").unwrap_err().kind(),
            ErrorKind::Reserved
        );
        let err = RecordKeyType::parse("literal:").unwrap_err();
        assert_eq!(
            err.to_string(),
            "invalid atproto record key: expected 1 to 512 bytes, found 0 bytes"
        );
    }

    #[test]
    fn names_are_case_sensitive_and_exact() {
        for text in ["", "Tid", "any ", "literal", "Literal:self", "record"] {
            let err = RecordKeyType::parse(text).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::Syntax, "{text:?}");
            assert_eq!(
                err.to_string(),
                "invalid atproto record key type: expected `tid`, `nsid`, `any` or `literal:<value>`"
            );
        }
    }

    #[test]
    fn literal_comparison_is_case_sensitive() {
        let ty = RecordKeyType::Literal(RecordKey::SELF);
        let err = ty.check(&RecordKey::parse("SELF").unwrap()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Mismatch);
    }
}
