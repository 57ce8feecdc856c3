//! `idtypes::sql`: the functions `<format>_text(id)` and `<format>_from_text(text)` on
//! PostgreSQL and MySQL / MariaDB (each skipped when its URL is unset), against the crate's
//! own text and columns, for every format and its tricky values (the ends, the top bit,
//! TimeIds before 1970, random ones).

use crate::common::sqlx_cases::{Rng, Sample, samples};
use idtypes::{FullRand, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Uid11Xid, Ulid};
use sqlx::AssertSqlSafe;

/// Generates the tests for the database the invoking module describes (`Db`, `connect`,
/// `ph`, `column`).
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

        /// `name_text(id)` is `Display`'s text for every sample stored in the id's column,
        /// and `name_from_text` of that text is the stored value.
        async fn text_and_back<T: Column>(pool: &sqlx::Pool<Db>, name: &str) {
            let table = idtypes_tests::unique_table("idt_fn");
            let sql = format!("CREATE TABLE {table} (n INTEGER, id {})", column(T::STORAGE));
            sqlx::query(AssertSqlSafe(sql)).execute(pool).await.unwrap();
            let values: Vec<T> = samples::<T>(&mut Rng::new(), 16);
            let insert = format!("INSERT INTO {table} (n, id) VALUES ({}, {})", ph(1), ph(2));
            for (n, value) in values.iter().enumerate() {
                sqlx::query(AssertSqlSafe(insert.clone()))
                    .bind(n as i32)
                    .bind(value.clone())
                    .execute(pool)
                    .await
                    .unwrap_or_else(|err| panic!("insert {value:?}: {err}"));
            }
            let sql = format!(
                "SELECT {name}_text(id), {name}_from_text({name}_text(id)) = id FROM {table} ORDER BY n"
            );
            let rows: Vec<(String, bool)> = sqlx::query_as(AssertSqlSafe(sql.clone()))
                .fetch_all(pool)
                .await
                .unwrap_or_else(|err| panic!("{sql}: {err}"));
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
            sqlx::query(AssertSqlSafe(format!("DROP TABLE {table}")))
                .execute(pool)
                .await
                .unwrap();
        }

        /// `name_from_text(text)` fails with a message that names the format and contains
        /// `says`.
        async fn refuses(pool: &sqlx::Pool<Db>, name: &str, text: &str, format: &str, says: &str) {
            let sql = format!("SELECT {name}_from_text({})", ph(1));
            let err = sqlx::query(AssertSqlSafe(sql))
                .bind(text)
                .fetch_one(pool)
                .await
                .map(|_| ())
                .expect_err(text);
            let message = err.to_string();
            assert!(
                message.contains(&format!("invalid {format}")) && message.contains(says),
                "{name}_from_text({text:?}): {message}"
            );
        }

        #[tokio::test]
        async fn every_format_to_text_and_back() {
            let Some(pool) = connect().await else { return };
            idtypes::sql::create_functions(&pool).await.unwrap();
            // Again: creating them replaces them.
            idtypes::sql::create_functions(&pool).await.unwrap();
            text_and_back::<Tid>(&pool, "tid").await;
            text_and_back::<TimeId>(&pool, "time_id").await;
            text_and_back::<Uid11>(&pool, "uid11").await;
            text_and_back::<Uid11Xid>(&pool, "uid11_xid").await;
            // The deprecated names of v0.1.0 are aliases.
            text_and_back::<Uid11Xid>(&pool, "xid").await;
            text_and_back::<Snowish>(&pool, "snowish").await;
            text_and_back::<TsSeqRand>(&pool, "ts_seq_rand").await;
            text_and_back::<FullRand>(&pool, "fullrand").await;
            text_and_back::<Snowflake>(&pool, "snowflake").await;
            text_and_back::<Tbsl>(&pool, "tbsl").await;
            text_and_back::<Ulid>(&pool, "ulid").await;
            text_and_back::<idtypes::RsXid>(&pool, "rs_xid").await;

            // The dashed TimeId, a known answer.
            let sql = "SELECT time_id_text(time_id_from_text('3kxn-lhr-3gxq-22'))";
            let text: String = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
            assert_eq!(text, "3kxnlhr3gxq22");
            let sql = "SELECT tid_text(tid_from_text('3jzfcijpj2z2a'))";
            let text: String = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
            assert_eq!(text, "3jzfcijpj2z2a");

            // Refused: wrong length, a character outside the alphabet (case counts), out of
            // range, a reserved bit.
            refuses(&pool, "tid", "3jzfcijpj2z2", "atproto TID", "13").await;
            refuses(&pool, "tid", "3jzfcijpj2z2A", "atproto TID", "13").await;
            refuses(&pool, "tid", "kzzzzzzzzzzzz", "atproto TID", "kzzzzzzzzzzzz").await;
            refuses(&pool, "time_id", "dzzzzzzzzzzzz", "TimeId", "out of range").await;
            refuses(&pool, "time_id", "3kxn-lhr3-gxq-22", "TimeId", "13").await;
            refuses(&pool, "uid11", "jpXCZedGfVR", "uid11", "jpXCZedGfVR").await;
            refuses(&pool, "uid11", "0OIl0OIl0OI", "uid11", "1").await;
            refuses(&pool, "uid11_xid", "jpXCZedGfV", "uid11 xid", "11").await;
            refuses(&pool, "xid", "jpXCZedGfV", "uid11 xid", "11").await;
            refuses(&pool, "snowish", "jpXCZedGfVQ", "snowish uid11", "jpXCZedGfVQ").await;
            refuses(&pool, "snowflake", "01", "Snowflake", "leading zeros").await;
            refuses(&pool, "snowflake", "+1", "Snowflake", "'+1'").await;
            refuses(&pool, "snowflake", "", "Snowflake", "1 to 19 digits").await;
            refuses(&pool, "snowflake", "10000000000000000000", "Snowflake", "19").await;
            let above = "9223372036854775808";
            refuses(&pool, "snowflake", above, "Snowflake", "above the largest").await;
            refuses(&pool, "tbsl", "25bf6196c8d610700001", "TBSL", "20").await;
            refuses(&pool, "tbsl", "25BF6196C8D61070000", "TBSL", "20").await;
            refuses(&pool, "ulid", "01ARZ3NDEKTSV4RRFFQ69G5FA", "ULID", "26").await;
            refuses(&pool, "ulid", "01ARZ3NDEKTSV4RRFFQ69G5FAU", "ULID", "26").await;
            refuses(&pool, "ulid", "8ZZZZZZZZZZZZZZZZZZZZZZZZZ", "ULID", "largest").await;
            // Case does not matter, but only of ASCII letters: `ſ` is not `S`.
            refuses(&pool, "ulid", "01ARZ3NDEKTſV4RRFFQ69G5FAV", "ULID", "position 12").await;
            let sql = "SELECT ulid_text(ulid_from_text('01arz3ndektsv4rrffq69g5fav'))";
            let text: String = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
            assert_eq!(text, "01ARZ3NDEKTSV4RRFFQ69G5FAV");

            // rs/xid's example; lowercase only; the last character 0 or g; 12 bytes.
            let sql = "SELECT rs_xid_text(rs_xid_from_text('9m4e2mr0ui3e8a215n4g'))";
            let text: String = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
            assert_eq!(text, "9m4e2mr0ui3e8a215n4g");
            refuses(&pool, "rs_xid", "9m4e2mr0ui3e8a215n4", "rs/xid XID", "20").await;
            refuses(&pool, "rs_xid", "9M4E2MR0UI3E8A215N4G", "rs/xid XID", "position 2").await;
            refuses(&pool, "rs_xid", "9m4e2mr0ui3e8a215n4w", "rs/xid XID", "position 20").await;
            refuses(&pool, "rs_xid", "c6e52g2mrqcjl44hf179", "rs/xid XID", "0 or g").await;
            let err = sqlx::query("SELECT rs_xid_text(tbsl_from_text('25BF6196C8D610700001'))")
                .fetch_one(&pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("expected 12 bytes, found 10"), "{err}");

            // The column is a signed BIGINT on both: a TID with the top bit set, or a negative
            // value, is refused with a message that says why.
            refuses(&pool, "tid", "c222222222222", "atproto TID", "top bit").await;
            let err = sqlx::query("SELECT tid_text(-1)")
                .fetch_one(&pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("invalid atproto TID"), "{err}");
            let err = sqlx::query("SELECT snowflake_text(-1)")
                .fetch_one(&pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("invalid Snowflake"), "{err}");
            // Discord's API reference's example.
            let sql = "SELECT snowflake_text(snowflake_from_text('175928847299117063'))";
            let text: String = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
            assert_eq!(text, "175928847299117063");

            // Sonyflake: Snowflake's decimal text under its own name.
            text_and_back::<idtypes::Sonyflake>(&pool, "sonyflake").await;
            refuses(&pool, "sonyflake", "01", "Sonyflake", "leading zeros").await;
            refuses(&pool, "sonyflake", "-1", "Sonyflake", "'-1'").await;
            refuses(&pool, "sonyflake", "", "Sonyflake", "1 to 19 digits").await;
            let above = "9223372036854775808";
            refuses(&pool, "sonyflake", above, "Sonyflake", "above the largest").await;
            let err = sqlx::query("SELECT sonyflake_text(-1)")
                .fetch_one(&pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("invalid Sonyflake"), "{err}");
            let sql = "SELECT sonyflake_text(sonyflake_from_text('578547906324398081'))";
            let text: String = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
            assert_eq!(text, "578547906324398081");
        }

        #[tokio::test]
        async fn ksuid_to_text_and_back() {
            let Some(pool) = connect().await else { return };
            idtypes::sql::create_functions(&pool).await.unwrap();
            text_and_back::<idtypes::Ksuid>(&pool, "ksuid").await;
            let sql = "SELECT ksuid_text(ksuid_from_text('0ujtsYcgvSTl8PAuAdqWYSMnLOv'))";
            let text: String = sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap();
            assert_eq!(text, "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
            let max = "aWgEPTl1tmebfsQzFP4bxwgy80V";
            let sql = format!("SELECT ksuid_from_text('{max}') = ksuid_from_text({})", ph(1));
            let same: bool = sqlx::query_scalar(AssertSqlSafe(sql))
                .bind(max)
                .fetch_one(&pool)
                .await
                .unwrap();
            assert!(same);
            // Refused: the length, a character outside the alphabet (`:`, which the npm
            // package reads as `3`), above the largest.
            refuses(&pool, "ksuid", "0ujtsYcgvSTl8PAuAdqWYSMnLO", "KSUID", "27").await;
            refuses(&pool, "ksuid", "0ujtsYcgvSTl8PAuAdqWYSMnLO:", "KSUID", "position 27").await;
            refuses(&pool, "ksuid", "aWgEPTl1tmebfsQzFP4bxwgy80W", "KSUID", "largest").await;
            refuses(&pool, "ksuid", "zzzzzzzzzzzzzzzzzzzzzzzzzzz", "KSUID", "largest").await;
            let err = sqlx::query(AssertSqlSafe(format!("SELECT ksuid_text({})", ph(1))))
                .bind(vec![0u8; 19])
                .fetch_one(&pool)
                .await
                .map(|_| ())
                .unwrap_err();
            assert!(err.to_string().contains("expected 20 bytes, found 19"), "{err}");
        }
    };
}

mod postgres {
    pub use crate::common::sqlx_cases::postgres::{Db, column, connect, ph};

    sql_function_cases!();
}

mod mysql {
    pub use crate::common::sqlx_cases::mysql::{Db, column, connect, ph};

    sql_function_cases!();
}
