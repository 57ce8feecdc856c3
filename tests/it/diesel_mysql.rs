//! The diesel integration on MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset),
//! through diesel-async's `AsyncMysqlConnection` (mysql_async, in Rust: no client library),
//! which reads and writes on diesel's `Mysql` backend as diesel's own `MysqlConnection` does,
//! wrapped in its `AsyncConnectionWrapper` to run the cases shared with SQLite.
//!
//! The shared cases are in `common/diesel_cases.rs`; MySQL's own (a `BIGINT UNSIGNED` of
//! earlier releases) are here.

use diesel::Connection;

use crate::common::sqlx_cases::mysql::{column, ph};

type Db = diesel::mysql::Mysql;
pub type Conn = diesel_async::async_connection_wrapper::AsyncConnectionWrapper<
    diesel_async::AsyncMysqlConnection,
>;
type SqlxDb = sqlx::MySql;

/// A connection to `IDTYPES_TEST_MYSQL_URL`, or `None` (a skip) when it is unset.
pub fn connect() -> Option<Conn> {
    let url = idtypes_tests::mysql_url()?;
    Some(Conn::establish(&url).unwrap_or_else(|err| panic!("connect to {url}: {err}")))
}

/// diesel's connection and sqlx's pool to the server, or `None` (a skip).
fn both() -> Option<(
    Conn,
    sqlx::Pool<SqlxDb>,
    tokio::runtime::Runtime,
    Option<std::path::PathBuf>,
)> {
    let conn = connect()?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let pool = runtime.block_on(crate::common::sqlx_cases::mysql::connect())?;
    Some((conn, pool, runtime, None))
}

/// The SQL type of a 128-bit id's column (a ULID).
type UuidSql = diesel::sql_types::Binary;

/// A UUID as an SQL literal of its column.
fn uuid_literal(uuid: &idtypes::Uuid) -> String {
    format!("X'{}'", uuid.simple())
}

/// Not `BINARY(n)`: it pads a short value with zero bytes, so a wrong length would not reach
/// the decoder.
const BLOB_COLUMN: &str = "VARBINARY(16)";
const REAL_COLUMN: &str = "DOUBLE";

/// A signed 64-bit integer column.
const SIGNED_COLUMN: &str = "BIGINT";

/// diesel's MySQL values do not tell text from bytes: an `ascii_bin` column's text comes as
/// bytes (see the `idtypes::diesel` docs).
const TEXT_APART_FROM_BYTES: bool = false;
const WRONG_FOR_BYTES: &str = "";
const WRONG_FOR_TEXT: &str = "";

diesel_cases!();

/// A `BIGINT UNSIGNED` (earlier releases' column) holds a TID's or a snowish id's own integer,
/// the same number as the signed column: those read it (a TID with the top bit set too); the
/// formats stored with the top bit flipped refuse it, saying which column they need.
#[test]
fn an_unsigned_column_reads_only_the_formats_that_keep_the_top_bit_0() {
    let Some(mut conn) = connect() else { return };
    let table = idtypes_tests::unique_table("idz_uns");
    exec(
        &mut conn,
        format!("CREATE TABLE {table} (n INTEGER, id BIGINT UNSIGNED)"),
    );
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    let sql = format!("INSERT INTO {table} (n, id) VALUES (0, ?), (1, ?)");
    type Unsigned = diesel::sql_types::Unsigned<diesel::sql_types::BigInt>;
    diesel::sql_query(sql)
        .bind::<Unsigned, _>(tid.to_u64())
        .bind::<Unsigned, _>(1u64 << 63)
        .execute(&mut conn)
        .unwrap();
    let tids: Vec<Tid> = select(&mut conn, format!("SELECT id FROM {table} ORDER BY n"));
    assert_eq!(tids, [tid, Tid::from_u64(1 << 63)]);
    let snowish: Vec<Snowish> = select(&mut conn, format!("SELECT id FROM {table} WHERE n = 0"));
    assert_eq!(snowish[0].to_u64(), tid.to_u64());
    let expected = "expected a signed integer (BIGINT: the bits with the top one flipped), found BIGINT UNSIGNED";
    let m = wrong_column::<TimeId>(&mut conn, &table, "id", 0, "TimeId");
    assert!(m.ends_with(expected), "{m}");
    let m = wrong_column::<FullRand>(&mut conn, &table, "id", 0, "fullrand uid11");
    assert!(m.ends_with(expected), "{m}");
    wrong_column::<Uid11Xid>(&mut conn, &table, "id", 0, "uid11 xid");
    drop_table(&mut conn, &table);
}

/// A typed UUID reads binary strings only: a number is an error naming the format and the
/// column it needs.
#[test]
fn a_typed_uuid_refuses_a_number() {
    let Some(mut conn) = connect() else { return };
    let table = idtypes_tests::unique_table("idz_unum");
    exec(
        &mut conn,
        format!("CREATE TABLE {table} (n INTEGER, id BIGINT)"),
    );
    exec(
        &mut conn,
        format!("INSERT INTO {table} (n, id) VALUES (0, 5)"),
    );
    let m = wrong_column::<AccountId>(&mut conn, &table, "id", 0, "UUID");
    assert!(
        m.ends_with("expected binary data (BINARY, VARBINARY or BLOB), found BIGINT"),
        "{m}"
    );
    drop_table(&mut conn, &table);
}
