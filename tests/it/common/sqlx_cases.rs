//! The sqlx cases shared by `sqlx_postgres.rs`, `sqlx_mysql.rs` and `sqlx_sqlite.rs`.
//!
//! [`Sample`] gives each column type its test values; [`sqlx_cases!`] generates the same
//! `#[tokio::test]`s for one database. The invoking module has in scope, before it invokes it
//! (the first four from this file's [`postgres`], [`mysql`] or [`sqlite`] module):
//!
//! - `type Db` (the `sqlx::Database`);
//! - `async fn connect() -> Option<sqlx::Pool<Db>>` (`None`: skip, the reason printed);
//! - `fn ph(n: usize) -> String`, the `n`th (1-based) placeholder;
//! - `fn column(storage: Storage) -> &'static str`, the documented column type;
//! - `const BLOB_COLUMN: &str`, a variable-length bytes column (for wrong-length values).

use std::fmt::Debug;

use idtypes::Ksuid;
use idtypes::RsXid;
use idtypes::{
    AsBytes, AsText, FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11,
    Uid11Xid, Ulid,
};

use idtypes::time_id::NodeId;

/// How a type is stored: the documented column of each database.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Storage {
    /// A signed 64-bit integer (`BIGINT`, SQLite's `INTEGER`).
    Integer,
    /// 8 big-endian bytes.
    Bytes8,
    /// 10 big-endian bytes (TBSL).
    Bytes10,
    /// 16 big-endian bytes (a ULID in `AsBytes`).
    Bytes16,
    /// 12 bytes (rs/xid's XID).
    Bytes12,
    /// 128 bits: PostgreSQL's `UUID`, MySQL's `BINARY(16)`, SQLite's `BLOB` (a ULID).
    Uuid,
    /// Text with a byte-wise collation.
    Text,
    /// Text with a byte-wise collation, long enough for a typed id's prefixed text
    /// (`AsText<TypedId>`): a 63-byte prefix, an 8-byte separator and a 512-byte record key.
    /// Only the typed ids' tests (`sqlx_derive`) use it.
    PrefixedText,
    /// 20 big-endian bytes (KSUID).
    Bytes20,
}

/// A small PRNG (splitmix64), seeded from the clock or `IDTYPES_SQLX_SEED`; prints its seed.
pub struct Rng(u64);

impl Rng {
    pub fn new() -> Rng {
        let seed = std::env::var("IDTYPES_SQLX_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| {
                std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(1, |d| d.as_nanos() as u64)
            });
        eprintln!("IDTYPES_SQLX_SEED={seed}");
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Shuffles in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, values: &mut [T]) {
        for i in (1..values.len()).rev() {
            values.swap(i, self.below(i + 1));
        }
    }
}

/// A column type's test values.
pub trait Sample: Clone + Ord + Debug + Send + Sync + Unpin + 'static {
    const STORAGE: Storage;
    /// What decode errors call the type.
    const NAME: &'static str;
    /// What text decode errors (of `AsText<Self>`) call the type.
    const TEXT_NAME: &'static str = Self::NAME;
    fn lowest() -> Self;
    fn highest() -> Self;
    fn random(rng: &mut Rng) -> Self;
    /// Values a database could order wrongly (top bit set, pre-1970, mixed case, ...).
    fn tricky() -> Vec<Self>;
    /// Whether a signed 64-bit column holds the value (all but TIDs with the top bit set).
    fn fits_signed(&self) -> bool {
        true
    }
}

/// `MIN`, `MAX`, the tricky values and `randoms` random ones.
pub fn samples<T: Sample>(rng: &mut Rng, randoms: usize) -> Vec<T> {
    let mut values = vec![T::lowest(), T::highest()];
    values.extend(T::tricky());
    values.extend((0..randoms).map(|_| T::random(rng)));
    values
}

fn u64_tricky() -> [u64; 6] {
    [
        1,
        (1 << 63) - 1,
        1 << 63,
        (1 << 63) + 1,
        u64::MAX - 1,
        0x00FF_FFFF_FFFF_FFFF,
    ]
}

macro_rules! u64_sample {
    ($ty:ty, $name:literal, $from:expr, $min:expr, $max:expr) => {
        u64_sample!($ty, $name, $name, $from, $min, $max);
    };
    ($ty:ty, $name:literal, $text_name:literal, $from:expr, $min:expr, $max:expr) => {
        impl Sample for $ty {
            const STORAGE: Storage = Storage::Integer;
            const NAME: &'static str = $name;
            // The name text errors carry (a profile's text errors name the profile).
            const TEXT_NAME: &'static str = $text_name;
            fn lowest() -> Self {
                $min
            }
            fn highest() -> Self {
                $max
            }
            fn random(rng: &mut Rng) -> Self {
                ($from)(rng.next_u64())
            }
            fn tricky() -> Vec<Self> {
                u64_tricky().into_iter().map($from).collect()
            }
            fn fits_signed(&self) -> bool {
                // Only a TID keeps its own integer, refusing the top bit.
                <$ty as idtypes::IdFormat>::NAME != "atproto TID" || self.to_u64() < 1 << 63
            }
        }
    };
}

// The TIDs a signed `BIGINT` holds: the top bit 0, as generated (`tid_top_bit` has the others).
u64_sample!(
    Tid,
    "atproto TID",
    |v: u64| Tid::from_u64(v & !(1 << 63)),
    Tid::MIN,
    Tid::from_u64(i64::MAX as u64)
);
u64_sample!(Uid11, "uid11", Uid11::from_u64, Uid11::MIN, Uid11::MAX);
u64_sample!(
    Uid11Xid,
    "uid11 xid",
    Uid11Xid::from_u64,
    Uid11Xid::MIN,
    Uid11Xid::MAX
);
u64_sample!(
    TsSeqRand,
    "ts-seq-rand uid11",
    TsSeqRand::from_u64,
    TsSeqRand::from_u64(0),
    TsSeqRand::from_u64(u64::MAX)
);
u64_sample!(
    FullRand,
    "fullrand uid11",
    FullRand::from_u64,
    FullRand::from_u64(0),
    FullRand::from_u64(u64::MAX)
);
u64_sample!(
    Snowish,
    "snowish uid11",
    |v: u64| Snowish::try_from_u64(v & !(1 << 63)).unwrap(),
    Snowish::try_from_u64(0).unwrap(),
    Snowish::try_from_u64(u64::MAX >> 1).unwrap()
);
u64_sample!(
    Snowflake,
    "Snowflake",
    Snowflake::from_u64,
    Snowflake::MIN,
    Snowflake::MAX
);
u64_sample!(
    idtypes::Sonyflake,
    "Sonyflake",
    idtypes::Sonyflake::from_u64,
    idtypes::Sonyflake::MIN,
    idtypes::Sonyflake::MAX
);

impl Sample for TimeId {
    const STORAGE: Storage = Storage::Integer;
    const NAME: &'static str = "TimeId";
    fn lowest() -> Self {
        TimeId::MIN
    }
    fn highest() -> Self {
        TimeId::MAX
    }
    fn random(rng: &mut Rng) -> Self {
        TimeId::from_i64(rng.next_u64() as i64)
    }
    fn tricky() -> Vec<Self> {
        let mut values: Vec<TimeId> = [i64::MIN, i64::MIN + 1, i64::MAX, -1024, 1024, 1]
            .into_iter()
            .map(TimeId::from_i64)
            .collect();
        // Pre-1970 (negative) and post-1970 ids near the epoch and far from it.
        for micros in [-1_000_000_000_000, -1, 0, 1, 1_721_407_246_480_310] {
            for node in [NodeId::MIN, NodeId::MAX] {
                values.push(TimeId::from_parts(micros, node).unwrap());
            }
        }
        values
    }
}

impl Sample for Tbsl {
    const STORAGE: Storage = Storage::Bytes10;
    const NAME: &'static str = "TBSL";
    fn lowest() -> Self {
        Tbsl::MIN
    }
    fn highest() -> Self {
        Tbsl::MAX
    }
    fn random(rng: &mut Rng) -> Self {
        let value = (u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64())) >> 48;
        Tbsl::try_from_u128(value).unwrap()
    }
    fn tricky() -> Vec<Self> {
        [1, 1 << 63, 1 << 64, 1 << 79, (1 << 79) - 1, (1 << 80) - 2]
            .into_iter()
            .map(|v| Tbsl::try_from_u128(v).unwrap())
            .collect()
    }
}

impl Sample for Ulid {
    const STORAGE: Storage = Storage::Uuid;
    const NAME: &'static str = "ULID";
    fn lowest() -> Self {
        Ulid::MIN
    }
    fn highest() -> Self {
        Ulid::MAX
    }
    fn random(rng: &mut Rng) -> Self {
        Ulid::from_u128(u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()))
    }
    fn tricky() -> Vec<Self> {
        // The top bit of each byte and of each 64-bit half (a database comparing signed
        // bytes or integers would misorder them), and real ULIDs of one millisecond.
        [
            1,
            1 << 63,
            1 << 64,
            1 << 127,
            (1 << 127) - 1,
            u128::MAX - 1,
            0x0080_0000_0000_0000_0000_0000_0000_0000,
            0x0180_0000_0000_8000_0000_0000_0000_0001,
        ]
        .into_iter()
        .map(Ulid::from_u128)
        .chain(
            ["01ARZ3NDEKTSV4RRFFQ69G5FAV", "01ARZ3NDEKTSV4RRFFQ69G5FAW"]
                .map(|t| t.parse().unwrap()),
        )
        .collect()
    }
}

impl Sample for Ksuid {
    const STORAGE: Storage = Storage::Bytes20;
    const NAME: &'static str = "KSUID";
    fn lowest() -> Self {
        Ksuid::MIN
    }
    fn highest() -> Self {
        Ksuid::MAX
    }
    fn random(rng: &mut Rng) -> Self {
        let mut bytes = [0u8; 20];
        for chunk in bytes.chunks_mut(8) {
            chunk.copy_from_slice(&rng.next_u64().to_be_bytes()[..chunk.len()]);
        }
        Ksuid::from_bytes(bytes)
    }
    fn tricky() -> Vec<Self> {
        // The top bit of the timestamp and of the payload's bytes (a database comparing
        // signed bytes would misorder them), the payload's carry into the timestamp, and
        // segmentio's example with its neighbours.
        [
            (0, 1),
            (0, u128::MAX),
            (1, 0),
            (1 << 31, 0),
            ((1 << 31) - 1, u128::MAX),
            (u32::MAX, u128::MAX - 1),
            (0, 1 << 127),
            (0, 0x80),
        ]
        .into_iter()
        .map(|(seconds, payload)| Ksuid::from_ksuid_parts(seconds, payload))
        .chain(
            [
                "0ujtsYcgvSTl8PAuAdqWYSMnLOv",
                "0ujtsYcgvSTl8PAuAdqWYSMnLOw",
                "0ujtsYcgvSTl8PAuAdqWYSMnLOZ",
            ]
            .map(|t| t.parse().unwrap()),
        )
        .collect()
    }
}

/// 12 random bytes (an rs/xid XID's, an ObjectId's).
fn random_bytes12(rng: &mut Rng) -> [u8; 12] {
    let (high, low) = (rng.next_u64().to_be_bytes(), rng.next_u64().to_be_bytes());
    std::array::from_fn(|i| if i < 8 { high[i] } else { low[i - 8] })
}

impl Sample for RsXid {
    const STORAGE: Storage = Storage::Bytes12;
    const NAME: &'static str = "rs/xid XID";
    fn lowest() -> Self {
        RsXid::MIN
    }
    fn highest() -> Self {
        RsXid::MAX
    }
    fn random(rng: &mut Rng) -> Self {
        RsXid::from_bytes(random_bytes12(rng))
    }
    fn tricky() -> Vec<Self> {
        // The top bit of each part (a database comparing signed bytes would misorder them),
        // rs/xid's own example, and two ids of one second.
        let mut tricky: Vec<RsXid> = [0, 3, 4, 7, 9, 11]
            .into_iter()
            .map(|i| {
                let mut bytes = [0u8; 12];
                bytes[i] = 0x80;
                RsXid::from_bytes(bytes)
            })
            .collect();
        tricky.extend(
            [
                "9m4e2mr0ui3e8a215n4g",
                "9m4e2mr0ui3e8a215n50",
                "vvvvvvvvvvvvvvvvvvv0",
            ]
            .map(|t| t.parse::<RsXid>().unwrap()),
        );
        tricky
    }
}

impl Sample for idtypes::ObjectId {
    const STORAGE: Storage = Storage::Bytes12;
    const NAME: &'static str = "ObjectId";
    fn lowest() -> Self {
        idtypes::ObjectId::MIN
    }
    fn highest() -> Self {
        idtypes::ObjectId::MAX
    }
    fn random(rng: &mut Rng) -> Self {
        idtypes::ObjectId::from_bytes(random_bytes12(rng))
    }
    fn tricky() -> Vec<Self> {
        // The top bit of each part, and two ids of one second.
        [0, 3, 4, 8, 9, 11]
            .into_iter()
            .map(|i| {
                let mut bytes = [0u8; 12];
                bytes[i] = 0x80;
                idtypes::ObjectId::from_bytes(bytes)
            })
            .chain(
                ["64b7f0a1c2d3e4f5a6b7c8d9", "64b7f0a1c2d3e4f5a6b7c8da"]
                    .map(|t| t.parse::<idtypes::ObjectId>().unwrap()),
            )
            .collect()
    }
}

const KEY_ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_~:";

impl Sample for RecordKey {
    const STORAGE: Storage = Storage::Text;
    const NAME: &'static str = "atproto record key";
    fn lowest() -> Self {
        RecordKey::parse("-").unwrap()
    }
    fn highest() -> Self {
        RecordKey::parse(&"~".repeat(RecordKey::MAX_LEN)).unwrap()
    }
    fn random(rng: &mut Rng) -> Self {
        loop {
            let len = 1 + rng.below(20);
            let text: String = (0..len)
                .map(|_| KEY_ALPHABET[rng.below(KEY_ALPHABET.len())] as char)
                .collect();
            if let Ok(key) = RecordKey::parse(&text) {
                return key;
            }
        }
    }
    fn tricky() -> Vec<Self> {
        [
            "A",
            "a",
            "B",
            "b",
            "~",
            ":",
            "0",
            "Z",
            "_",
            "aa",
            "aB",
            "Ab",
            "self",
            "Self",
            "3jzfcijpj2z2a",
            "...",
        ]
        .into_iter()
        .map(|k| RecordKey::parse(k).unwrap())
        .collect()
    }
}

impl<T: Sample + Copy> Sample for AsText<T> {
    const STORAGE: Storage = Storage::Text;
    const NAME: &'static str = T::TEXT_NAME;
    fn lowest() -> Self {
        AsText(T::lowest())
    }
    fn highest() -> Self {
        AsText(T::highest())
    }
    fn random(rng: &mut Rng) -> Self {
        AsText(T::random(rng))
    }
    fn tricky() -> Vec<Self> {
        T::tricky().into_iter().map(AsText).collect()
    }
}

impl<T: Sample + Copy> Sample for AsBytes<T> {
    const STORAGE: Storage = match T::STORAGE {
        Storage::Bytes10 => Storage::Bytes10,
        Storage::Bytes12 => Storage::Bytes12,
        Storage::Uuid | Storage::Bytes16 => Storage::Bytes16,
        Storage::Bytes20 => Storage::Bytes20,
        _ => Storage::Bytes8,
    };
    const NAME: &'static str = T::NAME;
    fn lowest() -> Self {
        AsBytes(T::lowest())
    }
    fn highest() -> Self {
        AsBytes(T::highest())
    }
    fn random(rng: &mut Rng) -> Self {
        AsBytes(T::random(rng))
    }
    fn tricky() -> Vec<Self> {
        T::tricky().into_iter().map(AsBytes).collect()
    }
}

/// Sorted copies of the values in any of `ranges`: what `BETWEEN` must return.
pub fn expected_in<T: Copy + Ord>(values: &[T], ranges: &[idtypes::IdRange<T>]) -> Vec<T> {
    let mut expected: Vec<T> = values
        .iter()
        .copied()
        .filter(|v| ranges.iter().any(|r| r.contains(v)))
        .collect();
    expected.sort();
    expected
}

/// The same ranges over the text form.
pub fn as_text_ranges<T: Copy>(ranges: &[idtypes::IdRange<T>]) -> Vec<(AsText<T>, AsText<T>)> {
    ranges
        .iter()
        .map(|r| (AsText(r.start()), AsText(r.end())))
        .collect()
}

/// Values around each range's ends (one before, the ends, one after) plus `extra`.
pub fn around_u64<T: Copy>(
    ranges: &[idtypes::IdRange<T>],
    to: impl Fn(T) -> u64,
    from: impl Fn(u64) -> T,
    extra: &[T],
) -> Vec<T> {
    let mut values = extra.to_vec();
    for r in ranges {
        for end in [to(r.start()), to(r.end())] {
            for v in [end.wrapping_sub(1), end, end.wrapping_add(1)] {
                values.push(from(v));
            }
        }
    }
    values
}

/// Calls `$cases!(@types name: Type, ...)` with every type a column holds: each format, the
/// record key, and each fixed-size format in `AsText` (but the Snowflake, whose decimal text
/// does not sort like its ids, as the order tests require) and in `AsBytes`. The one list the
/// database suites (`sqlx_cases!`, `diesel_cases!`) write their per-type tests from.
macro_rules! every_column_type {
    ($cases:ident) => {
        $cases!(@types
            tid: Tid,
            time_id: TimeId,
            uid11: Uid11,
            xid: Uid11Xid,
            snowish: Snowish,
            ts_seq_rand: TsSeqRand,
            full_rand: FullRand,
            snowflake: Snowflake,
            tbsl: Tbsl,
            ulid: Ulid,
            record_key: RecordKey,
            text_tid: AsText<Tid>,
            text_time_id: AsText<TimeId>,
            text_uid11: AsText<Uid11>,
            text_xid: AsText<Uid11Xid>,
            text_snowish: AsText<Snowish>,
            text_ts_seq_rand: AsText<TsSeqRand>,
            text_full_rand: AsText<FullRand>,
            text_tbsl: AsText<Tbsl>,
            text_ulid: AsText<Ulid>,
            bytes_tid: AsBytes<Tid>,
            bytes_time_id: AsBytes<TimeId>,
            bytes_uid11: AsBytes<Uid11>,
            bytes_xid: AsBytes<Uid11Xid>,
            bytes_snowish: AsBytes<Snowish>,
            bytes_ts_seq_rand: AsBytes<TsSeqRand>,
            bytes_full_rand: AsBytes<FullRand>,
            bytes_snowflake: AsBytes<Snowflake>,
            bytes_tbsl: AsBytes<Tbsl>,
            bytes_ulid: AsBytes<Ulid>,
            ksuid: Ksuid,
            text_ksuid: AsText<Ksuid>,
            bytes_ksuid: AsBytes<Ksuid>,
            sonyflake: Sonyflake,
            bytes_sonyflake: AsBytes<Sonyflake>,
            rs_xid: RsXid,
            text_rs_xid: AsText<RsXid>,
            bytes_rs_xid: AsBytes<RsXid>,
            object_id: ObjectId,
            text_object_id: AsText<ObjectId>,
            nanoid: NanoId,
            nanoid_lowercase16: NanoId<Lowercase, 16>,
            cuid2: Cuid2,
        );
    };
}

/// Generates the shared `#[tokio::test]`s for the database the invoking module describes.
macro_rules! sqlx_cases {
    () => {
        use idtypes::{AsBytes, AsText, FullRand, IdRange, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Ulid, Uid11Xid};
        use idtypes::Ksuid;
        use idtypes::Sonyflake;
        use idtypes::RsXid;
        use idtypes::ObjectId;
        use idtypes::time_id::NodeId;
        use idtypes::{NanoId, nanoid::Lowercase};
        use idtypes::Cuid2;
        use sqlx::{AssertSqlSafe, Row};
        use crate::common::sqlx_cases::{
            Rng, Sample, Storage, around_u64, as_text_ranges, expected_in, samples,
        };

        /// A type that is a column of `Db`.
        trait Column:
            Sample + sqlx::Type<Db> + for<'q> sqlx::Encode<'q, Db> + for<'r> sqlx::Decode<'r, Db>
        {
        }

        impl<T> Column for T where
            T: Sample
                + sqlx::Type<Db>
                + for<'q> sqlx::Encode<'q, Db>
                + for<'r> sqlx::Decode<'r, Db>
        {
        }

        async fn exec(pool: &sqlx::Pool<Db>, sql: String) {
            sqlx::query(AssertSqlSafe(sql.clone()))
                .execute(pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"));
        }

        /// A new table `(n INTEGER, id <column of T>)`.
        async fn create<T: Column>(pool: &sqlx::Pool<Db>, prefix: &str) -> String {
            let table = idtypes_tests::unique_table(prefix);
            exec(
                pool,
                format!("CREATE TABLE {table} (n INTEGER, id {})", column(T::STORAGE)),
            )
            .await;
            table
        }

        async fn drop_table(pool: &sqlx::Pool<Db>, table: &str) {
            exec(pool, format!("DROP TABLE {table}")).await;
        }

        /// Inserts the values, `n` numbering them from 0.
        async fn insert<T>(pool: &sqlx::Pool<Db>, table: &str, values: &[T])
        where
            T: Clone + std::fmt::Debug + sqlx::Type<Db> + for<'q> sqlx::Encode<'q, Db>,
        {
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

        async fn select<T>(pool: &sqlx::Pool<Db>, sql: String) -> Vec<T>
        where
            T: Send + Unpin + sqlx::Type<Db> + for<'r> sqlx::Decode<'r, Db>,
        {
            sqlx::query_scalar::<_, T>(AssertSqlSafe(sql.clone()))
                .fetch_all(pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"))
        }

        async fn round_trip<T: Column>() {
            let Some(pool) = connect().await else { return };
            let table = create::<T>(&pool, "idt_rt").await;
            let values = samples::<T>(&mut Rng::new(), 8);
            insert(&pool, &table, &values).await;

            let back: Vec<T> = select(&pool, format!("SELECT id FROM {table} ORDER BY n")).await;
            assert_eq!(back, values);

            // Each value finds its row by equality, and comes back with `query_as`.
            let sql = format!("SELECT n, id FROM {table} WHERE id = {}", ph(1));
            for value in [T::lowest(), T::highest(), values[values.len() - 1].clone()] {
                let rows: Vec<(i32, T)> = sqlx::query_as(AssertSqlSafe(sql.clone()))
                    .bind(value.clone())
                    .fetch_all(&pool)
                    .await
                    .unwrap();
                assert!(!rows.is_empty(), "{value:?} not found by equality");
                for (n, id) in rows {
                    assert_eq!(id, value);
                    assert_eq!(values[n as usize], value);
                }
            }
            drop_table(&pool, &table).await;
        }

        async fn option<T: Column>() {
            let Some(pool) = connect().await else { return };
            let table = create::<T>(&pool, "idt_opt").await;
            let values = [None, Some(T::lowest()), Some(T::highest()), None];
            insert(&pool, &table, &values).await;
            let back: Vec<Option<T>> =
                select(&pool, format!("SELECT id FROM {table} ORDER BY n")).await;
            assert_eq!(back, values);
            // A NULL decodes as `None` on its own too, and as an error for a plain `T`.
            let sql = format!("SELECT id FROM {table} WHERE n = 0");
            let null: Option<T> = sqlx::query_scalar(AssertSqlSafe(sql.clone()))
                .fetch_one(&pool)
                .await
                .unwrap();
            assert_eq!(null, None);
            let err = sqlx::query_scalar::<_, T>(AssertSqlSafe(sql))
                .fetch_one(&pool)
                .await
                .unwrap_err();
            assert!(matches!(err, sqlx::Error::ColumnDecode { .. }), "{err}");
            drop_table(&pool, &table).await;
        }

        async fn order_by<T: Column>() {
            let Some(pool) = connect().await else { return };
            let table = create::<T>(&pool, "idt_ord").await;
            let mut rng = Rng::new();
            let mut values = samples::<T>(&mut rng, 12);
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

            // The first and the last by the database's order (PostgreSQL has no `MIN(bytea)`).
            let sql = format!("SELECT id FROM {table} ORDER BY id LIMIT 1");
            let first: T = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
            assert_eq!(&first, sorted.last().unwrap(), "ORDER BY id LIMIT 1");
            let sql = format!("SELECT id FROM {table} ORDER BY id DESC LIMIT 1");
            let last: T = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
            assert_eq!(&last, sorted.first().unwrap(), "ORDER BY id DESC LIMIT 1");

            // `<` agrees with `Ord` for a bound with the top bit set / pre-1970 / lower case.
            let pivot = values[values.len() / 2].clone();
            let sql = format!("SELECT id FROM {table} WHERE id < {} ORDER BY id, n", ph(1));
            let below: Vec<T> = sqlx::query_scalar(AssertSqlSafe(sql))
                .bind(pivot.clone())
                .fetch_all(&pool)
                .await
                .unwrap();
            sorted.reverse();
            let expected: Vec<T> = sorted.iter().filter(|v| **v < pivot).cloned().collect();
            assert_eq!(below, expected, "WHERE id < {pivot:?}");
            drop_table(&pool, &table).await;
        }

        /// Rows of `values` with `id` in any of the ranges (bound ends), in `ORDER BY id`.
        async fn between<T: Column>(pool: &sqlx::Pool<Db>, values: &[T], ranges: &[(T, T)]) -> Vec<T> {
            let table = create::<T>(pool, "idt_rng").await;
            insert(pool, &table, values).await;
            let condition: Vec<String> = (0..ranges.len())
                .map(|i| format!("(id BETWEEN {} AND {})", ph(2 * i + 1), ph(2 * i + 2)))
                .collect();
            let sql = format!(
                "SELECT id FROM {table} WHERE {} ORDER BY id, n",
                condition.join(" OR ")
            );
            let mut query = sqlx::query_scalar::<_, T>(AssertSqlSafe(sql));
            for (start, end) in ranges {
                query = query.bind(start.clone()).bind(end.clone());
            }
            let rows = query.fetch_all(pool).await.unwrap();
            drop_table(pool, &table).await;
            rows
        }

        /// `BETWEEN` over the id's own column (the values and ranges a signed column holds, if
        /// it is one), the `AsBytes` column and the `AsText` column.
        async fn check_ranges<T>(values: &[T], ranges: &[IdRange<T>])
        where
            T: Column + Copy,
            AsBytes<T>: Column,
            AsText<T>: Column,
        {
            let Some(pool) = connect().await else { return };
            let expected = expected_in(values, ranges);
            assert!(!expected.is_empty(), "a range case without rows in range");
            assert!(expected.len() < values.len(), "a range case without rows out of range");
            let bounds: Vec<(T, T)> = ranges.iter().map(|r| (r.start(), r.end())).collect();
            if bounds.iter().all(|(start, end)| start.fits_signed() && end.fits_signed()) {
                let fitting: Vec<T> = values.iter().copied().filter(T::fits_signed).collect();
                let expected = expected_in(&fitting, ranges);
                assert_eq!(between(&pool, &fitting, &bounds).await, expected, "{ranges:?}");
            }

            let bytes: Vec<AsBytes<T>> = values.iter().copied().map(AsBytes).collect();
            let bounds: Vec<(AsBytes<T>, AsBytes<T>)> =
                ranges.iter().map(|r| (AsBytes(r.start()), AsBytes(r.end()))).collect();
            let rows = between(&pool, &bytes, &bounds).await;
            let in_bytes: Vec<AsBytes<T>> = expected.iter().copied().map(AsBytes).collect();
            assert_eq!(rows, in_bytes, "as bytes, {ranges:?}");

            let texts: Vec<AsText<T>> = values.iter().copied().map(AsText).collect();
            let rows = between(&pool, &texts, &as_text_ranges(ranges)).await;
            let expected: Vec<AsText<T>> = expected.into_iter().map(AsText).collect();
            assert_eq!(rows, expected, "as text, {ranges:?}");
        }

        fn random_values<T: Sample>(n: usize) -> Vec<T> {
            let mut rng = Rng::new();
            (0..n).map(|_| T::random(&mut rng)).collect()
        }

        #[tokio::test]
        async fn range_tid_prefix() {
            for prefix in ["3jzf", "b", "2", "bzzzzzzzzzzzz"] {
                let range = Tid::range_for_prefix(prefix).unwrap().unwrap();
                let mut extra = random_values::<Tid>(6);
                extra.extend([Tid::MIN, Tid::MAX, Tid::from_u64(1 << 63), "3jzfcijpj2z2a".parse().unwrap()]);
                let values = around_u64(&[range], Tid::to_u64, Tid::from_u64, &extra);
                check_ranges(&values, &[range]).await;
            }
        }

        #[tokio::test]
        async fn range_tid_time() {
            use std::time::{Duration, UNIX_EPOCH};
            let day = UNIX_EPOCH + Duration::from_secs(1_688_083_200);
            let range = Tid::range_for_time(day..day + Duration::from_secs(86_400)).unwrap();
            let micros = Tid::range_for_micros(1_688_083_200_000_000, 1_688_169_599_999_999).unwrap();
            assert_eq!(range, micros);
            let mut extra = random_values::<Tid>(4);
            extra.extend([Tid::MIN, Tid::MAX, "3jzfcijpj2z2a".parse().unwrap()]);
            for m in [1_688_083_199_999_999, 1_688_083_200_000_000, 1_688_169_599_999_999, 1_688_169_600_000_000] {
                for clock in [0, 1023] {
                    extra.push(Tid::from_parts(m, clock).unwrap());
                }
            }
            let values = around_u64(&[range], Tid::to_u64, Tid::from_u64, &extra);
            check_ranges(&values, &[range]).await;
            // Up to the last TID of the layout (`bzzzzzzzzzzzz`, whose integer is i64::MAX): the
            // top-bit TIDs, which only text makes, are in no time range.
            let open = Tid::range_for_time(day..).unwrap();
            assert_eq!(open.end(), Tid::from_u64(i64::MAX as u64));
            check_ranges(&values, &[open]).await;
        }

        fn time_ids_around(ranges: &[IdRange<TimeId>]) -> Vec<TimeId> {
            let mut extra = random_values::<TimeId>(6);
            extra.extend(TimeId::tricky());
            extra.extend([TimeId::MIN, TimeId::MAX]);
            around_u64(
                ranges,
                |id: TimeId| id.to_i64() as u64,
                |v| TimeId::from_i64(v as i64),
                &extra,
            )
        }

        #[tokio::test]
        async fn range_time_id_prefix() {
            let before_1970 = TimeId::from_parts(-1_000_000_000, NodeId::MIN).unwrap().encode();
            for prefix in ["3kxn-lhr", "3kxn", "2", &before_1970.as_str()[..4]] {
                let range = TimeId::range_for_prefix(prefix).unwrap().unwrap();
                check_ranges(&time_ids_around(&[range]), &[range]).await;
            }
        }

        #[tokio::test]
        async fn range_time_id_micros() {
            // Across 1970: two ranges, joined with OR.
            let ranges = TimeId::ranges_for_micros(-3_000_000, 2_000_000);
            assert_eq!(ranges.len(), 2);
            let mut values = time_ids_around(ranges.as_slice());
            for micros in [-3_000_001, -3_000_000, -1, 0, 2_000_000, 2_000_001] {
                for node in [NodeId::MIN, NodeId::MAX] {
                    values.push(TimeId::from_parts(micros, node).unwrap());
                }
            }
            for v in &values {
                let m = v.timestamp_micros();
                assert_eq!(ranges.contains(v), (-3_000_000..=2_000_000).contains(&m), "{v:?}");
            }
            check_ranges(&values, ranges.as_slice()).await;
            use std::time::{Duration, UNIX_EPOCH};
            let span = UNIX_EPOCH - Duration::from_secs(3)..=UNIX_EPOCH + Duration::from_secs(2);
            assert_eq!(TimeId::ranges_for_time(span), ranges);
            // Within one side of 1970: one range.
            for (start, end) in [(-5_000_000, -1), (0, 1_721_407_246_480_310)] {
                let ranges = TimeId::ranges_for_micros(start, end);
                assert_eq!(ranges.len(), 1);
                check_ranges(&values, ranges.as_slice()).await;
            }
        }

        #[tokio::test]
        async fn range_uid11_prefix() {
            for prefix in ["j", "jpX", "5", "1111111NV", "h"] {
                let range = Uid11::range_for_prefix(prefix).unwrap().unwrap();
                let mut extra = random_values::<Uid11>(6);
                extra.extend(Uid11::tricky());
                extra.extend([Uid11::MIN, Uid11::MAX]);
                let values = around_u64(&[range], Uid11::to_u64, Uid11::from_u64, &extra);
                check_ranges(&values, &[range]).await;
            }
        }

        /// Decodes column `col` of the row `n` of a table of wrong values as `T`.
        async fn decode_error<T: Column>(pool: &sqlx::Pool<Db>, table: &str, col: &str, n: i32) -> String {
            let sql = format!("SELECT {col} FROM {table} WHERE n = {n}");
            let row = sqlx::query(AssertSqlSafe(sql)).fetch_one(pool).await.unwrap();
            let err = row.try_get::<T, _>(0).map(|v| format!("{v:?}")).unwrap_err();
            assert!(matches!(err, sqlx::Error::ColumnDecode { .. }), "{err}");
            let message = err.to_string();
            assert!(
                message.contains(T::NAME),
                "the error for {}, row {n}, does not name {:?}: {message}",
                std::any::type_name::<T>(),
                T::NAME
            );
            // This crate's own error, as the source.
            let found = crate::common::refused::idtypes_error(&err)
                .unwrap_or_else(|| panic!("not idtypes' error: {err:?}"));
            assert!(found.to_string().contains(T::NAME), "{found}");
            // The same through `query_scalar`.
            let sql = format!("SELECT {col} FROM {table} WHERE n = {n}");
            let err = sqlx::query_scalar::<_, T>(AssertSqlSafe(sql))
                .fetch_one(pool)
                .await
                .map(|v| format!("{v:?}"))
                .unwrap_err();
            assert!(err.to_string().contains(T::NAME), "{err}");
            message
        }

        #[tokio::test]
        async fn decode_errors() {
            let Some(pool) = connect().await else { return };
            let table = idtypes_tests::unique_table("idt_bad");
            exec(
                &pool,
                format!("CREATE TABLE {table} (n INTEGER, b {BLOB_COLUMN}, t {}, s {SIGNED_COLUMN})", column(Storage::Text)),
            )
            .await;
            let rows: [(i32, Vec<u8>, &str); 7] = [
                (0, vec![0xAB; 9], "3jzfcijpj2z2"),
                (1, vec![1; 7], "3jzfcijpj2z2a!"),
                (2, vec![0x80, 0, 0, 0, 0, 0, 0, 1], "a/b"),
                (3, vec![], "."),
                (4, vec![7; 11], "lzzzzzzzzzzzz"),
                (5, vec![1; 8], "0OIl0OIl0OI"),
                (6, vec![1; 10], "a b"),
            ];
            let sql = format!("INSERT INTO {table} (n, b, t) VALUES ({}, {}, {})", ph(1), ph(2), ph(3));
            for (n, bytes, text) in rows {
                sqlx::query(AssertSqlSafe(sql.clone()))
                    .bind(n)
                    .bind(bytes)
                    .bind(text)
                    .execute(&pool)
                    .await
                    .unwrap();
            }
            // The cases of the brief.
            let m = decode_error::<AsBytes<Tbsl>>(&pool, &table, "b", 0).await;
            assert!(m.contains("10 bytes") && m.contains('9'), "{m}");
            let m = decode_error::<AsBytes<Tid>>(&pool, &table, "b", 1).await;
            assert!(m.contains("8 bytes") && m.contains('7'), "{m}");
            decode_error::<AsText<Tid>>(&pool, &table, "t", 0).await;
            decode_error::<AsText<Tid>>(&pool, &table, "t", 1).await;
            decode_error::<AsText<Tid>>(&pool, &table, "t", 4).await;
            decode_error::<RecordKey>(&pool, &table, "t", 2).await;
            decode_error::<RecordKey>(&pool, &table, "t", 3).await;
            decode_error::<RecordKey>(&pool, &table, "t", 6).await;
            decode_error::<AsBytes<Snowish>>(&pool, &table, "b", 2).await;
            // Every fixed-size type refuses every wrong length, and every text type bad text.
            for n in [0, 1, 3, 4] {
                decode_error::<AsBytes<Tid>>(&pool, &table, "b", n).await;
                decode_error::<AsBytes<TimeId>>(&pool, &table, "b", n).await;
                decode_error::<AsBytes<Uid11>>(&pool, &table, "b", n).await;
                decode_error::<AsBytes<Uid11Xid>>(&pool, &table, "b", n).await;
                decode_error::<AsBytes<Snowish>>(&pool, &table, "b", n).await;
                decode_error::<AsBytes<TsSeqRand>>(&pool, &table, "b", n).await;
                decode_error::<AsBytes<FullRand>>(&pool, &table, "b", n).await;
            }
            for n in [0, 1, 2, 3, 4, 5] {
                decode_error::<AsBytes<Tbsl>>(&pool, &table, "b", n).await;
            }
            for n in [0, 1, 2, 3, 4, 5, 6] {
                decode_error::<AsBytes<RsXid>>(&pool, &table, "b", n).await;
                decode_error::<RsXid>(&pool, &table, "b", n).await;
            }
            for n in [2, 3, 6] {
                decode_error::<AsText<TimeId>>(&pool, &table, "t", n).await;
                decode_error::<AsText<Uid11>>(&pool, &table, "t", n).await;
                decode_error::<AsText<Uid11Xid>>(&pool, &table, "t", n).await;
                decode_error::<AsText<Snowish>>(&pool, &table, "t", n).await;
                decode_error::<AsText<TsSeqRand>>(&pool, &table, "t", n).await;
                decode_error::<AsText<FullRand>>(&pool, &table, "t", n).await;
                decode_error::<AsText<Tbsl>>(&pool, &table, "t", n).await;
                decode_error::<AsText<RsXid>>(&pool, &table, "t", n).await;
            }
            decode_error::<AsText<Uid11>>(&pool, &table, "t", 5).await;
            // The right lengths decode.
            let sql = format!("SELECT b FROM {table} WHERE n = 5");
            let tid: AsBytes<Tid> = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
            assert_eq!(tid.0.to_u64(), 0x0101_0101_0101_0101);
            let sql = format!("SELECT b FROM {table} WHERE n = 6");
            let tbsl: Tbsl = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
            assert_eq!(tbsl.to_bytes(), [1; 10]);
            let sql = format!("SELECT b FROM {table} WHERE n = 2");
            let uid: AsBytes<Uid11> = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
            assert_eq!(uid.0.to_u64(), (1 << 63) | 1);
            // A negative integer is no TID's or snowish id's (their ids keep the top bit 0).
            exec(&pool, format!("UPDATE {table} SET s = -5 WHERE n = 0")).await;
            let m = decode_error::<Tid>(&pool, &table, "s", 0).await;
            assert!(m.contains("-5"), "{m}");
            decode_error::<Snowish>(&pool, &table, "s", 0).await;
            drop_table(&pool, &table).await;
        }

        /// Bad stored values (`common/refused.rs`) read as the types that refuse them: this
        /// crate's errors, as the source of sqlx's `ColumnDecode`, naming the type (a typed
        /// id's name too).
        #[tokio::test]
        async fn bad_stored_values_are_idtypes_errors() {
            let Some(pool) = connect().await else { return };
            let table = idtypes_tests::unique_table("idt_refused");
            let text = column(Storage::Text);
            exec(&pool, crate::common::refused::create_table(&table, BLOB_COLUMN, text, SIGNED_COLUMN)).await;
            let sql = format!("INSERT INTO {table} (n, b, t, s) VALUES ({}, {}, {}, {})", ph(1), ph(2), ph(3), ph(4));
            for (n, bytes, text, signed) in crate::common::refused::ROWS {
                sqlx::query(AssertSqlSafe(sql.clone()))
                    .bind(n)
                    .bind(bytes)
                    .bind(text)
                    .bind(signed)
                    .execute(&pool)
                    .await
                    .unwrap();
            }
            exec(&pool, crate::common::refused::copy_bytes(&table)).await;
            macro_rules! refused {
                ($ty:ty, $col:expr, $n:expr, $kind:expr, $name:expr) => {{
                    let sql = format!("SELECT {} FROM {table} WHERE n = {}", $col, $n);
                    let row = sqlx::query(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
                    let err = row.try_get_unchecked::<$ty, _>(0).map(|v| format!("{v:?}")).unwrap_err();
                    crate::common::refused::assert_refused(&err, $kind, $name);
                }};
            }
            stored_value_cases!(refused, !column(Storage::Uuid).eq_ignore_ascii_case("uuid"));
            drop_table(&pool, &table).await;
        }

        /// Reads column `col` of row `n` as `T`, which must fail for the column's type (with
        /// and without sqlx's own check of the type): the message, which names `T` (`name`).
        async fn wrong_column<T: Column>(pool: &sqlx::Pool<Db>, table: &str, col: &str, n: i32, name: &str) -> String {
            let sql = format!("SELECT {col} FROM {table} WHERE n = {n}");
            let row = sqlx::query(AssertSqlSafe(sql)).fetch_one(pool).await.unwrap();
            let what = format!("{} from {col}, row {n}", std::any::type_name::<T>());
            // Without sqlx's check of the column type: the decoding itself refuses.
            let err = row
                .try_get_unchecked::<T, _>(0)
                .map(|v| format!("{v:?}"))
                .expect_err(&what);
            let message = err.to_string();
            assert!(message.contains(&format!("{name} in a column of the wrong type: expected ")), "{what}: {message}");
            // With it: refused too (by `compatible`, sqlx's message).
            let err = row.try_get::<T, _>(0).map(|v| format!("{v:?}")).expect_err(&what);
            assert!(matches!(err, sqlx::Error::ColumnDecode { .. }), "{what}: {err}");
            message
        }

        /// `T`, a bytes id, refuses every text of the table `wrong_column_types` makes.
        async fn refuse_text<T: Column>(pool: &sqlx::Pool<Db>, table: &str) {
            for (col, n) in [("t", 0), ("t", 1), ("t", 2), ("l", 3)] {
                let m = wrong_column::<T>(pool, table, col, n, T::NAME).await;
                assert!(m.ends_with(WRONG_FOR_BYTES), "{m}");
            }
        }

        /// `T`, an integer id, refuses every text and every bytes value of that table.
        async fn refuse_all_but_integers<T: Column>(pool: &sqlx::Pool<Db>, table: &str) {
            let found_text = WRONG_FOR_BYTES.rsplit_once(", ").unwrap().1;
            for (col, n) in [("t", 0), ("t", 1), ("t", 2), ("l", 3)] {
                let m = wrong_column::<T>(pool, table, col, n, T::NAME).await;
                assert!(m.ends_with(found_text), "{m}");
            }
            let found_bytes = WRONG_FOR_TEXT.rsplit_once(", ").unwrap().1;
            for n in [0, 1, 2] {
                let m = wrong_column::<T>(pool, table, "b", n, T::NAME).await;
                assert!(m.ends_with(found_bytes), "{m}");
            }
        }

        /// `T`, read from text, refuses every bytes value of that table.
        async fn refuse_bytes<T: Column>(pool: &sqlx::Pool<Db>, table: &str, name: &str) {
            for n in [0, 1, 2] {
                let m = wrong_column::<T>(pool, table, "b", n, name).await;
                assert!(m.ends_with(WRONG_FOR_TEXT), "{m}");
            }
        }

        /// Bytes ids read only bytes, text only text: a value in the wrong kind of column is an
        /// error, not an id, whatever its content.
        #[tokio::test]
        async fn wrong_column_types() {
            let Some(pool) = connect().await else { return };
            let table = idtypes_tests::unique_table("idt_kind");
            exec(
                &pool,
                format!(
                    "CREATE TABLE {table} (n INTEGER, b {BLOB_COLUMN}, t {}, l {LATIN_TEXT_COLUMN})",
                    column(Storage::Text),
                ),
            )
            .await;
            let rows: [(i32, Vec<u8>, &str); 3] = [
                (0, vec![0xFF; 8], "abcdefgh"),
                (1, vec![0xFF; 10], "0123456789"),
                (2, b"3jzfcijpj2z2a".to_vec(), "3jzfcijpj2z2a"),
            ];
            let sql = format!("INSERT INTO {table} (n, b, t) VALUES ({}, {}, {})", ph(1), ph(2), ph(3));
            for (n, bytes, text) in rows {
                sqlx::query(AssertSqlSafe(sql.clone()))
                    .bind(n)
                    .bind(bytes)
                    .bind(text)
                    .execute(&pool)
                    .await
                    .unwrap();
            }
            // Text made of eight 0xFF bytes (each a character of a single-byte charset).
            exec(&pool, format!("INSERT INTO {table} (n, l) VALUES (3, {FF_TEXT})")).await;

            // Each bytes id refuses text: an 8 or 10 character text (bytes of the right
            // length), valid text of the id, text from 0xFF bytes.
            refuse_text::<AsBytes<Tid>>(&pool, &table).await;
            refuse_text::<AsBytes<TimeId>>(&pool, &table).await;
            refuse_text::<AsBytes<Uid11>>(&pool, &table).await;
            refuse_text::<AsBytes<Uid11Xid>>(&pool, &table).await;
            refuse_text::<AsBytes<Snowish>>(&pool, &table).await;
            refuse_text::<AsBytes<TsSeqRand>>(&pool, &table).await;
            refuse_text::<AsBytes<FullRand>>(&pool, &table).await;
            refuse_text::<AsBytes<Tbsl>>(&pool, &table).await;
            refuse_text::<Tbsl>(&pool, &table).await;
            refuse_text::<AsBytes<RsXid>>(&pool, &table).await;
            refuse_text::<RsXid>(&pool, &table).await;

            // The integer ids refuse text and bytes alike, even eight bytes.
            refuse_all_but_integers::<Tid>(&pool, &table).await;
            refuse_all_but_integers::<TimeId>(&pool, &table).await;
            refuse_all_but_integers::<Uid11>(&pool, &table).await;
            refuse_all_but_integers::<Uid11Xid>(&pool, &table).await;
            refuse_all_but_integers::<Snowish>(&pool, &table).await;
            refuse_all_but_integers::<TsSeqRand>(&pool, &table).await;
            refuse_all_but_integers::<FullRand>(&pool, &table).await;

            // Text reads refuse bytes, even bytes that are valid text.
            refuse_bytes::<AsText<Tid>>(&pool, &table, "atproto TID").await;
            refuse_bytes::<AsText<TimeId>>(&pool, &table, "TimeId").await;
            refuse_bytes::<AsText<Uid11>>(&pool, &table, "uid11").await;
            refuse_bytes::<AsText<Uid11Xid>>(&pool, &table, "uid11 xid").await;
            refuse_bytes::<AsText<Snowish>>(&pool, &table, "snowish uid11").await;
            refuse_bytes::<AsText<TsSeqRand>>(&pool, &table, "ts-seq-rand uid11").await;
            refuse_bytes::<AsText<FullRand>>(&pool, &table, "fullrand uid11").await;
            refuse_bytes::<AsText<Tbsl>>(&pool, &table, "TBSL").await;
            refuse_bytes::<AsText<RsXid>>(&pool, &table, "rs/xid XID").await;
            refuse_bytes::<RecordKey>(&pool, &table, "atproto record key").await;

            // The exact message, for one of each.
            let m = wrong_column::<Tbsl>(&pool, &table, "t", 1, "TBSL").await;
            let expected = format!("TBSL in a column of the wrong type: expected {WRONG_FOR_BYTES}");
            assert!(m.ends_with(&expected), "{m}");

            // The right kinds of column still decode.
            let sql = format!("SELECT b FROM {table} WHERE n = 0");
            let tid: AsBytes<Tid> = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
            assert_eq!(tid.0, Tid::from_u64(u64::MAX));
            let sql = format!("SELECT t FROM {table} WHERE n = 2");
            let text: AsText<Tid> = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
            assert_eq!(text.0, "3jzfcijpj2z2a".parse::<Tid>().unwrap());
            let sql = format!("SELECT t FROM {table} WHERE n = 0");
            let key: RecordKey = sqlx::query_scalar(AssertSqlSafe(sql)).fetch_one(&pool).await.unwrap();
            assert_eq!(key.as_str(), "abcdefgh");
            drop_table(&pool, &table).await;
        }

        /// TIDs with the top bit set (text starting `c`..`j`: valid, never generated): the
        /// signed column refuses them with an error that says why and what to do, and
        /// `AsBytes` keeps them, in order.
        #[tokio::test]
        async fn tid_top_bit() {
            let Some(pool) = connect().await else { return };
            let high: Tid = "c222222222222".parse().unwrap();
            assert_eq!(high.to_u64(), 1 << 63);
            let below = Tid::from_u64(i64::MAX as u64);
            let table = create::<Tid>(&pool, "idt_top").await;
            insert(&pool, &table, &[below]).await;
            let sql = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            let result = sqlx::query(AssertSqlSafe(sql)).bind(1).bind(high).execute(&pool).await;
            let message = result.unwrap_err().to_string();
            assert!(
                message.contains("an atproto TID `c222222222222` does not fit a signed 64-bit column")
                    && message.contains("AsBytes"),
                "{message}"
            );
            drop_table(&pool, &table).await;

            let table = create::<AsBytes<Tid>>(&pool, "idt_topb").await;
            insert(&pool, &table, &[AsBytes(high), AsBytes(below), AsBytes(Tid::MAX)]).await;
            let back: Vec<AsBytes<Tid>> = select(&pool, format!("SELECT id FROM {table} ORDER BY id")).await;
            assert_eq!(back, [AsBytes(below), AsBytes(high), AsBytes(Tid::MAX)]);
            drop_table(&pool, &table).await;
        }

        every_column_type!(sqlx_cases);
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
                async fn option() {
                    super::option::<$ty>().await;
                }

                #[tokio::test]
                async fn order_by() {
                    super::order_by::<$ty>().await;
                }
            }
        )*
    };
}

/// PostgreSQL's connection, placeholders and documented columns (`IDTYPES_TEST_POSTGRES_URL`;
/// `connect` gives `None`, a skip, when it is unset).
pub mod postgres {
    use super::Storage;

    pub type Db = sqlx::Postgres;

    pub async fn connect() -> Option<sqlx::Pool<Db>> {
        let url = idtypes_tests::postgres_url()?;
        let pool = sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
        Some(pool)
    }

    pub fn ph(n: usize) -> String {
        format!("${n}")
    }

    pub fn column(storage: Storage) -> &'static str {
        match storage {
            Storage::Integer => "BIGINT",
            Storage::Bytes8 | Storage::Bytes10 | Storage::Bytes16 | Storage::Bytes12 => "BYTEA",
            Storage::Uuid => "UUID",
            Storage::Text | Storage::PrefixedText => "TEXT COLLATE \"C\"",
            Storage::Bytes20 => "BYTEA",
        }
    }
}

/// MySQL / MariaDB's connection, placeholders and documented columns
/// (`IDTYPES_TEST_MYSQL_URL`; `connect` gives `None`, a skip, when it is unset).
pub mod mysql {
    use super::Storage;

    pub type Db = sqlx::MySql;

    pub async fn connect() -> Option<sqlx::Pool<Db>> {
        let url = idtypes_tests::mysql_url()?;
        let pool = sqlx::mysql::MySqlPoolOptions::new()
            .max_connections(1)
            .connect(&url)
            .await
            .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
        Some(pool)
    }

    pub fn ph(_n: usize) -> String {
        "?".to_owned()
    }

    /// Text must compare bytes: the server default (`utf8mb4_general_ci`) would make `a`
    /// equal `A`.
    pub fn column(storage: Storage) -> &'static str {
        match storage {
            Storage::Integer => "BIGINT",
            Storage::Bytes8 => "BINARY(8)",
            Storage::Bytes10 => "BINARY(10)",
            Storage::Bytes12 => "BINARY(12)",
            Storage::Bytes16 | Storage::Uuid => "BINARY(16)",
            Storage::Text => "VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin",
            Storage::PrefixedText => "VARCHAR(600) CHARACTER SET ascii COLLATE ascii_bin",
            Storage::Bytes20 => "BINARY(20)",
        }
    }
}

/// SQLite's connection (embedded, in memory: always runs), placeholders and columns.
pub mod sqlite {
    use super::Storage;

    pub type Db = sqlx::Sqlite;

    /// One in-memory database per test: one connection, since each connection has its own.
    pub async fn connect() -> Option<sqlx::Pool<Db>> {
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(1)
            .connect("sqlite::memory:")
            .await
            .expect("open an in-memory SQLite database");
        Some(pool)
    }

    pub fn ph(_n: usize) -> String {
        "?".to_owned()
    }

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
}

/// A NanoID of any type: its smallest and largest texts (the alphabet's lowest and highest
/// byte repeated), random ids from the reference's mapping, and texts that differ only in case
/// or in the last symbol (what a case-folding collation would order wrongly).
impl<A: idtypes::nanoid::NanoAlphabet + Unpin, const LEN: usize> Sample
    for idtypes::NanoId<A, LEN>
{
    const STORAGE: Storage = Storage::Text;
    const NAME: &'static str = "NanoID";
    fn lowest() -> Self {
        let low = A::SYMBOLS.bytes().min().unwrap() as char;
        low.to_string().repeat(LEN).parse().unwrap()
    }
    fn highest() -> Self {
        let high = A::SYMBOLS.bytes().max().unwrap() as char;
        high.to_string().repeat(LEN).parse().unwrap()
    }
    fn random(rng: &mut Rng) -> Self {
        idtypes::NanoId::from_random(|buffer| {
            for byte in buffer {
                *byte = rng.next_u64() as u8;
            }
        })
    }
    fn tricky() -> Vec<Self> {
        let mut sorted: Vec<u8> = A::SYMBOLS.bytes().collect();
        sorted.sort_unstable();
        let mut values = Vec::new();
        for &symbol in &sorted {
            let mut text = vec![sorted[sorted.len() / 2]; LEN];
            text[LEN - 1] = symbol;
            values.push(String::from_utf8(text).unwrap().parse().unwrap());
            let mut text = vec![symbol; LEN];
            text[0] = sorted[0];
            values.push(String::from_utf8(text).unwrap().parse().unwrap());
        }
        values
    }
}

/// CUID2s: the smallest and largest texts (`a0`, 32 `z`s), texts of every length from 2 to
/// 32, and texts that differ only in their last character or length (what a case-folding or
/// padding collation would order wrongly).
impl Sample for idtypes::Cuid2 {
    const STORAGE: Storage = Storage::Text;
    const NAME: &'static str = "CUID2";
    fn lowest() -> Self {
        "a0".parse().unwrap()
    }
    fn highest() -> Self {
        "z".repeat(32).parse().unwrap()
    }
    fn random(rng: &mut Rng) -> Self {
        const DIGITS: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyz";
        let len = 2 + rng.below(31);
        let text: String = (0..len)
            .map(|i| {
                let symbols = if i == 0 { &DIGITS[10..] } else { DIGITS };
                symbols[rng.below(symbols.len())] as char
            })
            .collect();
        text.parse().unwrap()
    }
    fn tricky() -> Vec<Self> {
        [
            "aa",
            "a00",
            "a0z",
            "az",
            "b0",
            "tz4a98xxat96iws9zmbrgj3a",
            "tz4a98xxat96iws9zmbrgj3a0",
            "tz4a98xxat96iws9zmbrgj3z",
            "zz",
        ]
        .into_iter()
        .map(|text| text.parse().unwrap())
        .collect()
    }
}
