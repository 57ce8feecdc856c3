//! rs/xid's XID: `idtypes::RsXid` beside the `xid` crate (the Rust port of rs/xid), in one run.
//!
//! - `rs_xid_parse`: the 20-character text to an id (`RsXid::parse`, `xid::Id::from_str`).
//! - `rs_xid_encode`: an id to its text. `encode` is `RsXid::encode` (on the stack; the `xid`
//!   crate has no such form); `display` is each crate's `Display` written into a `String` kept
//!   between iterations, the one way both give their text, so that pair compares like with like.
//! - `rs_xid_generate`: a new id from the process-wide generator (`RsXid::now`, `xid::new`).
//! - `rs_xid_decompose`: the four parts of an id (seconds, machine id, process id, counter).
//!
//! Every result is kept where it was made and `black_box` gets a reference to it (see
//! `record_key.rs` for why).

use std::{fmt::Write, hint::black_box, str::FromStr};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::RsXid;
use support::{bench, group};

/// rs/xid's own test vector.
const TEXT: &str = "9m4e2mr0ui3e8a215n4g";

fn parse(c: &mut Criterion) {
    let ours = RsXid::parse(TEXT).unwrap();
    let theirs = xid::Id::from_str(TEXT).unwrap();
    assert_eq!(&ours.to_bytes(), theirs.as_bytes());
    let mut group = group(c, "rs_xid_parse");
    bench(&mut group, "idtypes", TEXT, RsXid::parse);
    bench(&mut group, "xid", TEXT, xid::Id::from_str);
    group.finish();
}

fn encode(c: &mut Criterion) {
    let ours = RsXid::parse(TEXT).unwrap();
    let theirs = xid::Id::from_str(TEXT).unwrap();
    assert_eq!(ours.to_string(), theirs.to_string());
    let mut group = group(c, "rs_xid_encode");
    bench(&mut group, "idtypes/encode", ours, RsXid::encode);
    let mut out = String::with_capacity(32);
    group.bench_function("idtypes/display", |b| {
        b.iter(|| {
            out.clear();
            write!(out, "{}", black_box(&ours)).unwrap();
            black_box(&out);
        })
    });
    group.bench_function("xid/display", |b| {
        b.iter(|| {
            out.clear();
            write!(out, "{}", black_box(&theirs)).unwrap();
            black_box(&out);
        })
    });
    bench(&mut group, "idtypes/to_string", ours, |id| id.to_string());
    bench(&mut group, "xid/to_string", theirs, |id| id.to_string());
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = group(c, "rs_xid_generate");
    // Both process-wide generators made before measuring.
    black_box((RsXid::now(), xid::new()));
    group.bench_function("idtypes", |b| b.iter(|| black_box(RsXid::now())));
    group.bench_function("xid", |b| b.iter(|| black_box(xid::new())));
    group.finish();
}

fn decompose(c: &mut Criterion) {
    let ours = RsXid::parse(TEXT).unwrap();
    let theirs = xid::Id::from_str(TEXT).unwrap();
    let mut group = group(c, "rs_xid_decompose");
    bench(&mut group, "idtypes", ours, |id| {
        (
            id.timestamp(),
            id.machine_id(),
            id.process_id(),
            id.counter(),
        )
    });
    bench(&mut group, "xid", theirs, |id| {
        (id.time(), id.machine(), id.pid(), id.counter())
    });
    group.finish();
}

criterion_group!(benches, parse, encode, generate, decompose);
criterion_main!(benches);
