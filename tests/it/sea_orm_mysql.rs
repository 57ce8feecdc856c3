//! SeaORM 2 on MySQL / MariaDB (`IDTYPES_TEST_MYSQL_URL`; skipped when unset).
//!
//! The entity and its cases are in `common/sea_orm_cases.rs`: on MySQL the formats stored with
//! the top bit flipped go through SeaORM as `AsBytes` or `AsText`, and reading one as an
//! integer is an error (here).

use idtypes::{AsText, Snowish, Tbsl, Tid, TimeId, Xid};
use idtypes_tests::typed::{EventId, PostId};
use sea_orm::{ConnectOptions, Database, DatabaseConnection};

use crate::common::sea_orm_cases::{mysql_post_entity, read, read_error};

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

#[tokio::test]
async fn a_flipped_format_read_as_an_integer_is_an_error_that_says_why() {
    let Some(db) = connect().await else { return };
    for expr in ["CAST(5 AS UNSIGNED)", "5"] {
        let err = read_error::<TimeId>(&db, expr).await;
        assert!(err.contains("TimeId with SeaORM on MySQL/MariaDB"), "{err}");
        assert!(err.contains("as AsBytes or AsText"), "{err}");
        let err = read_error::<EventId>(&db, expr).await;
        assert!(err.contains("TimeId with SeaORM on MySQL/MariaDB"), "{err}");
        let err = read_error::<Option<Xid>>(&db, expr).await;
        assert!(err.contains("xid with SeaORM on MySQL/MariaDB"), "{err}");
    }
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
