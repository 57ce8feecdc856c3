//! The native types of the idtypes PostgreSQL extension (`idtypes-postgres/`: `atproto_tid`,
//! `time_id`, ..., `ulid`, `object_id`) as columns of every client of the crate: sqlx,
//! postgres-types (tokio-postgres), diesel (diesel-async's connection, with
//! `idtypes::diesel::sql_types`) and SeaORM, each on a database of its own with the extension
//! created in it (`idtypes_tests::postgres_extension_db`; skipped without the server or the
//! extension, failed under `IDTYPES_REQUIRE_DATABASES=1`).
//!
//! For every fixed-size format, in a table whose columns are its native type (checked with
//! `pg_typeof`), and a typed id of the format beside it: the ids written read back equal, the
//! server prints each as the crate does (so the bytes written are the id's), `ORDER BY` gives
//! the crate's `Ord`, and a bound id compares in `WHERE` (`=`, `<=`). The sample values are the
//! sqlx suites' (`common/sqlx_cases.rs`): `MIN`, `MAX`, the values a database could order
//! wrongly, random ones; less a TID with its top bit set, which no signed column holds.
//! What each client writes, sqlx reads too.

use std::fmt::Debug;

use idtypes::{
    FixedSizeFormat, FullRand, IdFormat, Ksuid, ObjectId, RsXid, Snowflake, Snowish, Sonyflake,
    Tbsl, Tid, TimeId, TsSeqRand, TypedId, Uid11, Uid11Xid, Ulid,
};
use idtypes_tests::typed::{
    BatchId, ChatId, EventId, FileId, JobId, MongoOrderId, MsgId, OrderId, PaymentId, PostId,
    RequestId, TokenId, TraceId, TxnId,
};
use sqlx::{AssertSqlSafe, PgPool};

use crate::common::sqlx_cases::{Rng, Sample, samples};

type Pg = sqlx::Postgres;

/// Calls `$case!(Format, TypedId, diesel's SQL type)` for every fixed-size format.
macro_rules! every_native_type {
    ($case:ident) => {
        $case!(Tid, PostId, AtprotoTid);
        $case!(TimeId, EventId, TimeId);
        $case!(Uid11, FileId, Uid11);
        $case!(Uid11Xid, OrderId, Uid11Xid);
        $case!(Snowish, JobId, Snowish);
        $case!(TsSeqRand, MsgId, TsSeqRand);
        $case!(FullRand, TokenId, Fullrand);
        $case!(Snowflake, ChatId, Snowflake);
        $case!(Tbsl, TxnId, Tbsl);
        $case!(Ulid, PaymentId, Ulid);
        $case!(Ksuid, TraceId, Ksuid);
        $case!(Sonyflake, BatchId, Sonyflake);
        $case!(RsXid, RequestId, RsXid);
        $case!(ObjectId, MongoOrderId, ObjectId);
    };
}

/// The sample values of `T` that a native column holds (all but a TID with its top bit set),
/// numbered by their place, with the typed id of each.
fn rows<T: Sample + FixedSizeFormat, Ty: TypedId<Inner = T>>(rng: &mut Rng) -> Vec<(i32, T, Ty)> {
    let values: Vec<T> = samples::<T>(rng, 8)
        .into_iter()
        .filter(Sample::fits_signed)
        .collect();
    assert!(
        values.len() >= 4,
        "{}: too few samples",
        <T as IdFormat>::NAME
    );
    values
        .into_iter()
        .enumerate()
        .map(|(n, id)| {
            let typed = Ty::try_from_inner(id).unwrap_or_else(|err| panic!("{id:?}: {err}"));
            (n as i32, id, typed)
        })
        .collect()
}

/// The table of `T`'s native type: `n`, the id, and the typed id, both of the native type.
fn table<T: FixedSizeFormat>() -> String {
    format!("t_{}", T::POSTGRES_TYPE)
}

/// An error's message and its sources', joined: what a client's error says, all of it.
fn messages(err: &(dyn std::error::Error + 'static)) -> String {
    std::iter::successors(Some(err), |e| e.source())
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(": ")
}

/// What a check of the rows read back expects: the server's text of each id in the order
/// written (the crate's), the ids in the crate's order, and a bound id's `=` and `<=`.
struct Expected<T> {
    texts: Vec<String>,
    sorted: Vec<T>,
    probe: T,
    equal: Vec<i32>,
    at_most: i64,
}

impl<T: FixedSizeFormat> Expected<T> {
    fn of<Ty>(rows: &[(i32, T, Ty)]) -> Expected<T> {
        let written: Vec<T> = rows.iter().map(|(_, id, _)| *id).collect();
        let mut sorted = written.clone();
        sorted.sort();
        // A value in the middle, so that `<=` is neither none nor all.
        let probe = sorted[sorted.len() / 2];
        Expected {
            texts: written.iter().map(|id| id.encode().to_string()).collect(),
            equal: rows
                .iter()
                .filter(|(_, id, _)| *id == probe)
                .map(|(n, _, _)| *n)
                .collect(),
            at_most: written.iter().filter(|id| **id <= probe).count() as i64,
            sorted,
            probe,
        }
    }
}

/// Creates the table of `T`'s native type (and checks that PostgreSQL made its columns of
/// that type).
async fn create_table<T: FixedSizeFormat>(pool: &PgPool) {
    let (table, native) = (table::<T>(), T::POSTGRES_TYPE);
    sqlx::raw_sql(AssertSqlSafe(format!(
        "CREATE TABLE {table} (n integer PRIMARY KEY, id {native} NOT NULL, typed {native} NOT NULL)"
    )))
    .execute(pool)
    .await
    .unwrap_or_else(|err| panic!("create {table}: {err}"));
}

/// A format whose native column the suites read through sqlx.
trait NativeId:
    Sample
    + FixedSizeFormat
    + sqlx::Type<Pg>
    + for<'q> sqlx::Encode<'q, Pg>
    + for<'r> sqlx::Decode<'r, Pg>
{
}

impl<T> NativeId for T where
    T: Sample
        + FixedSizeFormat
        + sqlx::Type<Pg>
        + for<'q> sqlx::Encode<'q, Pg>
        + for<'r> sqlx::Decode<'r, Pg>
{
}

/// A typed id over `T` that the suites read through sqlx.
trait NativeTyped<T>:
    TypedId<Inner = T>
    + Debug
    + PartialEq
    + Send
    + Sync
    + Unpin
    + sqlx::Type<Pg>
    + for<'q> sqlx::Encode<'q, Pg>
    + for<'r> sqlx::Decode<'r, Pg>
{
}

impl<T, Ty> NativeTyped<T> for Ty where
    Ty: TypedId<Inner = T>
        + Debug
        + PartialEq
        + Send
        + Sync
        + Unpin
        + sqlx::Type<Pg>
        + for<'q> sqlx::Encode<'q, Pg>
        + for<'r> sqlx::Decode<'r, Pg>
{
}

/// Checks, through sqlx, the rows any client wrote to the table of `T`: each column's type is
/// the native one, the ids and typed ids read back as written, the server prints the crate's
/// text, `ORDER BY` is the crate's order, a bound id compares in `WHERE`.
async fn check_with_sqlx<T, Ty>(pool: &PgPool, rows: &[(i32, T, Ty)])
where
    T: NativeId,
    Ty: NativeTyped<T>,
{
    let table = table::<T>();
    let expected = Expected::of(rows);
    // One connection: the simple query at the end reads the types this one has met.
    let mut conn = pool.acquire().await.unwrap();

    let sql = format!("SELECT pg_typeof(id)::text, pg_typeof(typed)::text FROM {table} LIMIT 1");
    let types: (String, String) = sqlx::query_as(AssertSqlSafe(sql))
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(types, (T::POSTGRES_TYPE.into(), T::POSTGRES_TYPE.into()));

    let sql = format!("SELECT id, typed FROM {table} ORDER BY n");
    let back: Vec<(T, Ty)> = sqlx::query_as(AssertSqlSafe(sql))
        .fetch_all(&mut *conn)
        .await
        .unwrap_or_else(|err| panic!("{}: read {table}: {err}", <T as IdFormat>::NAME));
    let written: Vec<(T, Ty)> = rows
        .iter()
        .map(|(_, id, _)| (*id, Ty::try_from_inner(*id).unwrap()))
        .collect();
    assert_eq!(back, written, "{table}: read back");

    let sql = format!("SELECT id::text FROM {table} ORDER BY n");
    let texts: Vec<String> = sqlx::query_scalar(AssertSqlSafe(sql))
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    assert_eq!(texts, expected.texts, "{table}: the server's text");

    let sql = format!("SELECT id FROM {table} ORDER BY id, n");
    let sorted: Vec<T> = sqlx::query_scalar(AssertSqlSafe(sql))
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    assert_eq!(sorted, expected.sorted, "{table}: ORDER BY id");
    let sql = format!("SELECT typed FROM {table} ORDER BY typed DESC, n");
    let sorted: Vec<Ty> = sqlx::query_scalar(AssertSqlSafe(sql))
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let mut descending: Vec<T> = expected.sorted.clone();
    descending.reverse();
    let sorted: Vec<T> = sorted.into_iter().map(TypedId::into_inner).collect();
    assert_eq!(sorted, descending, "{table}: ORDER BY typed DESC");

    let sql = format!("SELECT n FROM {table} WHERE id = $1 ORDER BY n");
    let equal: Vec<i32> = sqlx::query_scalar(AssertSqlSafe(sql))
        .bind(expected.probe)
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    assert_eq!(equal, expected.equal, "{table}: WHERE id = $1");
    let probe = Ty::try_from_inner(expected.probe).unwrap();
    let sql = format!("SELECT count(*) FROM {table} WHERE typed <= $1");
    let at_most: i64 = sqlx::query_scalar(AssertSqlSafe(sql))
        .bind(probe)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
    assert_eq!(at_most, expected.at_most, "{table}: WHERE typed <= $1");

    // A simple query's rows come as text: the native type's, which is the id's own.
    let sql = format!("SELECT id, typed FROM {table} ORDER BY n");
    let texts = sqlx::raw_sql(AssertSqlSafe(sql))
        .fetch_all(&mut *conn)
        .await
        .unwrap();
    let back: Vec<(T, Ty)> = texts
        .iter()
        .map(|row| {
            use sqlx::Row;
            let id = row.try_get::<T, _>(0);
            let typed = row.try_get::<Ty, _>(1);
            match (id, typed) {
                (Ok(id), Ok(typed)) => (id, typed),
                (id, typed) => panic!("{table}: a simple query's row: {id:?}, {typed:?}"),
            }
        })
        .collect();
    assert_eq!(back, written, "{table}: a simple query's rows");
}

/// Writes the rows of `T` with sqlx (its binds are today's columns' values: `bigint`, `uuid`,
/// `bytea`, which PostgreSQL casts to the native type), then checks them.
async fn sqlx_case<T, Ty>(pool: &PgPool, rng: &mut Rng)
where
    T: NativeId,
    Ty: NativeTyped<T>,
{
    create_table::<T>(pool).await;
    let rows = rows::<T, Ty>(rng);
    let sql = format!(
        "INSERT INTO {} (n, id, typed) VALUES ($1, $2, $3)",
        table::<T>()
    );
    for (n, id, typed) in &rows {
        sqlx::query(AssertSqlSafe(sql.clone()))
            .bind(n)
            .bind(id)
            .bind(typed)
            .execute(pool)
            .await
            .unwrap_or_else(|err| panic!("insert {id:?}: {err}"));
    }
    check_with_sqlx(pool, &rows).await;
}

#[tokio::test]
async fn sqlx_reads_and_writes_every_native_type() {
    let Some((pool, _)) = idtypes_tests::postgres_extension_db("native_sqlx", 2).await else {
        return;
    };
    let mut rng = Rng::new();
    macro_rules! case {
        ($ty:ident, $typed:ident, $sql_type:ident) => {
            sqlx_case::<$ty, $typed>(&pool, &mut rng).await;
        };
    }
    every_native_type!(case);
}

/// A native column read as another format is an error naming the column's type. A value the
/// format refuses, which a cast from the storage type put in a native column (those casts
/// check nothing), is an error too: the server's, whose binary output refuses to send it.
#[tokio::test]
async fn sqlx_refuses_another_formats_column_and_a_value_the_format_refuses() {
    let Some((pool, _)) = idtypes_tests::postgres_extension_db("native_sqlx_refused", 1).await
    else {
        return;
    };
    sqlx::raw_sql(
        "CREATE TABLE t (n integer, tid atproto_tid, ulid ulid, tbsl tbsl); \
         INSERT INTO t VALUES (1, 1::bigint, gen_random_uuid(), '\\x00000000000000000000'::bytea); \
         INSERT INTO t VALUES (2, (-1)::bigint, NULL, '\\x0000'::bytea);",
    )
    .execute(&pool)
    .await
    .unwrap();
    let err = sqlx::query_scalar::<_, TimeId>("SELECT tid FROM t WHERE n = 1")
        .fetch_one(&pool)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("atproto_tid"), "{err}");
    let err = sqlx::query_scalar::<_, Tbsl>("SELECT ulid FROM t WHERE n = 1")
        .fetch_one(&pool)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("ulid"), "{err}");
    // `AsBytes` is a `bytea` column of its own, not the format's native one.
    let err = sqlx::query_scalar::<_, idtypes::AsBytes<Tbsl>>("SELECT tbsl FROM t WHERE n = 1")
        .fetch_one(&pool)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("tbsl"), "{err}");
    assert_eq!(
        sqlx::query_scalar::<_, Tbsl>("SELECT tbsl FROM t WHERE n = 1")
            .fetch_one(&pool)
            .await
            .unwrap(),
        Tbsl::MIN
    );

    let err = sqlx::query_scalar::<_, PostId>("SELECT tid FROM t WHERE n = 2")
        .fetch_one(&pool)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("must not be negative"), "{err}");
    let err = sqlx::query_scalar::<_, Tbsl>("SELECT tbsl FROM t WHERE n = 2")
        .fetch_one(&pool)
        .await
        .unwrap_err();
    assert!(err.to_string().contains("expected 10 bytes"), "{err}");
    // Cast back to its storage, the value reaches the crate, which refuses it.
    let err = sqlx::query_scalar::<_, Tid>("SELECT tid::bigint FROM t WHERE n = 2")
        .fetch_one(&pool)
        .await
        .unwrap_err();
    let source = std::error::Error::source(&err).and_then(|e| e.downcast_ref::<idtypes::Error>());
    assert_eq!(
        source.map(idtypes::Error::kind),
        Some(idtypes::ErrorKind::OutOfRange),
        "{err}"
    );
}

/// Writes the rows of `T` with tokio-postgres (each parameter of the native type's, as
/// PostgreSQL infers it from the column), reads them back with it, then checks them with sqlx.
async fn postgres_types_case<T, Ty>(client: &tokio_postgres::Client, pool: &PgPool, rng: &mut Rng)
where
    T: NativeId + tokio_postgres::types::ToSql + tokio_postgres::types::FromSqlOwned,
    Ty: NativeTyped<T> + tokio_postgres::types::ToSql + tokio_postgres::types::FromSqlOwned,
{
    create_table::<T>(pool).await;
    let table = table::<T>();
    let rows = rows::<T, Ty>(rng);
    let insert = client
        .prepare(&format!(
            "INSERT INTO {table} (n, id, typed) VALUES ($1, $2, $3)"
        ))
        .await
        .unwrap();
    assert_eq!(insert.params()[1].name(), T::POSTGRES_TYPE);
    for (n, id, typed) in &rows {
        client
            .execute(&insert, &[n, id, typed])
            .await
            .unwrap_or_else(|err| panic!("insert {id:?}: {err}"));
    }

    let expected = Expected::of(&rows);
    let read = client
        .query(&format!("SELECT id, typed FROM {table} ORDER BY n"), &[])
        .await
        .unwrap();
    for (row, (_, id, typed)) in read.iter().zip(&rows) {
        assert_eq!(row.try_get::<_, T>(0).unwrap(), *id);
        assert_eq!(row.try_get::<_, Ty>(1).unwrap(), *typed);
    }
    assert_eq!(read.len(), rows.len());
    let sorted: Vec<T> = client
        .query(&format!("SELECT id FROM {table} ORDER BY id, n"), &[])
        .await
        .unwrap()
        .iter()
        .map(|row| row.try_get(0).unwrap())
        .collect();
    assert_eq!(sorted, expected.sorted, "{table}: ORDER BY id");
    let equal: Vec<i32> = client
        .query(
            &format!("SELECT n FROM {table} WHERE id = $1 ORDER BY n"),
            &[&expected.probe],
        )
        .await
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    assert_eq!(equal, expected.equal, "{table}: WHERE id = $1");
    let probe = Ty::try_from_inner(expected.probe).unwrap();
    let at_most: i64 = client
        .query_one(
            &format!("SELECT count(*) FROM {table} WHERE typed <= $1"),
            &[&probe],
        )
        .await
        .unwrap()
        .get(0);
    assert_eq!(at_most, expected.at_most, "{table}: WHERE typed <= $1");
    check_with_sqlx(pool, &rows).await;
}

#[tokio::test]
async fn postgres_types_reads_and_writes_every_native_type() {
    let Some((pool, url)) = idtypes_tests::postgres_extension_db("native_pg_types", 2).await else {
        return;
    };
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
    tokio::spawn(connection);
    let mut rng = Rng::new();
    macro_rules! case {
        ($ty:ident, $typed:ident, $sql_type:ident) => {
            postgres_types_case::<$ty, $typed>(&client, &pool, &mut rng).await;
        };
    }
    every_native_type!(case);
}

/// tokio-postgres refuses a native column of another format before converting (its
/// `WrongType`), and reads a value the format refuses as this crate's error.
#[tokio::test]
async fn postgres_types_refuses_another_formats_column_and_a_value_the_format_refuses() {
    let Some((pool, url)) =
        idtypes_tests::postgres_extension_db("native_pg_types_refused", 1).await
    else {
        return;
    };
    sqlx::raw_sql(
        "CREATE TABLE t (n integer, tid atproto_tid, snowish snowish); \
         INSERT INTO t VALUES (1, 1::bigint, 1::bigint), (2, (-1)::bigint, (-1)::bigint);",
    )
    .execute(&pool)
    .await
    .unwrap();
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    let row = client
        .query_one("SELECT tid, snowish FROM t WHERE n = 1", &[])
        .await
        .unwrap();
    let err = row.try_get::<_, TimeId>(0).unwrap_err();
    assert!(messages(&err).contains("atproto_tid"), "{err:?}");
    assert_eq!(
        row.try_get::<_, Snowish>(1).unwrap(),
        Snowish::try_from_raw(1).unwrap()
    );
    let err = client
        .execute("INSERT INTO t (n, tid) VALUES (3, $1)", &[&Uid11::MAX])
        .await
        .unwrap_err();
    assert!(messages(&err).contains("atproto_tid"), "{err:?}");

    let err = client
        .query_one("SELECT tid FROM t WHERE n = 2", &[])
        .await
        .unwrap_err();
    assert!(messages(&err).contains("must not be negative"), "{err:?}");
    // Cast back to its storage, the value reaches the crate, which refuses it: -1 is a
    // snowish id's 64 bits with the reserved top bit set.
    let row = client
        .query_one("SELECT snowish::bigint FROM t WHERE n = 2", &[])
        .await
        .unwrap();
    let err = row.try_get::<_, JobId>(0).unwrap_err();
    let refused = std::iter::successors(Some(&err as &dyn std::error::Error), |e| e.source())
        .find_map(|e| e.downcast_ref::<idtypes::Error>());
    assert!(refused.is_some(), "{err:?}");
    assert!(messages(&err).contains("JobId"), "{err:?}");
}

/// diesel's side: the SQL types of `idtypes::diesel::sql_types`, through diesel-async's
/// PostgreSQL connection (tokio-postgres, as `diesel_postgres` uses it), in `sql_query`s
/// bound and read as each type, and in a `table!` schema.
mod diesel_native {
    use std::marker::PhantomData;

    use diesel::deserialize::{FromSql, QueryableByName};
    use diesel::pg::Pg as DieselPg;
    use diesel::prelude::*;
    use diesel::query_builder::QueryId;
    use diesel::row::NamedRow;
    use diesel::serialize::ToSql;
    use diesel::sql_types::{BigInt, HasSqlType, Integer, SingleValue, SqlType, Text};
    use idtypes::diesel::sql_types::AtprotoTid;

    use super::*;

    type Conn = diesel_async::async_connection_wrapper::AsyncConnectionWrapper<
        diesel_async::AsyncPgConnection,
    >;

    /// A row's `n`, id and typed id, each read as `ST`.
    struct Row<T, Ty, ST>(i32, T, Ty, PhantomData<ST>);

    impl<T, Ty, ST> QueryableByName<DieselPg> for Row<T, Ty, ST>
    where
        T: FromSql<ST, DieselPg>,
        Ty: FromSql<ST, DieselPg>,
    {
        fn build<'a>(row: &impl NamedRow<'a, DieselPg>) -> diesel::deserialize::Result<Self> {
            Ok(Row(
                NamedRow::get::<Integer, i32>(row, "n")?,
                NamedRow::get::<ST, T>(row, "id")?,
                NamedRow::get::<ST, Ty>(row, "typed")?,
                PhantomData,
            ))
        }
    }

    /// A count.
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = BigInt)]
        count: i64,
    }

    /// A text.
    #[derive(QueryableByName)]
    struct Typed {
        #[diesel(sql_type = Text)]
        t: String,
    }

    /// Writes the rows of `T` with diesel, bound as the native type's SQL type `ST`, reads them
    /// back with it, then checks them with sqlx.
    fn case<T, Ty, ST>(conn: &mut Conn, runtime: &tokio::runtime::Runtime, pool: &PgPool)
    where
        ST: SqlType + SingleValue + QueryId + Send + 'static,
        DieselPg: HasSqlType<ST>,
        T: NativeId + ToSql<ST, DieselPg> + FromSql<ST, DieselPg>,
        Ty: NativeTyped<T> + Copy + 'static + ToSql<ST, DieselPg> + FromSql<ST, DieselPg>,
    {
        runtime.block_on(create_table::<T>(pool));
        let table = table::<T>();
        let rows = rows::<T, Ty>(&mut Rng::new());
        let insert = format!("INSERT INTO {table} (n, id, typed) VALUES ($1, $2, $3)");
        for (n, id, typed) in &rows {
            diesel::sql_query(insert.clone())
                .bind::<Integer, _>(*n)
                .bind::<ST, _>(*id)
                .bind::<ST, _>(*typed)
                .execute(conn)
                .unwrap_or_else(|err| panic!("insert {id:?}: {err}"));
        }

        let expected = Expected::of(&rows);
        let read: Vec<Row<T, Ty, ST>> =
            diesel::sql_query(format!("SELECT n, id, typed FROM {table} ORDER BY n"))
                .load(conn)
                .unwrap_or_else(|err| panic!("read {table}: {err}"));
        assert_eq!(read.len(), rows.len());
        for (Row(n, id, typed, _), (n0, id0, typed0)) in read.iter().zip(&rows) {
            assert_eq!((n, id, typed), (n0, id0, typed0));
        }
        let sorted: Vec<Row<T, Ty, ST>> =
            diesel::sql_query(format!("SELECT n, id, typed FROM {table} ORDER BY id, n"))
                .load(conn)
                .unwrap();
        let sorted: Vec<T> = sorted.into_iter().map(|Row(_, id, _, _)| id).collect();
        assert_eq!(sorted, expected.sorted, "{table}: ORDER BY id");
        let equal: Vec<Row<T, Ty, ST>> = diesel::sql_query(format!(
            "SELECT n, id, typed FROM {table} WHERE id = $1 ORDER BY n"
        ))
        .bind::<ST, _>(expected.probe)
        .load(conn)
        .unwrap();
        let equal: Vec<i32> = equal.into_iter().map(|Row(n, _, _, _)| n).collect();
        assert_eq!(equal, expected.equal, "{table}: WHERE id = $1");
        let probe = Ty::try_from_inner(expected.probe).unwrap();
        let counts: Vec<Count> = diesel::sql_query(format!(
            "SELECT count(*) AS count FROM {table} WHERE typed <= $1"
        ))
        .bind::<ST, _>(probe)
        .load(conn)
        .unwrap();
        assert_eq!(
            counts[0].count, expected.at_most,
            "{table}: WHERE typed <= $1"
        );
        runtime.block_on(check_with_sqlx(pool, &rows));
    }

    /// A diesel connection to a database of its own with the extension, and an sqlx pool to
    /// it on the runtime returned.
    fn connect(name: &str) -> Option<(Conn, PgPool, tokio::runtime::Runtime)> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        let (pool, url) = runtime.block_on(idtypes_tests::postgres_extension_db(name, 2))?;
        let conn = Conn::establish(&url).unwrap_or_else(|err| panic!("connect to {url}: {err}"));
        Some((conn, pool, runtime))
    }

    #[test]
    fn diesel_reads_and_writes_every_native_type() {
        let Some((mut conn, pool, runtime)) = connect("native_diesel") else {
            return;
        };
        macro_rules! case {
            ($ty:ident, $typed:ident, $sql_type:ident) => {
                case::<$ty, $typed, idtypes::diesel::sql_types::$sql_type>(
                    &mut conn, &runtime, &pool,
                );
            };
        }
        every_native_type!(case);
    }

    diesel::table! {
        use diesel::sql_types::{Integer, Nullable};
        use idtypes::diesel::sql_types::{AtprotoTid, Tbsl, Ulid};

        posts (id) {
            id -> AtprotoTid,
            reply_to -> Nullable<AtprotoTid>,
            txn -> Tbsl,
            payment -> Nullable<Ulid>,
            n -> Integer,
        }
    }

    #[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
    #[diesel(table_name = posts)]
    struct Post {
        id: PostId,
        reply_to: Option<PostId>,
        txn: idtypes::Tbsl,
        payment: Option<PaymentId>,
        n: i32,
    }

    /// A `table!` of native columns: typed ids, an `Option`, `Insertable`, `Queryable`,
    /// `filter`, `eq_any`, `order`, `between`.
    #[test]
    fn a_table_of_native_columns() {
        let Some((mut conn, pool, runtime)) = connect("native_diesel_table") else {
            return;
        };
        runtime
            .block_on(
                sqlx::raw_sql(
                    "CREATE TABLE posts (id atproto_tid PRIMARY KEY, reply_to atproto_tid, \
                     txn tbsl NOT NULL, payment ulid, n integer NOT NULL)",
                )
                .execute(&pool),
            )
            .unwrap();
        let mut rng = Rng::new();
        let tids: Vec<Tid> = samples::<Tid>(&mut rng, 12)
            .into_iter()
            .filter(Sample::fits_signed)
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let txns = samples::<idtypes::Tbsl>(&mut rng, tids.len());
        let ulids = samples::<Ulid>(&mut rng, tids.len());
        let posts: Vec<Post> = tids
            .iter()
            .enumerate()
            .map(|(n, tid)| Post {
                id: PostId::try_from_inner(*tid).unwrap(),
                reply_to: (n % 2 == 1).then(|| PostId::try_from_inner(tids[n - 1]).unwrap()),
                txn: txns[n],
                payment: (n % 3 != 0).then(|| PaymentId::try_from_inner(ulids[n]).unwrap()),
                n: n as i32,
            })
            .collect();
        diesel::insert_into(posts::table)
            .values(&posts)
            .execute(&mut conn)
            .unwrap();

        let back: Vec<Post> = posts::table
            .select(Post::as_select())
            .order(posts::n)
            .load(&mut conn)
            .unwrap();
        assert_eq!(back, posts);
        let ids: Vec<PostId> = posts::table
            .select(posts::id)
            .order(posts::id.desc())
            .load(&mut conn)
            .unwrap();
        let mut expected: Vec<PostId> = posts.iter().map(|post| post.id).collect();
        expected.sort();
        expected.reverse();
        assert_eq!(ids, expected);

        let middle = posts[posts.len() / 2].clone();
        let found: Vec<Post> = posts::table
            .select(Post::as_select())
            .filter(posts::id.eq(middle.id))
            .load(&mut conn)
            .unwrap();
        assert_eq!(found.as_slice(), std::slice::from_ref(&middle));
        if let Some(reply_to) = middle.reply_to {
            let replies: Vec<i32> = posts::table
                .select(posts::n)
                .filter(posts::reply_to.eq(reply_to))
                .load(&mut conn)
                .unwrap();
            assert_eq!(replies, [middle.n]);
        }
        let wanted = [posts[0].id, posts[posts.len() - 1].id];
        let mut found: Vec<PostId> = posts::table
            .select(posts::id)
            .filter(posts::id.eq_any(&wanted))
            .load(&mut conn)
            .unwrap();
        found.sort();
        let mut wanted = wanted.to_vec();
        wanted.sort();
        assert_eq!(found, wanted);
        let (low, high) = (expected[expected.len() - 2], expected[1]);
        let count: i64 = posts::table
            .filter(posts::id.between(low, high))
            .count()
            .get_result(&mut conn)
            .unwrap();
        assert_eq!(count, expected.len() as i64 - 2);
        let payments: Vec<Option<PaymentId>> = posts::table
            .select(posts::payment)
            .filter(posts::txn.eq(posts[1].txn))
            .load(&mut conn)
            .unwrap();
        assert_eq!(payments, [posts[1].payment]);

        // The server's text of what diesel wrote is the crate's.
        let texts: Vec<Typed> =
            diesel::sql_query("SELECT id::text || ' ' || txn::text AS t FROM posts ORDER BY n")
                .load(&mut conn)
                .unwrap();
        let texts: Vec<String> = texts.into_iter().map(|row| row.t).collect();
        let expected: Vec<String> = posts
            .iter()
            .map(|post| format!("{} {}", post.id.as_inner(), post.txn))
            .collect();
        assert_eq!(texts, expected);
    }

    /// A value of a built-in type of another kind is refused as the native type, and a value
    /// the format refuses is this crate's error.
    #[test]
    fn diesel_refuses_a_wrong_type_and_a_value_the_format_refuses() {
        let Some((mut conn, _pool, _runtime)) = connect("native_diesel_refused") else {
            return;
        };
        let result: Result<Vec<Row<Tid, PostId, AtprotoTid>>, _> =
            diesel::sql_query("SELECT 1 AS n, 'x'::text AS id, 'y'::text AS typed").load(&mut conn);
        let err = result.err().expect("text read as atproto_tid");
        let message = messages(&err);
        assert!(
            message.contains("expected atproto_tid (or BIGINT (INT8)), found TEXT"),
            "{message}"
        );
        // The storage types are read too; a value the format refuses is this crate's error.
        let result: Result<Vec<Row<Tid, PostId, AtprotoTid>>, _> =
            diesel::sql_query("SELECT 1 AS n, (-1)::bigint AS id, 1::bigint AS typed")
                .load(&mut conn);
        let err = result.err().expect("a negative TID read");
        let refused = std::iter::successors(Some(&err as &dyn std::error::Error), |e| e.source())
            .find_map(|e| e.downcast_ref::<idtypes::Error>());
        assert_eq!(
            refused.map(idtypes::Error::kind),
            Some(idtypes::ErrorKind::OutOfRange),
            "{err}"
        );
        let result: Result<Vec<Row<Tbsl, TxnId, idtypes::diesel::sql_types::Tbsl>>, _> =
            diesel::sql_query("SELECT 1 AS n, '\\x00'::bytea AS id, '\\x00'::bytea AS typed")
                .load(&mut conn);
        let err = result.err().expect("a 1-byte TBSL read");
        let message = messages(&err);
        assert!(
            message.contains("expected 10 bytes, found 1 byte"),
            "{message}"
        );
        // A value the format refuses in a native column: the server's error (its binary
        // output refuses to send it).
        let result: Result<Vec<Row<Tid, PostId, AtprotoTid>>, _> = diesel::sql_query(
            "SELECT 1 AS n, (-1)::bigint::atproto_tid AS id, 1::bigint::atproto_tid AS typed",
        )
        .load(&mut conn);
        let err = result.err().expect("a negative TID read");
        assert!(messages(&err).contains("must not be negative"), "{err}");
    }
}

/// SeaORM's side: an entity per format whose primary key is a typed id and whose other id is
/// the format itself, both columns of the native type. SeaORM binds today's values (its
/// `Value::BigInt`, `Uuid`, `Bytes`), which PostgreSQL casts; it reads with the crate's sqlx
/// decoding.
mod sea_orm_native {
    use sea_orm::entity::prelude::*;
    use sea_orm::{ActiveValue::Set, QueryOrder, SqlxPostgresConnector};

    use super::*;

    /// `mod $module`, the entity of `$ty`'s table (`t_<native type>`), keyed by `$typed`.
    macro_rules! native_entity {
        ($module:ident, $ty:ident, $typed:ident, $table:literal) => {
            pub mod $module {
                use super::*;

                #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
                #[sea_orm(table_name = $table)]
                pub struct Model {
                    #[sea_orm(primary_key, auto_increment = false)]
                    pub typed: $typed,
                    pub id: idtypes::$ty,
                    pub n: i32,
                }

                #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
                pub enum Relation {}

                impl ActiveModelBehavior for ActiveModel {}
            }
        };
    }

    native_entity!(tid, Tid, PostId, "t_atproto_tid");
    native_entity!(time_id, TimeId, EventId, "t_time_id");
    native_entity!(uid11, Uid11, FileId, "t_uid11");
    native_entity!(uid11_xid, Uid11Xid, OrderId, "t_uid11_xid");
    native_entity!(snowish, Snowish, JobId, "t_snowish");
    native_entity!(ts_seq_rand, TsSeqRand, MsgId, "t_ts_seq_rand");
    native_entity!(fullrand, FullRand, TokenId, "t_fullrand");
    native_entity!(snowflake, Snowflake, ChatId, "t_snowflake");
    native_entity!(tbsl, Tbsl, TxnId, "t_tbsl");
    native_entity!(ulid, Ulid, PaymentId, "t_ulid");
    native_entity!(ksuid, Ksuid, TraceId, "t_ksuid");
    native_entity!(sonyflake, Sonyflake, BatchId, "t_sonyflake");
    native_entity!(rs_xid, RsXid, RequestId, "t_rs_xid");
    native_entity!(object_id, ObjectId, MongoOrderId, "t_object_id");

    /// Writes the rows of the entity's format with SeaORM (one `insert`, whose `RETURNING`
    /// reads the key back, then `insert_many`), reads them back with it, then checks them
    /// with sqlx.
    macro_rules! case {
        ($db:ident, $pool:ident, $rng:ident, $module:ident, $ty:ident, $typed:ident) => {{
            use $module::{ActiveModel, Column, Entity, Model};
            let table = table::<$ty>();
            assert_eq!(Entity.table_name(), table);
            create_table::<$ty>(&$pool).await;
            // Unique typed ids, as the primary key needs.
            let mut rows = rows::<$ty, $typed>(&mut $rng);
            let mut seen = std::collections::BTreeSet::new();
            rows.retain(|(_, id, _)| seen.insert(*id));
            let model = |(n, id, typed): &(i32, $ty, $typed)| ActiveModel {
                typed: Set(*typed),
                id: Set(*id),
                n: Set(*n),
            };
            let first = Entity::insert(model(&rows[0]))
                .exec(&$db)
                .await
                .unwrap_or_else(|err| panic!("insert into {table}: {err}"));
            assert_eq!(first.last_insert_id, rows[0].2);
            Entity::insert_many(rows[1..].iter().map(model))
                .exec(&$db)
                .await
                .unwrap_or_else(|err| panic!("insert into {table}: {err}"));

            let back: Vec<Model> = Entity::find()
                .order_by_asc(Column::N)
                .all(&$db)
                .await
                .unwrap();
            let written: Vec<Model> = rows
                .iter()
                .map(|(n, id, typed)| Model {
                    typed: *typed,
                    id: *id,
                    n: *n,
                })
                .collect();
            assert_eq!(back, written, "{table}: read back");
            let expected = Expected::of(&rows);
            let sorted: Vec<$ty> = Entity::find()
                .order_by_asc(Column::Id)
                .all(&$db)
                .await
                .unwrap()
                .into_iter()
                .map(|model| model.id)
                .collect();
            assert_eq!(sorted, expected.sorted, "{table}: ORDER BY id");
            let equal: Vec<i32> = Entity::find()
                .filter(Column::Id.eq(expected.probe))
                .order_by_asc(Column::N)
                .all(&$db)
                .await
                .unwrap()
                .into_iter()
                .map(|model| model.n)
                .collect();
            assert_eq!(equal, expected.equal, "{table}: WHERE id = $1");
            let probe = $typed::try_from_inner(expected.probe).unwrap();
            let at_most = Entity::find()
                .filter(Column::Typed.lte(probe))
                .count(&$db)
                .await
                .unwrap();
            assert_eq!(
                at_most as i64, expected.at_most,
                "{table}: WHERE typed <= $1"
            );
            let found = Entity::find_by_id(probe).one(&$db).await.unwrap();
            assert_eq!(found.map(|model| model.id), Some(expected.probe));
            check_with_sqlx(&$pool, &rows).await;
        }};
    }

    #[tokio::test]
    async fn sea_orm_reads_and_writes_every_native_type() {
        let Some((pool, _)) = idtypes_tests::postgres_extension_db("native_sea_orm", 2).await
        else {
            return;
        };
        let db = SqlxPostgresConnector::from_sqlx_postgres_pool(pool.clone());
        let mut rng = Rng::new();
        case!(db, pool, rng, tid, Tid, PostId);
        case!(db, pool, rng, time_id, TimeId, EventId);
        case!(db, pool, rng, uid11, Uid11, FileId);
        case!(db, pool, rng, uid11_xid, Uid11Xid, OrderId);
        case!(db, pool, rng, snowish, Snowish, JobId);
        case!(db, pool, rng, ts_seq_rand, TsSeqRand, MsgId);
        case!(db, pool, rng, fullrand, FullRand, TokenId);
        case!(db, pool, rng, snowflake, Snowflake, ChatId);
        case!(db, pool, rng, tbsl, Tbsl, TxnId);
        case!(db, pool, rng, ulid, Ulid, PaymentId);
        case!(db, pool, rng, ksuid, Ksuid, TraceId);
        case!(db, pool, rng, sonyflake, Sonyflake, BatchId);
        case!(db, pool, rng, rs_xid, RsXid, RequestId);
        case!(db, pool, rng, object_id, ObjectId, MongoOrderId);
    }
}
