//! Criterion benchmarks for [`idtypes::Uid11`] and its profiles, with the `bs58` crate measured
//! in the same run as the peer codec.
//!
//! Measured:
//!
//! - `encode`: `u64` to 11 Base58 symbols on the stack ([`Uid11::encode`]), plus `Display`
//!   (`to_string`, which allocates) for reference; peer `bs58` encoding the 8 big-endian bytes
//!   into a stack buffer (`onto`) and into a `String` (`into_string`).
//! - `decode`: validate and decode 11 symbols ([`Uid11::parse`], [`Uid11::parse_ascii`]);
//!   peer `bs58` decoding the same text into a stack buffer; plus
//!   [`Uid11::range_for_prefix`] of a 9-symbol prefix.
//! - `generate`: a private [`Uid11XidGenerator::next`] in each [`Uid11XidMode`], [`Uid11Xid::now`]
//!   (process-wide generator), [`SnowishGenerator::next`], [`TsSeqRandGenerator::next`],
//!   [`FullRand::random`], and one read of [`SystemClock`] alone (the floor any timestamped
//!   generator pays).
//!
//! Targets: `Uid11::encode` < 15 ns, `Uid11::parse` < 10 ns.
//!
//! `bs58` is variable-length: it writes the number's digits without padding (only leading zero
//! *bytes* become `1`s), so for a small value it writes fewer symbols than uid11's fixed 11.
//! [`VALUE`] is a large value whose `bs58` text is 11 symbols long and equal to the uid11
//! text, so both codecs do the same work on the same text (checked before measuring).
//!
//! As in `benches/tid.rs`, encoding hands out the `&str` of the stack buffer rather than
//! passing the 11-byte value itself through `black_box`: that costs a store-forwarding stall in
//! the harness (see `floor_copy_11_bytes` below), not the encoder.
//!
//! In the generator loops a generator makes far more than one id per millisecond, so it runs
//! ahead of the clock and nearly every id takes the "same millisecond" path.

use std::hint::black_box;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator, Uid11XidGenerator, Uid11XidMode};
use idtypes::{Clock, FullRand, SystemClock, Uid11, Uid11Xid};
use support::{configure, paced};

/// A large (random-looking) value: 11 symbols in both uid11 and `bs58`.
const VALUE: u64 = 0xD3A1_5C7E_9B24_F068;
/// A prefix from the `range_for_prefix` documentation (58^2 ids).
const PREFIX: &str = "1111111NV";

/// The uid11 text of [`VALUE`], checked to be the `bs58` text of its big-endian bytes.
fn value_text() -> String {
    let text = Uid11::from_u64(VALUE).encode().as_str().to_owned();
    let peer = bs58::encode(VALUE.to_be_bytes()).into_string();
    assert_eq!(text.len(), 11);
    assert_eq!(text, peer, "bs58 and uid11 must produce the same text");
    text
}

fn encode(c: &mut Criterion) {
    let id = Uid11::from_u64(VALUE);
    let bytes = VALUE.to_be_bytes();
    let text = value_text();
    let mut buf = [0u8; 11];
    assert_eq!(bs58::encode(bytes).onto(&mut buf[..]), Ok(11));
    assert_eq!(&buf, text.as_bytes());

    let mut group = c.benchmark_group("uid11 encode");
    configure(&mut group);
    // Like the peers below: encode into a stack buffer, hand out the `&str`.
    group.bench_function("uid11_encode", |b| {
        b.iter(|| {
            let text = black_box(id).encode();
            black_box(text.as_str());
        })
    });
    // The 11-byte value itself through `black_box`: dominated by a store-forwarding stall in
    // the harness (see `floor_copy_11_bytes`), not by the encoder.
    group.bench_function("uid11_encode_by_value", |b| {
        b.iter(|| black_box(black_box(id).encode()))
    });
    group.bench_function("floor_copy_11_bytes", |b| {
        let text = *b"jpXCZedGfVQ";
        b.iter(|| black_box(black_box(text)))
    });
    group.bench_function("uid11_to_string", |b| {
        b.iter(|| black_box(black_box(id).to_string()))
    });
    group.bench_function("bs58_encode_onto_stack", |b| {
        b.iter(|| {
            let mut buf = [0u8; 11];
            let len = bs58::encode(black_box(bytes)).onto(&mut buf[..]).unwrap();
            black_box(&buf[..len]);
        })
    });
    group.bench_function("bs58_encode_into_string", |b| {
        b.iter(|| black_box(bs58::encode(black_box(bytes)).into_string()))
    });
    group.finish();
}

fn decode(c: &mut Criterion) {
    let text = value_text();
    let text = text.as_str();
    assert_eq!(Uid11::parse(text), Ok(Uid11::from_u64(VALUE)));
    let mut buf = [0u8; 8];
    assert_eq!(bs58::decode(text).onto(&mut buf[..]), Ok(8));
    assert_eq!(u64::from_be_bytes(buf), VALUE);
    let range = Uid11::range_for_prefix(PREFIX).unwrap().unwrap();
    assert_eq!(range.start().encode().as_str(), "1111111NV11");

    let mut group = c.benchmark_group("uid11 decode");
    configure(&mut group);
    group.bench_function("uid11_parse", |b| {
        b.iter(|| black_box(Uid11::parse(black_box(text))))
    });
    group.bench_function("uid11_parse_ascii", |b| {
        b.iter(|| black_box(Uid11::parse_ascii(black_box(text.as_bytes()))))
    });
    // The `Result` reduced to a `u64` (one register) before `black_box`. `black_box` of the
    // whole `Result` reloads its first 16 bytes as one vector load from the callee's separate
    // tag and value stores: a store-forwarding stall in the harness, as in
    // `floor_copy_11_bytes`; a caller that matches on the `Result` does not pay it.
    group.bench_function("uid11_parse_to_u64", |b| {
        b.iter(|| black_box(Uid11::parse(black_box(text)).map_or(0, Uid11::to_u64)))
    });
    // Into an 8-byte stack buffer, then the `u64` (what a caller of bs58 needs).
    group.bench_function("bs58_decode_onto_stack", |b| {
        b.iter(|| {
            let mut buf = [0u8; 8];
            let len = bs58::decode(black_box(text)).onto(&mut buf[..]);
            black_box((len, u64::from_be_bytes(buf)))
        })
    });
    group.bench_function("uid11_range_for_prefix", |b| {
        b.iter(|| black_box(Uid11::range_for_prefix(black_box(PREFIX))))
    });
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = c.benchmark_group("uid11 generate");
    configure(&mut group);
    let monotonic = Uid11XidGenerator::new();
    group.bench_function("xid_generator_next", |b| {
        b.iter(|| black_box(black_box(&monotonic).next()))
    });
    let random = Uid11XidGenerator::new().with_mode(Uid11XidMode::Random);
    group.bench_function("xid_generator_next_random", |b| {
        b.iter(|| black_box(black_box(&random).next()))
    });
    group.bench_function("xid_now", |b| b.iter(|| black_box(Uid11Xid::now())));
    // 2,000 a millisecond: under their rate (4,096), which a loop as fast as it can would
    // reach and then wait at (the run-ahead bound): see `paced`.
    let snowish = SnowishGenerator::new(1).unwrap();
    paced(&mut group, "snowish_generator_next", 2000, || {
        black_box(&snowish).next()
    });
    let ts_seq_rand = TsSeqRandGenerator::new();
    paced(&mut group, "ts_seq_rand_generator_next", 2000, || {
        black_box(&ts_seq_rand).next()
    });
    group.bench_function("full_rand_random", |b| {
        b.iter(|| black_box(FullRand::random()))
    });
    group.bench_function("system_clock_now_micros", |b| {
        b.iter(|| black_box(black_box(SystemClock).now_micros()))
    });
    group.finish();
}

criterion_group!(benches, encode, decode, generate);
criterion_main!(benches);
