//! [`ScalarId`], what every scalar of this module is, and the functions their impls call:
//! reading a value (a string, its text refused with the id's own message), writing one, and
//! the `ID` conversion. The impls (the formats' in `formats.rs`, typed ids' from the template
//! in `typed.rs`) stay one line each.

use std::string::String;

use async_graphql::{ID, InputType, InputValueError, InputValueResult, Value};

use crate::Error;

pub(super) mod sealed {
    /// Keeps [`ScalarId`](super::ScalarId) to the types this crate makes scalars of.
    pub trait Sealed {}
}

/// An id whose GraphQL scalar this crate writes: every id type but the `uuid` crate's `Uuid`
/// (see [UUIDs](super#uuids)), [`DynTypeId`](crate::uuids::DynTypeId) and every typed id. What
/// [`AsId`](super::AsId) takes. Sealed: there is nothing to implement.
///
/// Its scalar reads a string, the id's text (with a typed id's prefix), and writes the same
/// text.
///
/// # Examples
///
/// ```
/// use idtypes::{Tid, async_graphql::{AsId, ScalarId}};
///
/// fn as_graphql_id<T: ScalarId>(id: T) -> AsId<T> {
///     AsId(id)
/// }
///
/// let id = as_graphql_id(Tid::from_u64(1));
/// assert_eq!(id.to_string(), "2222222222223");
/// ```
pub trait ScalarId: sealed::Sealed + Sized + Send + Sync {
    /// Reads the id's text as its scalar does: `FromStr`, but a typed id's checks run as its
    /// `deserialize` policy says.
    #[doc(hidden)]
    fn read_text(text: &str) -> Result<Self, Error>;

    /// The text its scalar writes: what `Display` prints.
    #[doc(hidden)]
    fn write_text(&self) -> String;
}

/// Reads a scalar's value: a string, parsed as the id's text. Anything else is refused as
/// async-graphql refuses a value of the wrong type (`Expected input type "PostId", found
/// 42.`), and a text that is not an id with the id's own message (see `refused`).
pub fn parse<T: ScalarId + InputType>(value: Value) -> InputValueResult<T> {
    match value {
        Value::String(text) => T::read_text(&text).map_err(|err| refused(&err)),
        other => Err(InputValueError::expected_type(other)),
    }
}

/// [`parse`] for `InputType::parse`, whose value is `None` when an argument is left out
/// (refused as `null` is).
pub fn parse_input<T: ScalarId + InputType>(value: Option<Value>) -> InputValueResult<T> {
    parse(value.unwrap_or_default())
}

/// Whether validation lets a value through to [`parse`]: any string, since only parsing says
/// what is wrong with a text (validation's own message would be only `expected type
/// "PostId"`); a value of another type, in the query (`post(id: 42)`) or the variables, is
/// refused there.
pub fn is_valid(value: &Value) -> bool {
    matches!(value, Value::String(_))
}

/// The scalar's value: the id's text.
pub fn to_value<T: ScalarId>(id: &T) -> Value {
    Value::String(id.write_text())
}

/// The id an [`ID`] holds, parsed as the scalar parses its text: what `TryFrom<ID>` calls.
///
/// # Errors
///
/// The id's error, as [`FromStr`](core::str::FromStr) gives it.
pub fn from_id<T: ScalarId>(id: ID) -> Result<T, Error> {
    T::read_text(&id)
}

/// The input error of a text `T` refused: async-graphql's `Failed to parse "PostId": ` then
/// the id's own message (what was expected, what was found, where), with the error's kind and
/// its position in the text, when it has one, as the extensions `kind` and `position` (named
/// as the axum integration's problem details name them).
#[cold]
pub(super) fn refused<T: InputType>(err: &Error) -> InputValueError<T> {
    let refused =
        InputValueError::custom(err).with_extension("kind", crate::error::kind_name(err.kind()));
    match err.position() {
        Some(position) => refused.with_extension("position", position),
        None => refused,
    }
}
