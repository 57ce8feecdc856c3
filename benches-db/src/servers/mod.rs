//! What the measurement asks of each database: one file per database, each with its columns,
//! its batched insert, its sizes and its scan.

pub mod mysql;
pub mod postgres;
pub mod sqlite;

use crate::Result;
use crate::keys::{Integers, Value};
use crate::kinds::Kind;

/// The space a loaded table takes, in bytes.
pub struct Sizes {
    /// The table's own storage: PostgreSQL's heap, InnoDB's clustered index (the rows, ordered by
    /// the key), SQLite's table b-tree.
    pub table: u64,
    /// The primary key's separate index, where there is one: PostgreSQL always; SQLite for a key
    /// that is not the rowid in a rowid table; never InnoDB (the table is the key's index).
    pub key_index: Option<u64>,
    /// The files on disk: PostgreSQL's heap, index, free-space and visibility maps; InnoDB's
    /// `.ibd` file (allocated in whole extents); SQLite's database file.
    pub on_disk: u64,
}

/// One database server under measurement.
///
/// Every table is `(id <key column> PRIMARY KEY, payload INT NOT NULL)`.
pub trait Server {
    /// How this database stores a 64-bit integer key.
    const INTEGERS: Integers;

    /// The heading of its report: the server, its version and the settings that matter.
    fn describe(&self) -> String;

    /// The key column's type for `kind`, as the report shows it; `None` when the kind does not
    /// apply here.
    fn column(&self, kind: &Kind) -> Option<String>;

    /// Drops `kind`'s table if a run left it, and creates it empty.
    async fn create(&mut self, kind: &Kind) -> Result<()>;

    /// Loads `keys` (payload: the row's index) in statements of `batch` rows, in one transaction.
    async fn insert(&mut self, kind: &Kind, keys: &[Value], batch: usize) -> Result<()>;

    /// Brings the table to rest (vacuum, statistics, checkpoint) and measures it.
    async fn sizes(&mut self, kind: &Kind) -> Result<Sizes>;

    /// `SELECT id, payload ... WHERE id BETWEEN low AND high ORDER BY id`: the rows it returned.
    async fn scan(&mut self, kind: &Kind, bounds: &[Value; 2]) -> Result<usize>;

    /// Drops `kind`'s table.
    async fn drop(&mut self, kind: &Kind) -> Result<()>;
}

/// How a database writes its placeholders.
#[derive(Clone, Copy)]
enum Placeholders {
    /// `$1`, `$2`, ... (PostgreSQL).
    Numbered,
    /// `?` (MySQL, SQLite).
    Question,
}

impl Placeholders {
    fn nth(self, n: usize) -> String {
        match self {
            Placeholders::Numbered => format!("${n}"),
            Placeholders::Question => "?".into(),
        }
    }
}

/// `INSERT INTO <table> (id, payload) VALUES (?, ?), ...` for `rows` rows; without the key when
/// the database makes it.
fn insert_sql(kind: &Kind, rows: usize, placeholders: Placeholders) -> String {
    let generated = kind.key == crate::kinds::Key::Sequence;
    let mut sql = format!(
        "INSERT INTO {} ({}payload) VALUES ",
        kind.table(),
        if generated { "" } else { "id, " }
    );
    let mut n = 0;
    for row in 0..rows {
        if row > 0 {
            sql.push_str(", ");
        }
        sql.push('(');
        if !generated {
            n += 1;
            sql.push_str(&placeholders.nth(n));
            sql.push_str(", ");
        }
        n += 1;
        sql.push_str(&placeholders.nth(n));
        sql.push(')');
    }
    sql
}

/// `SELECT id, payload FROM <table> WHERE id BETWEEN ? AND ? ORDER BY id`.
fn scan_sql(kind: &Kind, placeholders: Placeholders) -> String {
    format!(
        "SELECT id, payload FROM {} WHERE id BETWEEN {} AND {} ORDER BY id",
        kind.table(),
        placeholders.nth(1),
        placeholders.nth(2),
    )
}
