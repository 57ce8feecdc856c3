//! TypeIDs and UUIDs: `idtypes` beside the TypeID crates and the `uuid` crate, in one run.
//!
//! - `typeid_parse`, `typeid_encode`: TypeIDs with the prefix `user` (31 characters), the
//!   prefix known only at run time: `idtypes::uuids::DynTypeId` beside type-safe-id's
//!   `TypeSafeId<DynamicType>` (the Rust implementation the specification lists first) and
//!   mti's `MagicTypeId`. `idtypes` is `str::parse` (`FromStr`, as for the others), `DynTypeId::parse`
//!   the `const fn`. `encode` is `DynTypeId::encode` (on the stack); `display` is each
//!   crate's `Display` written into a `String` kept between iterations, the one way all three
//!   give their text, so the groups compare like with like.
//! - `uuid_v7`: a new UUIDv7 from a generator of one's own (`UuidV7Generator::next`), from the
//!   process-wide one (`now_v7`), and from `uuid::Uuid::now_v7` (its shared context; random
//!   bits from `rand`, its `fast-rng` feature).
//! - `uuid_v4`: `idtypes::uuids::new_v4` beside `uuid::Uuid::new_v4` (`fast-rng`).
//! - `hyphenated_parse`, `hyphenated_encode`: the hyphenated text (36 characters): a typed UUID
//!   that chose it (`#[idtype(text = "hyphenated")]`, no prefix) and `parse_hyphenated` beside
//!   `uuid::Uuid::parse_str` and `try_parse`, and uuid-simd's `parse_hyphenated` (SIMD: AVX2
//!   on this machine, chosen at run time); `encode_hyphenated_fast` (AVX2 chosen at run time)
//!   and the `const` `encode_hyphenated`, on the stack, and a typed UUID's `Display` into a
//!   `String`, beside the uuid crate's `hyphenated().encode_lower` and uuid-simd's
//!   `format_hyphenated`, each into a buffer on the stack, and the uuid crate's `Display`.
//!
//! The codec groups follow the method of `support/mod.rs`: 1,024 distinct inputs cycled
//! (random UUIDs; TypeIDs of the prefix `user`), the same output kept from every side (the
//! parsed value in an `Option`; the text written, by reference) and checked equal before
//! timing. The generators keep each new id by reference.

use std::fmt::Write;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use idtypes::TypedId;
use idtypes::uuids::{DynTypeId, UuidV7Generator};
use support::{Cycled, INPUTS, Same, Sequence, bench, group, inputs};
use type_safe_id::{DynamicType, TypeSafeId};
use uuid_simd::AsOut;

/// The specification's example TypeID: the first input of the TypeID groups.
const TEXT: &str = "user_01h455vb4pex5vsknk084sn02q";

/// The UUIDs the groups cycle through: the TypeID specification's example first, then random
/// ones (a fixed sequence).
fn uuids() -> Vec<uuid::Uuid> {
    let mut random = Sequence::new(0x1d_7e5);
    inputs(INPUTS, |i| match i {
        0 => uuid::Uuid::from_u128(0x0189_0a5d_ac96_774b_bcce_b302_099a_8057),
        _ => uuid::Uuid::from_u128(random.next_u128()),
    })
}

impl Same for uuid::Uuid {
    fn same(&self) -> String {
        self.as_bytes().same()
    }
}

impl Same for DynTypeId {
    fn same(&self) -> String {
        self.to_string()
    }
}

impl Same for TypeSafeId<DynamicType> {
    fn same(&self) -> String {
        self.to_string()
    }
}

impl Same for mti::prelude::MagicTypeId {
    fn same(&self) -> String {
        self.to_string()
    }
}

impl Same for SessionId {
    fn same(&self) -> String {
        self.into_inner().same()
    }
}

fn typeid_parse(c: &mut Criterion) {
    let texts: Vec<String> = uuids()
        .into_iter()
        .map(|uuid| DynTypeId::new("user", uuid).unwrap().to_string())
        .collect();
    assert_eq!(texts[0], TEXT);
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut group = Cycled::new(c, "typeid_parse", texts);
    group.parse("idtypes", |text| text.parse::<DynTypeId>().ok());
    group.parse("idtypes DynTypeId::parse", |text| {
        DynTypeId::parse(text).ok()
    });
    group.parse("type-safe-id", |text| {
        text.parse::<TypeSafeId<DynamicType>>().ok()
    });
    group.parse("mti", |text| text.parse::<mti::prelude::MagicTypeId>().ok());
    group.finish();
}

fn typeid_encode(c: &mut Criterion) {
    type Theirs = TypeSafeId<DynamicType>;
    let ids: Vec<(DynTypeId, Theirs, mti::prelude::MagicTypeId)> = uuids()
        .into_iter()
        .map(|uuid| {
            let ours = DynTypeId::new("user", uuid).unwrap();
            let text = ours.to_string();
            (ours, text.parse().unwrap(), text.parse().unwrap())
        })
        .collect();
    let ids: Vec<&(DynTypeId, Theirs, mti::prelude::MagicTypeId)> = ids.iter().collect();
    let mut group = Cycled::new(c, "typeid_encode", ids);
    group.returned("idtypes encode", |(ours, _, _)| ours.encode());
    group.text(
        "idtypes display",
        String::new(),
        |(ours, _, _), out: &mut String| {
            out.clear();
            write!(out, "{ours}").unwrap();
            out
        },
    );
    group.text(
        "type-safe-id display",
        String::new(),
        |(_, theirs, _), out: &mut String| {
            out.clear();
            write!(out, "{theirs}").unwrap();
            out
        },
    );
    group.text(
        "mti display",
        String::new(),
        |(_, _, mti), out: &mut String| {
            out.clear();
            write!(out, "{mti}").unwrap();
            out
        },
    );
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

fn hyphenated_parse(c: &mut Criterion) {
    let texts: Vec<String> = uuids().iter().map(uuid::Uuid::to_string).collect();
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    let mut group = Cycled::new(c, "hyphenated_parse", texts);
    group.parse("idtypes typed", |text| SessionId::parse(text).ok());
    group.parse("idtypes parse_hyphenated", |text| {
        idtypes::uuids::parse_hyphenated(text).ok()
    });
    group.parse("uuid parse_str", |text| uuid::Uuid::parse_str(text).ok());
    group.parse("uuid try_parse", |text| uuid::Uuid::try_parse(text).ok());
    group.parse("uuid-simd parse_hyphenated", |text| {
        <uuid::Uuid as uuid_simd::UuidExt>::parse_hyphenated(text).ok()
    });
    group.finish();
}

fn hyphenated_encode(c: &mut Criterion) {
    let mut group = Cycled::new(c, "hyphenated_encode", uuids());
    group.returned("idtypes encode_hyphenated_fast", |uuid| {
        idtypes::uuids::encode_hyphenated_fast(uuid)
    });
    group.returned("idtypes encode_hyphenated (const)", |uuid| {
        idtypes::uuids::encode_hyphenated(uuid)
    });
    group.text(
        "idtypes typed display",
        String::new(),
        |uuid, out: &mut String| {
            out.clear();
            write!(out, "{}", SessionId::from(uuid)).unwrap();
            out
        },
    );
    group.text(
        "uuid encode_lower",
        [0u8; 36],
        |uuid, buffer: &mut [u8; 36]| uuid.hyphenated().encode_lower(buffer),
    );
    group.text(
        "uuid-simd format_hyphenated",
        [0u8; 36],
        |uuid, buffer: &mut [u8; 36]| {
            let text = uuid_simd::format_hyphenated(
                uuid.as_bytes(),
                buffer.as_out(),
                uuid_simd::AsciiCase::Lower,
            );
            // SAFETY: uuid-simd writes hex digits and hyphens, ASCII.
            unsafe { std::str::from_utf8_unchecked(text) }
        },
    );
    group.text("uuid display", String::new(), |uuid, out: &mut String| {
        out.clear();
        write!(out, "{uuid}").unwrap();
        out
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
