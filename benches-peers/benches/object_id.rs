//! MongoDB's ObjectId: `idtypes::ObjectId` beside the `bson` crate's `oid::ObjectId` (the type
//! of MongoDB's Rust driver), in one run.
//!
//! - `object_id_parse`: the 24-digit text to an id (`ObjectId::parse`,
//!   `bson::oid::ObjectId::parse_str`).
//! - `object_id_encode`: an id to its text. `encode` is `ObjectId::encode` (on the stack; the
//!   `bson` crate has no such form); `display` is each crate's `Display` written into a
//!   `String` kept between iterations, the one way both give their text without allocating a
//!   new one; `to_string` and `to_hex` allocate theirs.
//! - `object_id_generate`: a new id from the process-wide generator (`ObjectId::now`,
//!   `bson::oid::ObjectId::new`).
//!
//! `object_id_parse` and `object_id_encode` follow the method of `support/mod.rs`: 1,024
//! distinct ids cycled (random bytes, in lowercase, every fourth one in uppercase for the
//! parse), the same output kept from every side (the 12 bytes parsed and whether they parsed;
//! the text). The generators keep each new id.

use std::{fmt::Write, hint::black_box};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::ObjectId;
use support::{Cycled, INPUTS, Same, Sequence, group, inputs};

/// The ids of both crates, of the same random bytes.
fn ids() -> Vec<(ObjectId, bson::oid::ObjectId)> {
    let mut random = Sequence::new(0x0b_1d);
    inputs(INPUTS, |_| {
        let mut bytes = [0u8; 12];
        bytes[..8].copy_from_slice(&random.next_u64().to_le_bytes());
        bytes[8..].copy_from_slice(&random.next_u64().to_le_bytes()[..4]);
        let ours = ObjectId::from_bytes(bytes);
        let theirs = bson::oid::ObjectId::parse_str(ours.to_string()).unwrap();
        assert_eq!(ours.to_bytes(), theirs.bytes());
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
    let texts: Vec<String> = ids()
        .iter()
        .enumerate()
        .map(|(i, (ours, _))| match i % 4 {
            3 => ours.to_string().to_uppercase(),
            _ => ours.to_string(),
        })
        .collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut group = Cycled::new(c, "object_id_parse", texts);
    group.parse("idtypes", |text| {
        ObjectId::parse(text).ok().map(|id| Bytes12(id.to_bytes()))
    });
    group.parse("bson", |text| {
        bson::oid::ObjectId::parse_str(text)
            .ok()
            .map(|id| Bytes12(id.bytes()))
    });
    group.finish();
}

fn encode(c: &mut Criterion) {
    let mut group = Cycled::new(c, "object_id_encode", ids());
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
        "bson/display",
        String::new(),
        |(_, theirs), out: &mut String| {
            out.clear();
            write!(out, "{theirs}").unwrap();
            out
        },
    );
    group.returned("idtypes/to_string", |(ours, _)| ours.to_string());
    group.returned("bson/to_hex", |(_, theirs)| theirs.to_hex());
    group.finish();
}

fn generate(c: &mut Criterion) {
    let mut group = group(c, "object_id_generate");
    // Both process-wide generators made before measuring.
    black_box((ObjectId::now(), bson::oid::ObjectId::new()));
    group.bench_function("idtypes", |b| b.iter(|| black_box(ObjectId::now())));
    group.bench_function("bson", |b| b.iter(|| black_box(bson::oid::ObjectId::new())));
    group.finish();
}

criterion_group!(benches, parse, encode, generate);
criterion_main!(benches);
