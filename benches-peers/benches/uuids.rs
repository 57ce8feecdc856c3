//! TypeIDs and UUIDs: `idtypes` beside the TypeID crates and the `uuid` crate, in one run.
//!
//! - `typeid_parse`, `typeid_encode`: a TypeID with the prefix `user` (31 characters), its
//!   prefix known only at run time: `idtypes::uuids::DynTypeId` beside type-safe-id's
//!   `TypeSafeId<DynamicType>` (the Rust implementation the specification lists first) and
//!   mti's `MagicTypeId`. `encode` is `DynTypeId::encode` (on the stack); `display` is each
//!   crate's `Display` written into a `String` kept between iterations, the one way all three
//!   give their text, so the groups compare like with like.
//! - `uuid_v7`: a new UUIDv7 from a generator of one's own (`UuidV7Generator::next`), from the
//!   process-wide one (`now_v7`), and from `uuid::Uuid::now_v7` (its shared context; random
//!   bits from `rand`, its `fast-rng` feature).
//! - `uuid_v4`: `idtypes::uuids::new_v4` beside `uuid::Uuid::new_v4` (`fast-rng`).
//! - `hyphenated_parse`, `hyphenated_encode`: the hyphenated text (36 characters): a typed UUID
//!   that chose it (`#[idtype(text = "hyphenated")]`, no prefix) and `parse_hyphenated` beside
//!   `uuid::Uuid::parse_str` and `try_parse`, and uuid-simd's `parse_hyphenated` (SIMD: AVX2
//!   on this machine, chosen at run time); `encode_hyphenated` (on the stack) beside the uuid
//!   crate's `hyphenated().encode_lower` and uuid-simd's `format_hyphenated`, each into a
//!   buffer on the stack.
//!
//! Every result is kept where it was made and `black_box` gets a reference to it (see
//! `record_key.rs` for why).

use std::{fmt::Write, hint::black_box};

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::TypedId;
use idtypes::uuids::{DynTypeId, UuidV7Generator};
use support::{bench, group};
use type_safe_id::{DynamicType, TypeSafeId};
use uuid_simd::AsOut;

const TEXT: &str = "user_01h455vb4pex5vsknk084sn02q";

fn typeid_parse(c: &mut Criterion) {
    let ours = DynTypeId::parse(TEXT).unwrap();
    let theirs: TypeSafeId<DynamicType> = TEXT.parse().unwrap();
    let mti: mti::prelude::MagicTypeId = TEXT.parse().unwrap();
    assert_eq!(theirs.uuid(), ours.uuid());
    assert_eq!(mti.to_string(), TEXT);
    let mut group = group(c, "typeid_parse");
    bench(&mut group, "idtypes", TEXT, DynTypeId::parse);
    bench(&mut group, "type-safe-id", TEXT, |text| {
        text.parse::<TypeSafeId<DynamicType>>()
    });
    bench(&mut group, "mti", TEXT, |text| {
        text.parse::<mti::prelude::MagicTypeId>()
    });
    group.finish();
}

fn typeid_encode(c: &mut Criterion) {
    let ours = DynTypeId::parse(TEXT).unwrap();
    let theirs: TypeSafeId<DynamicType> = TEXT.parse().unwrap();
    let mti: mti::prelude::MagicTypeId = TEXT.parse().unwrap();
    let mut group = group(c, "typeid_encode");
    bench(&mut group, "idtypes encode", &ours, DynTypeId::encode);
    let mut out = String::with_capacity(90);
    group.bench_function("idtypes display", |b| {
        b.iter(|| {
            out.clear();
            write!(out, "{}", black_box(&ours)).unwrap();
            black_box(&out);
        })
    });
    group.bench_function("type-safe-id display", |b| {
        b.iter(|| {
            out.clear();
            write!(out, "{}", black_box(&theirs)).unwrap();
            black_box(&out);
        })
    });
    group.bench_function("mti display", |b| {
        b.iter(|| {
            out.clear();
            write!(out, "{}", black_box(&mti)).unwrap();
            black_box(&out);
        })
    });
    group.finish();
}

fn uuid_v7(c: &mut Criterion) {
    let generator = UuidV7Generator::new();
    let mut group = group(c, "uuid_v7");
    bench(
        &mut group,
        "idtypes generator",
        &generator,
        UuidV7Generator::next,
    );
    bench(&mut group, "idtypes now_v7", (), |()| {
        idtypes::uuids::now_v7()
    });
    bench(&mut group, "uuid now_v7", (), |()| uuid::Uuid::now_v7());
    group.finish();
}

fn uuid_v4(c: &mut Criterion) {
    let mut group = group(c, "uuid_v4");
    bench(&mut group, "idtypes new_v4", (), |()| {
        idtypes::uuids::new_v4()
    });
    bench(&mut group, "uuid new_v4", (), |()| uuid::Uuid::new_v4());
    group.finish();
}

/// A typed UUID whose text is the hyphenated form.
#[derive(idtypes::Uuid)]
#[idtype(text = "hyphenated")]
struct SessionId(idtypes::Uuid);

const HYPHENATED: &str = "01890a5d-ac96-774b-bcce-b302099a8057";

fn hyphenated_parse(c: &mut Criterion) {
    let uuid = uuid::Uuid::parse_str(HYPHENATED).unwrap();
    assert_eq!(SessionId::parse(HYPHENATED).unwrap().into_inner(), uuid);
    assert_eq!(
        <uuid::Uuid as uuid_simd::UuidExt>::parse_hyphenated(HYPHENATED).unwrap(),
        uuid
    );
    let mut group = group(c, "hyphenated_parse");
    bench(&mut group, "idtypes typed", HYPHENATED, SessionId::parse);
    bench(
        &mut group,
        "idtypes parse_hyphenated",
        HYPHENATED,
        idtypes::uuids::parse_hyphenated,
    );
    bench(
        &mut group,
        "uuid parse_str",
        HYPHENATED,
        uuid::Uuid::parse_str,
    );
    bench(
        &mut group,
        "uuid try_parse",
        HYPHENATED,
        uuid::Uuid::try_parse,
    );
    bench(
        &mut group,
        "uuid-simd parse_hyphenated",
        HYPHENATED,
        <uuid::Uuid as uuid_simd::UuidExt>::parse_hyphenated,
    );
    group.finish();
}

fn hyphenated_encode(c: &mut Criterion) {
    let uuid = uuid::Uuid::parse_str(HYPHENATED).unwrap();
    assert_eq!(idtypes::uuids::encode_hyphenated(uuid), HYPHENATED);
    let mut buffer = [0u8; 36];
    let text = uuid_simd::format_hyphenated(
        uuid.as_bytes(),
        buffer.as_out(),
        uuid_simd::AsciiCase::Lower,
    );
    assert_eq!(text, HYPHENATED.as_bytes());
    let mut group = group(c, "hyphenated_encode");
    bench(
        &mut group,
        "idtypes encode_hyphenated",
        uuid,
        idtypes::uuids::encode_hyphenated,
    );
    bench(&mut group, "uuid encode_lower", uuid, |uuid| {
        let mut buffer = [0u8; uuid::fmt::Hyphenated::LENGTH];
        uuid.hyphenated().encode_lower(&mut buffer);
        buffer
    });
    bench(&mut group, "uuid-simd format_hyphenated", uuid, |uuid| {
        let mut buffer = [0u8; 36];
        // The text is `buffer`, kept below; the reference to it is not needed.
        let _ = uuid_simd::format_hyphenated(
            uuid.as_bytes(),
            buffer.as_out(),
            uuid_simd::AsciiCase::Lower,
        );
        buffer
    });
    group.finish();
}

criterion_group!(
    benches,
    typeid_parse,
    typeid_encode,
    uuid_v7,
    uuid_v4,
    hyphenated_parse,
    hyphenated_encode
);
criterion_main!(benches);
