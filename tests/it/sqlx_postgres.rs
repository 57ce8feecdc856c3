//! The sqlx integration on PostgreSQL (`IDTYPES_TEST_POSTGRES_URL`; skipped when unset).
//!
//! The shared cases are in `common/sqlx_cases.rs`; PostgreSQL's own (arrays, the text
//! protocol) are here.

use crate::common::sqlx_cases::postgres::{Db, column, connect, ph};

const BLOB_COLUMN: &str = "BYTEA";

/// Text in a single-byte character set, and text made from eight 0xFF bytes.
const LATIN_TEXT_COLUMN: &str = "TEXT";
const FF_TEXT: &str = "convert_from('\\xffffffffffffffff'::bytea, 'LATIN1')";

/// A signed 64-bit integer column.
const SIGNED_COLUMN: &str = "BIGINT";

/// How the errors of a value in the wrong kind of column end.
const WRONG_FOR_BYTES: &str = "BYTEA, found TEXT";
const WRONG_FOR_TEXT: &str = "text (TEXT, VARCHAR or CHAR), found BYTEA";

sqlx_cases!();

/// `Vec<T>` bound to `= ANY($1)`, and `BYTEA[]` (or `TEXT[]`) selected back as `Vec<T>`.
async fn arrays<T>()
where
    T: Column + sqlx::postgres::PgHasArrayType,
{
    let Some(pool) = connect().await else { return };
    let table = create::<T>(&pool, "idt_arr").await;
    let mut rng = Rng::new();
    let values = samples::<T>(&mut rng, 8);
    insert(&pool, &table, &values).await;

    // Every other value, and a random one, most likely not in the table.
    let mut wanted: Vec<T> = values.iter().step_by(2).cloned().collect();
    wanted.push(T::random(&mut rng));
    let sql = format!("SELECT id FROM {table} WHERE id = ANY($1) ORDER BY id, n");
    let rows: Vec<T> = sqlx::query_scalar(AssertSqlSafe(sql))
        .bind(wanted.clone())
        .fetch_all(&pool)
        .await
        .unwrap();
    // Each row whose id is wanted: a random sample may repeat a value, and the random one may
    // be in the table after all (a one-character record key, say), even one of the wanted.
    let mut expected: Vec<T> = values
        .iter()
        .filter(|v| wanted.contains(v))
        .cloned()
        .collect();
    expected.sort();
    assert_eq!(rows, expected, "= ANY($1)");

    let sql = format!("SELECT array_agg(id ORDER BY id, n) FROM {table}");
    let all: Vec<T> = sqlx::query_scalar(AssertSqlSafe(sql))
        .fetch_one(&pool)
        .await
        .unwrap();
    let mut sorted = values.clone();
    sorted.sort();
    assert_eq!(all, sorted, "array_agg");

    // A bound array comes back as it went, NULLs included for `Vec<Option<T>>`.
    let back: Vec<T> = sqlx::query_scalar("SELECT $1")
        .bind(values.clone())
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(back, values);
    let with_null = vec![None, Some(T::highest()), None, Some(T::lowest())];
    let back: Vec<Option<T>> = sqlx::query_scalar("SELECT $1")
        .bind(with_null.clone())
        .fetch_one(&pool)
        .await
        .unwrap();
    assert_eq!(back, with_null);
    let empty: Vec<T> = sqlx::query_scalar("SELECT $1")
        .bind(Vec::<T>::new())
        .fetch_one(&pool)
        .await
        .unwrap();
    assert!(empty.is_empty());
    drop_table(&pool, &table).await;
}

/// The simple query protocol (`raw_sql`) sends every value as text: `\x…` for `BYTEA`.
async fn text_protocol<T: Column>() {
    let Some(pool) = connect().await else { return };
    let table = create::<T>(&pool, "idt_txt").await;
    let values = samples::<T>(&mut Rng::new(), 8);
    insert(&pool, &table, &values).await;
    let sql = format!("SELECT n, id FROM {table} ORDER BY n");
    let rows = sqlx::raw_sql(AssertSqlSafe(sql))
        .fetch_all(&pool)
        .await
        .unwrap();
    assert_eq!(rows.len(), values.len());
    for (row, value) in rows.iter().zip(&values) {
        assert_eq!(
            row.try_get_raw(1).map(|v| v.format()).ok(),
            Some(sqlx::postgres::PgValueFormat::Text),
            "raw_sql should use the text format"
        );
        let id: T = row.try_get(1).unwrap();
        assert_eq!(&id, value);
        let id: Option<T> = row.try_get(1).unwrap();
        assert_eq!(id.as_ref(), Some(value));
    }
    // NULL in the text protocol.
    let sql = "SELECT NULL::bytea, NULL::text";
    let row = sqlx::raw_sql(sql).fetch_one(&pool).await.unwrap();
    let col = if matches!(T::STORAGE, Storage::Text) {
        1
    } else {
        0
    };
    assert_eq!(row.try_get::<Option<T>, _>(col).unwrap(), None);
    drop_table(&pool, &table).await;
}

/// Decode errors in the text protocol: a wrong length, a bad text.
#[tokio::test]
async fn text_protocol_decode_errors() {
    let Some(pool) = connect().await else { return };
    let row = sqlx::raw_sql(
        "SELECT '\\x01020304050607'::bytea, '\\xabababababababababab'::bytea, \
         '\\x8000000000000001'::bytea, 'a/b'::text, '3jzfcijpj2z2'::text, -5::int8",
    )
    .fetch_one(&pool)
    .await
    .unwrap();
    let err = row.try_get::<AsBytes<Tid>, _>(0).unwrap_err().to_string();
    assert!(err.contains("atproto TID") && err.contains('7'), "{err}");
    let err = row.try_get::<Tbsl, _>(0).unwrap_err().to_string();
    assert!(err.contains("TBSL"), "{err}");
    let err = row.try_get::<AsBytes<Tid>, _>(1).unwrap_err().to_string();
    assert!(err.contains("atproto TID") && err.contains("10"), "{err}");
    assert_eq!(
        row.try_get::<Tbsl, _>(1).unwrap().to_bytes(),
        [0xAB; 10],
        "the right length decodes"
    );
    let err = row
        .try_get::<AsBytes<Snowish>, _>(2)
        .unwrap_err()
        .to_string();
    assert!(err.contains("snowish"), "{err}");
    let err = row.try_get::<Tid, _>(5).unwrap_err().to_string();
    assert!(err.contains("atproto TID") && err.contains("-5"), "{err}");
    let err = row.try_get::<Tid, _>(0).unwrap_err().to_string();
    assert!(err.contains("BYTEA"), "{err}");
    let err = row.try_get::<RecordKey, _>(3).unwrap_err().to_string();
    assert!(err.contains("record key"), "{err}");
    let err = row.try_get::<AsText<Tid>, _>(4).unwrap_err().to_string();
    assert!(err.contains("atproto TID"), "{err}");
}

macro_rules! pg_cases {
    (arrays: $($name:ident: $ty:ty,)* ; text: $($tname:ident: $tty:ty,)*) => {
        mod pg_arrays {
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    arrays::<$ty>().await;
                }
            )*
        }

        mod pg_text_protocol {
            use super::*;
            $(
                #[tokio::test]
                async fn $name() {
                    text_protocol::<$ty>().await;
                }
            )*
            $(
                #[tokio::test]
                async fn $tname() {
                    text_protocol::<$tty>().await;
                }
            )*
        }
    };
}

pg_cases!(
    arrays:
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
        text_uid11: AsText<Uid11>,
        sonyflake: Sonyflake,
        rs_xid: idtypes::RsXid,
    ;
    text:
        text_time_id: AsText<TimeId>,
        text_tbsl: AsText<Tbsl>,
        text_rs_xid: AsText<idtypes::RsXid>,
);
