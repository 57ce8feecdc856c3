//! `idtypes convert`: one id between its forms: the canonical text, the integer, the
//! big-endian bytes in hex and, for TBSL, the transport bases.

use clap::ValueEnum;
use idtypes::tbsl::TransportBase;
use idtypes::{FullRand, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Xid};
use serde::Serialize;

use crate::error::Failure;
use crate::format::Format;
use crate::id::AnyId;
use crate::input;
use crate::output::Printer;

/// A form an id can be written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Repr {
    /// The canonical text (every format; a TimeId is read plain or dashed).
    Text,
    /// TimeId's dashed display form (`3kxn-lhr-3gxq-23`).
    Dashed,
    /// The integer, in decimal (u64; TimeId: i64; TBSL: 80 bits).
    #[value(alias = "int")]
    Integer,
    /// The big-endian bytes in hex (8 bytes, TBSL 10); reads either case and a `0x` or `\x`
    /// prefix, writes lowercase.
    #[value(alias = "bytes")]
    Hex,
    /// TBSL transport base 10.
    Base10,
    /// TBSL transport base 16 (lowercase, minimal length; `hex` is the fixed-length bytes).
    Base16,
    /// TBSL transport base 32 (`0-9a-v`).
    Base32,
    /// TBSL transport base 36 (`0-9a-z`).
    Base36,
    /// TBSL transport base 58 (Bitcoin alphabet).
    Base58,
    /// TBSL transport base 62 (`0-9A-Za-z`).
    Base62,
}

impl Repr {
    /// The command-line (and JSON) name.
    pub fn name(self) -> &'static str {
        match self {
            Repr::Text => "text",
            Repr::Dashed => "dashed",
            Repr::Integer => "integer",
            Repr::Hex => "hex",
            Repr::Base10 => "base10",
            Repr::Base16 => "base16",
            Repr::Base32 => "base32",
            Repr::Base36 => "base36",
            Repr::Base58 => "base58",
            Repr::Base62 => "base62",
        }
    }

    /// The TBSL transport base, for the `base*` forms.
    fn transport(self) -> Option<TransportBase> {
        Some(match self {
            Repr::Base10 => TransportBase::Base10,
            Repr::Base16 => TransportBase::Base16,
            Repr::Base32 => TransportBase::Base32,
            Repr::Base36 => TransportBase::Base36,
            Repr::Base58 => TransportBase::Base58,
            Repr::Base62 => TransportBase::Base62,
            _ => return None,
        })
    }

    /// Why `format` has no such form, if it has none.
    fn unsupported(self, format: Format) -> Option<String> {
        match (self, format) {
            (Repr::Text, _) | (Repr::Dashed, Format::TimeId) => None,
            (_, Format::RecordKey) => Some("record keys have only a text form".to_owned()),
            (Repr::Dashed, _) => Some(format!("{format} has no dashed form (time-id has)")),
            (Repr::Integer | Repr::Hex, _) => None,
            (_, Format::Tbsl) => None,
            _ => Some(format!(
                "{format} has no transport bases (tbsl has): use text, integer or hex"
            )),
        }
    }
}

/// Every form of one id. Forms a format lacks are left out of the JSON.
#[derive(Debug, Serialize)]
struct Forms {
    text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    dashed: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    integer: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    hex: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    base10: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    base16: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    base32: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    base36: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    base58: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    base62: Option<String>,
}

/// The JSON object printed for each value (one per line).
#[derive(Serialize)]
struct ConvertJson<'a> {
    format: &'static str,
    input: &'a str,
    from: &'static str,
    to: Option<&'static str>,
    value: Option<String>,
    forms: Forms,
}

/// Converts each of `values` (or standard input) from `from` to `to`, or to every form when
/// `to` is `None`; fails at the end if any value was invalid.
pub fn run(
    printer: &mut Printer,
    format: Format,
    values: Vec<String>,
    from: Repr,
    to: Option<Repr>,
    usage: impl Fn(String) -> Failure,
) -> Result<(), Failure> {
    for (option, repr) in [("--from", Some(from)), ("--to", to)] {
        if let Some(reason) = repr.and_then(|repr| repr.unsupported(format)) {
            return Err(usage(format!("{option}: {reason}")));
        }
    }
    let mut failed = false;
    let mut first = true;
    for value in input::values(values) {
        let converted = value
            .map_err(Failure::Message)
            .and_then(|text| Ok((decode(format, from, &text)?, text)));
        let (id, text) = match converted {
            Ok(converted) => converted,
            Err(failure) => {
                printer.flush()?;
                if let Failure::Message(message) = failure {
                    crate::output::error_line(message);
                }
                failed = true;
                continue;
            }
        };
        let value = to.map(|to| encode(&id, to));
        if printer.json {
            printer.json_line(&ConvertJson {
                format: format.name(),
                input: &text,
                from: from.name(),
                to: to.map(Repr::name),
                value,
                forms: forms(&id),
            })?;
        } else if let Some(value) = value {
            printer.line(value)?;
        } else {
            if !first {
                printer.line("")?;
            }
            first = false;
            print_forms(printer, &forms(&id))?;
        }
    }
    printer.flush()?;
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// Reads `value` written in `repr` as an id of `format`.
fn decode(format: Format, repr: Repr, value: &str) -> Result<AnyId, Failure> {
    if let Some(base) = repr.transport() {
        return Ok(AnyId::Tbsl(Tbsl::from_base(base, value)?));
    }
    match repr {
        Repr::Integer => decode_integer(format, value),
        Repr::Hex => decode_hex(format, value),
        _ => Ok(AnyId::parse(format, value)?),
    }
}

/// Reads a decimal integer as an id of `format`.
fn decode_integer(format: Format, value: &str) -> Result<AnyId, Failure> {
    let invalid = |range: &str| {
        Failure::msg(format!(
            "invalid {format} integer `{value}`: expected a decimal number in {range}"
        ))
    };
    let u64_range = format!("0..={}", u64::MAX);
    let unsigned = || value.parse::<u64>().map_err(|_| invalid(&u64_range));
    Ok(match format {
        Format::Tid => AnyId::Tid(Tid::from_u64(unsigned()?)),
        Format::TimeId => AnyId::TimeId(TimeId::from_i64(
            value
                .parse::<i64>()
                .map_err(|_| invalid(&format!("{}..={}", i64::MIN, i64::MAX)))?,
        )),
        Format::Uid11 => AnyId::Uid11(Uid11::from_u64(unsigned()?)),
        Format::Xid => AnyId::Xid(Xid::from_u64(unsigned()?)),
        Format::Snowish => AnyId::Snowish(Snowish::try_from_u64(unsigned()?)?),
        Format::TsSeqRand => AnyId::TsSeqRand(TsSeqRand::from_u64(unsigned()?)),
        Format::Fullrand => AnyId::FullRand(FullRand::from_u64(unsigned()?)),
        Format::Tbsl => {
            let range = format!("0..={}", (1u128 << 80) - 1);
            AnyId::Tbsl(Tbsl::try_from_u128(
                value.parse::<u128>().map_err(|_| invalid(&range))?,
            )?)
        }
        Format::RecordKey => return Err(Failure::msg("record keys have only a text form")),
    })
}

/// Reads the big-endian bytes in hex (either case, optional `0x` or `\x`) as an id of
/// `format`.
fn decode_hex(format: Format, value: &str) -> Result<AnyId, Failure> {
    let len = if format == Format::Tbsl { 10 } else { 8 };
    let digits = value
        .strip_prefix("0x")
        .or_else(|| value.strip_prefix("\\x"))
        .unwrap_or(value);
    let invalid = || {
        Failure::msg(format!(
            "invalid {format} bytes `{value}`: expected {} hex digits ({len} bytes)",
            len * 2
        ))
    };
    if digits.len() != len * 2 || !digits.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return Err(invalid());
    }
    let mut bytes = [0u8; 10];
    for (index, byte) in bytes.iter_mut().take(len).enumerate() {
        *byte = u8::from_str_radix(&digits[index * 2..index * 2 + 2], 16).map_err(|_| invalid())?;
    }
    let mut eight = [0u8; 8];
    eight.copy_from_slice(&bytes[..8]);
    Ok(match format {
        Format::Tid => AnyId::Tid(Tid::from_bytes(eight)),
        Format::TimeId => AnyId::TimeId(TimeId::from_bytes(eight)),
        Format::Uid11 => AnyId::Uid11(Uid11::from_bytes(eight)),
        Format::Xid => AnyId::Xid(Xid::from_bytes(eight)),
        Format::Snowish => AnyId::Snowish(Snowish::try_from_bytes(eight)?),
        Format::TsSeqRand => AnyId::TsSeqRand(TsSeqRand::from_bytes(eight)),
        Format::Fullrand => AnyId::FullRand(FullRand::from_bytes(eight)),
        Format::Tbsl => AnyId::Tbsl(Tbsl::from_bytes(bytes)),
        Format::RecordKey => return Err(Failure::msg("record keys have only a text form")),
    })
}

/// `id` written in `repr` (which [`Repr::unsupported`] has allowed for its format).
fn encode(id: &AnyId, repr: Repr) -> String {
    match (repr, id) {
        (Repr::Dashed, AnyId::TimeId(id)) => id.to_dashed().to_string(),
        (Repr::Integer, _) => id.integer().unwrap_or_else(|| id.text()),
        (Repr::Hex, _) => id.hex().unwrap_or_else(|| id.text()),
        (_, AnyId::Tbsl(tbsl)) => match repr.transport() {
            Some(base) => tbsl.to_base(base).to_string(),
            None => id.text(),
        },
        _ => id.text(),
    }
}

/// Every form of `id`.
fn forms(id: &AnyId) -> Forms {
    let base = |repr: Repr| match id {
        AnyId::Tbsl(_) => Some(encode(id, repr)),
        _ => None,
    };
    Forms {
        text: id.text(),
        dashed: match id {
            AnyId::TimeId(time_id) => Some(time_id.to_dashed().to_string()),
            _ => None,
        },
        integer: id.integer(),
        hex: id.hex(),
        base10: base(Repr::Base10),
        base16: base(Repr::Base16),
        base32: base(Repr::Base32),
        base36: base(Repr::Base36),
        base58: base(Repr::Base58),
        base62: base(Repr::Base62),
    }
}

/// Every form, one `name  value` line each.
fn print_forms(printer: &mut Printer, forms: &Forms) -> Result<(), Failure> {
    let lines = [
        ("text", Some(&forms.text)),
        ("dashed", forms.dashed.as_ref()),
        ("integer", forms.integer.as_ref()),
        ("hex", forms.hex.as_ref()),
        ("base10", forms.base10.as_ref()),
        ("base16", forms.base16.as_ref()),
        ("base32", forms.base32.as_ref()),
        ("base36", forms.base36.as_ref()),
        ("base58", forms.base58.as_ref()),
        ("base62", forms.base62.as_ref()),
    ];
    for (name, value) in lines {
        if let Some(value) = value {
            printer.field(0, name, value)?;
        }
    }
    Ok(())
}
