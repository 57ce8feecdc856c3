//! Criterion benchmarks for [`idtypes::Tbsl`], with the `data-encoding` crate measured in the
//! same run as the peer hex codec.
//!
//! Measured:
//!
//! - `tbsl encode`: 10 bytes to 20 uppercase hex characters on the stack ([`Tbsl::encode`]),
//!   plus `Display` (`to_string`, which allocates) for reference; peer
//!   `data_encoding::HEXUPPER.encode_mut` of the same 10 bytes into a stack buffer.
//! - `tbsl parse`: validate and decode 20 characters ([`Tbsl::parse`], [`Tbsl::parse_ascii`]),
//!   both with the whole `Result` through `black_box` and reduced to a small value (the
//!   suffix); peer `data_encoding::HEXUPPER.decode_mut` into a stack buffer, the same two ways.
//! - `tbsl transport`: [`Tbsl::to_base`] and [`Tbsl::from_base`] in bases 10, 36, 58 and 62.
//! - `tbsl generate`: a private [`TbslGenerator::next`] (sequenced on [`SystemClock`] and a
//!   [`MemorySequence`], which takes a `Mutex` per id), the same in [`TbslMode::Random`], and
//!   one read of [`SystemClock`] alone (the floor any generator pays); plus the parts of
//!   `next` measured alone to show where the time goes: `Instant::now` (which `next` also
//!   reads, for its wait bound), [`MemorySequence`]'s `next_suffix` (the `Mutex`), and the
//!   sequenced generator on a clock that only counts (no system clock read).
//!
//! Targets (plain scalar code measured on the project's machine): encode near the 11.9-12.9 ns reference (data-encoding
//! 23.6), parse near 18.1 (data-encoding 26-27).
//!
//! As in `benches/tid.rs`, encoding hands out the `&str` of the stack buffer rather than
//! passing the 20-byte value itself through `black_box`: that costs a store-forwarding stall in
//! the harness (see `floor_copy_20_bytes` below), not the encoder. Likewise the whole
//! `Result<Tbsl, Error>` through `black_box` pays for storing and reloading a large value; the
//! `_to_suffix` variants reduce it to a `u32` first, as `benches/uid11.rs` does.
//!
//! In the generator loops a generator makes far more than one id per microsecond, so it runs
//! ahead of the clock and nearly every id takes the "same microsecond" path.

use std::{
    hint::black_box,
    sync::atomic::{AtomicI64, Ordering},
    time::Instant,
};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use data_encoding::HEXUPPER;
use idtypes::tbsl::{MemorySequence, SequenceProvider, TbslGenerator, TbslMode, TransportBase};
use idtypes::{Clock, SystemClock, Tbsl};
use support::configure;

/// The example id of the TBSL known answers: 2023-11-14T22:13:20.123456Z, machine 7, suffix 1.
const TBSL_TEXT: &str = "25BF6196C8D610700001";
/// The bases measured for transport encodings.
const BASES: [(TransportBase, &str); 4] = [
    (TransportBase::Base10, "base10"),
    (TransportBase::Base36, "base36"),
    (TransportBase::Base58, "base58"),
    (TransportBase::Base62, "base62"),
];
/// Unix microseconds of [`CountingClock`]'s first reading (2023-11-14).
const COUNTING_START: i64 = 1_700_000_000_000_000;

/// [`TBSL_TEXT`], checked against `data-encoding` so both codecs do the same work.
fn tbsl() -> Tbsl {
    let id = Tbsl::parse(TBSL_TEXT).unwrap();
    assert_eq!(HEXUPPER.encode(&id.to_bytes()), TBSL_TEXT);
    assert_eq!(
        HEXUPPER.decode(TBSL_TEXT.as_bytes()).unwrap(),
        id.to_bytes()
    );
    id
}

/// The suffix (low 20 bits) of 10 big-endian bytes, as [`Tbsl::suffix`] computes it.
fn suffix_of(bytes: &[u8; 10]) -> u32 {
    u32::from_be_bytes([0, bytes[7] & 0x0F, bytes[8], bytes[9]])
}

fn encode(c: &mut Criterion) {
    let id = tbsl();

    let mut group = c.benchmark_group("tbsl encode");
    configure(&mut group);
    // Like the peer below: encode into a stack buffer, hand out the `&str`.
    group.bench_function("tbsl_encode", |b| {
        b.iter(|| {
            let text = black_box(id).encode();
            black_box(text.as_str());
        })
    });
    // The 20-byte value itself through `black_box`: dominated by a store-forwarding stall in
    // the harness (see `floor_copy_20_bytes`), not by the encoder.
    group.bench_function("tbsl_encode_by_value", |b| {
        b.iter(|| black_box(black_box(id).encode()))
    });
    group.bench_function("floor_copy_20_bytes", |b| {
        let bytes = *b"25BF6196C8D610700001";
        b.iter(|| black_box(black_box(bytes)))
    });
    group.bench_function("tbsl_to_string", |b| {
        b.iter(|| black_box(black_box(id).to_string()))
    });
    group.bench_function("data_encoding_hexupper_encode_mut", |b| {
        b.iter(|| {
            let mut buf = [0u8; 20];
            HEXUPPER.encode_mut(&black_box(id).to_bytes(), &mut buf);
            black_box(&buf);
        })
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    let expected = tbsl();
    assert_eq!(
        Tbsl::parse(TBSL_TEXT).map_or(0, Tbsl::suffix),
        suffix_of(&expected.to_bytes())
    );

    let mut group = c.benchmark_group("tbsl parse");
    configure(&mut group);
    group.bench_function("tbsl_parse", |b| {
        b.iter(|| black_box(Tbsl::parse(black_box(TBSL_TEXT))))
    });
    // Reduced to a `u32`: no large `Result` through `black_box`.
    group.bench_function("tbsl_parse_to_suffix", |b| {
        b.iter(|| black_box(Tbsl::parse(black_box(TBSL_TEXT)).map_or(0, Tbsl::suffix)))
    });
    group.bench_function("tbsl_parse_ascii", |b| {
        b.iter(|| black_box(Tbsl::parse_ascii(black_box(TBSL_TEXT.as_bytes()))))
    });
    // Into a 10-byte stack buffer: the `Result` (with its error's position) and the bytes.
    group.bench_function("data_encoding_hexupper_decode_mut", |b| {
        b.iter(|| {
            let mut buf = [0u8; 10];
            let result = HEXUPPER.decode_mut(black_box(TBSL_TEXT.as_bytes()), &mut buf);
            black_box(&buf);
            black_box(result)
        })
    });
    // A plain table-driven decoder (one lookup per symbol), handing back the same kind of
    // value: what careful scalar code reaches.
    group.bench_function("plain_table_decode", |b| {
        b.iter(|| black_box(plain_decode20(black_box(TBSL_TEXT.as_bytes()))))
    });
    group.bench_function("plain_table_decode_to_suffix", |b| {
        b.iter(|| {
            black_box(
                plain_decode20(black_box(TBSL_TEXT.as_bytes()))
                    .map_or(0, |bytes| suffix_of(&bytes)),
            )
        })
    });
    group.bench_function("data_encoding_hexupper_decode_mut_to_suffix", |b| {
        b.iter(|| {
            let mut buf = [0u8; 10];
            let result = HEXUPPER.decode_mut(black_box(TBSL_TEXT.as_bytes()), &mut buf);
            black_box(result.map_or(0, |_| suffix_of(&buf)))
        })
    });
    group.finish();
}

/// Uppercase hex of 20 symbols into 10 bytes with a 256-entry table, `None` for any other text.
fn plain_decode20(text: &[u8]) -> Option<[u8; 10]> {
    static TABLE: [u8; 256] = {
        let mut table = [0xFF; 256];
        let mut i = 0;
        while i < 16 {
            table[b"0123456789ABCDEF"[i] as usize] = i as u8;
            i += 1;
        }
        table
    };
    let text: &[u8; 20] = text.try_into().ok()?;
    let mut out = [0u8; 10];
    let mut bad = 0;
    for (i, pair) in text.chunks_exact(2).enumerate() {
        let (high, low) = (TABLE[pair[0] as usize], TABLE[pair[1] as usize]);
        bad |= high | low;
        out[i] = (high << 4) | (low & 0x0F);
    }
    (bad & 0x80 == 0).then_some(out)
}

fn transport(c: &mut Criterion) {
    let id = tbsl();

    let mut group = c.benchmark_group("tbsl transport");
    configure(&mut group);
    for (base, name) in BASES {
        let text = id.to_base(base).as_str().to_owned();
        assert_eq!(Tbsl::from_base(base, &text), Ok(id), "{name} {text}");
        // Into the stack `TransportText`, hand out the `&str` (as `tbsl_encode`).
        group.bench_function(format!("tbsl_to_{name}"), |b| {
            b.iter(|| {
                let text = black_box(id).to_base(black_box(base));
                black_box(text.as_str());
            })
        });
        group.bench_function(format!("tbsl_from_{name}"), |b| {
            b.iter(|| black_box(Tbsl::from_base(black_box(base), black_box(&text))))
        });
        group.bench_function(format!("tbsl_from_{name}_to_suffix"), |b| {
            b.iter(|| {
                black_box(
                    Tbsl::from_base(black_box(base), black_box(&text)).map_or(0, Tbsl::suffix),
                )
            })
        });
    }
    group.finish();
}

/// A clock that reads no system clock: it moves one microsecond every 16 readings (about the
/// rate at which the generator loops below meet the real clock), so the sequenced generator
/// never runs out of suffixes. Single-threaded use only: the load and store are separate.
struct CountingClock(AtomicI64);

impl Clock for CountingClock {
    fn now_micros(&self) -> i64 {
        let n = self.0.load(Ordering::Relaxed) + 1;
        self.0.store(n, Ordering::Relaxed);
        COUNTING_START + (n >> 4)
    }
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("tbsl generate");
    configure(&mut group);
    let generator = TbslGenerator::new(7).unwrap();
    group.bench_function("tbsl_generator_next", |b| {
        b.iter(|| black_box(black_box(&generator).try_next()))
    });
    // Reduced to a `u32`: no large `Result` through `black_box`.
    group.bench_function("tbsl_generator_next_to_suffix", |b| {
        b.iter(|| black_box(black_box(&generator).try_next().map_or(0, Tbsl::suffix)))
    });
    let random = TbslGenerator::new(7).unwrap().with_mode(TbslMode::Random);
    group.bench_function("tbsl_generator_next_random", |b| {
        b.iter(|| black_box(black_box(&random).try_next()))
    });
    group.bench_function("system_clock_now_micros", |b| {
        b.iter(|| black_box(black_box(SystemClock).now_micros()))
    });
    // The parts of `next`, alone.
    group.bench_function("instant_now", |b| b.iter(|| black_box(Instant::now())));
    let sequence = MemorySequence::new();
    let mut n = 0u64;
    group.bench_function("memory_sequence_next_suffix", |b| {
        b.iter(|| {
            n += 1;
            let micros = COUNTING_START as u64 + (n >> 4);
            black_box(black_box(&sequence).next_suffix(7, micros))
        })
    });
    let counting = TbslGenerator::with_clock(CountingClock(AtomicI64::new(0)), 7).unwrap();
    group.bench_function("tbsl_generator_next_counting_clock", |b| {
        b.iter(|| black_box(black_box(&counting).try_next()))
    });
    group.finish();
}

criterion_group!(benches, encode, parse, transport, generate);
criterion_main!(benches);
