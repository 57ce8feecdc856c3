//! Criterion benchmarks for serde: every kind of id written to and read from JSON
//! (serde_json), postcard and DAG-CBOR (serde_ipld_dagcbor), beside a plain `String` holding
//! the same text in the same run.
//!
//! Measured, per type (`Tid`, `TimeId`, `Uid11Xid`, `Tbsl`, `RecordKey`, and typed ids over a TID,
//! a TimeId and a TBSL):
//!
//! - `to_json` / `from_json`: into a reused `Vec`, and from a `&str` (borrowed, no allocation
//!   on our side);
//! - `to_postcard` / `from_postcard`: onto a stack buffer, and from a slice;
//! - `to_dagcbor` / `from_dagcbor`: into a reused `Vec`, and from a slice.
//!
//! Run with `cargo bench -p idtypes --features derive,serde --bench serde`.

use std::hint::black_box;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::{RecordKey, Tbsl, Tid, TimeId, Uid11Xid};
use serde::{Serialize, de::DeserializeOwned};
use support::configure;

#[derive(Tid)]
#[idtype(prefix = "post")]
struct PostId(Tid);

#[derive(TimeId)]
#[idtype(prefix = "event")]
struct EventId(TimeId);

#[derive(Tbsl)]
#[idtype(prefix = "txn")]
struct TxnId(Tbsl);

/// The six measurements of one value, named `{name}_{operation}`.
fn bench_value<T>(c: &mut Criterion, name: &str, value: &T)
where
    T: Serialize + DeserializeOwned,
{
    let mut group = c.benchmark_group("serde");
    configure(&mut group);
    let json = serde_json::to_string(value).unwrap();
    let mut out = Vec::with_capacity(64);
    group.bench_function(format!("{name}_to_json"), |b| {
        b.iter(|| {
            out.clear();
            serde_json::to_writer(&mut out, black_box(value)).unwrap();
            black_box(out.len())
        })
    });
    group.bench_function(format!("{name}_from_json"), |b| {
        b.iter(|| serde_json::from_str::<T>(black_box(&json)).is_ok())
    });
    let mut buffer = [0u8; 64];
    let postcard = postcard::to_slice(value, &mut buffer).unwrap().to_vec();
    group.bench_function(format!("{name}_to_postcard"), |b| {
        b.iter(|| {
            let mut buffer = [0u8; 64];
            black_box(
                postcard::to_slice(black_box(value), &mut buffer)
                    .unwrap()
                    .len(),
            )
        })
    });
    group.bench_function(format!("{name}_from_postcard"), |b| {
        b.iter(|| postcard::from_bytes::<T>(black_box(&postcard)).is_ok())
    });
    let cbor = serde_ipld_dagcbor::to_vec(value).unwrap();
    group.bench_function(format!("{name}_to_dagcbor"), |b| {
        b.iter(|| {
            out.clear();
            serde_ipld_dagcbor::to_writer(&mut out, black_box(value)).unwrap();
            black_box(out.len())
        })
    });
    group.bench_function(format!("{name}_from_dagcbor"), |b| {
        b.iter(|| serde_ipld_dagcbor::from_slice::<T>(black_box(&cbor)).is_ok())
    });
    group.finish();
}

fn serde(c: &mut Criterion) {
    let tid: Tid = "3jzfcijpj2z2a".parse().unwrap();
    let time_id: TimeId = "3kxnlhr3gxq23".parse().unwrap();
    let tbsl: Tbsl = "25BF6196C8D610700001".parse().unwrap();
    bench_value(c, "tid", &tid);
    bench_value(c, "time_id", &time_id);
    bench_value(c, "xid", &"1111111NVpb".parse::<Uid11Xid>().unwrap());
    bench_value(c, "tbsl", &tbsl);
    bench_value(c, "record_key", &RecordKey::parse("3jzfcijpj2z2a").unwrap());
    bench_value(c, "post_id", &PostId::from_inner(tid));
    bench_value(c, "event_id", &EventId::from_inner(time_id));
    bench_value(c, "txn_id", &TxnId::from_inner(tbsl));
    // The same text in a plain `String`: what a string-backed TID type costs.
    bench_value(c, "string", &String::from("3jzfcijpj2z2a"));
}

criterion_group!(benches, serde);
criterion_main!(benches);
