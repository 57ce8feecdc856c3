//! The posts table and what the routes ask of it ([`Store`]), with two implementations on one
//! table: [`SqlxStore`] (sqlx's queries) and [`SeaOrmStore`] (a SeaORM entity). The id columns
//! are `INTEGER` in SQLite and `BIGINT` in PostgreSQL and MySQL/MariaDB (see [`DDL`]), because
//! typed ids are stored exactly as their inner id: a TID's integer, an xid's bits.

mod sea_orm_store;
mod sqlx_store;

use std::future::Future;

use idtypes::IdRange;

use super::ids::{PostId, UserId};

pub use sea_orm_store::{SeaOrmStore, post};
pub use sqlx_store::SqlxStore;

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

/// A row of `posts`, read with the typed ids' own decoding, which refuses a value that is not
/// an id (a checked typed id also runs its checks).
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PostRow {
    /// The post's id.
    pub id: PostId,
    /// Who wrote it.
    pub author: UserId,
    /// What it says.
    pub text: String,
}

/// What a store's calls fail with: the database's error, whichever crate reports it.
pub type StoreError = Box<dyn std::error::Error + Send + Sync>;

/// What the routes ask of the posts table, whichever crate queries it.
pub trait Store: Clone + Send + Sync + 'static {
    /// Stores a post.
    fn insert(&self, row: &PostRow) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// The post with this id, if there is one.
    fn get(&self, id: PostId) -> impl Future<Output = Result<Option<PostRow>, StoreError>> + Send;

    /// The posts whose ids are in `range` (by `author`, if given), oldest first: a span of
    /// time as `WHERE id BETWEEN`, with no timestamp column.
    fn between(
        &self,
        range: IdRange<PostId>,
        author: Option<UserId>,
    ) -> impl Future<Output = Result<Vec<PostRow>, StoreError>> + Send;
}
