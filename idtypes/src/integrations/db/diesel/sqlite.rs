//! SQLite: the kind of each value read by its own storage class (not the column's declared
//! type, which SQLite does not enforce), as the sqlx integration reads it.

use diesel::deserialize;
use diesel::serialize::{self, IsNull, Output};
use diesel::sqlite::{Sqlite, SqliteType, SqliteValue};

use super::Columns;
use crate::integrations::db::columns::{
    BytesColumn, IntegerColumn, from_bytes_column, from_signed, sqlite, to_signed, wrong_column,
};

/// A value's storage class in an error (`a TEXT value`), as sqlx names it.
fn describe(ty: Option<SqliteType>) -> String {
    let name = match ty {
        Some(SqliteType::Binary) => "BLOB",
        Some(SqliteType::Text) => "TEXT",
        Some(SqliteType::Float | SqliteType::Double) => "REAL",
        Some(SqliteType::SmallInt | SqliteType::Integer | SqliteType::Long) => "INTEGER",
        None => "NULL",
    };
    format!("a {name} value")
}

impl Columns for Sqlite {
    fn integer_to_sql<T: IntegerColumn>(
        id: T,
        out: &mut Output<'_, '_, Sqlite>,
    ) -> serialize::Result {
        out.set_value(to_signed(id)?);
        Ok(IsNull::No)
    }

    fn integer_from_sql<T: IntegerColumn>(
        mut value: SqliteValue<'_, '_, '_>,
    ) -> deserialize::Result<T> {
        if value.value_type() != Some(SqliteType::Long) {
            return Err(wrong_column(
                T::NAME,
                sqlite::INTEGER,
                &describe(value.value_type()),
            ));
        }
        from_signed(value.read_long())
    }

    fn bytes_to_sql(bytes: &[u8], out: &mut Output<'_, '_, Sqlite>) -> serialize::Result {
        // SQLite's arguments own their bytes unless they borrow from the value bound.
        out.set_value(bytes.to_vec());
        Ok(IsNull::No)
    }

    fn bytes_from_sql<T: BytesColumn>(
        mut value: SqliteValue<'_, '_, '_>,
    ) -> deserialize::Result<T> {
        if value.value_type() != Some(SqliteType::Binary) {
            return Err(wrong_column(
                T::NAME,
                sqlite::BYTES,
                &describe(value.value_type()),
            ));
        }
        from_bytes_column(value.read_blob())
    }

    fn text_to_sql(text: &str, out: &mut Output<'_, '_, Sqlite>) -> serialize::Result {
        out.set_value(text.to_owned());
        Ok(IsNull::No)
    }

    fn text_from_sql<R>(
        mut value: SqliteValue<'_, '_, '_>,
        name: &str,
        read: impl FnOnce(&str) -> Result<R, crate::Error>,
    ) -> deserialize::Result<R> {
        if value.value_type() != Some(SqliteType::Text) {
            return Err(wrong_column(
                name,
                sqlite::TEXT,
                &describe(value.value_type()),
            ));
        }
        Ok(read(value.read_text())?)
    }
}
