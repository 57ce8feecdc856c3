//! Criterion benchmarks for [`idtypes::RecordKey`]: validating and storing a 13-character key
//! (the common TID-shaped key, stored inline) and a 512-character key (the longest, stored on
//! the heap), and validation alone, which never allocates.

use std::{hint::black_box, time::Duration};

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::{RecordKey, RecordKeyType};

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
    group.bench_function("validate_13", |b| {
        b.iter(|| black_box(RecordKey::validate(black_box(short))))
    });
    group.bench_function("parse_512", |b| {
        b.iter(|| black_box(RecordKey::parse(black_box(&long))))
    });
    group.bench_function("validate_512", |b| {
        b.iter(|| black_box(RecordKey::validate(black_box(&long))))
    });
    let nsid = RecordKey::parse("app.bsky.feed.post").unwrap();
    group.bench_function("check_nsid", |b| {
        b.iter(|| black_box(RecordKeyType::Nsid.check(black_box(&nsid))))
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
