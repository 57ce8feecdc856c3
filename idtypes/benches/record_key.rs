//! Criterion benchmarks for [`idtypes::RecordKey`]: validating and storing a 13-character key
//! (the common TID-shaped key, stored inline) and a 512-character key (the longest, stored on
//! the heap), and validation alone, which never allocates.
//!
//! `parse_13` passes the whole `Result` (64 bytes) out through `black_box` by value, as a caller
//! that moves it does; `parse_13_in_place` keeps it where it was built and hands out a
//! reference, which leaves out the copy (and the store-forwarding stall it can cost).
//!
//! Beside them in the same run: `validate_const` (the portable eight-bytes-at-a-time check that
//! `const` code gets), and `plain`, a straightforward table-driven loop with the same rules:
//! what a careful scalar implementation reaches. The other atproto crates are measured beside
//! `idtypes` in `benches-peers/` (a crate of its own, so that their dependencies stay out of
//! the workspace's builds).

use std::{hint::black_box, time::Duration};

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::RecordKey;
use idtypes::record_key::RecordKeyType;

#[path = "plain/record_key.rs"]
mod plain;
use plain::plain_validate;

fn parse(c: &mut Criterion) {
    let short = "3jzfcijpj2z2a";
    let long = "o".repeat(512);
    let mut group = c.benchmark_group("record_key");
    group
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    group.bench_function("parse_13", |b| {
        b.iter(|| black_box(RecordKey::parse(black_box(short))))
    });
    group.bench_function("parse_13_in_place", |b| {
        b.iter(|| {
            let key = RecordKey::parse(black_box(short));
            black_box(&key);
        })
    });
    group.bench_function("validate_13", |b| {
        b.iter(|| black_box(RecordKey::validate(black_box(short))))
    });
    group.bench_function("parse_512", |b| {
        b.iter(|| black_box(RecordKey::parse(black_box(&long))))
    });
    group.bench_function("validate_512", |b| {
        b.iter(|| black_box(RecordKey::validate(black_box(&long))))
    });
    group.bench_function("validate_const_13", |b| {
        b.iter(|| black_box(RecordKey::validate_const(black_box(short))))
    });
    group.bench_function("validate_const_512", |b| {
        b.iter(|| black_box(RecordKey::validate_const(black_box(&long))))
    });
    group.bench_function("plain_validate_13", |b| {
        b.iter(|| black_box(plain_validate(black_box(short.as_bytes()))))
    });
    group.bench_function("plain_validate_512", |b| {
        b.iter(|| black_box(plain_validate(black_box(long.as_bytes()))))
    });
    let nsid = RecordKey::parse("app.bsky.feed.post").unwrap();
    group.bench_function("check_nsid", |b| {
        b.iter(|| black_box(RecordKeyType::Nsid.check(black_box(&nsid))))
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
