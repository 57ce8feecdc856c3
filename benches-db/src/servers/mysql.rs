//! MySQL and MariaDB on InnoDB: the table is a B-tree clustered on the primary key, so the key's
//! index and the rows are one structure (and every secondary index repeats the key).

use sqlx::mysql::MySqlArguments;
use sqlx::query::Query;
use sqlx::{AssertSqlSafe, Connection, MySql, MySqlConnection, Row};

use super::{Placeholders, Server, Sizes, insert_sql, scan_sql};
use crate::Result;
use crate::keys::{Integers, Value};
use crate::kinds::{Key, Kind};

/// One connection to a MySQL or MariaDB server.
pub struct MySqlServer {
    connection: MySqlConnection,
    description: String,
    /// `UUID` on MariaDB 10.7 and later, `BINARY(16)` elsewhere.
    uuid_column: &'static str,
}

impl MySqlServer {
    /// Connects to `url`, reads the version (which decides the UUID column) and the settings the
    /// report shows.
    pub async fn connect(url: &str) -> Result<MySqlServer> {
        let mut connection = MySqlConnection::connect(url).await?;
        let row = sqlx::query(
            "SELECT VERSION(), @@innodb_buffer_pool_size, @@innodb_flush_log_at_trx_commit, \
             @@innodb_doublewrite",
        )
        .fetch_one(&mut connection)
        .await?;
        let version: String = row.get(0);
        let description = format!(
            "{version}, InnoDB (innodb_buffer_pool_size {} MiB, innodb_flush_log_at_trx_commit {}, \
             innodb_doublewrite {})",
            row.get::<u64, _>(1) >> 20,
            row.get::<u64, _>(2),
            row.get::<i64, _>(3),
        );
        Ok(MySqlServer {
            connection,
            description,
            uuid_column: if has_uuid_type(&version) {
                "UUID"
            } else {
                "BINARY(16)"
            },
        })
    }

    async fn execute(&mut self, sql: String) -> Result<()> {
        sqlx::raw_sql(AssertSqlSafe(sql))
            .execute(&mut self.connection)
            .await?;
        Ok(())
    }
}

/// MariaDB has a `UUID` type since 10.7 (`10.11.6-MariaDB-...`); MySQL has none.
fn has_uuid_type(version: &str) -> bool {
    if !version.contains("MariaDB") {
        return false;
    }
    let mut numbers = version
        .split(['.', '-'])
        .map(|n| n.parse::<u32>().unwrap_or(0));
    let major = numbers.next().unwrap_or(0);
    let minor = numbers.next().unwrap_or(0);
    (major, minor) >= (10, 7)
}

impl Server for MySqlServer {
    const INTEGERS: Integers = Integers::Unsigned;

    fn describe(&self) -> String {
        self.description.clone()
    }

    fn column(&self, kind: &Kind) -> Option<String> {
        if kind.without_rowid {
            return None;
        }
        Some(
            match kind.key {
                Key::Sequence => "BIGINT AUTO_INCREMENT",
                Key::TidInteger | Key::FullRandInteger => "BIGINT UNSIGNED",
                Key::TidBytes => "BINARY(8)",
                Key::TidText => "VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin",
                Key::UuidV7 | Key::UuidV4 => self.uuid_column,
            }
            .into(),
        )
    }

    async fn create(&mut self, kind: &Kind) -> Result<()> {
        let column = self.column(kind).ok_or("no column")?;
        let table = kind.table();
        self.execute(format!("DROP TABLE IF EXISTS {table}"))
            .await?;
        self.execute(format!(
            "CREATE TABLE {table} (id {column} PRIMARY KEY, payload INT NOT NULL) ENGINE=InnoDB"
        ))
        .await
    }

    async fn insert(&mut self, kind: &Kind, keys: &[Value], batch: usize) -> Result<()> {
        let full = insert_sql(kind, batch, Placeholders::Question);
        let mut transaction = self.connection.begin().await?;
        for (number, chunk) in keys.chunks(batch).enumerate() {
            let sql = if chunk.len() == batch {
                full.clone()
            } else {
                insert_sql(kind, chunk.len(), Placeholders::Question)
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
        // Persistent statistics counted anew: DATA_LENGTH is the clustered index's pages.
        sqlx::raw_sql(AssertSqlSafe(format!("ANALYZE TABLE {table}")))
            .fetch_all(&mut self.connection)
            .await?;
        let row = sqlx::query(
            "SELECT t.DATA_LENGTH, t.INDEX_LENGTH, s.ALLOCATED_SIZE \
             FROM information_schema.TABLES t \
             JOIN information_schema.INNODB_SYS_TABLESPACES s \
               ON s.NAME = CONCAT(t.TABLE_SCHEMA, '/', t.TABLE_NAME) \
             WHERE t.TABLE_SCHEMA = DATABASE() AND t.TABLE_NAME = ?",
        )
        .bind(&table)
        .fetch_one(&mut self.connection)
        .await?;
        let secondary: u64 = row.get(1);
        if secondary != 0 {
            return Err(format!("{table} has {secondary} bytes of secondary indexes").into());
        }
        Ok(Sizes {
            table: row.get(0),
            key_index: None,
            on_disk: row.get(2),
        })
    }

    async fn scan(&mut self, kind: &Kind, [low, high]: &[Value; 2]) -> Result<usize> {
        let statement = sqlx::query(AssertSqlSafe(scan_sql(kind, Placeholders::Question)));
        let rows = bind(bind(statement, low), high)
            .fetch_all(&mut self.connection)
            .await?;
        Ok(rows.len())
    }

    async fn drop(&mut self, kind: &Kind) -> Result<()> {
        self.execute(format!("DROP TABLE {}", kind.table())).await
    }
}

/// Binds one key as MySQL takes it.
fn bind<'q>(
    statement: Query<'q, MySql, MySqlArguments>,
    key: &Value,
) -> Query<'q, MySql, MySqlArguments> {
    match key {
        Value::Generated => statement,
        Value::U64(value) => statement.bind(*value),
        // The sequence's bounds.
        Value::I64(value) => statement.bind(*value),
        Value::Bytes(bytes) => statement.bind(&bytes[..]),
        Value::Text(text) => statement.bind(text.as_str()),
        Value::Uuid(uuid) => statement.bind(*uuid),
    }
}
