//! The posts table and its queries, on sqlx. The id columns are `INTEGER` in SQLite; the same
//! queries run on PostgreSQL and MySQL/MariaDB with `BIGINT` (see
//! [`DDL`]), because typed ids are stored exactly as their inner id: a TID's integer.

use std::time::SystemTime;

use sqlx::{FromRow, SqlitePool};

use super::ids::{PostId, UserId};

/// The table, per database. Ids are the TIDs' integers, whose order is the ids' order, so
/// `ORDER BY id` is time order and `BETWEEN` over a time range's bounds selects a span of time.
pub const DDL: [(&str, &str); 3] = [
    (
        "SQLite",
        "CREATE TABLE posts (id INTEGER PRIMARY KEY, author INTEGER NOT NULL, text TEXT NOT NULL)",
    ),
    (
        "PostgreSQL",
        "CREATE TABLE posts (id BIGINT PRIMARY KEY, author BIGINT NOT NULL, text TEXT NOT NULL)",
    ),
    (
        "MySQL/MariaDB",
        "CREATE TABLE posts (id BIGINT PRIMARY KEY, author BIGINT NOT NULL, text TEXT NOT NULL)",
    ),
];

/// A row of `posts`, read with the typed ids' own `sqlx::Decode`, which refuses a value that
/// is not an id (a checked typed id also runs its checks).
#[derive(Debug, FromRow)]
pub struct PostRow {
    /// The post's id.
    pub id: PostId,
    /// Who wrote it.
    pub author: UserId,
    /// What it says.
    pub text: String,
}

/// Creates the table (SQLite's statement from [`DDL`]).
pub async fn create_table(pool: &SqlitePool) -> sqlx::Result<()> {
    sqlx::query(DDL[0].1).execute(pool).await.map(drop)
}

/// Stores a post.
pub async fn insert(pool: &SqlitePool, row: &PostRow) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO posts (id, author, text) VALUES (?, ?, ?)")
        .bind(row.id)
        .bind(row.author)
        .bind(&row.text)
        .execute(pool)
        .await
        .map(drop)
}

/// The post with this id, if there is one.
pub async fn get(pool: &SqlitePool, id: PostId) -> sqlx::Result<Option<PostRow>> {
    sqlx::query_as("SELECT id, author, text FROM posts WHERE id = ?")
        .bind(id)
        .fetch_optional(pool)
        .await
}

/// The posts made since `since` (by `author`, if given), oldest first: the span's id range in
/// `WHERE id BETWEEN`, with no timestamp column.
pub async fn since(
    pool: &SqlitePool,
    since: SystemTime,
    author: Option<UserId>,
) -> sqlx::Result<Vec<PostRow>> {
    let Some(range) = PostId::range_for_time(since..) else {
        return Ok(Vec::new());
    };
    sqlx::query_as(
        "SELECT id, author, text FROM posts WHERE id BETWEEN ? AND ? \
         AND (? IS NULL OR author = ?) ORDER BY id",
    )
    .bind(range.start())
    .bind(range.end())
    .bind(author)
    .bind(author)
    .fetch_all(pool)
    .await
}
