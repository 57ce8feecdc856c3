//! Snowflakes' decimal text: `idtypes` beside the ways a `u64` is written and read, in one run.
//!
//! Elsewhere a Snowflake is a number (the id types of Discord's twilight and serenity hold a
//! `NonZeroU64`), and its text is the number's: the peers are the fastest writer of integers
//! (`itoa`, which serde_json uses) and the standard library.
//!
//! - `snowflake encode`: `Snowflake::encode` (the text on the stack) beside
//!   `itoa::Buffer::format` and `write!` into a 20-byte stack buffer (`std::io::Write` for
//!   `&mut [u8]`), of the same ids.
//! - `snowflake parse`: `Snowflake::parse` (strict: no sign, no leading zeros, at most
//!   2^63 - 1) beside `str::parse::<u64>`, which is what a crate that keeps a `u64` calls.
//!
//! The method of `support/mod.rs`: 1,024 distinct Snowflakes cycled, Discord's of times
//! spread over 2016 to 2026 (18 and 19 digits, as Discord's ids are now) with random worker
//! and sequence bits, the first Discord's documentation's example; the same output kept from
//! every side (the text written, by reference; the number parsed and whether it parsed).

use std::io::Write;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::Snowflake;
use support::{Cycled, INPUTS, Sequence, inputs};

/// Discord's documentation's example Snowflake: 18 digits, the first input.
const TEXT: &str = "175928847299117063";

/// The Snowflakes: Discord's epoch (2015-01-01) plus 1 to 12 years, 22 random low bits.
fn snowflakes() -> Vec<u64> {
    const YEAR_MS: u64 = 365 * 86_400_000;
    let mut random = Sequence::new(0x5_0f1a);
    inputs(INPUTS, |i| match i {
        0 => TEXT.parse().unwrap(),
        _ => {
            let millis = YEAR_MS + random.next_u64() % (11 * YEAR_MS);
            millis << 22 | random.next_u64() & ((1 << 22) - 1)
        }
    })
}

fn encode(c: &mut Criterion) {
    let values = snowflakes();
    let lengths: Vec<usize> = values.iter().map(|v| v.to_string().len()).collect();
    assert!(lengths.contains(&18) && lengths.contains(&19));
    let mut group = Cycled::new(c, "snowflake encode", values);
    group.returned("idtypes Snowflake::encode", |value| {
        Snowflake::from_u64(value).encode()
    });
    group.text(
        "itoa Buffer::format",
        itoa::Buffer::new(),
        |value, buffer: &mut itoa::Buffer| buffer.format(value),
    );
    group.text(
        "std write! (stack buffer)",
        [0u8; 20],
        |value, buffer: &mut [u8; 20]| {
            let mut rest = &mut buffer[..];
            write!(rest, "{value}").unwrap();
            let len = 20 - rest.len();
            // SAFETY: `write!` of a `u64` writes ASCII digits.
            unsafe { std::str::from_utf8_unchecked(&buffer[..len]) }
        },
    );
    group.finish();
}

fn parse(c: &mut Criterion) {
    let texts: Vec<String> = snowflakes().iter().map(u64::to_string).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut group = Cycled::new(c, "snowflake parse", texts);
    group.parse("idtypes Snowflake::parse", |text| {
        Snowflake::parse(text).ok().map(Snowflake::to_u64)
    });
    group.parse("std str::parse::<u64>", |text| text.parse::<u64>().ok());
    group.finish();
}

criterion_group!(benches, encode, parse);
criterion_main!(benches);
