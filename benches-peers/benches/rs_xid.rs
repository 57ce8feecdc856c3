//! rs/xid's XID: `idtypes::RsXid` beside the `xid` crate (the Rust port of rs/xid), in one run.
//!
//! - `rs_xid_parse`: the 20-character text to an id (`RsXid::parse`, `xid::Id::from_str`).
//! - `rs_xid_encode`: an id to its text. `encode` is `RsXid::encode` (on the stack; the `xid`
//!   crate has no such form); `display` is each crate's `Display` written into a `String` kept
//!   between iterations, the one way both give their text, so that pair compares like with like.
//! - `rs_xid_generate`: a new id from the process-wide generator (`RsXid::now`, `xid::new`).
//! - `rs_xid_decompose`: the four parts of an id (seconds, machine id, process id, counter).
//!
//! `rs_xid_parse`, `rs_xid_encode` and `rs_xid_decompose` follow the method of
//! `support/mod.rs`: 1,024 distinct ids cycled (rs/xid's test vector first, then random
//! bytes), the same output kept from every side (the 12 bytes parsed and whether they parsed;
//! the text, by reference; the four parts). The generators keep each new id.

use std::{fmt::Write, hint::black_box, str::FromStr};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::RsXid;
use support::{Cycled, INPUTS, Same, Sequence, group, inputs};

/// rs/xid's own test vector.
const TEXT: &str = "9m4e2mr0ui3e8a215n4g";

/// The ids of both crates, of the same bytes: `TEXT`'s, then random ones.
fn ids() -> Vec<(RsXid, xid::Id)> {
    let mut random = Sequence::new(0x71_d0);
    inputs(INPUTS, |i| {
        let ours = match i {
            0 => RsXid::parse(TEXT).unwrap(),
            _ => {
                let mut bytes = [0u8; 12];
                bytes[..8].copy_from_slice(&random.next_u64().to_le_bytes());
                bytes[8..].copy_from_slice(&random.next_u64().to_le_bytes()[..4]);
                RsXid::from_bytes(bytes)
            }
        };
        let theirs = xid::Id::from_str(&ours.to_string()).unwrap();
        assert_eq!(&ours.to_bytes(), theirs.as_bytes());
        (ours, theirs)
    })
}

struct Bytes12([u8; 12]);

impl Same for Bytes12 {
    fn same(&self) -> String {
        format!("{:02x?}", self.0)
    }
}

fn parse(c: &mut Criterion) {
    let texts: Vec<String> = ids().iter().map(|(ours, _)| ours.to_string()).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut group = Cycled::new(c, "rs_xid_parse", texts);
    group.parse("idtypes", |text| {
        RsXid::parse(text).ok().map(|id| Bytes12(id.to_bytes()))
    });
    group.parse("xid", |text| {
        xid::Id::from_str(text)
            .ok()
            .map(|id| Bytes12(*id.as_bytes()))
    });
    group.finish();
}

fn encode(c: &mut Criterion) {
    let mut group = Cycled::new(c, "rs_xid_encode", ids());
    group.returned("idtypes/encode", |(ours, _)| ours.encode());
    group.text(
        "idtypes/display",
        String::new(),
        |(ours, _), out: &mut String| {
            out.clear();
            write!(out, "{ours}").unwrap();
            out
        },
    );
    group.text(
        "xid/display",
        String::new(),
        |(_, theirs), out: &mut String| {
            out.clear();
            write!(out, "{theirs}").unwrap();
            out
        },
    );
    group.returned("idtypes/to_string", |(ours, _)| ours.to_string());
    group.returned("xid/to_string", |(_, theirs)| theirs.to_string());
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
    let mut group = Cycled::new(c, "rs_xid_decompose", ids());
    group.other("idtypes", |(ours, _)| {
        (
            ours.timestamp(),
            ours.machine_id(),
            ours.process_id(),
            ours.counter(),
        )
    });
    group.other("xid", |(_, theirs)| {
        (
            theirs.time(),
            theirs.machine(),
            theirs.pid(),
            theirs.counter(),
        )
    });
    group.finish();
}

criterion_group!(benches, parse, encode, generate, decompose);
criterion_main!(benches);
