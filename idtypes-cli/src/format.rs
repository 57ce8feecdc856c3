//! The id formats the tool knows, as named on the command line.

use clap::ValueEnum;

/// One of the formats of the `idtypes` crate, by its command-line name.
///
/// The names are also the `format` field of every JSON object the tool prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, ValueEnum)]
pub enum Format {
    /// atproto timestamp identifier: 13 chars base32-sortable (53-bit µs + 10-bit clock id).
    Tid,
    /// draft-goldman Time-Ordered ID: 13 chars (or dashed 16), signed µs + 10-bit node id.
    #[value(alias = "timeid")]
    TimeId,
    /// uid11: 11 chars Base58, any 64-bit value (the codec the profiles below share).
    Uid11,
    /// uid11 profile xid: 42-bit ms since 2011-11-11T11:11:11.111Z + 22 random bits.
    Xid,
    /// uid11 profile snowish: 41-bit ms, 10-bit machine id, 12-bit sequence.
    Snowish,
    /// uid11 profile ts-seq-rand: 42-bit ms, 12-bit sequence, 10 random bits.
    TsSeqRand,
    /// uid11 profile fullrand: 64 random bits.
    Fullrand,
    /// TBSL: 20 uppercase hex chars, µs * 100 + machine id, 20-bit suffix.
    Tbsl,
    /// atproto record key: 1 to 512 chars of `A-Za-z0-9.-_~:`.
    #[value(alias = "rkey")]
    RecordKey,
}

impl Format {
    /// The command-line (and JSON) name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Tid => "tid",
            Format::TimeId => "time-id",
            Format::Uid11 => "uid11",
            Format::Xid => "xid",
            Format::Snowish => "snowish",
            Format::TsSeqRand => "ts-seq-rand",
            Format::Fullrand => "fullrand",
            Format::Tbsl => "tbsl",
            Format::RecordKey => "record-key",
        }
    }

    /// Whether the format's ids carry a timestamp (and so have time ranges).
    pub fn has_time(self) -> bool {
        matches!(
            self,
            Format::Tid
                | Format::TimeId
                | Format::Xid
                | Format::Snowish
                | Format::TsSeqRand
                | Format::Tbsl
        )
    }
}

impl std::fmt::Display for Format {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
