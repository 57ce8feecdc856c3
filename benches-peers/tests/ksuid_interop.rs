//! idtypes' `Ksuid` beside svix-ksuid and ksuid: on the npm `ksuid` vectors all three read the
//! same bytes and write the same text, and ids made by each read in the others; and what each
//! does with the texts idtypes refuses (svix-ksuid keeps the low 20 bytes of a value above the
//! largest KSUID, where idtypes and both references refuse it).
//!
//! Run with `cargo test --manifest-path benches-peers/Cargo.toml --test ksuid_interop`.

use std::str::FromStr;

use idtypes::Ksuid;
use svix_ksuid::KsuidLike;

/// The `(text, bytes as hex)` of the valid vectors, and the invalid texts.
fn vectors() -> (Vec<(String, String)>, Vec<String>) {
    let path = format!(
        "{}/../tests/vectors/ksuid/ksuid.json",
        env!("CARGO_MANIFEST_DIR")
    );
    let text =
        std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("cannot read {path}: {err}"));
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let valid = json["valid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            (
                v["text"].as_str().unwrap().to_owned(),
                v["bytes"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    let invalid = json["invalid"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v["text"].as_str().unwrap().to_owned())
        .collect();
    (valid, invalid)
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[test]
fn the_three_agree_on_every_valid_vector() {
    let (valid, _) = vectors();
    assert!(valid.len() > 30);
    for (text, bytes) in valid {
        let ours = Ksuid::parse(&text).unwrap();
        let svix = svix_ksuid::Ksuid::from_str(&text).unwrap();
        let theirs = ksuid::Ksuid::from_base62(&text).unwrap();
        assert_eq!(hex(ours.as_bytes()), bytes, "{text}");
        assert_eq!(hex(svix.bytes()), bytes, "{text}");
        assert_eq!(hex(theirs.as_bytes()), bytes, "{text}");
        assert_eq!(svix.to_string(), text);
        assert_eq!(theirs.to_base62(), text);
        assert_eq!(ours.timestamp_seconds() as i64, svix.timestamp_seconds());
    }
}

#[test]
fn ids_made_by_each_read_in_the_others() {
    for _ in 0..100 {
        let ours = Ksuid::now();
        let svix = svix_ksuid::Ksuid::from_str(&ours.to_string()).unwrap();
        assert_eq!(svix.bytes(), ours.as_bytes());
        let theirs = svix_ksuid::Ksuid::new(None::<std::time::SystemTime>, None);
        assert_eq!(
            Ksuid::parse(&theirs.to_string()).unwrap().as_bytes(),
            theirs.bytes()
        );
        let old = ksuid::Ksuid::generate();
        assert_eq!(
            Ksuid::parse(&old.to_base62()).unwrap().as_bytes(),
            old.as_bytes()
        );
    }
}

#[test]
fn what_each_does_with_the_texts_idtypes_refuses() {
    let (_, invalid) = vectors();
    for text in &invalid {
        assert!(Ksuid::parse(text).is_err(), "{text:?}");
        // ksuid checks the alphabet and the largest value too.
        assert!(ksuid::Ksuid::from_base62(text).is_err(), "{text:?}");
    }
    // svix-ksuid keeps the low 20 bytes of a value above the largest: the largest plus one
    // reads as the nil KSUID, and a larger one as some other id.
    let above = svix_ksuid::Ksuid::from_str("aWgEPTl1tmebfsQzFP4bxwgy80W").unwrap();
    assert_eq!(above.bytes(), &[0u8; 20]);
    assert!(svix_ksuid::Ksuid::from_str("zzzzzzzzzzzzzzzzzzzzzzzzzzz").is_ok());
    // Characters outside the alphabet: refused by svix-ksuid as well.
    assert!(svix_ksuid::Ksuid::from_str("0ujtsYcgvSTl8PAuAdqWYSMnLO:").is_err());
}
