//! Typed UUIDs whose text is the hyphenated form (`#[idtype(text = "hyphenated")]`): the text
//! and its errors, serde, the schema, AsText columns and PostgreSQL's own text of a `uuid`,
//! and the v7 time ranges and TypeID prefix ranges every typed UUID has.

use idtypes::prelude::*;
use idtypes::{AsText, ErrorKind, IdFormat, TypedId, Uuid};
use sqlx::AssertSqlSafe;

/// A session: the bare hyphenated form, as PostgreSQL and most APIs write a UUID.
#[derive(idtypes::Uuid)]
#[idtype(text = "hyphenated")]
pub struct SessionId(Uuid);

/// An account: a prefix the TypeID rules would refuse (a digit, another separator).
#[derive(idtypes::Uuid)]
#[idtype(prefix = "acct2", separator = ":", text = "hyphenated")]
pub struct AccountId(Uuid);

/// The same UUID as a TypeID, said explicitly.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "user", text = "typeid")]
pub struct UserId(Uuid);

/// Hyphenated, with a check: version 7 only.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "evt", text = "hyphenated", validate = version_7)]
pub struct EventId(Uuid);

fn version_7(uuid: &Uuid) -> Result<(), &'static str> {
    if uuid.get_version_num() == 7 {
        Ok(())
    } else {
        Err("expected a version 7 UUID")
    }
}

const EXAMPLE: &str = "01890a5d-ac96-774b-bcce-b302099a8057";

fn example() -> Uuid {
    Uuid::parse_str(EXAMPLE).unwrap()
}

#[test]
fn the_text_is_the_hyphenated_form_after_the_prefix() {
    let session = SessionId::from(example());
    assert_eq!(session.to_string(), EXAMPLE);
    assert_eq!(session.encode(), EXAMPLE);
    assert_eq!(
        session.to_string(),
        example().to_string(),
        "the uuid crate's Display"
    );
    assert_eq!(format!("{session:?}"), format!("SessionId({EXAMPLE})"));
    assert_eq!(EXAMPLE.parse::<SessionId>().unwrap(), session);
    // Read in either case, written in lowercase (RFC 9562).
    let upper = EXAMPLE.to_uppercase().parse::<SessionId>().unwrap();
    assert_eq!(upper, session);
    assert_eq!(upper.to_string(), EXAMPLE);

    let account = AccountId::from(example());
    let text = format!("acct2:{EXAMPLE}");
    assert_eq!(account.to_string(), text);
    assert_eq!(account.encode(), text.as_str());
    assert_eq!(text.parse::<AccountId>().unwrap(), account);
    assert_eq!(format!("{account:>50}"), format!("{text:>50}"));

    // The same bits, in the other text.
    assert_eq!(
        UserId::from(example()).to_string(),
        "user_01h455vb4pex5vsknk084sn02q"
    );
    assert_eq!(<<AccountId as TypedId>::Inner as IdFormat>::NAME, "UUID");
}

#[test]
fn refusals_say_what_and_where_in_the_whole_text() {
    let cases: [(&str, ErrorKind, Option<usize>); 6] = [
        // A hex digit too many: a length error for the type.
        (
            "acct2:01890a5d-ac96-774b-bcce-b302099a80570",
            ErrorKind::Length,
            None,
        ),
        (
            "acct2:01890a5d-ac96-774b-bcce-b302099a805",
            ErrorKind::Length,
            None,
        ),
        (
            "acct2:01890a5d-ac96-774b-bcce-b302099a805g",
            ErrorKind::Character,
            Some(41),
        ),
        (
            "acct2:01890a5d_ac96-774b-bcce-b302099a8057",
            ErrorKind::Syntax,
            Some(14),
        ),
        // The TypeID text of the same UUID is not this type's.
        ("acct2:01h455vb4pex5vsknk084sn02q", ErrorKind::Length, None),
        (
            "user:01890a5d-ac96-774b-bcce-b302099a8057",
            ErrorKind::Prefix,
            Some(0),
        ),
    ];
    for (text, kind, position) in cases {
        let err = text.parse::<AccountId>().unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (kind, position),
            "{text}: {err}"
        );
        assert_eq!(err.type_name(), Some("AccountId"), "{text}");
    }
    let err = "{01890a5d-ac96-774b-bcce-b302099a8057}"
        .parse::<SessionId>()
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Length);
    // The type's check runs on parse.
    let v4 = format!("evt_{}", idtypes::uuids::new_v4());
    assert_eq!(
        v4.parse::<EventId>().unwrap_err().kind(),
        ErrorKind::Validation
    );
    assert!(EventId::parse_unchecked(&v4).is_ok());
}

#[test]
fn generated_ids_and_their_time_ranges() {
    let before = std::time::SystemTime::now();
    let ids: Vec<SessionId> = (0..100).map(|_| SessionId::now_v7()).collect();
    let after = std::time::SystemTime::now();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    let range = SessionId::range_for_time(before..=after).unwrap();
    assert!(ids.iter().all(|id| range.contains(id)));
    let event = EventId::now_v7().unwrap();
    assert!(
        EventId::new_v4().is_err(),
        "a v4 UUID fails the type's check"
    );
    assert!(EventId::range_for_time(before..).unwrap().contains(&event));
    let millis = 1_688_096_058_518;
    let example_id = AccountId::from(example());
    assert_eq!(example_id.timestamp_millis(), Some(millis));
    assert_eq!(
        example_id
            .datetime::<chrono::DateTime<chrono::Utc>>()
            .unwrap()
            .to_rfc3339(),
        "2023-06-30T03:34:18.518+00:00"
    );
    assert!(ids.iter().all(|id| range.contains(id)
        && id.timestamp().unwrap() >= before - std::time::Duration::from_millis(1)));
    assert_eq!(
        SessionId::from(idtypes::uuids::new_v4()).timestamp_millis(),
        None
    );
    let one = AccountId::range_for_millis(millis, millis).unwrap();
    assert!(one.contains(&AccountId::from(example())));
    assert!(AccountId::ranges_for_time(..std::time::UNIX_EPOCH).is_empty());
}

#[test]
fn typeid_typed_uuids_have_prefix_ranges() {
    let id = UserId::from(example());
    let range = UserId::range_for_prefix("user_01h455").unwrap().unwrap();
    assert!(range.contains(&id));
    assert_eq!(UserId::range_for_prefix("01h455").unwrap(), Some(range));
    let err = UserId::range_for_prefix("user_01H4").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(7))
    );
    assert_eq!(
        id.to_dyn_type_id().to_string(),
        "user_01h455vb4pex5vsknk084sn02q"
    );
}

#[test]
fn serde_writes_the_hyphenated_text_in_json_and_the_16_bytes_in_binary_formats() {
    let id = AccountId::from(example());
    let json = serde_json::to_string(&id).unwrap();
    assert_eq!(json, format!("\"acct2:{EXAMPLE}\""));
    assert_eq!(serde_json::from_str::<AccountId>(&json).unwrap(), id);
    let session = SessionId::from(example());
    // The bare form is what the uuid crate writes for a plain `Uuid` in JSON too.
    assert_eq!(
        serde_json::to_string(&session).unwrap(),
        format!("\"{}\"", example())
    );
    let bytes = postcard::to_allocvec(&id).unwrap();
    assert_eq!(&bytes[1..], example().as_bytes());
    assert_eq!(postcard::from_bytes::<AccountId>(&bytes).unwrap(), id);
    let err = serde_json::from_str::<EventId>(&format!("\"evt_{}\"", idtypes::uuids::new_v4()));
    assert!(err.unwrap_err().to_string().contains("version 7"));
}

#[test]
fn the_schema_pattern_is_the_hyphenated_form_and_agrees_with_the_parser() {
    let schema = serde_json::to_value(schemars::schema_for!(AccountId)).unwrap();
    let pattern = schema["pattern"].as_str().unwrap();
    assert_eq!(
        pattern,
        "^acct2:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"
    );
    assert_eq!(schema["maxLength"], 42);
    let pattern = regex::Regex::new(pattern).unwrap();
    let good = format!("acct2:{EXAMPLE}");
    for position in 6..good.len() {
        for byte in 0x20..0x7Fu8 {
            let mut text = good.clone().into_bytes();
            text[position] = byte;
            let text = String::from_utf8(text).unwrap();
            assert_eq!(
                pattern.is_match(&text),
                text.parse::<AccountId>().is_ok(),
                "{text}"
            );
        }
    }
}

#[tokio::test]
async fn postgresql_writes_a_uuid_column_as_this_text() {
    use crate::common::sqlx_cases::postgres::connect;
    let Some(pool) = connect().await else { return };
    let ids: Vec<SessionId> = (0..10)
        .map(|_| SessionId::now_v7())
        .chain([SessionId::from(Uuid::max()), SessionId::from(example())])
        .collect();
    for id in &ids {
        // The server's own text of a `uuid` is what this type prints and reads.
        let (text, back): (String, SessionId) = sqlx::query_as("SELECT $1::uuid::text, $1::uuid")
            .bind(*id)
            .fetch_one(&pool)
            .await
            .unwrap();
        assert_eq!(text, id.to_string());
        assert_eq!(back, *id);
        let parsed: SessionId = text.parse().unwrap();
        assert_eq!(parsed, *id);
    }
}

/// A text column of the prefixed hyphenated text, through `AsText`.
macro_rules! as_text_round_trip {
    ($pool:expr, $db:ty, $column:expr, $ph:expr) => {{
        let pool = $pool;
        let table = idtypes_tests::unique_table("idt_uuid_hyph");
        let sql = format!("CREATE TABLE {table} (n INTEGER, id {})", $column);
        sqlx::query(AssertSqlSafe(sql))
            .execute(&pool)
            .await
            .unwrap();
        let ids: Vec<AccountId> = (0..10)
            .map(|_| AccountId::now_v7())
            .chain([AccountId::from(example())])
            .collect();
        let insert = format!(
            "INSERT INTO {table} (n, id) VALUES ({}, {})",
            $ph(1),
            $ph(2)
        );
        for (n, id) in ids.iter().enumerate() {
            sqlx::query::<$db>(AssertSqlSafe(insert.clone()))
                .bind(n as i32)
                .bind(AsText(*id))
                .execute(&pool)
                .await
                .unwrap();
        }
        let texts: Vec<String> =
            sqlx::query_scalar(AssertSqlSafe(format!("SELECT id FROM {table} ORDER BY n")))
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(
            texts,
            ids.iter().map(ToString::to_string).collect::<Vec<_>>()
        );
        let read: Vec<AsText<AccountId>> =
            sqlx::query_scalar(AssertSqlSafe(format!("SELECT id FROM {table} ORDER BY n")))
                .fetch_all(&pool)
                .await
                .unwrap();
        assert_eq!(read.into_iter().map(|t| t.0).collect::<Vec<_>>(), ids);
        // A stored text in another form is an error, not a guess.
        let bad =
            format!("INSERT INTO {table} (n, id) VALUES (99, 'acct2:01h455vb4pex5vsknk084sn02q')");
        sqlx::query(AssertSqlSafe(bad))
            .execute(&pool)
            .await
            .unwrap();
        let err = sqlx::query_scalar::<_, AsText<AccountId>>(AssertSqlSafe(format!(
            "SELECT id FROM {table} WHERE n = 99"
        )))
        .fetch_one(&pool)
        .await
        .unwrap_err();
        assert!(err.to_string().contains("AccountId"), "{err}");
    }};
}

#[tokio::test]
async fn as_text_stores_the_hyphenated_text_on_postgresql() {
    use crate::common::sqlx_cases::postgres::{connect, ph};
    let Some(pool) = connect().await else { return };
    as_text_round_trip!(pool, sqlx::Postgres, "TEXT", ph);
}

#[tokio::test]
async fn as_text_stores_the_hyphenated_text_on_mysql() {
    use crate::common::sqlx_cases::mysql::{connect, ph};
    let Some(pool) = connect().await else { return };
    as_text_round_trip!(pool, sqlx::MySql, "VARCHAR(64)", ph);
}

#[tokio::test]
async fn as_text_stores_the_hyphenated_text_on_sqlite() {
    use crate::common::sqlx_cases::sqlite::{connect, ph};
    let Some(pool) = connect().await else { return };
    as_text_round_trip!(pool, sqlx::Sqlite, "TEXT", ph);
}

#[test]
fn the_text_form_is_the_types_alone() {
    // Everything but the text is the inner UUID's: order, equality, hash.
    let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(2));
    assert!(SessionId::from(a) < SessionId::from(b));
    assert_eq!(<SessionId as TypedId>::PREFIX, "");
    let _ = <EventId as TypedId>::SEPARATOR;
}
