//! PostgreSQL: the kind of each value read by its type OID, which diesel's connection hands
//! over with the value (always in the binary format); the native types of the extension
//! (`sql_types.rs`), whose OIDs are the database's own.

use diesel::deserialize::{self, FromSql};
use diesel::pg::{Pg, PgValue};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::BigInt;

use super::Columns;
use crate::integrations::db::columns::{
    BoxError, BytesColumn, IntegerColumn, POSTGRES_BYTES, POSTGRES_INTEGER, POSTGRES_TEXT,
    POSTGRES_UUID, from_bytes_column, from_signed, from_signed_bytes, refused, to_signed,
    wrong_column,
};

/// `BIGINT`, and `BIGINT[]`.
const INTEGER_TYPES: [u32; 2] = [20, 1016];
/// `BYTEA`, and `BYTEA[]`.
const BYTES_TYPES: [u32; 2] = [17, 1001];
const UUID_TYPES: [u32; 2] = [2950, 2951];
/// The text types sqlx reads a `&str` from, `TEXT`, `VARCHAR`, `CHAR` (`bpchar`), `NAME` and a
/// literal's `unknown`, and their arrays.
const TEXT_TYPES: [u32; 9] = [25, 1043, 1042, 19, 705, 1009, 1015, 1014, 1003];

/// A type in an error, as sqlx and the postgres-types integration name it.
fn describe(oid: u32) -> String {
    let name = match oid {
        16 => "BOOL",
        17 => "BYTEA",
        18 => "\"CHAR\"",
        19 => "NAME",
        20 => "INT8",
        21 => "INT2",
        23 => "INT4",
        25 => "TEXT",
        114 => "JSON",
        700 => "FLOAT4",
        701 => "FLOAT8",
        705 => "UNKNOWN",
        1001 => "BYTEA[]",
        1003 => "NAME[]",
        1007 => "INT4[]",
        1009 => "TEXT[]",
        1014 => "CHAR[]",
        1015 => "VARCHAR[]",
        1016 => "INT8[]",
        1042 => "CHAR",
        1043 => "VARCHAR",
        1082 => "DATE",
        1114 => "TIMESTAMP",
        1184 => "TIMESTAMPTZ",
        1700 => "NUMERIC",
        2950 => "UUID",
        3802 => "JSONB",
        _ => return format!("the type of OID {oid}"),
    };
    name.to_owned()
}

/// `Ok` if `value` is of one of the types `oids`, else the error saying that `name` is read
/// from `expected`.
///
/// diesel hands each element of an array the array's type (`BIGINT[]`), not the element's, so
/// the arrays of the right type pass too: a whole array read as one id still fails, on its
/// length or its text.
fn check(value: &PgValue<'_>, oids: &[u32], name: &str, expected: &str) -> Result<(), BoxError> {
    let oid = value.get_oid().get();
    if oids.contains(&oid) {
        return Ok(());
    }
    Err(wrong_column(name, expected, &describe(oid)))
}

impl Columns for Pg {
    fn integer_to_sql<T: IntegerColumn>(id: T, out: &mut Output<'_, '_, Pg>) -> serialize::Result {
        <i64 as ToSql<BigInt, Pg>>::to_sql(&to_signed(id)?, &mut out.reborrow())
    }

    fn integer_from_sql<T: IntegerColumn>(value: PgValue<'_>) -> deserialize::Result<T> {
        check(&value, &INTEGER_TYPES, T::NAME, POSTGRES_INTEGER)?;
        from_signed(<i64 as FromSql<BigInt, Pg>>::from_sql(value)?)
    }

    fn bytes_to_sql(bytes: &[u8], out: &mut Output<'_, '_, Pg>) -> serialize::Result {
        <[u8] as ToSql<diesel::sql_types::Binary, Pg>>::to_sql(bytes, &mut out.reborrow())
    }

    fn bytes_from_sql<T: BytesColumn>(value: PgValue<'_>) -> deserialize::Result<T> {
        check(&value, &BYTES_TYPES, T::NAME, POSTGRES_BYTES)?;
        // The binary format of `BYTEA` is the bytes themselves.
        from_bytes_column(value.as_bytes())
    }

    fn text_to_sql(text: &str, out: &mut Output<'_, '_, Pg>) -> serialize::Result {
        <str as ToSql<diesel::sql_types::Text, Pg>>::to_sql(text, &mut out.reborrow())
    }

    fn text_from_sql<R>(
        value: PgValue<'_>,
        name: &str,
        read: impl FnOnce(&str) -> Result<R, crate::Error>,
    ) -> deserialize::Result<R> {
        check(&value, &TEXT_TYPES, name, POSTGRES_TEXT)?;
        Ok(read(super::utf8(value.as_bytes(), name)?)?)
    }
}

/// `ToSql<Uuid, Pg>` and `FromSql<Uuid, Pg>` for a 128-bit id: the binary form of `uuid` is
/// its 16 bytes, which are the id's big-endian bytes.
macro_rules! uuid_sql {
    ($ty:ty) => {
        impl ::diesel::serialize::ToSql<::diesel::sql_types::Uuid, ::diesel::pg::Pg> for $ty {
            fn to_sql<'b>(
                &'b self,
                out: &mut ::diesel::serialize::Output<'b, '_, ::diesel::pg::Pg>,
            ) -> ::diesel::serialize::Result {
                $crate::integrations::db::diesel::postgres::uuid_to_sql(
                    &$crate::FixedSizeFormat::to_bytes(*self),
                    out,
                )
            }
        }

        impl ::diesel::deserialize::FromSql<::diesel::sql_types::Uuid, ::diesel::pg::Pg> for $ty {
            fn from_sql(value: ::diesel::pg::PgValue<'_>) -> ::diesel::deserialize::Result<Self> {
                $crate::integrations::db::diesel::postgres::uuid_from_sql(value)
            }
        }
    };
}

pub(crate) use uuid_sql;

/// Writes a 128-bit id's bytes as a `uuid`.
pub(crate) fn uuid_to_sql(bytes: &[u8; 16], out: &mut Output<'_, '_, Pg>) -> serialize::Result {
    std::io::Write::write_all(out, bytes)?;
    Ok(serialize::IsNull::No)
}

/// Reads a 128-bit id from a `uuid`, refusing a value of another type.
pub(crate) fn uuid_from_sql<T: BytesColumn>(value: PgValue<'_>) -> deserialize::Result<T> {
    check(&value, &UUID_TYPES, T::NAME, POSTGRES_UUID)?;
    from_bytes_column(value.as_bytes()).map_err(refused)
}

/// The storage type of a native type of the extension: its OID, and its name in errors.
pub(crate) struct Storage {
    oid: u32,
    name: &'static str,
}

/// `BIGINT`, the storage of the 64-bit formats' native types.
const INT8: Storage = Storage {
    oid: 20,
    name: POSTGRES_INTEGER,
};
/// `BYTEA`, the storage of the bytes formats' native types.
pub(crate) const BYTEA: Storage = Storage {
    oid: 17,
    name: POSTGRES_BYTES,
};
/// `UUID`, the storage of a ULID's native type.
pub(crate) const UUID: Storage = Storage {
    oid: 2950,
    name: POSTGRES_UUID,
};

/// The first OID PostgreSQL gives a type of a database's own (`FirstNormalObjectId`): every
/// type below it is built in.
const FIRST_OWN_OID: u32 = 16384;

/// `Ok` if `value` may be of the extension's native type of `name` (`native`): of a type of the
/// database's own, whose name diesel does not hand over (nor the OID the type's lookup found),
/// or of its storage type; else the error saying what `name` is read from.
fn check_native(
    value: &PgValue<'_>,
    name: &str,
    native: &str,
    storage: &Storage,
) -> Result<(), BoxError> {
    let oid = value.get_oid().get();
    if oid >= FIRST_OWN_OID || oid == storage.oid {
        return Ok(());
    }
    let expected = format!("{native} (or {})", storage.name);
    Err(wrong_column(name, &expected, &describe(oid)))
}

/// Reads a 64-bit id from its native type (a `BIGINT`'s 8 bytes).
pub(crate) fn native_integer_from_sql<T: IntegerColumn>(
    value: PgValue<'_>,
) -> deserialize::Result<T> {
    check_native(&value, T::NAME, T::POSTGRES_TYPE, &INT8)?;
    from_signed_bytes(value.as_bytes()).map_err(refused)
}

/// Writes an id's big-endian bytes as its native type's (a `BYTEA`'s or a `UUID`'s).
pub(crate) fn native_bytes_to_sql(bytes: &[u8], out: &mut Output<'_, '_, Pg>) -> serialize::Result {
    std::io::Write::write_all(out, bytes)?;
    Ok(serialize::IsNull::No)
}

/// Reads an id from its native type's big-endian bytes (a `BYTEA`'s or a `UUID`'s).
pub(crate) fn native_bytes_from_sql<T: BytesColumn + crate::FixedSizeFormat>(
    value: PgValue<'_>,
    storage: Storage,
) -> deserialize::Result<T> {
    let native = <T as crate::FixedSizeFormat>::POSTGRES_TYPE;
    check_native(&value, <T as BytesColumn>::NAME, native, &storage)?;
    from_bytes_column(value.as_bytes()).map_err(refused)
}
