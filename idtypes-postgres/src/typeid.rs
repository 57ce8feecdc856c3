//! `typeid`: a TypeID (`user_01h455vb4pex5vsknk084sn02q`), held, printed and indexed
//! natively: the crate's [`DynTypeId`] text in and out, any prefix.
//!
//! Stored as a `bytea` is: the prefix's bytes, a zero byte, then the UUID's 16 bytes. So the
//! storage type's own comparison (bytes, then length) orders TypeIDs exactly as the crate
//! does and as their texts sort: by prefix (the empty one first; the zero byte ends a prefix
//! before any longer one that starts the same way), then by UUID. A `user` id takes 22 bytes
//! on disk (a one-byte header, 4, 1 and 16), a `uuid` 16.
//!
//! One column per prefix is a domain over it: `CREATE DOMAIN user_id AS typeid CHECK
//! (typeid_prefix(VALUE) = 'user')`.

use core::ffi::CStr;
use std::ffi::CString;

use idtypes::uuids::DynTypeId;
use pgrx::datum::TimestampWithTimeZone;
use pgrx::prelude::*;
use pgrx::{Internal, Uuid};

use crate::report::{OrRaise, Refusal};

/// The stored bytes of a TypeID.
fn store(id: &DynTypeId) -> Vec<u8> {
    let prefix = id.prefix().as_bytes();
    let mut out = Vec::with_capacity(prefix.len() + 17);
    out.extend_from_slice(prefix);
    out.push(0);
    out.extend_from_slice(id.uuid().as_bytes());
    out
}

/// The TypeID of stored bytes (or of a binary message, the same bytes).
fn load(bytes: &[u8]) -> Result<DynTypeId, Refusal> {
    let malformed = || {
        Refusal::binary(format!(
            "a typeid is its prefix, a zero byte and 16 bytes of UUID: found {} bytes",
            bytes.len()
        ))
    };
    let split = bytes.len().checked_sub(17).ok_or_else(malformed)?;
    if bytes[split] != 0 {
        return Err(malformed());
    }
    let prefix = core::str::from_utf8(&bytes[..split]).map_err(|_| malformed())?;
    let mut uuid = [0u8; 16];
    uuid.copy_from_slice(&bytes[split + 1..]);
    DynTypeId::new(prefix, uuid::Uuid::from_bytes(uuid)).map_err(Refusal::from_crate)
}

/// The `typeid` type's input function: the crate's `DynTypeId::parse`.
#[pg_extern(sql = false)]
fn typeid_in(text: &CStr) -> Vec<u8> {
    let id = DynTypeId::parse(&crate::text::utf8(text));
    store(&id.map_err(Refusal::text).or_raise())
}

/// The `typeid` type's output function: the crate's `Display`.
#[pg_extern(sql = false)]
fn typeid_out(value: Vec<u8>) -> CString {
    let id = load(&value).or_raise();
    CString::new(id.encode().as_str()).unwrap_or_default()
}

/// The `typeid` type's binary input: its stored bytes, checked.
#[pg_extern(sql = false)]
fn typeid_recv(message: Internal) -> Vec<u8> {
    let bytes = crate::receive(message);
    store(&load(&bytes).or_raise())
}

/// The `typeid` type's binary output: its stored bytes.
#[pg_extern(sql = false)]
fn typeid_send(value: Vec<u8>) -> Vec<u8> {
    store(&load(&value).or_raise())
}

/// `typeid(prefix, uuid)`: the TypeID of a prefix and a UUID.
#[pg_extern(sql = false)]
fn typeid_make(prefix: &str, id: Uuid) -> Vec<u8> {
    let uuid = uuid::Uuid::from_bytes(*id.as_bytes());
    store(
        &DynTypeId::new(prefix, uuid)
            .map_err(Refusal::text)
            .or_raise(),
    )
}

/// `typeid(uuid)`, the cast from `uuid`: the TypeID of a UUID with no prefix.
#[pg_extern(sql = false)]
fn typeid_from_uuid(id: Uuid) -> Vec<u8> {
    let uuid = uuid::Uuid::from_bytes(*id.as_bytes());
    store(&DynTypeId::new("", uuid).or_raise())
}

/// The prefix of a TypeID (`''` for none).
#[pg_extern(sql = false)]
fn typeid_prefix(value: Vec<u8>) -> String {
    load(&value).or_raise().prefix().to_owned()
}

/// The UUID of a TypeID: also the cast to `uuid`.
#[pg_extern(sql = false)]
fn typeid_uuid(value: Vec<u8>) -> Uuid {
    Uuid::from_bytes(*load(&value).or_raise().uuid().as_bytes())
}

/// The time of a TypeID whose UUID is of version 7 (or 1 or 6).
#[pg_extern(sql = false)]
fn typeid_time(value: Vec<u8>) -> TimestampWithTimeZone {
    let id = load(&value).or_raise();
    let Some((seconds, nanos)) = id.uuid().get_timestamp().map(|at| at.to_unix()) else {
        Refusal::data(format!(
            "the UUID of {id} has no time: its version is {}, not 1, 6 or 7",
            id.uuid().get_version_num()
        ))
        .raise()
    };
    let time = std::time::UNIX_EPOCH
        + std::time::Duration::from_secs(seconds)
        + std::time::Duration::from_nanos(u64::from(nanos));
    crate::time::to_timestamptz(time).or_raise()
}

/// A new TypeID of `prefix` on a UUID v7 of this backend's generator: usable as a column's
/// `DEFAULT`.
#[pg_extern(sql = false)]
fn typeid_generate(prefix: &str) -> Vec<u8> {
    store(
        &DynTypeId::new(prefix, idtypes::uuids::now_v7())
            .map_err(Refusal::text)
            .or_raise(),
    )
}

/// Carries the SQL of the `typeid` type; never called.
#[pg_extern(sql = typeid_sql)]
fn typeid_block() {}

/// The SQL of the `typeid` type.
fn typeid_sql(
    _: &pgrx::pgrx_sql_entity_graph::SqlGraphEntity,
    _: &pgrx::pgrx_sql_entity_graph::PgrxSql,
) -> Result<String, Box<dyn std::error::Error + Send + Sync + 'static>> {
    let mut out = String::from("-- TypeID: the type typeid\n");
    crate::sql::type_and_operators(
        "typeid",
        "bytea",
        "TypeIDs (prefix_uuid in base32): the text of the idtypes crate, ordered by prefix, then UUID",
        &mut out,
    );
    let pure = "IMMUTABLE STRICT PARALLEL SAFE";
    let c = crate::sql::c;
    out.push_str(&format!(
        "\
CREATE FUNCTION typeid(prefix text, id uuid) RETURNS typeid {pure} {make};
CREATE FUNCTION typeid(id uuid) RETURNS typeid {pure} {from_uuid};
CREATE FUNCTION typeid_prefix(typeid) RETURNS text {pure} {prefix};
CREATE FUNCTION typeid_uuid(typeid) RETURNS uuid {pure} {uuid};
CREATE FUNCTION typeid_time(typeid) RETURNS timestamptz {pure} {time};
CREATE FUNCTION typeid_generate(prefix text) RETURNS typeid VOLATILE STRICT PARALLEL RESTRICTED {generate};
COMMENT ON FUNCTION typeid_generate(text) IS 'A new TypeID of the prefix on a UUID v7: usable as a column''s DEFAULT.';
CREATE CAST (typeid AS uuid) WITH FUNCTION typeid_uuid(typeid) AS ASSIGNMENT;
CREATE CAST (uuid AS typeid) WITH FUNCTION typeid(uuid);
",
        make = c("typeid_make"),
        from_uuid = c("typeid_from_uuid"),
        prefix = c("typeid_prefix"),
        uuid = c("typeid_uuid"),
        time = c("typeid_time"),
        generate = c("typeid_generate"),
    ));
    Ok(out)
}
