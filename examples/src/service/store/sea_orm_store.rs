//! The posts table on SeaORM: the same table as [`SqlxStore`](super::SqlxStore), as an entity
//! whose key and columns are the typed ids.

use idtypes::IdRange;
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseConnection, EntityTrait, IntoActiveModel, QueryFilter,
    QueryOrder,
};

use super::{DDL, PostRow, Store, StoreError};
use crate::service::ids::{PostId, UserId};

/// The `posts` entity: a typed id as the primary key (`auto_increment = false`: the
/// application makes the ids) and as a column.
pub mod post {
    use sea_orm::entity::prelude::*;

    use crate::service::ids::{PostId, UserId};

    /// A row of `posts`.
    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    #[sea_orm(table_name = "posts")]
    pub struct Model {
        /// The post's id.
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: PostId,
        /// Who wrote it.
        pub author: UserId,
        /// What it says.
        pub text: String,
    }

    /// No relations.
    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

impl From<post::Model> for PostRow {
    fn from(model: post::Model) -> Self {
        PostRow {
            id: model.id,
            author: model.author,
            text: model.text,
        }
    }
}

/// The posts table through a SeaORM connection.
#[derive(Clone)]
pub struct SeaOrmStore(pub DatabaseConnection);

impl SeaOrmStore {
    /// Creates the table (SQLite's statement from [`DDL`], the same as the sqlx store's).
    pub async fn create_table(&self) -> Result<(), sea_orm::DbErr> {
        self.0.execute_unprepared(DDL[0].1).await.map(drop)
    }
}

impl Store for SeaOrmStore {
    async fn insert(&self, row: &PostRow) -> Result<(), StoreError> {
        let model = post::Model {
            id: row.id,
            author: row.author,
            text: row.text.clone(),
        };
        post::Entity::insert(model.into_active_model())
            .exec(&self.0)
            .await?;
        Ok(())
    }

    async fn get(&self, id: PostId) -> Result<Option<PostRow>, StoreError> {
        let found = post::Entity::find_by_id(id).one(&self.0).await?;
        Ok(found.map(PostRow::from))
    }

    async fn between(
        &self,
        range: IdRange<PostId>,
        author: Option<UserId>,
    ) -> Result<Vec<PostRow>, StoreError> {
        let mut query =
            post::Entity::find().filter(post::Column::Id.between(range.start(), range.end()));
        if let Some(author) = author {
            query = query.filter(post::Column::Author.eq(author));
        }
        let models = query.order_by_asc(post::Column::Id).all(&self.0).await?;
        Ok(models.into_iter().map(PostRow::from).collect())
    }
}
