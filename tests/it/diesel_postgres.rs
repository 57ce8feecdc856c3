//! The diesel integration on PostgreSQL (`IDTYPES_TEST_POSTGRES_URL`; skipped when unset),
//! through diesel-async's `AsyncPgConnection` (tokio-postgres, in Rust: no libpq), which reads
//! and writes on diesel's `Pg` backend as diesel's own `PgConnection` does, wrapped in its
//! `AsyncConnectionWrapper` to run the cases shared with SQLite.
//!
//! The shared cases are in `common/diesel_cases.rs`; PostgreSQL's own (arrays: `Vec<T>` as
//! `Array<...>`, `= ANY($1)`) are here.

use diesel::Connection;

use crate::common::sqlx_cases::postgres::{column, ph};

type Db = diesel::pg::Pg;
pub type Conn =
    diesel_async::async_connection_wrapper::AsyncConnectionWrapper<diesel_async::AsyncPgConnection>;
type SqlxDb = sqlx::Postgres;

/// A connection to `IDTYPES_TEST_POSTGRES_URL`, or `None` (a skip) when it is unset.
pub fn connect() -> Option<Conn> {
    let url = idtypes_tests::postgres_url()?;
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
    let pool = runtime.block_on(crate::common::sqlx_cases::postgres::connect())?;
    Some((conn, pool, runtime, None))
}

/// The SQL type of a 128-bit id's column (a ULID).
type UuidSql = diesel::sql_types::Uuid;

/// A UUID as an SQL literal of its column.
fn uuid_literal(uuid: &idtypes::Uuid) -> String {
    format!("'{uuid}'::uuid")
}

const BLOB_COLUMN: &str = "BYTEA";
const REAL_COLUMN: &str = "DOUBLE PRECISION";

/// A signed 64-bit integer column.
const SIGNED_COLUMN: &str = "BIGINT";

/// PostgreSQL says each value's type: text is never bytes.
const TEXT_APART_FROM_BYTES: bool = true;

/// How the errors of a value in the wrong kind of column end.
const WRONG_FOR_BYTES: &str = "BYTEA, found TEXT";
const WRONG_FOR_TEXT: &str = "text (TEXT, VARCHAR or CHAR), found BYTEA";

diesel_cases!();

/// `Vec<T>` bound as an array to `= ANY($1)`, `array_agg` read back as `Vec<T>`, and a bound
/// array with NULLs back as `Vec<Option<T>>`.
fn arrays<T: Column>()
where
    Db: HasSqlType<T::Sql>,
{
    use diesel::sql_types::Array;
    let Some(mut conn) = connect() else { return };
    let table = create::<T>(&mut conn, "idz_arr");
    let mut rng = Rng::new();
    let values = samples::<T>(&mut rng, 8);
    insert(&mut conn, &table, &values);

    // Every other value, and a random one, most likely not in the table.
    let mut wanted: Vec<T> = values.iter().step_by(2).cloned().collect();
    wanted.push(T::random(&mut rng));
    let sql = format!("SELECT id FROM {table} WHERE id = ANY($1) ORDER BY id, n");
    let query = diesel::sql_query(sql)
        .into_boxed()
        .bind::<Array<T::Sql>, _>(wanted.clone());
    let rows: Vec<T> = load(&mut conn, query).unwrap();
    // Each row whose id is wanted (a random value may be in the table after all).
    let mut expected: Vec<T> = values
        .iter()
        .filter(|v| wanted.contains(v))
        .cloned()
        .collect();
    expected.sort();
    assert_eq!(rows, expected, "= ANY($1)");

    let sql = format!("SELECT array_agg(id ORDER BY id, n) AS id FROM {table}");
    let rows: Vec<Id<Vec<T>, Array<T::Sql>>> = diesel::sql_query(sql).load(&mut conn).unwrap();
    let mut sorted = values.clone();
    sorted.sort();
    assert_eq!(rows[0].0, sorted, "array_agg");

    // An array with NULLs: `Vec<Option<T>>` in `Array<Nullable<_>>`.
    type WithNull<T> = Array<Nullable<<T as Column>::Sql>>;
    let with_null = vec![None, Some(T::highest()), None, Some(T::lowest())];
    let rows: Vec<Id<Vec<Option<T>>, WithNull<T>>> = diesel::sql_query("SELECT $1 AS id")
        .bind::<WithNull<T>, _>(with_null.clone())
        .load(&mut conn)
        .unwrap();
    assert_eq!(rows[0].0, with_null);
    drop_table(&mut conn, &table);
}

macro_rules! pg_arrays {
    ($($name:ident: $ty:ty,)*) => {
        mod pg_arrays {
            use super::*;
            $(
                #[test]
                fn $name() {
                    arrays::<$ty>();
                }
            )*
        }
    };
}

pg_arrays!(
    tid: Tid,
    time_id: TimeId,
    uid11: Uid11,
    xid: Uid11Xid,
    snowish: Snowish,
    ts_seq_rand: TsSeqRand,
    full_rand: FullRand,
    snowflake: Snowflake,
    tbsl: Tbsl,
    record_key: RecordKey,
    text_tid: AsText<Tid>,
    bytes_uid11: AsBytes<Uid11>,
    sonyflake: Sonyflake,
    rs_xid: idtypes::RsXid,
);

/// A typed UUID reads PostgreSQL's `uuid` only: 16 bytes of `BYTEA` are another column's
/// value, refused as a ULID's column refuses them (diesel's own `Uuid` reader takes them).
#[test]
fn a_typed_uuid_refuses_sixteen_bytes_of_bytea() {
    use crate::common::typed_uuid::AccountId;
    let Some(mut conn) = connect() else { return };
    let bytes = "SELECT '\\x000102030405060708090a0b0c0d0e0f'::bytea AS id";
    let result: Result<Vec<Id<AccountId, diesel::sql_types::Uuid>>, _> =
        diesel::sql_query(bytes).load(&mut conn);
    let Err(err) = result else {
        panic!("16 bytes of BYTEA read as a typed UUID");
    };
    assert!(err.to_string().contains("BYTEA"), "{err}");
    let uuid = "SELECT '000102030405060708090a0b0c0d0e0f'::uuid AS id";
    let rows: Vec<Id<AccountId, diesel::sql_types::Uuid>> =
        diesel::sql_query(uuid).load(&mut conn).unwrap();
    assert_eq!(
        rows[0].0.into_inner(),
        idtypes::Uuid::from_u128(0x000102030405060708090a0b0c0d0e0f)
    );
}
