//! The SQL types of the native types of the idtypes PostgreSQL extension (`CREATE EXTENSION
//! idtypes`, from `idtypes-postgres/`): one per fixed-size format, to declare a column of that
//! type in `table!` (`id -> idtypes::diesel::sql_types::AtprotoTid`).
//!
//! Each is named as `diesel print-schema` names the PostgreSQL type (`atproto_tid` is
//! `AtprotoTid`, `fullrand` is `Fullrand`), so a schema it prints uses these types when told
//! to import them instead of declaring its own, in `diesel.toml`:
//!
//! ```toml
//! [print_schema]
//! import_types = ["diesel::sql_types::*", "idtypes::diesel::sql_types::*"]
//! generate_missing_sql_type_definitions = false
//! ```
//!
//! | SQL type | PostgreSQL type | Rust type | stored and sent as |
//! |---|---|---|---|
//! | `AtprotoTid`, `Snowish`, `Snowflake`, `Sonyflake` | `atproto_tid`, `snowish`, `snowflake`, `sonyflake` | `Tid`, `Snowish`, `Snowflake`, `Sonyflake` | a `BIGINT`: the id's integer |
//! | `TimeId`, `Uid11`, `Uid11Xid`, `TsSeqRand`, `Fullrand` | `time_id`, `uid11`, `uid11_xid`, `ts_seq_rand`, `fullrand` | `TimeId`, `Uid11`, `Uid11Xid`, `TsSeqRand`, `FullRand` | a `BIGINT`: the bits, top one flipped |
//! | `Tbsl`, `Ksuid`, `RsXid`, `ObjectId` | `tbsl`, `ksuid`, `rs_xid`, `object_id` | `Tbsl`, `Ksuid`, `RsXid`, `ObjectId` | a `BYTEA`: the big-endian bytes |
//! | `Ulid` | `ulid` | `Ulid` | a `UUID`: the 16 bytes |
//!
//! The format's type (and a typed id over it, `PostId`) is written and read in its native
//! type's column as in its column of today ([`FixedSizeFormat::COLUMN`](crate::FixedSizeFormat::COLUMN)),
//! with the same bytes: the two are one table to sqlx, postgres-types and SeaORM, and a
//! migration from today's column is `ALTER TABLE posts ALTER COLUMN id TYPE atproto_tid`,
//! which rewrites nothing. `Nullable` of each is an `Option`, and `Array` a `Vec`
//! (`posts::id.eq_any(&ids)`). diesel finds the type's OID by its name on the connection's
//! search path, once per connection.
//!
//! Reading takes a value of the native type, or of its storage type (`BIGINT`, `BYTEA`,
//! `UUID`: a column cast back, `id::bigint`), then checks the content as every column's: a
//! negative TID, a snowish id with its reserved bit set, a 9-byte TBSL are this crate's
//! [`Error`](crate::Error). diesel hands a value over with its type's OID alone, not its name,
//! so any type of the database's own (not built into PostgreSQL) passes the first check, and
//! a built-in type of another kind (`TEXT`, `INT4`) is refused.
//!
//! ```
//! # #[cfg(all(feature = "diesel-postgres", feature = "derive"))] {
//! use diesel::pg::Pg;
//! use diesel::prelude::*;
//! use idtypes::prelude::*;
//! use idtypes::Tid;
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! diesel::table! {
//!     use diesel::sql_types::{Nullable, Text};
//!     use idtypes::diesel::sql_types::AtprotoTid;
//!
//!     // CREATE TABLE posts (id atproto_tid PRIMARY KEY, reply_to atproto_tid, text text NOT NULL)
//!     posts (id) {
//!         id -> AtprotoTid,
//!         reply_to -> Nullable<AtprotoTid>,
//!         text -> Text,
//!     }
//! }
//!
//! #[derive(Debug, PartialEq, Queryable, Selectable, Insertable)]
//! #[diesel(table_name = posts)]
//! struct Post {
//!     id: PostId,
//!     reply_to: Option<PostId>,
//!     text: String,
//! }
//!
//! let id: PostId = "post_3jzfcijpj2z2a".parse()?;
//! let query = posts::table.select(Post::as_select()).filter(posts::reply_to.eq(id));
//! let sql = diesel::debug_query::<Pg, _>(&query).to_string();
//! assert!(sql.ends_with(r#"WHERE ("posts"."reply_to" = $1) -- binds: [PostId(post_3jzfcijpj2z2a)]"#), "{sql}");
//! # }
//! # Ok::<(), idtypes::Error>(())
//! ```

use diesel::deserialize::{self, FromSql};
use diesel::pg::{Pg, PgValue};
use diesel::serialize::{self, Output, ToSql};

use super::expression::as_expression;
use super::postgres;

/// A native type's SQL type, and the format's `ToSql`, `FromSql` and `AsExpression` in it.
macro_rules! native_type {
    ($ty:ident, $postgres:literal, $sql_type:ident, $column:ident) => {
        #[doc = concat!(
            "The `", $postgres, "` type of the idtypes PostgreSQL extension: a native column of ",
            "[`", stringify!($ty), "`](struct@crate::", stringify!($ty), ") ids (see the [module](self))."
        )]
        ///
        /// # Examples
        ///
        /// ```
        /// # #[cfg(feature = "diesel-postgres")] {
        /// use diesel::prelude::*;
        ///
        /// diesel::table! {
        #[doc = concat!("    items (id) { id -> idtypes::diesel::sql_types::", stringify!($sql_type), ", }")]
        /// }
        ///
        #[doc = concat!("let id = idtypes::", stringify!($ty), "::MAX;")]
        /// let query = items::table.select(items::id).filter(items::id.le(id));
        /// let sql = diesel::debug_query::<diesel::pg::Pg, _>(&query).to_string();
        /// assert!(sql.contains(r#""items"."id" <= $1"#), "{sql}");
        /// # }
        /// ```
        #[derive(Debug, Clone, Copy, Default, diesel::sql_types::SqlType, diesel::query_builder::QueryId)]
        #[diesel(postgres_type(name = $postgres))]
        pub struct $sql_type;

        impl ToSql<$sql_type, Pg> for crate::$ty {
            fn to_sql<'b>(&'b self, out: &mut Output<'b, '_, Pg>) -> serialize::Result {
                native_type!(@write $column, *self, out)
            }
        }

        impl FromSql<$sql_type, Pg> for crate::$ty {
            fn from_sql(value: PgValue<'_>) -> deserialize::Result<Self> {
                native_type!(@read $column, value)
            }
        }

        as_expression!([] crate::$ty, $sql_type);
    };
    (@write natural, $id:expr, $out:ident) => {
        <Pg as super::Columns>::integer_to_sql($id, $out)
    };
    (@write flipped, $id:expr, $out:ident) => {
        <Pg as super::Columns>::integer_to_sql($id, $out)
    };
    (@write $column:ident, $id:expr, $out:ident) => {
        postgres::native_bytes_to_sql(crate::FixedSizeFormat::to_bytes($id).as_ref(), $out)
    };
    (@read natural, $value:ident) => {
        postgres::native_integer_from_sql($value)
    };
    (@read flipped, $value:ident) => {
        postgres::native_integer_from_sql($value)
    };
    (@read bytes, $value:ident) => {
        postgres::native_bytes_from_sql($value, postgres::BYTEA)
    };
    (@read uuid, $value:ident) => {
        postgres::native_bytes_from_sql($value, postgres::UUID)
    };
}

crate::formats::for_each_postgres_type!(native_type);
