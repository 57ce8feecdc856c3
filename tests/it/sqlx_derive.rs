//! Typed ids (the derive macros) as sqlx columns on PostgreSQL (`IDTYPES_TEST_POSTGRES_URL`),
//! MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`), each skipped when its URL is unset, and SQLite
//! (in memory: always runs).
//!
//! A typed id is stored exactly like the id inside it, without the prefix, in the inner id's
//! column (the storage table of `idtypes/src/integrations/sqlx.rs`); decoding runs the type's
//! checks (`validate`, a record key's `key_type`). [`derive_cases!`] writes the same tests for
//! each database; the sample values (`MIN`, `MAX`, TIDs above `i64::MAX`, TimeIds before 1970,
//! mixed-case record keys, random ones) are the inner types' of `common/sqlx_cases.rs`.

use crate::common::sqlx_cases::{Rng, Sample, Storage, around_u64, samples};
use idtypes::prelude::*;
use idtypes::record_key::RecordKeyType;
use idtypes::time_id::NodeId;
use idtypes::{
    AsBytes, AsText, FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand,
    TypedId, Uid11, Uid11Xid,
};
use idtypes_tests::typed::RequestId;
use idtypes_tests::typed::TraceId;
use idtypes_tests::typed::{
    EventId, FileId, JobId, MsgId, NoteKey, OrderId, PostId, TokenId, TxnId,
};

// One typed id per format, without checks: `idtypes_tests::typed`.
// One typed id per format with a `validate` function, and record keys with a `key_type`.

/// 2023-01-01T00:00:00Z.
const MICROS_2023: u64 = 1_672_531_200_000_000;

fn made_since_2023(tid: &Tid) -> Result<(), String> {
    if tid.timestamp_micros() < MICROS_2023 {
        return Err(format!("{tid} was made before 2023"));
    }
    Ok(())
}

fn since_1970(id: &TimeId) -> Result<(), String> {
    if id.timestamp_micros() < 0 {
        return Err(format!("{id} is from before 1970"));
    }
    Ok(())
}

fn not_nil_uid11(id: &Uid11) -> Result<(), String> {
    if *id == Uid11::MIN {
        return Err(format!("{id} is the nil uid11"));
    }
    Ok(())
}

fn some_randomness(id: &Uid11Xid) -> Result<(), String> {
    if id.random() == 0 {
        return Err(format!("{id} has an empty random field"));
    }
    Ok(())
}

fn from_machine_7(id: &Snowish) -> Result<(), String> {
    if id.machine_id() != 7 {
        return Err(format!(
            "{id} comes from machine {}, not 7",
            id.machine_id()
        ));
    }
    Ok(())
}

fn unreserved_sequence(id: &TsSeqRand) -> Result<(), String> {
    if id.sequence() == 4095 {
        return Err(format!("{id} uses the reserved sequence 4095"));
    }
    Ok(())
}

fn not_nil_token(id: &FullRand) -> Result<(), String> {
    if id.to_u64() == 0 {
        return Err(format!("{id} is the nil token"));
    }
    Ok(())
}

fn from_our_machines(id: &Tbsl) -> Result<(), String> {
    if id.machine_id() > 9 {
        return Err(format!(
            "{id} is from machine {}; ours are 0 to 9",
            id.machine_id()
        ));
    }
    Ok(())
}

fn lower_case(key: &RecordKey) -> Result<(), String> {
    if key.as_str().bytes().any(|b| b.is_ascii_uppercase()) {
        return Err(format!("{key} has upper-case letters"));
    }
    Ok(())
}

#[derive(Tid)]
#[idtype(prefix = "post", validate = made_since_2023)]
pub struct RecentPostId(Tid);

#[derive(TimeId)]
#[idtype(prefix = "evt", validate = since_1970)]
pub struct ModernEventId(TimeId);

#[derive(Uid11)]
#[idtype(prefix = "file", validate = not_nil_uid11)]
pub struct NamedFileId(Uid11);

#[derive(Uid11Xid)]
#[idtype(prefix = "order", validate = some_randomness)]
pub struct ShopOrderId(Uid11Xid);

#[derive(Snowish)]
#[idtype(prefix = "job", validate = from_machine_7)]
pub struct LocalJobId(Snowish);

#[derive(TsSeqRand)]
#[idtype(prefix = "msg", validate = unreserved_sequence)]
pub struct QueueMsgId(TsSeqRand);

#[derive(FullRand)]
#[idtype(prefix = "tok", validate = not_nil_token)]
pub struct SessionToken(FullRand);

#[derive(Tbsl)]
#[idtype(prefix = "txn", validate = from_our_machines)]
pub struct LocalTxnId(Tbsl);

#[derive(RecordKey)]
#[idtype(prefix = "tag", validate = lower_case)]
pub struct TagKey(RecordKey);

#[derive(RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(RecordKey);

/// `RecentPostId`'s rule, but rows are trusted: a column this program alone writes, whose
/// rule was tightened after some rows were written.
#[derive(Tid)]
#[idtype(prefix = "post", validate = made_since_2023, decode = "trust")]
pub struct TrustedPostId(Tid);

#[derive(RecordKey)]
#[idtype(key_type = "tid", decode = "trust")]
pub struct TrustedPostKey(RecordKey);

#[derive(RecordKey)]
#[idtype(key_type = "literal:self")]
pub struct ProfileKey(RecordKey);

/// What a column of an inner id holds, read without idtypes: bytes or text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stored {
    /// An integer column's value (`i64`, or MySQL's `u64`).
    Integer(i128),
    Bytes(Vec<u8>),
    Text(String),
}

/// An inner id and its stored form.
pub trait Inner: Sample {
    fn stored(&self) -> Stored;
}

/// The documented integers: the bits as they are for the formats whose top bit is 0 (TID,
/// snowish, Snowflake), else the bits with the top one flipped.
macro_rules! stored_as_integer {
    ($($ty:ty: $flipped:literal),*) => {$(
        impl Inner for $ty {
            fn stored(&self) -> Stored {
                let bits = u64::from_be_bytes(self.to_bytes());
                Stored::Integer(if $flipped {
                    bits as i128 - (1i128 << 63)
                } else {
                    i128::from(i64::try_from(bits).unwrap())
                })
            }
        }
    )*};
}

stored_as_integer!(
    Tid: false,
    TimeId: true,
    Uid11: true,
    Uid11Xid: true,
    Snowish: false,
    TsSeqRand: true,
    FullRand: true,
    Snowflake: false
);

impl Inner for Tbsl {
    fn stored(&self) -> Stored {
        Stored::Bytes(self.to_bytes().to_vec())
    }
}

impl Inner for idtypes::RsXid {
    fn stored(&self) -> Stored {
        Stored::Bytes(self.to_bytes().to_vec())
    }
}

impl Inner for RecordKey {
    fn stored(&self) -> Stored {
        Stored::Text(self.as_str().to_owned())
    }
}

impl Inner for idtypes::Ksuid {
    fn stored(&self) -> Stored {
        Stored::Bytes(self.to_bytes().to_vec())
    }
}

/// The PostIds around each end of `range`, plus `extra`.
fn post_ids_around(range: idtypes::IdRange<PostId>, extra: &[PostId]) -> Vec<PostId> {
    around_u64(
        &[range],
        |id: PostId| id.as_inner().to_u64(),
        |v| PostId::from_inner(Tid::from_u64(v)),
        extra,
    )
}

/// The EventIds around each end of `range`, plus `extra`.
fn event_ids_around(range: idtypes::IdRange<EventId>, extra: &[EventId]) -> Vec<EventId> {
    around_u64(
        &[range],
        |id: EventId| id.as_inner().to_i64() as u64,
        |v| EventId::from_inner(TimeId::from_i64(v as i64)),
        extra,
    )
}

/// Generates the tests for the database the including module describes. It defines, before
/// invoking it: `type Db`; `async fn connect() -> Option<sqlx::Pool<Db>>` (`None`: skip, the
/// reason printed); `fn ph(n: usize) -> String`, the `n`th (1-based) placeholder; and
/// `fn column(storage: Storage) -> &'static str`, the inner id's documented column.
macro_rules! derive_cases {
    () => {
        use idtypes::IdRange;
        use sqlx::AssertSqlSafe;

        /// A value that is a column of `Db`.
        trait Column:
            Clone
            + Ord
            + std::fmt::Debug
            + Send
            + Sync
            + Unpin
            + 'static
            + sqlx::Type<Db>
            + for<'q> sqlx::Encode<'q, Db>
            + for<'r> sqlx::Decode<'r, Db>
        {
        }

        impl<T> Column for T where
            T: Clone
                + Ord
                + std::fmt::Debug
                + Send
                + Sync
                + Unpin
                + 'static
                + sqlx::Type<Db>
                + for<'q> sqlx::Encode<'q, Db>
                + for<'r> sqlx::Decode<'r, Db>
        {
        }

        /// A typed id whose inner id is a column too.
        trait Typed: Column + TypedId {
            type Id: Column + Inner;

            /// The typed id holding `id`; panics when the type's checks refuse it.
            fn of(id: Self::Id) -> Self;

            /// The id inside.
            fn id(&self) -> Self::Id;
        }

        impl<T> Typed for T
        where
            T: Column + TypedId,
            T::Inner: Column + Inner,
        {
            type Id = T::Inner;

            fn of(id: T::Inner) -> T {
                T::try_from_inner(id.clone()).unwrap_or_else(|err| panic!("{id:?}: {err}"))
            }

            fn id(&self) -> T::Inner {
                self.as_inner().clone()
            }
        }

        async fn exec(pool: &sqlx::Pool<Db>, sql: String) {
            sqlx::query(AssertSqlSafe(sql.clone()))
                .execute(pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"));
        }

        /// A new table `(n INTEGER, id <the column of storage>)`.
        async fn create(pool: &sqlx::Pool<Db>, prefix: &str, storage: Storage) -> String {
            let table = idtypes_tests::unique_table(prefix);
            exec(
                pool,
                format!("CREATE TABLE {table} (n INTEGER, id {})", column(storage)),
            )
            .await;
            table
        }

        async fn drop_table(pool: &sqlx::Pool<Db>, table: &str) {
            exec(pool, format!("DROP TABLE {table}")).await;
        }

        /// Inserts the values, `n` numbering them from 0.
        async fn insert<V: Column>(pool: &sqlx::Pool<Db>, table: &str, values: &[V]) {
            let sql = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            for (n, value) in values.iter().enumerate() {
                sqlx::query(AssertSqlSafe(sql.clone()))
                    .bind(n as i32)
                    .bind(value.clone())
                    .execute(pool)
                    .await
                    .unwrap_or_else(|err| panic!("insert {value:?}: {err}"));
            }
        }

        async fn select<V>(pool: &sqlx::Pool<Db>, sql: String) -> Vec<V>
        where
            V: Send + Unpin + sqlx::Type<Db> + for<'r> sqlx::Decode<'r, Db>,
        {
            sqlx::query_scalar::<_, V>(AssertSqlSafe(sql.clone()))
                .fetch_all(pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"))
        }

        /// The inner type's samples (`MIN`, `MAX`, the tricky values, `randoms` random ones)
        /// as typed ids.
        fn typed_samples<T: Typed>(rng: &mut Rng, randoms: usize) -> Vec<T> {
            samples::<T::Id>(rng, randoms).into_iter().map(T::of).collect()
        }

        /// What the table's `id` column holds, read as bytes or text, in the order of `n`.
        async fn stored(pool: &sqlx::Pool<Db>, table: &str, storage: Storage) -> Vec<Stored> {
            let sql = format!("SELECT id FROM {table} ORDER BY n");
            match storage {
                Storage::Integer => {
                    // As decimal text, whether the column is signed or not.
                    let sql = format!("SELECT CAST(id AS {INTEGER_AS_TEXT}) FROM {table} ORDER BY n");
                    select::<String>(pool, sql)
                        .await
                        .into_iter()
                        .map(|v| Stored::Integer(v.parse().unwrap()))
                        .collect()
                }
                Storage::Bytes8 | Storage::Bytes10 | Storage::Bytes16 | Storage::Bytes12 => select::<Vec<u8>>(pool, sql)
                    .await
                    .into_iter()
                    .map(Stored::Bytes)
                    .collect(),
                // PostgreSQL's `uuid`, the others' 16 bytes: sqlx's `Uuid` reads each.
                Storage::Uuid => select::<uuid::Uuid>(pool, sql)
                    .await
                    .into_iter()
                    .map(|uuid| Stored::Bytes(uuid.as_bytes().to_vec()))
                    .collect(),
                Storage::Text | Storage::PrefixedText => select::<String>(pool, sql)
                    .await
                    .into_iter()
                    .map(Stored::Text)
                    .collect(),
                Storage::Bytes20 => select::<Vec<u8>>(pool, sql)
                    .await
                    .into_iter()
                    .map(Stored::Bytes)
                    .collect(),
            }
        }

        /// Typed ids bound as typed ids come back equal, and find their rows by equality.
        async fn round_trip<T: Typed>() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_rt", T::Id::STORAGE).await;
            let values = typed_samples::<T>(&mut Rng::new(), 8);
            insert(&pool, &table, &values).await;

            let back: Vec<T> = select(&pool, format!("SELECT id FROM {table} ORDER BY n")).await;
            assert_eq!(back, values);

            let sql = format!("SELECT n, id FROM {table} WHERE id = {}", ph(1));
            for value in [&values[0], &values[1], &values[values.len() - 1]] {
                let rows: Vec<(i32, T)> = sqlx::query_as(AssertSqlSafe(sql.clone()))
                    .bind(value.clone())
                    .fetch_all(&pool)
                    .await
                    .unwrap();
                assert!(!rows.is_empty(), "{value:?} not found by equality");
                for (n, id) in rows {
                    assert_eq!(&id, value);
                    assert_eq!(&values[n as usize], value);
                }
            }
            drop_table(&pool, &table).await;
        }

        /// The column holds the inner id without the prefix: it reads back as the inner
        /// type, and as the inner id's bytes (or text).
        async fn stores_the_inner_id<T: Typed>() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_inner", T::Id::STORAGE).await;
            let values = typed_samples::<T>(&mut Rng::new(), 8);
            insert(&pool, &table, &values).await;
            let inner: Vec<T::Id> = values.iter().map(T::id).collect();

            let as_inner: Vec<T::Id> =
                select(&pool, format!("SELECT id FROM {table} ORDER BY n")).await;
            assert_eq!(as_inner, inner);
            let raw = stored(&pool, &table, T::Id::STORAGE).await;
            let expected: Vec<Stored> = inner.iter().map(Inner::stored).collect();
            assert_eq!(raw, expected);
            drop_table(&pool, &table).await;
        }

        /// Rows written with the inner id (bound as the inner type) read as the typed id.
        async fn reads_rows_of_the_inner_id<T: Typed>() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_from", T::Id::STORAGE).await;
            let inner = samples::<T::Id>(&mut Rng::new(), 8);
            insert(&pool, &table, &inner).await;
            let back: Vec<T> = select(&pool, format!("SELECT id FROM {table} ORDER BY n")).await;
            let expected: Vec<T> = inner.into_iter().map(T::of).collect();
            assert_eq!(back, expected);
            drop_table(&pool, &table).await;
        }

        /// `ORDER BY id` (and `DESC`) is the typed ids' `Ord`.
        async fn order_by_is_ord<T: Typed>() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_ord", T::Id::STORAGE).await;
            let mut rng = Rng::new();
            let mut values = typed_samples::<T>(&mut rng, 12);
            rng.shuffle(&mut values);
            insert(&pool, &table, &values).await;
            let mut sorted = values.clone();
            sorted.sort();

            let ascending: Vec<T> =
                select(&pool, format!("SELECT id FROM {table} ORDER BY id, n")).await;
            assert_eq!(ascending, sorted, "ORDER BY id");
            let descending: Vec<T> =
                select(&pool, format!("SELECT id FROM {table} ORDER BY id DESC, n")).await;
            sorted.reverse();
            assert_eq!(descending, sorted, "ORDER BY id DESC");
            drop_table(&pool, &table).await;
        }

        /// `values` in a table, and the rows `WHERE id BETWEEN start AND end` with the typed
        /// range's bounds bound: exactly the values the range contains, in `Ord` order.
        async fn check_between<T: Typed + Copy>(values: &[T], range: IdRange<T>) {
            let Some(pool) = connect().await else { return };
            // The values a signed integer column holds (all but TIDs with the top bit set).
            let values: Vec<T> = values
                .iter()
                .copied()
                .filter(|v| v.id().fits_signed())
                .collect();
            let values = values.as_slice();
            let mut expected: Vec<T> =
                values.iter().copied().filter(|v| range.contains(v)).collect();
            expected.sort();
            assert!(!expected.is_empty(), "no value in {range:?}");
            assert!(expected.len() < values.len(), "no value outside {range:?}");

            let table = create(&pool, "idd_rng", T::Id::STORAGE).await;
            insert(&pool, &table, values).await;
            let sql = format!(
                "SELECT id FROM {table} WHERE id BETWEEN {} AND {} ORDER BY id, n",
                ph(1),
                ph(2)
            );
            let rows: Vec<T> = sqlx::query_scalar(AssertSqlSafe(sql))
                .bind(range.start())
                .bind(range.end())
                .fetch_all(&pool)
                .await
                .unwrap();
            assert_eq!(rows, expected, "{range:?}");
            drop_table(&pool, &table).await;
        }

        /// The error of decoding the table's row `n` as `T`: a column decode error.
        async fn decode_error<T: Column>(pool: &sqlx::Pool<Db>, table: &str, n: i32) -> String {
            let sql = format!("SELECT id FROM {table} WHERE n = {n}");
            let err = sqlx::query_scalar::<_, T>(AssertSqlSafe(sql))
                .fetch_one(pool)
                .await
                .map(|id| format!("{id:?}"))
                .unwrap_err();
            assert!(matches!(err, sqlx::Error::ColumnDecode { .. }), "{err}");
            err.to_string()
        }

        /// A row holding an inner id that the type's `validate` refuses does not decode as
        /// the typed id: the error gives the validator's reason. An accepted one decodes.
        async fn refused_by_validate<T: Typed>(
            refused: T::Id,
            accepted: T::Id,
            validate: fn(&T::Id) -> Result<(), String>,
        ) {
            let Some(pool) = connect().await else { return };
            let reason = validate(&refused).unwrap_err();
            assert_eq!(validate(&accepted), Ok(()));
            let table = create(&pool, "idd_val", T::Id::STORAGE).await;
            insert(&pool, &table, &[refused, accepted.clone()]).await;

            let message = decode_error::<T>(&pool, &table, 0).await;
            let expected = format!("invalid {}: {reason}", T::TYPE_NAME);
            assert!(message.contains(&expected), "{message:?} lacks {expected:?}");

            let sql = format!("SELECT id FROM {table} WHERE n = 1");
            let id: T = sqlx::query_scalar(AssertSqlSafe(sql))
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(id.id(), accepted);
            drop_table(&pool, &table).await;
        }

        /// Typed ids bound as `AsText` are stored as their prefixed text, read back equal, find
        /// their rows by equality, and `ORDER BY` the column is their `Ord`.
        async fn as_text_round_trip<T: Typed + std::fmt::Display>()
        where
            AsText<T>: Column,
        {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_astext", Storage::PrefixedText).await;
            let mut rng = Rng::new();
            let mut values = typed_samples::<T>(&mut rng, 8);
            rng.shuffle(&mut values);
            let wrapped: Vec<AsText<T>> = values.iter().cloned().map(AsText).collect();
            insert(&pool, &table, &wrapped).await;

            let raw = stored(&pool, &table, Storage::PrefixedText).await;
            let texts: Vec<Stored> = values.iter().map(|v| Stored::Text(v.to_string())).collect();
            assert_eq!(raw, texts);
            let back: Vec<AsText<T>> =
                select(&pool, format!("SELECT id FROM {table} ORDER BY n")).await;
            assert_eq!(back, wrapped);

            let sql = format!("SELECT n FROM {table} WHERE id = {}", ph(1));
            let found: Vec<i32> = sqlx::query_scalar(AssertSqlSafe(sql))
                .bind(wrapped[3].clone())
                .fetch_all(&pool)
                .await
                .unwrap();
            assert!(found.contains(&3), "{:?} not found by equality", wrapped[3]);

            let mut sorted = wrapped.clone();
            sorted.sort();
            let ordered: Vec<AsText<T>> =
                select(&pool, format!("SELECT id FROM {table} ORDER BY id, n")).await;
            assert_eq!(ordered, sorted, "ORDER BY a column of prefixed text");
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn a_type_that_trusts_its_rows_reads_one_its_validator_refuses() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_trust", Storage::Integer).await;
            let old = Tid::from_parts(1_640_995_200_000_000, 0).unwrap();
            let new: Tid = "3kxnlhrd6yh2a".parse().unwrap();
            insert(&pool, &table, &[old, new]).await;
            let sql = format!("SELECT id FROM {table} ORDER BY n");

            // The checking type fails the whole query on the old row, keeping the reason:
            // sqlx's error, then idtypes' (a validation error), then the validator's.
            let err = sqlx::query_scalar::<_, RecentPostId>(AssertSqlSafe(sql.clone()))
                .fetch_all(&pool)
                .await
                .unwrap_err();
            let sqlx::Error::ColumnDecode { source, .. } = &err else {
                panic!("not a decode error: {err}");
            };
            let ours = source.downcast_ref::<idtypes::Error>().expect("idtypes' error");
            assert_eq!(ours.kind(), idtypes::ErrorKind::Validation);
            let reason = std::error::Error::source(ours).expect("the validator's error");
            assert_eq!(reason.to_string(), made_since_2023(&old).unwrap_err());

            let trusted: Vec<TrustedPostId> = select(&pool, sql).await;
            assert_eq!(trusted, [TrustedPostId::from_inner_unchecked(old), new.try_into().unwrap()]);
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn a_record_key_type_that_trusts_its_rows_reads_a_key_of_another_type() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_ktrust", Storage::Text).await;
            insert(&pool, &table, &[RecordKey::SELF]).await;
            let sql = format!("SELECT id FROM {table}");
            let key: TrustedPostKey = sqlx::query_scalar(AssertSqlSafe(sql.clone()))
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(key.as_str(), "self");
            assert!(sqlx::query_scalar::<_, PostKey>(AssertSqlSafe(sql))
                .fetch_one(&pool)
                .await
                .is_err());
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn as_text_stores_a_post_id_with_its_prefix() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_astx", Storage::PrefixedText).await;
            let id: PostId = "post_3jzfcijpj2z2a".parse().unwrap();
            insert(&pool, &table, &[AsText(id)]).await;
            let text: String = sqlx::query_scalar(AssertSqlSafe(format!("SELECT id FROM {table}")))
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(text, "post_3jzfcijpj2z2a");
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn as_text_refuses_a_row_without_the_prefix_and_checks_as_the_type_says() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_astxe", Storage::PrefixedText).await;
            let old = Tid::from_parts(1_640_995_200_000_000, 0).unwrap();
            // The bare TID text (what `AsText(id.into_inner())` stores), another prefix, and
            // a well-formed post id from before the rule.
            let texts = [
                "3jzfcijpj2z2a".to_owned(),
                "user_3jzfcijpj2z2a".to_owned(),
                format!("post_{old}"),
            ];
            insert(&pool, &table, &texts).await;
            for n in [0, 1] {
                let message = decode_error::<AsText<PostId>>(&pool, &table, n).await;
                assert!(message.contains("the prefix `post_`"), "{message}");
            }
            let message = decode_error::<AsText<RecentPostId>>(&pool, &table, 2).await;
            assert!(message.contains("invalid RecentPostId: "), "{message}");
            let sql = format!("SELECT id FROM {table} WHERE n = 2");
            let trusted: AsText<TrustedPostId> = sqlx::query_scalar(AssertSqlSafe(sql))
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(trusted.0.into_inner(), old);
            drop_table(&pool, &table).await;
        }

        /// Row `n` of `table` read as `T` by its decoding alone (sqlx's check of the column
        /// type skipped): the error.
        async fn decode_unchecked_error<T: Column>(pool: &sqlx::Pool<Db>, table: &str, n: i32) -> String {
            let sql = format!("SELECT id FROM {table} WHERE n = {n}");
            let row = sqlx::query(AssertSqlSafe(sql)).fetch_one(pool).await.unwrap();
            let err = sqlx::Row::try_get_unchecked::<T, _>(&row, 0)
                .map(|id| format!("{id:?}"))
                .unwrap_err();
            // sqlx's check refuses the column too.
            assert!(sqlx::Row::try_get::<T, _>(&row, 0).is_err());
            err.to_string()
        }

        #[tokio::test]
        async fn typed_ids_read_only_their_kind_of_column() {
            let Some(pool) = connect().await else { return };
            // Text of 8 characters (8 bytes, as a TID's) and a post id's text: not a PostId.
            let table = create(&pool, "idd_kindt", Storage::PrefixedText).await;
            insert(&pool, &table, &["abcdefgh".to_owned(), "post_3jzfcijpj2z2a".to_owned()]).await;
            for n in [0, 1] {
                let message = decode_unchecked_error::<PostId>(&pool, &table, n).await;
                assert!(
                    message.contains("atproto TID in a column of the wrong type: expected "),
                    "{message}"
                );
            }
            drop_table(&pool, &table).await;
            // A TID's integer: not an `AsText<PostId>`.
            let table = create(&pool, "idd_kindb", Storage::Integer).await;
            let id: PostId = "post_3jzfcijpj2z2a".parse().unwrap();
            insert(&pool, &table, &[id]).await;
            let message = decode_unchecked_error::<AsText<PostId>>(&pool, &table, 0).await;
            assert!(
                message.contains("PostId in a column of the wrong type: expected "),
                "{message}"
            );
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn a_post_id_is_stored_as_the_integer_of_its_tid_without_the_prefix() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_post", Storage::Integer).await;
            let id: PostId = "post_3jzfcijpj2z2a".parse().unwrap();
            insert(&pool, &table, &[id]).await;
            let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
            let sql = format!("SELECT id FROM {table}");
            assert_eq!(select::<Tid>(&pool, sql.clone()).await, [tid]);
            let text = format!("SELECT CAST(id AS {INTEGER_AS_TEXT}) FROM {table}");
            assert_eq!(select::<String>(&pool, text).await, ["1728652679052295174"]);
            assert_eq!(select::<PostId>(&pool, sql).await, [id]);
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn as_bytes_stores_a_post_id_as_the_bytes_of_its_tid() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_postb", Storage::Bytes8).await;
            let id: PostId = "post_3jzfcijpj2z2a".parse().unwrap();
            insert(&pool, &table, &[AsBytes(id)]).await;
            let sql = format!("SELECT id FROM {table}");
            assert_eq!(
                select::<Vec<u8>>(&pool, sql.clone()).await,
                [id.as_inner().to_bytes().to_vec()]
            );
            assert_eq!(select::<AsBytes<PostId>>(&pool, sql.clone()).await, [AsBytes(id)]);
            assert_eq!(select::<AsBytes<Tid>>(&pool, sql).await, [AsBytes(id.into_inner())]);
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn a_note_key_is_stored_as_its_record_key_text_without_the_prefix() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_note", Storage::Text).await;
            let key: NoteKey = "note_3jzfcijpj2z2a".parse().unwrap();
            insert(&pool, &table, std::slice::from_ref(&key)).await;
            let sql = format!("SELECT id FROM {table}");
            assert_eq!(select::<String>(&pool, sql.clone()).await, ["3jzfcijpj2z2a"]);
            assert_eq!(select::<NoteKey>(&pool, sql).await, [key]);
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn order_by_puts_post_ids_above_i64_max_after_the_others() {
            let Some(pool) = connect().await else { return };
            let top_bit = PostId::from_inner(Tid::from_u64(1 << 63));
            let max = PostId::from_inner(Tid::MAX);
            let texts = ["post_3jzfcijpj2z2a", "post_2222222222222", "post_bzzzzzzzzzzzz"];
            let mut ids: Vec<PostId> = texts.iter().map(|t| t.parse().unwrap()).collect();
            ids.extend([max, top_bit]);
            assert!(top_bit.as_inner().to_u64() > i64::MAX as u64);
            let expected = [ids[1], ids[0], ids[2], top_bit, max];
            let mut by_ord = ids.clone();
            by_ord.sort();
            assert_eq!(by_ord, expected);

            // As bytes, on every database.
            let table = create(&pool, "idd_pordb", Storage::Bytes8).await;
            let bytes: Vec<AsBytes<PostId>> = ids.iter().copied().map(AsBytes).collect();
            insert(&pool, &table, &bytes).await;
            let sql = format!("SELECT id FROM {table} ORDER BY id");
            let sorted: Vec<AsBytes<PostId>> = select(&pool, sql).await;
            assert_eq!(sorted, expected.map(AsBytes));
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn order_by_puts_event_ids_before_1970_last() {
            // TimeId's `Ord` is its encoded order: the sign bit is the top bit of the bytes.
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_eord", Storage::Integer).await;
            let at = |micros| EventId::from_inner(TimeId::from_parts(micros, NodeId::MIN).unwrap());
            let ids = [
                at(1_721_407_246_480_310),
                at(-1),
                at(0),
                at(-1_000_000_000_000),
                at(1),
            ];
            insert(&pool, &table, &ids).await;
            let sql = format!("SELECT id FROM {table} ORDER BY id");
            let sorted: Vec<EventId> = select(&pool, sql).await;
            let expected = [ids[2], ids[4], ids[0], ids[3], ids[1]];
            assert_eq!(sorted, expected);
            let mut by_ord = ids.to_vec();
            by_ord.sort();
            assert_eq!(sorted, by_ord);
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn between_a_post_id_prefix_range() {
            let mut extra = typed_samples::<PostId>(&mut Rng::new(), 6);
            extra.push("post_3jzfcijpj2z2a".parse().unwrap());
            for prefix in ["3jzf", "2", "bzzzzzzzzzzzz"] {
                let range = PostId::range_for_prefix(prefix).unwrap().unwrap();
                check_between(&post_ids_around(range, &extra), range).await;
            }
        }

        #[tokio::test]
        async fn between_a_post_id_time_range() {
            // 2023-06-30, one day.
            let range = PostId::range_for_micros(1_688_083_200_000_000, 1_688_169_599_999_999)
                .unwrap();
            let mut extra = typed_samples::<PostId>(&mut Rng::new(), 4);
            for micros in [1_688_083_199_999_999, 1_688_100_000_000_000, 1_688_169_600_000_000] {
                extra.push(PostId::from_inner(Tid::from_parts(micros, 7).unwrap()));
            }
            check_between(&post_ids_around(range, &extra), range).await;
        }

        #[tokio::test]
        async fn between_an_event_id_prefix_range() {
            let mut extra = typed_samples::<EventId>(&mut Rng::new(), 6);
            extra.push(EventId::from_inner(
                TimeId::from_parts(1_721_407_246_480_310, NodeId::MAX).unwrap(),
            ));
            for prefix in ["3kxn-lhr", "3kxn", "2"] {
                let range = EventId::range_for_prefix(prefix).unwrap().unwrap();
                check_between(&event_ids_around(range, &extra), range).await;
            }
        }

        #[tokio::test]
        async fn between_an_event_id_prefix_range_before_1970() {
            let before_1970 = TimeId::from_parts(-1_000_000_000, NodeId::MIN).unwrap();
            let range = EventId::range_for_prefix(&before_1970.encode().as_str()[..4]).unwrap().unwrap();
            assert!(range.end().timestamp_micros() < 0);
            let mut extra = typed_samples::<EventId>(&mut Rng::new(), 6);
            extra.push(EventId::from_inner(before_1970));
            check_between(&event_ids_around(range, &extra), range).await;
        }

        #[tokio::test]
        async fn between_an_order_id_prefix_range() {
            let range = OrderId::range_for_prefix("jpX").unwrap().unwrap();
            let extra = typed_samples::<OrderId>(&mut Rng::new(), 6);
            let values = around_u64(
                &[range],
                |id: OrderId| id.as_inner().to_u64(),
                |v| OrderId::from_inner(Uid11Xid::from_u64(v)),
                &extra,
            );
            check_between(&values, range).await;
        }

        #[tokio::test]
        async fn between_binds_range_bounds_that_the_validator_refuses() {
            // The range of TIDs starting with `3` begins in 2005: its start is no RecentPostId,
            // but bounds are query bounds, never decoded.
            let range = RecentPostId::range_for_prefix("3").unwrap().unwrap();
            assert!(made_since_2023(range.start().as_inner()).is_err());
            let values: Vec<RecentPostId> = [
                "post_3jzfcijpj2z2a",
                "post_3kxnlhrd6yh2a",
                "post_3zzzzzzzzzzzz",
                "post_4222222222222",
                "post_7zzzzzzzzzzzz",
            ]
            .iter()
            .map(|text| text.parse().unwrap())
            .collect();
            check_between(&values, range).await;
        }

        #[tokio::test]
        async fn a_post_key_refuses_a_row_holding_a_key_that_is_no_tid() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_ktid", Storage::Text).await;
            let keys = [RecordKey::SELF, RecordKey::parse("3jzfcijpj2z2a").unwrap()];
            insert(&pool, &table, &keys).await;
            let message = decode_error::<PostKey>(&pool, &table, 0).await;
            // The key type's own error, about the type.
            let reason = RecordKeyType::Tid.check(&RecordKey::SELF).unwrap_err();
            assert_eq!(
                reason.to_string(),
                "invalid atproto TID: expected 13 bytes, found 4 bytes"
            );
            let expected = "invalid PostKey: expected 13 bytes (the atproto TID), found 4 bytes";
            assert!(message.contains(&expected), "{message:?} lacks {expected:?}");
            let sql = format!("SELECT id FROM {table} WHERE n = 1");
            let key: PostKey = sqlx::query_scalar(AssertSqlSafe(sql))
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(key.as_str(), "3jzfcijpj2z2a");
            drop_table(&pool, &table).await;
        }

        #[tokio::test]
        async fn a_literal_self_key_refuses_a_row_holding_another_key() {
            let Some(pool) = connect().await else { return };
            let table = create(&pool, "idd_kself", Storage::Text).await;
            let keys = [RecordKey::parse("3jzfcijpj2z2a").unwrap(), RecordKey::SELF];
            insert(&pool, &table, &keys).await;
            let message = decode_error::<ProfileKey>(&pool, &table, 0).await;
            let expected = "invalid ProfileKey: expected the atproto record key `self`, the only \
                            one its type allows, found `3jzfcijpj2z2a`";
            assert!(message.contains(&expected), "{message:?} lacks {expected:?}");
            let sql = format!("SELECT id FROM {table} WHERE n = 1");
            let key: ProfileKey = sqlx::query_scalar(AssertSqlSafe(sql))
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(key.as_str(), "self");
            drop_table(&pool, &table).await;
        }

        derive_cases!(@types
            post_id: PostId,
            event_id: EventId,
            file_id: FileId,
            order_id: OrderId,
            job_id: JobId,
            msg_id: MsgId,
            token_id: TokenId,
            txn_id: TxnId,
            note_key: NoteKey,
            trace_id: TraceId,
            request_id: RequestId,
        );

        mod validate_refusal {
            use super::*;

            derive_cases!(@validated
                recent_post_id: RecentPostId, made_since_2023,
                    Tid::from_parts(1_640_995_200_000_000, 0).unwrap(),
                    "3jzfcijpj2z2a".parse().unwrap();
                modern_event_id: ModernEventId, since_1970,
                    TimeId::from_parts(-1_000_000, NodeId::MIN).unwrap(),
                    TimeId::from_parts(1_721_407_246_480_310, NodeId::MAX).unwrap();
                named_file_id: NamedFileId, not_nil_uid11,
                    Uid11::MIN,
                    Uid11::from_u64(0x0123_4567_89AB_CDEF);
                shop_order_id: ShopOrderId, some_randomness,
                    Uid11Xid::from_parts(1_700_000_000_000, 0).unwrap(),
                    Uid11Xid::from_parts(1_700_000_000_000, 12_345).unwrap();
                local_job_id: LocalJobId, from_machine_7,
                    Snowish::from_parts(1_700_000_000_000, 3, 0).unwrap(),
                    Snowish::from_parts(1_700_000_000_000, 7, 1).unwrap();
                queue_msg_id: QueueMsgId, unreserved_sequence,
                    TsSeqRand::from_parts(1_700_000_000_000, 4095, 1).unwrap(),
                    TsSeqRand::from_parts(1_700_000_000_000, 4094, 1).unwrap();
                session_token: SessionToken, not_nil_token,
                    FullRand::from_u64(0),
                    FullRand::from_u64(0x0123_4567_89AB_CDEF);
                local_txn_id: LocalTxnId, from_our_machines,
                    Tbsl::from_parts(1_700_000_000_000_000, 42, 1).unwrap(),
                    Tbsl::from_parts(1_700_000_000_000_000, 3, 1).unwrap();
                tag_key: TagKey, lower_case,
                    RecordKey::parse("Rust").unwrap(),
                    RecordKey::parse("rust").unwrap();
            );
        }
    };
    (@types $($name:ident: $ty:ty,)*) => {
        $(
            mod $name {
                use super::*;

                #[tokio::test]
                async fn round_trip() {
                    super::round_trip::<$ty>().await;
                }

                #[tokio::test]
                async fn stores_the_inner_id_without_the_prefix() {
                    super::stores_the_inner_id::<$ty>().await;
                }

                #[tokio::test]
                async fn reads_rows_of_the_inner_id() {
                    super::reads_rows_of_the_inner_id::<$ty>().await;
                }

                #[tokio::test]
                async fn order_by_is_ord() {
                    super::order_by_is_ord::<$ty>().await;
                }

                #[tokio::test]
                async fn as_text_round_trip() {
                    super::as_text_round_trip::<$ty>().await;
                }
            }
        )*
    };
    (@validated $($name:ident: $ty:ty, $validate:ident, $refused:expr, $accepted:expr;)*) => {
        $(
            #[tokio::test]
            async fn $name() {
                refused_by_validate::<$ty>($refused, $accepted, $validate).await;
            }
        )*
    };
}

/// PostgreSQL (`IDTYPES_TEST_POSTGRES_URL`; skipped when unset).
mod postgres {
    use super::*;

    use crate::common::sqlx_cases::postgres::{Db, column, connect, ph};

    /// The type that casts an integer to its decimal text.
    const INTEGER_AS_TEXT: &str = "TEXT";

    derive_cases!();

    /// A `Vec` of typed ids bound to `= ANY($1)` selects exactly those rows, and
    /// `array_agg` reads back as a `Vec` of typed ids.
    async fn arrays<T: Typed + sqlx::postgres::PgHasArrayType>() {
        let Some(pool) = connect().await else { return };
        let table = create(&pool, "idd_arr", T::Id::STORAGE).await;
        let values = typed_samples::<T>(&mut Rng::new(), 8);
        insert(&pool, &table, &values).await;

        let wanted: Vec<T> = values.iter().step_by(3).cloned().collect();
        let mut expected = wanted.clone();
        expected.sort();
        let sql = format!("SELECT id FROM {table} WHERE id = ANY($1) ORDER BY id, n");
        let rows: Vec<T> = sqlx::query_scalar(AssertSqlSafe(sql))
            .bind(wanted)
            .fetch_all(&pool)
            .await
            .unwrap();
        // A random sample may repeat a wanted value; each copy is a row.
        let mut expected_rows: Vec<T> = values
            .iter()
            .filter(|v| expected.contains(v))
            .cloned()
            .collect();
        expected_rows.sort();
        assert_eq!(rows, expected_rows, "= ANY($1)");

        let sql = format!("SELECT array_agg(id ORDER BY n) FROM {table}");
        let all: Vec<T> = sqlx::query_scalar(AssertSqlSafe(sql))
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(all, values, "array_agg");
        drop_table(&pool, &table).await;
    }

    mod arrays {
        use super::*;

        macro_rules! arrays {
            ($($name:ident: $ty:ty,)*) => {$(
                #[tokio::test]
                async fn $name() {
                    arrays::<$ty>().await;
                }
            )*};
        }

        arrays!(
            post_id: PostId,
            event_id: EventId,
            file_id: FileId,
            order_id: OrderId,
            job_id: JobId,
            msg_id: MsgId,
            token_id: TokenId,
            txn_id: TxnId,
            note_key: NoteKey,
            trace_id: TraceId,
        );
    }

    #[tokio::test]
    async fn any_binds_a_vec_of_post_ids() {
        let Some(pool) = connect().await else { return };
        let table = create(&pool, "idd_any", Storage::Integer).await;
        let ids: Vec<PostId> = [
            "post_3jzfcijpj2z2a",
            "post_3kxnlhrd6yh2a",
            "post_2222222222222",
        ]
        .iter()
        .map(|text| text.parse().unwrap())
        .collect();
        insert(&pool, &table, &ids).await;
        let rows: Vec<PostId> = sqlx::query_scalar(AssertSqlSafe(format!(
            "SELECT id FROM {table} WHERE id = ANY($1) ORDER BY id"
        )))
        .bind(vec![
            ids[0],
            ids[2],
            PostId::from_inner(Tid::from_u64(i64::MAX as u64)),
        ])
        .fetch_all(&pool)
        .await
        .unwrap();
        assert_eq!(rows, [ids[2], ids[0]]);
        drop_table(&pool, &table).await;
    }

    #[tokio::test]
    async fn an_array_with_an_id_the_validator_refuses_does_not_decode() {
        let Some(pool) = connect().await else { return };
        let table = create(&pool, "idd_arrv", Storage::Integer).await;
        let refused = Tid::from_parts(1_640_995_200_000_000, 0).unwrap();
        let accepted: Tid = "3jzfcijpj2z2a".parse().unwrap();
        insert(&pool, &table, &[accepted, refused]).await;
        let sql = format!("SELECT array_agg(id ORDER BY n) FROM {table}");
        let err = sqlx::query_scalar::<_, Vec<RecentPostId>>(AssertSqlSafe(sql))
            .fetch_one(&pool)
            .await
            .unwrap_err();
        assert!(matches!(err, sqlx::Error::ColumnDecode { .. }), "{err}");
        let reason = made_since_2023(&refused).unwrap_err();
        assert!(err.to_string().contains(&reason), "{err}");
        drop_table(&pool, &table).await;
    }
}

/// MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset).
mod mysql {
    use super::*;

    use crate::common::sqlx_cases::mysql::{Db, column, connect, ph};

    /// The type that casts an integer to its decimal text.
    const INTEGER_AS_TEXT: &str = "CHAR";

    derive_cases!();
}

/// SQLite (embedded, in memory: always runs).
mod sqlite {
    use super::*;

    use crate::common::sqlx_cases::sqlite::{Db, column, connect, ph};

    /// The type that casts an integer to its decimal text.
    const INTEGER_AS_TEXT: &str = "TEXT";

    derive_cases!();
}
