//! PostgreSQL: a heap table and a separate B-tree index for the primary key.

use sqlx::postgres::PgArguments;
use sqlx::query::Query;
use sqlx::{AssertSqlSafe, Connection, PgConnection, Postgres, Row};

use super::{Placeholders, Server, Sizes, insert_sql, scan_sql};
use crate::Result;
use crate::keys::{Integers, Value};
use crate::kinds::{Key, Kind};

/// One connection to a PostgreSQL server.
pub struct PostgresServer {
    connection: PgConnection,
    description: String,
}

impl PostgresServer {
    /// Connects to `url` and reads the version and the settings the report shows.
    pub async fn connect(url: &str) -> Result<PostgresServer> {
        let mut connection = PgConnection::connect(url).await?;
        let row = sqlx::query(
            "SELECT version(), current_setting('shared_buffers'), \
             current_setting('synchronous_commit'), current_setting('max_wal_size')",
        )
        .fetch_one(&mut connection)
        .await?;
        let description = format!(
            "{} (shared_buffers {}, synchronous_commit {}, max_wal_size {})",
            row.get::<String, _>(0),
            row.get::<String, _>(1),
            row.get::<String, _>(2),
            row.get::<String, _>(3),
        );
        Ok(PostgresServer {
            connection,
            description,
        })
    }

    async fn execute(&mut self, sql: String) -> Result<()> {
        sqlx::raw_sql(AssertSqlSafe(sql))
            .execute(&mut self.connection)
            .await?;
        Ok(())
    }
}

impl Server for PostgresServer {
    const INTEGERS: Integers = Integers::Signed;

    fn describe(&self) -> String {
        self.description.clone()
    }

    fn column(&self, kind: &Kind) -> Option<String> {
        if kind.without_rowid {
            return None;
        }
        Some(
            match kind.key {
                Key::Sequence => "BIGINT GENERATED ALWAYS AS IDENTITY",
                Key::TidInteger => "BIGINT",
                Key::FullRandInteger => "BIGINT (top bit flipped)",
                Key::TidBytes => "BYTEA",
                Key::TidText => "TEXT COLLATE \"C\"",
                Key::UuidV7 | Key::UuidV4 => "UUID",
            }
            .into(),
        )
    }

    async fn create(&mut self, kind: &Kind) -> Result<()> {
        let column = self.column(kind).ok_or("no column")?;
        let column = column.trim_end_matches(" (top bit flipped)");
        let table = kind.table();
        self.execute(format!(
            "DROP TABLE IF EXISTS {table}; \
             CREATE TABLE {table} (id {column} PRIMARY KEY, payload INT NOT NULL)"
        ))
        .await?;
        // Start each load with no dirty pages from the one before, so it pays for its own
        // writes only (the checkpoint that its WAL may trigger is its own too).
        self.execute("CHECKPOINT".into()).await
    }

    async fn insert(&mut self, kind: &Kind, keys: &[Value], batch: usize) -> Result<()> {
        let full = insert_sql(kind, batch, Placeholders::Numbered);
        let mut transaction = self.connection.begin().await?;
        for (number, chunk) in keys.chunks(batch).enumerate() {
            let sql = if chunk.len() == batch {
                full.clone()
            } else {
                insert_sql(kind, chunk.len(), Placeholders::Numbered)
            };
            let mut statement = sqlx::query(AssertSqlSafe(sql));
            for (i, key) in chunk.iter().enumerate() {
                statement = bind(statement, key).bind((number * batch + i) as i32);
            }
            statement.execute(&mut *transaction).await?;
        }
        transaction.commit().await?;
        Ok(())
    }

    async fn sizes(&mut self, kind: &Kind) -> Result<Sizes> {
        let table = kind.table();
        self.execute(format!("VACUUM ANALYZE {table}")).await?;
        let row = sqlx::query(
            "SELECT pg_relation_size($1::regclass), pg_relation_size($2::regclass), \
             pg_total_relation_size($1::regclass)",
        )
        .bind(&table)
        .bind(format!("{table}_pkey"))
        .fetch_one(&mut self.connection)
        .await?;
        Ok(Sizes {
            table: row.get::<i64, _>(0) as u64,
            key_index: Some(row.get::<i64, _>(1) as u64),
            on_disk: row.get::<i64, _>(2) as u64,
        })
    }

    async fn scan(&mut self, kind: &Kind, [low, high]: &[Value; 2]) -> Result<usize> {
        let statement = sqlx::query(AssertSqlSafe(scan_sql(kind, Placeholders::Numbered)));
        let rows = bind(bind(statement, low), high)
            .fetch_all(&mut self.connection)
            .await?;
        Ok(rows.len())
    }

    async fn drop(&mut self, kind: &Kind) -> Result<()> {
        self.execute(format!("DROP TABLE {}", kind.table())).await
    }
}

/// Binds one key as PostgreSQL takes it.
fn bind<'q>(
    statement: Query<'q, Postgres, PgArguments>,
    key: &Value,
) -> Query<'q, Postgres, PgArguments> {
    match key {
        Value::Generated => statement,
        Value::I64(value) => statement.bind(*value),
        Value::Bytes(bytes) => statement.bind(&bytes[..]),
        Value::Text(text) => statement.bind(text.as_str()),
        Value::Uuid(uuid) => statement.bind(*uuid),
        Value::U64(_) => unreachable!("PostgreSQL has no unsigned integers"),
    }
}
