//! Snowflakes' decimal text: `idtypes` beside the ways a `u64` is written and read, in one run.
//!
//! Elsewhere a Snowflake is a number (the id types of Discord's twilight and serenity hold a
//! `NonZeroU64`), and its text is the number's: the peers are the fastest writer of integers
//! (`itoa`, which serde_json uses) and the standard library.
//!
//! - `snowflake encode`: `Snowflake::encode` (the text on the stack) beside
//!   `itoa::Buffer::format` and `write!` into a 20-byte stack buffer (`std::io::Write` for
//!   `&mut [u8]`), of the same 18-digit id.
//! - `snowflake parse`: `Snowflake::parse` (strict: no sign, no leading zeros, at most
//!   2^63 - 1) beside `str::parse::<u64>`, which is what a crate that keeps a `u64` calls.
//!
//! Every result is kept where it was made and `black_box` gets a reference to it (see
//! `record_key.rs` for why).

use std::{hint::black_box, io::Write};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::Snowflake;
use support::{bench, group};

/// Discord's documentation's example Snowflake: 18 digits, as most ids of today have.
const TEXT: &str = "175928847299117063";

fn encode(c: &mut Criterion) {
    let id = Snowflake::parse(TEXT).unwrap();
    let value = id.to_u64();
    assert_eq!(id.encode(), TEXT);
    assert_eq!(itoa::Buffer::new().format(value), TEXT);
    let mut group = group(c, "snowflake encode");
    bench(
        &mut group,
        "idtypes Snowflake::encode",
        id,
        Snowflake::encode,
    );
    group.bench_function("itoa Buffer::format", |b| {
        b.iter(|| {
            let mut buffer = itoa::Buffer::new();
            let text = buffer.format(black_box(value));
            black_box(text);
        })
    });
    bench(&mut group, "std write! (stack buffer)", value, |value| {
        let mut buffer = [0u8; 20];
        let mut rest = &mut buffer[..];
        write!(rest, "{value}").unwrap();
        let len = 20 - rest.len();
        (buffer, len)
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    assert_eq!(
        Snowflake::parse(TEXT).unwrap().to_u64(),
        TEXT.parse::<u64>().unwrap()
    );
    let mut group = group(c, "snowflake parse");
    bench(
        &mut group,
        "idtypes Snowflake::parse",
        TEXT,
        Snowflake::parse,
    );
    bench(&mut group, "std str::parse::<u64>", TEXT, |text| {
        text.parse::<u64>()
    });
    group.finish();
}

criterion_group!(benches, encode, parse);
criterion_main!(benches);
