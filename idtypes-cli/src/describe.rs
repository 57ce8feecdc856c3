//! [`IdInfo`]: everything an id tells, the one model both the human and the JSON output print.

use chrono::{DateTime, Local, SecondsFormat, Utc};
use idtypes::record_key::RecordKeyType;
use idtypes::tbsl::TransportBase;
use serde::Serialize;

use crate::id::AnyId;

/// The times an id may plausibly hold: 1990-01-01T00:00:00Z (inclusive) to
/// 2100-01-01T00:00:00Z (exclusive), in Unix seconds. A text that decodes to a time outside
/// this window is valid but unlikely to have been made as an id of that format.
const PLAUSIBLE_SECONDS: std::ops::Range<i64> = 631_152_000..4_102_444_800;

/// The parts of one id in one format. Fields that a format does not have are left out of
/// the JSON (never `null`), so each format's objects always have the same keys.
#[derive(Debug, Clone, Default, Serialize)]
pub struct IdInfo {
    /// The format's name (`tid`, `time-id`, ...).
    pub format: &'static str,
    /// The canonical text.
    pub text: String,
    /// TimeId: the dashed display form.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dashed: Option<String>,
    /// The timestamp in RFC 3339, UTC, at the format's precision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The timestamp in local time (with `--local`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_time: Option<String>,
    /// Whether the time is within 1990..2100.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plausible_time: Option<bool>,
    /// Microseconds since 1970 (the microsecond formats).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timestamp_micros: Option<i64>,
    /// Milliseconds since 1970 (every timed format; rounded down for the microsecond ones).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timestamp_millis: Option<i64>,
    /// TID: the 10-bit clock id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_id: Option<u16>,
    /// TimeId: the 10-bit node id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<u16>,
    /// TimeId: the node's two-symbol code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_code: Option<String>,
    /// TimeId: the node's class (`best effort`, `context-dependent`, `global`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_class: Option<String>,
    /// Snowish, TBSL: the machine id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_id: Option<u16>,
    /// Snowish, ts-seq-rand: the sequence number within the millisecond.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sequence: Option<u16>,
    /// Xid, ts-seq-rand: the random part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random: Option<u32>,
    /// TBSL: the 20-bit suffix.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suffix: Option<u32>,
    /// The integer form, in decimal, as a string: 64- and 80-bit values do not survive a
    /// JavaScript number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub integer: Option<String>,
    /// The big-endian bytes in lowercase hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// TimeId: the UUIDv6 mapping.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uuid_v6: Option<String>,
    /// TID, TimeId (from 1970 on): the UUIDv7 mapping.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uuid_v7: Option<String>,
    /// TBSL: the transport encodings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transport: Option<Transport>,
    /// Record key: its length in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// Record key: the Lexicon key types it satisfies (`tid`, `nsid`, `any`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_types: Option<Vec<&'static str>>,
}

/// A TBSL in each transport base (integers at minimal length; they do not sort).
#[derive(Debug, Clone, Serialize)]
pub struct Transport {
    /// Decimal.
    pub base10: String,
    /// Lowercase hexadecimal, minimal length.
    pub base16: String,
    /// `0-9a-v`.
    pub base32: String,
    /// `0-9a-z`.
    pub base36: String,
    /// Bitcoin Base58.
    pub base58: String,
    /// `0-9A-Za-z`.
    pub base62: String,
}

impl Transport {
    /// The transport encodings of `id`.
    pub fn of(id: idtypes::Tbsl) -> Transport {
        Transport {
            base10: id.to_base(TransportBase::Base10).to_string(),
            base16: id.to_base(TransportBase::Base16).to_string(),
            base32: id.to_base(TransportBase::Base32).to_string(),
            base36: id.to_base(TransportBase::Base36).to_string(),
            base58: id.to_base(TransportBase::Base58).to_string(),
            base62: id.to_base(TransportBase::Base62).to_string(),
        }
    }
}

impl IdInfo {
    /// Whether the id holds a time outside 1990..2100 (a hint that this reading is wrong).
    pub fn implausible(&self) -> bool {
        self.plausible_time == Some(false)
    }

    /// Fills in a timestamp: UTC (and local) text at `precision`, and plausibility.
    fn set_time(&mut self, time: DateTime<Utc>, precision: SecondsFormat, local: bool) {
        self.time = Some(time.to_rfc3339_opts(precision, true));
        if local {
            self.local_time = Some(time.with_timezone(&Local).to_rfc3339_opts(precision, false));
        }
        self.plausible_time = Some(PLAUSIBLE_SECONDS.contains(&time.timestamp()));
    }

    /// Fills in a microsecond timestamp (and the milliseconds it falls in).
    fn set_micros(&mut self, time: DateTime<Utc>, micros: i64, local: bool) {
        self.set_time(time, SecondsFormat::Micros, local);
        self.timestamp_micros = Some(micros);
        self.timestamp_millis = Some(micros.div_euclid(1000));
    }

    /// Fills in a millisecond timestamp.
    fn set_millis(&mut self, time: DateTime<Utc>, millis: u64, local: bool) {
        self.set_time(time, SecondsFormat::Millis, local);
        // At most 2^42 ms after 2011: always an i64.
        self.timestamp_millis = i64::try_from(millis).ok();
    }
}

/// Everything `id` tells; `local` adds the local time.
pub fn describe(id: &AnyId, local: bool) -> IdInfo {
    let mut info = IdInfo {
        format: id.format().name(),
        text: id.text(),
        integer: id.integer(),
        hex: id.hex(),
        ..IdInfo::default()
    };
    match id {
        AnyId::Tid(id) => {
            // A TID holds at most 2^54 µs: always an i64.
            let micros = i64::try_from(id.timestamp_micros()).unwrap_or(i64::MAX);
            info.set_micros(id.datetime(), micros, local);
            info.clock_id = Some(id.clock_id());
            info.uuid_v7 = Some(id.to_uuid_v7().to_string());
        }
        AnyId::TimeId(id) => {
            info.dashed = Some(id.to_dashed().to_string());
            info.set_micros(id.datetime(), id.timestamp_micros(), local);
            let node = id.node();
            info.node = Some(node.get());
            info.node_code = Some(node.code().to_string());
            info.node_class = Some(node.class().to_string());
            info.uuid_v6 = Some(id.to_uuid_v6().to_string());
            // Before 1970 there is no UUIDv7 (its milliseconds are unsigned).
            info.uuid_v7 = id.to_uuid_v7().ok().map(|uuid| uuid.to_string());
        }
        AnyId::Xid(id) => {
            info.set_millis(id.datetime(), id.timestamp_millis(), local);
            info.random = Some(id.random());
        }
        AnyId::Snowish(id) => {
            info.set_millis(id.datetime(), id.timestamp_millis(), local);
            info.machine_id = Some(id.machine_id());
            info.sequence = Some(id.sequence());
        }
        AnyId::TsSeqRand(id) => {
            info.set_millis(id.datetime(), id.timestamp_millis(), local);
            info.sequence = Some(id.sequence());
            info.random = Some(u32::from(id.random()));
        }
        AnyId::Uid11(_) | AnyId::FullRand(_) => {}
        AnyId::Tbsl(id) => {
            // A TBSL holds at most 2^60 / 100 µs: always an i64.
            let micros = i64::try_from(id.timestamp_micros()).unwrap_or(i64::MAX);
            info.set_micros(id.datetime(), micros, local);
            info.machine_id = Some(u16::from(id.machine_id()));
            info.suffix = Some(id.suffix());
            info.transport = Some(Transport::of(*id));
        }
        AnyId::RecordKey(key) => {
            info.length = Some(key.as_str().len());
            info.key_types = Some(
                [
                    ("tid", RecordKeyType::Tid),
                    ("nsid", RecordKeyType::Nsid),
                    ("any", RecordKeyType::Any),
                ]
                .into_iter()
                .filter(|(_, key_type)| key_type.matches(key))
                .map(|(name, _)| name)
                .collect(),
            );
        }
    }
    info
}
