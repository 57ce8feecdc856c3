//! `idtypes::sql`: the functions `<format>_text(id)`, `<format>_from_text(text)`, their
//! prefixed forms and the TypeID text of UUIDs, on PostgreSQL and MySQL / MariaDB (each skipped
//! when its URL is unset), against the crate's own text and columns, for every format and its
//! tricky values (the ends, the top bit, TimeIds before 1970, random ones). Each test creates
//! the functions in a schema (PostgreSQL) or database (MySQL) of its own, and calls them from
//! there or, by their full name, from elsewhere.

use crate::common::sqlx_cases::{Rng, Sample, samples};
use crate::common::typed_uuid::AccountId;
use idtypes::uuids::DynTypeId;
use idtypes::{
    FullRand, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, TypedId, Uid11, Uid11Xid, Ulid,
    Uuid,
};
use idtypes_tests::typed::{
    BatchId, ChatId, EventId, FileId, JobId, MsgId, OrderId, PaymentId, PostId, RequestId, TokenId,
    TraceId, TxnId,
};

/// A typed UUID whose text is hyphenated, after its prefix and a separator of its own.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "sess", separator = ":", text = "hyphenated")]
pub struct SessionKey(Uuid);

/// UUIDs to store: the ends, each byte's top bit, random ones.
fn uuids() -> Vec<Uuid> {
    samples::<AccountId>(&mut Rng::new(), 8)
        .into_iter()
        .map(AccountId::into_inner)
        .collect()
}

/// A valid text of each format whose functions take one, for calls that need some id.
fn examples() -> Vec<(&'static str, String)> {
    vec![
        ("tid", Tid::lowest().to_string()),
        ("time_id", TimeId::lowest().to_string()),
        ("uid11", Uid11::lowest().to_string()),
        ("uid11_xid", Uid11Xid::lowest().to_string()),
        ("snowish", Snowish::lowest().to_string()),
        ("ts_seq_rand", TsSeqRand::lowest().to_string()),
        ("fullrand", FullRand::lowest().to_string()),
        ("snowflake", Snowflake::lowest().to_string()),
        ("sonyflake", idtypes::Sonyflake::lowest().to_string()),
        ("tbsl", Tbsl::lowest().to_string()),
        ("ulid", Ulid::lowest().to_string()),
        ("ksuid", idtypes::Ksuid::lowest().to_string()),
        ("rs_xid", idtypes::RsXid::lowest().to_string()),
        ("object_id", idtypes::ObjectId::lowest().to_string()),
        ("uuid", Uuid::nil().to_string()),
    ]
}

/// Generates the tests for the database the invoking module describes (`Db`, `Fresh`,
/// `fresh`, `ph`, `column`).
macro_rules! sql_function_cases {
    () => {
        use super::*;

        /// A type whose column the functions read.
        trait Column:
            Sample
            + std::fmt::Display
            + sqlx::Type<Db>
            + for<'q> sqlx::Encode<'q, Db>
            + for<'r> sqlx::Decode<'r, Db>
        {
        }

        impl<T> Column for T where
            T: Sample
                + std::fmt::Display
                + sqlx::Type<Db>
                + for<'q> sqlx::Encode<'q, Db>
                + for<'r> sqlx::Decode<'r, Db>
        {
        }

        /// A table of its own with the values `values` of type `T` in a column `id`, in the
        /// order of a column `n`.
        async fn table_of<T>(pool: &sqlx::Pool<Db>, storage: Storage, values: &[T]) -> String
        where
            T: Clone
                + std::fmt::Debug
                + Send
                + sqlx::Type<Db>
                + for<'q> sqlx::Encode<'q, Db>
                + 'static,
        {
            let table = idtypes_tests::unique_table("idt_fn");
            let sql = format!("CREATE TABLE {table} (n INTEGER, id {})", column(storage));
            sqlx::query(AssertSqlSafe(sql)).execute(pool).await.unwrap();
            let insert = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            for (n, value) in values.iter().enumerate() {
                sqlx::query(AssertSqlSafe(insert.clone()))
                    .bind(n as i32)
                    .bind(value.clone())
                    .execute(pool)
                    .await
                    .unwrap_or_else(|err| panic!("insert {value:?}: {err}"));
            }
            table
        }

        /// `name_text(id)` is `Display`'s text for every sample stored in the id's column,
        /// and `name_from_text` of that text is the stored value.
        async fn text_and_back<T: Column>(pool: &sqlx::Pool<Db>, name: &str) {
            let values: Vec<T> = samples::<T>(&mut Rng::new(), 16);
            let table = table_of(pool, T::STORAGE, &values).await;
            let sql = format!(
                "SELECT {name}_text(id), {name}_from_text({name}_text(id)) = id FROM {table} ORDER BY n"
            );
            let rows: Vec<(String, bool)> = sqlx::query_as(AssertSqlSafe(sql.clone()))
                .fetch_all(pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"));
            assert_eq!(rows.len(), values.len());
            for (value, (text, same)) in values.iter().zip(&rows) {
                assert_eq!(text, &value.to_string(), "{name}_text of {value:?}");
                assert!(same, "{name}_from_text({text}) is not the stored {value:?}");
            }
            // From the crate's text, bound as a parameter, to the crate's id.
            let sql = format!("SELECT {name}_from_text({})", ph(1));
            for value in &values {
                let back: T = sqlx::query_scalar(AssertSqlSafe(sql.clone()))
                    .bind(value.to_string())
                    .fetch_one(pool)
                    .await
                    .unwrap_or_else(|err| panic!("{sql} of {value}: {err}"));
                assert_eq!(&back, value);
            }
            let null: Option<String> =
                sqlx::query_scalar(AssertSqlSafe(format!("SELECT {name}_text(NULL)")))
                    .fetch_one(pool)
                    .await
                    .unwrap();
            assert_eq!(null, None);
            drop_table(pool, &table).await;
        }

        /// `name_prefixed_text(id, prefix)` is the typed id's `Display` (its prefix and
        /// separator, then the id's text), and `name_from_prefixed_text` reads it back, for
        /// every sample stored in the inner id's column.
        async fn prefixed_text_and_back<T>(pool: &sqlx::Pool<Db>, name: &str)
        where
            T: TypedId,
            T::Inner: Column,
        {
            let prefix = format!("{}{}", T::PREFIX, T::SEPARATOR);
            let values: Vec<T::Inner> = samples::<T::Inner>(&mut Rng::new(), 8);
            let table = table_of(pool, T::Inner::STORAGE, &values).await;
            let sql = format!(
                "SELECT {name}_prefixed_text(id, {p1}), \
                 {name}_from_prefixed_text({name}_prefixed_text(id, {p2}), {p3}) = id \
                 FROM {table} ORDER BY n",
                p1 = ph(1),
                p2 = ph(2),
                p3 = ph(3)
            );
            let rows: Vec<(String, bool)> = sqlx::query_as(AssertSqlSafe(sql.clone()))
                .bind(&prefix)
                .bind(&prefix)
                .bind(&prefix)
                .fetch_all(pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"));
            assert_eq!(rows.len(), values.len());
            for (value, (text, same)) in values.iter().zip(&rows) {
                let typed = T::from_inner_unchecked(value.clone());
                assert_eq!(text, &typed.to_string(), "{name}_prefixed_text of {value:?}");
                assert!(same, "{name}_from_prefixed_text({text}) is not {value:?}");
            }
            let sql = format!("SELECT {name}_from_prefixed_text({}, {})", ph(1), ph(2));
            for value in &values {
                let text = T::from_inner_unchecked(value.clone()).to_string();
                let back: T::Inner = sqlx::query_scalar(AssertSqlSafe(sql.clone()))
                    .bind(&text)
                    .bind(&prefix)
                    .fetch_one(pool)
                    .await
                    .unwrap_or_else(|err| panic!("{sql} of {text}: {err}"));
                assert_eq!(&back, value);
            }
            // Another type's prefix is refused, naming the format and both prefixes.
            let text = T::from_inner_unchecked(values[0].clone()).to_string();
            let other = format!("x{text}");
            let found = &other[..prefix.len()];
            let says = format!("expected the prefix `{prefix}`, found `{found}`");
            refuses_prefixed(pool, name, &other, &prefix, T::Inner::NAME, &says).await;
            drop_table(pool, &table).await;
        }

        async fn drop_table(pool: &sqlx::Pool<Db>, table: &str) {
            sqlx::query(AssertSqlSafe(format!("DROP TABLE {table}")))
                .execute(pool)
                .await
                .unwrap();
        }

        /// `sql` (with `binds` bound in order) fails with a message that names the format and
        /// contains `says`.
        async fn refuses_sql(
            pool: &sqlx::Pool<Db>,
            sql: String,
            binds: &[&str],
            format: &str,
            says: &str,
        ) {
            let mut query = sqlx::query(AssertSqlSafe(sql.clone()));
            for bind in binds {
                query = query.bind(*bind);
            }
            let err = query
                .fetch_one(pool)
                .await
                .map(|_| ())
                .expect_err(&format!("{sql} of {binds:?}"));
            let message = err.to_string();
            assert!(
                message.contains(&format!("invalid {format}: ")) && message.contains(says),
                "{sql} of {binds:?}: {message}"
            );
        }

        /// `name_from_text(text)` fails with a message that names the format and contains
        /// `says`.
        async fn refuses(pool: &sqlx::Pool<Db>, name: &str, text: &str, format: &str, says: &str) {
            let sql = format!("SELECT {name}_from_text({})", ph(1));
            refuses_sql(pool, sql, &[text], format, says).await;
        }

        /// `name_from_prefixed_text(text, prefix)` fails so.
        async fn refuses_prefixed(
            pool: &sqlx::Pool<Db>,
            name: &str,
            text: &str,
            prefix: &str,
            format: &str,
            says: &str,
        ) {
            let sql = format!("SELECT {name}_from_prefixed_text({}, {})", ph(1), ph(2));
            refuses_sql(pool, sql, &[text, prefix], format, says).await;
        }

        /// `uuid_from_typeid(text, prefix)` fails so.
        async fn refuses_typeid(
            pool: &sqlx::Pool<Db>,
            text: &str,
            prefix: &str,
            format: &str,
            says: &str,
        ) {
            let sql = format!("SELECT uuid_from_typeid({}, {})", ph(1), ph(2));
            refuses_sql(pool, sql, &[text, prefix], format, says).await;
        }

        async fn text_of(pool: &sqlx::Pool<Db>, sql: &str) -> String {
            sqlx::query_scalar(AssertSqlSafe(sql.to_owned()))
                .fetch_one(pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"))
        }

        #[tokio::test]
        async fn every_format_to_text_and_back() {
            let Some(fresh) = fresh().await else { return };
            let pool = &fresh.pool;
            // In the connection's schema or database (the test's own).
            idtypes::sql::create_functions(pool).await.unwrap();
            // Again: creating them replaces them.
            idtypes::sql::create_functions(pool).await.unwrap();
            text_and_back::<Tid>(pool, "tid").await;
            text_and_back::<TimeId>(pool, "time_id").await;
            text_and_back::<Uid11>(pool, "uid11").await;
            text_and_back::<Uid11Xid>(pool, "uid11_xid").await;
            // The deprecated names of v0.1.0 are aliases.
            text_and_back::<Uid11Xid>(pool, "xid").await;
            text_and_back::<Snowish>(pool, "snowish").await;
            text_and_back::<TsSeqRand>(pool, "ts_seq_rand").await;
            text_and_back::<FullRand>(pool, "fullrand").await;
            text_and_back::<Snowflake>(pool, "snowflake").await;
            text_and_back::<Tbsl>(pool, "tbsl").await;
            text_and_back::<Ulid>(pool, "ulid").await;
            text_and_back::<idtypes::RsXid>(pool, "rs_xid").await;
            text_and_back::<idtypes::ObjectId>(pool, "object_id").await;

            // The dashed TimeId, a known answer.
            let sql = "SELECT time_id_text(time_id_from_text('3kxn-lhr-3gxq-22'))";
            assert_eq!(text_of(pool, sql).await, "3kxnlhr3gxq22");
            let sql = "SELECT tid_text(tid_from_text('3jzfcijpj2z2a'))";
            assert_eq!(text_of(pool, sql).await, "3jzfcijpj2z2a");

            // Refused: wrong length, a character outside the alphabet (case counts), out of
            // range, a reserved bit.
            refuses(pool, "tid", "3jzfcijpj2z2", "atproto TID", "expected 13 characters, found 12").await;
            let says = "unexpected character 'A' at position 13, expected one of `234567abcdefghijklmnopqrstuvwxyz`";
            refuses(pool, "tid", "3jzfcijpj2z2A", "atproto TID", says).await;
            refuses(pool, "tid", "kzzzzzzzzzzzz", "atproto TID", "kzzzzzzzzzzzz").await;
            refuses(pool, "time_id", "dzzzzzzzzzzzz", "TimeId", "out of range").await;
            let says = "unexpected character '3' at position 9, expected '-'";
            refuses(pool, "time_id", "3kxn-lhr3-gxq-22", "TimeId", says).await;
            refuses(pool, "time_id", "3kxn-lhr-3gxq-2!", "TimeId", "'!' at position 16").await;
            let says = "expected 13 or 16 characters, found 14";
            refuses(pool, "time_id", "3kxnlhr3gxq222", "TimeId", says).await;
            refuses(pool, "uid11", "jpXCZedGfVR", "uid11", "jpXCZedGfVR").await;
            refuses(pool, "uid11", "0OIl0OIl0OI", "uid11", "'0' at position 1").await;
            refuses(pool, "uid11_xid", "jpXCZedGfV", "uid11 xid", "11").await;
            refuses(pool, "xid", "jpXCZedGfV", "uid11 xid", "11").await;
            refuses(pool, "snowish", "jpXCZedGfVQ", "snowish uid11", "jpXCZedGfVQ").await;
            refuses(pool, "snowflake", "01", "Snowflake", "leading zeros").await;
            refuses(pool, "snowflake", "+1", "Snowflake", "'+1'").await;
            refuses(pool, "snowflake", "", "Snowflake", "1 to 19 digits").await;
            refuses(pool, "snowflake", "1\n", "Snowflake", "1 to 19 digits").await;
            refuses(pool, "snowflake", "10000000000000000000", "Snowflake", "19").await;
            let above = "9223372036854775808";
            refuses(pool, "snowflake", above, "Snowflake", "above the largest").await;
            refuses(pool, "tbsl", "25bf6196c8d610700001", "TBSL", "'b' at position 3").await;
            let says = "expected 20 characters, found 19";
            refuses(pool, "tbsl", "25BF6196C8D61070000", "TBSL", says).await;
            refuses(pool, "ulid", "01ARZ3NDEKTSV4RRFFQ69G5FA", "ULID", "26").await;
            refuses(pool, "ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAU", "ULID", "26").await;
            refuses(pool, "ulid", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ULID", "largest").await;
            // Case does not matter, but only of ASCII letters: `ſ` is not `S`; and a letter
            // outside the alphabet is refused as written.
            refuses(pool, "ulid", "01ARZ3NDEKTſV4RRFFQ69G5FAV", "ULID", "'ſ' at position 12").await;
            refuses(pool, "ulid", "01ARZ3NDEKTuV4RRFFQ69G5FAV", "ULID", "'u' at position 12").await;
            let sql = "SELECT ulid_text(ulid_from_text('01arz3ndektsv4rrffq69g5fav'))";
            assert_eq!(text_of(pool, sql).await, "01ARZ3NDEKTSV4RRFFQ69G5FAV");
            // The text compares as bytes, whatever the connection's collation.
            let sql = "SELECT uid11_text(uid11_from_text('jpXCZedGfVQ')) = 'JPXCZEDGFVQ', \
                       tid_prefixed_text(0, 'post_') = 'POST_2222222222222'";
            let same: (bool, bool) = sqlx::query_as(sql).fetch_one(pool).await.unwrap();
            assert_eq!(same, (false, false));

            // rs/xid's example; lowercase only; the last character 0 or g; 12 bytes.
            let sql = "SELECT rs_xid_text(rs_xid_from_text('9m4e2mr0ui3e8a215n4g'))";
            assert_eq!(text_of(pool, sql).await, "9m4e2mr0ui3e8a215n4g");
            refuses(pool, "rs_xid", "9m4e2mr0ui3e8a215n4", "rs/xid XID", "20").await;
            refuses(pool, "rs_xid", "9M4E2MR0UI3E8A215N4G", "rs/xid XID", "position 2").await;
            refuses(pool, "rs_xid", "9m4e2mr0ui3e8a215n4w", "rs/xid XID", "position 20").await;
            refuses(pool, "rs_xid", "c6e52g2mrqcjl44hf179", "rs/xid XID", "0 or g").await;
            let err = sqlx::query("SELECT rs_xid_text(tbsl_from_text('25BF6196C8D610700001'))")
                .fetch_one(pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("expected 12 bytes, found 10"), "{err}");

            // MongoDB's ObjectId: read in either case (as the drivers read it), written in
            // lowercase; 24 hex digits.
            let sql = "SELECT object_id_text(object_id_from_text('64B7F0A1C2D3E4F5A6B7C8D9'))";
            assert_eq!(text_of(pool, sql).await, "64b7f0a1c2d3e4f5a6b7c8d9");
            refuses(pool, "object_id", "64b7f0a1c2d3e4f5a6b7c8d", "ObjectId", "24").await;
            refuses(pool, "object_id", "64b7f0a1c2d3e4f5a6b7c8dg", "ObjectId", "position 24").await;

            // The column is a signed BIGINT on both: a TID with the top bit set, or a negative
            // value, is refused with a message that says why.
            refuses(pool, "tid", "c222222222222", "atproto TID", "top bit").await;
            let err = sqlx::query("SELECT tid_text(-1)")
                .fetch_one(pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("invalid atproto TID"), "{err}");
            let err = sqlx::query("SELECT snowflake_text(-1)")
                .fetch_one(pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("invalid Snowflake"), "{err}");
            // Discord's API reference's example.
            let sql = "SELECT snowflake_text(snowflake_from_text('175928847299117063'))";
            assert_eq!(text_of(pool, sql).await, "175928847299117063");

            // Sonyflake: Snowflake's decimal text under its own name.
            text_and_back::<idtypes::Sonyflake>(pool, "sonyflake").await;
            refuses(pool, "sonyflake", "01", "Sonyflake", "leading zeros").await;
            refuses(pool, "sonyflake", "-1", "Sonyflake", "'-1'").await;
            refuses(pool, "sonyflake", "", "Sonyflake", "1 to 19 digits").await;
            let above = "9223372036854775808";
            refuses(pool, "sonyflake", above, "Sonyflake", "above the largest").await;
            let err = sqlx::query("SELECT sonyflake_text(-1)")
                .fetch_one(pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("invalid Sonyflake"), "{err}");
            let sql = "SELECT sonyflake_text(sonyflake_from_text('578547906324398081'))";
            assert_eq!(text_of(pool, sql).await, "578547906324398081");
            fresh.finish().await;
        }

        #[tokio::test]
        async fn ksuid_to_text_and_back() {
            let Some(fresh) = fresh().await else { return };
            let pool = &fresh.pool;
            idtypes::sql::create_functions(pool).await.unwrap();
            text_and_back::<idtypes::Ksuid>(pool, "ksuid").await;
            let sql = "SELECT ksuid_text(ksuid_from_text('0ujtsYcgvSTl8PAuAdqWYSMnLOv'))";
            assert_eq!(text_of(pool, sql).await, "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
            let max = "aWgEPTl1tmebfsQzFP4bxwgy80V";
            let sql = format!("SELECT ksuid_from_text('{max}') = ksuid_from_text({})", ph(1));
            let same: bool = sqlx::query_scalar(AssertSqlSafe(sql))
                .bind(max)
                .fetch_one(pool)
                .await
                .unwrap();
            assert!(same);
            // Refused: the length, a character outside the alphabet (`:`, which the npm
            // package reads as `3`), above the largest.
            refuses(pool, "ksuid", "0ujtsYcgvSTl8PAuAdqWYSMnLO", "KSUID", "27").await;
            refuses(pool, "ksuid", "0ujtsYcgvSTl8PAuAdqWYSMnLO:", "KSUID", "position 27").await;
            refuses(pool, "ksuid", "aWgEPTl1tmebfsQzFP4bxwgy80W", "KSUID", "largest").await;
            refuses(pool, "ksuid", "zzzzzzzzzzzzzzzzzzzzzzzzzzz", "KSUID", "largest").await;
            let err = sqlx::query(AssertSqlSafe(format!("SELECT ksuid_text({})", ph(1))))
                .bind(vec![0u8; 19])
                .fetch_one(pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("expected 20 bytes, found 19"), "{err}");
            fresh.finish().await;
        }

        /// A UUID's text is `Uuid`'s `Display`, and `uuid_from_text` reads what
        /// `Uuid::parse_str` reads.
        #[tokio::test]
        async fn uuid_to_text_and_back() {
            let Some(fresh) = fresh().await else { return };
            let pool = &fresh.pool;
            idtypes::sql::create_functions(pool).await.unwrap();
            let values = uuids();
            let table = table_of(pool, Storage::Uuid, &values).await;
            let sql = format!(
                "SELECT uuid_text(id), uuid_from_text(uuid_text(id)) = id FROM {table} ORDER BY n"
            );
            let rows: Vec<(String, bool)> = sqlx::query_as(AssertSqlSafe(sql))
                .fetch_all(pool)
                .await
                .unwrap();
            assert_eq!(rows.len(), values.len());
            for (value, (text, same)) in values.iter().zip(&rows) {
                assert_eq!(text, &value.to_string());
                assert!(same, "{text}");
            }
            drop_table(pool, &table).await;
            let sql = format!("SELECT uuid_from_text({})", ph(1));
            for value in &values {
                let upper = value.hyphenated().to_string().to_uppercase();
                let forms = [
                    value.to_string(),
                    upper,
                    value.simple().to_string(),
                    value.braced().to_string(),
                    value.urn().to_string(),
                ];
                for form in forms {
                    assert_eq!(Uuid::parse_str(&form).ok(), Some(*value), "{form}");
                    let back: Uuid = sqlx::query_scalar(AssertSqlSafe(sql.clone()))
                        .bind(&form)
                        .fetch_one(pool)
                        .await
                        .unwrap_or_else(|err| panic!("{sql} of {form}: {err}"));
                    assert_eq!(&back, value, "{form}");
                }
            }

            // What `Uuid::parse_str` refuses.
            let example = "01890a5d-ac96-774b-bcce-b302099a8057";
            for text in [
                "01890a5d-ac96-774b-bcce-b302099a805",
                "01890a5d-ac96-774b-bcce-b302099a805g",
                "01890a5d+ac96-774b-bcce-b302099a8057",
                "[01890a5d-ac96-774b-bcce-b302099a8057]",
                "URN:UUID:01890a5d-ac96-774b-bcce-b302099a8057",
                "urn:uuid:01890a5dac96774bbcceb302099a8057",
                "01890a5d-ac96774b-bcce-b302099a8057",
                "",
            ] {
                assert!(Uuid::parse_str(text).is_err(), "{text}");
                refuses(pool, "uuid", text, "UUID", "").await;
            }
            let says = "expected 32, 36, 38 or 45 characters, found 35";
            refuses(pool, "uuid", &example[1..], "UUID", says).await;
            let says = "unexpected character 'g' at position 36, expected one of `0123456789abcdefABCDEF`";
            refuses(pool, "uuid", "01890a5d-ac96-774b-bcce-b302099a805g", "UUID", says).await;
            let says = "unexpected character '+' at position 9, expected '-'";
            refuses(pool, "uuid", "01890a5d+ac96-774b-bcce-b302099a8057", "UUID", says).await;
            let says = "unexpected character '[' at position 1, expected '{'";
            refuses(pool, "uuid", "[01890a5d-ac96-774b-bcce-b302099a8057}", "UUID", says).await;
            let says = "unexpected character ']' at position 38, expected '}'";
            refuses(pool, "uuid", "{01890a5d-ac96-774b-bcce-b302099a8057]", "UUID", says).await;
            let urn = "URN:UUID:01890a5d-ac96-774b-bcce-b302099a8057";
            refuses(pool, "uuid", urn, "UUID", "expected `urn:uuid:` at position 1").await;
            let err = sqlx::query(AssertSqlSafe(format!("SELECT uuid_text({})", ph(1))))
                .bind(vec![0u8; 15])
                .fetch_one(pool)
                .await
                .map(|_| ())
                .unwrap_err();
            // PostgreSQL's `uuid` takes no 15 bytes at all; MySQL's BINARY(16) is checked.
            if column(Storage::Uuid) != "UUID" {
                assert!(err.to_string().contains("expected 16 bytes, found 15"), "{err}");
            }
            fresh.finish().await;
        }

        /// `uuid_typeid_text` writes what `DynTypeId` and a typed UUID write, and
        /// `uuid_from_typeid` reads it; the TypeID specification's vectors.
        #[tokio::test]
        async fn typeid_text_and_back() {
            let Some(fresh) = fresh().await else { return };
            let pool = &fresh.pool;
            idtypes::sql::create_functions(pool).await.unwrap();
            let values = uuids();
            let table = table_of(pool, Storage::Uuid, &values).await;
            for prefix in ["acct", "", "a_b", &"z".repeat(63)] {
                let sql = format!(
                    "SELECT uuid_typeid_text(id, {p1}), \
                     uuid_from_typeid(uuid_typeid_text(id, {p2}), {p3}) = id \
                     FROM {table} ORDER BY n",
                    p1 = ph(1),
                    p2 = ph(2),
                    p3 = ph(3)
                );
                let rows: Vec<(String, bool)> = sqlx::query_as(AssertSqlSafe(sql))
                    .bind(prefix)
                    .bind(prefix)
                    .bind(prefix)
                    .fetch_all(pool)
                    .await
                    .unwrap();
                assert_eq!(rows.len(), values.len());
                for (value, (text, same)) in values.iter().zip(&rows) {
                    let dynamic = DynTypeId::new(prefix, *value).unwrap();
                    assert_eq!(text, &dynamic.to_string());
                    if prefix == "acct" {
                        assert_eq!(text, &AccountId::from(*value).to_string());
                    }
                    assert!(same, "{text}");
                }
            }
            drop_table(pool, &table).await;

            // The specification's vectors: every valid TypeID is its UUID and prefix, and
            // every invalid one is refused, given the prefix it shows.
            let sql = format!(
                "SELECT uuid_from_typeid({p1}, {p2}), uuid_typeid_text(uuid_from_typeid({p3}, {p4}), {p5})",
                p1 = ph(1),
                p2 = ph(2),
                p3 = ph(3),
                p4 = ph(4),
                p5 = ph(5)
            );
            for case in typeid_vectors("valid") {
                let (text, prefix, uuid) = (&case[0], &case[1], &case[2]);
                let (back, again): (Uuid, String) = sqlx::query_as(AssertSqlSafe(sql.clone()))
                    .bind(text)
                    .bind(prefix)
                    .bind(text)
                    .bind(prefix)
                    .bind(prefix)
                    .fetch_one(pool)
                    .await
                    .unwrap_or_else(|err| panic!("{text}: {err}"));
                assert_eq!(back, Uuid::parse_str(uuid).unwrap(), "{text}");
                assert_eq!(&again, text);
            }
            for case in typeid_vectors("invalid") {
                let text = &case[0];
                let prefix = text.rsplit_once('_').map_or("", |(prefix, _)| prefix);
                assert!(text.parse::<DynTypeId>().is_err(), "{text}");
                // The prefix's own error, or the text's.
                let sql = format!("SELECT uuid_from_typeid({}, {})", ph(1), ph(2));
                let err = sqlx::query(AssertSqlSafe(sql))
                    .bind(text)
                    .bind(prefix)
                    .fetch_one(pool)
                    .await
                    .map(|_| ())
                    .expect_err(text);
                assert!(err.to_string().contains("invalid TypeID"), "{text}: {err}");
            }

            // Errors: the prefix, in each function; the text's own prefix; the suffix.
            let example = "user_01h455vb4pex5vsknk084sn02q";
            let says = "expected the prefix `post_`, found `user_`";
            refuses_typeid(pool, example, "post", "TypeID", says).await;
            let says = "expected no prefix, found `user_`";
            refuses_typeid(pool, example, "", "TypeID", says).await;
            let says = "expected the prefix `user_`, found none";
            refuses_typeid(pool, &example[5..], "user", "TypeID", says).await;
            let says = "expected the prefix `user_`, found `user_x_`";
            refuses_typeid(pool, "user_x_01h455vb4pex5vsknk084sn02q", "user", "TypeID", says).await;
            let says = "expected 31 characters (`user_` and 26), found 30";
            refuses_typeid(pool, &example[..30], "user", "TypeID", says).await;
            let says = "unexpected character '8' at position 6, expected one of `01234567`";
            refuses_typeid(pool, "user_81h455vb4pex5vsknk084sn02q", "user", "TypeID", says).await;
            let says = "unexpected character 'U' at position 30";
            refuses_typeid(pool, "user_01h455vb4pex5vsknk084sn0Uq", "user", "TypeID", says).await;
            let says = "unexpected character 'U' at position 1, expected one of `abcdefghijklmnopqrstuvwxyz_`";
            refuses_typeid(pool, example, "User", "TypeID prefix", says).await;
            let says = "unexpected character '_' at position 5, expected a letter a-z";
            refuses_typeid(pool, example, "user_", "TypeID prefix", says).await;
            let long = "a".repeat(64);
            let says = "expected 0 to 63 characters, found 64";
            refuses_typeid(pool, example, &long, "TypeID prefix", says).await;
            let sql = format!(
                "SELECT uuid_typeid_text(uuid_from_text('{}'), {})",
                Uuid::nil(),
                ph(1)
            );
            refuses_sql(pool, sql, &["_user"], "TypeID prefix", "position 1").await;
            fresh.finish().await;
        }

        /// The specification's TypeID vectors (`typeid/<name>.json`): `[typeid, prefix, uuid]`.
        fn typeid_vectors(name: &str) -> Vec<[String; 3]> {
            let path = idtypes_tests::vector_path(&format!("typeid/{name}.json"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|err| panic!("cannot read {}: {err}", path.display()));
            let cases: Vec<serde_json::Value> = serde_json::from_str(&text).unwrap();
            assert!(cases.len() > 5, "{}", path.display());
            cases
                .iter()
                .map(|case| {
                    ["typeid", "prefix", "uuid"]
                        .map(|key| case[key].as_str().unwrap_or_default().to_owned())
                })
                .collect()
        }

        /// Every typed id's text: `<format>_prefixed_text` and `<format>_from_prefixed_text`
        /// against `Display`, custom separators included.
        #[tokio::test]
        async fn typed_ids_to_prefixed_text_and_back() {
            let Some(fresh) = fresh().await else { return };
            let pool = &fresh.pool;
            idtypes::sql::create_functions(pool).await.unwrap();
            prefixed_text_and_back::<PostId>(pool, "tid").await;
            // `evt-`: the separator is the type's own.
            prefixed_text_and_back::<EventId>(pool, "time_id").await;
            prefixed_text_and_back::<FileId>(pool, "uid11").await;
            prefixed_text_and_back::<OrderId>(pool, "uid11_xid").await;
            prefixed_text_and_back::<JobId>(pool, "snowish").await;
            prefixed_text_and_back::<MsgId>(pool, "ts_seq_rand").await;
            prefixed_text_and_back::<TokenId>(pool, "fullrand").await;
            prefixed_text_and_back::<ChatId>(pool, "snowflake").await;
            prefixed_text_and_back::<BatchId>(pool, "sonyflake").await;
            prefixed_text_and_back::<TxnId>(pool, "tbsl").await;
            prefixed_text_and_back::<PaymentId>(pool, "ulid").await;
            prefixed_text_and_back::<TraceId>(pool, "ksuid").await;
            prefixed_text_and_back::<RequestId>(pool, "rs_xid").await;
            prefixed_text_and_back::<idtypes_tests::typed::MongoOrderId>(pool, "object_id").await;

            // A typed UUID with the hyphenated text: `sess:` and the UUID.
            let values = uuids();
            let table = table_of(pool, Storage::Uuid, &values).await;
            let sql = format!(
                "SELECT uuid_prefixed_text(id, 'sess:'), \
                 uuid_from_prefixed_text(uuid_prefixed_text(id, 'sess:'), 'sess:') = id \
                 FROM {table} ORDER BY n"
            );
            let rows: Vec<(String, bool)> = sqlx::query_as(AssertSqlSafe(sql))
                .fetch_all(pool)
                .await
                .unwrap();
            assert_eq!(rows.len(), values.len());
            for (value, (text, same)) in values.iter().zip(&rows) {
                assert_eq!(text, &SessionKey::from(*value).to_string());
                assert!(same, "{text}");
            }
            drop_table(pool, &table).await;

            // Lengths and positions count characters of the whole text, the prefix's too.
            let says = "expected 18 characters (`post_` and 13), found 17";
            refuses_prefixed(pool, "tid", "post_3jzfcijpj2z2", "post_", "atproto TID", says).await;
            let says = "unexpected character 'A' at position 18";
            refuses_prefixed(pool, "tid", "post_3jzfcijpj2z2A", "post_", "atproto TID", says).await;
            let says = "expected the prefix `post_`, found `Post_`";
            refuses_prefixed(pool, "tid", "Post_3jzfcijpj2z2a", "post_", "atproto TID", says).await;
            let says = "expected the prefix `post_`, found `po`";
            refuses_prefixed(pool, "tid", "po", "post_", "atproto TID", says).await;
            let says = "unexpected character '!' at position 12";
            refuses_prefixed(pool, "time_id", "evt-3kxn-lh!-3gxq-22", "evt-", "TimeId", says).await;
            let says = "expected 17 or 20 characters (`evt-` and 13 or 16), found 18";
            refuses_prefixed(pool, "time_id", "evt-3kxnlhr3gxq222", "evt-", "TimeId", says).await;
            let says = "expected `chat_` and 1 to 19 digits";
            refuses_prefixed(pool, "snowflake", "chat_01", "chat_", "Snowflake", says).await;
            let says = "unexpected character 'u' at position 16";
            let ulid = "pay_01ARZ3NDEKTuV4RRFFQ69G5FAV";
            refuses_prefixed(pool, "ulid", ulid, "pay_", "ULID", says).await;
            let says = "expected 24 characters (`req_` and 20), found 23";
            refuses_prefixed(pool, "rs_xid", "req_9m4e2mr0ui3e8a215n4", "req_", "rs/xid XID", says)
                .await;
            let says = "expected 37, 41, 43 or 50 characters (`sess:` and 32, 36, 38 or 45), found 10";
            refuses_prefixed(pool, "uuid", "sess:01890", "sess:", "UUID", says).await;
            let says = "unexpected character 'g' at position 41";
            let uuid = "sess:01890a5d-ac96-774b-bcce-b302099a805g";
            refuses_prefixed(pool, "uuid", uuid, "sess:", "UUID", says).await;
            // A character outside the BMP (which MySQL's messages write `?`).
            let says = "expected the prefix `post_`, found `";
            refuses_prefixed(pool, "tid", "😀_3jzfcijpj2z2a", "post_", "atproto TID", says).await;
            refuses_prefixed(pool, "tid", "😀_3jzfcijpj2z2a", "post_", "atproto TID", "_3jz`").await;
            fresh.finish().await;
        }

        /// NULL in any argument of any function gives NULL.
        #[tokio::test]
        async fn null_gives_null() {
            let Some(fresh) = fresh().await else { return };
            let pool = &fresh.pool;
            idtypes::sql::create_functions(pool).await.unwrap();
            let mut calls = vec![
                "uuid_typeid_text(NULL, 'user')".to_owned(),
                "uuid_typeid_text(uuid_from_text('01890a5d-ac96-774b-bcce-b302099a8057'), NULL)"
                    .to_owned(),
                "uuid_from_typeid(NULL, 'user')".to_owned(),
                "uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', NULL)".to_owned(),
                "xid_text(NULL)".to_owned(),
                "xid_from_text(NULL)".to_owned(),
            ];
            for (name, text) in examples() {
                calls.extend([
                    format!("{name}_text(NULL)"),
                    format!("{name}_from_text(NULL)"),
                    format!("{name}_prefixed_text(NULL, 'p_')"),
                    format!("{name}_prefixed_text({name}_from_text('{text}'), NULL)"),
                    format!("{name}_from_prefixed_text(NULL, 'p_')"),
                    format!("{name}_from_prefixed_text('p_{text}', NULL)"),
                ]);
            }
            for call in calls {
                let sql = format!("SELECT ({call}) IS NULL");
                let null: bool = sqlx::query_scalar(AssertSqlSafe(sql))
                    .fetch_one(pool)
                    .await
                    .unwrap_or_else(|err| panic!("{call}: {err}"));
                assert!(null, "{call}");
            }
            fresh.finish().await;
        }

        /// Created in a schema or database that is not the connection's, the functions work
        /// called by their full name: every function, and the errors of every helper.
        #[tokio::test]
        async fn functions_elsewhere_work_by_their_full_name() {
            let Some(fresh) = fresh().await else { return };
            // The connection's own schema or database is another one (`test`'s).
            let admin = &fresh.admin;
            idtypes::sql::create_functions_in(admin, &fresh.name).await.unwrap();
            let mut conn = admin.acquire().await.unwrap();
            every_function_answers(&mut conn, &fresh.name).await;
            drop(conn);
            // A name the script functions refuse never reaches the server.
            let err = idtypes::sql::create_functions_in(admin, "a$$b")
                .await
                .unwrap_err();
            assert!(matches!(err, sqlx::Error::InvalidArgument(_)), "{err}");
            assert!(err.to_string().contains("`$$`"), "{err}");
            fresh.finish().await;
        }
    };
}

/// Calls every function, named `schema.function`, on `conn` (whatever its schema or
/// database), and checks the answers and the errors of each helper.
macro_rules! every_function_answers {
    () => {
        async fn every_function_answers(
            conn: &mut <Db as sqlx::Database>::Connection,
            schema: &str,
        ) {
            let s = quote(schema);
            for (name, text) in examples() {
                let sql = format!(
                    "SELECT {s}.{name}_text({s}.{name}_from_text({p1})), \
                     {s}.{name}_prefixed_text({s}.{name}_from_prefixed_text({p2}, 'p_'), 'p_')",
                    p1 = ph(1),
                    p2 = ph(2)
                );
                let (plain, prefixed): (String, String) = sqlx::query_as(AssertSqlSafe(sql))
                    .bind(&text)
                    .bind(format!("p_{text}"))
                    .fetch_one(&mut *conn)
                    .await
                    .unwrap_or_else(|err| panic!("{name}: {err}"));
                assert_eq!(plain, text);
                assert_eq!(prefixed, format!("p_{text}"));
            }
            let sql = format!(
                "SELECT {s}.xid_text({s}.xid_from_text('jpXCZedGfVQ')), \
                 {s}.uuid_typeid_text({s}.uuid_from_typeid('user_01h455vb4pex5vsknk084sn02q', 'user'), 'user'), \
                 {s}.time_id_text({s}.time_id_from_text('3kxn-lhr-3gxq-22')), \
                 {s}.ulid_text({s}.ulid_from_text('01arz3ndektsv4rrffq69g5fav'))"
            );
            let row: (String, String, String, String) = sqlx::query_as(AssertSqlSafe(sql))
                .fetch_one(&mut *conn)
                .await
                .unwrap();
            assert_eq!(
                row,
                (
                    "jpXCZedGfVQ".to_owned(),
                    "user_01h455vb4pex5vsknk084sn02q".to_owned(),
                    "3kxnlhr3gxq22".to_owned(),
                    "01ARZ3NDEKTSV4RRFFQ69G5FAV".to_owned()
                )
            );
            // Errors go through helpers too.
            for (call, says) in [
                ("tid_from_text('3jzfcijpj2z2')", "expected 13 characters, found 12"),
                ("tid_from_prefixed_text('x', 'post_')", "expected the prefix `post_`"),
                ("tid_text(-1)", "0 to 2^63 - 1"),
                ("tid_from_text('kzzzzzzzzzzzz')", "above the largest id"),
                ("snowflake_from_text('01')", "leading zeros"),
                ("uuid_from_text('01890')", "expected 32, 36, 38 or 45 characters"),
                ("uuid_from_typeid('a_01h455vb4pex5vsknk084sn02q', 'A')", "position 1"),
                ("time_id_from_text('3kxnlhr3gxq2')", "expected 13 or 16 characters"),
            ] {
                let sql = format!("SELECT {s}.{call}");
                let err = sqlx::query(AssertSqlSafe(sql))
                    .fetch_one(&mut *conn)
                    .await
                    .map(|_| ())
                    .expect_err(call);
                assert!(err.to_string().contains(says), "{call}: {err}");
            }
        }
    };
}

mod postgres {
    pub use crate::common::sqlx_cases::Storage;
    pub use crate::common::sqlx_cases::postgres::{Db, column, connect, ph};
    use sqlx::AssertSqlSafe;
    use sqlx::postgres::{PgConnectOptions, PgPoolOptions};
    use std::str::FromStr;

    /// A schema of the test's own: `pool`'s connections have it as their `search_path`;
    /// `admin`'s have the server's default.
    pub struct Fresh {
        pub pool: sqlx::PgPool,
        pub admin: sqlx::PgPool,
        pub name: String,
    }

    pub async fn fresh() -> Option<Fresh> {
        let admin = connect().await?;
        let name = idtypes_tests::unique_table("idt_fns");
        sqlx::query(AssertSqlSafe(format!("CREATE SCHEMA {name}")))
            .execute(&admin)
            .await
            .unwrap();
        let url = idtypes_tests::postgres_url()?;
        let options = PgConnectOptions::from_str(&url)
            .unwrap()
            .options([("search_path", name.as_str())]);
        let pool = PgPoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .unwrap();
        Some(Fresh { pool, admin, name })
    }

    impl Fresh {
        pub async fn finish(self) {
            self.pool.close().await;
            let sql = format!("DROP SCHEMA {} CASCADE", self.name);
            sqlx::query(AssertSqlSafe(sql))
                .execute(&self.admin)
                .await
                .unwrap();
        }
    }

    /// `name` as a quoted identifier.
    pub fn quote(name: &str) -> String {
        format!("\"{}\"", name.replace('"', "\"\""))
    }

    sql_function_cases!();
    every_function_answers!();

    /// With an empty `search_path`, as pg_dump's restore sets it, the functions work called
    /// by their full name; `create_functions` has no schema to create them in and says so.
    #[tokio::test]
    async fn functions_work_with_an_empty_search_path() {
        let Some(fresh) = fresh().await else { return };
        idtypes::sql::create_functions_in(&fresh.admin, &fresh.name)
            .await
            .unwrap();
        let mut conn = fresh.admin.acquire().await.unwrap();
        sqlx::query("SELECT pg_catalog.set_config('search_path', '', false)")
            .execute(&mut *conn)
            .await
            .unwrap();
        let schema: Option<String> = sqlx::query_scalar("SELECT current_schema()")
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        assert_eq!(schema, None);
        every_function_answers(&mut conn, &fresh.name).await;
        drop(conn);

        let options = PgConnectOptions::from_str(&idtypes_tests::postgres_url().unwrap())
            .unwrap()
            .options([("search_path", "")]);
        let nowhere = PgPoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .unwrap();
        let err = idtypes::sql::create_functions(&nowhere).await.unwrap_err();
        assert!(matches!(err, sqlx::Error::InvalidArgument(_)), "{err}");
        assert!(err.to_string().contains("create_functions_in"), "{err}");
        nowhere.close().await;
        fresh.finish().await;
    }
}

mod mysql {
    pub use crate::common::sqlx_cases::Storage;
    pub use crate::common::sqlx_cases::mysql::{Db, column, connect, ph};
    use sqlx::AssertSqlSafe;
    use sqlx::mysql::{MySqlConnectOptions, MySqlPoolOptions};
    use std::str::FromStr;

    /// A database of the test's own: `pool` is connected to it, `admin` to the URL's.
    pub struct Fresh {
        pub pool: sqlx::MySqlPool,
        pub admin: sqlx::MySqlPool,
        pub name: String,
    }

    pub async fn fresh() -> Option<Fresh> {
        let admin = connect().await?;
        let name = idtypes_tests::unique_table("idt_fns");
        sqlx::query(AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&admin)
            .await
            .unwrap();
        let url = idtypes_tests::mysql_url()?;
        let options = MySqlConnectOptions::from_str(&url).unwrap().database(&name);
        let pool = MySqlPoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .unwrap();
        Some(Fresh { pool, admin, name })
    }

    impl Fresh {
        pub async fn finish(self) {
            self.pool.close().await;
            let sql = format!("DROP DATABASE {}", self.name);
            sqlx::query(AssertSqlSafe(sql))
                .execute(&self.admin)
                .await
                .unwrap();
        }
    }

    /// `name` as a quoted identifier.
    pub fn quote(name: &str) -> String {
        format!("`{}`", name.replace('`', "``"))
    }

    sql_function_cases!();
    every_function_answers!();
}
