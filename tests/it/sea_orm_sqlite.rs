//! SeaORM 2 on SQLite (embedded, in memory: always runs), and what needs no database: the
//! `Value` of each type, the columns SeaORM's schema builder declares, `TryFromU64`, a
//! `MockDatabase`'s rows.
//!
//! The entity and its cases are in `common/sea_orm_cases.rs`.

use idtypes::prelude::*;
use idtypes::{AsBytes, AsText, RecordKey, Snowish, Tbsl, Tid, TimeId, Uid11, Uid11Xid};
use idtypes_tests::typed::{EventId, PostId, TxnId};
use sea_orm::sea_query::{ArrayType, Nullable, ValueType};
use sea_orm::{
    ConnectOptions, Database, DatabaseConnection, DbBackend, DbErr, EntityTrait, MockDatabase,
    Schema, TryFromU64, Value,
};

use crate::common::sea_orm_cases::{post, post_entity, post_models, read, read_error};
use crate::common::sqlx_cases::Rng;
use crate::sqlx_derive::{RecentPostId, TrustedPostId};

/// One in-memory database: one connection, since each connection has its own.
async fn connect() -> DatabaseConnection {
    let mut options = ConnectOptions::new("sqlite::memory:");
    options.max_connections(1).min_connections(1);
    Database::connect(options)
        .await
        .expect("open an in-memory SQLite database")
}

#[tokio::test]
async fn a_typed_id_is_the_primary_key_of_an_entity() {
    post_entity(&connect().await).await;
}

#[tokio::test]
async fn a_typed_uuid_is_the_primary_key_of_an_entity() {
    crate::common::sea_orm_cases::account_entity(&connect().await).await;
}

/// A typed UUID reads the 16 bytes of a `BLOB`; other lengths are errors, and NULL is `None`.
#[tokio::test]
async fn a_typed_uuid_reads_16_bytes_and_refuses_other_lengths() {
    use crate::common::typed_uuid::{AccountId, example};
    let db = connect().await;
    let expr = format!("x'{}'", example().simple());
    assert_eq!(
        read::<AccountId>(&db, &expr).await.unwrap(),
        AccountId::from(example())
    );
    let err = read_error::<AccountId>(&db, "x'0102'").await;
    assert!(err.contains("16 bytes") && err.contains('2'), "{err}");
    assert_eq!(read::<Option<AccountId>>(&db, "NULL").await.unwrap(), None);
}

/// A typed UUID's `Value` is SeaORM's `Uuid`, the plain UUID, and reads back.
#[test]
fn a_typed_uuid_s_value_is_the_plain_uuid() {
    use crate::common::typed_uuid::{AccountId, example};
    let id = AccountId::from(example());
    assert_eq!(Value::from(id), Value::Uuid(Some(example())));
    assert_eq!(Value::from(None::<AccountId>), Value::Uuid(None));
    assert_eq!(
        <AccountId as ValueType>::try_from(Value::from(id)).ok(),
        Some(id)
    );
    assert_eq!(<AccountId as ValueType>::array_type(), ArrayType::Uuid);
    assert!(<AccountId as ValueType>::try_from(Value::BigInt(Some(1))).is_err());
}

#[tokio::test]
async fn a_value_of_the_wrong_kind_is_an_error_naming_the_type() {
    let db = connect().await;
    let err = read_error::<PostId>(&db, "'3jzfcijpj2z2a'").await;
    assert!(
        err.ends_with(
            "atproto TID in a column of the wrong type: expected an INTEGER value, found a TEXT value"
        ),
        "{err}"
    );
    let err = read_error::<Tbsl>(&db, "1").await;
    assert!(
        err.ends_with(
            "TBSL in a column of the wrong type: expected a BLOB value, found an INTEGER value"
        ),
        "{err}"
    );
    let err = read_error::<AsText<PostId>>(&db, "x'00'").await;
    assert!(
        err.ends_with(
            "PostId in a column of the wrong type: expected a TEXT value, found a BLOB value"
        ),
        "{err}"
    );
    let err = read_error::<AsBytes<Tid>>(&db, "x'0102'").await;
    assert!(err.contains("8 bytes"), "{err}");
}

#[tokio::test]
async fn malformed_content_is_an_error_naming_the_type() {
    let db = connect().await;
    let err = read_error::<Tid>(&db, "-1").await;
    assert!(err.contains("atproto TID") && err.contains("-1"), "{err}");
    let err = read_error::<Snowish>(&db, "-1").await;
    assert!(err.contains("snowish"), "{err}");
    let err = read_error::<RecordKey>(&db, "'..'").await;
    assert!(err.contains("record key"), "{err}");
    let err = read_error::<AsText<PostId>>(&db, "'user_3jzfcijpj2z2a'").await;
    assert!(err.contains("expected the prefix `post_`"), "{err}");
}

#[tokio::test]
async fn null_is_none_in_an_option_and_an_error_otherwise() {
    let db = connect().await;
    assert_eq!(read::<Option<PostId>>(&db, "NULL").await.unwrap(), None);
    assert_eq!(read::<Option<Tbsl>>(&db, "NULL").await.unwrap(), None);
    assert_eq!(
        read::<Option<AsText<Uid11Xid>>>(&db, "NULL").await.unwrap(),
        None
    );
    let err = read_error::<PostId>(&db, "NULL").await;
    assert!(err.contains("null value"), "{err}");
    assert_eq!(
        read::<Option<PostId>>(&db, "1728652679052295174")
            .await
            .unwrap(),
        Some("post_3jzfcijpj2z2a".parse().unwrap())
    );
}

#[tokio::test]
async fn a_checked_typed_id_refuses_a_stored_value_its_checks_refuse() {
    let db = connect().await;
    let old = Tid::from_parts(1_600_000_000_000_000, 0).unwrap(); // 2020
    let expr = (old.to_u64() as i64).to_string();
    let err = read_error::<RecentPostId>(&db, &expr).await;
    assert!(err.contains("was made before 2023"), "{err}");
    assert!(err.contains("RecentPostId"), "{err}");
    // The type that trusts its rows reads it, and so does the inner id.
    assert_eq!(
        read::<TrustedPostId>(&db, &expr)
            .await
            .unwrap()
            .into_inner(),
        old
    );
    assert_eq!(read::<Tid>(&db, &expr).await.unwrap(), old);
    let text = format!("'post_{old}'");
    let err = read_error::<AsText<RecentPostId>>(&db, &text).await;
    assert!(err.contains("was made before 2023"), "{err}");
}

#[test]
fn each_value_is_what_the_signed_columns_hold() {
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    assert_eq!(Value::from(tid), Value::BigInt(Some(1728652679052295174)));
    assert_eq!(Value::from(PostId::from(tid)), Value::from(tid));
    // The top bit flipped.
    assert_eq!(Value::from(Uid11::MIN), Value::BigInt(Some(i64::MIN)));
    assert_eq!(Value::from(Uid11::MAX), Value::BigInt(Some(i64::MAX)));
    assert_eq!(
        Value::from(TimeId::from_i64(-1)),
        Value::BigInt(Some(i64::MAX))
    );
    // A TID with its top bit set: its bits, a negative number no reader accepts.
    assert_eq!(
        Value::from(Tid::from_u64(1 << 63)),
        Value::BigInt(Some(i64::MIN))
    );
    assert_eq!(
        Value::from(Tbsl::try_from_u128(1).unwrap()),
        Value::Bytes(Some(vec![0, 0, 0, 0, 0, 0, 0, 0, 0, 1]))
    );
    assert_eq!(
        Value::from(AsBytes(PostId::from(tid))),
        Value::Bytes(Some(tid.to_bytes().to_vec()))
    );
    assert_eq!(
        Value::from(AsText(PostId::from(tid))),
        Value::String(Some("post_3jzfcijpj2z2a".to_owned()))
    );
    assert_eq!(Value::from(None::<PostId>), Value::BigInt(None));
    assert_eq!(<Tbsl as Nullable>::null(), Value::Bytes(None));
    assert_eq!(<PostId as ValueType>::array_type(), ArrayType::BigInt);
    assert_eq!(<PostId as ValueType>::type_name(), "PostId");
}

#[test]
fn value_type_reads_back_every_value() {
    fn back<T: Clone + PartialEq + std::fmt::Debug + Into<Value> + ValueType>(values: Vec<T>) {
        for value in values {
            let back = <T as ValueType>::try_from(value.clone().into());
            assert_eq!(back.ok(), Some(value));
        }
    }
    let models = post_models(&mut Rng::new(), 24);
    back(models.iter().map(|m| m.id).collect());
    back(models.iter().map(|m| m.event).collect());
    back(models.iter().map(|m| m.at).collect());
    back(models.iter().map(|m| m.order_id).collect());
    back(models.iter().map(|m| m.job).collect());
    back(models.iter().map(|m| m.txn).collect());
    back(models.iter().map(|m| m.rkey.clone()).collect());
    back(models.iter().map(|m| m.slug).collect());
    back(models.iter().map(|m| m.legacy).collect());
    back(vec![Tid::from_u64(1 << 63), Tid::from_u64(u64::MAX)]);
    back(vec![TxnId::from(Tbsl::MAX), TxnId::from(Tbsl::MIN)]);
    // A value of another kind, or another format's, is not the type's.
    assert!(<Tid as ValueType>::try_from(Value::String(Some("3jzfcijpj2z2a".into()))).is_err());
    assert!(<Snowish as ValueType>::try_from(Value::BigInt(Some(-1))).is_err());
    assert!(<Tbsl as ValueType>::try_from(Value::Bytes(Some(vec![0; 8]))).is_err());
    assert!(
        <AsText<EventId> as ValueType>::try_from(Value::String(Some("post_x".into()))).is_err()
    );
}

#[test]
fn try_from_u64_is_an_error_ids_are_not_auto_increment_values() {
    assert_eq!(
        <PostId as TryFromU64>::try_from_u64(1),
        Err(DbErr::ConvertFromU64("PostId"))
    );
    assert_eq!(
        <Tid as TryFromU64>::try_from_u64(1),
        Err(DbErr::ConvertFromU64("atproto TID"))
    );
    assert!(<AsText<Uid11Xid> as TryFromU64>::try_from_u64(1).is_err());
}

#[test]
fn the_schema_builder_declares_the_documented_columns() {
    let sql = |backend: DbBackend| {
        let table = Schema::new(backend).create_table_from_entity(post::Entity);
        backend.build(&table).to_string()
    };
    let postgres = sql(DbBackend::Postgres);
    for column in [
        r#""id" bigint NOT NULL PRIMARY KEY"#,
        r#""at" bigint NOT NULL"#,
        r#""order_id" bigint"#,
        r#""txn" bytea NOT NULL"#,
        r#""legacy" bytea NOT NULL"#,
        r#""rkey" varchar(512) NOT NULL"#,
    ] {
        assert!(postgres.contains(column), "{column} in {postgres}");
    }
    let mysql = sql(DbBackend::MySql);
    for column in [
        "`id` bigint NOT NULL PRIMARY KEY",
        "`job` bigint NOT NULL",
        "`txn` binary(10) NOT NULL",
        "`legacy` binary(8) NOT NULL",
        "`slug` varchar(18) NOT NULL",
    ] {
        assert!(mysql.contains(column), "{column} in {mysql}");
    }
    let sqlite = sql(DbBackend::Sqlite);
    for column in [
        r#""id" integer NOT NULL PRIMARY KEY"#,
        r#""reply_to" integer"#,
        r#""txn" blob(10) NOT NULL"#,
    ] {
        assert!(sqlite.contains(column), "{column} in {sqlite}");
    }
}

/// SeaORM's schema builder declares a typed UUID's SQLite column `uuid_text` (text affinity),
/// and the 16-byte `BLOB` values written there stay blobs, which SeaORM reads back and which
/// are the UUID's bytes, as sqlx and rusqlite write them (the crate docs' "SeaORM and
/// rusqlite").
#[tokio::test]
async fn a_typed_uuid_column_the_schema_builder_declares_keeps_16_byte_blobs() {
    use crate::common::sea_orm_cases::account;
    use crate::common::typed_uuid::AccountId;
    use sea_orm::{ActiveModelTrait, ConnectionTrait, IntoActiveModel};

    let db = connect().await;
    let table = Schema::new(DbBackend::Sqlite).create_table_from_entity(account::Entity);
    let sql = DbBackend::Sqlite.build(&table).to_string();
    assert!(
        sql.contains(r#""id" uuid_text NOT NULL PRIMARY KEY"#),
        "{sql}"
    );
    db.execute_unprepared(&sql).await.unwrap();
    let id = AccountId::now_v7();
    let model = account::Model {
        id,
        invited_by: None,
        slug: AsText(id),
    };
    model.clone().into_active_model().insert(&db).await.unwrap();
    let name = sea_orm::EntityName::table_name(&account::Entity);
    let stored = format!("(SELECT typeof(id) || ':' || length(id) || ':' || hex(id) FROM {name})");
    assert_eq!(
        read::<String>(&db, &stored).await.unwrap(),
        format!("blob:16:{:X}", id.into_inner().simple()),
    );
    assert_eq!(
        account::Entity::find_by_id(id).one(&db).await.unwrap(),
        Some(model)
    );
}

#[tokio::test]
async fn a_mock_database_s_rows_read_back_as_the_models() {
    let models = post_models(&mut Rng::new(), 8);
    let db = MockDatabase::new(DbBackend::Postgres)
        .append_query_results([models.clone()])
        .into_connection();
    let read = post::Entity::find().all(&db).await.unwrap();
    assert_eq!(read, models);
}

/// Bad stored values are this crate's errors, naming the type, through SeaORM as through sqlx.
#[tokio::test]
async fn bad_stored_values_are_idtypes_errors() {
    crate::common::sea_orm_cases::bad_stored_values(&connect().await).await;
}
