//! The generator of the PostgreSQL and MySQL scripts (`idtypes/sql/postgres.sql` and
//! `idtypes/sql/mysql.sql`), from the table of formats: the shared helpers (SQL text), then,
//! for every row, its four functions from the template of its shape (its column and its `sql`
//! fact: `radix`, `decimal`, or `own` SQL written here), then the `uuid` crate's `Uuid`, its
//! TypeID text and the deprecated names of v0.1.0.
//!
//! The scripts users read are the committed files; the test below regenerates them and fails
//! if they differ. `IDTYPES_BLESS=1 cargo test -p idtypes --lib sql::generate` rewrites them
//! (so a new row gets its SQL by running it once).

mod mysql;
mod postgres;

#[cfg(feature = "sqlx-mysql")]
pub(super) use mysql::OBSOLETE;

use alloc::{format, string::String, vec::Vec};

use crate::{
    Column, FixedSizeFormat,
    formats::rows::{SqlFacts, SqlText},
    typed::format::sealed::Sealed,
};

/// What the templates read of a row of the table.
#[derive(Debug, Clone)]
pub(super) struct Row {
    /// The format's name, as messages give it (`IdFormat::NAME`).
    pub(super) name: &'static str,
    /// The functions' stem: the slug with `-` as `_` (`ts_seq_rand`).
    pub(super) function: String,
    /// Its column.
    pub(super) column: Column,
    /// How many bytes its column holds (8 for the 64-bit formats).
    pub(super) bytes: usize,
    /// Its text's length (the longest, for a decimal text).
    pub(super) width: usize,
    /// Its text in a few words (`TEXT_SCHEMA.words`).
    pub(super) words: &'static str,
    /// How its text is written and read.
    pub(super) sql: SqlText,
    /// The text of its largest id (of all bytes 0xff, as `from_any_bytes` makes them).
    pub(super) largest: String,
}

impl Row {
    /// The row of `T`.
    fn of<T: FixedSizeFormat + Sealed + SqlFacts>() -> Self {
        let bytes = core::mem::size_of::<T::Bytes>();
        let mut largest = String::new();
        if let Some(id) = T::from_any_bytes(&alloc::vec![0xff; bytes]) {
            let _ = id.write_text(false, &mut largest);
        }
        Row {
            name: T::NAME,
            function: T::SLUG.replace('-', "_"),
            column: T::COLUMN,
            bytes,
            width: T::MAX_TEXT_LEN,
            words: T::TEXT_SCHEMA.words,
            sql: T::SQL,
            largest,
        }
    }

    /// How many bits of the value the column holds: 63 (`natural`), 64 (`flipped`), or 8 per
    /// byte.
    pub(super) fn bits(&self) -> u32 {
        match self.column {
            Column::Natural => 63,
            Column::Flipped => 64,
            Column::Bytes | Column::Uuid => 8 * self.bytes as u32,
        }
    }
}

/// Every row of the table, in its order.
pub(super) fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    macro_rules! push {
        ($ty:ident) => {
            rows.push(Row::of::<crate::$ty>());
        };
    }
    crate::formats::for_each_fixed_format!(push);
    rows
}

/// One database's templates.
pub(super) trait Dialect {
    /// A `radix` row's `_text` and `_from_prefixed_text`.
    fn radix(row: &Row, facts: &Radix) -> String;
    /// A `decimal` row's `_text` and `_from_prefixed_text`.
    fn decimal(row: &Row) -> String;
    /// The SQL of its own of an `own` row (by its functions' stem): its `_text` and
    /// `_from_prefixed_text`.
    fn own(function: &str) -> Option<&'static str>;
    /// A row's `_from_text(t)`, which is `_from_prefixed_text(t, '')`, and
    /// `_prefixed_text(id, prefix)`.
    fn wrappers(row: &Row) -> String;
}

/// `row`'s four functions in database `D`: `_text` and `_from_prefixed_text` from the template
/// of its shape, then `_from_text` and `_prefixed_text`.
pub(super) fn functions<D: Dialect>(row: &Row) -> String {
    let own = match row.sql {
        SqlText::Radix {
            alphabet,
            pad_bits,
            fold,
        } => D::radix(row, &Radix::of(row, alphabet, pad_bits, fold)),
        SqlText::Decimal => D::decimal(row),
        SqlText::Own => String::from(D::own(&row.function).unwrap_or_else(|| {
            panic!(
                "{} has `sql: own`, but the generator has no SQL of its own for it",
                row.name
            )
        })),
    };
    own + &D::wrappers(row)
}

/// The comment before a `decimal` row's functions (a `natural` column's).
pub(super) fn decimal_comment(row: &Row) -> String {
    assert_eq!(
        row.column,
        Column::Natural,
        "{}: a decimal text is of a natural column",
        row.name
    );
    wrap(&format!(
        "-- {}: {}, without sign or leading zeros (at most 2^63 - 1); the BIGINT is its integer.",
        row.name, row.words
    ))
}

/// What a `radix` row's templates need, worked out from its facts.
pub(super) struct Radix {
    /// The alphabet, as text.
    pub(super) alphabet: String,
    /// 2^pad_bits in decimal, if there are pad bits.
    pub(super) pad: Option<String>,
    /// The characters whose value has the pad bits zero (`0 or g`), for messages.
    pub(super) pad_ends: String,
    /// The value's bound (2^bits, in decimal) if the text can spell more than the column holds
    /// and the template must check it (a 64-bit column's helper checks its own).
    pub(super) limit: Option<String>,
    /// With `fold`: the letters in the other case than the alphabet's, and the alphabet's
    /// letters they read as (ULID's lowercase as uppercase, an ObjectId's uppercase as
    /// lowercase).
    pub(super) fold: Option<(String, String)>,
    /// Whether the text is the column's bytes in hex, two digits a byte (a TBSL's, an
    /// ObjectId's): then the databases' own hex functions write and read it, `Some(true)`
    /// for uppercase digits, `Some(false)` for lowercase. On PostgreSQL, 50,000 TBSLs to text
    /// take 15 times as long through the general number encoding, and back 3.6 times
    /// (`benches-db/sql-functions.sh`).
    pub(super) hex: Option<bool>,
}

impl Radix {
    /// The facts of `row`, a `radix` one.
    pub(super) fn of(row: &Row, alphabet: &[u8], pad_bits: u32, fold: bool) -> Self {
        let text = String::from_utf8(alphabet.to_vec()).expect("an alphabet is ASCII");
        assert!(
            !text.contains('\'') && !text.contains('`'),
            "{}: an alphabet the templates quote",
            row.name
        );
        let base = alphabet.len() as u32;
        let pad = (pad_bits > 0).then(|| decimal(&power(2, pad_bits)));
        let step = 1usize << pad_bits;
        let ends: Vec<String> = text.chars().step_by(step).map(|c| format!("{c}")).collect();
        let pad_ends = match ends.split_last() {
            Some((last, rest)) if !rest.is_empty() => {
                format!("{} or {last}", rest.join(", "))
            }
            _ => ends.concat(),
        };
        let bound = power(2, row.bits() + pad_bits);
        let big = matches!(row.column, Column::Bytes | Column::Uuid);
        let limit = (big && greater(&power(base, row.width as u32), &bound))
            .then(|| decimal(&power(2, row.bits())));
        let fold = fold.then(|| {
            let letters: String = text.chars().filter(char::is_ascii_alphabetic).collect();
            let other: String = letters
                .chars()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect();
            assert!(
                !other.chars().any(|c| letters.contains(c)),
                "{}: a folded alphabet has its letters in one case",
                row.name
            );
            (other, letters)
        });
        let hex = (row.column == Column::Bytes
            && pad_bits == 0
            && row.width == 2 * row.bytes
            && text.eq_ignore_ascii_case("0123456789abcdef"))
        .then(|| text.ends_with('F'));
        Radix {
            alphabet: text,
            pad,
            pad_ends,
            limit,
            fold,
            hex,
        }
    }

    /// The comment before a `radix` row's functions: its text, and its column (`bytes`: what
    /// the database's column of bytes or of a UUID is).
    pub(super) fn comment(&self, row: &Row, bytes: &str) -> String {
        let mut text = format!("-- {}: {}", row.name, row.words);
        if self.fold.is_some() {
            text.push_str(", read in either case");
        }
        if let Some(pad) = &self.pad {
            text.push_str(&format!(
                ", the value times {pad} (the last character {})",
                self.pad_ends
            ));
        }
        if self.limit.is_some() {
            text.push_str(&format!(", at most {}", row.largest));
        }
        let column = match row.column {
            Column::Natural => "the BIGINT is its integer",
            Column::Flipped => "the BIGINT is its bits with the top one flipped",
            Column::Bytes | Column::Uuid => bytes,
        };
        wrap(&format!("{text}; {column}."))
    }
}

/// Before reading a text of an alphabet with `fold`.
pub(super) const FOLD_NOTE: &str = "  -- Its letters in the other case read as its own, and \
     nothing else: another character is\n  -- refused as written.\n";

/// `comment` (one line starting `-- `) in lines of at most 96 characters.
pub(super) fn wrap(comment: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in comment.trim_start_matches("-- ").split(' ') {
        if !line.is_empty() && line.len() + 1 + word.len() > 96 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        line.push_str(if line.is_empty() { "-- " } else { " " });
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// `base^exp`, as decimal digits, the least significant first.
fn power(base: u32, exp: u32) -> Vec<u8> {
    let mut digits = alloc::vec![1u8];
    for _ in 0..exp {
        let mut carry = 0u32;
        for digit in &mut digits {
            let v = u32::from(*digit) * base + carry;
            *digit = (v % 10) as u8;
            carry = v / 10;
        }
        while carry > 0 {
            digits.push((carry % 10) as u8);
            carry /= 10;
        }
    }
    digits
}

/// Whether the number `a` is greater than `b` (both as [`power`] gives them).
fn greater(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return a.len() > b.len();
    }
    a.iter().rev().cmp(b.iter().rev()) == core::cmp::Ordering::Greater
}

/// The number as text.
fn decimal(digits: &[u8]) -> String {
    digits.iter().rev().map(|d| char::from(b'0' + d)).collect()
}

/// The committed scripts are the generated ones; the numbers and facts the templates read.
#[cfg(test)]
mod tests {
    use super::*;
    use std::path::PathBuf;

    /// The committed file `idtypes/sql/<file>`.
    fn path(file: &str) -> PathBuf {
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("sql")
            .join(file)
    }

    /// `generated` is the committed `file`, or (with `IDTYPES_BLESS=1`) becomes it.
    fn check(file: &str, generated: &str) {
        let path = path(file);
        if std::env::var_os("IDTYPES_BLESS").is_some_and(|bless| bless == "1") {
            std::fs::write(&path, generated)
                .unwrap_or_else(|err| panic!("cannot write {}: {err}", path.display()));
            return;
        }
        let committed = std::fs::read_to_string(&path).unwrap_or_default();
        if committed == generated {
            return;
        }
        let (line, (old, new)) = committed
            .lines()
            .chain(core::iter::repeat("<end of file>"))
            .zip(generated.lines().chain(core::iter::repeat("<end of file>")))
            .enumerate()
            .find(|(_, (old, new))| old != new)
            .unwrap_or((0, ("", "")));
        panic!(
            "{} is not what the generator writes from the table of formats; first difference at \
             line {}:\n  committed: {old}\n  generated: {new}\nRegenerate it with \
             `IDTYPES_BLESS=1 cargo test -p idtypes --lib sql::generate`, then read \
             `git diff idtypes/sql/`.",
            path.display(),
            line + 1
        );
    }

    #[test]
    fn the_committed_scripts_are_the_generated_ones() {
        check("postgres.sql", &postgres::script());
        check("mysql.sql", &mysql::script());
    }

    #[test]
    fn numbers() {
        assert_eq!(decimal(&power(2, 63)), "9223372036854775808");
        assert_eq!(
            decimal(&power(2, 160)),
            "1461501637330902918203684832716283019655932542976"
        );
        assert!(greater(&power(62, 27), &power(2, 160)));
        assert!(!greater(&power(16, 20), &power(2, 80)));
        assert!(!greater(&power(32, 20), &power(2, 100)));
    }

    /// The facts the templates read, for the rows with a message of their own.
    #[test]
    fn facts_of_the_rows() {
        let rows = rows();
        let row = |name: &str| {
            rows.iter()
                .find(|row| row.function == name)
                .unwrap()
                .clone()
        };
        let radix = |row: &Row| match row.sql {
            SqlText::Radix {
                alphabet,
                pad_bits,
                fold,
            } => Radix::of(row, alphabet, pad_bits, fold),
            _ => panic!("{} is not radix", row.name),
        };
        let ksuid = row("ksuid");
        assert_eq!(ksuid.largest, "aWgEPTl1tmebfsQzFP4bxwgy80V");
        assert_eq!(
            radix(&ksuid).limit.as_deref(),
            Some("1461501637330902918203684832716283019655932542976")
        );
        let ulid = radix(&row("ulid"));
        assert_eq!(ulid.fold.unwrap().0, "abcdefghjkmnpqrstvwxyz");
        let xid = radix(&row("rs_xid"));
        assert_eq!(
            (xid.pad.as_deref(), xid.pad_ends.as_str()),
            (Some("16"), "0 or g")
        );
        assert_eq!(xid.limit, None);
        assert_eq!(radix(&row("tbsl")).limit, None);
        assert_eq!(radix(&row("tid")).limit, None);
        assert_eq!(row("time_id").name, "TimeId");
    }
}
