//! SQLite: the functions of [`sql`](super) as application-defined functions, written in Rust
//! with this crate's codecs and registered on a rusqlite connection ([`register_functions`]),
//! or loaded into the `sqlite3` shell (`.load ./libidtypes_sqlite`) from the extension that
//! the repository's [`idtypes-sqlite/`] builds, which calls [`register_functions`].
//!
//! [`idtypes-sqlite/`]: https://github.com/idtypes/idtypes/tree/main/idtypes-sqlite
//!
//! They read and return the values this crate's rusqlite and sqlx integrations store: a
//! 64-bit id's `INTEGER` (a TID's, a snowish id's, a Snowflake's or a Sonyflake's own integer,
//! the other 64-bit formats' bits with the top one flipped), the big-endian bytes of a TBSL,
//! a KSUID or an rs/xid XID as a `BLOB`, and a ULID's or a UUID's 16 bytes as a `BLOB`.
//! Typed ids are stored as their inner id, so `tid_text` reads a `PostId` column too. Every
//! format (its functions named by its [`SLUG`](crate::IdFormat::SLUG), `-` as `_`) has:
//!
//! | function | gives |
//! |---|---|
//! | `<format>_text(id)` | the id's text, what its `Display` writes |
//! | `<format>_from_text(text)` | the stored value of the id the text spells |
//! | `<format>_prefixed_text(id, prefix)` | `prefix` followed by the id's text: a typed id's text with `'post_'` |
//! | `<format>_from_prefixed_text(text, prefix)` | the stored value of the id after `prefix` (the separator included), which the text must start with |
//!
//! for `tid`, `time_id`, `uid11`, `uid11_xid` (and, deprecated, its v0.1.0 names `xid_text`,
//! `xid_from_text`), `snowish`, `ts_seq_rand`, `fullrand`, `snowflake`, `tbsl`, `ulid`,
//! `ksuid`, `sonyflake`, `rs_xid` and `object_id`: every row of the table of formats, whose
//! slug with `-` as `_` is the stem. With the `uuid` feature, `uuid` has them too, its text
//! being the hyphenated form (written in lowercase, read in either case), and so do the
//! TypeIDs of typed UUIDs and [`DynTypeId`](crate::uuids::DynTypeId):
//! `uuid_typeid_text(id, prefix)` writes `prefix_suffix` (the suffix alone for the prefix
//! `''`), and `uuid_from_typeid(text, prefix)` reads it back, refusing another prefix.
//!
//! NULL in any argument gives NULL. A value of another storage class than the function takes
//! (an `INTEGER` for a TID, a `BLOB` for a TBSL, a ULID and a UUID, `TEXT` for a text or a
//! prefix), a `BLOB` of the wrong length, text that is no id, a missing prefix: each is an
//! error (`SQLITE_ERROR`) whose message starts with the function's name and carries this
//! crate's words for what was expected and what was found, its positions included: byte
//! offsets from 0 (`at byte 12`, the 13th byte), as [`Error::position`](crate::Error::position)
//! counts, not the characters from 1 that the PostgreSQL and MySQL functions count. In
//! `<format>_from_prefixed_text` they count in the text after the prefix, which the message
//! names (`the text after 'post_': …`); in `uuid_from_typeid`, in the whole text. The
//! functions are deterministic and innocuous (`SQLITE_DETERMINISTIC`, `SQLITE_INNOCUOUS`), so
//! they can back an expression index, a generated column or a `CHECK` constraint, for
//! connections that have them.
//!
//! # Examples
//!
//! ```
//! use idtypes::Tid;
//! use rusqlite::Connection;
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! let db = Connection::open_in_memory()?;
//! idtypes::sql::sqlite::register_functions(&db)?;
//! db.execute_batch("CREATE TABLE posts (id INTEGER PRIMARY KEY)")?;
//! let id: PostId = "post_3jzfcijpj2z2a".parse()?;
//! db.execute("INSERT INTO posts (id) VALUES (?1)", [id])?;
//!
//! let (text, prefixed): (String, String) = db.query_row(
//!     "SELECT tid_text(id), tid_prefixed_text(id, 'post_') FROM posts \
//!      WHERE id = tid_from_prefixed_text('post_3jzfcijpj2z2a', 'post_')",
//!     [],
//!     |row| Ok((row.get(0)?, row.get(1)?)),
//! )?;
//! assert_eq!(text, "3jzfcijpj2z2a");
//! assert_eq!(prefixed, id.to_string());
//!
//! let err = db
//!     .query_row("SELECT tid_from_text('3jzfcijpj2z21')", [], |row| row.get::<_, i64>(0))
//!     .unwrap_err();
//! assert_eq!(
//!     err.to_string(),
//!     "tid_from_text: invalid atproto TID: unexpected character '1' at byte 12, \
//!      expected one of `234567abcdefghijklmnopqrstuvwxyz`"
//! );
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use rusqlite::functions::FunctionFlags;
use rusqlite::types::{Value, ValueRef};
use rusqlite::{Connection, Error as SqlError, ffi};

use crate::FixedSizeFormat;
use crate::integrations::db::columns::{
    BoxError, IntegerColumn, from_column, from_signed, sqlite, to_signed,
};
use crate::typed::format::sealed::Sealed;

/// Registers every function of the [module docs](self) on `db` (each connection has its
/// own functions; registering again replaces them).
///
/// # Errors
///
/// rusqlite's error if SQLite refuses a function (it has too many, say).
///
/// # Examples
///
/// ```
/// let db = rusqlite::Connection::open_in_memory()?;
/// idtypes::sql::sqlite::register_functions(&db)?;
/// db.execute_batch("CREATE TABLE events (id INTEGER PRIMARY KEY)")?;
/// // An index on the text, for queries that compare it.
/// db.execute_batch("CREATE INDEX events_text ON events (time_id_text(id))")?;
/// let id: i64 = db.query_row("SELECT time_id_from_text('3kxn-lhr-3gxq-23')", [], |row| {
///     row.get(0)
/// })?;
/// assert_eq!(id, idtypes::TimeId::parse("3kxnlhr3gxq23")?.to_i64() ^ i64::MIN);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn register_functions(db: &Connection) -> rusqlite::Result<()> {
    macro_rules! format_functions {
        ($ty:ident, natural) => {
            register_format(db, &integer_codec::<crate::$ty>())?;
        };
        ($ty:ident, flipped) => {
            register_format(db, &integer_codec::<crate::$ty>())?;
        };
        ($ty:ident, $column:ident) => {
            register_format(db, &bytes_codec::<crate::$ty>())?;
        };
    }
    crate::formats::for_each_column!(format_functions);
    // Deprecated: the v0.1.0 names of the uid11 xid's functions (see `sql`).
    let xid = integer_codec::<crate::Uid11Xid>();
    register_text(db, "xid", &xid)?;
    #[cfg(feature = "uuid")]
    {
        register_format(db, &uuid_functions::codec())?;
        uuid_functions::register_typeid(db)?;
    }
    Ok(())
}

/// What the functions need of a format, as plain functions, so that the code of the
/// functions themselves is written (and compiled) once.
#[derive(Clone, Copy)]
struct Codec {
    /// The format's slug (`time-id`): the functions' names, with `_` for `-`.
    slug: &'static str,
    /// The storage class of the stored value, as errors name it (`an INTEGER value`).
    class: &'static str,
    /// The format's name, as errors give it (`atproto TID`).
    name: &'static str,
    /// The name's article (`an`), as the format declares it.
    article: &'static str,
    /// The text of the id a stored value holds; `None` for a value of another class.
    text: fn(ValueRef<'_>) -> Option<Result<String, BoxError>>,
    /// The stored value of the id a text spells.
    value: fn(&[u8]) -> Result<Value, BoxError>,
}

/// The codec of a 64-bit format stored as an `INTEGER` (see `columns.rs`).
fn integer_codec<T: IntegerColumn>() -> Codec {
    Codec {
        slug: T::SLUG,
        class: sqlite::INTEGER,
        name: T::NAME,
        article: T::ARTICLE,
        text: |value| match value {
            ValueRef::Integer(signed) => Some(from_signed::<T>(signed).map(|id| text_of(&id))),
            _ => None,
        },
        value: |text| Ok(Value::Integer(to_signed(T::parse_ascii(text)?)?)),
    }
}

/// The codec of a format stored as its big-endian bytes in a `BLOB`.
fn bytes_codec<T: FixedSizeFormat>() -> Codec {
    Codec {
        slug: T::SLUG,
        class: sqlite::BYTES,
        name: T::NAME,
        article: T::ARTICLE,
        text: |value| match value {
            ValueRef::Blob(bytes) => Some(
                from_column::<T>(bytes)
                    .map(|id| text_of(&id))
                    .map_err(Into::into),
            ),
            _ => None,
        },
        value: |text| {
            Ok(Value::Blob(
                T::parse_ascii(text)?.to_bytes().as_ref().to_vec(),
            ))
        },
    }
}

/// An id's text, what its `Display` writes.
fn text_of<T: Sealed>(id: &T) -> String {
    let mut text = String::new();
    // Writing to a `String` does not fail.
    let _ = id.write_text(false, &mut text);
    text
}

/// The functions' flags: the same output for the same input, and safe to run from any SQL
/// (a view, a trigger, an index, a schema's `CHECK`).
fn flags() -> FunctionFlags {
    FunctionFlags::SQLITE_UTF8
        | FunctionFlags::SQLITE_DETERMINISTIC
        | FunctionFlags::SQLITE_INNOCUOUS
}

/// Registers the four functions of `codec`'s format.
fn register_format(db: &Connection, codec: &Codec) -> rusqlite::Result<()> {
    let stem = codec.slug.replace('-', "_");
    register_text(db, &stem, codec)?;
    let name = format!("{stem}_prefixed_text");
    register(db, &name, *codec, |[id, prefix], function, codec| {
        let prefix = text_arg(prefix, function, "prefix")?;
        let text = id_text(id, function, &codec)?;
        Ok(Value::Text([prefix, &text].concat()))
    })?;
    let name = format!("{stem}_from_prefixed_text");
    register(db, &name, *codec, |[text, prefix], function, codec| {
        let text = text_bytes_arg(text, function, "text")?;
        let prefix = text_arg(prefix, function, "prefix")?;
        let Some(rest) = text.strip_prefix(prefix.as_bytes()) else {
            return Err(missing_prefix(function, prefix, text));
        };
        (codec.value)(rest).map_err(|err| {
            let prefix = quoted(prefix.as_bytes());
            failure(function, format_args!("the text after {prefix}: {err}"))
        })
    })
}

/// Registers `<stem>_text` and `<stem>_from_text`.
fn register_text(db: &Connection, stem: &str, codec: &Codec) -> rusqlite::Result<()> {
    register(
        db,
        &format!("{stem}_text"),
        *codec,
        |[id], function, codec| id_text(id, function, &codec).map(Value::Text),
    )?;
    register(
        db,
        &format!("{stem}_from_text"),
        *codec,
        |[text], function, codec| {
            let text = text_bytes_arg(text, function, "text")?;
            (codec.value)(text).map_err(|err| failure(function, err))
        },
    )
}

/// Registers the function `name` of `N` arguments: NULL when one of them is NULL, else
/// `body` of the arguments, the function's name and `data`.
fn register<D: Copy + Send + 'static, const N: usize>(
    db: &Connection,
    name: &str,
    data: D,
    body: fn([ValueRef<'_>; N], &str, D) -> rusqlite::Result<Value>,
) -> rusqlite::Result<()> {
    let function = name.to_owned();
    // At most 2 arguments: `N` fits an `i32`.
    db.create_scalar_function(name, N as i32, flags(), move |ctx| {
        // SQLite calls a function with the number of arguments it was registered with;
        // another number is an error rather than a panic.
        if ctx.len() != N {
            let found = ctx.len();
            return Err(failure(
                &function,
                format_args!("expected {N} arguments, found {found}"),
            ));
        }
        let args: [ValueRef<'_>; N] = core::array::from_fn(|i| ctx.get_raw(i));
        if args.iter().any(|arg| matches!(arg, ValueRef::Null)) {
            return Ok(Value::Null);
        }
        body(args, &function, data)
    })
}

/// The text of the stored id `value`, or the error for a value of another class or content
/// the format refuses.
fn id_text(value: ValueRef<'_>, function: &str, codec: &Codec) -> rusqlite::Result<String> {
    match (codec.text)(value) {
        Some(Ok(text)) => Ok(text),
        Some(Err(err)) => Err(failure(function, err)),
        None => {
            let (class, article, name) = (codec.class, codec.article, codec.name);
            Err(wrong_class(
                function,
                "id",
                format_args!("{class} (how idtypes stores {article} {name})"),
                value,
            ))
        }
    }
}

/// The bytes of a `TEXT` argument, which a format's parser reads (a byte that is not UTF-8 is
/// one of its errors).
fn text_bytes_arg<'a>(
    value: ValueRef<'a>,
    function: &str,
    argument: &str,
) -> rusqlite::Result<&'a [u8]> {
    match value {
        ValueRef::Text(bytes) => Ok(bytes),
        _ => Err(wrong_class(function, argument, sqlite::TEXT, value)),
    }
}

/// A `TEXT` argument as a string.
fn text_arg<'a>(value: ValueRef<'a>, function: &str, argument: &str) -> rusqlite::Result<&'a str> {
    let bytes = text_bytes_arg(value, function, argument)?;
    core::str::from_utf8(bytes)
        .map_err(|err| failure(function, format_args!("the {argument} is not UTF-8: {err}")))
}

/// A value's storage class, as errors name it.
fn describe(value: ValueRef<'_>) -> &'static str {
    match value {
        ValueRef::Null => "a NULL value",
        ValueRef::Integer(_) => sqlite::INTEGER,
        ValueRef::Real(_) => "a REAL value",
        ValueRef::Text(_) => sqlite::TEXT,
        ValueRef::Blob(_) => sqlite::BYTES,
    }
}

/// Text as an error quotes it: in single quotes, at most 64 bytes of it, a byte that is not
/// UTF-8 as U+FFFD.
fn quoted(text: &[u8]) -> String {
    const SHOWN: usize = 64;
    let shown = String::from_utf8_lossy(&text[..text.len().min(SHOWN)]);
    let more = if text.len() > SHOWN { "..." } else { "" };
    ["'", &shown, more, "'"].concat()
}

/// The error for the `argument` of another storage class than `expected`.
#[cold]
fn wrong_class(
    function: &str,
    argument: &str,
    expected: impl core::fmt::Display,
    found: ValueRef<'_>,
) -> SqlError {
    failure(
        function,
        format_args!(
            "the {argument} must be {expected}, found {}",
            describe(found)
        ),
    )
}

/// The error for a text that does not start with the prefix.
#[cold]
fn missing_prefix(function: &str, prefix: &str, text: &[u8]) -> SqlError {
    failure(
        function,
        format_args!(
            "expected a text starting with {}, found {}",
            quoted(prefix.as_bytes()),
            quoted(text)
        ),
    )
}

/// The error a function raises: `SQLITE_ERROR`, with the function's name and `message`.
#[cold]
fn failure(function: &str, message: impl core::fmt::Display) -> SqlError {
    let message = [function, ": ", &message.to_string()].concat();
    SqlError::SqliteFailure(ffi::Error::new(ffi::SQLITE_ERROR), Some(message))
}

/// The UUID functions: a UUID's 16 bytes in a `BLOB`, its hyphenated text, and TypeIDs.
#[cfg(feature = "uuid")]
mod uuid_functions {
    use uuid::Uuid;

    use super::*;
    use crate::uuids::{DynTypeId, encode_hyphenated_fast, parse_hyphenated};

    /// The codec of `uuid_text` and the others: the hyphenated text.
    pub(super) fn codec() -> Codec {
        Codec {
            slug: "uuid",
            class: sqlite::BYTES,
            name: "UUID",
            article: <Uuid as Sealed>::ARTICLE,
            text: |value| match value {
                ValueRef::Blob(bytes) => Some(
                    from_column::<Uuid>(bytes)
                        .map(|uuid| encode_hyphenated_fast(uuid).to_string())
                        .map_err(Into::into),
                ),
                _ => None,
            },
            value: |text| {
                let uuid = parse_hyphenated(&String::from_utf8_lossy(text))?;
                Ok(Value::Blob(uuid.as_bytes().to_vec()))
            },
        }
    }

    /// Registers `uuid_typeid_text(id, prefix)` and `uuid_from_typeid(text, prefix)`.
    pub(super) fn register_typeid(db: &Connection) -> rusqlite::Result<()> {
        register(
            db,
            "uuid_typeid_text",
            codec(),
            |[id, prefix], function, codec| {
                let prefix = text_arg(prefix, function, "prefix")?;
                let ValueRef::Blob(bytes) = id else {
                    // The error for a value of another class.
                    return id_text(id, function, &codec).map(Value::Text);
                };
                let uuid = from_column::<Uuid>(bytes).map_err(|err| failure(function, err))?;
                let id = DynTypeId::new(prefix, uuid).map_err(|err| failure(function, err))?;
                Ok(Value::Text(id.to_string()))
            },
        )?;
        register(
            db,
            "uuid_from_typeid",
            (),
            |[text, prefix], function, ()| {
                let text = text_bytes_arg(text, function, "text")?;
                let prefix = text_arg(prefix, function, "prefix")?;
                // The prefix first: a prefix no TypeID has is the caller's mistake, whatever
                // the text.
                DynTypeId::new(prefix, Uuid::nil()).map_err(|err| failure(function, err))?;
                let id = DynTypeId::parse_ascii(text).map_err(|err| failure(function, err))?;
                if id.prefix() != prefix {
                    let (expected, found) = (quoted(prefix.as_bytes()), quoted(text));
                    let its = quoted(id.prefix().as_bytes());
                    return Err(failure(
                        function,
                        format_args!(
                            "expected a TypeID with the prefix {expected}, found {found} \
                         (the prefix {its})"
                        ),
                    ));
                }
                Ok(Value::Blob(id.uuid().as_bytes().to_vec()))
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_is_cut_after_64_bytes() {
        assert_eq!(quoted(b"post_"), "'post_'");
        assert_eq!(quoted(&[b'a'; 65]), ["'", &"a".repeat(64), "...'"].concat());
        assert_eq!(quoted(b"a\xff"), "'a\u{fffd}'");
    }

    #[test]
    fn every_function_is_registered() {
        let functions = |db: &Connection| -> i64 {
            let sql = "SELECT count(DISTINCT name) FROM pragma_function_list";
            db.query_row(sql, [], |row| row.get(0)).unwrap()
        };
        let db = Connection::open_in_memory().unwrap();
        let before = functions(&db);
        register_functions(&db).unwrap();
        // Four per format of the table, the deprecated `xid_text` and `xid_from_text`, and the
        // UUID's four and two for TypeIDs.
        let mut formats = 0;
        macro_rules! count {
            ($ty:ident) => {
                formats += 1;
            };
        }
        crate::formats::for_each_fixed_format!(count);
        let uuid = if cfg!(feature = "uuid") { 4 + 2 } else { 0 };
        assert_eq!(functions(&db) - before, formats * 4 + 2 + uuid);
    }
}
