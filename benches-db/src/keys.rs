//! The values bound for a kind's key column, and the bounds of its time-window scan.

use uuid::Uuid;

use crate::kinds::{Key, Kind};
use crate::timeline::Timeline;

/// One key, as the driver binds it.
#[derive(Clone, PartialEq, PartialOrd)]
pub enum Value {
    /// Nothing bound: the database makes the key.
    Generated,
    /// `BIGINT` (PostgreSQL) and `INTEGER` (SQLite).
    I64(i64),
    /// MySQL's `BIGINT UNSIGNED`.
    U64(u64),
    /// `BYTEA`, `BINARY(8)`, `BLOB`.
    Bytes([u8; 8]),
    /// `TEXT`, `VARCHAR`.
    Text(String),
    /// `UUID`, `BINARY(16)`, `BLOB`.
    Uuid(Uuid),
}

/// How a database stores a 64-bit integer key.
#[derive(Clone, Copy)]
pub enum Integers {
    /// Signed 64 bits (PostgreSQL, SQLite): a value using all 64 bits has its top bit flipped.
    Signed,
    /// Unsigned 64 bits (MySQL, MariaDB): every value as it is.
    Unsigned,
}

/// `kind`'s key for every row of `timeline`, in order.
pub fn values(kind: &Kind, timeline: &Timeline, integers: Integers) -> Vec<Value> {
    let rows = timeline.micros.len();
    match kind.key {
        Key::Sequence => vec![Value::Generated; rows],
        Key::TidInteger => timeline
            .tids
            .iter()
            .map(|tid| tid_integer(tid.to_u64(), integers))
            .collect(),
        Key::TidBytes => timeline
            .tids
            .iter()
            .map(|tid| Value::Bytes(tid.to_bytes()))
            .collect(),
        Key::TidText => timeline
            .tids
            .iter()
            .map(|tid| Value::Text(tid.to_string()))
            .collect(),
        Key::UuidV7 => timeline.uuid_v7.iter().copied().map(Value::Uuid).collect(),
        Key::UuidV4 => timeline.uuid_v4.iter().copied().map(Value::Uuid).collect(),
        Key::FullRandInteger => timeline
            .fullrand
            .iter()
            .map(|id| wide_integer(id.to_u64(), integers))
            .collect(),
    }
}

/// The inclusive bounds of `WHERE id BETWEEN ? AND ?` for the rows in the timeline's window;
/// `None` for a random key, which time does not order.
pub fn window_bounds(kind: &Kind, timeline: &Timeline, integers: Integers) -> Option<[Value; 2]> {
    let window = timeline.window;
    let tids =
        idtypes::Tid::range_for_micros(window.first_milli * 1000, window.last_milli * 1000 + 999)
            .expect("a window of whole milliseconds after 1970");
    let [first, last] = [tids.start(), tids.end()];
    Some(match kind.key {
        // The sequence numbers the rows from 1 in the order they arrive, so the same rows are a
        // range of it too (which a real table would find through a timestamp column).
        Key::Sequence => [
            Value::I64(window.first_row as i64 + 1),
            Value::I64(window.last_row as i64 + 1),
        ],
        Key::TidInteger => [
            tid_integer(first.to_u64(), integers),
            tid_integer(last.to_u64(), integers),
        ],
        Key::TidBytes => [
            Value::Bytes(first.to_bytes()),
            Value::Bytes(last.to_bytes()),
        ],
        Key::TidText => [
            Value::Text(first.to_string()),
            Value::Text(last.to_string()),
        ],
        Key::UuidV7 => [
            Value::Uuid(v7_bound(window.first_milli, false)),
            Value::Uuid(v7_bound(window.last_milli, true)),
        ],
        Key::UuidV4 | Key::FullRandInteger => return None,
    })
}

/// How many of `values` lie within `bounds`: the rows a scan must return.
pub fn count_within(values: &[Value], [low, high]: &[Value; 2]) -> usize {
    values.iter().filter(|v| low <= *v && *v <= high).count()
}

/// A TID as an integer column holds it: its top bit is 0, so signed or not, the same number.
fn tid_integer(tid: u64, integers: Integers) -> Value {
    match integers {
        Integers::Signed => Value::I64(tid as i64),
        Integers::Unsigned => Value::U64(tid),
    }
}

/// An id using all 64 bits as an integer column holds it: a signed column gets the top bit
/// flipped, which keeps the order (0 becomes `i64::MIN`, `u64::MAX` becomes `i64::MAX`).
fn wide_integer(id: u64, integers: Integers) -> Value {
    match integers {
        Integers::Signed => Value::I64((id ^ (1 << 63)) as i64),
        Integers::Unsigned => Value::U64(id),
    }
}

/// The first (`last` false) or last UUIDv7 of a millisecond.
fn v7_bound(milli: u64, last: bool) -> Uuid {
    let mut bytes = if last { [0xff; 16] } else { [0; 16] };
    bytes[..6].copy_from_slice(&milli.to_be_bytes()[2..]);
    bytes[6] = if last { 0x7f } else { 0x70 }; // version 7
    bytes[8] = if last { 0xbf } else { 0x80 }; // variant 0b10
    Uuid::from_bytes(bytes)
}
