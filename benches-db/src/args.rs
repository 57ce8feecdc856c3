//! The command line: how many rows, which databases, how many rounds.

use std::path::PathBuf;

use crate::Result;

/// What one run measures, from the command line.
pub struct Args {
    /// Rows per table.
    pub rows: usize,
    /// The databases to run, in order: `pg`, `mysql`, `sqlite`.
    pub databases: Vec<String>,
    /// How often every kind is loaded; the insert time reported is the median.
    pub rounds: usize,
    /// Rows per `INSERT` statement.
    pub batch: usize,
    /// Timed repetitions of the range scan (after one untimed); the median is reported.
    pub scans: usize,
    /// Where SQLite's files go (one per table, deleted after it).
    pub sqlite_dir: PathBuf,
}

const USAGE: &str = "usage: idtypes-benches-db [--rows N] [--db pg,mysql,sqlite] [--rounds R] \
                     [--batch B] [--scans S] [--sqlite-dir DIR]";

impl Args {
    /// Reads `std::env::args`; `--help` prints the usage and exits.
    pub fn parse() -> Result<Args> {
        let mut args = Args {
            rows: 1_000_000,
            databases: vec!["pg".into(), "mysql".into(), "sqlite".into()],
            rounds: 3,
            batch: 1000,
            scans: 21,
            sqlite_dir: std::env::temp_dir(),
        };
        let mut words = std::env::args().skip(1);
        while let Some(flag) = words.next() {
            if flag == "--help" || flag == "-h" {
                println!("{USAGE}");
                std::process::exit(0);
            }
            let value = words
                .next()
                .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))?;
            match flag.as_str() {
                "--rows" => args.rows = value.parse()?,
                "--db" => args.databases = value.split(',').map(str::to_owned).collect(),
                "--rounds" => args.rounds = value.parse()?,
                "--batch" => args.batch = value.parse()?,
                "--scans" => args.scans = value.parse()?,
                "--sqlite-dir" => args.sqlite_dir = value.into(),
                _ => return Err(format!("unknown option {flag}\n{USAGE}").into()),
            }
        }
        if args.rows < 200 || args.rounds == 0 || args.batch == 0 || args.scans == 0 {
            return Err(
                format!("--rows needs at least 200, the others at least 1\n{USAGE}").into(),
            );
        }
        Ok(args)
    }
}
