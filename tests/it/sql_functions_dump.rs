//! `idtypes::sql` through a dump and a restore with the servers' own tools: PostgreSQL's
//! `pg_dump` and `psql` (whose restore runs with an empty `search_path`), with expression
//! indexes and generated columns on functions of another schema; `mariadb-dump` (or
//! `mysqldump`) and the mariadb (or mysql) client, with the functions and a view on them in a
//! database restored under another name. Skipped when the server's URL is unset or a tool is
//! missing (the reason printed); with `IDTYPES_REQUIRE_DATABASES=1`, a missing tool fails the
//! test.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::str::FromStr;

use crate::common::sqlx_cases::{Rng, samples};
use crate::common::typed_uuid::AccountId;
use idtypes::{Tid, Uuid};
use idtypes_tests::typed::PostId;
use sqlx::AssertSqlSafe;

/// The first of `names` on `PATH`, else in Debian's `/usr/lib/postgresql/<version>/bin`
/// (the newest version first); `None` (the test skipped, the reason printed) when there is
/// none, or a panic with `IDTYPES_REQUIRE_DATABASES=1`.
fn tool(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let mut dirs: Vec<PathBuf> = std::env::split_paths(&path).collect();
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            Some((version, entry.path().join("bin")))
        })
        .collect();
    versions.sort_by_key(|(version, _)| std::cmp::Reverse(*version));
    dirs.extend(versions.into_iter().map(|(_, dir)| dir));
    let found = names
        .iter()
        .find_map(|name| dirs.iter().map(|dir| dir.join(name)).find(|p| p.is_file()));
    if found.is_none() {
        let required = std::env::var("IDTYPES_REQUIRE_DATABASES").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "none of {names:?} found, and IDTYPES_REQUIRE_DATABASES=1 requires the dump tests"
        );
        eprintln!("skipping: none of {names:?} found (install the database's client tools)");
    }
    found
}

/// `url` with its database replaced by `database`.
fn with_database(url: &str, database: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let start = base.find("://").map_or(0, |i| i + 3);
    let base = base[start..].find('/').map_or(base, |i| &base[..start + i]);
    match query {
        Some(query) => format!("{base}/{database}?{query}"),
        None => format!("{base}/{database}"),
    }
}

/// Runs `command` (`stdin` from a file, when given) and panics with its output if it fails.
fn run(command: &mut Command, stdin: Option<&Path>) {
    if let Some(path) = stdin {
        let file = std::fs::File::open(path).unwrap();
        command.stdin(Stdio::from(file));
    }
    let output = command
        .output()
        .unwrap_or_else(|err| panic!("{command:?}: {err}"));
    assert!(
        output.status.success(),
        "{command:?}: {}\n{}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

async fn execute<DB: sqlx::Database>(pool: &sqlx::Pool<DB>, sql: &str)
where
    for<'c> &'c mut DB::Connection: sqlx::Executor<'c, Database = DB>,
{
    sqlx::raw_sql(AssertSqlSafe(sql.to_owned()))
        .execute(pool)
        .await
        .unwrap_or_else(|err| panic!("{sql}: {err}"));
}

/// The posts of the tests: TIDs (in `BIGINT`) and the UUIDs of their accounts.
fn posts() -> Vec<(Tid, Uuid)> {
    let mut rng = Rng::new();
    let mut tids = samples::<Tid>(&mut rng, 8);
    tids.sort();
    tids.dedup();
    let accounts = samples::<AccountId>(&mut rng, tids.len());
    tids.into_iter()
        .zip(accounts.into_iter().map(AccountId::into_inner).cycle())
        .collect()
}

mod postgres {
    use super::*;
    use sqlx::postgres::PgPoolOptions;

    async fn pool(url: &str) -> sqlx::PgPool {
        PgPoolOptions::new()
            .max_connections(1)
            .connect(url)
            .await
            .unwrap_or_else(|err| panic!("connect to {url}: {err}"))
    }

    /// Functions in a schema of their own, generated columns and expression indexes on them
    /// in a table of another schema: pg_dump writes the functions before the table, and psql
    /// restores it all with an empty `search_path`, rebuilding the indexes and computing the
    /// generated columns on the way; the restored database answers as the first did.
    #[tokio::test]
    async fn indexes_and_generated_columns_survive_pg_dump_and_restore() {
        let Some(url) = idtypes_tests::postgres_url() else {
            return;
        };
        let (Some(pg_dump), Some(psql)) = (tool(&["pg_dump"]), tool(&["psql"])) else {
            return;
        };
        let admin = pool(&url).await;
        let source = idtypes_tests::unique_table("idt_dump");
        let target = idtypes_tests::unique_table("idt_restore");
        let schema = idtypes_tests::unique_table("idt_fns");
        for database in [&source, &target] {
            execute(&admin, &format!("CREATE DATABASE {database}")).await;
        }
        let (source_url, target_url) = (with_database(&url, &source), with_database(&url, &target));

        let db = pool(&source_url).await;
        execute(&db, &format!("CREATE SCHEMA {schema}; CREATE SCHEMA app")).await;
        idtypes::sql::create_functions_in(&db, &schema)
            .await
            .unwrap();
        execute(
            &db,
            &format!(
                "CREATE TABLE app.posts (
                     id bigint PRIMARY KEY,
                     account uuid NOT NULL,
                     text text GENERATED ALWAYS AS ({schema}.tid_text(id)) STORED,
                     handle text GENERATED ALWAYS AS ({schema}.tid_prefixed_text(id, 'post_')) STORED,
                     acct text GENERATED ALWAYS AS ({schema}.uuid_typeid_text(account, 'acct')) STORED
                 );
                 CREATE INDEX posts_by_text ON app.posts ({schema}.tid_text(id));
                 CREATE INDEX posts_by_acct ON app.posts ({schema}.uuid_typeid_text(account, 'acct'))"
            ),
        )
        .await;
        let posts = posts();
        for (tid, account) in &posts {
            sqlx::query("INSERT INTO app.posts (id, account) VALUES ($1, $2)")
                .bind(*tid)
                .bind(*account)
                .execute(&db)
                .await
                .unwrap();
        }
        db.close().await;

        let dump = std::env::temp_dir().join(format!("{source}.sql"));
        run(
            Command::new(&pg_dump)
                .args(["--no-owner", "--no-privileges", "--file"])
                .arg(&dump)
                .args(["--dbname", &source_url]),
            None,
        );
        let script = std::fs::read_to_string(&dump).unwrap();
        assert!(
            script.contains("set_config('search_path', '', false)"),
            "pg_dump's script sets an empty search_path"
        );
        run(
            Command::new(&psql)
                .args([
                    "-X",
                    "-q",
                    "-v",
                    "ON_ERROR_STOP=1",
                    "--single-transaction",
                    "--file",
                ])
                .arg(&dump)
                .args(["--dbname", &target_url]),
            None,
        );
        std::fs::remove_file(&dump).unwrap();
        execute(&admin, &format!("DROP DATABASE {source}")).await;

        let db = pool(&target_url).await;
        let valid: i64 = sqlx::query_scalar(
            "SELECT count(*) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
             WHERE c.relname IN ('posts_by_text', 'posts_by_acct') AND i.indisvalid AND i.indisready",
        )
        .fetch_one(&db)
        .await
        .unwrap();
        assert_eq!(valid, 2, "the restored indexes");

        // The generated columns, computed again on restore, are the crate's texts.
        let rows: Vec<(i64, Uuid, String, String, String)> =
            sqlx::query_as("SELECT id, account, text, handle, acct FROM app.posts ORDER BY id")
                .fetch_all(&db)
                .await
                .unwrap();
        assert_eq!(rows.len(), posts.len());
        for ((tid, account), (id, stored, text, handle, acct)) in posts.iter().zip(&rows) {
            assert_eq!(*id as u64, tid.to_u64());
            assert_eq!(stored, account);
            assert_eq!(text, &tid.to_string());
            assert_eq!(handle, &PostId::from_inner_unchecked(*tid).to_string());
            assert_eq!(acct, &AccountId::from(*account).to_string());
        }

        // With pg_dump's empty search_path: the indexes serve lookups, and a new row gets
        // its generated columns.
        let mut conn = db.acquire().await.unwrap();
        execute_on(
            &mut conn,
            "SELECT pg_catalog.set_config('search_path', '', false)",
        )
        .await;
        execute_on(&mut conn, "SET enable_seqscan = off").await;
        let (tid, account) = posts[posts.len() / 2];
        for (index, condition, value) in [
            (
                "posts_by_text",
                format!("{schema}.tid_text(id)"),
                tid.to_string(),
            ),
            (
                "posts_by_acct",
                format!("{schema}.uuid_typeid_text(account, 'acct')"),
                AccountId::from(account).to_string(),
            ),
        ] {
            let sql = format!("SELECT id FROM app.posts WHERE {condition} = $1");
            let plan: Vec<String> = sqlx::query_scalar(AssertSqlSafe(format!("EXPLAIN {sql}")))
                .bind(&value)
                .fetch_all(&mut *conn)
                .await
                .unwrap();
            assert!(plan.iter().any(|line| line.contains(index)), "{plan:?}");
            let ids: Vec<i64> = sqlx::query_scalar(AssertSqlSafe(sql))
                .bind(&value)
                .fetch_all(&mut *conn)
                .await
                .unwrap();
            assert_eq!(ids, [tid.to_u64() as i64]);
        }
        let sql = format!(
            "SELECT bool_and({schema}.tid_from_prefixed_text(handle, 'post_') = id
                     AND {schema}.uuid_from_typeid(acct, 'acct') = account)
             FROM app.posts"
        );
        let all: bool = sqlx::query_scalar(AssertSqlSafe(sql))
            .fetch_one(&mut *conn)
            .await
            .unwrap();
        assert!(all);
        let new = (1..)
            .map(Tid::from_u64)
            .find(|new| posts.iter().all(|(tid, _)| tid != new))
            .unwrap();
        let handle: String = sqlx::query_scalar(
            "INSERT INTO app.posts (id, account) VALUES ($1, $2) RETURNING handle",
        )
        .bind(new)
        .bind(account)
        .fetch_one(&mut *conn)
        .await
        .unwrap();
        assert_eq!(handle, PostId::from_inner_unchecked(new).to_string());
        drop(conn);
        db.close().await;
        execute(&admin, &format!("DROP DATABASE {target}")).await;
    }

    async fn execute_on(conn: &mut sqlx::PgConnection, sql: &str) {
        sqlx::raw_sql(AssertSqlSafe(sql.to_owned()))
            .execute(conn)
            .await
            .unwrap_or_else(|err| panic!("{sql}: {err}"));
    }
}

mod mysql {
    use super::*;
    use sqlx::mysql::{MySqlConnectOptions, MySqlPoolOptions};

    async fn pool(options: MySqlConnectOptions) -> sqlx::MySqlPool {
        MySqlPoolOptions::new()
            .max_connections(1)
            .connect_with(options)
            .await
            .unwrap()
    }

    /// The client tools' arguments for the server of `url` (`mysql://user:password@host:port/db`):
    /// the connection, and the password (for `MYSQL_PWD`, not the command line).
    fn client_args(url: &str) -> (Vec<String>, Option<String>) {
        let rest = url.split_once("://").map_or(url, |(_, rest)| rest);
        let rest = rest.split(['/', '?']).next().unwrap_or_default();
        let (user, host) = rest
            .rsplit_once('@')
            .map_or((None, rest), |(u, h)| (Some(u), h));
        let (user, password) = match user {
            Some(user) => match user.split_once(':') {
                Some((user, password)) => (Some(user), Some(percent_decoded(password))),
                None => (Some(user), None),
            },
            None => (None, None),
        };
        let (host, port) = host
            .rsplit_once(':')
            .map_or((host, "3306"), |(h, p)| (h, p));
        let mut args = vec![
            "--protocol=TCP".to_owned(),
            format!("--host={host}"),
            format!("--port={port}"),
        ];
        if let Some(user) = user {
            args.push(format!("--user={}", percent_decoded(user)));
        }
        (args, password)
    }

    fn percent_decoded(text: &str) -> String {
        let bytes = text.as_bytes();
        let mut out = Vec::with_capacity(bytes.len());
        let mut i = 0;
        while i < bytes.len() {
            let hex = bytes
                .get(i + 1..i + 3)
                .and_then(|h| std::str::from_utf8(h).ok());
            match (bytes[i], hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
                (b'%', Some(byte)) => {
                    out.push(byte);
                    i += 3;
                }
                (byte, _) => {
                    out.push(byte);
                    i += 1;
                }
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// A database with the functions, a table and a view on them, dumped and restored under
    /// another name: the restored functions and view answer, called by their full name from a
    /// connection to another database, once the first database is gone.
    #[tokio::test]
    async fn functions_survive_a_dump_restored_under_another_name() {
        let Some(url) = idtypes_tests::mysql_url() else {
            return;
        };
        let (Some(dump_tool), Some(client)) = (
            tool(&["mariadb-dump", "mysqldump"]),
            tool(&["mariadb", "mysql"]),
        ) else {
            return;
        };
        let options = MySqlConnectOptions::from_str(&url).unwrap();
        let admin = pool(options.clone()).await;
        let source = idtypes_tests::unique_table("idt_dump");
        let target = idtypes_tests::unique_table("idt_restore");
        for database in [&source, &target] {
            execute(&admin, &format!("CREATE DATABASE {database}")).await;
        }
        idtypes::sql::create_functions_in(&admin, &source)
            .await
            .unwrap();
        // The view names the functions as a connection to their database does: unqualified.
        let db = pool(options.clone().database(&source)).await;
        execute(
            &db,
            "CREATE TABLE posts (id BIGINT PRIMARY KEY, account BINARY(16) NOT NULL);
             CREATE VIEW post_texts AS SELECT id, tid_prefixed_text(id, 'post_') AS handle,
                 uuid_typeid_text(account, 'acct') AS acct FROM posts",
        )
        .await;
        let posts = posts();
        for (tid, account) in &posts {
            sqlx::query("INSERT INTO posts (id, account) VALUES (?, ?)")
                .bind(*tid)
                .bind(*account)
                .execute(&db)
                .await
                .unwrap();
        }
        db.close().await;

        let dump = std::env::temp_dir().join(format!("{source}.sql"));
        let (args, password) = client_args(&url);
        let mut command = Command::new(&dump_tool);
        command
            .args(&args)
            .args(["--routines", "--single-transaction", "--skip-comments"])
            .arg(format!("--result-file={}", dump.display()))
            .arg(&source);
        if let Some(password) = &password {
            command.env("MYSQL_PWD", password);
        }
        run(&mut command, None);
        let mut command = Command::new(&client);
        command.args(&args).arg(&target);
        if let Some(password) = &password {
            command.env("MYSQL_PWD", password);
        }
        run(&mut command, Some(&dump));
        std::fs::remove_file(&dump).unwrap();
        execute(&admin, &format!("DROP DATABASE {source}")).await;

        // From a connection to another database (the URL's), by their full name.
        let sql = format!(
            "SELECT v.id, v.handle, v.acct, {target}.tid_text(v.id),
                    {target}.uuid_from_typeid(v.acct, 'acct') = p.account
             FROM {target}.post_texts v JOIN {target}.posts p ON p.id = v.id ORDER BY v.id"
        );
        let rows: Vec<(i64, String, String, String, bool)> = sqlx::query_as(AssertSqlSafe(sql))
            .fetch_all(&admin)
            .await
            .unwrap();
        assert_eq!(rows.len(), posts.len());
        for ((tid, account), (id, handle, acct, text, same)) in posts.iter().zip(&rows) {
            assert_eq!(*id as u64, tid.to_u64());
            assert_eq!(handle, &PostId::from_inner_unchecked(*tid).to_string());
            assert_eq!(acct, &AccountId::from(*account).to_string());
            assert_eq!(text, &tid.to_string());
            assert!(same, "{acct}");
        }
        let err = sqlx::query(AssertSqlSafe(format!(
            "SELECT {target}.tid_from_prefixed_text('user_3jzfcijpj2z2a', 'post_')"
        )))
        .fetch_one(&admin)
        .await
        .map(|_| ())
        .unwrap_err();
        assert!(
            err.to_string()
                .contains("invalid atproto TID: expected the prefix `post_`, found `user_`"),
            "{err}"
        );
        execute(&admin, &format!("DROP DATABASE {target}")).await;
    }
}
