//! The SeaORM cases shared by `sea_orm_postgres.rs`, `sea_orm_mysql.rs` and
//! `sea_orm_sqlite.rs`: two entities whose primary key is a typed id (`PostId`) and whose
//! columns are the other id types, and the checks each database runs on them.
//!
//! [`post`] has every format as an integer, bytes or text column: PostgreSQL and SQLite.
//! [`mysql_post`] keeps the formats stored with the top bit flipped (`TimeId`, `Uid11Xid`) in
//! `AsBytes` and `AsText`, as SeaORM needs on MySQL (see `integrations/db/sea_orm.rs`).
//!
//! Each entity's table is named once per process (`unique_table`), so that test runs against
//! one server never share one: SeaORM's `EntityName` gives a `&'static str`.

use std::sync::OnceLock;

use idtypes::prelude::*;
use idtypes::{AsBytes, AsText, IdRange, RecordKey, Snowish, Tbsl, Tid, TimeId, Uid11Xid, Ulid};
use idtypes::{ObjectId, RsXid};
use idtypes_tests::typed::{EventId, JobId, PaymentId, PostId};
use idtypes_tests::typed::{MongoOrderId, RequestId, TraceId};
use sea_orm::entity::prelude::*;
use sea_orm::{
    ActiveValue::Set, DatabaseConnection, DbBackend, IntoActiveModel, QueryOrder, Statement,
    TryGetable,
};

use crate::common::sqlx_cases::{Rng, samples};

/// The table of an entity, named on first use.
fn table(cell: &'static OnceLock<String>, prefix: &str) -> &'static str {
    cell.get_or_init(|| idtypes_tests::unique_table(prefix))
}

/// Every format as a column: integers (`TimeId` and `Uid11Xid` with the top bit flipped), bytes
/// and text, with `Option`s. Every database.
pub mod post {
    use super::*;

    #[derive(Copy, Clone, Default, Debug, DeriveEntity)]
    pub struct Entity;

    impl EntityName for Entity {
        fn table_name(&self) -> &'static str {
            static TABLE: OnceLock<String> = OnceLock::new();
            table(&TABLE, "idt_sea_post")
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: PostId,
        pub event: EventId,
        pub at: TimeId,
        pub order_id: Option<Uid11Xid>,
        pub job: Snowish,
        pub txn: Tbsl,
        pub rkey: RecordKey,
        pub slug: AsText<PostId>,
        pub legacy: AsBytes<Tid>,
        pub reply_to: Option<PostId>,
        pub payment: Option<PaymentId>,
        pub trace: TraceId,
        pub request: RequestId,
        pub mongo: MongoOrderId,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// MySQL with `BIGINT UNSIGNED` for the formats that keep the top bit 0 (which read it too),
/// and the flipped ones as bytes or text.
pub mod mysql_post {
    use super::*;

    #[derive(Copy, Clone, Default, Debug, DeriveEntity)]
    pub struct Entity;

    impl EntityName for Entity {
        fn table_name(&self) -> &'static str {
            static TABLE: OnceLock<String> = OnceLock::new();
            table(&TABLE, "idt_sea_mypost")
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: PostId,
        pub event: AsText<EventId>,
        pub at: AsBytes<TimeId>,
        pub order_id: Option<AsBytes<Uid11Xid>>,
        pub job: JobId,
        pub txn: Tbsl,
        pub rkey: RecordKey,
        pub slug: AsText<PostId>,
        pub legacy: AsBytes<Tid>,
        pub reply_to: Option<PostId>,
        pub payment: Option<Ulid>,
        pub trace: TraceId,
        pub request: RsXid,
        pub mongo: ObjectId,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// `count` distinct post ids: the lowest and highest a signed column holds, and random ones.
fn post_ids(rng: &mut Rng, count: usize) -> Vec<PostId> {
    let mut ids: Vec<Tid> = samples::<Tid>(rng, count);
    ids.sort();
    ids.dedup();
    ids.truncate(count);
    // Shuffled, so that the order a query gives is its own.
    rng.shuffle(&mut ids);
    ids.into_iter().map(PostId::from).collect()
}

/// The `i`th of `values`, round and round.
fn nth<T: Clone>(values: &[T], i: usize) -> T {
    values[i % values.len()].clone()
}

/// The rows of [`post`]: every sample value of each column (pre-1970 TimeIds, xids with the
/// top bit set, mixed-case record keys, ...), NULLs in the optional columns.
pub fn post_models(rng: &mut Rng, count: usize) -> Vec<post::Model> {
    let ids = post_ids(rng, count);
    let times = samples::<TimeId>(rng, count);
    let xids = samples::<Uid11Xid>(rng, count);
    let snowish = samples::<Snowish>(rng, count);
    let tbsl = samples::<Tbsl>(rng, count);
    let keys = samples::<RecordKey>(rng, count);
    let payments = samples::<Ulid>(rng, count);
    let traces = samples::<idtypes::Ksuid>(rng, count);
    let requests = samples::<RsXid>(rng, count);
    let mongos = samples::<ObjectId>(rng, count);
    // Any TID as bytes, the top bit set too.
    let legacy: Vec<Tid> = [0, 1 << 63, u64::MAX]
        .into_iter()
        .map(Tid::from_u64)
        .chain((0..count).map(|_| Tid::from_u64(rng.next_u64())))
        .collect();
    (0..ids.len())
        .map(|i| post::Model {
            id: ids[i],
            event: EventId::from(nth(&times, i + 7)),
            at: nth(&times, i),
            order_id: (i % 4 != 3).then(|| nth(&xids, i)),
            job: nth(&snowish, i),
            txn: nth(&tbsl, i),
            rkey: nth(&keys, i),
            slug: AsText(ids[i]),
            legacy: AsBytes(nth(&legacy, i)),
            reply_to: (i % 3 == 1).then(|| ids[(i + 1) % ids.len()]),
            payment: (i % 5 != 4).then(|| PaymentId::from(nth(&payments, i))),
            trace: TraceId::from(nth(&traces, i)),
            request: RequestId::from(nth(&requests, i)),
            mongo: MongoOrderId::from(nth(&mongos, i)),
        })
        .collect()
}

/// The rows of [`mysql_post`].
pub fn mysql_models(rng: &mut Rng, count: usize) -> Vec<mysql_post::Model> {
    post_models(rng, count)
        .into_iter()
        .map(|m| mysql_post::Model {
            id: m.id,
            event: AsText(m.event),
            at: AsBytes(m.at),
            order_id: m.order_id.map(AsBytes),
            job: JobId::from(m.job),
            txn: m.txn,
            rkey: m.rkey,
            slug: m.slug,
            legacy: m.legacy,
            reply_to: m.reply_to,
            payment: m.payment.map(PaymentId::into_inner),
            trace: m.trace,
            request: m.request.into_inner(),
            mongo: m.mongo.into_inner(),
        })
        .collect()
}

/// Runs `sql` (DDL).
pub async fn exec(db: &DatabaseConnection, sql: &str) {
    db.execute_unprepared(sql)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"));
}

/// `CREATE TABLE` for [`post`], in the documented columns of `backend`.
pub fn post_table_sql(backend: DbBackend) -> String {
    let (int, bytes, text, uuid) = match backend {
        DbBackend::Postgres => ("BIGINT", "BYTEA", "TEXT COLLATE \"C\"", "UUID"),
        DbBackend::Sqlite => ("INTEGER", "BLOB", "TEXT", "BLOB"),
        DbBackend::MySql => (
            "BIGINT",
            "VARBINARY(20)",
            "VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin",
            "BINARY(16)",
        ),
        other => panic!("no post table on {other:?}"),
    };
    format!(
        "CREATE TABLE {table} (id {int} PRIMARY KEY, event {int} NOT NULL, at {int} NOT NULL, \
         order_id {int}, job {int} NOT NULL, txn {bytes} NOT NULL, rkey {text} NOT NULL, \
         slug {text} NOT NULL, legacy {bytes} NOT NULL, reply_to {int}, payment {uuid}, \
         trace {bytes} NOT NULL, request {bytes} NOT NULL, mongo {bytes} NOT NULL)",
        table = post::Entity.table_name(),
    )
}

/// `CREATE TABLE` for [`mysql_post`], in MySQL's documented columns.
pub fn mysql_table_sql() -> String {
    let text = "CHARACTER SET ascii COLLATE ascii_bin";
    format!(
        "CREATE TABLE {table} (id BIGINT UNSIGNED PRIMARY KEY, job BIGINT UNSIGNED NOT NULL, \
         at BINARY(8) NOT NULL, event VARCHAR(40) {text} NOT NULL, order_id BINARY(8), \
         txn BINARY(10) NOT NULL, rkey VARCHAR(512) {text} NOT NULL, \
         slug VARCHAR(40) {text} NOT NULL, legacy BINARY(8) NOT NULL, reply_to BIGINT UNSIGNED, \
         payment BINARY(16), trace BINARY(20) NOT NULL,
         request BINARY(12) NOT NULL, mongo BINARY(12) NOT NULL)",
        table = mysql_post::Entity.table_name(),
    )
}

/// Sorted by `key`, ties by id: what `ORDER BY column, id` gives.
fn sorted_by<M: Clone + HasId, K: Ord>(models: &[M], key: impl Fn(&M) -> K) -> Vec<M> {
    let mut sorted = models.to_vec();
    sorted.sort_by(|a, b| key(a).cmp(&key(b)).then(a.id().cmp(&b.id())));
    sorted
}

/// An entity's row, by its key.
pub trait HasId {
    fn id(&self) -> PostId;
}

impl HasId for post::Model {
    fn id(&self) -> PostId {
        self.id
    }
}

impl HasId for mysql_post::Model {
    fn id(&self) -> PostId {
        self.id
    }
}

/// The columns of both entities, in their fields' order.
const POST_COLUMNS: &str = "id, event, at, order_id, job, txn, rkey, slug, legacy, reply_to, payment, trace, request, mongo";

/// The columns of [`post`] as sqlx reads them, in the entity's order.
type PostRow = (
    PostId,
    EventId,
    TimeId,
    Option<Uid11Xid>,
    Snowish,
    Tbsl,
    RecordKey,
    AsText<PostId>,
    AsBytes<Tid>,
    Option<PostId>,
    Option<PaymentId>,
    TraceId,
    RequestId,
    MongoOrderId,
);

/// The columns of [`mysql_post`] as sqlx reads them.
type MysqlPostRow = (
    PostId,
    AsText<EventId>,
    AsBytes<TimeId>,
    Option<AsBytes<Uid11Xid>>,
    JobId,
    Tbsl,
    RecordKey,
    AsText<PostId>,
    AsBytes<Tid>,
    Option<PostId>,
    Option<Ulid>,
    TraceId,
    RsXid,
    ObjectId,
);

/// Runs `$body` with `$pool` bound to the sqlx pool under the SeaORM connection `$db`: the
/// same sqlx code for each database, with its concrete types.
macro_rules! with_sqlx_pool {
    ($db:expr, |$pool:ident| $body:expr) => {
        match $db.get_database_backend() {
            DbBackend::Postgres => {
                let $pool = $db.get_postgres_connection_pool();
                $body
            }
            DbBackend::MySql => {
                let $pool = $db.get_mysql_connection_pool();
                $body
            }
            DbBackend::Sqlite => {
                let $pool = $db.get_sqlite_connection_pool();
                $body
            }
            other => panic!("no sqlx pool for {other:?}"),
        }
    };
}

/// Writes `pub async fn $name(db: &DatabaseConnection)`, which writes and reads the entity
/// `$entity` through SeaORM on `db`, in a table made by `$create`: inserts one at a time and
/// many at once, `find_by_id`, `ORDER BY` each column, `BETWEEN` id and time ranges, NULLs, an
/// update and a delete; and sqlx, on the same table, reads every row SeaORM wrote (as the
/// tuple `$row`), and SeaORM a row sqlx wrote. `$models` makes the rows.
macro_rules! entity_case {
    ($name:ident, $entity:ident, $models:ident, $row:ty, $create:expr) => {
        pub async fn $name(db: &DatabaseConnection) {
            use $entity::{Column, Entity};

            let backend = db.get_database_backend();
            exec(db, &($create)(backend)).await;
            let mut rng = Rng::new();
            let models = $models(&mut rng, 24);

            // One at a time (`insert` gives back the row: RETURNING on PostgreSQL, a SELECT by
            // the key on MySQL and SQLite), then the rest at once.
            let (one_by_one, at_once) = models.split_at(6);
            for model in one_by_one {
                let back = model.clone().into_active_model().insert(db).await.unwrap();
                assert_eq!(&back, model, "insert gives back the row");
            }
            let last = Entity::insert_many(
                at_once
                    .iter()
                    .cloned()
                    .map(IntoActiveModel::into_active_model),
            )
            .exec(db)
            .await
            .unwrap();
            assert_eq!(
                last.last_insert_id,
                Some(at_once.last().unwrap().id),
                "the last key inserted"
            );

            for model in &models {
                let found = Entity::find_by_id(model.id).one(db).await.unwrap();
                assert_eq!(found.as_ref(), Some(model), "find_by_id({})", model.id);
            }

            // `ORDER BY` each column is its values' order (the optional one without its NULLs,
            // which SQLite and MySQL sort first, PostgreSQL last).
            macro_rules! check_order {
                ($column:ident, $field:ident) => {
                    let got: Vec<_> = Entity::find()
                        .filter(Column::$column.is_not_null())
                        .order_by_asc(Column::$column)
                        .order_by_asc(Column::Id)
                        .all(db)
                        .await
                        .unwrap()
                        .into_iter()
                        .map(|m| m.$field)
                        .collect();
                    let expected: Vec<_> = sorted_by(&models, |m| m.$field.clone())
                        .into_iter()
                        .map(|m| m.$field)
                        .collect();
                    assert_eq!(got, expected, concat!("ORDER BY ", stringify!($field)));
                };
            }
            check_order!(Id, id);
            check_order!(Event, event);
            check_order!(At, at);
            check_order!(Job, job);
            check_order!(Txn, txn);
            check_order!(Rkey, rkey);
            check_order!(Slug, slug);
            check_order!(Legacy, legacy);
            check_order!(Trace, trace);
            check_order!(Request, request);
            check_order!(Mongo, mongo);
            let got: Vec<_> = Entity::find()
                .filter(Column::OrderId.is_not_null())
                .order_by_asc(Column::OrderId)
                .order_by_asc(Column::Id)
                .all(db)
                .await
                .unwrap()
                .into_iter()
                .map(|m| m.order_id)
                .collect();
            let expected: Vec<_> = sorted_by(&models, |m| m.order_id)
                .into_iter()
                .map(|m| m.order_id)
                .filter(Option::is_some)
                .collect();
            assert_eq!(got, expected, "ORDER BY order_id");

            // `BETWEEN` the bounds of id ranges: a prefix's, and ranges around stored ids.
            let mut ranges: Vec<IdRange<PostId>> =
                vec![PostId::range_for_prefix("3").unwrap().unwrap()];
            ranges.extend(models.iter().take(4).map(|m| {
                let id = m.id.into_inner().to_u64();
                let start = Tid::from_u64(id.saturating_sub(1 << 50));
                let end = Tid::from_u64(id.saturating_add(1 << 50).min(i64::MAX as u64));
                IdRange::new(PostId::from(start), PostId::from(end)).unwrap()
            }));
            for range in &ranges {
                let got: Vec<PostId> = Entity::find()
                    .filter(Column::Id.between(range.start(), range.end()))
                    .order_by_asc(Column::Id)
                    .all(db)
                    .await
                    .unwrap()
                    .into_iter()
                    .map(|m| m.id)
                    .collect();
                let mut expected: Vec<PostId> = models
                    .iter()
                    .map(|m| m.id)
                    .filter(|id| range.contains(id))
                    .collect();
                expected.sort();
                assert_eq!(
                    got,
                    expected,
                    "id BETWEEN {} AND {}",
                    range.start(),
                    range.end()
                );
            }
            // A range over the flipped TimeId column, between two of its stored values.
            let times: Vec<_> = sorted_by(&models, |m| m.at)
                .into_iter()
                .map(|m| m.at)
                .collect();
            let range = IdRange::new(times[2], times[times.len() - 3]).unwrap();
            let got: Vec<_> = Entity::find()
                .filter(Column::At.between(range.start(), range.end()))
                .order_by_asc(Column::At)
                .order_by_asc(Column::Id)
                .all(db)
                .await
                .unwrap()
                .into_iter()
                .map(|m| m.at)
                .collect();
            let expected: Vec<_> = times.into_iter().filter(|at| range.contains(at)).collect();
            assert_eq!(
                got,
                expected,
                "at BETWEEN {} AND {}",
                range.start(),
                range.end()
            );

            // PostgreSQL binds a list of ids as one array: `= ANY($1)`.
            if backend == DbBackend::Postgres {
                let wanted: Vec<PostId> = models.iter().step_by(3).map(|m| m.id).collect();
                let got: Vec<PostId> = Entity::find()
                    .filter(Column::Id.eq_any(wanted.clone()))
                    .order_by_asc(Column::Id)
                    .all(db)
                    .await
                    .unwrap()
                    .into_iter()
                    .map(|m| m.id)
                    .collect();
                let mut expected = wanted;
                expected.sort();
                assert_eq!(got, expected, "id = ANY($1)");
            }

            // NULLs.
            let without_reply: Vec<PostId> = Entity::find()
                .filter(Column::ReplyTo.is_null())
                .order_by_asc(Column::Id)
                .all(db)
                .await
                .unwrap()
                .into_iter()
                .map(|m| m.id)
                .collect();
            let mut expected: Vec<PostId> = models
                .iter()
                .filter(|m| m.reply_to.is_none())
                .map(|m| m.id)
                .collect();
            expected.sort();
            assert_eq!(without_reply, expected, "reply_to IS NULL");

            // An update by the key.
            let mut changed = models[0].clone();
            changed.reply_to = Some(models[1].id);
            changed.order_id = None;
            let mut active = models[0].clone().into_active_model();
            active.reply_to = Set(changed.reply_to);
            active.order_id = Set(None);
            assert_eq!(active.update(db).await.unwrap(), changed);
            let mut expected = models.clone();
            expected[0] = changed;
            expected.sort_by_key(|m| m.id);

            // sqlx reads every row SeaORM wrote.
            let sql = format!(
                "SELECT {POST_COLUMNS} FROM {} ORDER BY id",
                Entity.table_name()
            );
            let rows: Vec<$row> =
                with_sqlx_pool!(db, |pool| sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
                    .fetch_all(pool)
                    .await
                    .unwrap());
            let read: Vec<$entity::Model> = rows
                .into_iter()
                .map(|r| $entity::Model {
                    id: r.0,
                    event: r.1,
                    at: r.2,
                    order_id: r.3,
                    job: r.4,
                    txn: r.5,
                    rkey: r.6,
                    slug: r.7,
                    legacy: r.8,
                    reply_to: r.9,
                    payment: r.10,
                    trace: r.11,
                    request: r.12,
                    mongo: r.13,
                })
                .collect();
            assert_eq!(read, expected, "sqlx reads what SeaORM wrote");

            // SeaORM reads a row sqlx wrote.
            let id = PostId::from(Tid::from_u64(42));
            let extra = $entity::Model {
                id,
                slug: AsText(id),
                ..$models(&mut rng, 2).pop().unwrap()
            };
            let placeholders: Vec<String> = (1..=POST_COLUMNS.split(", ").count())
                .map(|n| match backend {
                    DbBackend::Postgres => format!("${n}"),
                    _ => "?".to_owned(),
                })
                .collect();
            let sql = format!(
                "INSERT INTO {} ({POST_COLUMNS}) VALUES ({})",
                Entity.table_name(),
                placeholders.join(", ")
            );
            let e = extra.clone();
            with_sqlx_pool!(db, |pool| sqlx::query(sqlx::AssertSqlSafe(sql.clone()))
                .bind(e.id)
                .bind(e.event)
                .bind(e.at)
                .bind(e.order_id)
                .bind(e.job)
                .bind(e.txn)
                .bind(e.rkey.clone())
                .bind(e.slug)
                .bind(e.legacy)
                .bind(e.reply_to)
                .bind(e.payment)
                .bind(e.trace)
                .bind(e.request)
                .bind(e.mongo)
                .execute(pool)
                .await
                .map(|_| ())
                .unwrap());
            let found = Entity::find_by_id(id).one(db).await.unwrap();
            assert_eq!(found, Some(extra), "SeaORM reads what sqlx wrote");

            // A delete by the key.
            Entity::delete_by_id(id).exec(db).await.unwrap();
            assert_eq!(Entity::find_by_id(id).one(db).await.unwrap(), None);
            exec(db, &format!("DROP TABLE {}", Entity.table_name())).await;
        }
    };
}

entity_case!(post_entity, post, post_models, PostRow, post_table_sql);
entity_case!(
    mysql_post_entity,
    mysql_post,
    mysql_models,
    MysqlPostRow,
    |_| mysql_table_sql()
);

/// A value SeaORM reads from a one-row query: `SELECT <expr> AS v`.
pub async fn read<T: TryGetable>(db: &DatabaseConnection, expr: &str) -> Result<T, DbErr> {
    let sql = format!("SELECT {expr} AS v");
    let row = db
        .query_one_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap()
        .unwrap();
    row.try_get::<T>("", "v")
}

/// `read`'s error, as text.
pub async fn read_error<T: TryGetable + std::fmt::Debug>(
    db: &DatabaseConnection,
    expr: &str,
) -> String {
    match read::<T>(db, expr).await {
        Ok(value) => panic!("{expr} read as {value:?}"),
        Err(err) => err.to_string(),
    }
}

/// A typed UUID as the primary key (and a nullable column, and prefixed text): PostgreSQL's
/// `uuid`, MySQL's `BINARY(16)`, SQLite's `BLOB`, SeaORM's `Value::Uuid`. Every database.
pub mod account {
    use super::*;
    use crate::common::typed_uuid::AccountId;

    #[derive(Copy, Clone, Default, Debug, DeriveEntity)]
    pub struct Entity;

    impl EntityName for Entity {
        fn table_name(&self) -> &'static str {
            static TABLE: OnceLock<String> = OnceLock::new();
            table(&TABLE, "idt_sea_account")
        }
    }

    #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
    pub struct Model {
        #[sea_orm(primary_key, auto_increment = false)]
        pub id: AccountId,
        pub invited_by: Option<AccountId>,
        pub slug: AsText<AccountId>,
    }

    #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
    pub enum Relation {}

    impl ActiveModelBehavior for ActiveModel {}
}

/// The values of column `column` of the rows `sql` selects, as SeaORM reads them.
pub async fn column_values<T: TryGetable>(
    db: &DatabaseConnection,
    sql: &str,
    column: &str,
) -> Result<Vec<T>, DbErr> {
    let rows = db
        .query_all_raw(Statement::from_string(
            db.get_database_backend(),
            sql.to_owned(),
        ))
        .await
        .unwrap();
    rows.iter()
        .map(|row| row.try_get::<T>("", column))
        .collect()
}

/// [`account`] on `db`: typed UUIDs inserted one at a time and many at once, found by key,
/// `ORDER BY id` in time order (version 7 ids), `BETWEEN` two ids, NULLs, an update; what
/// SeaORM wrote read as plain UUIDs by SeaORM and by sqlx, and plain UUIDs sqlx wrote read as
/// typed ones; a typed UUID's checks run when a row is read.
pub async fn account_entity(db: &DatabaseConnection) {
    use crate::common::typed_uuid::{self, AccountId, NOT_V7, SessionId, TrustedSessionId, v7_ids};
    use account::{Column, Entity};
    use idtypes::Uuid;

    let backend = db.get_database_backend();
    let (uuid, text) = match backend {
        DbBackend::Postgres => ("UUID", "TEXT COLLATE \"C\""),
        DbBackend::MySql => (
            "BINARY(16)",
            "VARCHAR(600) CHARACTER SET ascii COLLATE ascii_bin",
        ),
        DbBackend::Sqlite => ("BLOB", "TEXT"),
        other => panic!("no account table on {other:?}"),
    };
    let table = Entity.table_name();
    exec(
        db,
        &format!(
            "CREATE TABLE {table} (id {uuid} PRIMARY KEY, invited_by {uuid}, slug {text} NOT NULL)"
        ),
    )
    .await;
    let mut rng = Rng::new();
    let ids = v7_ids(&mut rng);
    let models: Vec<account::Model> = ids
        .iter()
        .enumerate()
        .map(|(i, &id)| account::Model {
            id,
            invited_by: (i % 3 != 0).then(|| ids[i - 1]),
            slug: AsText(id),
        })
        .collect();
    let mut shuffled = models.clone();
    rng.shuffle(&mut shuffled);
    let (one_by_one, at_once) = shuffled.split_at(4);
    for model in one_by_one {
        let back = model.clone().into_active_model().insert(db).await.unwrap();
        assert_eq!(&back, model, "insert gives back the row");
    }
    Entity::insert_many(
        at_once
            .iter()
            .cloned()
            .map(IntoActiveModel::into_active_model),
    )
    .exec(db)
    .await
    .unwrap();
    for model in &models {
        let found = Entity::find_by_id(model.id).one(db).await.unwrap();
        assert_eq!(found.as_ref(), Some(model), "find_by_id({})", model.id);
    }

    // The column sorts like the ids: version 7 ids in time order.
    let sorted: Vec<account::Model> = Entity::find()
        .order_by_asc(Column::Id)
        .all(db)
        .await
        .unwrap();
    assert_eq!(sorted, models, "ORDER BY id");
    let slugs: Vec<AsText<AccountId>> = Entity::find()
        .order_by_asc(Column::Slug)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.slug)
        .collect();
    assert_eq!(slugs, ids.iter().copied().map(AsText).collect::<Vec<_>>());
    let between: Vec<AccountId> = Entity::find()
        .filter(Column::Id.between(ids[2], ids[7]))
        .order_by_asc(Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(between, ids[2..=7], "id BETWEEN");
    let uninvited: Vec<AccountId> = Entity::find()
        .filter(Column::InvitedBy.is_null())
        .order_by_asc(Column::Id)
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(
        uninvited,
        ids.iter().copied().step_by(3).collect::<Vec<_>>()
    );
    let invited: Vec<AccountId> = Entity::find()
        .filter(Column::InvitedBy.eq(ids[1]))
        .all(db)
        .await
        .unwrap()
        .into_iter()
        .map(|m| m.id)
        .collect();
    assert_eq!(invited, [ids[2]]);
    let mut active = models[2].clone().into_active_model();
    active.invited_by = Set(None);
    let changed = active.update(db).await.unwrap();
    assert_eq!(changed.invited_by, None);

    // What SeaORM wrote is the plain UUID, to SeaORM and to sqlx.
    let sql = format!("SELECT id FROM {table} ORDER BY id");
    let plain: Vec<Uuid> = column_values(db, &sql, "id").await.unwrap();
    let inner: Vec<Uuid> = ids.iter().map(|id| id.into_inner()).collect();
    assert_eq!(plain, inner, "SeaORM reads plain UUIDs");
    let plain: Vec<Uuid> = with_sqlx_pool!(db, |pool| sqlx::query_scalar(sqlx::AssertSqlSafe(
        sql.clone()
    ))
    .fetch_all(pool)
    .await
    .unwrap());
    assert_eq!(plain, inner, "sqlx reads plain UUIDs");

    // A plain UUID sqlx wrote reads as the typed id; a version 4 one, which `SessionId`
    // refuses when it reads it (naming itself and the reason), and `TrustedSessionId` reads.
    let v4 = Uuid::parse_str(typed_uuid::V4).unwrap();
    let insert = match backend {
        DbBackend::Postgres => format!("INSERT INTO {table} (id, slug) VALUES ($1, $2)"),
        _ => format!("INSERT INTO {table} (id, slug) VALUES (?, ?)"),
    };
    let slug = AccountId::from(v4).to_string();
    with_sqlx_pool!(db, |pool| sqlx::query(sqlx::AssertSqlSafe(insert.clone()))
        .bind(v4)
        .bind(slug.clone())
        .execute(pool)
        .await
        .map(|_| ())
        .unwrap());
    let found = Entity::find_by_id(AccountId::from(v4))
        .one(db)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(found.slug, AsText(AccountId::from(v4)));
    let sql = format!("SELECT id FROM {table} ORDER BY id");
    let err = column_values::<SessionId>(db, &sql, "id")
        .await
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(&format!("invalid SessionId: {NOT_V7}")),
        "{err}"
    );
    let trusted: Vec<TrustedSessionId> = column_values(db, &sql, "id").await.unwrap();
    assert_eq!(trusted.len(), ids.len() + 1);
    let sql = format!("SELECT id FROM {table} WHERE slug = '{}'", ids[0]);
    let checked: Vec<SessionId> = column_values(db, &sql, "id").await.unwrap();
    assert_eq!(checked[0].into_inner(), ids[0].into_inner());

    Entity::delete_by_id(AccountId::from(v4))
        .exec(db)
        .await
        .unwrap();
    assert_eq!(
        Entity::find_by_id(AccountId::from(v4))
            .one(db)
            .await
            .unwrap(),
        None
    );
    exec(db, &format!("DROP TABLE {table}")).await;
}

/// Bad stored values (`common/refused.rs`), written with sqlx, read through SeaORM as the types
/// that refuse them: SeaORM's `DbErr::TryIntoErr` with this crate's error as the source,
/// naming the type (a typed id's name too), typed UUIDs included (no longer the `uuid` crate's
/// errors, or SeaORM's parse of the bytes as text on MySQL).
pub async fn bad_stored_values(db: &DatabaseConnection) {
    use crate::common::refused::{ROWS, assert_refused, create_table};

    let backend = db.get_database_backend();
    let (bytes, text, signed) = match backend {
        DbBackend::Postgres => ("BYTEA", "TEXT COLLATE \"C\"", "BIGINT"),
        DbBackend::MySql => (
            "VARBINARY(16)",
            "VARCHAR(64) CHARACTER SET ascii COLLATE ascii_bin",
            "BIGINT",
        ),
        DbBackend::Sqlite => ("BLOB", "TEXT", "INTEGER"),
        other => panic!("no table on {other:?}"),
    };
    let table = idtypes_tests::unique_table("idt_sea_refused");
    exec(db, &create_table(&table, bytes, text, signed)).await;
    let insert = match backend {
        DbBackend::Postgres => format!("INSERT INTO {table} (n, b, t, s) VALUES ($1, $2, $3, $4)"),
        _ => format!("INSERT INTO {table} (n, b, t, s) VALUES (?, ?, ?, ?)"),
    };
    for (n, b, t, s) in ROWS {
        with_sqlx_pool!(db, |pool| sqlx::query(sqlx::AssertSqlSafe(insert.clone()))
            .bind(n)
            .bind(b)
            .bind(t)
            .bind(s)
            .execute(pool)
            .await
            .map(|_| ())
            .unwrap());
    }
    exec(db, &crate::common::refused::copy_bytes(&table)).await;
    macro_rules! refused {
        ($ty:ty, $col:expr, $n:expr, $kind:expr, $name:expr) => {{
            let sql = format!("SELECT {} AS v FROM {table} WHERE n = {}", $col, $n);
            let err = column_values::<$ty>(db, &sql, "v").await.unwrap_err();
            assert!(matches!(err, DbErr::TryIntoErr { .. }), "{err:?}");
            assert_refused(&err, $kind, $name);
        }};
    }
    stored_value_cases!(refused, backend != DbBackend::Postgres);
    exec(db, &format!("DROP TABLE {table}")).await;
}
