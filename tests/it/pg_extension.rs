//! The PostgreSQL extension (`idtypes-postgres/`) against the crate, on the real server: each
//! native type's text is the crate's `Display` and reads as its `FromStr` does (refusals with
//! its message, SQLSTATE 22P02); its storage is the crate's column; it sorts as the crate's
//! `Ord`, hashes and indexes; it casts to and from today's column without a rewrite; its time,
//! parts and spans are the crate's; `typeid` passes the TypeID specification's vectors; and
//! `DROP EXTENSION` leaves nothing behind.
//!
//! Each test makes a database of its own with the extension (`postgres_extension_db`), and
//! skips (printing why) when `IDTYPES_TEST_POSTGRES_URL` is unset or the server lacks the
//! extension; `.ci/run` installs it and requires them.

use std::fmt::Display;
use std::str::FromStr;

use idtypes::uuids::DynTypeId;
use idtypes::{
    Column, FixedSizeFormat, FullRand, Ksuid, ObjectId, RsXid, Snowflake, Snowish, Sonyflake, Tbsl,
    Tid, TimeId, TsSeqRand, Uid11, Uid11Xid, Ulid,
};
use idtypes_tests::postgres_extension_db;
use sqlx::{PgPool, Row};

use crate::common::sqlx_cases::{Rng, Sample, samples};

/// Every native type: the crate's type and the SQL type's name.
macro_rules! each_native {
    ($callback:ident) => {
        $callback!(Tid, "atproto_tid");
        $callback!(TimeId, "time_id");
        $callback!(Uid11, "uid11");
        $callback!(Uid11Xid, "uid11_xid");
        $callback!(Snowish, "snowish");
        $callback!(TsSeqRand, "ts_seq_rand");
        $callback!(FullRand, "fullrand");
        $callback!(Snowflake, "snowflake");
        $callback!(Tbsl, "tbsl");
        $callback!(Ulid, "ulid");
        $callback!(Ksuid, "ksuid");
        $callback!(Sonyflake, "sonyflake");
        $callback!(RsXid, "rs_xid");
        $callback!(ObjectId, "object_id");
    };
}

/// The SQL error of a statement: its SQLSTATE and message.
fn sql_error(err: sqlx::Error) -> (String, String) {
    match err {
        sqlx::Error::Database(db) => (
            db.code().map(|code| code.into_owned()).unwrap_or_default(),
            db.message().to_owned(),
        ),
        other => panic!("expected a database error, got {other}"),
    }
}

/// The storage type a format's column is, in SQL.
fn like(column: Column) -> &'static str {
    match column {
        Column::Natural | Column::Flipped => "bigint",
        Column::Uuid => "uuid",
        Column::Bytes => "bytea",
    }
}

/// The value of today's column for an id, as PostgreSQL writes it as text: the signed
/// integer, the UUID, or `\x` and hex.
fn column_text<T: FixedSizeFormat>(id: T) -> String {
    let bytes = id.to_bytes();
    let bytes = bytes.as_ref();
    match T::COLUMN {
        Column::Natural | Column::Flipped => {
            let bits = u64::from_be_bytes(bytes.try_into().unwrap());
            T::COLUMN.to_signed(bits).unwrap().to_string()
        }
        Column::Uuid => uuid::Uuid::from_slice(bytes).unwrap().to_string(),
        Column::Bytes => {
            let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
            format!("\\x{hex}")
        }
    }
}

/// The sample ids of a format a native column can hold (all but TIDs with the top bit set,
/// which no text spells and no `bigint` holds), and their texts.
fn texts<T: Sample + FixedSizeFormat + Display>(rng: &mut Rng) -> (Vec<T>, Vec<String>) {
    let mut seen = std::collections::HashSet::new();
    let ids: Vec<T> = samples::<T>(rng, 300)
        .into_iter()
        .filter(|id| id.fits_signed() && seen.insert(id.to_string()))
        .collect();
    let texts = ids.iter().map(ToString::to_string).collect();
    (ids, texts)
}

/// The first column of every row of a statement.
async fn column<T>(pool: &PgPool, sql: String) -> Vec<T>
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.clone()))
        .fetch_all(pool)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"))
}

/// The first column of a statement's one row.
async fn one<T>(pool: &PgPool, sql: String) -> T
where
    T: for<'r> sqlx::Decode<'r, sqlx::Postgres> + sqlx::Type<sqlx::Postgres> + Send + Unpin,
{
    let mut rows = column(pool, sql).await;
    assert_eq!(rows.len(), 1);
    rows.remove(0)
}

async fn texts_of(pool: &PgPool, sql: &str, texts: &[String]) -> Vec<String> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
        .bind(texts)
        .fetch_all(pool)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"))
}

/// Text, storage, order and hashing of one format's native type.
async fn check_type<T>(pool: &PgPool, name: &str, rng: &mut Rng)
where
    T: Sample + FixedSizeFormat + Display + FromStr<Err = idtypes::Error>,
{
    let (ids, texts) = texts::<T>(rng);
    // Text in and out: the crate's Display, read back by its FromStr.
    let back = texts_of(
        pool,
        &format!(
            "SELECT x::{name}::text FROM unnest($1::text[]) WITH ORDINALITY AS u(x, n) ORDER BY n"
        ),
        &texts,
    )
    .await;
    assert_eq!(back, texts, "{name}: text in and out");
    // What else the crate reads (another case, a TimeId's dashes) comes out as its Display.
    for (id, text) in ids.iter().zip(&texts).take(20) {
        for variant in [text.to_lowercase(), text.to_uppercase(), format!("{id:#}")] {
            if let Ok(parsed) = variant.parse::<T>() {
                let row = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT $1::{name}::text")))
                    .bind(&variant)
                    .fetch_one(pool)
                    .await
                    .unwrap_or_else(|err| panic!("{name} {variant:?}: {err}"));
                assert_eq!(
                    row.get::<String, _>(0),
                    parsed.to_string(),
                    "{name} {variant:?}"
                );
            }
        }
    }
    // The storage: today's column, the same value.
    let stored = texts_of(
        pool,
        &format!(
            "SELECT x::{name}::{}::text FROM unnest($1::text[]) WITH ORDINALITY AS u(x, n) ORDER BY n",
            like(T::COLUMN)
        ),
        &texts,
    )
    .await;
    let expected: Vec<String> = ids.iter().map(|id| column_text(*id)).collect();
    assert_eq!(
        stored, expected,
        "{name}: the storage is the crate's column"
    );
    // And back from it, by the implicit cast.
    let from_column = texts_of(
        pool,
        &format!(
            "SELECT (x::{like}::{name})::text FROM unnest($1::text[]) WITH ORDINALITY AS u(x, n) ORDER BY n",
            like = like(T::COLUMN)
        ),
        &expected,
    )
    .await;
    assert_eq!(from_column, texts, "{name}: from the crate's column");
    // Order: the crate's `Ord`, by a sort and through a btree index.
    let mut sorted = ids.clone();
    sorted.sort();
    let sorted: Vec<String> = sorted.iter().map(ToString::to_string).collect();
    let ordered = texts_of(
        pool,
        &format!(
            "SELECT x::text FROM (SELECT x::{name} AS x FROM unnest($1::text[]) x) s ORDER BY s.x"
        ),
        &texts,
    )
    .await;
    assert_eq!(ordered, sorted, "{name}: ORDER BY is the crate's order");
    let table = format!("native_{name}");
    for sql in [
        format!("CREATE TABLE {table} (id {name} PRIMARY KEY)"),
        format!("CREATE INDEX ON {table} USING hash (id)"),
    ] {
        sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
            .execute(pool)
            .await
            .unwrap_or_else(|err| panic!("{sql}: {err}"));
    }
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO {table} SELECT x::{name} FROM unnest($1::text[]) x"
    )))
    .bind(&texts)
    .execute(pool)
    .await
    .unwrap_or_else(|err| panic!("insert into {table}: {err}"));
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("SET LOCAL enable_seqscan = off")
        .execute(&mut *tx)
        .await
        .unwrap();
    sqlx::query("SET LOCAL enable_sort = off")
        .execute(&mut *tx)
        .await
        .unwrap();
    let indexed: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT id::text FROM {table} ORDER BY {table}.id"
    )))
    .fetch_all(&mut *tx)
    .await
    .unwrap();
    assert_eq!(indexed, sorted, "{name}: the btree index's order");
    // Equality through the hash index, and a hash aggregate.
    let probe = &texts[texts.len() / 2];
    let found: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FROM {table} WHERE id = $1::{name}"
    )))
    .bind(probe)
    .fetch_one(&mut *tx)
    .await
    .unwrap();
    assert_eq!(found, 1, "{name}: {probe} by the index");
    tx.rollback().await.unwrap();
    let groups: Vec<i64> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT count(*) FROM (SELECT x::{name} AS x FROM unnest($1::text[] || $1::text[]) x) s GROUP BY x"
    )))
    .bind(&texts)
    .fetch_all(pool)
    .await
    .unwrap();
    assert_eq!(groups.len(), texts.len(), "{name}: one group per id");
    assert!(groups.iter().all(|&n| n == 2), "{name}: each id twice");
    // Refusals: the crate's message whole, SQLSTATE 22P02.
    let good = &texts[0];
    let mut bad = vec![
        String::new(),
        format!("{good}0"),
        format!("!{}", &good[1..]),
        format!("{}~", &good[..good.len() - 1]),
        good[..good.len() - 1].to_owned(),
    ];
    bad.retain(|text| text.parse::<T>().is_err());
    assert!(!bad.is_empty(), "{name}: refusals to check");
    for text in bad {
        let expected = text.parse::<T>().unwrap_err().to_string();
        let err = sqlx::query(sqlx::AssertSqlSafe(format!("SELECT $1::{name}")))
            .bind(&text)
            .fetch_one(pool)
            .await
            .expect_err("refused");
        let (code, message) = sql_error(err);
        assert_eq!(
            (code.as_str(), message.as_str()),
            ("22P02", expected.as_str()),
            "{name}: {text:?}"
        );
    }
}

#[tokio::test]
async fn native_types_are_the_crates_ids() {
    let Some((pool, _)) = postgres_extension_db("types", 2).await else {
        return;
    };
    let mut rng = Rng::new();
    macro_rules! check {
        ($ty:ty, $name:literal) => {
            check_type::<$ty>(&pool, $name, &mut rng).await;
        };
    }
    each_native!(check);
}

/// Binary input and output (what sqlx and other drivers use), through the storage types'
/// binary forms: a value sent as the storage type's bytes reads back as the id, and bytes of
/// the wrong length are refused with 22P03.
#[tokio::test]
async fn binary_forms_are_the_columns() {
    let Some((pool, _)) = postgres_extension_db("binary", 1).await else {
        return;
    };
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    let row = sqlx::query(
        "SELECT atproto_tid_send($1::atproto_tid), ulid_send($2::ulid), ksuid_send($3::ksuid)",
    )
    .bind(tid.to_string())
    .bind("01ARZ3NDEKTSV4RRFFQ69G5FAV")
    .bind("0ujtsYcgvSTl8PAuAdqWYSMnLOv")
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        row.get::<Vec<u8>, _>(0),
        tid.to_u64().to_be_bytes().to_vec()
    );
    let ulid: Ulid = "01ARZ3NDEKTSV4RRFFQ69G5FAV".parse().unwrap();
    assert_eq!(row.get::<Vec<u8>, _>(1), ulid.to_bytes().to_vec());
    let ksuid: Ksuid = "0ujtsYcgvSTl8PAuAdqWYSMnLOv".parse().unwrap();
    assert_eq!(row.get::<Vec<u8>, _>(2), ksuid.to_bytes().to_vec());
    // A bigint parameter read by the native type's binary input (sqlx binds binary).
    let text: String = sqlx::query_scalar("SELECT $1::bigint::atproto_tid::text")
        .bind(tid.to_u64() as i64)
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(text, tid.to_string());
    // A negative bigint is no TID: its output refuses (22003), as the crate's column does.
    let err = sqlx::query("SELECT (-5)::bigint::atproto_tid::text")
        .fetch_one(&pool)
        .await
        .expect_err("refused");
    let (code, message) = sql_error(err);
    assert_eq!(code, "22003", "{message}");
    assert!(
        message.contains("atproto TID") && message.contains("-5"),
        "{message}"
    );
    // A TID the crate reads whose top bit is set: no bigint holds it (the crate's column
    // refuses it too), so the input refuses it rather than store something else.
    let top_bit: Tid = "c222222222222".parse().unwrap();
    assert!(top_bit.to_u64() >> 63 == 1);
    let err = sqlx::query("SELECT 'c222222222222'::atproto_tid")
        .fetch_one(&pool)
        .await
        .expect_err("refused");
    let (code, message) = sql_error(err);
    assert_eq!(code, "22003", "{message}");
    assert_eq!(
        message,
        "atproto TID: c222222222222 has its top bit set, which a bigint does not hold"
    );
    // A bytea of the wrong length cast to a byte format: refused where it is read.
    let err = sqlx::query("SELECT '\\x0102'::bytea::ksuid::text")
        .fetch_one(&pool)
        .await
        .expect_err("refused");
    let (code, message) = sql_error(err);
    assert_eq!(code, "22P03", "{message}");
    assert_eq!(message, "KSUID: expected 20 bytes, found 2");
}

/// `ALTER TABLE ... ALTER COLUMN id TYPE <native>` from today's column does not rewrite the
/// table: its file is the same before and after, and every id reads back in the same order.
/// (Its indexes are built again: the server keeps an index only when its operator class stays
/// the same, and the native type has its own.)
#[tokio::test]
async fn adopting_a_native_type_rewrites_nothing() {
    let Some((pool, _)) = postgres_extension_db("adoption", 1).await else {
        return;
    };
    let tids: Vec<String> = (0..10_000u64)
        .map(|n| {
            Tid::from_parts(1_700_000_000_000_000 + n * 1_000, (n % 1024) as u16)
                .unwrap()
                .to_string()
        })
        .collect();
    for (table, storage, native, make) in [
        ("posts", "bigint", "atproto_tid", "x::atproto_tid::bigint"),
        ("users", "uuid", "ulid", "ulid_generate()::uuid"),
        ("events", "bytea", "ksuid", "ksuid_generate()::bytea"),
    ] {
        for sql in [
            format!("CREATE TABLE {table} (id {storage} PRIMARY KEY, body text)"),
            format!("INSERT INTO {table} SELECT {make}, 'x' FROM unnest($1::text[]) x"),
        ] {
            sqlx::query(sqlx::AssertSqlSafe(sql.to_string()))
                .bind(&tids)
                .execute(&pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"));
        }
        let files = format!("SELECT pg_relation_filenode('{table}')::bigint");
        let before: i64 = one(&pool, files.clone()).await;
        let in_order = format!("SELECT id::{native}::text FROM {table} ORDER BY {table}.id");
        let texts_before: Vec<String> = column(&pool, in_order.clone()).await;
        let alter = format!("ALTER TABLE {table} ALTER COLUMN id TYPE {native}");
        sqlx::query(sqlx::AssertSqlSafe(alter))
            .execute(&pool)
            .await
            .unwrap();
        let after: i64 = one(&pool, files.clone()).await;
        assert_eq!(
            before, after,
            "{table}: {storage} -> {native} rewrote the table"
        );
        let texts_after: Vec<String> = column(&pool, in_order).await;
        assert_eq!(
            texts_after, texts_before,
            "{table}: the same ids, in the same order"
        );
        // The index serves the native type's queries.
        let plan: Vec<String> = column(
            &pool,
            format!("EXPLAIN SELECT * FROM {table} WHERE id = (SELECT id FROM {table} LIMIT 1)"),
        )
        .await;
        let index = format!("{table}_pkey");
        assert!(
            plan.iter().any(|line| line.contains(&index)),
            "{table}: {plan:?}"
        );
        // And back, without a rewrite either.
        let alter = format!("ALTER TABLE {table} ALTER COLUMN id TYPE {storage}");
        sqlx::query(sqlx::AssertSqlSafe(alter))
            .execute(&pool)
            .await
            .unwrap();
        let back: i64 = one(&pool, files).await;
        assert_eq!(
            before, back,
            "{table}: {native} -> {storage} rewrote the table"
        );
    }
    assert_eq!(tids.len(), 10_000);
}

/// Times, parts and spans: the crate's, and a span's ends make an index range scan.
#[tokio::test]
async fn times_parts_and_spans_are_the_crates() {
    let Some((pool, _)) = postgres_extension_db("times", 1).await else {
        return;
    };
    let mut rng = Rng::new();
    macro_rules! timed {
        ($ty:ty, $name:literal) => {{
            let (ids, texts) = texts::<$ty>(&mut rng);
            // Ids whose time is within timestamptz and after 1970 (a TimeId's may be before).
            let rows: Vec<(String, i64)> = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT x, (extract(epoch FROM {name}_time(x::{name})) * 1000000)::bigint \
                 FROM unnest($1::text[]) x",
                name = $name
            )))
            .bind(&texts)
            .fetch_all(&pool)
            .await
            .unwrap_or_else(|err| panic!("{}_time: {err}", $name));
            for ((text, micros), id) in rows.iter().zip(&ids) {
                let expected = match id.timestamp().duration_since(std::time::UNIX_EPOCH) {
                    Ok(after) => after.as_micros() as i64,
                    Err(before) => -(before.duration().as_micros() as i64),
                };
                assert_eq!(*micros, expected, "{}_time({text})", $name);
            }
            // The span of a day: the crate's range, and the rows of the table in it.
            let day = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_006_400);
            let next = day + std::time::Duration::from_secs(86_400);
            let range = <$ty>::ranges_for_time(day..next).single().unwrap();
            let ends: (String, String) = sqlx::query_as(sqlx::AssertSqlSafe(format!(
                "SELECT {name}_first_at(to_timestamp(1700006400))::text, \
                 {name}_last_before(to_timestamp(1700092800))::text",
                name = $name
            )))
            .fetch_one(&pool)
            .await
            .unwrap_or_else(|err| panic!("{} span: {err}", $name));
            assert_eq!(
                ends,
                (range.start().to_string(), range.end().to_string()),
                "{} span",
                $name
            );
        }};
    }
    timed!(Tid, "atproto_tid");
    timed!(TimeId, "time_id");
    timed!(Uid11Xid, "uid11_xid");
    timed!(Snowish, "snowish");
    timed!(TsSeqRand, "ts_seq_rand");
    timed!(Tbsl, "tbsl");
    timed!(Ulid, "ulid");
    timed!(Ksuid, "ksuid");
    timed!(RsXid, "rs_xid");
    timed!(ObjectId, "object_id");

    // Parts.
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    let clock: i32 = sqlx::query_scalar("SELECT atproto_tid_clock_id('3jzfcijpj2z2a')")
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(clock, i32::from(tid.clock_id()));
    let snowflake = Snowflake::from_u64(1_541_815_603_606_036_480);
    let parts: (i32, i32, i64) = sqlx::query_as(
        "SELECT snowflake_worker_id(x), snowflake_sequence(x), snowflake_millis_since_epoch(x) \
         FROM (SELECT $1::bigint::snowflake AS x) s",
    )
    .bind(snowflake.to_u64() as i64)
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(
        parts,
        (
            i32::from(snowflake.worker_id()),
            i32::from(snowflake.sequence()),
            snowflake.millis_since_epoch() as i64
        )
    );
    // Infinity has no id.
    let err = sqlx::query("SELECT atproto_tid_first_at('infinity')")
        .fetch_one(&pool)
        .await
        .expect_err("refused");
    assert_eq!(sql_error(err).0, "22003");

    // A span of a large table is an index range scan.
    for sql in [
        "CREATE TABLE posts (id atproto_tid PRIMARY KEY, body text)",
        "INSERT INTO posts SELECT atproto_tid_first_at(to_timestamp(1700000000 + g * 60)), 'x' \
         FROM generate_series(1, 20000) g",
        "ANALYZE posts",
    ] {
        sqlx::query(sql)
            .execute(&pool)
            .await
            .unwrap_or_else(|err| panic!("{sql}: {err}"));
    }
    let span = "SELECT count(*) FROM posts WHERE id BETWEEN atproto_tid_first_at('2023-11-15T00:00:00Z') \
                AND atproto_tid_last_before('2023-11-16T00:00:00Z')";
    let plan: Vec<String> = sqlx::query_scalar(sqlx::AssertSqlSafe(format!("EXPLAIN {span}")))
        .fetch_all(&pool)
        .await
        .unwrap();
    assert!(plan.iter().any(|line| line.contains("Index")), "{plan:#?}");
    let count: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(span.to_owned()))
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(count, 1440, "a day of minutes");
}

/// The TypeID specification's vectors (`tests/vectors/typeid/`): every valid text reads as
/// its prefix and UUID and writes back the same; every invalid one is refused with 22P02 and
/// the crate's message. TypeIDs sort by prefix, then UUID, as the crate's `Ord`.
#[tokio::test]
async fn typeid_passes_the_specification() {
    let Some((pool, _)) = postgres_extension_db("typeid", 1).await else {
        return;
    };
    let read = |name: &str| -> Vec<serde_json::Value> {
        let path = idtypes_tests::vector_path(&format!("typeid/{name}.json"));
        let text = std::fs::read_to_string(&path).unwrap();
        serde_json::from_str::<serde_json::Value>(&text)
            .unwrap()
            .as_array()
            .cloned()
            .unwrap()
    };
    let valid = read("valid");
    assert!(!valid.is_empty());
    let mut ids = Vec::new();
    for case in &valid {
        let text = case["typeid"].as_str().unwrap();
        let row: (String, String, uuid::Uuid) = sqlx::query_as(
            "SELECT x::text, typeid_prefix(x), typeid_uuid(x) FROM (SELECT $1::typeid AS x) s",
        )
        .bind(text)
        .fetch_one(&pool)
        .await
        .unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(row.0, text);
        assert_eq!(row.1, case["prefix"].as_str().unwrap());
        assert_eq!(row.2.to_string(), case["uuid"].as_str().unwrap());
        let made: String = sqlx::query_scalar("SELECT typeid($1, $2)::text")
            .bind(case["prefix"].as_str().unwrap())
            .bind(row.2)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(made, text);
        ids.push(text.to_owned());
    }
    let invalid = read("invalid");
    assert!(!invalid.is_empty());
    for case in &invalid {
        let text = case["typeid"].as_str().unwrap();
        let expected = DynTypeId::parse(text).unwrap_err().to_string();
        let err = sqlx::query("SELECT $1::typeid")
            .bind(text)
            .fetch_one(&pool)
            .await
            .expect_err(text);
        assert_eq!(sql_error(err), ("22P02".to_owned(), expected), "{text}");
    }
    // Order: the crate's, through a btree index.
    let mut sorted: Vec<DynTypeId> = ids
        .iter()
        .map(|text| DynTypeId::parse(text).unwrap())
        .collect();
    sorted.extend(
        [
            "a_01h455vb4pex5vsknk084sn02q",
            "ab_01h455vb4pex5vsknk084sn02q",
            "a_b_00000000000000000000000000",
            "user_7zzzzzzzzzzzzzzzzzzzzzzzzz",
        ]
        .map(|t| DynTypeId::parse(t).unwrap()),
    );
    let texts: Vec<String> = sorted.iter().map(ToString::to_string).collect();
    sorted.sort();
    let expected: Vec<String> = sorted.iter().map(ToString::to_string).collect();
    sqlx::query("CREATE TABLE accounts (id typeid PRIMARY KEY)")
        .execute(&pool)
        .await
        .unwrap();
    sqlx::query("INSERT INTO accounts SELECT DISTINCT x::typeid FROM unnest($1::text[]) x")
        .bind(&texts)
        .execute(&pool)
        .await
        .unwrap();
    let mut tx = pool.begin().await.unwrap();
    sqlx::query("SET LOCAL enable_seqscan = off")
        .execute(&mut *tx)
        .await
        .unwrap();
    let ordered: Vec<String> =
        sqlx::query_scalar("SELECT id::text FROM accounts ORDER BY accounts.id")
            .fetch_all(&mut *tx)
            .await
            .unwrap();
    tx.rollback().await.unwrap();
    let mut distinct = expected.clone();
    distinct.dedup();
    assert_eq!(ordered, distinct);
    // A prefix-checked domain, the cast to uuid, and generation.
    sqlx::query("CREATE DOMAIN user_id AS typeid CHECK (typeid_prefix(VALUE) = 'user')")
        .execute(&pool)
        .await
        .unwrap();
    let err = sqlx::query("SELECT 'order_01h455vb4pex5vsknk084sn02q'::user_id")
        .fetch_one(&pool)
        .await
        .expect_err("refused by the domain");
    assert_eq!(sql_error(err).0, "23514");
    let row: (String, uuid::Uuid) = sqlx::query_as(
        "SELECT x::text, x::uuid FROM (SELECT typeid_generate('user')::user_id AS x) s",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let made = DynTypeId::parse(&row.0).unwrap();
    assert_eq!((made.prefix(), made.uuid().get_version_num()), ("user", 7));
    assert_eq!(made.uuid(), row.1);
}

/// `CREATE EXTENSION` and `DROP EXTENSION` leave nothing behind: the catalogs' objects are
/// the same before and after, and `ALTER EXTENSION ... UPDATE` finds the version current.
#[tokio::test]
async fn drop_extension_leaves_nothing_behind() {
    let Some((pool, _)) = postgres_extension_db("drop", 1).await else {
        return;
    };
    let census = "SELECT (SELECT count(*) FROM pg_type WHERE typnamespace <> 'pg_catalog'::regnamespace AND typnamespace <> 'information_schema'::regnamespace) \
        + (SELECT count(*) FROM pg_proc WHERE pronamespace <> 'pg_catalog'::regnamespace AND pronamespace <> 'information_schema'::regnamespace) \
        + (SELECT count(*) FROM pg_operator WHERE oprnamespace <> 'pg_catalog'::regnamespace) \
        + (SELECT count(*) FROM pg_opclass WHERE opcnamespace <> 'pg_catalog'::regnamespace) \
        + (SELECT count(*) FROM pg_opfamily WHERE opfnamespace <> 'pg_catalog'::regnamespace) \
        + (SELECT count(*) FROM pg_cast WHERE oid >= 16384) \
        + (SELECT count(*) FROM pg_amop WHERE oid >= 16384) \
        + (SELECT count(*) FROM pg_amproc WHERE oid >= 16384) \
        + (SELECT count(*) FROM pg_description WHERE objoid >= 16384)";
    let current: String =
        sqlx::query_scalar("SELECT extversion FROM pg_extension WHERE extname = 'idtypes'")
            .fetch_one(&pool)
            .await
            .unwrap();
    let default: String = sqlx::query_scalar(
        "SELECT default_version FROM pg_available_extensions WHERE name = 'idtypes'",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    assert_eq!(current, default);
    sqlx::query("ALTER EXTENSION idtypes UPDATE")
        .execute(&pool)
        .await
        .unwrap();
    // The catalogs' objects after each statement: with, without, with again, without again.
    let mut counts = Vec::new();
    for statement in [
        "",
        "DROP EXTENSION idtypes",
        "CREATE EXTENSION idtypes",
        "DROP EXTENSION idtypes",
    ] {
        if !statement.is_empty() {
            sqlx::query(statement).execute(&pool).await.unwrap();
        }
        counts.push(one::<i64>(&pool, census.to_owned()).await);
    }
    let [with, without, with_again, without_again] = counts[..] else {
        unreachable!("four counts")
    };
    assert!(
        with > without + 500,
        "the extension's objects: {with} with, {without} without"
    );
    assert_eq!((with_again, without_again), (with, without));
}
