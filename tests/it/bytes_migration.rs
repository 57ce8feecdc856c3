//! The migration from bytes columns (the storage of earlier releases) to integer columns, as
//! the crate docs give it ("Migrating a bytes column to integers"), run on every database:
//! the rows read through `AsBytes` before, through the id after, in the same order.

use crate::common::sqlx_cases::{Rng, Sample, Storage, samples};
use idtypes::{AsBytes, Tid, TimeId, Uid11};

/// Generates the test for the database the invoking module describes (`Db`, `connect`,
/// `ph`, `column`, and `migrate`, which runs that database's statements on `table`).
macro_rules! migration_cases {
    () => {
        use super::*;

        /// A table of `T`'s samples as bytes, migrated, then read as `T`: the same ids, and
        /// `ORDER BY id` is still their order.
        async fn migrates<T>(pool: &sqlx::Pool<Db>, flipped: bool)
        where
            T: Sample
                + Copy
                + sqlx::Type<Db>
                + for<'q> sqlx::Encode<'q, Db>
                + for<'r> sqlx::Decode<'r, Db>,
            AsBytes<T>: sqlx::Type<Db> + for<'q> sqlx::Encode<'q, Db>,
        {
            let table = idtypes_tests::unique_table("idt_mig");
            let sql = format!(
                "CREATE TABLE {table} (id {} PRIMARY KEY, n INTEGER)",
                column(Storage::Bytes8)
            );
            sqlx::query(AssertSqlSafe(sql)).execute(pool).await.unwrap();
            let mut values = samples::<T>(&mut Rng::new(), 16);
            values.sort();
            values.dedup();
            let insert = format!("INSERT INTO {table} (id, n) VALUES ({}, {})", ph(1), ph(2));
            for (n, value) in values.iter().enumerate() {
                sqlx::query(AssertSqlSafe(insert.clone()))
                    .bind(AsBytes(*value))
                    .bind(n as i32)
                    .execute(pool)
                    .await
                    .unwrap();
            }
            migrate(pool, &table, flipped).await;
            let sql = format!("SELECT id FROM {table} ORDER BY id");
            let back: Vec<T> = sqlx::query_scalar(AssertSqlSafe(sql))
                .fetch_all(pool)
                .await
                .unwrap();
            assert_eq!(back, values, "{}", std::any::type_name::<T>());
            let sql = format!("SELECT id FROM {table} WHERE n = {}", ph(1));
            for (n, value) in values.iter().enumerate() {
                let id: T = sqlx::query_scalar(AssertSqlSafe(sql.clone()))
                    .bind(n as i32)
                    .fetch_one(pool)
                    .await
                    .unwrap();
                assert_eq!(&id, value);
            }
            sqlx::query(AssertSqlSafe(format!("DROP TABLE {table}")))
                .execute(pool)
                .await
                .unwrap();
        }

        #[tokio::test]
        async fn a_bytes_column_moves_to_integers() {
            let Some(pool) = connect().await else { return };
            migrates::<Tid>(&pool, false).await;
            migrates::<TimeId>(&pool, true).await;
            migrates::<Uid11>(&pool, true).await;
        }
    };
}

mod postgres {
    pub use crate::common::sqlx_cases::postgres::{Db, column, connect, ph};
    use sqlx::AssertSqlSafe;

    /// The crate docs' statements.
    async fn migrate(pool: &sqlx::Pool<Db>, table: &str, flipped: bool) {
        let sql = if flipped {
            format!(
                "ALTER TABLE {table} ALTER COLUMN id TYPE BIGINT \
                 USING (('x' || encode(id, 'hex'))::bit(64) # X'8000000000000000')::bigint"
            )
        } else {
            let check = format!("SELECT count(*) FROM {table} WHERE get_byte(id, 0) >= 128");
            let top_bit: i64 = sqlx::query_scalar(AssertSqlSafe(check))
                .fetch_one(pool)
                .await
                .unwrap();
            assert_eq!(top_bit, 0);
            format!(
                "ALTER TABLE {table} ALTER COLUMN id TYPE BIGINT \
                 USING ('x' || encode(id, 'hex'))::bit(64)::bigint"
            )
        };
        sqlx::query(AssertSqlSafe(sql)).execute(pool).await.unwrap();
    }

    migration_cases!();
}

mod mysql {
    pub use crate::common::sqlx_cases::mysql::{Db, column, connect, ph};
    use sqlx::AssertSqlSafe;

    /// The crate docs' statements.
    async fn migrate(pool: &sqlx::Pool<Db>, table: &str, flipped: bool) {
        let update = if flipped {
            format!(
                "UPDATE {table} SET id_new = CAST(CAST(CONV(HEX(id), 16, 10) AS DECIMAL(20, 0)) \
                 - 9223372036854775808 AS SIGNED)"
            )
        } else {
            let check = format!("SELECT COUNT(*) FROM {table} WHERE ASCII(id) >= 128");
            let top_bit: i64 = sqlx::query_scalar(AssertSqlSafe(check))
                .fetch_one(pool)
                .await
                .unwrap();
            assert_eq!(top_bit, 0);
            format!("UPDATE {table} SET id_new = CAST(CONV(HEX(id), 16, 10) AS SIGNED)")
        };
        for sql in [
            format!("ALTER TABLE {table} ADD COLUMN id_new BIGINT"),
            update,
            format!(
                "ALTER TABLE {table} DROP PRIMARY KEY, DROP COLUMN id, \
                 CHANGE id_new id BIGINT NOT NULL, ADD PRIMARY KEY (id)"
            ),
        ] {
            sqlx::query(AssertSqlSafe(sql)).execute(pool).await.unwrap();
        }
    }

    migration_cases!();
}

mod sqlite {
    pub use crate::common::sqlx_cases::sqlite::{Db, column, connect, ph};
    use idtypes::AsBytes;
    use sqlx::AssertSqlSafe;

    /// The crate docs' loop: each row read as bytes, written back as the id. Every flipped
    /// format turns the same bytes into the same integer, so `Uid11` stands for `TimeId` too.
    async fn migrate(pool: &sqlx::Pool<Db>, table: &str, flipped: bool) {
        if flipped {
            rewrite::<idtypes::Uid11>(pool, table).await;
        } else {
            rewrite::<idtypes::Tid>(pool, table).await;
        }
    }

    async fn rewrite<T>(pool: &sqlx::Pool<Db>, table: &str)
    where
        T: idtypes::FixedSizeFormat + sqlx::Type<Db> + for<'q> sqlx::Encode<'q, Db> + Send + Unpin,
        AsBytes<T>: sqlx::Type<Db> + for<'q> sqlx::Encode<'q, Db> + for<'r> sqlx::Decode<'r, Db>,
    {
        let mut tx = pool.begin().await.unwrap();
        let sql = format!("SELECT id FROM {table} WHERE typeof(id) = 'blob'");
        let old: Vec<AsBytes<T>> = sqlx::query_scalar(AssertSqlSafe(sql))
            .fetch_all(&mut *tx)
            .await
            .unwrap();
        let sql = format!("UPDATE {table} SET id = ? WHERE id = ?");
        for AsBytes(id) in old {
            sqlx::query(AssertSqlSafe(sql.clone()))
                .bind(id)
                .bind(AsBytes(id))
                .execute(&mut *tx)
                .await
                .unwrap();
        }
        tx.commit().await.unwrap();
    }

    migration_cases!();
}
