//! The diesel integration on SQLite (embedded, in memory: always runs), through diesel's own
//! connection.
//!
//! The cases are in `common/diesel_cases.rs`.

use diesel::Connection;

use crate::common::sqlx_cases::sqlite::{column, ph};

type Db = diesel::sqlite::Sqlite;
pub type Conn = diesel::SqliteConnection;
type SqlxDb = sqlx::Sqlite;

/// A new in-memory database (each connection has its own).
pub fn connect() -> Option<Conn> {
    Some(Conn::establish(":memory:").expect("open an in-memory SQLite database"))
}

/// diesel's connection and sqlx's pool to a new database file (an in-memory database is one
/// connection's own), which the caller removes.
fn both() -> Option<(
    Conn,
    sqlx::Pool<SqlxDb>,
    tokio::runtime::Runtime,
    Option<std::path::PathBuf>,
)> {
    let path = std::env::temp_dir().join(format!(
        "{}.sqlite",
        idtypes_tests::unique_table("idz_shared")
    ));
    let conn = Conn::establish(path.to_str().unwrap()).expect("create an SQLite database file");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let options = sqlx::sqlite::SqliteConnectOptions::new().filename(&path);
    let pool = runtime
        .block_on(
            sqlx::sqlite::SqlitePoolOptions::new()
                .max_connections(1)
                .connect_with(options),
        )
        .expect("open the SQLite database file with sqlx");
    Some((conn, pool, runtime, Some(path)))
}

/// The SQL type of a 128-bit id's column (a ULID).
type UuidSql = diesel::sql_types::Binary;

/// A UUID as an SQL literal of its column.
fn uuid_literal(uuid: &idtypes::Uuid) -> String {
    format!("X'{}'", uuid.simple())
}

const BLOB_COLUMN: &str = "BLOB";
const REAL_COLUMN: &str = "REAL";

/// A signed 64-bit integer column.
const SIGNED_COLUMN: &str = "INTEGER";

/// SQLite says each value's storage class: text is never bytes.
const TEXT_APART_FROM_BYTES: bool = true;

/// How the errors of a value in the wrong kind of column end.
const WRONG_FOR_BYTES: &str = "a BLOB value, found a TEXT value";
const WRONG_FOR_TEXT: &str = "a TEXT value, found a BLOB value";

diesel_cases!();

/// A typed UUID reads `BLOB` values only: text (even of 16 bytes) and integers are errors
/// naming the format and the value it needs.
#[test]
fn a_typed_uuid_refuses_text_and_integers() {
    let Some(mut conn) = connect() else { return };
    let table = idtypes_tests::unique_table("idz_ukind");
    exec(
        &mut conn,
        format!("CREATE TABLE {table} (n INTEGER, id BLOB)"),
    );
    exec(
        &mut conn,
        format!("INSERT INTO {table} (n, id) VALUES (0, '0123456789abcdef'), (1, 5)"),
    );
    let m = wrong_column::<AccountId>(&mut conn, &table, "id", 0, "UUID");
    assert!(
        m.ends_with("expected a BLOB value, found a TEXT value"),
        "{m}"
    );
    let m = wrong_column::<AccountId>(&mut conn, &table, "id", 1, "UUID");
    assert!(
        m.contains("expected a BLOB value, found a") && m.contains("INTEGER"),
        "{m}"
    );
    drop_table(&mut conn, &table);
}

/// Through the query builder (`table!`, `Queryable`), diesel wraps a field's error in its
/// `DeserializeFieldError` (`Error deserializing field 'id'`): this crate's error is among
/// the sources, naming the typed id.
#[test]
fn a_bad_stored_value_read_by_the_query_builder_is_among_the_error_s_sources() {
    use diesel::prelude::*;
    use idtypes_tests::typed::PostId;

    diesel::table! {
        refused_posts (id) {
            id -> BigInt,
            text -> Text,
        }
    }

    #[derive(Debug, Queryable, Selectable)]
    #[diesel(table_name = refused_posts)]
    #[allow(dead_code)]
    struct Post {
        id: PostId,
        text: String,
    }

    let Some(mut conn) = connect() else { return };
    exec(
        &mut conn,
        "CREATE TABLE refused_posts (id INTEGER PRIMARY KEY, text TEXT NOT NULL)".to_owned(),
    );
    exec(
        &mut conn,
        "INSERT INTO refused_posts (id, text) VALUES (-5, 'bad')".to_owned(),
    );
    let err = refused_posts::table
        .select(Post::as_select())
        .load(&mut conn)
        .unwrap_err();
    assert_eq!(err.to_string(), "Error deserializing field 'id'");
    crate::common::refused::assert_refused(&err, idtypes::ErrorKind::OutOfRange, "PostId");
}
