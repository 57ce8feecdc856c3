//! SQL functions that read the ids inside the database: `SELECT tid_text(id) FROM posts` in
//! psql or the mysql client, and `WHERE id = tid_from_text('3jzfcijpj2z2a')`.
//!
//! For every format, `<format>_text(id)` gives a stored id's canonical text and
//! `<format>_from_text(text)` the value its column holds, so the two are inverses, and the
//! text is exactly what the id's `Display` writes:
//!
//! | format | functions | column |
//! |---|---|---|
//! | [`Tid`](struct@crate::Tid) | `tid_text`, `tid_from_text` | `BIGINT` |
//! | [`TimeId`](struct@crate::TimeId) | `time_id_text`, `time_id_from_text` (reads the dashed form too) | `BIGINT` |
//! | [`Uid11`](struct@crate::Uid11) | `uid11_text`, `uid11_from_text` | `BIGINT` |
//! | [`Uid11Xid`](struct@crate::Uid11Xid) | `uid11_xid_text`, `uid11_xid_from_text` (and, deprecated, their v0.1.0 names `xid_text`, `xid_from_text`) | `BIGINT` |
//! | [`Snowish`](struct@crate::Snowish) | `snowish_text`, `snowish_from_text` | `BIGINT` |
//! | [`TsSeqRand`](struct@crate::TsSeqRand) | `ts_seq_rand_text`, `ts_seq_rand_from_text` | `BIGINT` |
//! | [`FullRand`](struct@crate::FullRand) | `fullrand_text`, `fullrand_from_text` | `BIGINT` |
//! | [`Snowflake`](struct@crate::Snowflake) | `snowflake_text`, `snowflake_from_text` | `BIGINT` |
//! | [`Tbsl`](struct@crate::Tbsl) | `tbsl_text`, `tbsl_from_text` | `BYTEA` / `BINARY(10)` |
//! | [`Ulid`](struct@crate::Ulid) | `ulid_text`, `ulid_from_text` (either case) | `UUID` / `BINARY(16)` |
//! | [`Ksuid`](struct@crate::Ksuid) | `ksuid_text`, `ksuid_from_text` | `BYTEA` / `BINARY(20)` |
//! | [`Sonyflake`](struct@crate::Sonyflake) | `sonyflake_text`, `sonyflake_from_text` | `BIGINT` |
//! | [`RsXid`](struct@crate::RsXid) | `rs_xid_text`, `rs_xid_from_text` (lowercase only) | `BYTEA` / `BINARY(12)` |
//! | [`ObjectId`](struct@crate::ObjectId) | `object_id_text`, `object_id_from_text` (either case) | `BYTEA` / `BINARY(12)` |
//! | `Uuid` (the `uuid` crate's) | `uuid_text` (hyphenated, lowercase), `uuid_from_text` (what `Uuid::parse_str` reads: 32 hex digits, hyphenated, braced or after `urn:uuid:`, either case); its TypeID: `uuid_typeid_text`, `uuid_from_typeid` (below) | `UUID` / `BINARY(16)` |
//!
//! They take the columns of this crate's default storage (see
//! [databases](crate#databases-sqlx)), with the same mapping: a TID's, a snowish id's, a
//! Snowflake's or a Sonyflake's `BIGINT` is its own integer and the other 64-bit formats' is
//! their bits with the top one flipped ([`Column::to_signed`](crate::Column::to_signed)).
//! NanoIDs and CUID2s need no functions: their column holds their text.
//!
//! # Typed ids and TypeIDs
//!
//! Typed ids are stored as their inner id, so `tid_text` reads a `PostId` column too; their
//! text is their prefix, separator included, then the id's text (`post_3jzfcijpj2z2a`). For
//! every format of the table, `<format>_prefixed_text(id, prefix)` writes it and
//! `<format>_from_prefixed_text(text, prefix)` reads it, `prefix` being the whole text before
//! the id (`'post_'`, or the type's own separator: `'post:'`); `<format>_from_text(text)` is
//! `<format>_from_prefixed_text(text, '')`. A typed UUID's text is its TypeID:
//! `uuid_typeid_text(id, prefix)` writes it and `uuid_from_typeid(text, prefix)` reads it, as
//! [`DynTypeId`](crate::uuids::DynTypeId) does, by the TypeID specification (v0.3.0): the
//! prefix is given without its `_` (`''` for none: then the text has no `_` either) and must
//! be a TypeID prefix (0 to 63 characters of `a`-`z` and `_`, starting and ending with a
//! letter); the suffix is 26 characters of lowercase Crockford base32, the first `0` to `7`.
//! (`uuid_prefixed_text` is for a typed UUID whose text is hyphenated.)
//!
//! ```sql
//! SELECT tid_prefixed_text(id, 'post_') FROM posts;   -- post_3jzfcijpj2z2a
//! SELECT * FROM posts WHERE id = tid_from_prefixed_text('post_3jzfcijpj2z2a', 'post_');
//! SELECT uuid_typeid_text(id, 'user') FROM users;     -- user_01h455vb4pex5vsknk084sn02q
//! SELECT * FROM users WHERE id = uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user');
//! ```
//!
//! # Errors and NULL
//!
//! Text that is no id raises an error naming the format, with what was expected and what was
//! found (PostgreSQL SQLSTATE `22P02`, MySQL `22023`). Lengths and positions count characters
//! of the whole text, prefix included, from 1, as SQL's string functions (`substr`,
//! `position`) do: ``invalid atproto TID: unexpected character 'A' at position 18, expected
//! one of `234567abcdefghijklmnopqrstuvwxyz` `` is the 18th character, ``invalid atproto TID:
//! expected the prefix `post_`, found `user_` ``. Everywhere else positions are byte offsets
//! from 0, "at byte 17" for the same mistake: this crate's [`Error`](crate::Error) and
//! [`Error::position`](crate::Error::position) (what [`postgres_script`] and [`mysql_script`]
//! return for a name they refuse, too), axum's problems, the command line, and the [`sqlite`]
//! functions, whose messages are this crate's. MySQL keeps at most 128 characters of a
//! message, MariaDB 512. NULL in any argument gives NULL. On MySQL the text the functions
//! return has the collation `utf8mb4_bin`: compared with a string, it compares bytes, whatever
//! the connection's collation. The functions are deterministic
//! (`IMMUTABLE` and `PARALLEL SAFE` on PostgreSQL, `DETERMINISTIC` on MySQL), so on
//! PostgreSQL they can back an expression index or a generated column (MySQL allows no stored
//! function in either).
//!
//! # Creating them, in any schema
//!
//! Create them once per database with [`create_functions`] (in the connection's schema: on
//! PostgreSQL the current one, the first of `search_path` that exists; on MySQL the current
//! database) or [`create_functions_in`] (in a named one), both with `sqlx-postgres` or
//! `sqlx-mysql`, or run the scripts yourself: [`POSTGRES`] (for the schema `public`) or
//! [`postgres_script`] with psql, [`MYSQL`] (for the current database) or [`mysql_script`]
//! with the mysql client (they set their own `DELIMITER`). The scripts need no database
//! feature (only `alloc`), and the command line prints them, with no Rust to write:
//!
//! ```sh
//! idtypes sql postgres --schema ids | psql -1 -d app     # after CREATE SCHEMA ids
//! idtypes sql mysql --database app | mysql app
//! ```
//!
//! The scripts are plain SQL, in the package's `sql/` folder (`postgres.sql`, the template
//! with `@extschema@` for the schema, and `mysql.sql`). They are generated from this crate's
//! table of formats, every format's functions from the template of its kind of text (its
//! column's value in its alphabet, or a decimal number), so the functions of every format
//! behave alike; TimeId's dashed form and the UUID's functions are SQL of their own.
//!
//! Creating them again replaces them. Helper functions are named `idtypes_*`.
//! MySQL with binary logging on needs `log_bin_trust_function_creators = 1` (or the SUPER
//! privilege) to create functions.
//!
//! They work from any schema and any `search_path`, an empty one included: on PostgreSQL every
//! call between them names their schema (written into the script, so move them by creating
//! them again, not with `ALTER FUNCTION ... SET SCHEMA`), and MySQL runs a stored function in
//! its own database. So functions in a schema of their own serve every other, called by their
//! full name, and an index or a generated column on them survives pg_dump, whose restore runs
//! with an empty `search_path`:
//!
//! ```sql
//! CREATE SCHEMA ids;  -- then idtypes::sql::create_functions_in(&pool, "ids")
//! CREATE TABLE app.posts (
//!     id bigint PRIMARY KEY,
//!     handle text GENERATED ALWAYS AS (ids.tid_prefixed_text(id, 'post_')) STORED
//! );
//! CREATE INDEX posts_by_text ON app.posts (ids.tid_text(id));
//! ```
//!
//! Pinning each function's `search_path` (`SET search_path = ...`) would do it too, but
//! PostgreSQL then sets and resets it on every call and inlines none of the SQL functions:
//! measured on 30,000 rows, `snowflake_text` took 7 to 10 times as long, `uid11_text` and
//! `tid_from_text` 2 to 4 times.
//!
//! SQLite has no SQL-defined functions: there the same functions, written in Rust, are
//! registered on a rusqlite connection ([`sqlite::register_functions`], `rusqlite` feature) or
//! loaded into the `sqlite3` shell from the extension in the repository's `idtypes-sqlite/`
//! (`.load ./libidtypes_sqlite`); see [`sqlite`]. The CLI reads stored ids too (`idtypes inspect`).
//!
//! ```no_run
//! # async fn run(pool: sqlx::PgPool) -> Result<(), sqlx::Error> {
//! idtypes::sql::create_functions(&pool).await?;
//! let text: String = sqlx::query_scalar("SELECT tid_text(tid_from_text('3jzfcijpj2z2a'))")
//!     .fetch_one(&pool)
//!     .await?;
//! assert_eq!(text, "3jzfcijpj2z2a");
//! let text: String =
//!     sqlx::query_scalar("SELECT uuid_typeid_text('01890a5d-ac96-774b-bcce-b302099a8057', 'user')")
//!         .fetch_one(&pool)
//!         .await?;
//! assert_eq!(text, "user_01h455vb4pex5vsknk084sn02q");
//! # Ok(())
//! # }
//! ```

#[cfg(any(feature = "sqlx-postgres", feature = "sqlx-mysql"))]
mod create;
#[cfg(test)]
mod generate;
mod scripts;

#[cfg(any(feature = "sqlx-postgres", feature = "sqlx-mysql"))]
pub use create::{SqlFunctions, create_functions, create_functions_in};
pub use scripts::{MYSQL, POSTGRES, mysql_script, postgres_script};

#[cfg(feature = "rusqlite")]
pub mod sqlite;
