//! SeaORM 2 on MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset).
//!
//! The entity and its cases are in `common/sea_orm_cases.rs`: the entity of every format as an
//! integer, as on PostgreSQL and SQLite, and one with `AsBytes` and `AsText` columns and
//! MySQL's `BIGINT UNSIGNED` for the formats that keep the top bit 0.

use idtypes::{AsText, Snowish, Tbsl, Tid, TimeId, Uid11Xid};
use idtypes_tests::typed::{EventId, PostId};
use sea_orm::{ConnectOptions, Database, DatabaseConnection};

use crate::common::sea_orm_cases::{mysql_post_entity, post_entity, read, read_error};

async fn connect() -> Option<DatabaseConnection> {
    let url = idtypes_tests::mysql_url()?;
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
    mysql_post_entity(&db).await;
}

#[tokio::test]
async fn a_natural_id_reads_from_bigint_unsigned_and_from_bigint() {
    let Some(db) = connect().await else { return };
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    let unsigned = "CAST(1728652679052295174 AS UNSIGNED)";
    assert_eq!(
        read::<PostId>(&db, unsigned).await.unwrap().into_inner(),
        tid
    );
    assert_eq!(read::<Tid>(&db, "1728652679052295174").await.unwrap(), tid);
    assert_eq!(
        read::<Snowish>(&db, "CAST(5 AS UNSIGNED)")
            .await
            .unwrap()
            .to_u64(),
        5
    );
    // A TID with its top bit set, which BIGINT UNSIGNED holds.
    let top = Tid::from_u64(1 << 63);
    let expr = format!("CAST({} AS UNSIGNED)", top.to_u64());
    assert_eq!(read::<Tid>(&db, &expr).await.unwrap(), top);
}

/// The entity of PostgreSQL and SQLite, every format as an integer, on MySQL's signed
/// `BIGINT`s: the one mapping of every database, so SeaORM's values are right here too.
#[tokio::test]
async fn the_entity_of_every_format_runs_on_mysql_too() {
    let Some(db) = connect().await else { return };
    post_entity(&db).await;
}

#[tokio::test]
async fn a_flipped_format_reads_its_bigint_and_refuses_bigint_unsigned() {
    let Some(db) = connect().await else { return };
    // The bits of TimeId 5 with the top one flipped.
    let at: TimeId = read(&db, "CAST(-9223372036854775803 AS SIGNED)")
        .await
        .unwrap();
    assert_eq!(at, TimeId::from_i64(5));
    let event: EventId = read(&db, "CAST(-9223372036854775803 AS SIGNED)")
        .await
        .unwrap();
    assert_eq!(event.into_inner(), TimeId::from_i64(5));
    let err = read_error::<TimeId>(&db, "CAST(5 AS UNSIGNED)").await;
    assert!(err.contains("expected a signed integer (BIGINT"), "{err}");
    let err = read_error::<Option<Uid11Xid>>(&db, "CAST(5 AS UNSIGNED)").await;
    assert!(
        err.contains("uid11 xid in a column of the wrong type"),
        "{err}"
    );
}

#[tokio::test]
async fn a_value_of_the_wrong_kind_is_an_error_naming_the_type() {
    let Some(db) = connect().await else { return };
    let err = read_error::<PostId>(&db, "_ascii'3jzfcijpj2z2a' COLLATE ascii_general_ci").await;
    assert!(
        err.contains("atproto TID in a column of the wrong type"),
        "{err}"
    );
    let err = read_error::<Tbsl>(&db, "CAST(1 AS UNSIGNED)").await;
    assert!(
        err.contains("TBSL in a column of the wrong type: expected binary data (BINARY, VARBINARY or BLOB), found INT UNSIGNED"),
        "{err}"
    );
    let err = read_error::<AsText<PostId>>(&db, "x'00'").await;
    assert!(
        err.contains("PostId in a column of the wrong type"),
        "{err}"
    );
    assert_eq!(read::<Option<PostId>>(&db, "NULL").await.unwrap(), None);
}

#[tokio::test]
async fn a_typed_uuid_is_the_primary_key_of_an_entity() {
    let Some(db) = connect().await else { return };
    crate::common::sea_orm_cases::account_entity(&db).await;
}

/// A typed UUID reads the 16 bytes of a `BINARY(16)` (here a cast: sqlx takes a bare hex
/// literal for text, which SeaORM would parse as a UUID's text); other lengths are errors.
#[tokio::test]
async fn a_typed_uuid_reads_16_bytes_and_refuses_other_lengths() {
    use crate::common::typed_uuid::{AccountId, example};
    let Some(db) = connect().await else { return };
    let expr = format!("CAST(x'{}' AS BINARY(16))", example().simple());
    assert_eq!(
        read::<AccountId>(&db, &expr).await.unwrap(),
        AccountId::from(example())
    );
    // This crate's error, naming the type (not SeaORM's parse of the bytes as text).
    let err = read::<AccountId>(&db, "CAST(x'0102' AS BINARY)")
        .await
        .unwrap_err();
    crate::common::refused::assert_refused(&err, idtypes::ErrorKind::Length, "AccountId");
    let err = err.to_string();
    assert!(err.contains("16 bytes") && err.contains('2'), "{err}");
    assert_eq!(read::<Option<AccountId>>(&db, "NULL").await.unwrap(), None);
}

/// Bad stored values are this crate's errors, naming the type, through SeaORM as through sqlx.
#[tokio::test]
async fn bad_stored_values_are_idtypes_errors() {
    let Some(db) = connect().await else { return };
    crate::common::sea_orm_cases::bad_stored_values(&db).await;
}
