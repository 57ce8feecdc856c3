//! What the database integrations (sqlx and postgres-types) share: the errors for a value in
//! the wrong kind of column or of the wrong size, PostgreSQL's kinds of column as errors name
//! them, and a typed id's prefixed text on the stack. One wording for both, so that a wrong
//! column reads the same whichever client found it.

use crate::{FixedSizeFormat, TypedId, typed::support::StackText};

/// The error of sqlx (`BoxDynError`) and of postgres-types alike.
pub type BoxError = Box<dyn core::error::Error + Send + Sync>;

/// PostgreSQL's bytes column, as errors name it.
#[cfg(any(feature = "sqlx-postgres", feature = "postgres-types"))]
pub(crate) const POSTGRES_BYTES: &str = "BYTEA";

/// PostgreSQL's text columns, as errors name them.
#[cfg(any(feature = "sqlx-postgres", feature = "postgres-types"))]
pub(crate) const POSTGRES_TEXT: &str = "text (TEXT, VARCHAR or CHAR)";

/// `name` (the format or typed id) read from, or written to, a column of type `found` where
/// it needs one of the kind `expected`.
#[cold]
pub(crate) fn wrong_column(name: &str, expected: &str, found: &str) -> BoxError {
    format!("{name} in a column of the wrong type: expected {expected}, found {found}").into()
}

/// The id a column's bytes hold, or an error naming the format and what was wrong.
pub(crate) fn from_column<T: FixedSizeFormat>(bytes: &[u8]) -> Result<T, BoxError> {
    let array = T::Bytes::try_from(bytes).map_err(|_| {
        format!(
            "a {} column holds {} bytes (big-endian), this value has {}",
            T::NAME,
            core::mem::size_of::<T::Bytes>(),
            bytes.len()
        )
    })?;
    Ok(T::try_from_bytes(array)?)
}

/// The longest typed id text: a 63-byte prefix, an 8-byte separator, a 512-byte record key.
const TYPED_TEXT_CAPACITY: usize = 600;

/// A typed id's prefixed text (`post_3jzfcijpj2z2a`), what `AsText<T>` stores, on the stack.
pub(crate) fn typed_text<T: TypedId>(id: &T) -> Result<StackText<TYPED_TEXT_CAPACITY>, BoxError> {
    let mut text = StackText::new();
    core::fmt::Write::write_fmt(&mut text, format_args!("{id}"))
        .map_err(|_| "a typed id's text is longer than any prefix and id allow")?;
    Ok(text)
}

/// Invokes an integration's `$text_column!($ty, $name, $text, $parse)` for every type stored
/// as text: the record key, and [`AsText`](crate::AsText) of each fixed-size format.
/// `$name` names the type in errors, `$text` gives a value's text, `$parse` reads it.
macro_rules! text_columns {
    ($text_column:ident) => {
        $text_column!(
            crate::RecordKey,
            <crate::RecordKey as crate::IdFormat>::NAME,
            crate::RecordKey::as_str,
            crate::RecordKey::parse
        );
        macro_rules! as_text {
            ($ty:ident) => {
                $text_column!(
                    crate::AsText<crate::$ty>,
                    <crate::$ty as crate::IdFormat>::NAME,
                    |id: &crate::AsText<crate::$ty>| crate::IdFormat::encode(&id.0),
                    |text| <crate::$ty as core::str::FromStr>::from_str(text).map(crate::AsText)
                );
            };
        }
        crate::formats::for_each_fixed_format!(as_text);
    };
}

pub(crate) use text_columns;
