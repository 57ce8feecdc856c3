//! SeaORM 2 on PostgreSQL (`IDTYPES_TEST_POSTGRES_URL`; skipped when unset).
//!
//! The entity and its cases are in `common/sea_orm_cases.rs` (with PostgreSQL's `eq_any` over
//! an array); PostgreSQL's errors are here.

use idtypes::{AsText, Tbsl, Tid};
use idtypes_tests::typed::PostId;
use sea_orm::{ConnectOptions, Database, DatabaseConnection};

use crate::common::sea_orm_cases::{post_entity, read, read_error};
use crate::sqlx_derive::{RecentPostId, TrustedPostId};

async fn connect() -> Option<DatabaseConnection> {
    let url = idtypes_tests::postgres_url()?;
    let mut options = ConnectOptions::new(url.clone());
    options.max_connections(2);
    let db = Database::connect(options)
        .await
        .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
    Some(db)
}

#[tokio::test]
async fn a_typed_id_is_the_primary_key_of_an_entity() {
    let Some(db) = connect().await else { return };
    post_entity(&db).await;
}

#[tokio::test]
async fn a_value_of_the_wrong_kind_is_an_error_naming_the_type() {
    let Some(db) = connect().await else { return };
    let err = read_error::<PostId>(&db, "'3jzfcijpj2z2a'::text").await;
    assert!(
        err.ends_with(
            "atproto TID in a column of the wrong type: expected BIGINT (INT8), found TEXT"
        ),
        "{err}"
    );
    let err = read_error::<Tbsl>(&db, "1::bigint").await;
    assert!(
        err.ends_with("TBSL in a column of the wrong type: expected BYTEA, found INT8"),
        "{err}"
    );
    let err = read_error::<AsText<PostId>>(&db, "'\\x00'::bytea").await;
    assert!(
        err.ends_with("PostId in a column of the wrong type: expected text (TEXT, VARCHAR or CHAR), found BYTEA"),
        "{err}"
    );
    assert_eq!(
        read::<Option<PostId>>(&db, "NULL::bigint").await.unwrap(),
        None
    );
}

#[tokio::test]
async fn a_checked_typed_id_refuses_a_stored_value_its_checks_refuse() {
    let Some(db) = connect().await else { return };
    let old = Tid::from_parts(1_600_000_000_000_000, 0).unwrap(); // 2020
    let expr = format!("{}::bigint", old.to_u64());
    let err = read_error::<RecentPostId>(&db, &expr).await;
    assert!(err.contains("was made before 2023"), "{err}");
    assert_eq!(
        read::<TrustedPostId>(&db, &expr)
            .await
            .unwrap()
            .into_inner(),
        old
    );
}

#[tokio::test]
async fn a_typed_uuid_is_the_primary_key_of_an_entity() {
    let Some(db) = connect().await else { return };
    crate::common::sea_orm_cases::account_entity(&db).await;
}

/// A typed UUID reads PostgreSQL's `uuid` (as sqlx's `Uuid` does), and NULL as `None`.
#[tokio::test]
async fn a_typed_uuid_reads_a_uuid_and_refuses_other_types() {
    use crate::common::typed_uuid::{AccountId, EXAMPLE, example};
    let Some(db) = connect().await else { return };
    let expr = format!("'{EXAMPLE}'::uuid");
    assert_eq!(
        read::<AccountId>(&db, &expr).await.unwrap(),
        AccountId::from(example())
    );
    assert_eq!(
        read::<Option<AccountId>>(&db, "NULL::uuid").await.unwrap(),
        None
    );
    read_error::<AccountId>(&db, "1::bigint").await;
}

/// Bad stored values are this crate's errors, naming the type, through SeaORM as through sqlx.
#[tokio::test]
async fn bad_stored_values_are_idtypes_errors() {
    let Some(db) = connect().await else { return };
    crate::common::sea_orm_cases::bad_stored_values(&db).await;
}
