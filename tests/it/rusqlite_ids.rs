//! The rusqlite integration (`ToSql`/`FromSql`) on an in-memory SQLite database: every id
//! type, `AsText`, `AsBytes` and typed ids round trip, sort like `Ord`, take NULL through
//! `Option`, and are refused from a value of the wrong kind or content with an error naming
//! the type. Sharing a file with sqlx is `rusqlite_sqlx`.

use std::fmt::Debug;

use idtypes::Ksuid;
use idtypes::{
    AsBytes, AsText, FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand,
    TypedId, Uid11, Uid11Xid, Ulid,
};
use idtypes_tests::typed::TraceId;
use idtypes_tests::typed::{
    EventId, FileId, JobId, MsgId, NoteKey, OrderId, PaymentId, PostId, TokenId, TxnId,
};
use rusqlite::types::{FromSql, ToSql};
use rusqlite::{Connection, params};

use crate::common::sqlx_cases::{Rng, Sample, Storage, samples};
use crate::common::typed_uuid::{
    self, AccountId, NOT_V7, SessionId, TrustedSessionId, v7_ids, v7_millis,
};
use crate::sqlx_derive::{RecentPostId, TagKey, TrustedPostId};

/// A value rusqlite stores.
pub trait Column: Clone + Ord + Debug + ToSql + FromSql {}

impl<T: Clone + Ord + Debug + ToSql + FromSql> Column for T {}

/// SQLite's storage class of each kind of column, as `typeof` names it.
pub fn storage_class(storage: Storage) -> &'static str {
    match storage {
        Storage::Integer => "integer",
        Storage::Bytes8
        | Storage::Bytes10
        | Storage::Bytes16
        | Storage::Bytes12
        | Storage::Uuid => "blob",
        Storage::Text | Storage::PrefixedText => "text",
        Storage::Bytes20 => "blob",
    }
}

/// The declared column of each kind.
pub fn column(storage: Storage) -> &'static str {
    match storage {
        Storage::Integer => "INTEGER",
        Storage::Bytes8
        | Storage::Bytes10
        | Storage::Bytes16
        | Storage::Bytes12
        | Storage::Uuid => "BLOB",
        Storage::Text | Storage::PrefixedText => "TEXT",
        Storage::Bytes20 => "BLOB",
    }
}

/// Creates `t (n INTEGER, id <column>)` and inserts `values`, `n` numbering them from 0.
pub fn fill<V: Column>(db: &Connection, table: &str, values: &[V], storage: Storage) {
    db.execute_batch(&format!(
        "CREATE TABLE {table} (n INTEGER, id {})",
        column(storage)
    ))
    .unwrap();
    let sql = format!("INSERT INTO {table} (n, id) VALUES (?1, ?2)");
    for (n, value) in values.iter().enumerate() {
        db.execute(&sql, params![n as i64, value])
            .unwrap_or_else(|err| panic!("insert {value:?}: {err}"));
    }
}

/// The column `id` of `sql`'s rows.
pub fn select<V: FromSql>(db: &Connection, sql: &str, args: impl rusqlite::Params) -> Vec<V> {
    let mut statement = db.prepare(sql).unwrap();
    statement
        .query_map(args, |row| row.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|err| panic!("{sql}: {err}"))
}

/// Writes `values` and reads them back in order, by `ORDER BY id` (which must be `Ord`), as
/// the storage class the integration documents, and with NULLs through `Option`.
fn round_trip<V: Column>(values: Vec<V>, storage: Storage) {
    assert!(values.len() >= 2, "a round trip with too few values");
    let db = Connection::open_in_memory().unwrap();
    fill(&db, "t", &values, storage);
    assert_eq!(select::<V>(&db, "SELECT id FROM t ORDER BY n", []), values);
    let mut sorted = values.clone();
    sorted.sort();
    assert_eq!(
        select::<V>(&db, "SELECT id FROM t ORDER BY id, n", []),
        sorted,
        "ORDER BY id"
    );
    let classes: Vec<String> = select(&db, "SELECT DISTINCT typeof(id) FROM t", []);
    assert_eq!(classes, [storage_class(storage)]);

    // `BETWEEN` two stored values finds what `Ord` puts between them.
    let (low, high) = (&sorted[1], &sorted[sorted.len() - 2]);
    let expected: Vec<V> = sorted
        .iter()
        .filter(|v| *v >= low && *v <= high)
        .cloned()
        .collect();
    let got: Vec<V> = select(
        &db,
        "SELECT id FROM t WHERE id BETWEEN ?1 AND ?2 ORDER BY id, n",
        params![low, high],
    );
    assert_eq!(got, expected, "BETWEEN {low:?} AND {high:?}");

    // NULL: `None` through `Option`, rusqlite's `InvalidColumnType` otherwise.
    let with_null = vec![None, Some(values[0].clone()), None];
    fill(&db, "u", &with_null, storage);
    assert_eq!(
        select::<Option<V>>(&db, "SELECT id FROM u ORDER BY n", []),
        with_null
    );
    let err = db
        .query_row("SELECT id FROM u WHERE n = 0", [], |row| row.get::<_, V>(0))
        .unwrap_err();
    assert!(
        matches!(
            err,
            rusqlite::Error::InvalidColumnType(0, _, rusqlite::types::Type::Null)
        ),
        "{err:?}"
    );
}

/// `MIN`, `MAX`, the tricky values and random ones.
fn all<T: Sample>() -> Vec<T> {
    samples::<T>(&mut Rng::new(), 8)
}

fn all_as_bytes<T: Sample + Copy>() -> Vec<AsBytes<T>> {
    all::<T>().into_iter().map(AsBytes).collect()
}

fn all_as_text<T: Sample + Copy>() -> Vec<AsText<T>> {
    all::<T>().into_iter().map(AsText).collect()
}

/// The samples of the inner format, typed as `T` where its checks accept them.
fn typed<T: TypedId>() -> Vec<T>
where
    T::Inner: Sample,
{
    all::<T::Inner>()
        .into_iter()
        .filter_map(|id| T::try_from_inner(id).ok())
        .collect()
}

/// The round trip of each type: `$name: $ty = $values, $storage;`.
macro_rules! round_trips {
    ($($name:ident: $ty:ty = $values:expr, $storage:expr;)*) => {
        mod rusqlite_round_trip {
            use super::*;
            $(
                #[test]
                fn $name() {
                    round_trip::<$ty>($values, $storage);
                }
            )*
        }
    };
}

round_trips! {
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
    text_xid: AsText<Uid11Xid> = all_as_text(), Storage::Text;
    text_tbsl: AsText<Tbsl> = all_as_text(), Storage::Text;
    bytes_tid: AsBytes<Tid> = all_as_bytes(), Storage::Bytes8;
    bytes_full_rand: AsBytes<FullRand> = all_as_bytes(), Storage::Bytes8;
    bytes_tbsl: AsBytes<Tbsl> = all_as_bytes(), Storage::Bytes10;
    bytes_ulid: AsBytes<Ulid> = all_as_bytes(), Storage::Bytes16;
    bytes_post: AsBytes<PostId> = typed().into_iter().map(AsBytes).collect(), Storage::Bytes8;
    typed_post: PostId = typed(), Storage::Integer;
    typed_event: EventId = typed(), Storage::Integer;
    typed_file: FileId = typed(), Storage::Integer;
    typed_order: OrderId = typed(), Storage::Integer;
    typed_job: JobId = typed(), Storage::Integer;
    typed_msg: MsgId = typed(), Storage::Integer;
    typed_token: TokenId = typed(), Storage::Integer;
    typed_txn: TxnId = typed(), Storage::Bytes10;
    typed_payment: PaymentId = typed(), Storage::Uuid;
    typed_note: NoteKey = typed(), Storage::Text;
    checked_post: RecentPostId = typed(), Storage::Integer;
    checked_tag: TagKey = typed(), Storage::Text;
    text_typed_post: AsText<PostId> = typed().into_iter().map(AsText).collect(),
        Storage::PrefixedText;
    text_typed_note: AsText<NoteKey> = typed().into_iter().map(AsText).collect(),
        Storage::PrefixedText;
    typed_uuid: AccountId = all(), Storage::Uuid;
    checked_typed_uuid: SessionId = v7_ids(&mut Rng::new())
        .into_iter()
        .map(|id| SessionId::try_from_inner(id.into_inner()).unwrap())
        .collect(), Storage::Uuid;
    text_typed_uuid: AsText<AccountId> = all_as_text(), Storage::PrefixedText;
    bytes_typed_uuid: AsBytes<AccountId> = all_as_bytes(), Storage::Bytes16;
    ksuid: Ksuid = all(), Storage::Bytes20;
    text_ksuid: AsText<Ksuid> = all_as_text(), Storage::Text;
    bytes_ksuid: AsBytes<Ksuid> = all_as_bytes(), Storage::Bytes20;
    typed_trace: TraceId = typed(), Storage::Bytes20;
    sonyflake: idtypes::Sonyflake = all(), Storage::Integer;
    typed_batch: idtypes_tests::typed::BatchId = typed(), Storage::Integer;
    rs_xid: idtypes::RsXid = all(), Storage::Bytes12;
    text_rs_xid: AsText<idtypes::RsXid> = all_as_text(), Storage::Text;
    bytes_rs_xid: AsBytes<idtypes::RsXid> = all_as_bytes(), Storage::Bytes12;
    typed_request: idtypes_tests::typed::RequestId = typed(), Storage::Bytes12;
    object_id: idtypes::ObjectId = all(), Storage::Bytes12;
    typed_mongo_order: idtypes_tests::typed::MongoOrderId = typed(), Storage::Bytes12;
    nanoid: idtypes::NanoId = all(), Storage::Text;
    nanoid_lowercase16: idtypes::NanoId<idtypes::nanoid::Lowercase, 16> = all(), Storage::Text;
    typed_invite: idtypes_tests::typed::InviteId = typed(), Storage::Text;
    cuid2: idtypes::Cuid2 = all(), Storage::Text;
    typed_user: idtypes_tests::typed::UserId = typed(), Storage::Text;
}

/// The error reading `expr` as `V`, as rusqlite shows it.
fn error<V: FromSql + Debug>(db: &Connection, expr: &str) -> String {
    match db.query_row(&format!("SELECT {expr}"), [], |row| row.get::<_, V>(0)) {
        Ok(value) => panic!("{expr} read as {value:?}"),
        Err(err) => err.to_string(),
    }
}

#[test]
fn a_value_of_the_wrong_kind_is_an_error_naming_the_type() {
    let db = Connection::open_in_memory().unwrap();
    let wrong = "in a column of the wrong type: expected";
    for (err, expected) in [
        (error::<Tid>(&db, "'3jzfcijpj2z2a'"), "atproto TID"),
        (error::<PostId>(&db, "x'0102030405060708'"), "atproto TID"),
        (error::<TimeId>(&db, "1.5"), "TimeId"),
        (error::<Tbsl>(&db, "1"), "TBSL"),
        (error::<AsBytes<Tid>>(&db, "1"), "atproto TID"),
        (error::<AsBytes<PostId>>(&db, "'x'"), "PostId"),
        (error::<RecordKey>(&db, "x'00'"), "atproto record key"),
        (error::<AsText<Uid11Xid>>(&db, "1"), "uid11 xid"),
        (error::<AsText<PostId>>(&db, "x'00'"), "PostId"),
        (
            error::<idtypes::RsXid>(&db, "'9m4e2mr0ui3e8a215n4g'"),
            "rs/xid XID",
        ),
    ] {
        assert!(err.contains(&format!("{expected} {wrong}")), "{err}");
    }
    assert!(
        error::<Tid>(&db, "'3jzfcijpj2z2a'")
            .ends_with("expected an INTEGER value, found a TEXT value"),
    );
    assert!(error::<Tbsl>(&db, "1").ends_with("expected a BLOB value, found an INTEGER value"));
    assert!(
        error::<AsText<PostId>>(&db, "x'00'")
            .ends_with("expected a TEXT value, found a BLOB value")
    );
    assert!(error::<TimeId>(&db, "1.5").ends_with("found a REAL value"));
}

#[test]
fn malformed_content_is_an_error_naming_the_type() {
    let db = Connection::open_in_memory().unwrap();
    let err = error::<Tid>(&db, "-1");
    assert!(err.contains("atproto TID") && err.contains("-1"), "{err}");
    let err = error::<Snowish>(&db, "-1");
    assert!(err.contains("snowish"), "{err}");
    let err = error::<Tbsl>(&db, "x'000102030405060708'");
    assert!(err.contains("TBSL") && err.contains("10 bytes"), "{err}");
    let err = error::<idtypes::RsXid>(&db, "x'000102030405060708090a'");
    assert!(
        err.contains("rs/xid XID") && err.contains("12 bytes"),
        "{err}"
    );
    let err = error::<AsBytes<Tid>>(&db, "x'00'");
    assert!(err.contains("8 bytes"), "{err}");
    let err = error::<RecordKey>(&db, "'..'");
    assert!(err.contains("record key"), "{err}");
    let err = error::<AsText<Tid>>(&db, "'3jzfcijpj2z2'");
    assert!(err.contains("TID"), "{err}");
    let err = error::<AsText<PostId>>(&db, "'user_3jzfcijpj2z2a'");
    assert!(err.contains("expected the prefix `post_`"), "{err}");
    let err = error::<RecordKey>(&db, "CAST(x'FF' AS TEXT)");
    assert!(
        err.contains("atproto record key in a TEXT value that is not UTF-8"),
        "{err}"
    );
}

#[test]
fn a_tid_with_its_top_bit_set_is_refused_by_the_integer_column() {
    let db = Connection::open_in_memory().unwrap();
    let top = Tid::from_u64(1 << 63);
    let err = db
        .query_row("SELECT ?1", [top], |row| row.get::<_, i64>(0))
        .unwrap_err();
    assert!(
        matches!(err, rusqlite::Error::ToSqlConversionFailure(_)),
        "{err:?}"
    );
    assert!(
        err.to_string()
            .contains("does not fit a signed 64-bit column"),
        "{err}"
    );
    // As bytes or text it is stored.
    let back: AsBytes<Tid> = db
        .query_row("SELECT ?1", [AsBytes(top)], |row| row.get(0))
        .unwrap();
    assert_eq!(back.0, top);
    let back: AsText<Tid> = db
        .query_row("SELECT ?1", [AsText(top)], |row| row.get(0))
        .unwrap();
    assert_eq!(back.0, top);
}

#[test]
fn each_id_is_stored_as_the_sqlx_integration_stores_it() {
    let db = Connection::open_in_memory().unwrap();
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    let stored: i64 = db.query_row("SELECT ?1", [tid], |row| row.get(0)).unwrap();
    assert_eq!(stored, 1728652679052295174);
    let stored: i64 = db
        .query_row("SELECT ?1", [PostId::from(tid)], |row| row.get(0))
        .unwrap();
    assert_eq!(stored, 1728652679052295174);
    let stored: i64 = db
        .query_row("SELECT ?1", [Uid11::MIN], |row| row.get(0))
        .unwrap();
    assert_eq!(stored, i64::MIN);
    let stored: Vec<u8> = db
        .query_row("SELECT ?1", [AsBytes(tid)], |row| row.get(0))
        .unwrap();
    assert_eq!(stored, tid.to_bytes());
    let stored: String = db
        .query_row("SELECT ?1", [AsText(PostId::from(tid))], |row| row.get(0))
        .unwrap();
    assert_eq!(stored, "post_3jzfcijpj2z2a");
}

#[test]
fn a_checked_typed_id_refuses_a_stored_value_its_checks_refuse() {
    let db = Connection::open_in_memory().unwrap();
    let old = Tid::from_parts(1_600_000_000_000_000, 0).unwrap(); // 2020
    let err = db
        .query_row("SELECT ?1", [old], |row| row.get::<_, RecentPostId>(0))
        .unwrap_err();
    assert!(
        matches!(err, rusqlite::Error::FromSqlConversionFailure(..)),
        "{err:?}"
    );
    let err = err.to_string();
    assert!(err.contains("was made before 2023"), "{err}");
    assert!(err.contains("RecentPostId"), "{err}");
    // The type that trusts its rows reads it, and so does the inner id.
    let trusted: TrustedPostId = db.query_row("SELECT ?1", [old], |row| row.get(0)).unwrap();
    assert_eq!(trusted.into_inner(), old);
    let text = format!("post_{old}");
    let err = db
        .query_row("SELECT ?1", [&text], |row| {
            row.get::<_, AsText<RecentPostId>>(0)
        })
        .unwrap_err()
        .to_string();
    assert!(err.contains("was made before 2023"), "{err}");
    let err = db
        .query_row("SELECT 'Upper'", [], |row| row.get::<_, TagKey>(0))
        .unwrap_err()
        .to_string();
    assert!(err.contains("has upper-case letters"), "{err}");
}

/// Typed UUIDs are their 16 bytes in a `BLOB`, the plain `Uuid`'s (rusqlite's `uuid`
/// feature): each reads what the other wrote; version 7 ids sort by time; a typed UUID's
/// checks run when it is read (unless it trusts its rows); another length, or text, is an
/// error.
#[test]
fn a_typed_uuid_is_the_plain_uuid_s_blob() {
    use idtypes::Uuid;
    let db = Connection::open_in_memory().unwrap();
    let mut rng = Rng::new();
    let ids = v7_ids(&mut rng);
    let mut shuffled = ids.clone();
    rng.shuffle(&mut shuffled);
    fill(&db, "t", &shuffled, Storage::Uuid);
    let sorted: Vec<AccountId> = select(&db, "SELECT id FROM t ORDER BY id", []);
    assert_eq!(sorted, ids);
    let millis: Vec<u64> = sorted.iter().map(|id| v7_millis(id.as_inner())).collect();
    assert!(millis.windows(2).all(|w| w[0] <= w[1]), "{millis:?}");
    let plain: Vec<Uuid> = select(&db, "SELECT id FROM t ORDER BY id", []);
    assert_eq!(
        plain,
        ids.iter().map(|id| id.into_inner()).collect::<Vec<_>>()
    );
    let bytes: Vec<Vec<u8>> = select(&db, "SELECT id FROM t ORDER BY id", []);
    assert_eq!(bytes[0], ids[0].as_inner().as_bytes());

    // A plain UUID written (a version 4 one) reads as the typed id, and is refused by the
    // typed id that takes version 7 ids only.
    let v4 = Uuid::parse_str(typed_uuid::V4).unwrap();
    db.execute("INSERT INTO t (n, id) VALUES (?1, ?2)", params![100, v4])
        .unwrap();
    let read: AccountId = db
        .query_row("SELECT id FROM t WHERE n = 100", [], |row| row.get(0))
        .unwrap();
    assert_eq!(read.into_inner(), v4);
    let err = error::<SessionId>(&db, "id FROM t WHERE n = 100");
    assert!(
        err.contains(&format!("invalid SessionId: {NOT_V7}")),
        "{err}"
    );
    let trusted: TrustedSessionId = db
        .query_row("SELECT id FROM t WHERE n = 100", [], |row| row.get(0))
        .unwrap();
    assert_eq!(trusted.into_inner(), v4);
    let checked: Vec<SessionId> = select(&db, "SELECT id FROM t WHERE n < 100 ORDER BY id", []);
    assert_eq!(checked.len(), ids.len());

    // The raw bytes of a literal.
    let literal = format!("x'{}'", typed_uuid::example().simple());
    let read: AccountId = db
        .query_row(&format!("SELECT {literal}"), [], |row| row.get(0))
        .unwrap();
    assert_eq!(read.into_inner(), typed_uuid::example());
    // Another length, and text, are errors: not a UUID, nor a panic.
    error::<AccountId>(&db, "x'0102'");
    error::<AccountId>(&db, &format!("x'{}00'", typed_uuid::example().simple()));
    error::<AccountId>(&db, "'0123456789abcdef'");
    let err = error::<AsBytes<AccountId>>(&db, "x'0102'");
    assert!(err.contains("16 bytes") && err.contains('2'), "{err}");
}

/// Bad stored values (`common/refused.rs`) read as the types that refuse them: this crate's
/// errors, as the source of rusqlite's `FromSqlConversionFailure`, naming the type (a typed
/// id's name too), typed UUIDs included (no longer rusqlite's `InvalidBlobSize`).
#[test]
fn bad_stored_values_are_idtypes_errors() {
    use crate::common::refused::{ROWS, assert_refused, copy_bytes, create_table};
    let db = Connection::open_in_memory().unwrap();
    db.execute_batch(&create_table("t", "BLOB", "TEXT", "INTEGER"))
        .unwrap();
    for (n, b, t, s) in ROWS {
        db.execute(
            "INSERT INTO t (n, b, t, s) VALUES (?1, ?2, ?3, ?4)",
            params![n, b, t, s],
        )
        .unwrap();
    }
    db.execute_batch(&copy_bytes("t")).unwrap();
    macro_rules! refused {
        ($ty:ty, $col:expr, $n:expr, $kind:expr, $name:expr) => {{
            let sql = format!("SELECT {} FROM t WHERE n = {}", $col, $n);
            let err = db
                .query_row(&sql, [], |row| row.get::<_, $ty>(0))
                .map(|v| format!("{v:?}"))
                .unwrap_err();
            assert!(
                matches!(err, rusqlite::Error::FromSqlConversionFailure(..)),
                "{err:?}"
            );
            assert_refused(&err, $kind, $name);
        }};
    }
    stored_value_cases!(refused, true);
}
