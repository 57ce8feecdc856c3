//! `idtypes`: the ids of the [`idtypes`](https://docs.rs/idtypes) crate from the command line.
//!
//! - `idtypes inspect ID...` (or ids on standard input, one per line): which formats a text
//!   is valid in, best guess first, and each reading's parts: time (UTC, and local with
//!   `--local`), microseconds and milliseconds, clock, node or machine id, sequence, random
//!   part, integer and bytes, UUIDv6/v7 mappings, TBSL transport bases. Typed-id text
//!   (`post_3jzfcijpj2z2a`) is split into prefix, separator and id.
//! - `idtypes new FORMAT [-n N]`: fresh ids (`--clock-id` for tid and record-key,
//!   `--node` for time-id, `--machine` for snowish and tbsl, which require it).
//! - `idtypes range FORMAT (--prefix P | --from TIME --to TIME)`: the inclusive bounds for
//!   `BETWEEN`, as text, integer, hex bytes and SQL for PostgreSQL, MySQL and SQLite.
//! - `idtypes convert FORMAT VALUE... [--from FORM] [--to FORM]`: between the canonical
//!   text, the integer, the big-endian bytes and (TBSL) the transport bases.
//! - `idtypes sql postgres [--schema S]`, `idtypes sql mysql [--database D]`: the SQL
//!   functions that read stored ids (`tid_text(id)`, ...) as a script for psql or the mysql
//!   client.
//!
//! Every command prints for people by default and one JSON object per line with `--json`
//! (JSON Lines). Invalid input is an `error: ...` on standard error and exit status 1; usage
//! mistakes exit with status 2. No input makes the tool panic.
#![deny(missing_docs)]

mod convert;
mod describe;
mod error;
mod format;
mod formats;
mod generate;
mod input;
mod inspect;
mod output;
mod range;
mod spec;
mod sql;

use std::io::ErrorKind as IoErrorKind;
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{ArgGroup, CommandFactory, Parser, Subcommand};

use crate::error::Failure;
use crate::format::Format;
use crate::formats::{Form, Origin};
use crate::output::Printer;
use crate::range::Query;

/// The examples under `idtypes --help`.
const EXAMPLES: &str = "\
Examples:
  idtypes inspect 3jzfcijpj2z2a                 a TID (also valid as a TimeId and a record key)
  idtypes inspect post_3jzfcijpj2z2a            typed-id text: prefix `post`, then the id
  idtypes inspect --local 3kxn-lhr-3gxq-23      a dashed TimeId, with the local time too
  idtypes inspect --json < ids.txt              one JSON object per line of input
  idtypes new tid -n 3 --clock-id 7             three TIDs with clock id 7
  idtypes new tbsl --machine 7                  a TBSL made by machine 7
  idtypes inspect --epoch discord 175928847299117063   a Snowflake, with its time
  idtypes range tid --prefix 3jzf               bounds and SQL for the TIDs starting 3jzf
  idtypes range tid --from 2024-01-01 --to 2024-01-31
  idtypes convert tbsl 25BF6196C8D610700001 --to base58
  idtypes convert tid 1728652679052295174 --from integer
  idtypes sql postgres --schema ids | psql -1 -d app   the SQL functions, into PostgreSQL

Exit status: 0 on success, 1 when an input is invalid (each reported, the others still
handled) or nothing matches, 2 for a usage mistake.";

/// Inspect, generate, convert and query ids: atproto TIDs (tid) and record keys
/// (record-key), ULIDs (ulid), UUIDs and TypeIDs (uuid), Snowflakes of Twitter, Discord or any
/// epoch (snowflake), Sonyflakes (sonyflake), TimeIds (time-id), uid11 and its profiles
/// (uid11, uid11-xid, snowish, ts-seq-rand, fullrand), TBSLs (tbsl), KSUIDs (ksuid), rs/xid
/// XIDs (rs-xid), MongoDB ObjectIds (object-id), NanoIDs (nanoid) and CUID2s (cuid2); and
/// print the SQL functions that read
/// them in PostgreSQL and MySQL (sql).
#[derive(Debug, Parser)]
#[command(name = "idtypes", version, after_help = EXAMPLES)]
struct Cli {
    /// Print one JSON object per line (JSON Lines) instead of text for people.
    #[arg(long, global = true)]
    json: bool,
    /// Also show times in the local time zone.
    #[arg(long, global = true)]
    local: bool,
    /// The epoch of Snowflake ids: `twitter`, `discord` or Unix milliseconds. Their times
    /// (inspect, range, new) count from it; without it, inspect shows no Snowflake time.
    #[arg(long, global = true, value_name = "EPOCH", value_parser = formats::parse_epoch)]
    epoch: Option<idtypes::snowflake::SnowflakeEpoch>,
    /// What to do.
    #[command(subcommand)]
    command: Command,
}

/// The subcommands.
#[derive(Debug, Subcommand)]
enum Command {
    /// Which formats each id is valid in (best guess first), and its parts.
    #[command(after_help = "\
Every format is tried: a 13-char text can be a tid, a time-id and a record key at once; an
11-char Base58 text is a uid11, read by each of its profiles (uid11-xid among them); a 20-char
uppercase hex text is a tbsl, a 20-char lowercase base32hex text (0-9a-v) an rs-xid; a 24-char
hex text an object-id; a 26-char text a ulid; a hyphenated UUID or a TypeID a uuid; 1 to 19 digits a snowflake
(its time with --epoch). Readings with a plausible time (1990..2100) come first. Text like post_3jzfcijpj2z2a is
read as a typed id: a prefix, a separator (ASCII punctuation) and the id.

With --json, one object per id:
  {\"input\", \"valid\", \"prefix\" (null unless typed), \"separator\", \"id\", \"best_guess\",
   \"candidates\": [{\"format\", \"text\", \"time\", \"timestamp_micros\", \"clock_id\", ...}],
   \"rejected\": [{\"format\", \"error\"}]}
Integers are decimal strings (64 and 80 bits do not fit a JavaScript number).

Examples:
  idtypes inspect 3jzfcijpj2z2a 25BF6196C8D610700000
  idtypes inspect --local 3kxn-lhr-3gxq-23
  idtypes inspect --json post_3jzfcijpj2z2a
  printf '3jzfcijpj2z2a\\nself\\n' | idtypes inspect")]
    Inspect {
        /// The ids; without any, standard input is read, one id per line.
        #[arg(value_name = "ID")]
        ids: Vec<String>,
    },
    /// Fresh ids, one per line.
    #[command(after_help = "\
tid and record-key take --clock-id (random by default), time-id takes --node (random best
effort by default); snowish and tbsl name the machine that made them and require --machine;
snowflake requires --machine (its worker id) and --epoch (twitter, discord or Unix ms).
uid11 has no generator: choose a profile.

With --json, one object per id, as in `inspect`'s candidates.

Examples:
  idtypes new tid
  idtypes new tid -n 3 --clock-id 7
  idtypes new time-id --node 1
  idtypes new snowish --machine 12 -n 10 --json
  idtypes new snowflake --epoch discord --machine 3")]
    New {
        /// The format.
        #[arg(value_parser = format::parser())]
        format: &'static dyn Format,
        /// How many ids (1 to 1,000,000).
        #[arg(short = 'n', long = "count", value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
        count: u32,
        /// Who makes the ids: `--clock-id`, `--node`, `--machine`.
        #[command(flatten)]
        origin: Origin,
    },
    /// The inclusive bounds of the ids with a prefix or made in a span of time, with SQL.
    #[command(group(ArgGroup::new("query").required(true).multiple(true).args(["prefix", "from", "to"])))]
    #[command(after_help = "\
TIME is RFC 3339 (2024-01-01T00:00:00Z, any offset), `now`, or a date (2024-01-01), which is
the whole day: its first instant for --from, its last for --to. Both ends are included;
either may be left out. A time-id span across 1970 has two ranges (pre-1970 ids sort last);
the SQL joins them with OR. 64-bit ids are stored as integers (BIGINT, SQLite INTEGER),
TBSLs as bytes. Matching nothing is an error (status 1).

With --json, one object:
  {\"format\", \"prefix\", \"from\", \"to\", \"ranges\": [{\"start\": {...}, \"end\": {...}}],
   \"sql\": {\"postgresql\", \"mysql\", \"sqlite\"}}

Examples:
  idtypes range tid --prefix 3jzf
  idtypes range tid --from 2024-01-01 --to 2024-01-31
  idtypes range uid11-xid --from 2024-06-01T12:00:00Z --to now --column user_id
  idtypes range time-id --from 1969-12-31 --to 1970-01-01 --json")]
    Range {
        /// The format (not record-key: record keys do not sort by time or number).
        #[arg(value_parser = format::parser())]
        format: &'static dyn Format,
        /// The ids whose text starts with this.
        #[arg(long, conflicts_with_all = ["from", "to"])]
        prefix: Option<String>,
        /// The ids made at or after this time.
        #[arg(long, value_name = "TIME")]
        from: Option<String>,
        /// The ids made at or before this time.
        #[arg(long, value_name = "TIME")]
        to: Option<String>,
        /// The column name in the SQL.
        #[arg(long, default_value = "id")]
        column: String,
    },
    /// An id between its forms: text, integer, hex bytes, UUID and TBSL transport bases.
    #[command(after_help = "\
Forms: text (canonical; a time-id is read plain or dashed), dashed (time-id), integer
(decimal: u64, time-id i64, tbsl 80 bits), hex (the big-endian bytes; 0x or \\x prefix and
either case accepted), uuid (hyphenated: a ulid's 128 bits, a tid's or time-id's UUIDv7),
typeid (that UUID as a TypeID without prefix; any prefix is read and dropped),
base10 base16 base32 base36 base58 base62 (tbsl transport bases).
With --to, just that form is printed, one per line; without it, every form.

With --json, one object per value:
  {\"format\", \"input\", \"from\", \"to\", \"value\", \"forms\": {\"text\", \"integer\", \"hex\", ...}}

Examples:
  idtypes convert tid 3jzfcijpj2z2a
  idtypes convert tid 1728652679052295174 --from integer
  idtypes convert time-id 3kxn-lhr-3gxq-23 --to integer
  idtypes convert tbsl 3818S45pyczRN8 --from base58 --to text
  idtypes convert uid11-xid 0x0000000000400000 --from hex
  idtypes convert ulid 01563e3a-b5d3-d676-4c61-efb99302bd5b --from uuid
  idtypes convert tid user_01h46d8dzze0e80r0000000000 --from typeid --to text")]
    Convert {
        /// The format.
        #[arg(value_parser = format::parser())]
        format: &'static dyn Format,
        /// The values; without any, standard input is read, one per line.
        #[arg(value_name = "VALUE", allow_negative_numbers = true)]
        values: Vec<String>,
        /// The form the values are in.
        #[arg(long, value_enum, value_name = "FORM", default_value_t = Form::Text)]
        from: Form,
        /// The form to print (every form when left out).
        #[arg(long, value_enum, value_name = "FORM")]
        to: Option<Form>,
    },
    /// The SQL functions that read stored ids (tid_text(id), tid_from_text(text), ...), as a
    /// script for psql or the mysql client.
    #[command(after_help = "\
Every format's <format>_text(id) and <format>_from_text(text), their typed-id forms and the
TypeID ones: the functions idtypes::sql creates from Rust. Creating them again replaces them.

With --json, one object: {\"database\", \"namespace\", \"script\"}.

Examples:
  idtypes sql postgres | psql -1 -d app
  idtypes sql postgres --schema ids | psql -1 -d app
  idtypes sql mysql --database app | mysql")]
    Sql {
        /// The database.
        #[command(subcommand)]
        database: sql::Database,
    },
}

impl Command {
    /// The subcommand's name on the command line.
    fn name(&self) -> &'static str {
        match self {
            Command::Inspect { .. } => "inspect",
            Command::New { .. } => "new",
            Command::Range { .. } => "range",
            Command::Convert { .. } => "convert",
            Command::Sql { .. } => "sql",
        }
    }
}

/// A usage mistake found after parsing, as clap reports one, with `subcommand`'s usage.
fn usage_error(subcommand: &str, message: String) -> clap::Error {
    let mut command = Cli::command();
    command.build();
    match command.find_subcommand_mut(subcommand) {
        Some(subcommand) => subcommand.error(ErrorKind::ArgumentConflict, message),
        None => command.error(ErrorKind::ArgumentConflict, message),
    }
}

/// Parses the command line, runs the command, and turns failures into messages and exit
/// statuses.
fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(epoch) = cli.epoch {
        formats::set_epoch(epoch);
    }
    let mut printer = Printer::new(cli.json);
    let subcommand = cli.command.name();
    let result = match cli.command {
        Command::Inspect { ids } => inspect::run(&mut printer, ids, cli.local),
        Command::New {
            format,
            count,
            origin,
        } => generate::run(&mut printer, format, count, origin, cli.local),
        Command::Range {
            format,
            prefix,
            from,
            to,
            column,
        } => {
            let query = match prefix {
                Some(prefix) => Query::Prefix(prefix),
                None => Query::Time { from, to },
            };
            range::run(&mut printer, format, &query, &column, cli.local)
        }
        Command::Convert {
            format,
            values,
            from,
            to,
        } => convert::run(&mut printer, format, values, from, to),
        Command::Sql { database } => sql::run(&mut printer, &database),
    };
    let failure = match result.and_then(|()| printer.flush().map_err(Failure::Output)) {
        Ok(()) => return ExitCode::SUCCESS,
        Err(failure) => failure,
    };
    // Whatever was printed before the failure goes out before its message.
    let _ = printer.flush();
    match failure {
        Failure::Message(message) => {
            output::error_line(message);
            ExitCode::FAILURE
        }
        Failure::Reported => ExitCode::FAILURE,
        Failure::Usage(message) => {
            let _ = usage_error(subcommand, message).print();
            ExitCode::from(2)
        }
        // The reader went away (`| head`): nothing more to say to it.
        Failure::Output(error) if error.kind() == IoErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Failure::Output(error) => {
            output::error_line(format!("writing the output: {error}"));
            ExitCode::FAILURE
        }
    }
}
