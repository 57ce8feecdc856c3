//! `sqlx`: every id type as a column of PostgreSQL, MySQL/MariaDB and SQLite.
//!
//! # Storage
//!
//! Fixed-size ids are stored as their **big-endian bytes**: byte order is the id's `Ord` on
//! all three databases, with no collation involved and no trouble with values above
//! `i64::MAX` (TIDs and uid11s use all 64 bits; pre-1970 TimeIds are negative `i64`s that a
//! `BIGINT` would sort first, against the id order).
//!
//! | type | PostgreSQL | MySQL / MariaDB | SQLite |
//! |---|---|---|---|
//! | `Tid`, `TimeId`, `Uid11`, `Xid`, `Snowish`, `TsSeqRand`, `FullRand` | `BYTEA` (8 bytes) | `BINARY(8)` | `BLOB` |
//! | `Tbsl` | `BYTEA` (10 bytes) | `BINARY(10)` | `BLOB` |
//! | `RecordKey` | `TEXT COLLATE "C"` | `VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
//! | [`AsText<T>`](crate::AsText) (any of the fixed-size ids, as text) | `TEXT COLLATE "C"` | `VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
//!
//! Text columns must compare bytes: PostgreSQL's linguistic collations (`en_US`) and MySQL's
//! `_ci` collations order Base58 and record keys wrongly (`a` = `A`), hence the `COLLATE`s.
//!
//! MySQL pads a `BINARY(n)` value shorter than `n` with zero bytes, so such a column only ever
//! holds `n` bytes; bind ids (not raw byte strings) to keep its content meaningful.
//!
//! Decoding checks the content: a column of the wrong length, a malformed text or a snowish
//! payload with its reserved bit set is an error naming the type, never a panic. PostgreSQL
//! values decode in both the binary and the text protocol; fixed-size ids also have
//! `PgHasArrayType` (`BYTEA[]`).

use core::fmt;

use sqlx::{Decode, Encode, Type, encode::IsNull, error::BoxDynError};

use crate::{
    FixedSizeFormat, FullRand, IdFormat, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Xid,
};

/// Stores an id in a text column (its canonical text) instead of its bytes: for people who
/// read the table. An explicit choice, never a guess at decode time: a column is bytes or text.
///
/// Text columns sort like the ids only with a byte-wise collation (see the storage table in
/// the crate docs): PostgreSQL `TEXT COLLATE "C"`, MySQL `... COLLATE ascii_bin`, SQLite's
/// default `TEXT`.
///
/// # Examples
///
/// ```
/// use idtypes::{AsText, Tid};
///
/// let stored = AsText(Tid::from_u64(1));
/// assert_eq!(stored.to_string(), "2222222222223");
/// let id: Tid = stored.into_inner();
/// assert_eq!(id.to_u64(), 1);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct AsText<T>(pub T);

impl<T> AsText<T> {
    /// The id.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::AsText(idtypes::Tid::MIN).into_inner(), idtypes::Tid::MIN);
    /// ```
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> From<T> for AsText<T> {
    fn from(id: T) -> Self {
        AsText(id)
    }
}

impl<T: fmt::Display> fmt::Display for AsText<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

/// The id a column's bytes hold, or an error naming the format and what was wrong.
fn from_column<T: FixedSizeFormat>(bytes: &[u8]) -> Result<T, BoxDynError> {
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

/// `Type`, `Encode`, `Decode` (and `PgHasArrayType`) for each fixed-size format `$ty`, stored
/// as its big-endian bytes.
macro_rules! bytes_column {
    ($($ty:ty),*) => {$(
        #[cfg(feature = "sqlx-postgres")]
        const _: () = {
            use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueFormat, PgValueRef, Postgres};

            /// The column's type is the bytes'.
            type Bytes = <$ty as FixedSizeFormat>::Bytes;

            impl Type<Postgres> for $ty {
                fn type_info() -> PgTypeInfo {
                    <Bytes as Type<Postgres>>::type_info()
                }

                fn compatible(ty: &PgTypeInfo) -> bool {
                    <Bytes as Type<Postgres>>::compatible(ty)
                }
            }

            impl PgHasArrayType for $ty {
                fn array_type_info() -> PgTypeInfo {
                    <Bytes as PgHasArrayType>::array_type_info()
                }
            }

            impl Encode<'_, Postgres> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    <Bytes as Encode<Postgres>>::encode_by_ref(&self.to_bytes(), buf)
                }
            }

            impl<'r> Decode<'r, Postgres> for $ty {
                fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                    match value.format() {
                        PgValueFormat::Binary => {
                            from_column(value.as_bytes()?)
                        }
                        // The text protocol sends `\x` and hex digits.
                        PgValueFormat::Text => {
                            let bytes = <Vec<u8> as Decode<Postgres>>::decode(value)?;
                            from_column(&bytes)
                        }
                    }
                }
            }
        };

        #[cfg(feature = "sqlx-mysql")]
        const _: () = {
            use sqlx::mysql::{MySql, MySqlTypeInfo, MySqlValueRef};

            impl Type<MySql> for $ty {
                fn type_info() -> MySqlTypeInfo {
                    <[u8] as Type<MySql>>::type_info()
                }

                fn compatible(ty: &MySqlTypeInfo) -> bool {
                    <[u8] as Type<MySql>>::compatible(ty)
                }
            }

            impl Encode<'_, MySql> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <MySql as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    <&[u8] as Encode<MySql>>::encode_by_ref(&&self.to_bytes()[..], buf)
                }
            }

            impl<'r> Decode<'r, MySql> for $ty {
                fn decode(value: MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
                    let bytes = <&[u8] as Decode<MySql>>::decode(value)?;
                    from_column(bytes)
                }
            }
        };

        #[cfg(feature = "sqlx-sqlite")]
        const _: () = {
            use sqlx::sqlite::{Sqlite, SqliteTypeInfo, SqliteValueRef};

            impl Type<Sqlite> for $ty {
                fn type_info() -> SqliteTypeInfo {
                    <Vec<u8> as Type<Sqlite>>::type_info()
                }

                fn compatible(ty: &SqliteTypeInfo) -> bool {
                    <Vec<u8> as Type<Sqlite>>::compatible(ty)
                }
            }

            impl Encode<'_, Sqlite> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Sqlite as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    // SQLite arguments own their bytes.
                    <Vec<u8> as Encode<Sqlite>>::encode(self.to_bytes().to_vec(), buf)
                }
            }

            impl<'r> Decode<'r, Sqlite> for $ty {
                fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
                    let bytes = <&[u8] as Decode<Sqlite>>::decode(value)?;
                    from_column(bytes)
                }
            }
        };
    )*};
}

bytes_column!(Tid, TimeId, Uid11, Xid, Snowish, TsSeqRand, FullRand, Tbsl);

/// `Type`, `Encode`, `Decode` for a value stored as text, parsed by `$parse` on decode.
macro_rules! text_column {
    ($ty:ty, $text:expr, $parse:expr) => {
        #[cfg(feature = "sqlx-postgres")]
        const _: () = {
            use sqlx::postgres::{PgHasArrayType, PgTypeInfo, PgValueRef, Postgres};

            impl Type<Postgres> for $ty {
                fn type_info() -> PgTypeInfo {
                    <&str as Type<Postgres>>::type_info()
                }

                fn compatible(ty: &PgTypeInfo) -> bool {
                    <&str as Type<Postgres>>::compatible(ty)
                }
            }

            impl PgHasArrayType for $ty {
                fn array_type_info() -> PgTypeInfo {
                    <&str as PgHasArrayType>::array_type_info()
                }
            }

            impl Encode<'_, Postgres> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Postgres as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let text = ($text)(self);
                    <&str as Encode<Postgres>>::encode_by_ref(&AsRef::<str>::as_ref(&text), buf)
                }
            }

            impl<'r> Decode<'r, Postgres> for $ty {
                fn decode(value: PgValueRef<'r>) -> Result<Self, BoxDynError> {
                    let text = <&str as Decode<Postgres>>::decode(value)?;
                    Ok(($parse)(text)?)
                }
            }
        };

        #[cfg(feature = "sqlx-mysql")]
        const _: () = {
            use sqlx::mysql::{MySql, MySqlTypeInfo, MySqlValueRef};

            impl Type<MySql> for $ty {
                fn type_info() -> MySqlTypeInfo {
                    <str as Type<MySql>>::type_info()
                }

                fn compatible(ty: &MySqlTypeInfo) -> bool {
                    <str as Type<MySql>>::compatible(ty)
                }
            }

            impl Encode<'_, MySql> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <MySql as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    let text = ($text)(self);
                    <&str as Encode<MySql>>::encode_by_ref(&AsRef::<str>::as_ref(&text), buf)
                }
            }

            impl<'r> Decode<'r, MySql> for $ty {
                fn decode(value: MySqlValueRef<'r>) -> Result<Self, BoxDynError> {
                    let text = <&str as Decode<MySql>>::decode(value)?;
                    Ok(($parse)(text)?)
                }
            }
        };

        #[cfg(feature = "sqlx-sqlite")]
        const _: () = {
            use sqlx::sqlite::{Sqlite, SqliteTypeInfo, SqliteValueRef};

            impl Type<Sqlite> for $ty {
                fn type_info() -> SqliteTypeInfo {
                    <String as Type<Sqlite>>::type_info()
                }

                fn compatible(ty: &SqliteTypeInfo) -> bool {
                    <String as Type<Sqlite>>::compatible(ty)
                }
            }

            impl Encode<'_, Sqlite> for $ty {
                fn encode_by_ref(
                    &self,
                    buf: &mut <Sqlite as sqlx::Database>::ArgumentBuffer,
                ) -> Result<IsNull, BoxDynError> {
                    // SQLite arguments own their text.
                    let text = ($text)(self);
                    <String as Encode<Sqlite>>::encode(AsRef::<str>::as_ref(&text).to_owned(), buf)
                }
            }

            impl<'r> Decode<'r, Sqlite> for $ty {
                fn decode(value: SqliteValueRef<'r>) -> Result<Self, BoxDynError> {
                    let text = <&str as Decode<Sqlite>>::decode(value)?;
                    Ok(($parse)(text)?)
                }
            }
        };
    };
}

text_column!(
    crate::RecordKey,
    <crate::RecordKey as IdFormat>::encode,
    crate::RecordKey::parse
);

/// [`AsText`] columns for each fixed-size format `$ty`.
macro_rules! as_text_column {
    ($($ty:ident),*) => {$(
        text_column!(AsText<$ty>, |id: &AsText<$ty>| id.0.encode(), |text| {
            $ty::parse(text).map(AsText)
        });
    )*};
}

as_text_column!(Tid, TimeId, Uid11, Xid, Snowish, TsSeqRand, FullRand, Tbsl);
