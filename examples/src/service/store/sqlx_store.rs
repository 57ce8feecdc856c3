//! The posts table on sqlx: typed ids bind and decode like any sqlx type.

use idtypes::IdRange;
use sqlx::SqlitePool;

use super::{DDL, PostRow, Store, StoreError};
use crate::service::ids::{PostId, UserId};

/// The posts table through an sqlx pool.
#[derive(Clone)]
pub struct SqlxStore(pub SqlitePool);

impl SqlxStore {
    /// Creates the table (SQLite's statement from [`DDL`]).
    pub async fn create_table(&self) -> sqlx::Result<()> {
        sqlx::query(DDL[0].1).execute(&self.0).await.map(drop)
    }
}

impl Store for SqlxStore {
    async fn insert(&self, row: &PostRow) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO posts (id, author, text) VALUES (?, ?, ?)")
            .bind(row.id)
            .bind(row.author)
            .bind(&row.text)
            .execute(&self.0)
            .await?;
        Ok(())
    }

    async fn get(&self, id: PostId) -> Result<Option<PostRow>, StoreError> {
        let row = sqlx::query_as("SELECT id, author, text FROM posts WHERE id = ?")
            .bind(id)
            .fetch_optional(&self.0)
            .await?;
        Ok(row)
    }

    async fn between(
        &self,
        range: IdRange<PostId>,
        author: Option<UserId>,
    ) -> Result<Vec<PostRow>, StoreError> {
        let rows = sqlx::query_as(
            "SELECT id, author, text FROM posts WHERE id BETWEEN ? AND ? \
             AND (? IS NULL OR author = ?) ORDER BY id",
        )
        .bind(range.start())
        .bind(range.end())
        .bind(author)
        .bind(author)
        .fetch_all(&self.0)
        .await?;
        Ok(rows)
    }
}
