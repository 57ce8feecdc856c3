//! `uuid`: lossless mappings between ids and RFC 9562 UUIDs. The mappings are the formats' own
//! (`TimeId::to_uuid_v6`, `Tid::to_uuid_v7`, ... in their folders); this file has what they
//! share: the fields of UUIDv6 and UUIDv7, and the checks that refuse data a mapping would lose.
//!
//! # UUIDv6 (TimeId)
//!
//! | UUIDv6 field | carries |
//! |---|---|
//! | 60-bit timestamp | `micros * 10 + 0x01B21DD213814000` (100-ns ticks since 1582-10-15) |
//! | `clock_seq` (14 bits) | the node id (0..=1023) |
//! | `node` (48 bits) | zero |
//!
//! Every TimeId maps (its whole timestamp range fits in 60 bits). Back, the timestamp is
//! `(ticks - 0x01B21DD213814000) / 10`, rounded down: the relation of draft-goldman, under which
//! RFC 9562's example `1EC9414C-232A-6B00-B3C8-9F6BDECED846` is 1645557742000000 µs.
//!
//! # UUIDv7 (Tid and TimeId)
//!
//! | UUIDv7 field | carries |
//! |---|---|
//! | `unix_ts_ms` (48 bits) | the milliseconds |
//! | `rand_a` (12 bits) | the sub-millisecond microseconds as RFC 9562's scaled fraction (method 3): `floor(µs * 4096 / 1000)` |
//! | `rand_b` (62 bits) | the clock id / node id in its top 10 bits, then zeros |
//!
//! UUIDv7 holds no time before 1970, so pre-1970 TimeIds have none. The scaled fraction keeps
//! the UUIDs sorted by time and readable by other UUIDv7 software.
//!
//! # Strict inverses
//!
//! `from_uuid_v6` and `from_uuid_v7` accept exactly the UUIDs the `to_` functions make. A UUID
//! with data in the bits the mapping leaves zero (another generator's random bits, 100-ns ticks,
//! a larger clock sequence) is refused rather than silently truncated.

use uuid::{Uuid, Variant};

use crate::{Error, error::Repr};

/// 100-ns ticks from 1582-10-15 (the Gregorian epoch) to 1970-01-01.
pub(crate) const GREGORIAN_OFFSET: i64 = 0x01B2_1DD2_1381_4000;

/// The version and RFC 9562 variant bits, as the mappings need them.
pub(crate) fn check_version(
    format: &'static str,
    uuid: Uuid,
    version: usize,
) -> Result<u128, Error> {
    if uuid.get_version_num() != version {
        return Err(Error::new(
            format,
            Repr::Syntax {
                position: None,
                rule: if version == 6 {
                    "expected a version 6 UUID"
                } else {
                    "expected a version 7 UUID"
                },
            },
        ));
    }
    if uuid.get_variant() != Variant::RFC4122 {
        return Err(Error::new(
            format,
            Repr::Syntax {
                position: None,
                rule: "expected the RFC 9562 variant (bits 10)",
            },
        ));
    }
    Ok(uuid.as_u128())
}

/// The 60-bit timestamp of a UUIDv6 (version and variant already checked).
pub(crate) fn v6_ticks(bits: u128) -> i64 {
    let high = (bits >> 80) as u64 & 0xFFFF_FFFF_FFFF; // time_high and time_mid: 48 bits
    let low = (bits >> 64) as u64 & 0xFFF; // time_low: 12 bits
    ((high << 12) | low) as i64
}

/// Microseconds split into milliseconds and the RFC 9562 scaled fraction of `rand_a`.
fn v7_fields(micros: u64) -> (u64, u64) {
    (micros / 1000, (micros % 1000) * 4096 / 1000)
}

/// Builds a UUIDv7 from microseconds since 1970 and a 10-bit id.
pub(crate) fn v7_from(micros: u64, id: u16) -> Uuid {
    let (millis, fraction) = v7_fields(micros);
    let bits = ((millis as u128) << 80)
        | (0x7 << 76)
        | ((fraction as u128) << 64)
        | (0b10 << 62)
        | ((id as u128) << 52);
    Uuid::from_u128(bits)
}

/// Reads back what `v7_from` wrote: microseconds and the 10-bit id.
pub(crate) fn v7_parts(format: &'static str, uuid: Uuid) -> Result<(u64, u16), Error> {
    let bits = check_version(format, uuid, 7)?;
    if bits & ((1 << 52) - 1) != 0 {
        return Err(Error::new(
            format,
            Repr::Syntax {
                position: None,
                rule: "rand_b holds data below its top 10 bits: not made from an id, it would be lost",
            },
        ));
    }
    let millis = (bits >> 80) as u64;
    let fraction = (bits >> 64) as u64 & 0xFFF;
    // The one sub-millisecond microsecond whose scaled fraction is `fraction`, if any.
    let sub = (fraction * 1000).div_ceil(4096);
    if sub > 999 || (sub * 4096 / 1000) != fraction {
        return Err(Error::new(
            format,
            Repr::Syntax {
                position: None,
                rule: "rand_a is not a scaled microsecond fraction: not made from an id, it would be lost",
            },
        ));
    }
    let id = ((bits >> 52) & 0x3FF) as u16;
    Ok((millis * 1000 + sub, id))
}
