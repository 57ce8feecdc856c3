//! The kinds of key column measured: one row each. Which SQL type each one is on each database
//! lies with that database's server (`servers/*.rs`, `fn column`).

/// Where a kind's key values come from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Key {
    /// The database numbers the rows itself: the baseline every other kind is measured against.
    Sequence,
    /// A TID as a 64-bit integer (its top bit is 0: the same value signed or unsigned).
    TidInteger,
    /// A TID as 8 big-endian bytes (`Tid::to_bytes`): the columns idtypes used before.
    TidBytes,
    /// A TID as its 13 characters (`Display`).
    TidText,
    /// A UUIDv7 on the same instants as the TIDs.
    UuidV7,
    /// A random UUID.
    UuidV4,
    /// 64 random bits as an integer: on signed columns with the top bit flipped (so the column's
    /// order is the ids' order), on unsigned ones as they are.
    FullRandInteger,
}

/// One kind of key column.
pub struct Kind {
    /// The table's name is `idtypes_bench_` and this.
    pub slug: &'static str,
    /// What the report calls it.
    pub label: &'static str,
    /// Where its values come from.
    pub key: Key,
    /// A SQLite `WITHOUT ROWID` table (clustered on the key); the other databases skip it.
    pub without_rowid: bool,
}

impl Kind {
    /// Its table, the same name on every database.
    pub fn table(&self) -> String {
        format!("idtypes_bench_{}", self.slug)
    }
}

const fn kind(slug: &'static str, label: &'static str, key: Key) -> Kind {
    Kind {
        slug,
        label,
        key,
        without_rowid: false,
    }
}

const fn without_rowid(slug: &'static str, label: &'static str, key: Key) -> Kind {
    Kind {
        slug,
        label,
        key,
        without_rowid: true,
    }
}

/// Every kind, in the order of the report; the first is the baseline.
pub const KINDS: &[Kind] = &[
    kind("sequence", "plain BIGINT from a sequence", Key::Sequence),
    kind("tid_integer", "TID as integer", Key::TidInteger),
    kind("tid_bytes", "TID as bytes (old default)", Key::TidBytes),
    kind("tid_text", "TID as text (AsText)", Key::TidText),
    kind("uuid_v7", "UUIDv7", Key::UuidV7),
    kind("uuid_v4", "UUIDv4 (random)", Key::UuidV4),
    kind(
        "fullrand",
        "fullrand as integer (random)",
        Key::FullRandInteger,
    ),
    without_rowid("tid_bytes_wr", "TID as bytes, WITHOUT ROWID", Key::TidBytes),
    without_rowid("tid_text_wr", "TID as text, WITHOUT ROWID", Key::TidText),
    without_rowid("uuid_v7_wr", "UUIDv7, WITHOUT ROWID", Key::UuidV7),
];
