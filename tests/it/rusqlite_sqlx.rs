//! rusqlite and sqlx on one SQLite file: each reads the rows the other wrote, in the same
//! order, and both refuse a value of the wrong kind with the same words.

use std::path::PathBuf;

use idtypes::Ksuid;
use idtypes::{
    AsBytes, AsText, FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand,
    TypedId, Uid11, Uid11Xid, Ulid,
};
use idtypes_tests::typed::TraceId;
use idtypes_tests::typed::{EventId, NoteKey, OrderId, PaymentId, PostId, TxnId};
use rusqlite::Connection;
use sqlx::AssertSqlSafe;

use crate::common::sqlx_cases::{Rng, Sample, Storage, samples};
use crate::common::typed_uuid::AccountId;
use crate::rusqlite_ids::{fill, select};

type Sqlite = sqlx::Sqlite;

/// A value both clients store.
trait Column:
    crate::rusqlite_ids::Column
    + Send
    + Unpin
    + sqlx::Type<Sqlite>
    + for<'q> sqlx::Encode<'q, Sqlite>
    + for<'r> sqlx::Decode<'r, Sqlite>
{
}

impl<T> Column for T where
    T: crate::rusqlite_ids::Column
        + Send
        + Unpin
        + sqlx::Type<Sqlite>
        + for<'q> sqlx::Encode<'q, Sqlite>
        + for<'r> sqlx::Decode<'r, Sqlite>
{
}

/// A new SQLite file, opened by both clients; removed when dropped.
struct SharedFile {
    path: PathBuf,
    rusqlite: Connection,
    sqlx: sqlx::SqlitePool,
}

impl SharedFile {
    async fn new() -> SharedFile {
        let name = format!("{}.sqlite", idtypes_tests::unique_table("idt_rusqlite"));
        let path = std::env::temp_dir().join(name);
        let rusqlite = Connection::open(&path).unwrap();
        let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&path);
        let sqlx = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .unwrap();
        SharedFile {
            path,
            rusqlite,
            sqlx,
        }
    }
}

impl Drop for SharedFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

async fn sqlx_select<V: Column>(pool: &sqlx::SqlitePool, sql: &str) -> Vec<V> {
    sqlx::query_scalar::<_, V>(AssertSqlSafe(sql.to_owned()))
        .fetch_all(pool)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"))
}

/// rusqlite writes `values`, sqlx reads them (by `n` and by `ORDER BY id`); sqlx writes them,
/// rusqlite reads them; and both tables hold the same SQLite values.
async fn both_ways<V: Column>(values: Vec<V>, storage: Storage) {
    let file = SharedFile::new().await;
    fill(&file.rusqlite, "by_rusqlite", &values, storage);
    let by_n = "SELECT id FROM by_rusqlite ORDER BY n";
    assert_eq!(
        sqlx_select::<V>(&file.sqlx, by_n).await,
        values,
        "sqlx reads"
    );
    let mut sorted = values.clone();
    sorted.sort();
    let by_id = "SELECT id FROM by_rusqlite ORDER BY id, n";
    assert_eq!(
        sqlx_select::<V>(&file.sqlx, by_id).await,
        sorted,
        "sqlx orders"
    );

    let create = format!(
        "CREATE TABLE by_sqlx (n INTEGER, id {})",
        crate::rusqlite_ids::column(storage)
    );
    sqlx::query(AssertSqlSafe(create))
        .execute(&file.sqlx)
        .await
        .unwrap();
    for (n, value) in values.iter().enumerate() {
        sqlx::query("INSERT INTO by_sqlx (n, id) VALUES (?, ?)")
            .bind(n as i64)
            .bind(value.clone())
            .execute(&file.sqlx)
            .await
            .unwrap();
    }
    let read: Vec<V> = select(&file.rusqlite, "SELECT id FROM by_sqlx ORDER BY n", []);
    assert_eq!(read, values, "rusqlite reads");
    let differing: Vec<i64> = select(
        &file.rusqlite,
        "SELECT a.n FROM by_rusqlite a JOIN by_sqlx b ON a.n = b.n WHERE a.id IS NOT b.id",
        [],
    );
    assert!(differing.is_empty(), "rows {differing:?} differ");
}

fn all<T: Sample>() -> Vec<T> {
    samples::<T>(&mut Rng::new(), 8)
}

fn typed<T: TypedId>() -> Vec<T>
where
    T::Inner: Sample,
{
    all::<T::Inner>()
        .into_iter()
        .filter_map(|id| T::try_from_inner(id).ok())
        .collect()
}

/// The shared-file test of each type: `$name: $ty = $values, $storage;`.
macro_rules! both_ways {
    ($($name:ident: $ty:ty = $values:expr, $storage:expr;)*) => {
        mod rusqlite_and_sqlx {
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    both_ways::<$ty>($values, $storage).await;
                }
            )*
        }
    };
}

both_ways! {
    tid: Tid = all(), Storage::Integer;
    time_id: TimeId = all(), Storage::Integer;
    uid11: Uid11 = all(), Storage::Integer;
    xid: Uid11Xid = all(), Storage::Integer;
    snowish: Snowish = all(), Storage::Integer;
    ts_seq_rand: TsSeqRand = all(), Storage::Integer;
    full_rand: FullRand = all(), Storage::Integer;
    snowflake: Snowflake = all(), Storage::Integer;
    tbsl: Tbsl = all(), Storage::Bytes10;
    ulid: Ulid = all(), Storage::Uuid;
    record_key: RecordKey = all(), Storage::Text;
    text_time_id: AsText<TimeId> = all::<TimeId>().into_iter().map(AsText).collect(), Storage::Text;
    bytes_xid: AsBytes<Uid11Xid> = all::<Uid11Xid>().into_iter().map(AsBytes).collect(), Storage::Bytes8;
    typed_post: PostId = typed(), Storage::Integer;
    typed_event: EventId = typed(), Storage::Integer;
    typed_order: OrderId = typed(), Storage::Integer;
    typed_txn: TxnId = typed(), Storage::Bytes10;
    typed_payment: PaymentId = typed(), Storage::Uuid;
    typed_note: NoteKey = typed(), Storage::Text;
    bytes_typed_post: AsBytes<PostId> = typed().into_iter().map(AsBytes).collect(),
        Storage::Bytes8;
    text_typed_post: AsText<PostId> = typed().into_iter().map(AsText).collect(),
        Storage::PrefixedText;
    typed_uuid: AccountId = all(), Storage::Uuid;
    text_typed_uuid: AsText<AccountId> = all::<AccountId>().into_iter().map(AsText).collect(),
        Storage::PrefixedText;
    bytes_typed_uuid: AsBytes<AccountId> = all::<AccountId>().into_iter().map(AsBytes).collect(),
        Storage::Bytes16;
    ksuid: Ksuid = all(), Storage::Bytes20;
    typed_trace: TraceId = typed(), Storage::Bytes20;
    sonyflake: idtypes::Sonyflake = all(), Storage::Integer;
    rs_xid: idtypes::RsXid = all(), Storage::Bytes12;
    typed_request: idtypes_tests::typed::RequestId = typed(), Storage::Bytes12;
    object_id: idtypes::ObjectId = all(), Storage::Bytes12;
}

/// The errors both clients give for `expr` read as `V` end alike.
async fn same_error<V: Column>(file: &SharedFile, expr: &str) {
    let sql = format!("SELECT {expr}");
    let rusqlite = file
        .rusqlite
        .query_row(&sql, [], |row| row.get::<_, V>(0))
        .unwrap_err()
        .to_string();
    // Without sqlx's own type check, which names the Rust type instead.
    let row = sqlx::query(AssertSqlSafe(sql))
        .fetch_one(&file.sqlx)
        .await
        .unwrap();
    let sqlx = sqlx::Row::try_get_unchecked::<V, _>(&row, 0)
        .unwrap_err()
        .to_string();
    // rusqlite's "Conversion error from type Text at index: 0, " and ours.
    let (_, ours) = rusqlite.split_once(", ").unwrap();
    assert!(ours.contains("in a column of the wrong type"), "{rusqlite}");
    assert!(sqlx.ends_with(ours), "sqlx: {sqlx}\nrusqlite: {rusqlite}");
}

#[tokio::test]
async fn both_refuse_a_value_of_the_wrong_kind_with_the_same_words() {
    let file = SharedFile::new().await;
    same_error::<Tid>(&file, "'3jzfcijpj2z2a'").await;
    same_error::<EventId>(&file, "x'00'").await;
    same_error::<Tbsl>(&file, "1").await;
    same_error::<idtypes::RsXid>(&file, "1").await;
    same_error::<AsBytes<PostId>>(&file, "'x'").await;
    same_error::<RecordKey>(&file, "1").await;
    same_error::<AsText<PostId>>(&file, "x'00'").await;
}
