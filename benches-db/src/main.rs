//! idtypes' ids as database keys, measured on real servers: for each kind of key column and
//! each database, the table's and the primary key's size, the time to load the rows in batches,
//! and the time to scan a window of time; beside a sequence's BIGINT and UUIDv4/v7 keys, in the
//! same run. See README.md for how to run it and what it found.

mod args;
mod keys;
mod kinds;
mod report;
mod run;
mod servers;
mod timeline;

use std::time::Instant;

use args::Args;
use servers::Server;
use servers::mysql::MySqlServer;
use servers::postgres::PostgresServer;
use servers::sqlite::SqliteServer;
use timeline::Timeline;

/// Any error, reported and the run ended.
type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// The servers the tests of the idtypes workspace use, unless the variables say otherwise.
const POSTGRES_URL: (&str, &str) = (
    "IDTYPES_TEST_POSTGRES_URL",
    "postgres://postgres@127.0.0.1:5432/test",
);
const MYSQL_URL: (&str, &str) = ("IDTYPES_TEST_MYSQL_URL", "mysql://root@127.0.0.1:3306/test");

// One thread: the client takes one core at most, leaving the other to the server.
#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<()> {
    let args = Args::parse()?;
    let start = Instant::now();
    let timeline = Timeline::new(args.rows);
    eprintln!(
        "{} rows over {:.1} s of simulated time; the scan's window: {} rows",
        args.rows,
        (timeline.micros[args.rows - 1] - timeline.micros[0]) as f64 / 1e6,
        timeline.window.rows()
    );
    println!("## idtypes-benches-db\n");
    for database in &args.databases {
        let section = match database.as_str() {
            "pg" | "postgres" => {
                let mut server = PostgresServer::connect(&url(POSTGRES_URL)).await?;
                section("PostgreSQL", &mut server, &timeline, &args).await?
            }
            "mysql" | "mariadb" => {
                let mut server = MySqlServer::connect(&url(MYSQL_URL)).await?;
                section("MySQL / MariaDB", &mut server, &timeline, &args).await?
            }
            "sqlite" => {
                let mut server = SqliteServer::open(&args.sqlite_dir).await?;
                section("SQLite", &mut server, &timeline, &args).await?
            }
            other => return Err(format!("unknown database {other}: pg, mysql or sqlite").into()),
        };
        println!("{section}");
    }
    eprintln!("done in {:.0} s", start.elapsed().as_secs_f64());
    Ok(())
}

async fn section<S: Server>(
    title: &str,
    server: &mut S,
    timeline: &Timeline,
    args: &Args,
) -> Result<String> {
    let measured = run::measure(server, title, timeline, args).await?;
    Ok(report::section(
        title,
        &server.describe(),
        &measured,
        timeline,
        args,
    ))
}

fn url((variable, default): (&str, &str)) -> String {
    std::env::var(variable).unwrap_or_else(|_| default.into())
}
