//! [`AnyId`]: one value of any format, so the commands can handle every format alike.

use idtypes::{FullRand, RecordKey, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Xid};

use crate::format::Format;

/// An id of any of the formats, already validated.
#[derive(Debug, Clone)]
pub enum AnyId {
    /// An atproto TID.
    Tid(Tid),
    /// A draft-goldman TimeId.
    TimeId(TimeId),
    /// A uid11 read without a profile.
    Uid11(Uid11),
    /// A uid11 read as an xid.
    Xid(Xid),
    /// A uid11 read as a snowish id.
    Snowish(Snowish),
    /// A uid11 read as a ts-seq-rand id.
    TsSeqRand(TsSeqRand),
    /// A uid11 read as a fullrand id.
    FullRand(FullRand),
    /// A TBSL.
    Tbsl(Tbsl),
    /// An atproto record key.
    RecordKey(RecordKey),
}

impl AnyId {
    /// Parses `text` in `format`'s canonical text (TimeIds also dashed).
    pub fn parse(format: Format, text: &str) -> Result<AnyId, idtypes::Error> {
        Ok(match format {
            Format::Tid => AnyId::Tid(Tid::parse(text)?),
            Format::TimeId => AnyId::TimeId(TimeId::parse(text)?),
            Format::Uid11 => AnyId::Uid11(Uid11::parse(text)?),
            Format::Xid => AnyId::Xid(Xid::parse(text)?),
            Format::Snowish => AnyId::Snowish(Snowish::parse(text)?),
            Format::TsSeqRand => AnyId::TsSeqRand(TsSeqRand::parse(text)?),
            Format::Fullrand => AnyId::FullRand(FullRand::parse(text)?),
            Format::Tbsl => AnyId::Tbsl(Tbsl::parse(text)?),
            Format::RecordKey => AnyId::RecordKey(RecordKey::parse(text)?),
        })
    }

    /// The format this id is read in.
    pub fn format(&self) -> Format {
        match self {
            AnyId::Tid(_) => Format::Tid,
            AnyId::TimeId(_) => Format::TimeId,
            AnyId::Uid11(_) => Format::Uid11,
            AnyId::Xid(_) => Format::Xid,
            AnyId::Snowish(_) => Format::Snowish,
            AnyId::TsSeqRand(_) => Format::TsSeqRand,
            AnyId::FullRand(_) => Format::Fullrand,
            AnyId::Tbsl(_) => Format::Tbsl,
            AnyId::RecordKey(_) => Format::RecordKey,
        }
    }

    /// The canonical text (TimeIds plain, not dashed).
    pub fn text(&self) -> String {
        match self {
            AnyId::Tid(id) => id.to_string(),
            AnyId::TimeId(id) => id.to_string(),
            AnyId::Uid11(id) => id.to_string(),
            AnyId::Xid(id) => id.to_string(),
            AnyId::Snowish(id) => id.to_string(),
            AnyId::TsSeqRand(id) => id.to_string(),
            AnyId::FullRand(id) => id.to_string(),
            AnyId::Tbsl(id) => id.to_string(),
            AnyId::RecordKey(key) => key.as_str().to_owned(),
        }
    }

    /// The big-endian bytes (what the databases store); `None` for record keys, which are text.
    pub fn bytes(&self) -> Option<Vec<u8>> {
        Some(match self {
            AnyId::Tid(id) => id.to_bytes().to_vec(),
            AnyId::TimeId(id) => id.to_bytes().to_vec(),
            AnyId::Uid11(id) => id.to_bytes().to_vec(),
            AnyId::Xid(id) => id.to_bytes().to_vec(),
            AnyId::Snowish(id) => id.to_bytes().to_vec(),
            AnyId::TsSeqRand(id) => id.to_bytes().to_vec(),
            AnyId::FullRand(id) => id.to_bytes().to_vec(),
            AnyId::Tbsl(id) => id.to_bytes().to_vec(),
            AnyId::RecordKey(_) => return None,
        })
    }

    /// The integer form in decimal (`u64`, TimeId's `i64`, TBSL's 80 bits); `None` for record
    /// keys.
    pub fn integer(&self) -> Option<String> {
        Some(match self {
            AnyId::Tid(id) => id.to_u64().to_string(),
            AnyId::TimeId(id) => id.to_i64().to_string(),
            AnyId::Uid11(id) => id.to_u64().to_string(),
            AnyId::Xid(id) => id.to_u64().to_string(),
            AnyId::Snowish(id) => id.to_u64().to_string(),
            AnyId::TsSeqRand(id) => id.to_u64().to_string(),
            AnyId::FullRand(id) => id.to_u64().to_string(),
            AnyId::Tbsl(id) => id.to_u128().to_string(),
            AnyId::RecordKey(_) => return None,
        })
    }

    /// The bytes as lowercase hex, as PostgreSQL prints a `BYTEA`.
    pub fn hex(&self) -> Option<String> {
        self.bytes().map(|bytes| hex(&bytes))
    }
}

/// `bytes` as lowercase hex.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut out, byte| {
        let _ = write!(out, "{byte:02x}");
        out
    })
}
