//! `idtypes sql` as a DBA uses it: its script piped into psql and into the mysql client,
//! against the servers of `IDTYPES_TEST_POSTGRES_URL` and `IDTYPES_TEST_MYSQL_URL`, then the
//! functions called from those clients. Skipped, with a printed reason, when a URL is unset;
//! `IDTYPES_REQUIRE_DATABASES=1` (CI) turns a skip into a failure.

use std::io::Write;
use std::process::{Command, Stdio};

/// The database URL in `var`, or `None` (the test is skipped) when it is unset.
fn database_url(var: &str) -> Option<String> {
    match std::env::var(var) {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("IDTYPES_REQUIRE_DATABASES").as_deref() == Ok("1") => {
            panic!("{var} is not set, and IDTYPES_REQUIRE_DATABASES=1 makes that a failure")
        }
        _ => {
            eprintln!("skipped: {var} is not set");
            None
        }
    }
}

/// The script `idtypes sql args...` prints.
fn script(args: &[&str]) -> Vec<u8> {
    let output = Command::new(env!("CARGO_BIN_EXE_idtypes"))
        .arg("sql")
        .args(args)
        .output()
        .expect("the idtypes binary runs");
    assert!(output.status.success(), "{output:?}");
    output.stdout
}

/// Runs `program args...` with `input` on its standard input; asserts success and returns
/// its standard output.
fn client(program: &str, args: &[&str], input: &[u8]) -> String {
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|err| panic!("{program} could not start ({err}): it is needed here"));
    child
        .stdin
        .take()
        .expect("piped")
        .write_all(input)
        .expect("the client reads its input");
    let output = child.wait_with_output().expect("the client ends");
    assert!(
        output.status.success(),
        "{program} {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).expect("UTF-8 output")
}

#[test]
fn the_postgres_script_goes_into_psql_and_its_functions_answer_there() {
    let Some(url) = database_url("IDTYPES_TEST_POSTGRES_URL") else {
        return;
    };
    let schema = format!("idtypes cli {}", std::process::id());
    let psql = |input: &[u8]| {
        client(
            "psql",
            &[
                "-X",
                "-q",
                "-A",
                "-t",
                "-v",
                "ON_ERROR_STOP=1",
                "-1",
                "-d",
                &url,
            ],
            input,
        )
    };
    psql(
        format!("DROP SCHEMA IF EXISTS \"{schema}\" CASCADE; CREATE SCHEMA \"{schema}\";")
            .as_bytes(),
    );
    // As the help says: the script into psql, in one transaction.
    psql(&script(&["postgres", "--schema", &schema]));
    let answer = psql(
        format!(
            "SET search_path = ''; SELECT \"{schema}\".tid_text(\"{schema}\".tid_from_text('3jzfcijpj2z2a')), \
             \"{schema}\".uuid_typeid_text('01890a5d-ac96-774b-bcce-b302099a8057', 'user');"
        )
        .as_bytes(),
    );
    psql(format!("DROP SCHEMA \"{schema}\" CASCADE;").as_bytes());
    assert_eq!(
        answer.trim(),
        "3jzfcijpj2z2a|user_01h455vb4pex5vsknk084sn02q"
    );
}

#[test]
fn the_mysql_script_goes_into_the_mysql_client_and_its_functions_answer_there() {
    let Some(url) = database_url("IDTYPES_TEST_MYSQL_URL") else {
        return;
    };
    // mysql://user[:password]@host[:port]/database, as the tests' URLs are.
    let rest = url.strip_prefix("mysql://").expect("a mysql:// URL");
    let (credentials, rest) = rest.split_once('@').expect("a user in the URL");
    let (user, password) = credentials.split_once(':').unwrap_or((credentials, ""));
    let address = rest.split('/').next().unwrap_or(rest);
    let (host, port) = address.split_once(':').unwrap_or((address, "3306"));
    let mut args = vec![
        "--batch".to_owned(),
        "--skip-column-names".to_owned(),
        format!("--host={host}"),
        format!("--port={port}"),
        format!("--user={user}"),
    ];
    if !password.is_empty() {
        args.push(format!("--password={password}"));
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let mysql = |input: &[u8]| client("mysql", &args, input);
    let database = format!("idtypes_cli_{}", std::process::id());
    mysql(format!("DROP DATABASE IF EXISTS {database}; CREATE DATABASE {database};").as_bytes());
    // As the help says: the script into the client, which follows its DELIMITER lines.
    mysql(&script(&["mysql", "--database", &database]));
    let answer = mysql(
        format!(
            "SELECT {database}.tid_text({database}.tid_from_text('3jzfcijpj2z2a')), \
             {database}.uuid_typeid_text(UNHEX('01890a5dac96774bbcceb302099a8057'), 'user');"
        )
        .as_bytes(),
    );
    mysql(format!("DROP DATABASE {database};").as_bytes());
    assert_eq!(
        answer.trim(),
        "3jzfcijpj2z2a\tuser_01h455vb4pex5vsknk084sn02q"
    );
}
