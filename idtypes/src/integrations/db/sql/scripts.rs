//! The scripts: PostgreSQL's template for a schema (`@extschema@` in `idtypes/sql/postgres.sql`,
//! replaced by the schema's quoted name, at compile time for `public`), MySQL's script for the
//! current database or a named one (`idtypes/sql/mysql.sql`), and the checks on those names.
//!
//! Both files are generated from the table of formats by `generate/` and committed, so that
//! what users read and run is plain SQL: a test regenerates them and fails if they differ
//! (`IDTYPES_BLESS=1 cargo test -p idtypes --lib sql::generate` rewrites them).

use alloc::{format, string::String};

use crate::{Error, error::Repr};

/// The PostgreSQL script with `@extschema@` where the schema goes.
const POSTGRES_TEMPLATE: &str =
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/sql/postgres.sql"));

/// What stands for the schema in [`POSTGRES_TEMPLATE`] (as in PostgreSQL's extension scripts).
const SCHEMA: &str = "@extschema@";

/// `public`, quoted as [`postgres_script`] quotes every name.
const PUBLIC: &str = "\"public\"";

/// How many times `needle` (which starts with `@`) occurs in `haystack`, without overlaps.
const fn count(haystack: &[u8], needle: &[u8]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < haystack.len() {
        if haystack[i] == b'@' && starts_with_at(haystack, i, needle) {
            n += 1;
            i += needle.len();
        } else {
            i += 1;
        }
    }
    n
}

/// Whether `haystack[at..]` starts with `needle`.
const fn starts_with_at(haystack: &[u8], at: usize, needle: &[u8]) -> bool {
    if haystack.len() - at < needle.len() {
        return false;
    }
    let mut j = 0;
    while j < needle.len() {
        if haystack[at + j] != needle[j] {
            return false;
        }
        j += 1;
    }
    true
}

/// `template` with every `from` (which starts with `@`) replaced by `to`, in `N` bytes.
const fn replace<const N: usize>(template: &[u8], from: &[u8], to: &[u8]) -> [u8; N] {
    let mut out = [0u8; N];
    let (mut i, mut o) = (0, 0);
    while i < template.len() {
        if template[i] == b'@' && starts_with_at(template, i, from) {
            let mut j = 0;
            while j < to.len() {
                out[o + j] = to[j];
                j += 1;
            }
            i += from.len();
            o += to.len();
        } else {
            out[o] = template[i];
            i += 1;
            o += 1;
        }
    }
    out
}

const SCHEMAS: usize = count(POSTGRES_TEMPLATE.as_bytes(), SCHEMA.as_bytes());

/// The bytes of [`POSTGRES`]: read once, at compile time, by its definition (one copy in the
/// program, that `&str`'s).
#[allow(
    clippy::large_const_arrays,
    reason = "used only to define `POSTGRES`, in a constant expression"
)]
const POSTGRES_PUBLIC: [u8; POSTGRES_TEMPLATE.len() - SCHEMAS * SCHEMA.len()
    + SCHEMAS * PUBLIC.len()] = replace(
    POSTGRES_TEMPLATE.as_bytes(),
    SCHEMA.as_bytes(),
    PUBLIC.as_bytes(),
);

/// The PostgreSQL script (PL/pgSQL, PostgreSQL 11 and later) for the schema `public`:
/// `CREATE OR REPLACE FUNCTION "public".tid_text(...)`, ... It is
/// [`postgres_script("public")`](postgres_script); [`create_functions`](super::create_functions)
/// uses the connection's current schema instead.
///
/// # Examples
///
/// ```
/// let script = idtypes::sql::POSTGRES;
/// assert!(script.contains(r#"CREATE OR REPLACE FUNCTION "public".tid_text(id bigint)"#));
/// assert_eq!(idtypes::sql::postgres_script("public")?, script);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub const POSTGRES: &str = match core::str::from_utf8(&POSTGRES_PUBLIC) {
    Ok(script) => script,
    Err(_) => panic!("postgres.sql with `public` for its schema is not UTF-8"),
};

/// The MySQL / MariaDB script (MySQL 8, MariaDB 10.5 and later), for the mysql client: it sets
/// `DELIMITER $$`, and drops each function and creates it again, in the current database
/// (the one `USE` chose). [`mysql_script`] names the database instead.
///
/// # Examples
///
/// ```
/// assert!(idtypes::sql::MYSQL.contains("CREATE FUNCTION tid_text(id BIGINT)"));
/// ```
pub const MYSQL: &str = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/sql/mysql.sql"));

/// The PostgreSQL script that creates (or replaces) the functions in `schema`: every function
/// it creates and every call between them names the schema, quoted (`"ids".tid_text`), so
/// they work from any `search_path`, an empty one included (pg_dump's, while a dump is
/// restored). Run it with psql, in a transaction (`psql -1`), after `CREATE SCHEMA`.
///
/// # Errors
///
/// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for a name PostgreSQL does not keep as
/// it is (empty, over 63 bytes, or holding NUL) or that would end a function body (`$$`).
/// Any other name is quoted, whatever it holds.
///
/// # Examples
///
/// ```
/// let script = idtypes::sql::postgres_script("My Ids")?;
/// assert!(script.contains(r#"CREATE OR REPLACE FUNCTION "My Ids".tid_text(id bigint)"#));
/// assert!(script.contains(r#"SELECT "My Ids".tid_from_prefixed_text(t, '')"#));
/// assert_eq!(idtypes::sql::postgres_script("a$$b").unwrap_err().kind(),
///     idtypes::ErrorKind::Syntax);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub fn postgres_script(schema: &str) -> Result<String, Error> {
    check_postgres_name(schema)?;
    let quoted = format!("\"{}\"", schema.replace('"', "\"\""));
    Ok(POSTGRES_TEMPLATE.replace(SCHEMA, &quoted))
}

/// The MySQL / MariaDB script that creates (or replaces) the functions in `database`, for the
/// mysql client as [`MYSQL`] is: the functions it drops and creates are named
/// `` `database`.tid_text ``, ... A stored function runs in its own database, so the calls
/// between them need no name, and `database.tid_text(id)` works from a connection to any
/// database.
///
/// # Errors
///
/// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for a name MySQL refuses (empty, over 64
/// characters, ending with a space, or holding NUL or a character outside the Basic
/// Multilingual Plane) or that would end a statement of the script (`$$`, its `DELIMITER`).
/// Any other name is quoted, whatever it holds.
///
/// # Examples
///
/// ```
/// let script = idtypes::sql::mysql_script("ids")?;
/// assert!(script.contains("CREATE FUNCTION `ids`.tid_text(id BIGINT)"));
/// assert!(script.contains("DROP FUNCTION IF EXISTS `ids`.tid_text $$"));
/// assert_eq!(idtypes::sql::mysql_script("ids ").unwrap_err().kind(),
///     idtypes::ErrorKind::Syntax);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub fn mysql_script(database: &str) -> Result<String, Error> {
    check_mysql_name(database)?;
    let quoted = format!("`{}`.", database.replace('`', "``"));
    let mut script = String::with_capacity(MYSQL.len() + 128 * quoted.len());
    for line in MYSQL.split_inclusive('\n') {
        let keyword = [
            "CREATE FUNCTION ",
            "CREATE PROCEDURE ",
            "DROP FUNCTION IF EXISTS ",
            "DROP PROCEDURE IF EXISTS ",
        ]
        .into_iter()
        .find(|keyword| line.starts_with(keyword));
        match keyword {
            Some(keyword) => {
                script.push_str(keyword);
                script.push_str(&quoted);
                script.push_str(&line[keyword.len()..]);
            }
            None => script.push_str(line),
        }
    }
    Ok(script)
}

/// The error for a schema or database name that breaks `rule` (at byte `position`).
#[cold]
fn bad_name(what: &'static str, position: Option<usize>, rule: &'static str) -> Error {
    Error::new(what, Repr::Syntax { position, rule })
}

/// What PostgreSQL keeps as it is, and what a function body may hold.
fn check_postgres_name(schema: &str) -> Result<(), Error> {
    const WHAT: &str = "PostgreSQL schema name";
    if schema.is_empty() {
        return Err(bad_name(WHAT, None, "expected a name, found an empty one"));
    }
    if schema.len() > 63 {
        return Err(bad_name(
            WHAT,
            Some(63),
            "a PostgreSQL name is at most 63 bytes (the server would cut it)",
        ));
    }
    check_common(WHAT, schema)
}

/// What MySQL and MariaDB take for a database name, and what the script may hold.
fn check_mysql_name(database: &str) -> Result<(), Error> {
    const WHAT: &str = "MySQL database name";
    if database.is_empty() {
        return Err(bad_name(WHAT, None, "expected a name, found an empty one"));
    }
    if let Some((position, _)) = database.char_indices().nth(64) {
        return Err(bad_name(
            WHAT,
            Some(position),
            "a MySQL name is at most 64 characters",
        ));
    }
    if let Some((position, _)) = database.char_indices().find(|&(_, c)| c > '\u{FFFF}') {
        return Err(bad_name(
            WHAT,
            Some(position),
            "a MySQL name holds characters of the Basic Multilingual Plane only",
        ));
    }
    if database.ends_with(' ') {
        return Err(bad_name(
            WHAT,
            Some(database.len() - 1),
            "a MySQL database name cannot end with a space",
        ));
    }
    check_common(WHAT, database)
}

/// No NUL (which neither server takes in a name) and no `$$` (which ends a PostgreSQL
/// function body and a statement of the MySQL script).
fn check_common(what: &'static str, name: &str) -> Result<(), Error> {
    if let Some(position) = name.find('\0') {
        return Err(bad_name(what, Some(position), "a name cannot hold NUL"));
    }
    if let Some(position) = name.find("$$") {
        return Err(bad_name(
            what,
            Some(position),
            "a name for these functions cannot hold `$$`, which ends a statement of the script",
        ));
    }
    Ok(())
}

/// The statements of a MySQL script ([`MYSQL`] or [`mysql_script`]'s), without the client's
/// `DELIMITER` lines and the comments before each, one by one.
#[cfg(feature = "sqlx-mysql")]
pub(super) fn mysql_statements(script: &str) -> impl Iterator<Item = &str> {
    let body = script
        .split_once("DELIMITER $$")
        .map_or(script, |(_, rest)| rest);
    let body = body
        .rsplit_once("DELIMITER ;")
        .map_or(body, |(rest, _)| rest);
    body.split("$$")
        .map(without_leading_comments)
        .filter(|s| !s.is_empty())
}

/// `statement` from its first line that is not a comment, trimmed.
#[cfg(feature = "sqlx-mysql")]
fn without_leading_comments(statement: &str) -> &str {
    let mut rest = statement.trim();
    while rest.starts_with("--") {
        rest = rest
            .split_once('\n')
            .map_or("", |(_, after)| after)
            .trim_start();
    }
    rest.trim_end()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn the_postgres_script_is_the_template_for_public() {
        assert_eq!(postgres_script("public").unwrap(), POSTGRES);
        assert!(!POSTGRES.contains(SCHEMA));
        assert!(POSTGRES_TEMPLATE.contains(SCHEMA));
    }

    /// Every function the script creates, and every call of one in a body, names the schema.
    #[test]
    fn the_postgres_script_names_the_schema_everywhere() {
        const QUOTED: &str = "\"s\"\"q\".";
        let script = postgres_script("s\"q").unwrap();
        let code: alloc::vec::Vec<&str> = script
            .lines()
            .filter(|line| !line.trim_start().starts_with("--"))
            .collect();
        let names = routines(&script, "CREATE OR REPLACE FUNCTION ");
        assert!(names.len() > 60, "{names:?}");
        for line in &code {
            for name in &names {
                for (at, _) in line.match_indices(&format!("{name}(")) {
                    let before = &line[..at];
                    // A longer name that ends with this one is another function.
                    let longer = before
                        .chars()
                        .next_back()
                        .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
                    assert!(
                        longer || before.ends_with(QUOTED),
                        "{name} without its schema: {line}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_mysql_script_names_the_database_of_every_routine() {
        let script = mysql_script("a`b").unwrap();
        let routines = script
            .lines()
            .filter(|line| line.starts_with("CREATE ") || line.starts_with("DROP "))
            .collect::<alloc::vec::Vec<_>>();
        assert!(routines.len() > 120, "{}", routines.len());
        for line in routines {
            assert!(line.contains(" `a``b`."), "{line}");
        }
    }

    #[test]
    fn names_that_cannot_be_quoted_are_refused() {
        for schema in ["", "a\0b", "a$$b", &"x".repeat(64), &"é".repeat(32)] {
            let err = postgres_script(schema).unwrap_err();
            assert_eq!(err.kind(), crate::ErrorKind::Syntax, "{schema:?}");
            assert!(
                err.to_string()
                    .starts_with("invalid PostgreSQL schema name: "),
                "{err}"
            );
        }
        for database in ["", "a\0b", "a$$b", "ids ", "a\u{1F600}", &"é".repeat(65)] {
            let err = mysql_script(database).unwrap_err();
            assert_eq!(err.kind(), crate::ErrorKind::Syntax, "{database:?}");
        }
        // Anything else is quoted.
        assert!(postgres_script(&"x".repeat(63)).is_ok());
        assert!(postgres_script("a\"; DROP TABLE t; --").is_ok());
        assert!(mysql_script(&"é".repeat(64)).is_ok());
        assert!(mysql_script("a`; DROP TABLE t; --").is_ok());
    }

    #[cfg(feature = "sqlx-mysql")]
    #[test]
    fn the_mysql_script_is_its_statements() {
        for script in [MYSQL.into(), mysql_script("ids").unwrap()] {
            let statements: alloc::vec::Vec<&str> = mysql_statements(&script).collect();
            assert!(statements.iter().all(|s| !s.contains("DELIMITER")));
            let creates = statements
                .iter()
                .filter(|s| s.starts_with("CREATE FUNCTION") || s.starts_with("CREATE PROCEDURE"))
                .count();
            let drops = statements
                .iter()
                .filter(|s| {
                    s.starts_with("DROP FUNCTION IF EXISTS")
                        || s.starts_with("DROP PROCEDURE IF EXISTS")
                })
                .count();
            // And the helpers of earlier versions, dropped.
            assert_eq!(creates + super::super::generate::OBSOLETE.len(), drops);
            assert_eq!(creates + drops, statements.len());
            assert_eq!(creates, routines(&script, "CREATE FUNCTION ").len() + 1);
        }
    }

    /// The names of the routines `script` creates with `keyword`, without their schema.
    fn routines(script: &str, keyword: &str) -> alloc::collections::BTreeSet<String> {
        script
            .lines()
            .filter_map(|line| line.strip_prefix(keyword))
            .map(|rest| {
                let name = rest.split('(').next().unwrap_or_default();
                String::from(name.rsplit('.').next().unwrap_or_default())
            })
            .collect()
    }

    /// The two scripts create the same public functions: four for each format
    /// (`_text`, `_from_text`, `_prefixed_text`, `_from_prefixed_text`), the TypeID's two and
    /// the uid11 xid's two of v0.1.0 (`xid_text`, `xid_from_text`); their helpers are named
    /// `idtypes_*`.
    #[test]
    fn both_scripts_create_the_same_functions() {
        let public = |names: alloc::collections::BTreeSet<String>| {
            names
                .into_iter()
                .filter(|name| !name.starts_with("idtypes_"))
                .collect::<alloc::collections::BTreeSet<_>>()
        };
        let postgres = public(routines(POSTGRES, "CREATE OR REPLACE FUNCTION "));
        let mysql = public(routines(MYSQL, "CREATE FUNCTION "));
        assert_eq!(postgres, mysql);
        // Every row of the table (its slug, `-` as `_`), and the `uuid` crate's `Uuid`.
        let mut formats: alloc::vec::Vec<String> = super::super::generate::rows()
            .into_iter()
            .map(|row| row.function)
            .collect();
        formats.push("uuid".into());
        for name in [
            "tid",
            "time_id",
            "uid11_xid",
            "ts_seq_rand",
            "fullrand",
            "rs_xid",
        ] {
            assert!(formats.iter().any(|format| format == name), "{name}");
        }
        let mut expected: alloc::collections::BTreeSet<String> = formats
            .iter()
            .flat_map(|format| {
                ["text", "from_text", "prefixed_text", "from_prefixed_text"]
                    .map(|function| format!("{format}_{function}"))
            })
            .collect();
        for extra in [
            "uuid_typeid_text",
            "uuid_from_typeid",
            "xid_text",
            "xid_from_text",
        ] {
            expected.insert(extra.into());
        }
        assert_eq!(postgres, expected);
    }
}
