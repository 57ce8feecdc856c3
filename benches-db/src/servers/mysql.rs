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
    /// `UUID` where the server has the type and it orders UUIDv7s by time, else `BINARY(16)`.
    uuid_column: &'static str,
}

impl MySqlServer {
    /// Connects to `url`, reads the version and the settings the report shows, and chooses the
    /// UUID column.
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
        let uuid_column = if has_uuid_type(&version) && uuid_type_orders_v7(&mut connection).await?
        {
            "UUID"
        } else {
            "BINARY(16)"
        };
        Ok(MySqlServer {
            connection,
            description,
            uuid_column,
        })
    }

    async fn execute(&mut self, sql: String) -> Result<()> {
        sqlx::raw_sql(AssertSqlSafe(sql))
            .execute(&mut self.connection)
            .await?;
        Ok(())
    }
}

/// Whether the server has a `UUID` type: MariaDB since 10.7; MySQL has none.
fn has_uuid_type(version: &str) -> bool {
    if !version.contains("MariaDB") {
        return false;
    }
    let mut numbers = version
        .split(['.', '-'])
        .map(|n| n.parse::<u32>().unwrap_or(0));
    let mut next = || numbers.next().unwrap_or(0);
    (next(), next()) >= (10, 7)
}

/// Whether the server's `UUID` type orders UUIDv7s by their bytes, that is by time. MariaDB
/// stores a version-1 UUID with its fields reordered so that it sorts by time, and its first
/// releases with the type did so to every version, which would leave a UUIDv7 key unordered.
async fn uuid_type_orders_v7(connection: &mut MySqlConnection) -> Result<bool> {
    // The same millisecond's counter at its highest, then the next millisecond's at its lowest.
    let ordered: i64 = sqlx::query_scalar(
        "SELECT CAST('01890000-0000-7fff-8000-000000000000' AS UUID) \
              < CAST('01890000-0001-7000-8000-000000000000' AS UUID)",
    )
    .fetch_one(connection)
    .await?;
    Ok(ordered == 1)
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
