//! Bad stored values, as every database integration reports them: this crate's own
//! [`idtypes::Error`] (its kind, naming the type read, a typed id's name included) as the
//! source of the client's or ORM's error. The suites of sqlx, SeaORM, diesel, rusqlite and
//! postgres-types store [`ROWS`] with raw SQL and read them back as the wrong types through
//! their client, checking each error with [`assert_refused`] ([`stored_value_cases!`] lists
//! the cases).

use std::error::Error;

/// The rows of bad values, `(n, bytes, text, signed)`: 9 and 15 bytes, 8 bytes with the top
/// bit set; a typed id's text with another prefix, a text too short for a NanoID, a reserved
/// record key, a text no CUID2 is; a negative integer.
pub const ROWS: [(i32, &[u8], &str, i64); 4] = [
    (0, &[0xAB; 9], "user_3jzfcijpj2z2a", -5),
    (1, &[1; 15], "abc", -1),
    (2, &[0xFF; 8], "..", -5),
    (3, &[7; 7], "1abc", -5),
];

/// The table of [`ROWS`], with the given columns for the bytes (`b`, and `u`: the bytes
/// a 128-bit id reads, a copy of `b` made by [`copy_bytes`]), the text (`t`) and the
/// integers (`s`).
pub fn create_table(table: &str, bytes: &str, text: &str, signed: &str) -> String {
    format!("CREATE TABLE {table} (n INTEGER, b {bytes}, u {bytes}, t {text}, s {signed})")
}

/// Copies the bytes of each row to `u`, once [`ROWS`] are in.
pub fn copy_bytes(table: &str) -> String {
    format!("UPDATE {table} SET u = b")
}

/// This crate's error in `err`'s chain of sources (`err` first).
pub fn idtypes_error<'a>(err: &'a (dyn Error + 'static)) -> Option<&'a idtypes::Error> {
    let mut next = Some(err);
    while let Some(err) = next {
        if let Some(found) = err.downcast_ref::<idtypes::Error>() {
            return Some(found);
        }
        next = err.source();
    }
    None
}

/// Asserts that `err`, a client's error for a bad stored value, has among its sources this
/// crate's error of kind `kind` that names `name` (a typed id's name, or a format's) as its
/// type or format and in its message, and that the messages of `err` and its sources show
/// it.
pub fn assert_refused(err: &(dyn Error + 'static), kind: idtypes::ErrorKind, name: &str) {
    let found = idtypes_error(err)
        .unwrap_or_else(|| panic!("no idtypes::Error in the sources of {err} ({err:?})"));
    assert_eq!(found.kind(), kind, "{found}");
    assert!(
        found.type_name() == Some(name)
            || found.type_name().is_none() && found.format_name() == name,
        "the error names {:?} ({}), not {name:?}: {found}",
        found.type_name(),
        found.format_name()
    );
    let message = found.to_string();
    assert!(message.contains(name), "{message}");
    let mut whole = err.to_string();
    let mut source = err.source();
    while let Some(next) = source {
        whole.push_str(": ");
        whole.push_str(&next.to_string());
        source = next.source();
    }
    assert!(whole.contains(&message), "{whole}");
}

/// Calls `$refused!(Type, column, n, kind, name)` for each bad stored value of [`ROWS`] and
/// the type that refuses it (`column` a literal: `"s"`, `"b"`, `"u"` or `"t"`); `$uuid_bytes` says whether 128-bit ids read bytes (all databases
/// but PostgreSQL, whose `uuid` column holds only UUIDs).
macro_rules! stored_value_cases {
    ($refused:ident, $uuid_bytes:expr) => {{
        use idtypes::ErrorKind::{Length, OutOfRange, Prefix, Reserved};
        use idtypes::{AsBytes, AsText, RecordKey, Snowish, Tbsl, Tid};
        use idtypes_tests::typed::{InviteId, JobId, NoteKey, PaymentId, PostId, TxnId, UserId};
        use $crate::common::typed_uuid::AccountId;

        // Integers: a negative value in a column of the ids' own integers.
        $refused!(Tid, "s", 0, OutOfRange, "atproto TID");
        $refused!(PostId, "s", 0, OutOfRange, "PostId");
        $refused!(JobId, "s", 1, OutOfRange, "JobId");
        // Bytes of the wrong length, and bytes a format refuses.
        $refused!(Tbsl, "b", 0, Length, "TBSL");
        $refused!(TxnId, "b", 0, Length, "TxnId");
        $refused!(AsBytes<PostId>, "b", 3, Length, "PostId");
        $refused!(AsBytes<AccountId>, "b", 1, Length, "AccountId");
        let reserved = Snowish::try_from_bytes([0xFF; 8]).unwrap_err().kind();
        $refused!(AsBytes<JobId>, "b", 2, reserved, "JobId");
        if $uuid_bytes {
            $refused!(AccountId, "u", 1, Length, "AccountId");
            $refused!(PaymentId, "u", 1, Length, "PaymentId");
            $refused!(idtypes::Ulid, "u", 1, Length, "ULID");
        }
        // Text: a typed id's prefixed text, a record key, the text formats.
        $refused!(AsText<PostId>, "t", 0, Prefix, "PostId");
        $refused!(AsText<Tid>, "t", 1, Length, "atproto TID");
        $refused!(RecordKey, "t", 2, Reserved, "atproto record key");
        $refused!(NoteKey, "t", 2, Reserved, "NoteKey");
        $refused!(InviteId, "t", 1, Length, "InviteId");
        let cuid2 = idtypes::Cuid2::parse("1abc").unwrap_err().kind();
        $refused!(UserId, "t", 3, cuid2, "UserId");
    }};
}
