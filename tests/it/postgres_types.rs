//! The postgres-types integration (`ToSql`/`FromSql`), through tokio-postgres on PostgreSQL
//! (`IDTYPES_TEST_POSTGRES_URL`; skipped when unset).
//!
//! It must store exactly what the sqlx integration stores, so every table here is also read
//! (and written) through sqlx on the same server: the rows one client writes, the other reads
//! back; `BETWEEN` finds the same rows through both; the errors for a value in the wrong kind
//! of column say the same. The sample values (`MIN`, `MAX`, TIDs above `i64::MAX`, TimeIds
//! before 1970, mixed-case record keys, random ones) are `common/sqlx_cases.rs`'s.

use std::fmt::Debug;

use bytes::BytesMut;
use idtypes::Ksuid;
use idtypes::prelude::*;
use idtypes::time_id::NodeId;
use idtypes::{
    AsBytes, AsText, FullRand, IdRange, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId,
    TsSeqRand, TypedId, Uid11, Uid11Xid, Ulid,
};
use idtypes_tests::typed::TraceId;
use idtypes_tests::typed::{
    ChatId, EventId, FileId, JobId, MsgId, NoteKey, OrderId, PaymentId, PostId, TokenId, TxnId,
};
use sqlx::{AssertSqlSafe, Row as _};
use tokio_postgres::types::{FromSql, FromSqlOwned, ToSql, Type};
use tokio_postgres::{Client, NoTls};

use crate::common::sqlx_cases::postgres::column;
use crate::common::sqlx_cases::{Rng, Sample, Storage, around_u64, expected_in, samples};
use crate::sqlx_derive::{
    PostKey, ProfileKey, RecentPostId, TagKey, TrustedPostId, TrustedPostKey,
};

type Pg = sqlx::Postgres;

/// A value both clients store: postgres-types' `ToSql`/`FromSql` and sqlx's traits.
trait Column:
    Clone
    + Ord
    + Debug
    + Send
    + Sync
    + Unpin
    + 'static
    + ToSql
    + FromSqlOwned
    + sqlx::Type<Pg>
    + for<'q> sqlx::Encode<'q, Pg>
    + for<'r> sqlx::Decode<'r, Pg>
{
}

impl<T> Column for T where
    T: Clone
        + Ord
        + Debug
        + Send
        + Sync
        + Unpin
        + 'static
        + ToSql
        + FromSqlOwned
        + sqlx::Type<Pg>
        + for<'q> sqlx::Encode<'q, Pg>
        + for<'r> sqlx::Decode<'r, Pg>
{
}

/// Both clients, or `None` (a skip, the reason printed) when the URL is unset.
async fn connect() -> Option<(Client, sqlx::PgPool)> {
    let url = idtypes_tests::postgres_url()?;
    let (client, connection) = tokio_postgres::connect(&url, NoTls)
        .await
        .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
    tokio::spawn(async move {
        if let Err(err) = connection.await {
            eprintln!("tokio-postgres connection: {err}");
        }
    });
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(1)
        .connect(&url)
        .await
        .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
    Some((client, pool))
}

async fn exec(client: &Client, sql: &str) {
    client
        .batch_execute(sql)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"));
}

/// A new table `(n INTEGER, id <the column of storage>)`.
async fn create(client: &Client, prefix: &str, storage: Storage) -> String {
    let table = idtypes_tests::unique_table(prefix);
    let sql = format!("CREATE TABLE {table} (n INTEGER, id {})", column(storage));
    exec(client, &sql).await;
    table
}

async fn drop_table(client: &Client, table: &str) {
    exec(client, &format!("DROP TABLE {table}")).await;
}

/// Inserts the values through tokio-postgres, `n` numbering them from `first`.
async fn insert<V: ToSql + Sync + Debug>(client: &Client, table: &str, first: i32, values: &[V]) {
    let sql = format!("INSERT INTO {table} (n, id) VALUES ($1, $2)");
    let statement = client.prepare(&sql).await.unwrap();
    for (n, value) in (first..).zip(values) {
        client
            .execute(&statement, &[&n, value])
            .await
            .unwrap_or_else(|err| panic!("insert {value:?}: {err}"));
    }
}

/// Inserts the values through sqlx, `n` numbering them from `first`.
async fn insert_sqlx<V: Column>(pool: &sqlx::PgPool, table: &str, first: i32, values: &[V]) {
    let sql = format!("INSERT INTO {table} (n, id) VALUES ($1, $2)");
    for (n, value) in (first..).zip(values) {
        sqlx::query(AssertSqlSafe(sql.clone()))
            .bind(n)
            .bind(value.clone())
            .execute(pool)
            .await
            .unwrap_or_else(|err| panic!("sqlx insert {value:?}: {err}"));
    }
}

/// The first column of every row, through tokio-postgres.
async fn select<V: FromSqlOwned>(
    client: &Client,
    sql: &str,
    params: &[&(dyn ToSql + Sync)],
) -> Vec<V> {
    let rows = client
        .query(sql, params)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"));
    rows.iter()
        .map(|row| row.try_get(0).unwrap_or_else(|err| panic!("{sql}: {err}")))
        .collect()
}

/// The first column of every row, through sqlx.
async fn select_sqlx<V: Column>(pool: &sqlx::PgPool, sql: &str) -> Vec<V> {
    sqlx::query_scalar::<_, V>(AssertSqlSafe(sql.to_owned()))
        .fetch_all(pool)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"))
}

/// What a tokio-postgres error says, its cause included (its `Display` names only the
/// column or parameter).
fn cause(err: &tokio_postgres::Error) -> String {
    let source = std::error::Error::source(err).map(ToString::to_string);
    format!("{err}: {}", source.unwrap_or_default())
}

/// The typed ids holding those of `inner` that the type's checks accept.
fn typed<T: TypedId>(inner: impl IntoIterator<Item = T::Inner>) -> Vec<T> {
    inner
        .into_iter()
        .filter_map(|id| T::try_from_inner(id).ok())
        .collect()
}

/// The samples of `I`, typed as `T` where its checks accept them.
fn typed_samples<T: TypedId>(randoms: usize) -> Vec<T>
where
    T::Inner: Sample,
{
    typed(samples::<T::Inner>(&mut Rng::new(), randoms))
}

/// Record keys made from the TID samples: keys of the `tid` record key type.
fn tid_keys() -> Vec<RecordKey> {
    samples::<Tid>(&mut Rng::new(), 8)
        .into_iter()
        .map(RecordKey::from)
        .collect()
}

/// Writes `values` through tokio-postgres and reads them back through both clients, in order
/// and by equality; writes them again through sqlx and checks that both clients stored the
/// same column values; and checks `ORDER BY id` against `Ord`.
async fn round_trip<V: Column>(values: Vec<V>, storage: Storage) {
    assert!(values.len() >= 2, "a round trip with too few values");
    let Some((client, pool)) = connect().await else {
        return;
    };
    let table = create(&client, "idt_pgt_rt", storage).await;
    insert(&client, &table, 0, &values).await;

    let sql = format!("SELECT id FROM {table} ORDER BY n");
    assert_eq!(
        select::<V>(&client, &sql, &[]).await,
        values,
        "tokio-postgres"
    );
    assert_eq!(select_sqlx::<V>(&pool, &sql).await, values, "sqlx");

    // The same values written by sqlx are the same column values.
    let k = values.len() as i32;
    insert_sqlx(&pool, &table, k, &values).await;
    let sql = format!(
        "SELECT count(*) FROM {table} a JOIN {table} b ON b.n = a.n + $1 WHERE a.id = b.id"
    );
    let same: Vec<i64> = select(&client, &sql, &[&k]).await;
    assert_eq!(
        same,
        [i64::from(k)],
        "sqlx and tokio-postgres stored different values"
    );
    let sql = format!("SELECT id FROM {table} WHERE n >= $1 ORDER BY n");
    assert_eq!(
        select::<V>(&client, &sql, &[&k]).await,
        values,
        "written by sqlx"
    );

    // The database's order is `Ord`.
    let mut sorted = values.clone();
    sorted.sort();
    let sql = format!("SELECT id FROM {table} WHERE n < $1 ORDER BY id, n");
    assert_eq!(
        select::<V>(&client, &sql, &[&k]).await,
        sorted,
        "ORDER BY id"
    );

    // Each value finds its rows by equality.
    let sql = format!("SELECT n, id FROM {table} WHERE id = $1 AND n < $2");
    for value in [&values[0], &values[values.len() - 1]] {
        let rows = client.query(&sql, &[value, &k]).await.unwrap();
        assert!(!rows.is_empty(), "{value:?} not found by equality");
        for row in rows {
            assert_eq!(&row.get::<_, V>(1), value);
            assert_eq!(&values[row.get::<_, i32>(0) as usize], value);
        }
    }
    drop_table(&client, &table).await;
}

/// `Vec<V>` and `&[V]` bound to `= ANY($1)`, `array_agg` read back as `Vec<V>`, and arrays
/// with NULLs and empty ones bound and read back.
async fn arrays<V: Column>(values: Vec<V>, storage: Storage) {
    let Some((client, _pool)) = connect().await else {
        return;
    };
    let table = create(&client, "idt_pgt_arr", storage).await;
    insert(&client, &table, 0, &values).await;

    let wanted: Vec<V> = values.iter().step_by(2).cloned().collect();
    let mut expected: Vec<V> = values
        .iter()
        .filter(|v| wanted.contains(v))
        .cloned()
        .collect();
    expected.sort();
    let sql = format!("SELECT id FROM {table} WHERE id = ANY($1) ORDER BY id, n");
    assert_eq!(
        select::<V>(&client, &sql, &[&wanted]).await,
        expected,
        "Vec"
    );
    let slice: &[V] = &wanted;
    assert_eq!(
        select::<V>(&client, &sql, &[&slice]).await,
        expected,
        "&[V]"
    );

    let sql = format!("SELECT array_agg(id ORDER BY id, n) FROM {table}");
    let all: Vec<Vec<V>> = select(&client, &sql, &[]).await;
    let mut sorted = values.clone();
    sorted.sort();
    assert_eq!(all, [sorted], "array_agg");

    let array = match storage {
        Storage::Integer => "bigint[]",
        Storage::Bytes8 | Storage::Bytes10 | Storage::Bytes16 | Storage::Bytes12 => "bytea[]",
        Storage::Uuid => "uuid[]",
        Storage::Text | Storage::PrefixedText => "text[]",
        Storage::Bytes20 => "bytea[]",
    };
    let sql = format!("SELECT $1::{array}");
    let back: Vec<Vec<V>> = select(&client, &sql, &[&values]).await;
    assert_eq!(back, std::slice::from_ref(&values));
    let with_null = vec![None, Some(values[0].clone()), None, Some(values[1].clone())];
    let back: Vec<Vec<Option<V>>> = select(&client, &sql, &[&with_null]).await;
    assert_eq!(back, [with_null]);
    let back: Vec<Vec<V>> = select(&client, &sql, &[&Vec::<V>::new()]).await;
    assert_eq!(back, [Vec::<V>::new()]);
    drop_table(&client, &table).await;
}

/// NULL is `None` for `Option<V>`, and an error for `V`; `None` binds as NULL.
async fn nulls<V: Column>(values: Vec<V>, storage: Storage) {
    let Some((client, _pool)) = connect().await else {
        return;
    };
    let table = create(&client, "idt_pgt_null", storage).await;
    let with_null = [None, Some(values[0].clone()), Some(values[1].clone()), None];
    insert(&client, &table, 0, &with_null).await;
    let sql = format!("SELECT id FROM {table} ORDER BY n");
    assert_eq!(select::<Option<V>>(&client, &sql, &[]).await, with_null);
    let sql = format!("SELECT id FROM {table} WHERE n = 0");
    let row = client.query_one(&sql, &[]).await.unwrap();
    let err = cause(&row.try_get::<_, V>(0).unwrap_err());
    assert!(err.contains("was `NULL`"), "{err}");
    drop_table(&client, &table).await;
}

/// The tests of one value type: `$name: $ty = $values, $storage;`.
macro_rules! cases {
    ($($name:ident: $ty:ty = $values:expr, $storage:expr;)*) => {
        mod pgt_round_trip {
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    round_trip::<$ty>($values, $storage).await;
                }
            )*
        }

        mod pgt_arrays {
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    arrays::<$ty>($values, $storage).await;
                }
            )*
        }

        mod pgt_nulls {
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    nulls::<$ty>($values, $storage).await;
                }
            )*
        }
    };
}

/// `MIN`, `MAX`, the tricky values and random ones.
fn all<T: Sample>() -> Vec<T> {
    samples::<T>(&mut Rng::new(), 8)
}

/// The same, as bytes.
fn all_as_bytes<T: Sample + Copy>() -> Vec<AsBytes<T>> {
    all::<T>().into_iter().map(AsBytes).collect()
}

/// The same, as text.
fn all_as_text<T: Sample + Copy>() -> Vec<AsText<T>> {
    all::<T>().into_iter().map(AsText).collect()
}

cases! {
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
    text_tid: AsText<Tid> = all_as_text(), Storage::Text;
    text_time_id: AsText<TimeId> = all_as_text(), Storage::Text;
    text_ulid: AsText<Ulid> = all_as_text(), Storage::Text;
    text_uid11: AsText<Uid11> = all_as_text(), Storage::Text;
    text_xid: AsText<Uid11Xid> = all_as_text(), Storage::Text;
    text_snowish: AsText<Snowish> = all_as_text(), Storage::Text;
    text_ts_seq_rand: AsText<TsSeqRand> = all_as_text(), Storage::Text;
    text_full_rand: AsText<FullRand> = all_as_text(), Storage::Text;
    text_tbsl: AsText<Tbsl> = all_as_text(), Storage::Text;
    bytes_tid: AsBytes<Tid> = all_as_bytes(), Storage::Bytes8;
    bytes_time_id: AsBytes<TimeId> = all_as_bytes(), Storage::Bytes8;
    bytes_uid11: AsBytes<Uid11> = all_as_bytes(), Storage::Bytes8;
    bytes_snowish: AsBytes<Snowish> = all_as_bytes(), Storage::Bytes8;
    bytes_snowflake: AsBytes<Snowflake> = all_as_bytes(), Storage::Bytes8;
    bytes_tbsl: AsBytes<Tbsl> = all_as_bytes(), Storage::Bytes10;
    bytes_ulid: AsBytes<Ulid> = all_as_bytes(), Storage::Bytes16;
    bytes_post: AsBytes<PostId> = typed_samples(8).into_iter().map(AsBytes).collect(), Storage::Bytes8;
    typed_post: PostId = typed_samples(8), Storage::Integer;
    typed_event: EventId = typed_samples(8), Storage::Integer;
    typed_file: FileId = typed_samples(8), Storage::Integer;
    typed_order: OrderId = typed_samples(8), Storage::Integer;
    typed_job: JobId = typed_samples(8), Storage::Integer;
    typed_msg: MsgId = typed_samples(8), Storage::Integer;
    typed_token: TokenId = typed_samples(8), Storage::Integer;
    typed_chat: ChatId = typed_samples(8), Storage::Integer;
    typed_txn: TxnId = typed_samples(8), Storage::Bytes10;
    typed_payment: PaymentId = typed_samples(8), Storage::Uuid;
    typed_note: NoteKey = typed_samples(8), Storage::Text;
    checked_post: RecentPostId = typed_samples(8), Storage::Integer;
    trusting_post: TrustedPostId = typed_samples(8), Storage::Integer;
    checked_tag: TagKey = typed_samples(16), Storage::Text;
    key_type_tid: PostKey = typed(tid_keys()), Storage::Text;
    key_type_tid_trusting: TrustedPostKey = typed(tid_keys()), Storage::Text;
    key_type_literal: ProfileKey = typed([RecordKey::SELF, RecordKey::SELF]), Storage::Text;
    text_typed_post: AsText<PostId> = typed_samples(8).into_iter().map(AsText).collect(),
        Storage::PrefixedText;
    rs_xid: idtypes::RsXid = all(), Storage::Bytes12;
    text_rs_xid: AsText<idtypes::RsXid> = all_as_text(), Storage::Text;
    bytes_rs_xid: AsBytes<idtypes::RsXid> = all_as_bytes(), Storage::Bytes12;
    typed_request: idtypes_tests::typed::RequestId = typed_samples(8), Storage::Bytes12;
    object_id: idtypes::ObjectId = all(), Storage::Bytes12;
    typed_mongo_order: idtypes_tests::typed::MongoOrderId = typed_samples(8), Storage::Bytes12;
    text_typed_note: AsText<NoteKey> = typed_samples(8).into_iter().map(AsText).collect(),
        Storage::PrefixedText;
    text_checked_post: AsText<RecentPostId> =
        typed_samples(8).into_iter().map(AsText).collect(), Storage::PrefixedText;
    ksuid: Ksuid = all(), Storage::Bytes20;
    text_ksuid: AsText<Ksuid> = all_as_text(), Storage::Text;
    bytes_ksuid: AsBytes<Ksuid> = all_as_bytes(), Storage::Bytes20;
    typed_trace: TraceId = typed_samples(8), Storage::Bytes20;
    sonyflake: idtypes::Sonyflake = all(), Storage::Integer;
    bytes_sonyflake: AsBytes<idtypes::Sonyflake> = all_as_bytes(), Storage::Bytes8;
    typed_batch: idtypes_tests::typed::BatchId = typed_samples(8), Storage::Integer;
    nanoid: idtypes::NanoId = all(), Storage::Text;
    nanoid_lowercase16: idtypes::NanoId<idtypes::nanoid::Lowercase, 16> = all(), Storage::Text;
    typed_invite: idtypes_tests::typed::InviteId = typed_samples(8), Storage::Text;
    cuid2: idtypes::Cuid2 = all(), Storage::Text;
    typed_user: idtypes_tests::typed::UserId = typed_samples(8), Storage::Text;
}

/// The rows of `values` whose id is in any of `ranges`, through `BETWEEN` with bound ends,
/// from both clients (which must agree), in `ORDER BY id`.
async fn between<V: Column>(values: &[V], ranges: &[(V, V)], storage: Storage) -> Option<Vec<V>> {
    let (client, pool) = connect().await?;
    let table = create(&client, "idt_pgt_rng", storage).await;
    insert(&client, &table, 0, values).await;
    let condition: Vec<String> = (0..ranges.len())
        .map(|i| format!("(id BETWEEN ${} AND ${})", 2 * i + 1, 2 * i + 2))
        .collect();
    let sql = format!(
        "SELECT id FROM {table} WHERE {} ORDER BY id, n",
        condition.join(" OR ")
    );
    let params: Vec<&(dyn ToSql + Sync)> = ranges
        .iter()
        .flat_map(|(start, end)| [start as &(dyn ToSql + Sync), end as &(dyn ToSql + Sync)])
        .collect();
    let rows: Vec<V> = select(&client, &sql, &params).await;
    let mut query = sqlx::query_scalar::<_, V>(AssertSqlSafe(sql));
    for (start, end) in ranges {
        query = query.bind(start.clone()).bind(end.clone());
    }
    let sqlx_rows = query.fetch_all(&pool).await.unwrap();
    assert_eq!(
        rows, sqlx_rows,
        "tokio-postgres and sqlx found different rows"
    );
    drop_table(&client, &table).await;
    Some(rows)
}

/// `BETWEEN` over the bytes column and over the `AsText` column gives the ids in the ranges.
async fn check_ranges<T>(values: &[T], ranges: &[IdRange<T>], storage: Storage)
where
    T: Column + Copy,
    AsText<T>: Column,
{
    // The values a signed column holds (all but TIDs with the top bit set).
    let values: Vec<T> = values
        .iter()
        .copied()
        .filter(|v| {
            storage != Storage::Integer || v.to_sql(&Type::INT8, &mut BytesMut::new()).is_ok()
        })
        .collect();
    let values = values.as_slice();
    let expected = expected_in(values, ranges);
    assert!(!expected.is_empty(), "a range case without rows in range");
    assert!(
        expected.len() < values.len(),
        "a range case without rows out of range"
    );
    let bounds: Vec<(T, T)> = ranges.iter().map(|r| (r.start(), r.end())).collect();
    let Some(rows) = between(values, &bounds, storage).await else {
        return;
    };
    assert_eq!(rows, expected, "{ranges:?}");

    let texts: Vec<AsText<T>> = values.iter().copied().map(AsText).collect();
    let bounds: Vec<_> = bounds
        .into_iter()
        .map(|(s, e)| (AsText(s), AsText(e)))
        .collect();
    let rows = between(&texts, &bounds, Storage::Text).await.unwrap();
    let expected: Vec<AsText<T>> = expected.into_iter().map(AsText).collect();
    assert_eq!(rows, expected, "as text, {ranges:?}");
}

#[tokio::test]
async fn between_tid_prefix_and_time() {
    use std::time::{Duration, UNIX_EPOCH};
    let mut extra = all::<Tid>();
    extra.push(idtypes::tid!("3jzfcijpj2z2a"));
    for prefix in ["3jzf", "b", "2"] {
        let range = Tid::range_for_prefix(prefix).unwrap().unwrap();
        let values = around_u64(&[range], Tid::to_u64, Tid::from_u64, &extra);
        check_ranges(&values, &[range], Storage::Integer).await;
    }
    let day = UNIX_EPOCH + Duration::from_secs(1_688_083_200);
    let range = Tid::range_for_time(day..day + Duration::from_secs(86_400)).unwrap();
    let values = around_u64(&[range], Tid::to_u64, Tid::from_u64, &extra);
    check_ranges(&values, &[range], Storage::Integer).await;
}

#[tokio::test]
async fn between_time_ids_across_1970() {
    let ranges = TimeId::ranges_for_micros(-3_000_000, 2_000_000);
    assert_eq!(ranges.len(), 2);
    let mut extra = all::<TimeId>();
    for micros in [-3_000_001, -3_000_000, -1, 0, 2_000_000, 2_000_001] {
        for node in [NodeId::MIN, NodeId::MAX] {
            extra.push(TimeId::from_parts(micros, node).unwrap());
        }
    }
    let values = around_u64(
        ranges.as_slice(),
        |id: TimeId| id.to_i64() as u64,
        |v| TimeId::from_i64(v as i64),
        &extra,
    );
    check_ranges(&values, ranges.as_slice(), Storage::Integer).await;
}

#[tokio::test]
async fn between_tbsl_time() {
    let range = Tbsl::range_for_micros(1_700_000_000_000_000, 1_700_000_086_400_000).unwrap();
    let mut values = all::<Tbsl>();
    for end in [range.start(), range.end()] {
        let v = end.to_u128();
        for v in [v - 1, v, v + 1] {
            values.push(Tbsl::try_from_u128(v).unwrap());
        }
    }
    check_ranges(&values, &[range], Storage::Bytes10).await;
}

#[tokio::test]
async fn between_typed_ids() {
    let range = PostId::range_for_prefix("post_3jzf").unwrap().unwrap();
    let extra: Vec<PostId> = typed_samples(8);
    let values = around_u64(
        &[range],
        |id: PostId| id.as_inner().to_u64(),
        |v| PostId::from_inner(Tid::from_u64(v)),
        &extra,
    );
    check_ranges(&values, &[range], Storage::Integer).await;
}

/// A table of one row: `b` BYTEA, `t` TEXT, `i` INT8, and the row read through both clients.
struct WrongColumns {
    client: Client,
    pg: tokio_postgres::Row,
    sqlx: sqlx::postgres::PgRow,
}

impl WrongColumns {
    async fn new(bytes: &[u8], text: &str) -> Option<WrongColumns> {
        let (client, pool) = connect().await?;
        let table = idtypes_tests::unique_table("idt_pgt_kind");
        let sql = format!("CREATE TABLE {table} (b BYTEA, t TEXT, i INT8, c CHAR(13))");
        exec(&client, &sql).await;
        let sql = format!("INSERT INTO {table} (b, t, i, c) VALUES ($1, $2, 1, $3)");
        let short = &text[..text.len().min(13)];
        client
            .execute(&sql, &[&bytes, &text, &short])
            .await
            .unwrap();
        let sql = format!("SELECT b, t, i, c FROM {table}");
        let pg = client.query_one(&sql, &[]).await.unwrap();
        let sqlx = sqlx::query(AssertSqlSafe(sql))
            .fetch_one(&pool)
            .await
            .unwrap();
        drop_table(&client, &table).await;
        Some(WrongColumns { client, pg, sqlx })
    }

    /// The error of reading column `col` as `V`: tokio-postgres checks `accepts` first and
    /// gives its `WrongType` error, which this checks; `from_sql` called on the column's type
    /// gives the integration's own error, which must be sqlx's, word for word.
    fn error<V: Column>(&self, col: usize) -> String {
        let err = cause(&self.pg.try_get::<_, V>(col).unwrap_err());
        let ty = self.pg.columns()[col].type_();
        let wrong_type = format!(
            "cannot convert between the Rust type `{}` and the Postgres type `{}`",
            std::any::type_name::<V>(),
            ty.name()
        );
        assert!(err.contains(&wrong_type), "{err}");
        let raw: &[u8] = self.pg.get::<_, Raw>(col).0;
        let direct = V::from_sql(ty, raw).unwrap_err().to_string();
        assert_eq!(direct, self.sqlx_error::<V>(col), "the same error as sqlx");
        direct
    }

    /// sqlx's error for column `col` as `V`, without its type check.
    fn sqlx_error<V: Column>(&self, col: usize) -> String {
        match self.sqlx.try_get_unchecked::<V, _>(col).unwrap_err() {
            sqlx::Error::ColumnDecode { source, .. } => source.to_string(),
            other => panic!("{other}"),
        }
    }
}

/// A column's raw value, whatever its type.
struct Raw<'a>(&'a [u8]);

impl<'a> FromSql<'a> for Raw<'a> {
    fn from_sql(_: &Type, raw: &'a [u8]) -> Result<Self, Box<dyn std::error::Error + Sync + Send>> {
        Ok(Raw(raw))
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

#[tokio::test]
async fn a_value_in_the_wrong_kind_of_column_is_an_error_like_sqlx_s() {
    let tid = idtypes::tid!("3jzfcijpj2z2a");
    let Some(row) = WrongColumns::new(&tid.to_bytes(), "3jzfcijpj2z2a").await else {
        return;
    };
    // Text is not a TID, nor are eight bytes; an integer is not a TID's bytes, and eight
    // bytes are not a record key.
    let m = row.error::<Tid>(1);
    assert_eq!(
        m,
        "atproto TID in a column of the wrong type: expected BIGINT (INT8), found TEXT"
    );
    let m = row.error::<Tid>(0);
    assert_eq!(
        m,
        "atproto TID in a column of the wrong type: expected BIGINT (INT8), found BYTEA"
    );
    let m = row.error::<AsBytes<Tid>>(2);
    assert_eq!(
        m,
        "atproto TID in a column of the wrong type: expected BYTEA, found INT8"
    );
    let m = row.error::<Tbsl>(3);
    assert_eq!(
        m,
        "TBSL in a column of the wrong type: expected BYTEA, found CHAR"
    );
    let m = row.error::<RecordKey>(0);
    assert_eq!(
        m,
        "atproto record key in a column of the wrong type: expected text (TEXT, VARCHAR or CHAR), found BYTEA"
    );
    row.error::<RecordKey>(2);
    let m = row.error::<AsText<Tid>>(0);
    assert!(
        m.starts_with("atproto TID in a column of the wrong type"),
        "{m}"
    );
    let m = row.error::<PostId>(1);
    assert!(m.ends_with("expected BIGINT (INT8), found TEXT"), "{m}");
    let m = row.error::<AsBytes<PostId>>(1);
    assert!(m.ends_with("expected BYTEA, found TEXT"), "{m}");
    let m = row.error::<AsText<PostId>>(0);
    assert!(m.starts_with("PostId in a column of the wrong type"), "{m}");
    row.error::<NoteKey>(0);

    // The right columns read.
    assert_eq!(row.pg.get::<_, AsBytes<Tid>>(0), AsBytes(tid));
    assert_eq!(row.pg.get::<_, Tid>(2), Tid::from_u64(1));
    assert_eq!(row.pg.get::<_, RecordKey>(1), "3jzfcijpj2z2a");
    assert_eq!(row.pg.get::<_, AsText<Tid>>(3), AsText(tid));

    // Writing: tokio-postgres refuses to bind an id to a parameter of the other kind, and
    // `to_sql` called directly says what sqlx would.
    let err = cause(
        &row.client
            .query_one("SELECT $1::text", &[&tid])
            .await
            .unwrap_err(),
    );
    assert!(
        err.contains("cannot convert between the Rust type `idtypes::tid::Tid`"),
        "{err}"
    );
    let err = to_sql_error(&tid, &Type::TEXT);
    assert_eq!(
        err,
        "atproto TID in a column of the wrong type: expected BIGINT (INT8), found TEXT"
    );
    let err = to_sql_error(&AsBytes(tid), &Type::INT8);
    assert_eq!(
        err,
        "atproto TID in a column of the wrong type: expected BYTEA, found INT8"
    );
    // A TID with the top bit set does not fit a BIGINT.
    let err = to_sql_error(&idtypes::tid!("c222222222222"), &Type::INT8);
    assert!(err.contains("does not fit a signed 64-bit column"), "{err}");
    let err = to_sql_error(&RecordKey::SELF, &Type::BYTEA_ARRAY);
    assert!(err.ends_with("found BYTEA[]"), "{err}");
    let err = to_sql_error(&PostId::from_inner(tid), &Type::TEXT);
    assert!(err.ends_with("expected BIGINT (INT8), found TEXT"), "{err}");
    let err = to_sql_error(&AsText(PostId::from_inner(tid)), &Type::INT4);
    assert!(
        err.ends_with("expected text (TEXT, VARCHAR or CHAR), found INT4"),
        "{err}"
    );
}

/// The error of `value.to_sql(ty)`, which must have written nothing.
fn to_sql_error<V: ToSql>(value: &V, ty: &Type) -> String {
    let mut buf = BytesMut::new();
    match value.to_sql(ty, &mut buf) {
        Ok(_) => panic!("{value:?} written as {ty}: {buf:?}"),
        Err(err) => {
            assert!(buf.is_empty(), "an error wrote {buf:?}");
            err.to_string()
        }
    }
}

#[tokio::test]
async fn malformed_content_is_an_error_like_sqlx_s() {
    /// Reads column `col` as `V`, which fails, and checks that the cause is sqlx's error.
    fn same<V: Column>(row: &WrongColumns, col: usize, name: &str) {
        let err = row.pg.try_get::<_, V>(col).unwrap_err();
        let source = std::error::Error::source(&err).unwrap().to_string();
        assert_eq!(source, row.sqlx_error::<V>(col));
        assert!(source.contains(name), "{source}");
    }

    // 7 bytes (no TID, no TBSL), a snowish id with its reserved bit set, 9 bytes; text that
    // is no record key and no TID.
    for (bytes, text) in [
        (&[1u8; 7][..], "a/b"),
        (&[0x80, 0, 0, 0, 0, 0, 0, 1][..], "."),
        (&[0xAB; 9][..], "3jzfcijpj2z2a!"),
    ] {
        let Some(row) = WrongColumns::new(bytes, text).await else {
            return;
        };
        if bytes.len() != 8 {
            same::<AsBytes<Tid>>(&row, 0, "atproto TID");
            same::<AsBytes<PostId>>(&row, 0, "atproto TID");
        }
        same::<Tbsl>(&row, 0, "TBSL");
        same::<RecordKey>(&row, 1, "record key");
        same::<NoteKey>(&row, 1, "record key");
        same::<AsText<Tid>>(&row, 1, "atproto TID");
        same::<AsText<PostId>>(&row, 1, "PostId");
        if bytes[0] == 0x80 {
            same::<AsBytes<Snowish>>(&row, 0, "snowish");
            same::<AsBytes<JobId>>(&row, 0, "snowish");
        }
    }
}

#[tokio::test]
async fn a_checked_typed_id_refuses_a_stored_value_its_checks_refuse() {
    let Some((client, _pool)) = connect().await else {
        return;
    };
    let old = Tid::from_parts(1_600_000_000_000_000, 0).unwrap(); // 2020
    let table = create(&client, "idt_pgt_chk", Storage::Integer).await;
    insert(&client, &table, 0, &[old]).await;
    let sql = format!("SELECT id FROM {table}");
    let row = client.query_one(&sql, &[]).await.unwrap();
    let err = row.try_get::<_, RecentPostId>(0).unwrap_err();
    let source = std::error::Error::source(&err).unwrap().to_string();
    assert!(source.contains("was made before 2023"), "{source}");
    assert!(source.contains("RecentPostId"), "{source}");
    // The type that trusts its rows reads it, and so does the inner id.
    assert_eq!(row.get::<_, TrustedPostId>(0).into_inner(), old);
    assert_eq!(row.get::<_, Tid>(0), old);
    drop_table(&client, &table).await;

    // The same for a record key type, and for the prefixed text.
    let table = create(&client, "idt_pgt_chk", Storage::PrefixedText).await;
    let old_text = format!("post_{old}");
    insert(&client, &table, 0, &["self", old_text.as_str()]).await;
    let rows = client
        .query(&format!("SELECT id FROM {table} ORDER BY n"), &[])
        .await
        .unwrap();
    let err = rows[0].try_get::<_, PostKey>(0).unwrap_err();
    let source = std::error::Error::source(&err).unwrap().to_string();
    assert!(source.contains("PostKey"), "{source}");
    assert_eq!(rows[0].get::<_, TrustedPostKey>(0).as_str(), "self");
    assert_eq!(rows[0].get::<_, ProfileKey>(0).as_str(), "self");
    let err = rows[1].try_get::<_, AsText<RecentPostId>>(0).unwrap_err();
    let source = std::error::Error::source(&err).unwrap().to_string();
    assert!(source.contains("was made before 2023"), "{source}");
    let trusted = rows[1].get::<_, AsText<TrustedPostId>>(0);
    assert_eq!(trusted.0.into_inner(), old);
    drop_table(&client, &table).await;
}

/// `accepts` takes exactly the column types sqlx's `Type::compatible` takes.
#[tokio::test]
async fn accepts_is_sqlx_s_compatible() {
    let Some((client, pool)) = connect().await else {
        return;
    };
    let table = idtypes_tests::unique_table("idt_pgt_types");
    let bytes_domain = format!("{table}_b");
    let text_domain = format!("{table}_t");
    let types = [
        "BYTEA",
        "TEXT",
        "TEXT COLLATE \"C\"",
        "VARCHAR(20)",
        "CHAR(13)",
        "NAME",
        "\"char\"",
        "INT8",
        "INT4",
        "UUID",
        "JSON",
        "BYTEA[]",
        "TEXT[]",
        &bytes_domain,
        &text_domain,
    ];
    let columns: Vec<String> = (0..types.len())
        .map(|i| format!("c{i} {}", types[i]))
        .collect();
    exec(
        &client,
        &format!(
            "CREATE DOMAIN {bytes_domain} AS BYTEA; CREATE DOMAIN {text_domain} AS TEXT; \
             CREATE TABLE {table} ({})",
            columns.join(", ")
        ),
    )
    .await;
    exec(&client, &format!("INSERT INTO {table} DEFAULT VALUES")).await;
    let sql = format!("SELECT * FROM {table}");
    let statement = client.prepare(&sql).await.unwrap();
    let sqlx_row = sqlx::query(AssertSqlSafe(sql))
        .fetch_one(&pool)
        .await
        .unwrap();

    fn same<V: Column>(pg: &Type, sqlx_ty: &sqlx::postgres::PgTypeInfo) -> bool {
        let compatible = <V as sqlx::Type<Pg>>::compatible(sqlx_ty);
        assert_eq!(
            <V as FromSql>::accepts(pg),
            compatible,
            "{} FromSql::accepts({pg}), sqlx: {sqlx_ty}",
            std::any::type_name::<V>()
        );
        assert_eq!(<V as ToSql>::accepts(pg), compatible);
        compatible
    }

    let mut integers = Vec::new();
    let mut bytes = Vec::new();
    let mut text = Vec::new();
    for (i, column) in statement.columns().iter().enumerate() {
        let sqlx_ty = sqlx::Column::type_info(&sqlx_row.columns()[i]);
        if same::<Tid>(column.type_(), sqlx_ty) {
            integers.push(types[i]);
        }
        if same::<Tbsl>(column.type_(), sqlx_ty) {
            bytes.push(types[i]);
        }
        same::<AsBytes<Tid>>(column.type_(), sqlx_ty);
        same::<AsBytes<PostId>>(column.type_(), sqlx_ty);
        same::<PostId>(column.type_(), sqlx_ty);
        if same::<RecordKey>(column.type_(), sqlx_ty) {
            text.push(types[i]);
        }
        same::<AsText<Tid>>(column.type_(), sqlx_ty);
        same::<AsText<PostId>>(column.type_(), sqlx_ty);
        same::<NoteKey>(column.type_(), sqlx_ty);
    }
    // Result columns of a domain have the domain's base type.
    assert_eq!(integers, ["INT8"], "{integers:?}");
    assert_eq!(bytes, ["BYTEA", &bytes_domain], "{bytes:?}");
    assert_eq!(
        text,
        [
            "TEXT",
            "TEXT COLLATE \"C\"",
            "VARCHAR(20)",
            "CHAR(13)",
            "NAME",
            &text_domain
        ]
    );
    // Parameters of a domain have the domain's type: a domain over the id's kind of column
    // takes the id.
    let (b, t) = (types.len() - 2, types.len() - 1);
    let sql = format!("INSERT INTO {table} (c{b}, c{t}) VALUES ($1, $2)");
    let insert = client.prepare(&sql).await.unwrap();
    let kinds: Vec<_> = insert.params().iter().map(|ty| ty.kind().clone()).collect();
    assert!(
        matches!(
            kinds[..],
            [
                tokio_postgres::types::Kind::Domain(_),
                tokio_postgres::types::Kind::Domain(_)
            ]
        ),
        "{kinds:?}"
    );
    let tid = idtypes::tid!("3jzfcijpj2z2a");
    client
        .execute(&insert, &[&AsBytes(tid), &RecordKey::SELF])
        .await
        .unwrap();
    let sql = format!("SELECT c{b}, c{t} FROM {table} WHERE c{b} IS NOT NULL");
    let row = client.query_one(&sql, &[]).await.unwrap();
    assert_eq!(
        (row.get::<_, AsBytes<Tid>>(0).0, row.get::<_, RecordKey>(1)),
        (tid, RecordKey::SELF)
    );
    exec(
        &client,
        &format!("DROP TABLE {table}; DROP DOMAIN {bytes_domain}; DROP DOMAIN {text_domain}"),
    )
    .await;
}

/// Bad stored values (`common/refused.rs`) read as the types that refuse them: this crate's
/// errors, as the source of tokio-postgres' error, naming the type (a typed id's name too).
#[tokio::test]
async fn bad_stored_values_are_idtypes_errors() {
    use crate::common::refused::{ROWS, assert_refused, copy_bytes, create_table};
    let Some((client, _pool)) = connect().await else {
        return;
    };
    let table = idtypes_tests::unique_table("idp_refused");
    exec(&client, &create_table(&table, "BYTEA", "TEXT", "BIGINT")).await;
    let sql = format!("INSERT INTO {table} (n, b, t, s) VALUES ($1, $2, $3, $4)");
    for (n, b, t, s) in ROWS {
        client.execute(&sql, &[&n, &b, &t, &s]).await.unwrap();
    }
    exec(&client, &copy_bytes(&table)).await;
    let rows = client
        .query(
            &format!("SELECT n, b, u, t, s FROM {table} ORDER BY n"),
            &[],
        )
        .await
        .unwrap();
    macro_rules! refused {
        ($ty:ty, $col:expr, $n:expr, $kind:expr, $name:expr) => {{
            let col = ["b", "u", "t", "s"]
                .iter()
                .position(|c| *c == $col)
                .unwrap()
                + 1;
            let err = rows[$n]
                .try_get::<_, $ty>(col)
                .map(|v| format!("{v:?}"))
                .unwrap_err();
            assert_refused(&err, $kind, $name);
        }};
    }
    stored_value_cases!(refused, false);
    drop_table(&client, &table).await;
}
