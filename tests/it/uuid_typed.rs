//! Typed UUIDs (`#[derive(idtypes::Uuid)]`): their TypeID text against the specification's
//! vectors, their checks, serde in each form, and their columns on the three databases
//! (PostgreSQL's `uuid`, MySQL's `BINARY(16)`, SQLite's `BLOB`), read by sqlx and by
//! tokio-postgres.

use idtypes::prelude::*;
use idtypes::uuids::DynTypeId;
use idtypes::{ErrorKind, IdFormat, TypedId, Uuid};
use sqlx::AssertSqlSafe;

/// A user: a UUID as the TypeID `user_01h455vb4pex5vsknk084sn02q`.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "user")]
pub struct UserId(Uuid);

/// An API key with a prefix of two words, and a check: version 7 only.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "api_key", validate = version_7)]
pub struct ApiKeyId(Uuid);

fn version_7(uuid: &Uuid) -> Result<(), &'static str> {
    if uuid.get_version_num() == 7 {
        Ok(())
    } else {
        Err("expected a version 7 UUID")
    }
}

/// No prefix: the bare suffix.
#[derive(idtypes::Uuid)]
pub struct BareId(Uuid);

/// The specification's example: `prefix_01h455vb4pex5vsknk084sn02q`.
const EXAMPLE: &str = "01890a5d-ac96-774b-bcce-b302099a8057";

fn example() -> Uuid {
    Uuid::parse_str(EXAMPLE).unwrap()
}

#[test]
fn the_text_is_a_typeid() {
    let id = UserId::from(example());
    assert_eq!(id.to_string(), "user_01h455vb4pex5vsknk084sn02q");
    assert_eq!(id.encode(), "user_01h455vb4pex5vsknk084sn02q");
    assert_eq!(
        "user_01h455vb4pex5vsknk084sn02q".parse::<UserId>().unwrap(),
        id
    );
    assert_eq!(format!("{id:?}"), "UserId(user_01h455vb4pex5vsknk084sn02q)");
    assert_eq!(
        BareId::from(example()).to_string(),
        "01h455vb4pex5vsknk084sn02q"
    );
    let key = ApiKeyId::try_from(example()).unwrap();
    assert_eq!(key.to_string(), "api_key_01h455vb4pex5vsknk084sn02q");
    // The same text as a `DynTypeId`, which any TypeID tool reads.
    let dynamic: DynTypeId = key.to_string().parse().unwrap();
    assert_eq!((dynamic.prefix(), dynamic.uuid()), ("api_key", example()));
    assert_eq!(key.to_dyn_type_id(), dynamic);
    assert_eq!(UserId::default().into_inner(), Uuid::nil());
}

#[test]
fn every_valid_vector_of_the_specification_reads_as_a_typed_id_with_its_prefix() {
    let vectors: serde_json::Value =
        serde_json::from_str(include_str!("../vectors/typeid/valid.json")).unwrap();
    for vector in vectors.as_array().unwrap() {
        let (text, prefix) = (
            vector["typeid"].as_str().unwrap(),
            vector["prefix"].as_str().unwrap(),
        );
        let uuid = Uuid::parse_str(vector["uuid"].as_str().unwrap()).unwrap();
        let ours = match prefix {
            "" => BareId::from(uuid).to_string(),
            "prefix" => {
                #[derive(idtypes::Uuid)]
                #[idtype(prefix = "prefix")]
                struct PrefixId(Uuid);
                let id: PrefixId = text.parse().unwrap();
                assert_eq!(id.into_inner(), uuid);
                PrefixId::from(uuid).to_string()
            }
            _ => DynTypeId::new(prefix, uuid).unwrap().to_string(),
        };
        assert_eq!(ours, text, "{vector}");
    }
}

#[test]
fn refusals_say_what_and_where() {
    let cases: [(&str, ErrorKind, Option<usize>); 6] = [
        (
            "user_01H455VB4PEX5VSKNK084SN02Q",
            ErrorKind::Character,
            Some(7),
        ),
        (
            "user_81h455vb4pex5vsknk084sn02q",
            ErrorKind::Overflow,
            Some(5),
        ),
        ("user_01h455vb4pex5vsknk084sn02", ErrorKind::Length, None),
        ("post_01h455vb4pex5vsknk084sn02q", ErrorKind::Prefix, None),
        (
            "user-01h455vb4pex5vsknk084sn02q",
            ErrorKind::Separator,
            None,
        ),
        ("01h455vb4pex5vsknk084sn02q", ErrorKind::Prefix, None),
    ];
    for (text, kind, position) in cases {
        let err = text.parse::<UserId>().unwrap_err();
        assert_eq!(err.kind(), kind, "{text}: {err}");
        if position.is_some() {
            assert_eq!(err.position(), position, "{text}: {err}");
        }
    }
    let err = "user_01h455vb4pex5vsknk084sn02u"
        .parse::<UserId>()
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid UserId: unexpected character 'u' at byte 30 (in the UUID), expected one of \
         `0123456789abcdefghjkmnpqrstvwxyz`"
    );
    // The type's check: a version 4 UUID is no API key.
    let v4 = idtypes::uuids::new_v4();
    let err = ApiKeyId::try_from(v4).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Validation);
    let text = format!("api_key_{}", IdFormat::encode(&v4));
    assert_eq!(
        text.parse::<ApiKeyId>().unwrap_err().kind(),
        ErrorKind::Validation
    );
}

#[test]
fn generated_ids_are_version_7_and_rise() {
    let (a, b) = (UserId::now_v7(), UserId::now_v7());
    assert!(a < b);
    assert_eq!(a.into_inner().get_version_num(), 7);
    assert!(a.to_string() < b.to_string(), "the text sorts like the ids");
    assert_eq!(UserId::new_v4().into_inner().get_version_num(), 4);
    assert!(ApiKeyId::now_v7().is_ok());
    assert!(ApiKeyId::new_v4().is_err());
}

#[test]
fn serde_writes_the_text_in_json_and_the_16_bytes_in_binary_formats() {
    let id = UserId::from(example());
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, "\"user_01h455vb4pex5vsknk084sn02q\"");
    assert_eq!(serde_json::from_str::<UserId>(&json).unwrap(), id);
    let bytes = postcard::to_allocvec(&id).unwrap();
    assert_eq!(bytes.len(), 17, "a length byte and the UUID's 16 bytes");
    assert_eq!(&bytes[1..], example().as_bytes());
    assert_eq!(postcard::from_bytes::<UserId>(&bytes).unwrap(), id);
    // The checks run when reading.
    let v4 = UserId::new_v4();
    let json = serde_json::to_string(&v4)
        .unwrap()
        .replace("user_", "api_key_");
    assert!(serde_json::from_str::<ApiKeyId>(&json).is_err());
}

/// Writes `ids` in a table of `column` type and reads them back with sqlx, in order.
macro_rules! sqlx_round_trip {
    ($pool:expr, $db:ty, $column:expr, $ph:expr) => {{
        let pool = $pool;
        let table = idtypes_tests::unique_table("idt_uuid");
        let sql = format!("CREATE TABLE {table} (n INTEGER, id {})", $column);
        sqlx::query(AssertSqlSafe(sql))
            .execute(&pool)
            .await
            .unwrap();
        let mut ids: Vec<UserId> = vec![
            UserId::from(Uuid::nil()),
            UserId::from(Uuid::max()),
            UserId::from(example()),
            UserId::from(Uuid::from_u128(1 << 127)),
            UserId::from(Uuid::from_u128((1 << 127) - 1)),
        ];
        ids.extend((0..20).map(|_| UserId::now_v7()));
        ids.extend((0..5).map(|_| UserId::new_v4()));
        let insert = format!(
            "INSERT INTO {table} (n, id) VALUES ({}, {})",
            $ph(1),
            $ph(2)
        );
        for (n, id) in ids.iter().enumerate() {
            sqlx::query::<$db>(AssertSqlSafe(insert.clone()))
                .bind(n as i32)
                .bind(*id)
                .execute(&pool)
                .await
                .unwrap();
        }
        let read: Vec<UserId> =
            sqlx::query_scalar(AssertSqlSafe(format!("SELECT id FROM {table} ORDER BY n")))
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(read, ids);
        // The column orders like the ids (and v7 ids by time).
        let sorted: Vec<UserId> =
            sqlx::query_scalar(AssertSqlSafe(format!("SELECT id FROM {table} ORDER BY id")))
                .fetch_all(&pool)
                .await
                .unwrap();
        let mut expected = ids.clone();
        expected.sort();
        assert_eq!(sorted, expected);
        // What the column holds is the plain UUID, as sqlx's `Uuid` reads it.
        let plain: Vec<Uuid> =
            sqlx::query_scalar(AssertSqlSafe(format!("SELECT id FROM {table} ORDER BY n")))
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(
            plain,
            ids.iter().map(|id| id.into_inner()).collect::<Vec<_>>()
        );
    }};
}

#[tokio::test]
async fn sqlx_stores_a_typed_uuid_in_postgresqls_uuid_column() {
    use crate::common::sqlx_cases::postgres::{connect, ph};
    let Some(pool) = connect().await else { return };
    sqlx_round_trip!(pool, sqlx::Postgres, "UUID", ph);
}

#[tokio::test]
async fn sqlx_stores_a_typed_uuid_in_mysqls_binary_16() {
    use crate::common::sqlx_cases::mysql::{connect, ph};
    let Some(pool) = connect().await else { return };
    sqlx_round_trip!(pool, sqlx::MySql, "BINARY(16)", ph);
}

#[tokio::test]
async fn sqlx_stores_a_typed_uuid_in_an_sqlite_blob() {
    use crate::common::sqlx_cases::sqlite::{connect, ph};
    let Some(pool) = connect().await else { return };
    sqlx_round_trip!(pool, sqlx::Sqlite, "BLOB", ph);
}

#[tokio::test]
async fn tokio_postgres_reads_and_writes_a_typed_uuid_as_uuid() {
    let Some(url) = idtypes_tests::postgres_url() else {
        return;
    };
    let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    let id = UserId::now_v7();
    let row = client.query_one("SELECT $1::uuid", &[&id]).await.unwrap();
    assert_eq!(row.get::<_, UserId>(0), id);
    assert_eq!(row.get::<_, Uuid>(0), id.into_inner());
}

#[test]
fn the_schema_is_the_typeid_of_the_type() {
    let schema = serde_json::to_value(schemars::schema_for!(UserId)).unwrap();
    let pattern = schema["pattern"].as_str().unwrap();
    assert_eq!(pattern, "^user_[0-7][0-9a-hjkmnp-tv-z]{25}$");
    let pattern = regex::Regex::new(pattern).unwrap();
    assert!(pattern.is_match(&UserId::now_v7().to_string()));
    assert!(!pattern.is_match("user_01H455VB4PEX5VSKNK084SN02Q"));
}

#[test]
fn arbitrary_draws_any_uuid() {
    use arbitrary::{Arbitrary, Unstructured};
    let id = UserId::arbitrary(&mut Unstructured::new(&[0xFF; 16])).unwrap();
    assert_eq!(id.into_inner(), Uuid::max());
    let _ = <UserId as TypedId>::PREFIX;
}
