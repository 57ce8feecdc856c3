//! `idtypes::sql::sqlite`: the SQL functions on SQLite, registered on a rusqlite connection
//! and loaded into the `sqlite3` shell (and into rusqlite) from the extension built from
//! `idtypes-sqlite/`, against the crate's own text (`Display`, typed ids' prefixed text,
//! TypeIDs) and the rows its rusqlite and sqlx integrations write: every format and its
//! tricky values, the errors, NULL, an expression index.

use std::fmt::{Debug, Display};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::OnceLock;
use std::time::Instant;

use idtypes::uuids::DynTypeId;
use idtypes::{
    FullRand, IdFormat, Ksuid, RsXid, Snowflake, Snowish, Sonyflake, Tbsl, Tid, TimeId, TsSeqRand,
    TypedId, Uid11, Uid11Xid, Ulid,
};
use idtypes_tests::typed::{
    BatchId, ChatId, EventId, FileId, JobId, MsgId, OrderId, PaymentId, PostId, RequestId, TokenId,
    TraceId, TxnId,
};
use rusqlite::types::{FromSql, ToSql};
use rusqlite::{Connection, ErrorCode, params};
use uuid::Uuid;

use crate::common::sqlx_cases::{Rng, Sample, samples};
use crate::common::typed_uuid::AccountId;

type Sqlite = sqlx::Sqlite;

/// A value rusqlite and sqlx both store, whose text the functions give.
trait Stored:
    Clone
    + Debug
    + Display
    + PartialEq
    + ToSql
    + FromSql
    + Send
    + Unpin
    + sqlx::Type<Sqlite>
    + for<'q> sqlx::Encode<'q, Sqlite>
    + for<'r> sqlx::Decode<'r, Sqlite>
    + 'static
{
}

impl<T> Stored for T where
    T: Clone
        + Debug
        + Display
        + PartialEq
        + ToSql
        + FromSql
        + Send
        + Unpin
        + sqlx::Type<Sqlite>
        + for<'q> sqlx::Encode<'q, Sqlite>
        + for<'r> sqlx::Decode<'r, Sqlite>
        + 'static
{
}

/// A new SQLite file, open in rusqlite with the functions registered and in sqlx; removed
/// when dropped.
struct File {
    path: PathBuf,
    db: Connection,
    sqlx: sqlx::SqlitePool,
}

impl File {
    async fn new() -> File {
        let name = format!("{}.sqlite", idtypes_tests::unique_table("idt_sqlite_fn"));
        let path = std::env::temp_dir().join(name);
        let db = Connection::open(&path).unwrap();
        idtypes::sql::sqlite::register_functions(&db).unwrap();
        let options = sqlx::sqlite::SqliteConnectOptions::new()
            .filename(&path)
            .create_if_missing(true);
        let sqlx = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .unwrap();
        File { path, db, sqlx }
    }

    /// Creates `table (n INTEGER, id)` and inserts `values`, `n` numbering them from 0: the
    /// even ones by rusqlite, the odd ones by sqlx.
    async fn fill<T: Stored>(&self, table: &str, values: &[T]) {
        self.db
            .execute_batch(&format!("CREATE TABLE {table} (n INTEGER, id)"))
            .unwrap();
        let insert = format!("INSERT INTO {table} (n, id) VALUES (?1, ?2)");
        for (n, value) in values.iter().enumerate() {
            if n % 2 == 0 {
                self.db
                    .execute(&insert, params![n as i64, value])
                    .unwrap_or_else(|err| panic!("rusqlite inserts {value:?}: {err}"));
            } else {
                sqlx::query(sqlx::AssertSqlSafe(insert.clone()))
                    .bind(n as i64)
                    .bind(value.clone())
                    .execute(&self.sqlx)
                    .await
                    .unwrap_or_else(|err| panic!("sqlx inserts {value:?}: {err}"));
            }
        }
    }
}

impl Drop for File {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The rows of `sql` (with `args`), each read by `row`.
fn rows<R>(
    db: &Connection,
    sql: &str,
    args: impl rusqlite::Params,
    row: impl FnMut(&rusqlite::Row<'_>) -> rusqlite::Result<R>,
) -> Vec<R> {
    let mut statement = db.prepare(sql).unwrap_or_else(|err| panic!("{sql}: {err}"));
    statement
        .query_map(args, row)
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|err| panic!("{sql}: {err}"))
}

/// The values of the tests: the ends, the tricky ones and random ones, as the integrations
/// store them (without TIDs whose top bit a signed `INTEGER` cannot hold), sorted and
/// distinct.
fn values<T: Sample>() -> Vec<T> {
    let mut values: Vec<T> = samples::<T>(&mut Rng::new(), 16)
        .into_iter()
        .filter(Sample::fits_signed)
        .collect();
    values.sort();
    values.dedup();
    values
}

/// `<stem>_text(id)` is `Display`'s text of every stored value, `<stem>_from_text` of it is
/// the stored value (and finds its row), and the prefixed functions are the same behind a
/// prefix.
async fn text_and_back<T: Stored + Sample>(stem: &str) {
    let file = File::new().await;
    let values: Vec<T> = values();
    file.fill("t", &values).await;
    let sql = format!(
        "SELECT {stem}_text(id), {stem}_from_text({stem}_text(id)) IS id, \
         {stem}_prefixed_text(id, 'pre_'), \
         {stem}_from_prefixed_text('pre_' || {stem}_text(id), 'pre_') IS id \
         FROM t ORDER BY n"
    );
    let read = rows(&file.db, &sql, [], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, bool>(1)?,
            row.get::<_, String>(2)?,
            row.get::<_, bool>(3)?,
        ))
    });
    assert_eq!(read.len(), values.len());
    for (value, (text, back, prefixed, prefixed_back)) in values.iter().zip(read) {
        assert_eq!(text, value.to_string(), "{stem}_text of {value:?}");
        assert!(
            back,
            "{stem}_from_text('{text}') is not the stored {value:?}"
        );
        assert_eq!(prefixed, format!("pre_{value}"), "{stem}_prefixed_text");
        assert!(prefixed_back, "{stem}_from_prefixed_text of {value:?}");
    }
    // The text finds the row, which reads back as the value.
    let find = format!("SELECT n, id FROM t WHERE id = {stem}_from_text(?1)");
    for (n, value) in values.iter().enumerate() {
        let found: Vec<(i64, T)> = rows(&file.db, &find, [value.to_string()], |row| {
            Ok((row.get(0)?, row.get(1)?))
        });
        assert_eq!(found, [(n as i64, value.clone())], "{find} with {value}");
    }
}

macro_rules! text_and_back {
    ($($test:ident: $ty:ty, $stem:literal;)*) => {
        $(
            #[tokio::test]
            async fn $test() {
                text_and_back::<$ty>($stem).await;
            }
        )*
    };
}

text_and_back! {
    tid_text_is_display_and_back: Tid, "tid";
    time_id_text_is_display_and_back: TimeId, "time_id";
    uid11_text_is_display_and_back: Uid11, "uid11";
    uid11_xid_text_is_display_and_back: Uid11Xid, "uid11_xid";
    snowish_text_is_display_and_back: Snowish, "snowish";
    ts_seq_rand_text_is_display_and_back: TsSeqRand, "ts_seq_rand";
    fullrand_text_is_display_and_back: FullRand, "fullrand";
    snowflake_text_is_display_and_back: Snowflake, "snowflake";
    tbsl_text_is_display_and_back: Tbsl, "tbsl";
    ulid_text_is_display_and_back: Ulid, "ulid";
    ksuid_text_is_display_and_back: Ksuid, "ksuid";
    sonyflake_text_is_display_and_back: Sonyflake, "sonyflake";
    rs_xid_text_is_display_and_back: RsXid, "rs_xid";
    object_id_text_is_display_and_back: idtypes::ObjectId, "object_id";
}

#[tokio::test]
async fn the_deprecated_xid_names_are_the_uid11_xid_text_functions() {
    let file = File::new().await;
    let values: Vec<Uid11Xid> = values();
    file.fill("t", &values).await;
    let sql = "SELECT xid_text(id), xid_text(id) IS uid11_xid_text(id), \
               xid_from_text(xid_text(id)) IS id FROM t ORDER BY n";
    let read = rows(&file.db, sql, [], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, bool>(1)?,
            row.get::<_, bool>(2)?,
        ))
    });
    assert_eq!(read.len(), values.len());
    for (value, (text, same, back)) in values.iter().zip(read) {
        assert_eq!(text, value.to_string());
        assert!(same && back, "{value:?}");
    }
}

/// A typed id's text is `<stem>_prefixed_text(id, prefix || separator)` of its stored
/// value, and `<stem>_from_prefixed_text` of that text finds its row.
async fn typed_text_and_back<T: Stored + TypedId>(stem: &str)
where
    T::Inner: Sample,
{
    let file = File::new().await;
    let typed: Vec<T> = values::<T::Inner>()
        .into_iter()
        .map(|inner| T::try_from_inner(inner).unwrap())
        .collect();
    file.fill("t", &typed).await;
    let prefix = [T::PREFIX, T::SEPARATOR].concat();
    let sql = format!("SELECT {stem}_prefixed_text(id, ?1) FROM t ORDER BY n");
    let texts: Vec<String> = rows(&file.db, &sql, [&prefix], |row| row.get(0));
    let expected: Vec<String> = typed.iter().map(ToString::to_string).collect();
    assert_eq!(texts, expected, "{sql}");
    let find = format!("SELECT n, id FROM t WHERE id = {stem}_from_prefixed_text(?1, ?2)");
    for (n, id) in typed.iter().enumerate() {
        let found: Vec<(i64, T)> = rows(&file.db, &find, params![id.to_string(), prefix], |row| {
            Ok((row.get(0)?, row.get(1)?))
        });
        assert_eq!(found, [(n as i64, id.clone())], "{find} with {id}");
    }
}

macro_rules! typed_text_and_back {
    ($($test:ident: $ty:ty, $stem:literal;)*) => {
        $(
            #[tokio::test]
            async fn $test() {
                typed_text_and_back::<$ty>($stem).await;
            }
        )*
    };
}

typed_text_and_back! {
    tid_prefixed_text_is_a_typed_ids_text: PostId, "tid";
    time_id_prefixed_text_is_a_typed_ids_text: EventId, "time_id";
    uid11_prefixed_text_is_a_typed_ids_text: FileId, "uid11";
    uid11_xid_prefixed_text_is_a_typed_ids_text: OrderId, "uid11_xid";
    snowish_prefixed_text_is_a_typed_ids_text: JobId, "snowish";
    ts_seq_rand_prefixed_text_is_a_typed_ids_text: MsgId, "ts_seq_rand";
    fullrand_prefixed_text_is_a_typed_ids_text: TokenId, "fullrand";
    snowflake_prefixed_text_is_a_typed_ids_text: ChatId, "snowflake";
    tbsl_prefixed_text_is_a_typed_ids_text: TxnId, "tbsl";
    ulid_prefixed_text_is_a_typed_ids_text: PaymentId, "ulid";
    ksuid_prefixed_text_is_a_typed_ids_text: TraceId, "ksuid";
    sonyflake_prefixed_text_is_a_typed_ids_text: BatchId, "sonyflake";
    rs_xid_prefixed_text_is_a_typed_ids_text: RequestId, "rs_xid";
    object_id_prefixed_text_is_a_typed_ids_text: idtypes_tests::typed::MongoOrderId, "object_id";
}

/// The UUIDs of the tests: a typed UUID's samples (the ends, the top bits, v4 and v7).
fn uuids() -> Vec<Uuid> {
    values::<AccountId>()
        .into_iter()
        .map(AccountId::into_inner)
        .collect()
}

#[tokio::test]
async fn uuid_text_is_the_hyphenated_form_and_back() {
    let file = File::new().await;
    let uuids = uuids();
    file.fill("t", &uuids).await;
    let sql = "SELECT uuid_text(id), uuid_from_text(upper(uuid_text(id))) IS id, \
               uuid_prefixed_text(id, 'u:'), uuid_from_prefixed_text('u:' || uuid_text(id), 'u:') IS id \
               FROM t ORDER BY n";
    let read = rows(&file.db, sql, [], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, bool>(1)?,
            row.get::<_, String>(2)?,
            row.get::<_, bool>(3)?,
        ))
    });
    assert_eq!(read.len(), uuids.len());
    for (uuid, (text, back, prefixed, prefixed_back)) in uuids.iter().zip(read) {
        assert_eq!(text, uuid.hyphenated().to_string());
        assert!(back, "uuid_from_text of {uuid} in uppercase");
        assert_eq!(prefixed, format!("u:{uuid}"));
        assert!(prefixed_back, "uuid_from_prefixed_text of {uuid}");
    }
}

#[tokio::test]
async fn uuid_typeid_text_is_a_typed_uuids_and_a_dyn_type_ids_text() {
    let file = File::new().await;
    let accounts: Vec<AccountId> = uuids().into_iter().map(AccountId::from).collect();
    file.fill("t", &accounts).await;
    let sql = "SELECT uuid_typeid_text(id, 'acct'), uuid_typeid_text(id, 'my_type'), \
               uuid_typeid_text(id, '') FROM t ORDER BY n";
    let read = rows(&file.db, sql, [], |row| {
        Ok((
            row.get::<_, String>(0)?,
            row.get::<_, String>(1)?,
            row.get::<_, String>(2)?,
        ))
    });
    assert_eq!(read.len(), accounts.len());
    for (id, (typed, other, bare)) in accounts.iter().zip(read) {
        assert_eq!(typed, id.to_string());
        let uuid = id.into_inner();
        assert_eq!(other, DynTypeId::new("my_type", uuid).unwrap().to_string());
        assert_eq!(bare, DynTypeId::new("", uuid).unwrap().to_string());
        assert!(!bare.contains('_'), "{bare}: no prefix, no separator");
    }
    let find = "SELECT n, id FROM t WHERE id = uuid_from_typeid(?1, ?2)";
    for (n, id) in accounts.iter().enumerate() {
        for (text, prefix) in [
            (id.to_string(), "acct"),
            (DynTypeId::new("", id.into_inner()).unwrap().to_string(), ""),
        ] {
            let found: Vec<(i64, AccountId)> = rows(&file.db, find, [&text, prefix], |row| {
                Ok((row.get(0)?, row.get(1)?))
            });
            assert_eq!(found, [(n as i64, *id)], "{find} with {text}");
        }
    }
}

/// The format's name, as its errors give it.
fn name<T: IdFormat>() -> &'static str {
    T::NAME
}

/// The error `sql` raises: `SQLITE_ERROR`, its message.
fn error_of(db: &Connection, sql: &str) -> String {
    let err = db
        .query_row(sql, [], |row| row.get::<_, rusqlite::types::Value>(0))
        .map(|value| panic!("{sql} gave {value:?}, not an error"))
        .unwrap_err();
    assert_eq!(
        err.sqlite_error_code(),
        Some(ErrorCode::Unknown),
        "{sql}: {err:?}"
    );
    err.to_string()
}

#[test]
fn a_value_of_another_storage_class_is_an_error_naming_the_function_and_both_classes() {
    let db = Connection::open_in_memory().unwrap();
    idtypes::sql::sqlite::register_functions(&db).unwrap();
    for (sql, function, expected, found) in [
        (
            "SELECT tid_text('3jzfcijpj2z2a')",
            "tid_text",
            "an INTEGER value",
            "a TEXT value",
        ),
        (
            "SELECT time_id_text(x'00')",
            "time_id_text",
            "an INTEGER value",
            "a BLOB value",
        ),
        (
            "SELECT snowflake_text(1.5)",
            "snowflake_text",
            "an INTEGER value",
            "a REAL value",
        ),
        (
            "SELECT tbsl_text(1)",
            "tbsl_text",
            "a BLOB value",
            "an INTEGER value",
        ),
        (
            "SELECT ulid_text('01ARZ3NDEKTSV4RRFFQ69G5FAV')",
            "ulid_text",
            "a BLOB value",
            "a TEXT value",
        ),
        (
            "SELECT uuid_text(1)",
            "uuid_text",
            "a BLOB value",
            "an INTEGER value",
        ),
        (
            "SELECT uuid_typeid_text(1, 'acct')",
            "uuid_typeid_text",
            "a BLOB value",
            "an INTEGER value",
        ),
        (
            "SELECT tid_from_text(1728652679052295174)",
            "tid_from_text",
            "a TEXT value",
            "an INTEGER value",
        ),
        (
            "SELECT ksuid_from_text(x'00')",
            "ksuid_from_text",
            "a TEXT value",
            "a BLOB value",
        ),
        (
            "SELECT tid_prefixed_text(1, 2)",
            "tid_prefixed_text",
            "a TEXT value",
            "an INTEGER value",
        ),
        (
            "SELECT tid_from_prefixed_text('post_3jzfcijpj2z2a', x'00')",
            "tid_from_prefixed_text",
            "a TEXT value",
            "a BLOB value",
        ),
        (
            "SELECT uuid_from_typeid(x'00', 'acct')",
            "uuid_from_typeid",
            "a TEXT value",
            "a BLOB value",
        ),
    ] {
        let message = error_of(&db, sql);
        assert!(
            message.starts_with(&format!("{function}: ")),
            "{sql}: {message}"
        );
        assert!(message.contains(expected), "{sql}: {message}");
        assert!(
            message.contains(&format!("found {found}")),
            "{sql}: {message}"
        );
    }
}

#[test]
fn a_value_the_format_refuses_is_an_error_naming_the_function_and_the_format() {
    let db = Connection::open_in_memory().unwrap();
    idtypes::sql::sqlite::register_functions(&db).unwrap();
    let not_utf8 = "CAST(x'33ff' AS TEXT)";
    for (sql, function, format, detail) in [
        // A BLOB of another length than the format's.
        (
            "SELECT tbsl_text(x'00')".to_owned(),
            "tbsl_text",
            name::<Tbsl>(),
            "10 bytes",
        ),
        (
            "SELECT ulid_text(zeroblob(15))".to_owned(),
            "ulid_text",
            name::<Ulid>(),
            "16 bytes",
        ),
        (
            "SELECT ksuid_text(zeroblob(21))".to_owned(),
            "ksuid_text",
            name::<Ksuid>(),
            "20 bytes",
        ),
        (
            "SELECT rs_xid_text(zeroblob(0))".to_owned(),
            "rs_xid_text",
            name::<RsXid>(),
            "12 bytes",
        ),
        (
            "SELECT uuid_text(zeroblob(17))".to_owned(),
            "uuid_text",
            "UUID",
            "16 bytes",
        ),
        (
            "SELECT uuid_typeid_text(zeroblob(8), '')".to_owned(),
            "uuid_typeid_text",
            "UUID",
            "16 bytes",
        ),
        // An integer the format's column does not hold: a negative TID, a snowish id with its
        // reserved bit.
        (
            "SELECT tid_text(-1)".to_owned(),
            "tid_text",
            name::<Tid>(),
            "-1",
        ),
        (
            "SELECT snowish_text(-1)".to_owned(),
            "snowish_text",
            name::<Snowish>(),
            "-1",
        ),
        // Text that is no id, in each format.
        (
            "SELECT tid_from_text('3jzfcijpj2z21')".to_owned(),
            "tid_from_text",
            name::<Tid>(),
            "'1'",
        ),
        (
            "SELECT time_id_from_text('3kxn-lhr3gxq-23')".to_owned(),
            "time_id_from_text",
            name::<TimeId>(),
            "",
        ),
        (
            "SELECT uid11_from_text('0')".to_owned(),
            "uid11_from_text",
            name::<Uid11>(),
            "",
        ),
        (
            "SELECT uid11_xid_from_text('0')".to_owned(),
            "uid11_xid_from_text",
            name::<Uid11Xid>(),
            "",
        ),
        (
            "SELECT xid_from_text('0')".to_owned(),
            "xid_from_text",
            name::<Uid11Xid>(),
            "",
        ),
        (
            "SELECT snowish_from_text('0')".to_owned(),
            "snowish_from_text",
            name::<Snowish>(),
            "",
        ),
        (
            "SELECT ts_seq_rand_from_text('0')".to_owned(),
            "ts_seq_rand_from_text",
            name::<TsSeqRand>(),
            "",
        ),
        (
            "SELECT fullrand_from_text('0')".to_owned(),
            "fullrand_from_text",
            name::<FullRand>(),
            "",
        ),
        (
            "SELECT snowflake_from_text('-1')".to_owned(),
            "snowflake_from_text",
            name::<Snowflake>(),
            "",
        ),
        (
            "SELECT sonyflake_from_text('01')".to_owned(),
            "sonyflake_from_text",
            name::<Sonyflake>(),
            "",
        ),
        (
            "SELECT tbsl_from_text('0000000000000000000a')".to_owned(),
            "tbsl_from_text",
            name::<Tbsl>(),
            "'a'",
        ),
        (
            "SELECT ulid_from_text('8ZZZZZZZZZZZZZZZZZZZZZZZZZ')".to_owned(),
            "ulid_from_text",
            name::<Ulid>(),
            "",
        ),
        (
            "SELECT ksuid_from_text('0ujtsYcgvSTl8PAuAdqWYSMnLO!')".to_owned(),
            "ksuid_from_text",
            name::<Ksuid>(),
            "",
        ),
        (
            "SELECT rs_xid_from_text('9M4E2MR0UI3E8A215N4G')".to_owned(),
            "rs_xid_from_text",
            name::<RsXid>(),
            "",
        ),
        (
            "SELECT uuid_from_text('01890a5dac96774bbcceb302099a8057')".to_owned(),
            "uuid_from_text",
            "UUID",
            "",
        ),
        (
            format!("SELECT tid_from_text({not_utf8})"),
            "tid_from_text",
            name::<Tid>(),
            "",
        ),
        // A TID with its top bit set, which a signed INTEGER does not hold.
        (
            "SELECT tid_from_text('jzzzzzzzzzzzz')".to_owned(),
            "tid_from_text",
            name::<Tid>(),
            "2^63",
        ),
        // After the prefix.
        (
            "SELECT tid_from_prefixed_text('post_3jzf', 'post_')".to_owned(),
            "tid_from_prefixed_text",
            name::<Tid>(),
            "'post_'",
        ),
        (
            "SELECT uuid_from_typeid('acct_01H455VB4PEX5VSKNK084SN02Q', 'acct')".to_owned(),
            "uuid_from_typeid",
            "TypeID",
            "",
        ),
        (
            "SELECT uuid_typeid_text(zeroblob(16), 'Acct')".to_owned(),
            "uuid_typeid_text",
            "TypeID prefix",
            "",
        ),
        (
            "SELECT uuid_from_typeid('acct_01h455vb4pex5vsknk084sn02q', 'acct_')".to_owned(),
            "uuid_from_typeid",
            "TypeID prefix",
            "",
        ),
    ] {
        let message = error_of(&db, &sql);
        assert!(
            message.starts_with(&format!("{function}: ")),
            "{sql}: {message}"
        );
        assert!(message.contains(format), "{sql}: {message}");
        assert!(message.contains(detail), "{sql}: {message}");
    }
}

#[test]
fn a_text_without_the_prefix_is_an_error_naming_both() {
    let db = Connection::open_in_memory().unwrap();
    idtypes::sql::sqlite::register_functions(&db).unwrap();
    for (sql, function, expected, found) in [
        (
            "SELECT tid_from_prefixed_text('comment_3jzfcijpj2z2a', 'post_')",
            "tid_from_prefixed_text",
            "'post_'",
            "'comment_3jzfcijpj2z2a'",
        ),
        (
            "SELECT ulid_from_prefixed_text('01ARZ3NDEKTSV4RRFFQ69G5FAV', 'pay_')",
            "ulid_from_prefixed_text",
            "'pay_'",
            "'01ARZ3NDEKTSV4RRFFQ69G5FAV'",
        ),
        (
            "SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'acct')",
            "uuid_from_typeid",
            "'acct'",
            "'user'",
        ),
        (
            "SELECT uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', '')",
            "uuid_from_typeid",
            "''",
            "'user'",
        ),
    ] {
        let message = error_of(&db, sql);
        assert!(
            message.starts_with(&format!("{function}: ")),
            "{sql}: {message}"
        );
        assert!(message.contains(expected), "{sql}: {message}");
        assert!(message.contains(found), "{sql}: {message}");
    }
    // A long text is cut in the message.
    let long = format!(
        "SELECT tid_from_prefixed_text('{}', 'post_')",
        "x".repeat(10_000)
    );
    assert!(error_of(&db, &long).len() < 200);
}

/// The names of the functions registered on `db` beyond those of a new connection (SQLite's
/// own, and those its extensions compiled in register, FTS5's say), sorted.
fn function_names(db: &Connection) -> Vec<String> {
    let sql = "SELECT DISTINCT name FROM pragma_function_list ORDER BY name";
    let fresh: Vec<String> = rows(&Connection::open_in_memory().unwrap(), sql, [], |row| {
        row.get(0)
    });
    rows(db, sql, [], |row| row.get::<_, String>(0))
        .into_iter()
        .filter(|name| !fresh.contains(name))
        .collect()
}

/// The public functions the MySQL/MariaDB script creates (its helpers are `idtypes_*`): the
/// set every database has, read from the script so that SQLite's cannot drift from it.
fn functions_of_the_other_databases() -> Vec<String> {
    let mut names: Vec<String> = idtypes::sql::MYSQL
        .split("CREATE FUNCTION ")
        .skip(1)
        .filter_map(|rest| rest.split('(').next())
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.starts_with("idtypes_"))
        .collect();
    names.sort();
    names.dedup();
    names
}

#[test]
fn the_functions_are_those_of_the_other_databases() {
    let db = Connection::open_in_memory().unwrap();
    idtypes::sql::sqlite::register_functions(&db).unwrap();
    let mut expected = functions_of_the_other_databases();
    assert_eq!(expected.len(), STEMS.len() * 4 + 4, "{expected:?}");
    expected.sort();
    assert_eq!(function_names(&db), expected);
    // Deterministic and innocuous, so that indexes, generated columns and schemas may use them.
    let flags: Vec<(String, i64)> = rows(
        &db,
        "SELECT name, flags FROM pragma_function_list",
        [],
        |row| Ok((row.get(0)?, row.get(1)?)),
    );
    const DETERMINISTIC: i64 = 0x800;
    const INNOCUOUS: i64 = 0x20_0000;
    for (name, flags) in flags
        .into_iter()
        .filter(|(name, _)| expected.contains(name))
    {
        assert_eq!(flags & DETERMINISTIC, DETERMINISTIC, "{name}");
        assert_eq!(flags & INNOCUOUS, INNOCUOUS, "{name}");
    }
}

/// The functions' stems, as the other databases' scripts name them.
const STEMS: [&str; 15] = [
    "tid",
    "time_id",
    "uid11",
    "uid11_xid",
    "snowish",
    "ts_seq_rand",
    "fullrand",
    "snowflake",
    "tbsl",
    "ulid",
    "ksuid",
    "sonyflake",
    "rs_xid",
    "object_id",
    "uuid",
];

#[test]
fn null_in_any_argument_gives_null() {
    let db = Connection::open_in_memory().unwrap();
    idtypes::sql::sqlite::register_functions(&db).unwrap();
    for stem in STEMS {
        // NULL wins over an argument the function would refuse.
        for call in [
            format!("{stem}_text(NULL)"),
            format!("{stem}_from_text(NULL)"),
            format!("{stem}_prefixed_text(NULL, 'p_')"),
            format!("{stem}_prefixed_text(1.5, NULL)"),
            format!("{stem}_from_prefixed_text(NULL, 'p_')"),
            format!("{stem}_from_prefixed_text(x'00', NULL)"),
        ] {
            let sql = format!("SELECT {call} IS NULL");
            let null: bool = db.query_row(&sql, [], |row| row.get(0)).unwrap();
            assert!(null, "{sql}");
        }
    }
    for call in [
        "xid_text(NULL)",
        "xid_from_text(NULL)",
        "uuid_typeid_text(NULL, 'acct')",
        "uuid_typeid_text(1, NULL)",
        "uuid_from_typeid(NULL, 'acct')",
        "uuid_from_typeid('x', NULL)",
    ] {
        let sql = format!("SELECT {call} IS NULL");
        let null: bool = db.query_row(&sql, [], |row| row.get(0)).unwrap();
        assert!(null, "{sql}");
    }
}

/// The plan SQLite chooses for `sql`, its lines joined.
fn plan(db: &Connection, sql: &str, args: impl rusqlite::Params) -> String {
    rows(db, &format!("EXPLAIN QUERY PLAN {sql}"), args, |row| {
        row.get::<_, String>(3)
    })
    .join("; ")
}

#[tokio::test]
async fn an_expression_index_on_the_text_serves_a_query_by_text() {
    let file = File::new().await;
    let posts: Vec<Tid> = values();
    file.fill("posts", &posts).await;
    file.db
        .execute_batch("CREATE INDEX posts_by_text ON posts (tid_prefixed_text(id, 'post_'))")
        .unwrap();
    let sql = "SELECT n FROM posts WHERE tid_prefixed_text(id, 'post_') = ?1";
    let text = PostId::from(posts[3]).to_string();
    assert!(
        plan(&file.db, sql, [&text]).contains("USING INDEX posts_by_text"),
        "{}",
        plan(&file.db, sql, [&text])
    );
    let found: Vec<i64> = rows(&file.db, sql, [&text], |row| row.get(0));
    assert_eq!(found, [3]);

    // A generated column of the text, indexed, and a TypeID index on UUIDs.
    file.db
        .execute_batch(
            "CREATE TABLE events (id INTEGER PRIMARY KEY, \
                 text TEXT GENERATED ALWAYS AS (time_id_text(id)) VIRTUAL); \
             CREATE INDEX events_by_text ON events (text); \
             CREATE TABLE accounts (id BLOB PRIMARY KEY); \
             CREATE INDEX accounts_by_typeid ON accounts (uuid_typeid_text(id, 'acct'));",
        )
        .unwrap();
    let events: Vec<TimeId> = values();
    for id in &events {
        file.db
            .execute("INSERT INTO events (id) VALUES (?1)", [id])
            .unwrap();
    }
    let sql = "SELECT id FROM events WHERE text = ?1";
    let text = events[5].to_string();
    assert!(plan(&file.db, sql, [&text]).contains("events_by_text"));
    let found: Vec<TimeId> = rows(&file.db, sql, [&text], |row| row.get(0));
    assert_eq!(found, [events[5]]);
    let accounts: Vec<AccountId> = uuids().into_iter().map(AccountId::from).collect();
    for id in &accounts {
        file.db
            .execute("INSERT INTO accounts (id) VALUES (?1)", [id])
            .unwrap();
    }
    let sql = "SELECT id FROM accounts WHERE uuid_typeid_text(id, 'acct') = ?1";
    let text = accounts[2].to_string();
    assert!(plan(&file.db, sql, [&text]).contains("accounts_by_typeid"));
    let found: Vec<AccountId> = rows(&file.db, sql, [&text], |row| row.get(0));
    assert_eq!(found, [accounts[2]]);
}

/// The extension's library, built from `idtypes-sqlite/` into the workspace's target
/// directory (`<target>/idtypes-sqlite/`, a workspace of its own) once per test process.
///
/// # Panics
///
/// When the build fails (its output in the message).
fn extension() -> &'static Path {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    BUILT.get_or_init(|| {
        let repository = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let target = Path::new(env!("CARGO_TARGET_TMPDIR"))
            .parent()
            .unwrap()
            .join("idtypes-sqlite");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let start = Instant::now();
        // `--locked`: the committed Cargo.lock, so the build needs no registry index (the
        // crates are the main workspace's, and prettyplease 0.2, which libsqlite3-sys's
        // `loadable_extension` builds with).
        let output = Command::new(cargo)
            .args(["build", "--locked", "--manifest-path"])
            .arg(repository.join("idtypes-sqlite/Cargo.toml"))
            .arg("--target-dir")
            .arg(&target)
            // One job: the build runs while the rest of the suite does, whose timing tests
            // (leases' terms) need their share of the machine.
            .args(["--jobs", "1"])
            .output()
            .unwrap();
        assert!(
            output.status.success(),
            "building the extension failed (after a change to idtypes' dependencies, update \
             idtypes-sqlite/Cargo.lock: cargo update --manifest-path idtypes-sqlite/Cargo.toml \
             --workspace):\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        eprintln!(
            "built the extension in {:.1} s",
            start.elapsed().as_secs_f64()
        );
        let name = format!(
            "{}idtypes_sqlite{}",
            std::env::consts::DLL_PREFIX,
            std::env::consts::DLL_SUFFIX
        );
        target.join("debug").join(name)
    })
}

/// A connection without the functions, which loads the extension (`entry_point`: the one
/// SQLite derives from the file name when `None`).
fn loaded(path: &Path, entry_point: Option<&str>) -> rusqlite::Result<Connection> {
    let db = Connection::open_in_memory()?;
    // SAFETY: the library is the extension built from this repository, whose entry points
    // only register functions.
    unsafe {
        db.load_extension_enable()?;
        let loaded = db.load_extension(path, entry_point);
        db.load_extension_disable()?;
        loaded?;
    }
    Ok(db)
}

#[test]
fn the_extension_loads_into_rusqlite() {
    let path = extension();
    for entry_point in [None, Some("sqlite3_idtypes_init")] {
        let db = loaded(path, entry_point).unwrap();
        let text: String = db
            .query_row(
                "SELECT tid_text(tid_from_text('3jzfcijpj2z2a'))",
                [],
                |row| row.get(0),
            )
            .unwrap();
        assert_eq!(text, "3jzfcijpj2z2a");
        let expected = {
            let db = Connection::open_in_memory().unwrap();
            idtypes::sql::sqlite::register_functions(&db).unwrap();
            function_names(&db)
        };
        assert_eq!(function_names(&db), expected, "{entry_point:?}");
        let message = error_of(&db, "SELECT ksuid_from_text('0')");
        assert!(message.starts_with("ksuid_from_text: "), "{message}");
        assert!(message.contains(name::<Ksuid>()), "{message}");
    }
}

/// The `sqlite3` shell, or `None` (and why, printed) when it is not installed; with
/// `IDTYPES_REQUIRE_DATABASES=1` a missing shell fails the test instead.
///
/// # Panics
///
/// When the shell is missing and `IDTYPES_REQUIRE_DATABASES=1`.
fn sqlite3_shell() -> Option<&'static str> {
    match Command::new("sqlite3").arg("-version").output() {
        Ok(output) if output.status.success() => Some("sqlite3"),
        found => {
            let required = std::env::var("IDTYPES_REQUIRE_DATABASES").is_ok_and(|v| v == "1");
            assert!(
                !required,
                "the sqlite3 shell is missing ({found:?}), and IDTYPES_REQUIRE_DATABASES=1 \
                 requires its tests (apt-get install sqlite3)"
            );
            eprintln!("skipping: the sqlite3 shell is not installed ({found:?})");
            None
        }
    }
}

/// Runs the shell on `database` with `.load` of the extension (the path without its suffix,
/// as users write it) and then `sql`.
fn shell(sqlite3: &str, database: &Path, load: &str, sql: &str) -> Output {
    Command::new(sqlite3)
        .arg("-bail")
        .arg(database)
        .arg(load)
        .arg(sql)
        .output()
        .unwrap()
}

/// The shell's `.load` of the extension, by its path without the suffix.
fn load_command(entry_point: &str) -> String {
    let path = extension();
    let without_suffix = path.with_extension("");
    format!(".load {} {entry_point}", without_suffix.display())
        .trim_end()
        .to_owned()
}

#[tokio::test]
async fn the_extension_reads_in_the_sqlite3_shell_what_rust_wrote() {
    let Some(sqlite3) = sqlite3_shell() else {
        return;
    };
    let memory = Path::new(":memory:");
    let output = shell(
        sqlite3,
        memory,
        &load_command(""),
        "SELECT tid_text(1728652679052295174), tid_from_text('3jzfcijpj2z2a');",
    );
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "3jzfcijpj2z2a|1728652679052295174\n"
    );
    let output = shell(
        sqlite3,
        memory,
        &load_command("sqlite3_idtypes_init"),
        "SELECT uuid_typeid_text(uuid_from_text('01890a5d-ac96-774b-bcce-b302099a8057'), 'user');",
    );
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        "user_01h455vb4pex5vsknk084sn02q\n"
    );
    // An error: the shell prints the message and fails.
    let output = shell(
        sqlite3,
        memory,
        &load_command(""),
        "SELECT tid_from_text('3jzf');",
    );
    assert!(!output.status.success(), "{output:?}");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("tid_from_text: "), "{stderr}");
    assert!(stderr.contains(name::<Tid>()), "{stderr}");

    // A file written by rusqlite and sqlx, read in the shell: every row's text and the row a
    // text finds.
    let file = File::new().await;
    let posts: Vec<PostId> = values::<Tid>().into_iter().map(PostId::from).collect();
    let payments: Vec<PaymentId> = values::<Ulid>().into_iter().map(PaymentId::from).collect();
    let accounts: Vec<AccountId> = uuids().into_iter().map(AccountId::from).collect();
    file.fill("posts", &posts).await;
    file.fill("payments", &payments).await;
    file.fill("accounts", &accounts).await;
    let expected: String = posts
        .iter()
        .map(|id| format!("posts|{id}\n"))
        .chain(payments.iter().map(|id| format!("payments|{id}\n")))
        .chain(accounts.iter().map(|id| format!("accounts|{id}\n")))
        .collect();
    let sql = "SELECT 'posts', tid_prefixed_text(id, 'post_') FROM (SELECT * FROM posts ORDER BY n); \
               SELECT 'payments', ulid_prefixed_text(id, 'pay_') FROM (SELECT * FROM payments ORDER BY n); \
               SELECT 'accounts', uuid_typeid_text(id, 'acct') FROM (SELECT * FROM accounts ORDER BY n);";
    let output = shell(sqlite3, &file.path, &load_command(""), sql);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(String::from_utf8_lossy(&output.stdout), expected);
    let wanted = &posts[posts.len() / 2];
    let sql =
        format!("SELECT n FROM posts WHERE id = tid_from_prefixed_text('{wanted}', 'post_');");
    let output = shell(sqlite3, &file.path, &load_command(""), &sql);
    assert!(output.status.success(), "{output:?}");
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        format!("{}\n", posts.len() / 2)
    );
}
