//! What every id format shares ([`IdFormat`]), and typed ids ([`TypedId`]): newtypes over a
//! format, made with the derive macros, whose text carries a prefix (`post_3jzfcijpj2z2a`).

mod api;
pub mod checks;
pub(crate) mod ext;
pub(crate) mod format;
pub(crate) mod support;
pub(crate) mod text_form;

pub use format::{Column, FixedSizeFormat, IdFormat};

use core::{fmt, hash::Hash, str::FromStr};

use crate::{
    Error,
    error::{Repr, ValidationReason},
};

/// A typed id: a newtype over an [`IdFormat`] made by one of the derive macros (the `derive`
/// feature), with a prefix in its text.
///
/// The derive implements it, and also gives the type inherent `const` methods of the same
/// names (`from_inner_unchecked`, `as_inner`, `into_inner`), usable without the trait in
/// scope and in `const` items. `PREFIX`, `SEPARATOR`, [`parse`](TypedId::parse) and
/// [`parse_unchecked`](TypedId::parse_unchecked) are the trait's alone. What a typed id does
/// as its format (`now()`, `timestamp_micros()`, the ranges) is the format's extension trait,
/// implemented for every typed id of the format: [`TypedTid`](crate::tid::TypedTid) for a
/// typed TID, and so on; [`prelude`](crate::prelude) imports them all.
///
/// The text is `PREFIX`, `SEPARATOR`, then the inner format's text (`post_3jzfcijpj2z2a`), or
/// the bare inner text when `PREFIX` is empty. Order, equality and hash are the inner id's.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use idtypes::{IdFormat, TypedId};
///
/// #[derive(idtypes::Tid)]
/// #[idtype(prefix = "post")]
/// struct PostId(idtypes::Tid);
///
/// fn describe<T: TypedId>(id: &T) -> String {
///     format!("{} {} ({})", T::TYPE_NAME, id, &*id.as_inner().encode())
/// }
///
/// let id: PostId = "post_3jzfcijpj2z2a".parse()?;
/// assert_eq!(describe(&id), "PostId post_3jzfcijpj2z2a (3jzfcijpj2z2a)");
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedId:
    Sized + Clone + Eq + Ord + Hash + fmt::Debug + fmt::Display + FromStr<Err = Error>
{
    /// The format inside.
    type Inner: IdFormat;

    /// Whether the type has checks (a `validate` function, a record key type), which may
    /// refuse an id of its format: [`Unchecked`](checks::Unchecked) or
    /// [`Checked`](checks::Checked). It sets what the constructors of the format's
    /// extension trait return ([`Made<Self>`](checks::Made)): `Self`, or `Result<Self,
    /// Error>`.
    type Checks: checks::Checks;

    /// The type's name, as errors give it ([`Error::type_name`]).
    const TYPE_NAME: &'static str;

    /// The prefix of the text (lowercase ASCII letters, digits and `_`), or `""` for none.
    const PREFIX: &'static str;

    /// What stands between the prefix and the inner text: `_`, the default, unless the type
    /// says otherwise (`#[idtype(separator = "-")]`); unused when there is no prefix.
    const SEPARATOR: &'static str = "_";

    /// What decoding a database value does (sqlx and postgres-types, `AsText` included): run
    /// the type's checks, or trust the stored value. `#[idtype(decode = "trust")]` sets
    /// [`CheckPolicy::Trust`]; the default is [`CheckPolicy::Check`].
    const DECODE: CheckPolicy = CheckPolicy::Check;

    /// What deserializing does (the serde integration): run the type's checks, or trust the
    /// input. `#[idtype(deserialize = "trust")]` sets [`CheckPolicy::Trust`]; the default is
    /// [`CheckPolicy::Check`].
    const DESERIALIZE: CheckPolicy = CheckPolicy::Check;

    /// Whether the type has a `validate` function, which may refuse ids its format accepts.
    /// What documents the type (its JSON Schema, its OpenAPI schema) says so. The derive
    /// writes it; not public API.
    #[doc(hidden)]
    const HAS_VALIDATE: bool = false;

    /// A typed record key's record key type, as its Lexicon names it (`tid`, `nsid`,
    /// `literal:self`, `any`): what its schemas describe. `any` for every other type. The
    /// derive writes it; not public API.
    #[doc(hidden)]
    const KEY_TYPE: &'static str = "any";

    /// Whether serde's binary formats get the prefixed text (`true`) or the inner id's raw
    /// form: the inner format's choice, unless `#[idtype(serde = "text")]` or
    /// `#[idtype(serde = "raw")]` makes another (the serde integration's
    /// `SerdeId::TEXT_IN_BINARY`). The derive writes it; not public API.
    #[doc(hidden)]
    const SERDE_TEXT: bool = <Self::Inner as format::sealed::Sealed>::SERDE_TEXT;

    /// How the id inside reads and writes as text, after the prefix: the inner format's own
    /// text, unless the type chooses another (`#[idtype(text = "hyphenated")]` on a typed
    /// UUID). The derive writes it; not public API.
    #[doc(hidden)]
    const TEXT: text_form::TextForm<Self::Inner> = text_form::TextForm::FORMAT;

    /// The typed id holding `inner`, once the type's checks (its `validate` function, a record
    /// key's `key_type`) accept it.
    ///
    /// # Errors
    ///
    /// The check's error: [`ErrorKind::Validation`](crate::ErrorKind::Validation) from a
    /// `validate` function, the [`RecordKeyType`](crate::record_key::RecordKeyType) error for a record key
    /// of the wrong type.
    ///
    /// The default is for a type without checks: it wraps `inner`
    /// ([`from_inner_unchecked`](TypedId::from_inner_unchecked)).
    #[inline]
    fn try_from_inner(inner: Self::Inner) -> Result<Self, Error> {
        Ok(Self::from_inner_unchecked(inner))
    }

    /// The typed id holding `inner`, without running the type's checks: for values the
    /// program already knows to be good (read back from its own store, say) or must read
    /// whatever they are (rows written before a rule was tightened). The value may break the
    /// type's rules; nothing else about it is unsafe.
    fn from_inner_unchecked(inner: Self::Inner) -> Self;

    /// The id inside.
    fn as_inner(&self) -> &Self::Inner;

    /// The id inside, by value.
    fn into_inner(self) -> Self::Inner;

    /// Parses the prefixed text (what `str::parse` does): the prefix, the separator, the
    /// inner format's text, then the type's checks.
    ///
    /// # Errors
    ///
    /// A missing or different prefix, a bad separator, the inner format's error (positioned
    /// in the whole text), or the type's check.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "derive")] {
    /// use idtypes::prelude::*;
    ///
    /// #[derive(idtypes::Tid)]
    /// #[idtype(prefix = "post")]
    /// struct PostId(idtypes::Tid);
    ///
    /// let id = PostId::parse("post_3jzfcijpj2z2a")?;
    /// assert_eq!(id.to_string(), "post_3jzfcijpj2z2a");
    ///
    /// let err = PostId::parse("user_3jzfcijpj2z2a").unwrap_err();
    /// assert_eq!(err.kind(), idtypes::ErrorKind::Prefix);
    /// # }
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    fn parse(text: &str) -> Result<Self, Error> {
        support::parse::<Self>(text)
    }

    /// Parses the prefixed text like [`parse`](TypedId::parse), but without the type's checks
    /// (its `validate` function, a record key's `key_type`): the prefix, the separator and the
    /// inner format are still read strictly. For text the program wrote itself, or must read
    /// whatever it is.
    ///
    /// # Errors
    ///
    /// A missing or different prefix, a bad separator, or the inner format's error.
    ///
    /// # Examples
    ///
    /// ```
    /// # #[cfg(feature = "derive")] {
    /// use idtypes::prelude::*;
    ///
    /// fn recent(tid: &idtypes::Tid) -> Result<(), &'static str> {
    ///     if tid.timestamp_micros() < 1_700_000_000_000_000 {
    ///         return Err("made before November 2023");
    ///     }
    ///     Ok(())
    /// }
    ///
    /// #[derive(idtypes::Tid)]
    /// #[idtype(prefix = "post", validate = recent)]
    /// struct PostId(idtypes::Tid);
    ///
    /// assert!(PostId::parse("post_2222222222222").is_err());
    /// let old = PostId::parse_unchecked("post_2222222222222")?;
    /// assert_eq!(old.as_inner().timestamp_micros(), 0);
    /// assert!(PostId::parse_unchecked("user_2222222222222").is_err());
    /// # }
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    fn parse_unchecked(text: &str) -> Result<Self, Error> {
        support::parse_unchecked::<Self>(text)
    }
}

/// Whether a typed id read from outside the program (a database row, a deserialized
/// document) runs the type's checks ([`TypedId::DECODE`], [`TypedId::DESERIALIZE`]).
///
/// Checking is the default. Trusting suits a column the program alone writes, whose rule may
/// later be tightened: old rows still read, where checking would fail the whole query on
/// one of them. The inner format is read strictly either way: a malformed value is an error.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use idtypes::{CheckPolicy, TypedId};
///
/// fn recent(tid: &idtypes::Tid) -> Result<(), &'static str> {
///     if tid.timestamp_micros() < 1_700_000_000_000_000 {
///         return Err("made before November 2023");
///     }
///     Ok(())
/// }
///
/// #[derive(idtypes::Tid)]
/// #[idtype(prefix = "post", validate = recent, decode = "trust")]
/// struct PostId(idtypes::Tid);
///
/// assert_eq!(PostId::DECODE, CheckPolicy::Trust);
/// assert_eq!(PostId::DESERIALIZE, CheckPolicy::Check);
/// # }
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CheckPolicy {
    /// Run the type's checks; a value they refuse is an error.
    Check,
    /// Take the value as it is, without the type's checks.
    Trust,
}

/// What a typed id's `validate` function may return as its error: any error type
/// (`core::error::Error + Send + Sync + 'static`), kept whole as the
/// [`source`](core::error::Error::source) of this crate's [`Error`], or a `String` or
/// `&'static str` reason. Without `alloc`, any `Display` type, kept as text.
///
/// It is implemented for every such type; there is nothing to implement.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use core::fmt;
/// use idtypes::TypedId;
///
/// #[derive(Debug)]
/// struct TooOld {
///     micros: u64,
/// }
///
/// impl fmt::Display for TooOld {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "made at {} µs, before the service existed", self.micros)
///     }
/// }
///
/// impl core::error::Error for TooOld {}
///
/// fn recent(tid: &idtypes::Tid) -> Result<(), TooOld> {
///     match tid.timestamp_micros() {
///         micros if micros < 1_700_000_000_000_000 => Err(TooOld { micros }),
///         _ => Ok(()),
///     }
/// }
///
/// #[derive(idtypes::Tid)]
/// #[idtype(prefix = "post", validate = recent)]
/// struct PostId(idtypes::Tid);
///
/// let err = PostId::parse("post_2222222222222").unwrap_err();
/// let source = core::error::Error::source(&err).unwrap();
/// assert_eq!(source.downcast_ref::<TooOld>().unwrap().micros, 0);
/// # }
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` cannot be the error of a typed id's `validate` function",
    label = "the `validate` function's error type",
    note = "a `validate` function is `fn(&Inner) -> Result<(), E>` where `E` is an error type \
            (`core::error::Error + Send + Sync + 'static`), a `String` or a `&'static str`"
)]
pub trait ValidationError: validation_error::Sealed {
    /// This crate's error for a typed id of the format `format`, keeping `self` as its reason
    /// (the caller names the typed id).
    #[doc(hidden)]
    fn into_error(self, format: &'static str) -> Error;
}

pub(crate) mod validation_error {
    pub trait Sealed {}
}

#[cfg(feature = "alloc")]
impl<E: Into<alloc::boxed::Box<dyn core::error::Error + Send + Sync>>> validation_error::Sealed
    for E
{
}

#[cfg(feature = "alloc")]
impl<E: Into<alloc::boxed::Box<dyn core::error::Error + Send + Sync>>> ValidationError for E {
    fn into_error(self, format: &'static str) -> Error {
        let reason = ValidationReason::new(self.into());
        Error::new(
            format,
            Repr::from(crate::error::OutOfLine::Validation { reason }),
        )
    }
}

#[cfg(not(feature = "alloc"))]
impl<E: fmt::Display> validation_error::Sealed for E {}

#[cfg(not(feature = "alloc"))]
impl<E: fmt::Display> ValidationError for E {
    fn into_error(self, format: &'static str) -> Error {
        let reason = ValidationReason::new(&self);
        Error::new(format, Repr::Validation { reason })
    }
}
