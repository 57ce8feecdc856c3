//! `idtypes sql`: the SQL functions of `idtypes::sql` as a script for psql or the mysql
//! client, so that a database gets them with no Rust written.

use serde::Serialize;

use crate::error::Failure;
use crate::output::Printer;

/// The database a script is for, and where its functions go.
#[derive(Debug, clap::Subcommand)]
pub enum Database {
    /// PostgreSQL 11 and later: a script for psql, every function named with its schema.
    #[command(after_help = "\
Run it in one transaction, in a schema that exists:
  idtypes sql postgres | psql -1 -d app
  psql -d app -c 'CREATE SCHEMA ids' && idtypes sql postgres --schema ids | psql -1 -d app
The functions then work from any search_path: SELECT ids.tid_text(id) FROM posts;")]
    Postgres {
        /// The schema the functions are created in (quoted as it is: `My Ids` is a name).
        #[arg(long, default_value = "public")]
        schema: String,
    },
    /// MySQL 8 and MariaDB 10.5 and later: a script for the mysql client (it sets its own
    /// DELIMITER).
    #[command(after_help = "\
Without --database the functions go into the client's current database:
  idtypes sql mysql | mysql app
  idtypes sql mysql --database ids | mysql
With binary logging on, creating functions needs log_bin_trust_function_creators = 1 (or
the SUPER privilege).")]
    Mysql {
        /// The database the functions are created in (the client's current one when left out).
        #[arg(long)]
        database: Option<String>,
    },
}

/// `--json`'s one object.
#[derive(Serialize)]
struct Script<'a> {
    database: &'static str,
    /// The schema (PostgreSQL) or database (MySQL) named in the script; `null`: the current
    /// database.
    namespace: Option<&'a str>,
    script: &'a str,
}

/// Prints the script: as it is, or (`--json`) in one object.
pub fn run(printer: &mut Printer, database: &Database) -> Result<(), Failure> {
    let (name, namespace, script) = match database {
        Database::Postgres { schema } => (
            "postgresql",
            Some(schema.as_str()),
            idtypes::sql::postgres_script(schema)?,
        ),
        Database::Mysql { database: None } => ("mysql", None, idtypes::sql::MYSQL.to_owned()),
        Database::Mysql {
            database: Some(database),
        } => (
            "mysql",
            Some(database.as_str()),
            idtypes::sql::mysql_script(database)?,
        ),
    };
    if printer.json {
        printer.json_line(&Script {
            database: name,
            namespace,
            script: &script,
        })?;
    } else {
        printer.text(&script)?;
    }
    Ok(())
}
