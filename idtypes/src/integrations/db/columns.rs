//! What the database integrations (sqlx, postgres-types, SeaORM, rusqlite, diesel) share: how a
//! 64-bit id becomes an integer (`IntegerColumn`), the errors for a value in the wrong kind of
//! column, of the wrong size or out of range, each database's kinds of column as errors name
//! them, and a typed id's prefixed text on the stack. One wording for all, so that a wrong
//! column reads the same whichever client found it.
//!
//! # Integers
//!
//! A 64-bit id is stored as a signed 64-bit integer, [`Column::to_signed`](crate::Column::to_signed)
//! of its bits, on every database (`BIGINT`, SQLite's `INTEGER`), so that every client
//! (sqlx, postgres-types, and ORMs whose values do not know their database) stores the same
//! number.

// SeaORM alone (without an sqlx feature, whose decoding it uses when it has one) leaves some
// of these helpers unused.
#![cfg_attr(
    all(
        feature = "sea-orm",
        not(any(
            feature = "sqlx-postgres",
            feature = "sqlx-mysql",
            feature = "sqlx-sqlite",
            feature = "postgres-types",
            feature = "rusqlite",
            feature = "diesel-postgres",
            feature = "diesel-mysql",
            feature = "diesel-sqlite"
        ))
    ),
    allow(dead_code)
)]

use crate::{FixedSizeFormat, TypedId};

/// A 64-bit format whose ids are stored as integers ([`Column::Natural`](crate::Column::Natural) or
/// [`Column::Flipped`](crate::Column::Flipped)).
pub(crate) trait IntegerColumn: FixedSizeFormat<Bytes = [u8; 8]> {}

/// Implements [`IntegerColumn`] for the formats whose `column` is an integer.
macro_rules! integer_column {
    ($ty:ident, bytes) => {};
    ($ty:ident, uuid) => {};
    ($ty:ident, $column:ident) => {
        impl IntegerColumn for crate::$ty {}
    };
}

crate::formats::for_each_column!(integer_column);

/// A value stored as the big-endian bytes of a fixed-size id: a TBSL, or any id (typed ids
/// too) in [`AsBytes`](crate::AsBytes).
pub(crate) trait BytesColumn: Sized {
    /// The id whose bytes are stored.
    type Format: FixedSizeFormat;
    /// What errors call the value: its format's name, or a typed id's.
    const NAME: &'static str;
    /// The id to store.
    fn id(&self) -> Self::Format;
    /// The value an id read back is (for a typed id, after its checks).
    fn from_id(id: Self::Format) -> Result<Self, crate::Error>;

    /// The native type of the PostgreSQL extension whose values are these bytes (a format's
    /// own, [`FixedSizeFormat::POSTGRES_TYPE`]), read as well as the bytes column; `None` for
    /// a value in `AsBytes`, whose column is bytes alone.
    #[cfg(any(feature = "sqlx-postgres", feature = "postgres-types"))]
    const POSTGRES_TYPE: Option<&'static str> = None;

    /// The error of stored bytes the format refused, as the value reports it (a typed id's
    /// names the typed id too).
    fn refused(error: crate::Error) -> crate::Error {
        error
    }
}

/// Implements [`BytesColumn`] for the formats whose `column` is bytes (`bytes`, and `uuid`
/// outside PostgreSQL).
macro_rules! bytes_format {
    ($ty:ident, bytes) => {
        bytes_format!($ty);
    };
    ($ty:ident, uuid) => {
        bytes_format!($ty);
    };
    ($ty:ident, $column:ident) => {};
    ($ty:ident) => {
        impl BytesColumn for crate::$ty {
            type Format = crate::$ty;
            const NAME: &'static str = <crate::$ty as crate::IdFormat>::NAME;

            fn id(&self) -> crate::$ty {
                *self
            }

            fn from_id(id: crate::$ty) -> Result<Self, crate::Error> {
                Ok(id)
            }

            #[cfg(any(feature = "sqlx-postgres", feature = "postgres-types"))]
            const POSTGRES_TYPE: Option<&'static str> =
                Some(<crate::$ty as FixedSizeFormat>::POSTGRES_TYPE);
        }
    };
}

crate::formats::for_each_column!(bytes_format);

/// The `uuid` crate's `Uuid` inside a typed UUID, as 16 bytes (`BINARY(16)`, a `BLOB`;
/// PostgreSQL's `uuid` holds the same bytes), read with this crate's checks and errors.
#[cfg(feature = "uuid")]
impl BytesColumn for uuid::Uuid {
    type Format = uuid::Uuid;
    const NAME: &'static str = <uuid::Uuid as crate::IdFormat>::NAME;

    fn id(&self) -> uuid::Uuid {
        *self
    }

    fn from_id(id: uuid::Uuid) -> Result<Self, crate::Error> {
        Ok(id)
    }
}

/// `AsBytes` of each fixed-size format.
macro_rules! as_bytes_column {
    ($ty:ident) => {
        impl BytesColumn for crate::AsBytes<crate::$ty> {
            type Format = crate::$ty;
            const NAME: &'static str = <crate::$ty as crate::IdFormat>::NAME;

            fn id(&self) -> crate::$ty {
                self.0
            }

            fn from_id(id: crate::$ty) -> Result<Self, crate::Error> {
                Ok(crate::AsBytes(id))
            }
        }
    };
}

crate::formats::for_each_fixed_format!(as_bytes_column);

/// A typed id as bytes: its inner id's, without the prefix, checked as its
/// [`TypedId::DECODE`] policy says when read.
impl<T: TypedId> BytesColumn for crate::AsBytes<T>
where
    T::Inner: FixedSizeFormat,
{
    type Format = T::Inner;
    const NAME: &'static str = T::TYPE_NAME;

    fn id(&self) -> T::Inner {
        *self.0.as_inner()
    }

    fn from_id(id: T::Inner) -> Result<Self, crate::Error> {
        crate::typed::support::from_inner_as(id, T::DECODE).map(crate::AsBytes)
    }

    fn refused(error: crate::Error) -> crate::Error {
        crate::typed::support::stored_error::<T>(error)
    }
}

/// The value a column's bytes hold, or an error naming it and what was wrong.
pub(crate) fn from_bytes_column<T: BytesColumn>(bytes: &[u8]) -> Result<T, BoxError> {
    let id = from_column::<T::Format>(bytes).map_err(T::refused)?;
    Ok(T::from_id(id)?)
}

/// The id's bits: its big-endian bytes as one unsigned integer.
#[inline]
pub(crate) fn to_unsigned<T: IntegerColumn>(id: T) -> u64 {
    u64::from_be_bytes(id.to_bytes())
}

/// The id whose bits are `bits` (an error for bits the format refuses: a snowish id's
/// reserved bit).
#[inline]
pub(crate) fn from_unsigned<T: IntegerColumn>(bits: u64) -> Result<T, BoxError> {
    Ok(T::try_from_bytes(bits.to_be_bytes())?)
}

/// The id as a signed column holds it: its bits (`natural`, refusing the top bit) or its bits
/// with the top one flipped (`flipped`).
#[inline]
pub(crate) fn to_signed<T: IntegerColumn>(id: T) -> Result<i64, BoxError> {
    T::COLUMN
        .to_signed(to_unsigned(id))
        .ok_or_else(|| too_large(id))
}

/// The id a signed column's `value` holds: the inverse of [`to_signed`], refusing a negative
/// value in a `natural` column.
#[inline]
pub(crate) fn from_signed<T: IntegerColumn>(value: i64) -> Result<T, BoxError> {
    match T::COLUMN.from_signed(value) {
        Some(bits) => from_unsigned(bits),
        None => Err(negative::<T>(value)),
    }
}

/// The id a signed column's value holds, from the value's 8 big-endian bytes (the binary
/// form of `BIGINT` and of the extension's types like it): this crate's
/// [`ErrorKind::Length`](crate::ErrorKind::Length) for another number of bytes.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "postgres-types",
    feature = "diesel-postgres"
))]
pub(crate) fn from_signed_bytes<T: IntegerColumn>(bytes: &[u8]) -> Result<T, BoxError> {
    let Ok(eight) = <[u8; 8]>::try_from(bytes) else {
        return Err(Box::new(crate::Error::new(
            T::NAME,
            crate::error::Repr::ByteLength {
                expected: 8,
                found: bytes.len(),
            },
        )));
    };
    from_signed(i64::from_be_bytes(eight))
}

/// Whether a PostgreSQL type named `name` is the extension's native type `native`
/// ([`FixedSizeFormat::POSTGRES_TYPE`]): by its bare name (postgres-types', or sqlx's for a
/// type on the search path) or by its name qualified by its schema (sqlx's for a type outside
/// the search path: `idtypes.atproto_tid`, `"My Schema".atproto_tid`).
#[cfg(any(feature = "sqlx-postgres", feature = "postgres-types"))]
pub(crate) fn is_postgres_type(name: &str, native: &str) -> bool {
    // A type's own name here is an identifier PostgreSQL never quotes (lowercase letters,
    // digits and `_`), so the last `.` ends the schema's.
    name == native || name.rsplit_once('.').is_some_and(|(_, bare)| bare == native)
}

/// The error for an id with its top bit set, which a signed `natural` column cannot hold.
#[cold]
fn too_large<T: IntegerColumn>(id: T) -> BoxError {
    format!(
        "{} {} `{}` does not fit a signed 64-bit column (BIGINT, INTEGER): its integer is {}, \
         above 2^63 - 1, where the format's layout keeps the top bit 0 and no generator goes; \
         store such ids with AsText or AsBytes",
        T::ARTICLE,
        T::NAME,
        id.encode(),
        to_unsigned(id),
    )
    .into()
}

/// What a `natural` column holds: the ids' own integers, 0 and up.
static NATURAL_INTEGERS: crate::error::Bounds = crate::error::Bounds {
    part: "column value",
    min: 0,
    max: i64::MAX as i128,
};

/// The error for a negative value in a `natural` column, which holds integers of 0 and up:
/// this crate's [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange), naming the format.
#[cold]
fn negative<T: IntegerColumn>(value: i64) -> BoxError {
    Box::new(NATURAL_INTEGERS.refuse(T::NAME, i128::from(value)))
}

/// The error of sqlx (`BoxDynError`), of postgres-types and of diesel alike.
pub type BoxError = Box<dyn core::error::Error + Send + Sync>;

/// PostgreSQL's bytes column, as errors name it.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "postgres-types",
    feature = "diesel-postgres"
))]
pub(crate) const POSTGRES_BYTES: &str = "BYTEA";

/// PostgreSQL's integer column, as errors name it.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "postgres-types",
    feature = "diesel-postgres"
))]
pub(crate) const POSTGRES_INTEGER: &str = "BIGINT (INT8)";

/// PostgreSQL's text columns, as errors name them.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "postgres-types",
    feature = "diesel-postgres"
))]
pub(crate) const POSTGRES_TEXT: &str = "text (TEXT, VARCHAR or CHAR)";

/// PostgreSQL's `uuid` column (of the 128-bit formats), as errors name it.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "postgres-types",
    feature = "diesel-postgres"
))]
pub(crate) const POSTGRES_UUID: &str = "UUID";

/// MySQL's bytes columns, as errors name them.
#[cfg(any(feature = "sqlx-mysql", feature = "diesel-mysql"))]
pub(crate) const MYSQL_BYTES: &str = "binary data (BINARY, VARBINARY or BLOB)";

/// MySQL's text columns, as errors name them.
#[cfg(any(feature = "sqlx-mysql", feature = "diesel-mysql"))]
pub(crate) const MYSQL_TEXT: &str = "text (CHAR, VARCHAR or TEXT, not of the binary character set)";

/// The MySQL integer columns a format `T` reads, as errors name them: a signed `BIGINT` for
/// every format ([`Column::to_signed`](crate::Column::to_signed) of the bits), and for the
/// natural formats (TID, snowish) a `BIGINT UNSIGNED` too (their bits).
#[cfg(any(feature = "sqlx-mysql", feature = "diesel-mysql"))]
pub(crate) fn mysql_integers<T: IntegerColumn>() -> &'static str {
    if T::COLUMN == crate::Column::Natural {
        "an integer (BIGINT, or BIGINT UNSIGNED)"
    } else {
        "a signed integer (BIGINT: the bits with the top one flipped)"
    }
}

/// SQLite's kinds of value (its storage classes, not a column's declared type), as errors name
/// them: sqlx's, rusqlite's and diesel's alike.
#[cfg(any(
    feature = "sqlx-sqlite",
    feature = "rusqlite",
    feature = "diesel-sqlite"
))]
pub(crate) mod sqlite {
    /// A bytes value.
    pub(crate) const BYTES: &str = "a BLOB value";
    /// A text value.
    pub(crate) const TEXT: &str = "a TEXT value";
    /// An integer value.
    pub(crate) const INTEGER: &str = "an INTEGER value";

    /// A value of the storage class `name` (`INTEGER`, `TEXT`, ...).
    #[cfg(feature = "sqlx-sqlite")]
    pub(crate) fn value(name: &str) -> String {
        let article = match name.as_bytes().first() {
            Some(b'A' | b'E' | b'I' | b'O' | b'U') => "an",
            _ => "a",
        };
        format!("{article} {name} value")
    }
}

/// `name` (the format or typed id) read from, or written to, a column of type `found` where
/// it needs one of the kind `expected`.
#[cold]
pub(crate) fn wrong_column(name: &str, expected: &str, found: &str) -> BoxError {
    format!("{name} in a column of the wrong type: expected {expected}, found {found}").into()
}

/// The id a column's bytes hold, or an error naming the format and what was wrong: this
/// crate's [`ErrorKind::Length`](crate::ErrorKind::Length) for another number of bytes.
pub(crate) fn from_column<T: FixedSizeFormat>(bytes: &[u8]) -> Result<T, crate::Error> {
    let Ok(array) = T::Bytes::try_from(bytes) else {
        return Err(crate::Error::new(
            T::NAME,
            crate::error::Repr::ByteLength {
                expected: core::mem::size_of::<T::Bytes>(),
                found: bytes.len(),
            },
        ));
    };
    T::try_from_bytes(array)
}

/// A typed id's error for a stored value its inner id refused: this crate's error of the
/// inner id (as it is, or in [`Refused`]), naming the typed id too (`UserId: invalid UUID:
/// expected 16 bytes, found 15 bytes`); any other error (the driver's, a wrong column's) as
/// it is.
pub(crate) fn typed_error<T: TypedId>(error: BoxError) -> BoxError {
    use crate::typed::support::stored_error;
    match error.downcast::<crate::Error>() {
        Ok(error) => Box::new(stored_error::<T>(*error)),
        Err(other) => match other.downcast::<Refused>() {
            Ok(refused) => Box::new(Refused(stored_error::<T>(refused.0))),
            Err(other) => other,
        },
    }
}

/// This crate's error of a stored value, for the clients whose own error hides the error it
/// holds from `source()` (diesel's `DeserializationError` gives its boxed error's source,
/// SeaORM's `DbErr::TryIntoErr` an `Arc` whose source is its error's): the error's message,
/// and the error as its `source()`, so that walking any client's error's sources finds this
/// crate's [`Error`](crate::Error), as it does through sqlx's and rusqlite's.
#[derive(Debug)]
pub(crate) struct Refused(pub(crate) crate::Error);

impl core::fmt::Display for Refused {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

impl core::error::Error for Refused {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        Some(&self.0)
    }
}

/// A boxed error of this crate in [`Refused`] (diesel's errors); any other as it is.
#[cfg(any(
    feature = "diesel-postgres",
    feature = "diesel-mysql",
    feature = "diesel-sqlite"
))]
#[cold]
pub(crate) fn refused(error: BoxError) -> BoxError {
    match error.downcast::<crate::Error>() {
        Ok(error) => Box::new(Refused(*error)),
        Err(other) => other,
    }
}

/// The longest typed id text: a 63-byte prefix, an 8-byte separator, a 512-byte record key.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite",
    feature = "postgres-types",
    feature = "rusqlite",
    feature = "diesel-postgres",
    feature = "diesel-mysql",
    feature = "diesel-sqlite"
))]
const TYPED_TEXT_CAPACITY: usize = 600;

/// A typed id's prefixed text (`post_3jzfcijpj2z2a`), what `AsText<T>` stores, on the stack.
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite",
    feature = "postgres-types",
    feature = "rusqlite",
    feature = "diesel-postgres",
    feature = "diesel-mysql",
    feature = "diesel-sqlite"
))]
pub(crate) fn typed_text<T: TypedId>(
    id: &T,
) -> Result<crate::typed::support::StackText<TYPED_TEXT_CAPACITY>, BoxError> {
    let mut text = crate::typed::support::StackText::new();
    core::fmt::Write::write_fmt(&mut text, format_args!("{id}"))
        .map_err(|_| "a typed id's text is longer than any prefix and id allow")?;
    Ok(text)
}

/// Invokes an integration's `$text_column!([$generics] $ty, $name, $text, $parse)` for every
/// type stored as text: the record key, [`AsText`](crate::AsText) of each fixed-size format,
/// and each text row of the table (a NanoID, whose text is the id), with its generics.
/// `$name` names the type in errors, `$text` gives a value's text, `$parse` reads it.
macro_rules! text_columns {
    ($text_column:ident) => {
        $text_column!(
            [] crate::RecordKey,
            <crate::RecordKey as crate::IdFormat>::NAME,
            crate::RecordKey::as_str,
            crate::RecordKey::parse
        );
        macro_rules! as_text {
            ($ty:ident) => {
                $text_column!(
                    [] crate::AsText<crate::$ty>,
                    <crate::$ty as crate::IdFormat>::NAME,
                    |id: &crate::AsText<crate::$ty>| crate::IdFormat::encode(&id.0),
                    |text| <crate::$ty as core::str::FromStr>::from_str(text).map(crate::AsText)
                );
            };
        }
        crate::formats::for_each_fixed_format!(as_text);
        crate::formats::for_each_text_format!($crate::integrations::db::columns::text_row_column, $text_column);
    };
}

/// `$text_column!` (an integration's, see [`text_columns`]) for the text row `$ty`.
macro_rules! text_row_column {
    ($text_column:ident [$($generics:tt)*] $ty:ty) => {
        $text_column!(
            [$($generics)*] $ty,
            <$ty as crate::IdFormat>::NAME,
            <$ty as crate::IdFormat>::encode,
            <$ty as crate::IdFormat>::parse_text
        );
    };
}

pub(crate) use text_row_column;

pub(crate) use text_columns;
