//! SQLite: one database file per table, in WAL mode with `synchronous = NORMAL` (the usual
//! settings of a server that writes to SQLite), 4 KiB pages and the default 2 MB page cache.
//!
//! A rowid table is a B-tree on the 64-bit rowid. An `INTEGER PRIMARY KEY` column is that rowid,
//! so an integer key costs no index at all; any other key gets a second B-tree
//! (`sqlite_autoindex_<table>_1`) mapping key to rowid, and the key is stored twice. A
//! `WITHOUT ROWID` table is instead one B-tree clustered on its key, as InnoDB's is.

use std::path::{Path, PathBuf};
use std::str::FromStr;

use sqlx::query::Query;
use sqlx::sqlite::{SqliteArguments, SqliteConnectOptions, SqliteJournalMode, SqliteSynchronous};
use sqlx::{AssertSqlSafe, Connection, Row, Sqlite, SqliteConnection};

use super::{Placeholders, Server, Sizes, insert_sql, scan_sql};
use crate::Result;
use crate::keys::{Integers, Value};
use crate::kinds::{Key, Kind};

/// A folder of SQLite files, and the connection to the one being measured.
pub struct SqliteServer {
    folder: PathBuf,
    connection: Option<SqliteConnection>,
    description: String,
}

impl SqliteServer {
    /// Makes the folder `idtypes-benches-db-<pid>` in `parent` for the database files.
    pub async fn open(parent: &Path) -> Result<SqliteServer> {
        let folder = parent.join(format!("idtypes-benches-db-{}", std::process::id()));
        std::fs::create_dir_all(&folder)?;
        let mut connection = SqliteConnection::connect("sqlite::memory:").await?;
        let version: String = sqlx::query_scalar("SELECT sqlite_version()")
            .fetch_one(&mut connection)
            .await?;
        let description = format!(
            "SQLite {version} (sqlx's bundled build), a file per table in {}: WAL, \
             synchronous NORMAL, page_size 4096, cache_size 2 MB",
            folder.display()
        );
        Ok(SqliteServer {
            folder,
            connection: None,
            description,
        })
    }

    fn file(&self, kind: &Kind) -> PathBuf {
        self.folder.join(format!("{}.db", kind.table()))
    }

    fn connection(&mut self) -> Result<&mut SqliteConnection> {
        Ok(self.connection.as_mut().ok_or("no table open")?)
    }

    /// Closes the connection and deletes the table's files.
    async fn remove(&mut self, kind: &Kind) -> Result<()> {
        if let Some(connection) = self.connection.take() {
            connection.close().await?;
        }
        let file = self.file(kind);
        for suffix in ["", "-wal", "-shm"] {
            let path = PathBuf::from(format!("{}{suffix}", file.display()));
            if path.exists() {
                std::fs::remove_file(path)?;
            }
        }
        Ok(())
    }
}

impl Drop for SqliteServer {
    fn drop(&mut self) {
        // Empty once every table is dropped; left (with its files) after an error.
        let _ = std::fs::remove_dir(&self.folder);
    }
}

impl Server for SqliteServer {
    const INTEGERS: Integers = Integers::Signed;

    fn describe(&self) -> String {
        self.description.clone()
    }

    fn column(&self, kind: &Kind) -> Option<String> {
        let column = match kind.key {
            Key::Sequence => "INTEGER (rowid, assigned)",
            Key::TidInteger => "INTEGER (rowid = TID)",
            Key::FullRandInteger => "INTEGER (rowid, top bit flipped)",
            Key::TidBytes | Key::UuidV7 | Key::UuidV4 => "BLOB",
            Key::TidText => "TEXT",
        };
        if kind.without_rowid {
            Some(format!("{column}, WITHOUT ROWID"))
        } else {
            Some(column.into())
        }
    }

    async fn create(&mut self, kind: &Kind) -> Result<()> {
        self.remove(kind).await?;
        let options = SqliteConnectOptions::from_str("sqlite:")?
            .filename(self.file(kind))
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Normal);
        let mut connection = SqliteConnection::connect_with(&options).await?;
        let column = match kind.key {
            Key::Sequence | Key::TidInteger | Key::FullRandInteger => "INTEGER",
            Key::TidBytes | Key::UuidV7 | Key::UuidV4 => "BLOB",
            Key::TidText => "TEXT",
        };
        let options = if kind.without_rowid {
            " WITHOUT ROWID"
        } else {
            ""
        };
        sqlx::raw_sql(AssertSqlSafe(format!(
            "CREATE TABLE {} (id {column} PRIMARY KEY, payload INT NOT NULL){options}",
            kind.table()
        )))
        .execute(&mut connection)
        .await?;
        self.connection = Some(connection);
        Ok(())
    }

    async fn insert(&mut self, kind: &Kind, keys: &[Value], batch: usize) -> Result<()> {
        let full = insert_sql(kind, batch, Placeholders::Question);
        let mut transaction = self.connection()?.begin().await?;
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
        let connection = self.connection()?;
        // Everything into the database file, the WAL emptied: the file is the table.
        sqlx::raw_sql("PRAGMA wal_checkpoint(TRUNCATE)")
            .execute(&mut *connection)
            .await?;
        // The dbstat virtual table: sqlx's bundled SQLite is built with SQLITE_ENABLE_DBSTAT_VTAB.
        let rows = sqlx::query("SELECT name, SUM(pgsize) FROM dbstat GROUP BY name")
            .fetch_all(&mut *connection)
            .await?;
        let (mut table_bytes, mut index_bytes) = (0, None);
        for row in rows {
            let name: String = row.get(0);
            let bytes = row.get::<i64, _>(1) as u64;
            if name == table {
                table_bytes = bytes;
            } else if name.starts_with("sqlite_autoindex_") {
                index_bytes = Some(bytes);
            }
        }
        let pages: i64 = sqlx::query_scalar("PRAGMA page_count")
            .fetch_one(&mut *connection)
            .await?;
        let page_size: i64 = sqlx::query_scalar("PRAGMA page_size")
            .fetch_one(&mut *connection)
            .await?;
        Ok(Sizes {
            table: table_bytes,
            key_index: index_bytes,
            on_disk: (pages * page_size) as u64,
        })
    }

    async fn scan(&mut self, kind: &Kind, [low, high]: &[Value; 2]) -> Result<usize> {
        let statement = sqlx::query(AssertSqlSafe(scan_sql(kind, Placeholders::Question)));
        let rows = bind(bind(statement, low), high)
            .fetch_all(self.connection()?)
            .await?;
        Ok(rows.len())
    }

    async fn drop(&mut self, kind: &Kind) -> Result<()> {
        self.remove(kind).await
    }
}

/// Binds one key as SQLite takes it.
fn bind<'q>(
    statement: Query<'q, Sqlite, SqliteArguments>,
    key: &Value,
) -> Query<'q, Sqlite, SqliteArguments> {
    match key {
        Value::Generated => statement,
        Value::I64(value) => statement.bind(*value),
        Value::Bytes(bytes) => statement.bind(bytes.to_vec()),
        Value::Text(text) => statement.bind(text.clone()),
        Value::Uuid(uuid) => statement.bind(*uuid),
        Value::U64(_) => unreachable!("SQLite's integers are signed"),
    }
}
