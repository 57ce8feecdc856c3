//! The sqlx integration on MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset).
//!
//! The cases are in `common/sqlx_cases.rs`.

use crate::common::sqlx_cases::mysql::{Db, column, connect, ph};

/// Not `BINARY(n)`: it pads a short value with zero bytes, so a wrong length would not reach
/// the decoder.
const BLOB_COLUMN: &str = "VARBINARY(16)";

/// Text in a single-byte character set, and text made from eight 0xFF bytes.
const LATIN_TEXT_COLUMN: &str = "VARCHAR(16) CHARACTER SET latin1";
const FF_TEXT: &str = "CONVERT(x'FFFFFFFFFFFFFFFF' USING latin1)";

/// A signed 64-bit integer column.
const SIGNED_COLUMN: &str = "BIGINT";

/// How the errors of a value in the wrong kind of column end.
const WRONG_FOR_BYTES: &str = "binary data (BINARY, VARBINARY or BLOB), found text (VARCHAR)";
const WRONG_FOR_TEXT: &str =
    "text (CHAR, VARCHAR or TEXT, not of the binary character set), found binary data (VARBINARY)";

sqlx_cases!();

/// A `BIGINT UNSIGNED` holds a TID's or a snowish id's own integer, the same number as the
/// signed column: those read it (a TID with the top bit set too); the formats stored with the
/// top bit flipped refuse it, saying which column they need.
#[tokio::test]
async fn an_unsigned_column_reads_only_the_formats_that_keep_the_top_bit_0() {
    let Some(pool) = connect().await else { return };
    let table = idtypes_tests::unique_table("idt_uns");
    exec(
        &pool,
        format!("CREATE TABLE {table} (n INTEGER, id BIGINT UNSIGNED)"),
    )
    .await;
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    let sql = format!("INSERT INTO {table} (n, id) VALUES (0, ?), (1, ?)");
    sqlx::query(AssertSqlSafe(sql))
        .bind(tid.to_u64())
        .bind(1u64 << 63)
        .execute(&pool)
        .await
        .unwrap();
    let sql = format!("SELECT id FROM {table} ORDER BY n");
    let tids: Vec<Tid> = select(&pool, sql.clone()).await;
    assert_eq!(tids, [tid, Tid::from_u64(1 << 63)]);
    let snowish: Snowish =
        select::<Snowish>(&pool, format!("SELECT id FROM {table} WHERE n = 0")).await[0];
    assert_eq!(snowish.to_u64(), tid.to_u64());
    let m = wrong_column::<TimeId>(&pool, &table, "id", 0, "TimeId").await;
    assert!(
        m.ends_with("expected a signed integer (BIGINT: the bits with the top one flipped), found BIGINT UNSIGNED"),
        "{m}"
    );
    drop_table(&pool, &table).await;
}
