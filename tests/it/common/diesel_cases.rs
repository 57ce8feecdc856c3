//! The diesel cases shared by `diesel_postgres.rs`, `diesel_mysql.rs` and `diesel_sqlite.rs`:
//! the same columns as the sqlx cases (`sqlx_cases.rs`, whose [`Sample`] values they use),
//! read and written through diesel's sync `Connection`: diesel's own on SQLite, diesel-async's
//! in its `AsyncConnectionWrapper` on PostgreSQL and MySQL (see those modules).
//!
//! [`diesel_cases!`] generates the tests for one database. The invoking module has in scope,
//! before it invokes it:
//!
//! - `type Db` (the diesel backend) and `type Conn` (its connection);
//! - `type SqlxDb`, sqlx's database, and `fn both() -> Option<(Conn, sqlx::Pool<SqlxDb>,
//!   tokio::runtime::Runtime, Option<PathBuf>)>`, a diesel connection and an sqlx pool to one
//!   database, the runtime the pool runs on, and a database file to remove afterwards;
//! - `fn connect() -> Option<Conn>` (`None`: skip, the reason printed);
//! - `fn ph(n: usize) -> String`, the `n`th (1-based) placeholder;
//! - `fn column(storage: Storage) -> &'static str`, the documented column type;
//! - `const BLOB_COLUMN: &str`, `const SIGNED_COLUMN: &str` and `const REAL_COLUMN: &str`, a
//!   variable-length bytes column, a signed 64-bit integer column and a floating-point one;
//! - `const TEXT_APART_FROM_BYTES: bool`, whether diesel's values tell text from bytes (not
//!   on MySQL);
//! - `type UuidSql`, the SQL type of a ULID's or a typed UUID's column (`Uuid` on PostgreSQL,
//!   else `Binary`), and `fn uuid_literal(&Uuid) -> String`, a UUID as an SQL literal of its
//!   column;
//! - `const WRONG_FOR_BYTES: &str` and `WRONG_FOR_TEXT`, how the errors of a value in the
//!   wrong kind of column end (where `TEXT_APART_FROM_BYTES`).
//!
//! [`Sample`]: super::sqlx_cases::Sample

/// `Column` for each type `$ty`, of SQL type `$sql` (for [`diesel_cases!`]).
macro_rules! diesel_column {
    ($sql:ty: $($ty:ty),*) => {$(
        impl Column for $ty {
            type Sql = $sql;

            fn bind<'f>(query: Query<'f>, value: Self) -> Query<'f> {
                query.bind::<$sql, _>(value)
            }

            fn bind_option<'f>(query: Query<'f>, value: Option<Self>) -> Query<'f> {
                query.bind::<Nullable<$sql>, _>(value)
            }
        }
    )*};
}

/// Generates the shared `#[test]`s for the database the invoking module describes.
macro_rules! diesel_cases {
    () => {
        use std::marker::PhantomData;

        use diesel::RunQueryDsl;
        use diesel::deserialize::{FromSql, QueryableByName};
        use diesel::expression::AsExpression;
        use diesel::query_builder::{BoxedSqlQuery, QueryId, SqlQuery};
        use diesel::row::NamedRow;
        use diesel::serialize::ToSql;
        use diesel::sql_types::{
            BigInt, Binary, HasSqlType, Integer, Nullable, SingleValue, SqlType, Text,
        };
        use idtypes::time_id::NodeId;
        use idtypes::{NanoId, nanoid::Lowercase};
        use idtypes::Cuid2;
        use idtypes::{
            AsBytes, AsText, FullRand, IdRange, RecordKey, Snowish, Tbsl, Tid, TimeId, TsSeqRand,
            Uid11, Ulid, Uid11Xid, Snowflake,
        };
        use idtypes::Ksuid;
        use idtypes::Sonyflake;
        use idtypes::RsXid;
        use idtypes::ObjectId;

        use crate::common::sqlx_cases::{
            Rng, Sample, Storage, around_u64, as_text_ranges, expected_in, samples,
        };

        /// A type that is a column of `Db`, read and written as its SQL type `Sql`.
        trait Column: Sample + FromSql<Self::Sql, Db> + ToSql<Self::Sql, Db> {
            /// The SQL type `table!` declares for the column.
            type Sql: SqlType<IsNull = diesel::sql_types::is_nullable::NotNull>
                + SingleValue
                + QueryId
                + Send
                + 'static;

            /// Binds `value` as `Sql`.
            fn bind<'f>(query: Query<'f>, value: Self) -> Query<'f>;

            /// Binds `value` as `Nullable<Sql>`.
            fn bind_option<'f>(query: Query<'f>, value: Option<Self>) -> Query<'f>;
        }

        type Query<'f> = BoxedSqlQuery<'f, Db, SqlQuery>;

        diesel_column!(BigInt: Tid, TimeId, Uid11, Uid11Xid, Snowish, TsSeqRand, FullRand, Snowflake);
        diesel_column!(Binary: Tbsl);
        diesel_column!(Binary: RsXid, ObjectId);
        diesel_column!(UuidSql: Ulid);
        diesel_column!(Text: RecordKey);
        diesel_column!(Binary: Ksuid);
        diesel_column!(BigInt: Sonyflake);
        diesel_column!(Text: NanoId, NanoId<Lowercase, 16>);
        diesel_column!(Text: Cuid2);

        impl<T: Sample + Copy> Column for AsText<T>
        where
            AsText<T>: FromSql<Text, Db> + ToSql<Text, Db>,
        {
            type Sql = Text;

            fn bind<'f>(query: Query<'f>, value: Self) -> Query<'f> {
                query.bind::<Text, _>(value)
            }

            fn bind_option<'f>(query: Query<'f>, value: Option<Self>) -> Query<'f> {
                query.bind::<Nullable<Text>, _>(value)
            }
        }

        impl<T: Sample + Copy> Column for AsBytes<T>
        where
            AsBytes<T>: FromSql<Binary, Db> + ToSql<Binary, Db>,
        {
            type Sql = Binary;

            fn bind<'f>(query: Query<'f>, value: Self) -> Query<'f> {
                query.bind::<Binary, _>(value)
            }

            fn bind_option<'f>(query: Query<'f>, value: Option<Self>) -> Query<'f> {
                query.bind::<Nullable<Binary>, _>(value)
            }
        }

        /// A row's `id`, read as `T` from SQL type `ST` (`sql_query` reads rows by name).
        struct Id<T, ST>(T, PhantomData<ST>);

        impl<T, ST> QueryableByName<Db> for Id<T, ST>
        where
            T: FromSql<ST, Db>,
        {
            fn build<'a>(row: &impl NamedRow<'a, Db>) -> diesel::deserialize::Result<Self> {
                Ok(Id(NamedRow::get::<ST, T>(row, "id")?, PhantomData))
            }
        }

        /// A row's `n` and `id`.
        struct Numbered<T, ST>(i32, T, PhantomData<ST>);

        impl<T, ST> QueryableByName<Db> for Numbered<T, ST>
        where
            T: FromSql<ST, Db>,
        {
            fn build<'a>(row: &impl NamedRow<'a, Db>) -> diesel::deserialize::Result<Self> {
                let n = NamedRow::get::<Integer, i32>(row, "n")?;
                Ok(Numbered(n, NamedRow::get::<ST, T>(row, "id")?, PhantomData))
            }
        }

        fn exec(conn: &mut Conn, sql: String) {
            diesel::sql_query(sql.clone())
                .execute(conn)
                .unwrap_or_else(|err| panic!("{sql}: {err}"));
        }

        /// A new table `(n INTEGER, id <column of T>)`.
        fn create<T: Column>(conn: &mut Conn, prefix: &str) -> String {
            let table = idtypes_tests::unique_table(prefix);
            exec(conn, format!("CREATE TABLE {table} (n INTEGER, id {})", column(T::STORAGE)));
            table
        }

        fn drop_table(conn: &mut Conn, table: &str) {
            exec(conn, format!("DROP TABLE {table}"));
        }

        /// Inserts the values, `n` numbering them from 0.
        fn insert<T: Column>(conn: &mut Conn, table: &str, values: &[T]) {
            let sql = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            for (n, value) in values.iter().enumerate() {
                let query = diesel::sql_query(sql.clone()).into_boxed().bind::<Integer, _>(n as i32);
                T::bind(query, value.clone())
                    .execute(conn)
                    .unwrap_or_else(|err| panic!("insert {value:?}: {err}"));
            }
        }

        /// The `id`s `query` selects.
        fn load<T: Column>(conn: &mut Conn, query: Query<'_>) -> diesel::QueryResult<Vec<T>> {
            let rows: Vec<Id<T, T::Sql>> = query.load(conn)?;
            Ok(rows.into_iter().map(|Id(id, _)| id).collect())
        }

        fn select<T: Column>(conn: &mut Conn, sql: String) -> Vec<T> {
            load(conn, diesel::sql_query(sql.clone()).into_boxed())
                .unwrap_or_else(|err| panic!("{sql}: {err}"))
        }

        fn round_trip<T: Column>() {
            let Some(mut conn) = connect() else { return };
            let table = create::<T>(&mut conn, "idz_rt");
            let values = samples::<T>(&mut Rng::new(), 8);
            insert(&mut conn, &table, &values);

            let back: Vec<T> = select(&mut conn, format!("SELECT id FROM {table} ORDER BY n"));
            assert_eq!(back, values);

            // Each value finds its row by equality.
            let sql = format!("SELECT n, id FROM {table} WHERE id = {}", ph(1));
            for value in [T::lowest(), T::highest(), values[values.len() - 1].clone()] {
                let query = T::bind(diesel::sql_query(sql.clone()).into_boxed(), value.clone());
                let rows: Vec<Numbered<T, T::Sql>> = query.load(&mut conn).unwrap();
                assert!(!rows.is_empty(), "{value:?} not found by equality");
                for Numbered(n, id, _) in rows {
                    assert_eq!(id, value);
                    assert_eq!(values[n as usize], value);
                }
            }
            drop_table(&mut conn, &table);
        }

        fn option<T: Column>() {
            let Some(mut conn) = connect() else { return };
            let table = create::<T>(&mut conn, "idz_opt");
            let values = [None, Some(T::lowest()), Some(T::highest()), None];
            let sql = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            for (n, value) in values.iter().enumerate() {
                let query = diesel::sql_query(sql.clone()).into_boxed().bind::<Integer, _>(n as i32);
                T::bind_option(query, value.clone()).execute(&mut conn).unwrap();
            }
            let sql = format!("SELECT id FROM {table} ORDER BY n");
            let rows: Vec<Id<Option<T>, Nullable<T::Sql>>> =
                diesel::sql_query(sql).load(&mut conn).unwrap();
            let back: Vec<Option<T>> = rows.into_iter().map(|Id(id, _)| id).collect();
            assert_eq!(back, values);
            // A NULL is an error for a plain `T`, not an id (SQLite would read a NULL as 0).
            let sql = format!("SELECT id FROM {table} WHERE n = 0");
            let err = load::<T>(&mut conn, diesel::sql_query(sql).into_boxed()).unwrap_err();
            assert!(err.to_string().to_lowercase().contains("null"), "{err}");
            drop_table(&mut conn, &table);
        }

        fn order_by<T: Column>() {
            let Some(mut conn) = connect() else { return };
            let table = create::<T>(&mut conn, "idz_ord");
            let mut rng = Rng::new();
            let mut values = samples::<T>(&mut rng, 12);
            rng.shuffle(&mut values);
            insert(&mut conn, &table, &values);
            let mut sorted = values.clone();
            sorted.sort();

            let ascending: Vec<T> =
                select(&mut conn, format!("SELECT id FROM {table} ORDER BY id, n"));
            assert_eq!(ascending, sorted, "ORDER BY id");
            let descending: Vec<T> =
                select(&mut conn, format!("SELECT id FROM {table} ORDER BY id DESC, n"));
            let mut reversed = sorted.clone();
            reversed.reverse();
            assert_eq!(descending, reversed, "ORDER BY id DESC");

            // `<` agrees with `Ord` for a bound with the top bit set / pre-1970 / lower case.
            let pivot = values[values.len() / 2].clone();
            let sql = format!("SELECT id FROM {table} WHERE id < {} ORDER BY id, n", ph(1));
            let query = T::bind(diesel::sql_query(sql).into_boxed(), pivot.clone());
            let below: Vec<T> = load(&mut conn, query).unwrap();
            let expected: Vec<T> = sorted.iter().filter(|v| **v < pivot).cloned().collect();
            assert_eq!(below, expected, "WHERE id < {pivot:?}");
            drop_table(&mut conn, &table);
        }

        /// The rows of `values` with `id` in any of the ranges (bound ends), in `ORDER BY id`.
        fn between<T: Column>(conn: &mut Conn, values: &[T], ranges: &[(T, T)]) -> Vec<T> {
            let table = create::<T>(conn, "idz_rng");
            insert(conn, &table, values);
            let condition: Vec<String> = (0..ranges.len())
                .map(|i| format!("(id BETWEEN {} AND {})", ph(2 * i + 1), ph(2 * i + 2)))
                .collect();
            let sql = format!(
                "SELECT id FROM {table} WHERE {} ORDER BY id, n",
                condition.join(" OR ")
            );
            let mut query = diesel::sql_query(sql).into_boxed();
            for (start, end) in ranges {
                query = T::bind(T::bind(query, start.clone()), end.clone());
            }
            let rows = load(conn, query).unwrap();
            drop_table(conn, &table);
            rows
        }

        /// `BETWEEN` over the id's own column (the values and ranges a signed column holds, if
        /// it is one), the `AsBytes` column and the `AsText` column.
        fn check_ranges<T>(values: &[T], ranges: &[IdRange<T>])
        where
            T: Column + Copy,
            AsBytes<T>: Column,
            AsText<T>: Column,
        {
            let Some(mut conn) = connect() else { return };
            let expected = expected_in(values, ranges);
            assert!(!expected.is_empty(), "a range case without rows in range");
            assert!(expected.len() < values.len(), "a range case without rows out of range");
            let bounds: Vec<(T, T)> = ranges.iter().map(|r| (r.start(), r.end())).collect();
            if bounds.iter().all(|(start, end)| start.fits_signed() && end.fits_signed()) {
                let fitting: Vec<T> = values.iter().copied().filter(|v| v.fits_signed()).collect();
                let expected = expected_in(&fitting, ranges);
                assert_eq!(between(&mut conn, &fitting, &bounds), expected, "{ranges:?}");
            }

            let bytes: Vec<AsBytes<T>> = values.iter().copied().map(AsBytes).collect();
            let bounds: Vec<(AsBytes<T>, AsBytes<T>)> =
                ranges.iter().map(|r| (AsBytes(r.start()), AsBytes(r.end()))).collect();
            let rows = between(&mut conn, &bytes, &bounds);
            let in_bytes: Vec<AsBytes<T>> = expected.iter().copied().map(AsBytes).collect();
            assert_eq!(rows, in_bytes, "as bytes, {ranges:?}");

            let texts: Vec<AsText<T>> = values.iter().copied().map(AsText).collect();
            let rows = between(&mut conn, &texts, &as_text_ranges(ranges));
            let expected: Vec<AsText<T>> = expected.into_iter().map(AsText).collect();
            assert_eq!(rows, expected, "as text, {ranges:?}");
        }

        fn random_values<T: Sample>(n: usize) -> Vec<T> {
            let mut rng = Rng::new();
            (0..n).map(|_| T::random(&mut rng)).collect()
        }

        #[test]
        fn range_tid_time() {
            use std::time::{Duration, UNIX_EPOCH};
            let day = UNIX_EPOCH + Duration::from_secs(1_688_083_200);
            let range = Tid::range_for_time(day..day + Duration::from_secs(86_400)).unwrap();
            let mut extra = random_values::<Tid>(4);
            extra.extend([Tid::MIN, Tid::MAX, "3jzfcijpj2z2a".parse().unwrap()]);
            for m in [1_688_083_199_999_999, 1_688_083_200_000_000, 1_688_169_599_999_999, 1_688_169_600_000_000] {
                for clock in [0, 1023] {
                    extra.push(Tid::from_parts(m, clock).unwrap());
                }
            }
            let values = around_u64(&[range], Tid::to_u64, Tid::from_u64, &extra);
            check_ranges(&values, &[range]);
        }

        #[test]
        fn range_tid_prefix() {
            for prefix in ["3jzf", "b", "bzzzzzzzzzzzz"] {
                let range = Tid::range_for_prefix(prefix).unwrap().unwrap();
                let mut extra = random_values::<Tid>(6);
                extra.extend([Tid::MIN, Tid::MAX, Tid::from_u64(1 << 63), "3jzfcijpj2z2a".parse().unwrap()]);
                let values = around_u64(&[range], Tid::to_u64, Tid::from_u64, &extra);
                check_ranges(&values, &[range]);
            }
        }

        #[test]
        fn range_time_id_micros() {
            // Across 1970: two ranges, joined with OR.
            let ranges = TimeId::ranges_for_micros(-3_000_000, 2_000_000);
            assert_eq!(ranges.len(), 2);
            let mut extra = random_values::<TimeId>(6);
            extra.extend(TimeId::tricky());
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
            check_ranges(&values, ranges.as_slice());
        }

        #[test]
        fn range_uid11_prefix() {
            for prefix in ["j", "jpX", "1111111NV", "h"] {
                let range = Uid11::range_for_prefix(prefix).unwrap().unwrap();
                let mut extra = random_values::<Uid11>(6);
                extra.extend(Uid11::tricky());
                let values = around_u64(&[range], Uid11::to_u64, Uid11::from_u64, &extra);
                check_ranges(&values, &[range]);
            }
        }

        /// Reads column `col` of row `n` as `T`: the error, which must name `name`.
        fn read_error<T: Column>(conn: &mut Conn, table: &str, col: &str, n: i32, name: &str) -> String {
            let sql = format!("SELECT {col} AS id FROM {table} WHERE n = {n}");
            let what = format!("{} from {col}, row {n}", std::any::type_name::<T>());
            let err = load::<T>(conn, diesel::sql_query(sql).into_boxed()).map(|v| format!("{v:?}")).expect_err(&what);
            assert!(
                matches!(err, diesel::result::Error::DeserializationError(_)),
                "{what}: {err:?}"
            );
            let message = err.to_string();
            assert!(message.contains(name), "{what}: the error does not name {name:?}: {message}");
            message
        }

        /// Bad stored values (`common/refused.rs`) read as the types that refuse them: this
        /// crate's errors, as the source of diesel's `DeserializationError`, naming the type
        /// (a typed id's name too).
        #[test]
        fn bad_stored_values_are_idtypes_errors() {
            let Some(mut conn) = connect() else { return };
            let table = idtypes_tests::unique_table("idz_refused");
            let text = column(Storage::Text);
            exec(&mut conn, crate::common::refused::create_table(&table, BLOB_COLUMN, text, SIGNED_COLUMN));
            let sql = format!("INSERT INTO {table} (n, b, t, s) VALUES ({}, {}, {}, {})", ph(1), ph(2), ph(3), ph(4));
            for (n, bytes, text, signed) in crate::common::refused::ROWS {
                diesel::sql_query(sql.clone())
                    .bind::<Integer, _>(n)
                    .bind::<Binary, _>(bytes)
                    .bind::<Text, _>(text)
                    .bind::<BigInt, _>(signed)
                    .execute(&mut conn)
                    .unwrap();
            }
            exec(&mut conn, crate::common::refused::copy_bytes(&table));
            // The SQL type of each column: `s` integers, `b` bytes, `u` a 128-bit id's, `t` text.
            macro_rules! refused {
                (@ $ty:ty, $st:ty, $col:expr, $n:expr, $kind:expr, $name:expr) => {{
                    let sql = format!("SELECT {} AS id FROM {table} WHERE n = {}", $col, $n);
                    let err = diesel::sql_query(sql)
                        .load::<Id<$ty, $st>>(&mut conn)
                        .map(|rows| format!("{:?}", rows.into_iter().map(|Id(v, _)| v).collect::<Vec<_>>()))
                        .unwrap_err();
                    assert!(matches!(err, diesel::result::Error::DeserializationError(_)), "{err:?}");
                    crate::common::refused::assert_refused(&err, $kind, $name);
                }};
                ($ty:ty, "s", $n:expr, $kind:expr, $name:expr) => { refused!(@ $ty, BigInt, "s", $n, $kind, $name) };
                ($ty:ty, "b", $n:expr, $kind:expr, $name:expr) => { refused!(@ $ty, Binary, "b", $n, $kind, $name) };
                ($ty:ty, "u", $n:expr, $kind:expr, $name:expr) => { refused!(@ $ty, UuidSql, "u", $n, $kind, $name) };
                ($ty:ty, "t", $n:expr, $kind:expr, $name:expr) => { refused!(@ $ty, Text, "t", $n, $kind, $name) };
            }
            stored_value_cases!(refused, !column(Storage::Uuid).eq_ignore_ascii_case("uuid"));
            drop_table(&mut conn, &table);
        }

        #[test]
        fn decode_errors() {
            let Some(mut conn) = connect() else { return };
            let table = idtypes_tests::unique_table("idz_bad");
            exec(
                &mut conn,
                format!(
                    "CREATE TABLE {table} (n INTEGER, b {BLOB_COLUMN}, t {}, s {SIGNED_COLUMN}, u {})",
                    column(Storage::Text),
                    column(Storage::Integer),
                ),
            );
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
                diesel::sql_query(sql.clone())
                    .bind::<Integer, _>(n)
                    .bind::<Binary, _>(bytes)
                    .bind::<Text, _>(text)
                    .execute(&mut conn)
                    .unwrap();
            }
            let m = read_error::<AsBytes<Tbsl>>(&mut conn, &table, "b", 0, "TBSL");
            assert!(m.contains("10 bytes") && m.contains('9'), "{m}");
            let m = read_error::<AsBytes<Tid>>(&mut conn, &table, "b", 1, "atproto TID");
            assert!(m.contains("8 bytes") && m.contains('7'), "{m}");
            read_error::<AsText<Tid>>(&mut conn, &table, "t", 0, "atproto TID");
            read_error::<AsText<Tid>>(&mut conn, &table, "t", 1, "atproto TID");
            read_error::<AsText<Tid>>(&mut conn, &table, "t", 4, "atproto TID");
            read_error::<RecordKey>(&mut conn, &table, "t", 2, "record key");
            read_error::<RecordKey>(&mut conn, &table, "t", 3, "record key");
            read_error::<RecordKey>(&mut conn, &table, "t", 6, "record key");
            read_error::<AsBytes<Snowish>>(&mut conn, &table, "b", 2, "snowish");
            for n in [0, 1, 3, 4] {
                read_error::<AsBytes<TimeId>>(&mut conn, &table, "b", n, "TimeId");
                read_error::<AsBytes<Uid11Xid>>(&mut conn, &table, "b", n, "uid11 xid");
            }
            for n in [0, 1, 2, 3, 4, 5] {
                read_error::<Tbsl>(&mut conn, &table, "b", n, "TBSL");
            }
            for n in [0, 1, 2, 3, 4, 5, 6] {
                read_error::<RsXid>(&mut conn, &table, "b", n, "rs/xid XID");
                read_error::<AsBytes<RsXid>>(&mut conn, &table, "b", n, "rs/xid XID");
            }
            for n in [2, 3, 6] {
                read_error::<AsText<Uid11>>(&mut conn, &table, "t", n, "uid11");
                read_error::<AsText<Tbsl>>(&mut conn, &table, "t", n, "TBSL");
                read_error::<AsText<RsXid>>(&mut conn, &table, "t", n, "rs/xid XID");
            }
            // The right lengths decode.
            let sql = format!("SELECT b AS id FROM {table} WHERE n = 5");
            let tid: Vec<AsBytes<Tid>> = select(&mut conn, sql);
            assert_eq!(tid[0].0.to_u64(), 0x0101_0101_0101_0101);
            let sql = format!("SELECT b AS id FROM {table} WHERE n = 6");
            let tbsl: Vec<Tbsl> = select(&mut conn, sql);
            assert_eq!(tbsl[0].to_bytes(), [1; 10]);

            // A negative integer is no TID's or snowish id's (their ids keep the top bit 0).
            exec(&mut conn, format!("UPDATE {table} SET s = -5 WHERE n = 0"));
            let m = read_error::<Tid>(&mut conn, &table, "s", 0, "atproto TID");
            assert!(m.contains("-5"), "{m}");
            read_error::<Snowish>(&mut conn, &table, "s", 0, "snowish");
            // A snowish id's reserved top bit, in its own column.
            // In a signed column it is a negative integer.
            exec(&mut conn, format!("UPDATE {table} SET u = -9223372036854775807 WHERE n = 1"));
            let m = read_error::<Snowish>(&mut conn, &table, "u", 1, "snowish");
            assert!(m.contains("-9223372036854775807"), "{m}");
            drop_table(&mut conn, &table);
        }

        /// Reads column `col` of row `n` as `T`, which must fail for the column's type: the
        /// message, which names `T` (`name`) and says it is the wrong kind of column.
        fn wrong_column<T: Column>(conn: &mut Conn, table: &str, col: &str, n: i32, name: &str) -> String {
            let m = read_error::<T>(conn, table, col, n, name);
            assert!(m.contains(&format!("{name} in a column of the wrong type: expected ")), "{m}");
            m
        }

        /// Integer ids read only integers, bytes ids only bytes, text only text (where diesel
        /// tells text from bytes): a value in the wrong kind of column is an error, not an id,
        /// whatever its content.
        #[test]
        fn wrong_column_types() {
            let Some(mut conn) = connect() else { return };
            let table = idtypes_tests::unique_table("idz_kind");
            exec(
                &mut conn,
                format!("CREATE TABLE {table} (n INTEGER, b {BLOB_COLUMN}, t {}, r {REAL_COLUMN})", column(Storage::Text)),
            );
            let rows: [(i32, Vec<u8>, &str); 3] = [
                (0, vec![0xFF; 8], "abcdefgh"),
                (1, vec![0xFF; 10], "0123456789"),
                (2, b"3jzfcijpj2z2a".to_vec(), "3jzfcijpj2z2a"),
            ];
            let sql = format!("INSERT INTO {table} (n, b, t, r) VALUES ({}, {}, {}, 1.5)", ph(1), ph(2), ph(3));
            for (n, bytes, text) in rows {
                diesel::sql_query(sql.clone())
                    .bind::<Integer, _>(n)
                    .bind::<Binary, _>(bytes)
                    .bind::<Text, _>(text)
                    .execute(&mut conn)
                    .unwrap();
            }
            // The integer ids refuse a floating-point number.
            for n in [0, 1, 2] {
                wrong_column::<Tid>(&mut conn, &table, "r", n, "atproto TID");
                wrong_column::<TimeId>(&mut conn, &table, "r", n, "TimeId");
                wrong_column::<Snowish>(&mut conn, &table, "r", n, "snowish uid11");
                wrong_column::<FullRand>(&mut conn, &table, "r", n, "fullrand uid11");
            }
            for n in [0, 1, 2] {
                // Integer ids refuse text and bytes, even eight bytes.
                for col in ["t", "b"] {
                    wrong_column::<Tid>(&mut conn, &table, col, n, "atproto TID");
                    wrong_column::<Uid11Xid>(&mut conn, &table, col, n, "uid11 xid");
                    wrong_column::<Snowish>(&mut conn, &table, col, n, "snowish uid11");
                }
                if TEXT_APART_FROM_BYTES {
                    // Bytes ids refuse text of the right length, or valid text of the id.
                    let m = wrong_column::<AsBytes<Tid>>(&mut conn, &table, "t", n, "atproto TID");
                    assert!(m.ends_with(WRONG_FOR_BYTES), "{m}");
                    wrong_column::<Tbsl>(&mut conn, &table, "t", n, "TBSL");
                    wrong_column::<RsXid>(&mut conn, &table, "t", n, "rs/xid XID");
                    wrong_column::<AsBytes<Uid11>>(&mut conn, &table, "t", n, "uid11");
                    // Text ids refuse bytes, even bytes that are valid text.
                    let m = wrong_column::<AsText<Tid>>(&mut conn, &table, "b", n, "atproto TID");
                    assert!(m.ends_with(WRONG_FOR_TEXT), "{m}");
                    wrong_column::<RecordKey>(&mut conn, &table, "b", n, "atproto record key");
                    wrong_column::<AsText<Uid11Xid>>(&mut conn, &table, "b", n, "uid11 xid");
                    wrong_column::<AsText<RsXid>>(&mut conn, &table, "b", n, "rs/xid XID");
                }
            }
            // Text that is no UTF-8 is an error naming the type, not a panic.
            if !TEXT_APART_FROM_BYTES {
                let m = read_error::<AsText<Tid>>(&mut conn, &table, "b", 0, "atproto TID");
                assert!(m.contains("UTF-8"), "{m}");
            }
            // The right kinds of column still decode.
            let tid: Vec<AsBytes<Tid>> = select(&mut conn, format!("SELECT b AS id FROM {table} WHERE n = 0"));
            assert_eq!(tid[0].0, Tid::from_u64(u64::MAX));
            let text: Vec<AsText<Tid>> = select(&mut conn, format!("SELECT t AS id FROM {table} WHERE n = 2"));
            assert_eq!(text[0].0, "3jzfcijpj2z2a".parse::<Tid>().unwrap());
            drop_table(&mut conn, &table);
        }

        /// TIDs with the top bit set (text starting `c`..`j`: valid, never generated): the
        /// signed column of every database refuses them with an error that says why and what to
        /// do, and `AsBytes` keeps them.
        #[test]
        fn tid_top_bit() {
            let Some(mut conn) = connect() else { return };
            let high: Tid = "c222222222222".parse().unwrap();
            let below = Tid::from_u64(i64::MAX as u64);
            let table = create::<Tid>(&mut conn, "idz_top");
            insert(&mut conn, &table, &[below]);
            let sql = format!("INSERT INTO {table} (n, id) VALUES (1, {})", ph(1));
            let result = diesel::sql_query(sql).bind::<BigInt, _>(high).execute(&mut conn);
            let message = result.unwrap_err().to_string();
            assert!(
                message.contains("an atproto TID `c222222222222` does not fit a signed 64-bit column")
                    && message.contains("AsBytes"),
                "{message}"
            );
            let back: Vec<Tid> = select(&mut conn, format!("SELECT id FROM {table} ORDER BY id"));
            assert_eq!(back, [below]);
            drop_table(&mut conn, &table);

            let table = create::<AsBytes<Tid>>(&mut conn, "idz_topb");
            insert(&mut conn, &table, &[AsBytes(high), AsBytes(below), AsBytes(Tid::MAX)]);
            let back: Vec<AsBytes<Tid>> = select(&mut conn, format!("SELECT id FROM {table} ORDER BY id"));
            assert_eq!(back, [AsBytes(below), AsBytes(high), AsBytes(Tid::MAX)]);
            drop_table(&mut conn, &table);
        }

        /// Removes a database file when dropped (SQLite's shared database, see `both`).
        struct RemoveOnDrop(Option<std::path::PathBuf>);

        impl Drop for RemoveOnDrop {
            fn drop(&mut self) {
                if let Some(path) = self.0.take() {
                    let _ = std::fs::remove_file(path);
                }
            }
        }

        /// `values` written by diesel and by sqlx into one table, each reading both halves
        /// back: the same rows, in the same order (`ORDER BY n`, and `ORDER BY id`).
        fn interop<V, ST>(values: Vec<V>, storage: Storage)
        where
            V: Clone
                + std::fmt::Debug
                + PartialEq
                + Send
                + Unpin
                + 'static
                + ToSql<ST, Db>
                + FromSql<ST, Db>
                + sqlx::Type<SqlxDb>
                + for<'q> sqlx::Encode<'q, SqlxDb>
                + for<'r> sqlx::Decode<'r, SqlxDb>,
            ST: SqlType + SingleValue + QueryId + Send + 'static,
            Db: HasSqlType<ST>,
        {
            use sqlx::AssertSqlSafe;
            let Some((mut conn, pool, runtime, file)) = both() else { return };
            let _file = RemoveOnDrop(file);
            let table = idtypes_tests::unique_table("idz_sqlx");
            exec(&mut conn, format!("CREATE TABLE {table} (n INTEGER, id {})", column(storage)));
            let sql = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            let half = values.len() as i32;
            for (n, value) in values.iter().enumerate() {
                diesel::sql_query(sql.clone())
                    .bind::<Integer, _>(n as i32)
                    .bind::<ST, _>(value.clone())
                    .execute(&mut conn)
                    .unwrap_or_else(|err| panic!("diesel: insert {value:?}: {err}"));
                runtime
                    .block_on(
                        sqlx::query(AssertSqlSafe(sql.clone()))
                            .bind(half + n as i32)
                            .bind(value.clone())
                            .execute(&pool),
                    )
                    .unwrap_or_else(|err| panic!("sqlx: insert {value:?}: {err}"));
            }
            let both_halves: Vec<V> = values.iter().chain(&values).cloned().collect();
            for order in ["n", "id, n"] {
                let sql = format!("SELECT id FROM {table} ORDER BY {order}");
                let rows: Vec<Id<V, ST>> = diesel::sql_query(sql.clone()).load(&mut conn).unwrap();
                let by_diesel: Vec<V> = rows.into_iter().map(|Id(id, _)| id).collect();
                let by_sqlx: Vec<V> = runtime
                    .block_on(sqlx::query_scalar(AssertSqlSafe(sql)).fetch_all(&pool))
                    .unwrap();
                assert_eq!(by_diesel, by_sqlx, "ORDER BY {order}");
                if order == "n" {
                    assert_eq!(by_diesel, both_halves);
                }
            }
            exec(&mut conn, format!("DROP TABLE {table}"));
        }

        /// Sorted, distinct samples of `T`, as `V`.
        fn distinct<T: Sample, V>(to: impl Fn(T) -> V) -> Vec<V> {
            let mut values = samples::<T>(&mut Rng::new(), 6);
            values.sort();
            values.dedup();
            values.into_iter().map(to).collect()
        }

        /// diesel and sqlx share tables: each reads the other's rows of every kind of column.
        #[test]
        fn sqlx_reads_what_diesel_writes_and_back() {
            interop::<Tid, BigInt>(distinct(|v| v), Storage::Integer);
            interop::<TimeId, BigInt>(distinct(|v| v), Storage::Integer);
            interop::<Snowish, BigInt>(distinct(|v| v), Storage::Integer);
            interop::<FullRand, BigInt>(distinct(|v| v), Storage::Integer);
            interop::<Tbsl, Binary>(distinct(|v| v), Storage::Bytes10);
            interop::<RsXid, Binary>(distinct(|v| v), Storage::Bytes12);
            interop::<ObjectId, Binary>(distinct(|v| v), Storage::Bytes12);
            interop::<RecordKey, Text>(distinct(|v| v), Storage::Text);
            interop::<AsText<Uid11Xid>, Text>(distinct(|v| v), Storage::Text);
            interop::<AsBytes<Uid11>, Binary>(distinct(|v| v), Storage::Bytes8);
            interop::<Ksuid, Binary>(distinct(|v| v), Storage::Bytes20);
        }

        /// The same for typed ids: the inner id's column, their prefixed text, their bytes.
        #[test]
        fn sqlx_and_diesel_share_typed_ids() {
            use idtypes_tests::typed::{EventId, NoteKey, PostId, TxnId};
            interop::<PostId, BigInt>(distinct(PostId::from_inner), Storage::Integer);
            interop::<EventId, BigInt>(distinct(EventId::from_inner), Storage::Integer);
            interop::<TxnId, Binary>(distinct(TxnId::from_inner), Storage::Bytes10);
            interop::<NoteKey, Text>(distinct(NoteKey::from_inner), Storage::Text);
            interop::<AsText<PostId>, Text>(
                distinct(|v| AsText(PostId::from_inner(v))),
                Storage::PrefixedText,
            );
            interop::<AsBytes<PostId>, Binary>(
                distinct(|v| AsBytes(PostId::from_inner(v))),
                Storage::Bytes8,
            );
        }

        every_column_type!(diesel_cases);

        // Typed UUIDs (`#[derive(idtypes::Uuid)]`): PostgreSQL's `uuid`, elsewhere the 16 bytes
        // in `Binary` (`BINARY(16)`, `BLOB`), as sqlx stores them and a ULID's column.
        use crate::common::typed_uuid::{
            self, AccountId, NOT_V7, SessionId, TrustedSessionId, v7_ids, v7_millis,
        };

        diesel_column!(UuidSql: AccountId);

        diesel_cases!(@types
            account_id: AccountId,
            text_account_id: AsText<AccountId>,
            bytes_account_id: AsBytes<AccountId>,
        );

        /// Version 7 ids sort by time in their column: `ORDER BY id` gives them in the order
        /// of their milliseconds, whatever order they were inserted in, and a range between
        /// two of them finds the ids of that span.
        #[test]
        fn typed_uuid_v7_ids_sort_by_time() {
            let Some(mut conn) = connect() else { return };
            let table = create::<AccountId>(&mut conn, "idz_uv7");
            let mut rng = Rng::new();
            let ids = v7_ids(&mut rng);
            let mut shuffled = ids.clone();
            rng.shuffle(&mut shuffled);
            insert(&mut conn, &table, &shuffled);
            let back: Vec<AccountId> = select(&mut conn, format!("SELECT id FROM {table} ORDER BY id"));
            assert_eq!(back, ids);
            let millis: Vec<u64> = back.iter().map(|id| v7_millis(id.as_inner())).collect();
            assert!(millis.windows(2).all(|w| w[0] <= w[1]), "{millis:?}");
            assert!(millis[0] < millis[millis.len() - 1]);
            // The ids of 2023-06-30T00:00:00.000Z and .001Z, between a v7 UUID of each end.
            let (start, end) = (
                AccountId::from(typed_uuid::v7_at(1_688_083_200_000, 0)),
                AccountId::from(typed_uuid::v7_at(1_688_083_200_001, u128::MAX)),
            );
            let sql = format!("SELECT id FROM {table} WHERE id BETWEEN {} AND {} ORDER BY id", ph(1), ph(2));
            let query = AccountId::bind(AccountId::bind(diesel::sql_query(sql).into_boxed(), start), end);
            let span: Vec<AccountId> = load(&mut conn, query).unwrap();
            assert_eq!(span.len(), 6, "{span:?}");
            assert!(span.iter().all(|id| (1_688_083_200_000..=1_688_083_200_001).contains(&v7_millis(id.as_inner()))));
            drop_table(&mut conn, &table);
        }

        /// A bytes value that is not 16 bytes long is an error saying what the column holds and
        /// what was found, not a UUID (truncated or padded) or a panic; 16 bytes read.
        #[test]
        fn typed_uuid_of_the_wrong_length_is_an_error() {
            let Some(mut conn) = connect() else { return };
            let table = idtypes_tests::unique_table("idz_ulen");
            exec(&mut conn, format!("CREATE TABLE {table} (n INTEGER, id {BLOB_COLUMN})"));
            let sql = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            let rows: [(i32, Vec<u8>); 4] =
                [(0, vec![0xAB; 15]), (1, vec![1]), (2, vec![]), (3, typed_uuid::example().as_bytes().to_vec())];
            for (n, bytes) in rows {
                diesel::sql_query(sql.clone())
                    .bind::<Integer, _>(n)
                    .bind::<Binary, _>(bytes)
                    .execute(&mut conn)
                    .unwrap();
            }
            // Where a UUID has a column type of its own (PostgreSQL's `uuid`), bytes are
            // another column's value, refused whatever their length.
            let own_column = column(Storage::Uuid).eq_ignore_ascii_case("uuid");
            for (n, len) in [(0, "15"), (1, "1"), (2, "0")] {
                if own_column {
                    read_error::<AccountId>(&mut conn, &table, "id", n, BLOB_COLUMN);
                    continue;
                }
                let m = read_error::<AccountId>(&mut conn, &table, "id", n, "16 bytes");
                assert!(m.contains(&format!("found {len}")) || m.contains(&format!("has {len}")), "{m}");
            }
            // The typed bytes (`AsBytes`), whatever the database, say the same.
            let m = read_error::<AsBytes<AccountId>>(&mut conn, &table, "id", 0, "UUID");
            assert!(m.contains("16 bytes") && m.contains("15"), "{m}");
            if own_column {
                read_error::<AccountId>(&mut conn, &table, "id", 3, BLOB_COLUMN);
            } else {
                let good: Vec<AccountId> = select(&mut conn, format!("SELECT id FROM {table} WHERE n = 3"));
                assert_eq!(good, [AccountId::from(typed_uuid::example())]);
            }
            drop_table(&mut conn, &table);
        }

        /// A typed UUID's column holds the plain UUID: a row written as raw SQL (the UUID's
        /// literal) reads as the typed id, and sqlx's plain `Uuid` reads what diesel wrote.
        #[test]
        fn typed_uuid_reads_raw_sql_and_plain_uuids() {
            let Some((mut conn, pool, runtime, file)) = both() else { return };
            let _file = RemoveOnDrop(file);
            use sqlx::AssertSqlSafe;
            let table = idtypes_tests::unique_table("idz_uraw");
            exec(&mut conn, format!("CREATE TABLE {table} (n INTEGER, id {})", column(Storage::Uuid)));
            let raw = [typed_uuid::example(), idtypes::Uuid::max(), idtypes::Uuid::from_u128(1 << 127)];
            for (n, uuid) in raw.iter().enumerate() {
                exec(&mut conn, format!("INSERT INTO {table} (n, id) VALUES ({n}, {})", uuid_literal(uuid)));
            }
            let back: Vec<AccountId> = select(&mut conn, format!("SELECT id FROM {table} ORDER BY n"));
            assert_eq!(back, raw.map(AccountId::from));
            // Written by diesel, read by sqlx as a plain `Uuid`.
            let written = <AccountId as idtypes::prelude::TypedUuid>::now_v7();
            let sql = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            let query = diesel::sql_query(sql.clone()).into_boxed().bind::<Integer, _>(3);
            AccountId::bind(query, written).execute(&mut conn).unwrap();
            let plain: Vec<idtypes::Uuid> = runtime
                .block_on(sqlx::query_scalar(AssertSqlSafe(format!("SELECT id FROM {table} ORDER BY n"))).fetch_all(&pool))
                .unwrap();
            assert_eq!(plain, [raw[0], raw[1], raw[2], written.into_inner()]);
            // Written by sqlx as a plain `Uuid`, read by diesel as the typed id.
            let uuid = idtypes::uuids::now_v7();
            runtime
                .block_on(sqlx::query(AssertSqlSafe(sql)).bind(4).bind(uuid).execute(&pool))
                .unwrap();
            let back: Vec<AccountId> = select(&mut conn, format!("SELECT id FROM {table} WHERE n = 4"));
            assert_eq!(back, [AccountId::from(uuid)]);
            drop_table(&mut conn, &table);
        }

        /// Reading runs a typed UUID's checks (version 7 only) unless it trusts its rows.
        #[test]
        fn typed_uuid_reading_runs_the_checks() {
            let Some(mut conn) = connect() else { return };
            let table = create::<AccountId>(&mut conn, "idz_uchk");
            let v4 = idtypes::Uuid::parse_str(typed_uuid::V4).unwrap();
            insert(&mut conn, &table, &[AccountId::from(typed_uuid::example()), AccountId::from(v4)]);
            let sql = format!("SELECT id FROM {table} ORDER BY n");
            let rows: Vec<Id<TrustedSessionId, UuidSql>> = diesel::sql_query(sql.clone()).load(&mut conn).unwrap();
            let trusted: Vec<idtypes::Uuid> = rows.into_iter().map(|Id(id, _)| id.into_inner()).collect();
            assert_eq!(trusted, [typed_uuid::example(), v4]);
            let err = diesel::sql_query(sql)
                .load::<Id<SessionId, UuidSql>>(&mut conn)
                .map(|_| ())
                .unwrap_err();
            assert!(matches!(err, diesel::result::Error::DeserializationError(_)), "{err:?}");
            let expected = format!("invalid SessionId: {NOT_V7}");
            assert!(err.to_string().contains(&expected), "{err}");
            let sql = format!("SELECT id FROM {table} WHERE n = 0");
            let rows: Vec<Id<SessionId, UuidSql>> = diesel::sql_query(sql).load(&mut conn).unwrap();
            assert_eq!(rows[0].0.into_inner(), typed_uuid::example());
            drop_table(&mut conn, &table);
        }

        /// diesel and sqlx share typed UUIDs: in their column, as prefixed text, as bytes.
        #[test]
        fn sqlx_and_diesel_share_typed_uuids() {
            interop::<AccountId, UuidSql>(distinct(|v: AccountId| v), Storage::Uuid);
            interop::<AsText<AccountId>, Text>(distinct(AsText::<AccountId>), Storage::PrefixedText);
            interop::<AsBytes<AccountId>, Binary>(distinct(AsBytes::<AccountId>), Storage::Bytes16);
        }
    };
    (@types $($name:ident: $ty:ty,)*) => {
        $(
            mod $name {
                use super::*;

                #[test]
                fn round_trip() {
                    super::round_trip::<$ty>();
                }

                #[test]
                fn option() {
                    super::option::<$ty>();
                }

                #[test]
                fn order_by() {
                    super::order_by::<$ty>();
                }

                /// The query builder's way: the id as an expression (`AsExpression`, by value,
                /// by reference, into a nullable column) selected back (`Queryable`).
                #[test]
                fn expression() {
                    use diesel::dsl::select;
                    type Sql = <$ty as Column>::Sql;
                    let Some(mut conn) = connect() else { return };
                    for value in samples::<$ty>(&mut Rng::new(), 4) {
                        let owned = <$ty as AsExpression<Sql>>::as_expression(value.clone());
                        let back: $ty = select(owned).get_result(&mut conn).unwrap();
                        assert_eq!(back, value);
                        let borrowed = <&$ty as AsExpression<Sql>>::as_expression(&value);
                        let back: $ty = select(borrowed).get_result(&mut conn).unwrap();
                        assert_eq!(back, value);
                        let nullable = <$ty as AsExpression<Nullable<Sql>>>::as_expression(value.clone());
                        let back: Option<$ty> = select(nullable).get_result(&mut conn).unwrap();
                        assert_eq!(back, Some(value));
                    }
                }
            }
        )*
    };
}
