//! [`IdInfo`]: everything an id tells, the one model both the human and the JSON output print.

use chrono::{DateTime, Local, SecondsFormat, Utc};
use serde::{Serialize, Serializer};

use crate::format::Id;
use crate::spec::Time;

/// The times an id may plausibly hold: 1990-01-01T00:00:00Z (inclusive) to
/// 2100-01-01T00:00:00Z (exclusive), in Unix seconds. A text that decodes to a time outside
/// this window is valid but unlikely to have been made as an id of that format.
const PLAUSIBLE_SECONDS: std::ops::Range<i64> = 631_152_000..4_102_444_800;

/// The parts of one id in one format: the id objects of the JSON output, and what the human
/// output prints. Which format has which part is in `formats.rs`; fields that a format does
/// not have are left out of the JSON (never `null`), so each format's objects always have the
/// same keys.
#[derive(Debug, Clone, Default, Serialize)]
pub struct IdInfo {
    /// The format's name.
    pub format: &'static str,
    /// The canonical text.
    pub text: String,
    /// A second display form of the text, with dashes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dashed: Option<String>,
    /// The timestamp in RFC 3339, UTC, at the format's precision.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub time: Option<String>,
    /// The timestamp in local time (with `--local`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub local_time: Option<String>,
    /// Seconds since 1970 (formats that store seconds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timestamp_seconds: Option<i64>,
    /// Whether the time is within 1990..2100.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub plausible_time: Option<bool>,
    /// Microseconds since 1970 (formats that store microseconds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timestamp_micros: Option<i64>,
    /// Milliseconds since 1970 (every timed format; rounded down for the microsecond ones).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timestamp_millis: Option<i64>,
    /// The clock id of the process that made the id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock_id: Option<u16>,
    /// The node id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node: Option<u16>,
    /// The node id's two-symbol code.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_code: Option<String>,
    /// The node id's class (`best effort`, `context-dependent`, `global`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub node_class: Option<String>,
    /// The id of the machine that made the id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_id: Option<u16>,
    /// The worker id (a Snowflake's, 0..=1023).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub worker_id: Option<u16>,
    /// Milliseconds since the id's own epoch (a Snowflake's, whose epoch the id does not say).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub millis_since_epoch: Option<u64>,
    /// The sequence number within the millisecond.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sequence: Option<u16>,
    /// The random part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random: Option<u32>,
    /// The random part of a 128-bit id, or an ObjectId's random value of its process, in
    /// lowercase hex (wider than a JSON number).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub random_hex: Option<String>,
    /// The suffix after the time and machine id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suffix: Option<u32>,
    /// The integer form, in decimal, as a string: 64- and 80-bit values do not survive a
    /// JavaScript number.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub integer: Option<String>,
    /// The big-endian bytes in lowercase hex.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hex: Option<String>,
    /// A UUID's version (RFC 9562: 4 random, 7 time-ordered, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u8>,
    /// A UUID's TypeID suffix (the TypeID without a prefix).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub typeid: Option<String>,
    /// The UUID of the same 128 bits (a ULID's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uuid: Option<String>,
    /// The UUIDv6 the id maps to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uuid_v6: Option<String>,
    /// The UUIDv7 the id maps to.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uuid_v7: Option<String>,
    /// The transport encodings.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transport: Option<Encodings>,
    /// The length of a variable-length id, in characters.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub length: Option<usize>,
    /// The Lexicon record-key types the text satisfies (`tid`, `nsid`, `any`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub key_types: Option<Vec<&'static str>>,
    /// A machine id of several bytes, in lowercase hex (an rs/xid XID's 3).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub machine_id_hex: Option<String>,
    /// The process id of the process that made the id.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub process_id: Option<u16>,
    /// A counter of the ids the process made (an rs/xid XID's, an ObjectId's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub counter: Option<u32>,
}

/// More encodings of an id (transport bases), in order; a JSON object.
#[derive(Debug, Clone)]
pub struct Encodings(pub Vec<Encoding>);

/// One encoding: its key in the JSON, its label for people, and the id in it.
#[derive(Debug, Clone)]
pub struct Encoding {
    /// The JSON key (the name of the form in `convert`).
    pub key: &'static str,
    /// The label in the human output.
    pub label: &'static str,
    /// The id in this encoding.
    pub text: String,
}

impl Serialize for Encodings {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|encoding| (encoding.key, &encoding.text)))
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
    fn set_micros(&mut self, time: DateTime<Utc>, local: bool) {
        self.set_time(time, SecondsFormat::Micros, local);
        let micros = time.timestamp_micros();
        self.timestamp_micros = Some(micros);
        self.timestamp_millis = Some(micros.div_euclid(1000));
    }

    /// Fills in a millisecond timestamp.
    fn set_millis(&mut self, time: DateTime<Utc>, local: bool) {
        self.set_time(time, SecondsFormat::Millis, local);
        self.timestamp_millis = Some(time.timestamp_millis());
    }

    /// Fills in a timestamp of whole seconds (and its milliseconds).
    fn set_seconds(&mut self, time: DateTime<Utc>, local: bool) {
        self.set_time(time, SecondsFormat::Secs, local);
        self.timestamp_seconds = Some(time.timestamp());
        self.timestamp_millis = Some(time.timestamp_millis());
    }
}

/// Everything `id` tells; `local` adds the local time.
pub fn describe(id: &dyn Id, local: bool) -> IdInfo {
    let mut info = IdInfo {
        format: id.format().name(),
        text: id.text(),
        integer: id.integer(),
        hex: id.bytes().map(|bytes| hex(&bytes)),
        ..IdInfo::default()
    };
    match id.time() {
        Some(Time::Micros(time)) => info.set_micros(time, local),
        Some(Time::Millis(time)) => info.set_millis(time, local),
        Some(Time::Seconds(time)) => info.set_seconds(time, local),
        None => {}
    }
    id.parts(&mut info);
    info
}

/// `bytes` as lowercase hex, as PostgreSQL prints a `BYTEA`.
pub fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes.iter().fold(String::new(), |mut out, byte| {
        let _ = write!(out, "{byte:02x}");
        out
    })
}
