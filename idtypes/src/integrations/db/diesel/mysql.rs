//! MySQL / MariaDB: the kind of each value read by the type diesel's connection reports, with
//! the limits the module docs give (text and bytes look alike; `MysqlConnection`'s query
//! builder converts values to the declared SQL type). 64-bit ids are stored as PostgreSQL and
//! SQLite store them, in a signed `BIGINT`.

use diesel::deserialize::{self, FromSql};
use diesel::mysql::{Mysql, MysqlType, MysqlValue};
use diesel::serialize::{self, Output, ToSql};
use diesel::sql_types::{BigInt, Unsigned};

use super::Columns;
use crate::integrations::db::columns::{
    BytesColumn, IntegerColumn, MYSQL_BYTES, MYSQL_TEXT, from_bytes_column, from_signed,
    from_unsigned, mysql_integers, to_signed, wrong_column,
};

/// A type in an error, by its SQL name.
fn describe(ty: MysqlType) -> String {
    let name = match ty {
        MysqlType::Tiny => "TINYINT",
        MysqlType::UnsignedTiny => "TINYINT UNSIGNED",
        MysqlType::Short => "SMALLINT",
        MysqlType::UnsignedShort => "SMALLINT UNSIGNED",
        MysqlType::Long => "INT",
        MysqlType::UnsignedLong => "INT UNSIGNED",
        MysqlType::LongLong => "BIGINT",
        MysqlType::UnsignedLongLong => "BIGINT UNSIGNED",
        MysqlType::Float => "FLOAT",
        MysqlType::Double => "DOUBLE",
        MysqlType::Numeric => "DECIMAL",
        MysqlType::Time => "TIME",
        MysqlType::Date => "DATE",
        MysqlType::DateTime => "DATETIME",
        MysqlType::Timestamp => "TIMESTAMP",
        MysqlType::String => "text",
        MysqlType::Blob => "a binary string (binary data, or text of a _bin collation)",
        MysqlType::Bit => "BIT",
        MysqlType::Set => "SET",
        MysqlType::Enum => "ENUM",
        other => return format!("{other:?}"),
    };
    name.to_owned()
}

/// Whether a value of type `ty` is a string: text or bytes, which diesel does not tell apart
/// (see the module docs).
fn is_string(ty: MysqlType) -> bool {
    matches!(ty, MysqlType::String | MysqlType::Blob)
}

impl Columns for Mysql {
    fn integer_to_sql<T: IntegerColumn>(
        id: T,
        out: &mut Output<'_, '_, Mysql>,
    ) -> serialize::Result {
        <i64 as ToSql<BigInt, Mysql>>::to_sql(&to_signed(id)?, &mut out.reborrow())
    }

    fn integer_from_sql<T: IntegerColumn>(value: MysqlValue<'_>) -> deserialize::Result<T> {
        match value.value_type() {
            // The one mapping of every database: `Column::to_signed` of the bits.
            MysqlType::Tiny | MysqlType::Short | MysqlType::Long | MysqlType::LongLong => {
                from_signed(<i64 as FromSql<BigInt, Mysql>>::from_sql(value)?)
            }
            // An unsigned column of a format whose ids keep the top bit 0 (TID, snowish): their
            // bits, as earlier releases stored them.
            MysqlType::UnsignedTiny
            | MysqlType::UnsignedShort
            | MysqlType::UnsignedLong
            | MysqlType::UnsignedLongLong
                if T::COLUMN == crate::Column::Natural =>
            {
                from_unsigned(<u64 as FromSql<Unsigned<BigInt>, Mysql>>::from_sql(value)?)
            }
            other => Err(wrong_column(
                T::NAME,
                mysql_integers::<T>(),
                &describe(other),
            )),
        }
    }

    fn bytes_to_sql(bytes: &[u8], out: &mut Output<'_, '_, Mysql>) -> serialize::Result {
        <[u8] as ToSql<diesel::sql_types::Binary, Mysql>>::to_sql(bytes, &mut out.reborrow())
    }

    fn bytes_from_sql<T: BytesColumn>(value: MysqlValue<'_>) -> deserialize::Result<T> {
        if !is_string(value.value_type()) {
            return Err(wrong_column(
                T::NAME,
                MYSQL_BYTES,
                &describe(value.value_type()),
            ));
        }
        from_bytes_column(value.as_bytes())
    }

    fn text_to_sql(text: &str, out: &mut Output<'_, '_, Mysql>) -> serialize::Result {
        <str as ToSql<diesel::sql_types::Text, Mysql>>::to_sql(text, &mut out.reborrow())
    }

    fn text_from_sql<R>(
        value: MysqlValue<'_>,
        name: &str,
        read: impl FnOnce(&str) -> Result<R, crate::Error>,
    ) -> deserialize::Result<R> {
        if !is_string(value.value_type()) {
            return Err(wrong_column(
                name,
                MYSQL_TEXT,
                &describe(value.value_type()),
            ));
        }
        Ok(read(super::utf8(value.as_bytes(), name)?)?)
    }
}
