//! Criterion benchmarks for typed ids (the derive macros), beside their inner formats in the
//! same run: what a prefix costs.
//!
//! Measured:
//!
//! - `typed parse`: `post_3jzfcijpj2z2a` into a `PostId` (prefix check, then [`Tid::parse`]),
//!   against [`Tid::parse`] of the bare text; the same for a checked type (a `validate`
//!   function) and for a TBSL; a wrong prefix (the error path); 100 MB of hostile text, with
//!   and without the prefix (refused without reading it all).
//! - `typed display`: the prefixed text from the typed `encode()` (on the stack) and written
//!   into a stack buffer through `Display`, against `Display` of the bare [`Tid`] and
//!   [`Tid::encode`].
//! - `typed serde`: a `PostId` to and from a JSON string with serde_json, against a bare `Tid`.
//! - `typed format methods`: what the format's extension trait (`TypedTid`) does for a typed
//!   id, against the same function of the bare `Tid`: the range of a text prefix
//!   (`range_for_prefix`, which takes the type's prefix off), of a span of microseconds
//!   (`range_for_micros`), an id of a given time (`at`, a random clock id) and the timestamp.
//!
//! Target: a typed id costs at most a few nanoseconds over its inner format.
//!
//! Run with `cargo bench -p idtypes --features derive,serde --bench typed`.

use std::{fmt::Write, hint::black_box};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::prelude::*;
use idtypes::{Tbsl, Tid};
use support::configure;

#[derive(Tid)]
#[idtype(prefix = "post")]
struct PostId(Tid);

fn not_before_2020(tid: &Tid) -> Result<(), &'static str> {
    if tid.timestamp_micros() < 1_577_836_800_000_000 {
        Err("post ids start in 2020")
    } else {
        Ok(())
    }
}

#[derive(Tid)]
#[idtype(prefix = "post", validate = not_before_2020)]
struct CheckedPostId(Tid);

#[derive(Tbsl)]
#[idtype(prefix = "txn")]
struct TxnId(Tbsl);

const TID_TEXT: &str = "3jzfcijpj2z2a";
const POST_TEXT: &str = "post_3jzfcijpj2z2a";
const TBSL_TEXT: &str = "25BF6196C8D610700001";
const TXN_TEXT: &str = "txn_25BF6196C8D610700001";

/// A stack buffer for `Display`, so that the figure is the formatting, not an allocation.
struct Buffer {
    len: usize,
    bytes: [u8; 64],
}

impl Write for Buffer {
    fn write_str(&mut self, text: &str) -> std::fmt::Result {
        let end = self.len + text.len();
        self.bytes
            .get_mut(self.len..end)
            .ok_or(std::fmt::Error)?
            .copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }
}

fn display_len(value: &impl std::fmt::Display) -> usize {
    let mut buffer = Buffer {
        len: 0,
        bytes: [0; 64],
    };
    write!(buffer, "{value}").unwrap();
    black_box(&buffer.bytes[..buffer.len]).len()
}

fn parse(c: &mut Criterion) {
    let mut group = c.benchmark_group("typed parse");
    configure(&mut group);
    group.bench_function("tid_parse", |b| {
        b.iter(|| black_box(Tid::parse(black_box(TID_TEXT))).is_ok())
    });
    group.bench_function("post_id_parse", |b| {
        b.iter(|| black_box(PostId::parse(black_box(POST_TEXT))).is_ok())
    });
    group.bench_function("checked_post_id_parse", |b| {
        b.iter(|| black_box(CheckedPostId::parse(black_box(POST_TEXT))).is_ok())
    });
    group.bench_function("post_id_wrong_prefix", |b| {
        b.iter(|| black_box(PostId::parse(black_box("user_3jzfcijpj2z2a"))).is_ok())
    });
    // Hostile input: 100 MB after the prefix (the length error), and without any separator
    // (the prefix error); both must cost what a short text's error does.
    let huge = format!("post_{}", "2".repeat((100 << 20) - 5));
    group.bench_function("post_id_100mb", |b| {
        b.iter(|| black_box(PostId::parse(black_box(&huge))).is_ok())
    });
    let huge = huge.replacen("post_", "user2", 1);
    group.bench_function("post_id_100mb_wrong_prefix", |b| {
        b.iter(|| black_box(PostId::parse(black_box(&huge))).is_ok())
    });
    drop(huge);
    group.bench_function("tbsl_parse", |b| {
        b.iter(|| black_box(Tbsl::parse(black_box(TBSL_TEXT))).is_ok())
    });
    group.bench_function("txn_id_parse", |b| {
        b.iter(|| black_box(TxnId::parse(black_box(TXN_TEXT))).is_ok())
    });
    group.finish();
}

fn display(c: &mut Criterion) {
    let tid: Tid = TID_TEXT.parse().unwrap();
    let post = PostId::from_inner(tid);
    let mut group = c.benchmark_group("typed display");
    configure(&mut group);
    group.bench_function("tid_encode", |b| {
        b.iter(|| black_box(black_box(tid).encode().as_str()).len())
    });
    group.bench_function("tid_display", |b| b.iter(|| display_len(black_box(&tid))));
    group.bench_function("post_id_encode", |b| {
        b.iter(|| black_box(black_box(post).encode().as_str()).len())
    });
    group.bench_function("post_id_display", |b| {
        b.iter(|| display_len(black_box(&post)))
    });
    group.finish();
}

fn serde(c: &mut Criterion) {
    let tid: Tid = TID_TEXT.parse().unwrap();
    let post = PostId::from_inner(tid);
    let tid_json = serde_json::to_string(&tid).unwrap();
    let post_json = serde_json::to_string(&post).unwrap();
    let mut group = c.benchmark_group("typed serde");
    configure(&mut group);
    group.bench_function("tid_to_json", |b| {
        b.iter(|| serde_json::to_string(black_box(&tid)).unwrap())
    });
    group.bench_function("post_id_to_json", |b| {
        b.iter(|| serde_json::to_string(black_box(&post)).unwrap())
    });
    group.bench_function("tid_from_json", |b| {
        b.iter(|| serde_json::from_str::<Tid>(black_box(&tid_json)).unwrap())
    });
    group.bench_function("post_id_from_json", |b| {
        b.iter(|| serde_json::from_str::<PostId>(black_box(&post_json)).unwrap())
    });
    group.finish();
}

fn format_methods(c: &mut Criterion) {
    let tid: Tid = TID_TEXT.parse().unwrap();
    let post = PostId::from_inner(tid);
    let time = std::time::UNIX_EPOCH + std::time::Duration::from_micros(1_688_137_381_887_007);
    let mut group = c.benchmark_group("typed format methods");
    configure(&mut group);
    group.bench_function("tid_range_for_prefix", |b| {
        b.iter(|| Tid::range_for_prefix(black_box("3jzf")))
    });
    group.bench_function("post_id_range_for_prefix", |b| {
        b.iter(|| PostId::range_for_prefix(black_box("post_3jzf")))
    });
    group.bench_function("tid_range_for_micros", |b| {
        b.iter(|| Tid::range_for_micros(black_box(1_000), black_box(2_000_000)))
    });
    group.bench_function("post_id_range_for_micros", |b| {
        b.iter(|| PostId::range_for_micros(black_box(1_000), black_box(2_000_000)))
    });
    group.bench_function("tid_at", |b| b.iter(|| Tid::at(black_box(time))));
    group.bench_function("post_id_at", |b| b.iter(|| PostId::at(black_box(time))));
    group.bench_function("tid_timestamp_micros", |b| {
        b.iter(|| black_box(tid).timestamp_micros())
    });
    group.bench_function("post_id_timestamp_micros", |b| {
        b.iter(|| black_box(post).timestamp_micros())
    });
    group.finish();
}

criterion_group!(benches, parse, display, serde, format_methods);
criterion_main!(benches);
