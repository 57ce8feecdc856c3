//! Record keys: `idtypes` beside other atproto crates and a plain reference loop, in one run.
//!
//! Each group is one operation on one key, a 13-character TID-shaped key (the common one) and
//! a 512-character key (the longest):
//!
//! - `validate`: check the text without building a value (`RecordKey::validate`, jacquard's
//!   borrowed `Rkey::<&str>::new`, proto-blue's `RecordKey::is_valid`; atrium has no check
//!   apart from building its owned key, so it is not in these groups);
//! - `parse`: check and build an owned key (`RecordKey::parse`, jacquard's
//!   `Rkey::<SmolStr>::new_owned`, proto-blue's and atrium's `RecordKey::new`).
//!
//! `plain` is the rules written plainly (length, the reserved `.` and `..`, one table lookup
//! per byte), with the text copied into a `String` for `parse`: what a careful scalar
//! implementation reaches.
//!
//! The method of `support/mod.rs`: 1,024 distinct keys of each length cycled (TIDs for the
//! 13-character groups, random keys of the whole character set for the 512-character ones),
//! the same output kept from every side: whether the key is valid; for `parse`, the owned key
//! in an `Option`, by reference (each side's key compared by its text before timing).

#[path = "../../idtypes/benches/plain/record_key.rs"]
mod plain;
use plain::plain_validate;

mod support;

use criterion::{Criterion, criterion_group, criterion_main};
use support::{Cycled, INPUTS, Same, Sequence, inputs};

/// Its owned key (the default type parameter: a `SmolStr`, inline up to 23 bytes).
type JacquardKey = jacquard_common::types::recordkey::Rkey;
type AtriumKey = atrium_api::types::string::RecordKey;

/// The keys of each length: TIDs of 13 characters (the first `3jzfcijpj2z2a`), and random
/// keys of 512 characters of the whole character set.
fn keys() -> [(&'static str, Vec<String>); 2] {
    let alphabet = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789.-_~:";
    let mut random = Sequence::new(0x4e_c0);
    let tids = inputs(INPUTS, |i| match i {
        0 => "3jzfcijpj2z2a".to_owned(),
        _ => idtypes::Tid::from_u64(random.next_u64() >> 1).to_string(),
    });
    let long = inputs(INPUTS, |_| {
        (0..512)
            .map(|_| char::from(alphabet[(random.next_u64() % alphabet.len() as u64) as usize]))
            .collect()
    });
    [("13", tids), ("512", long)]
}

impl Same for idtypes::RecordKey {
    fn same(&self) -> String {
        self.as_str().to_owned()
    }
}

impl Same for String {
    fn same(&self) -> String {
        self.clone()
    }
}

impl Same for JacquardKey {
    fn same(&self) -> String {
        self.as_ref().to_owned()
    }
}

impl Same for proto_blue_syntax::RecordKey {
    fn same(&self) -> String {
        self.as_str().to_owned()
    }
}

impl Same for AtriumKey {
    fn same(&self) -> String {
        AsRef::<str>::as_ref(self).to_owned()
    }
}

fn validate(c: &mut Criterion) {
    for (len, keys) in keys() {
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let mut group = Cycled::new(c, &format!("validate_{len}"), keys);
        group.parse("idtypes", |key| idtypes::RecordKey::validate(key).ok());
        group.parse("plain", |key| plain_validate(key.as_bytes()).then_some(()));
        group.parse("jacquard", |key| {
            jacquard_common::types::recordkey::Rkey::new(key)
                .ok()
                .map(|_| ())
        });
        group.parse("proto-blue", |key| {
            proto_blue_syntax::RecordKey::is_valid(key).then_some(())
        });
        group.finish();
    }
}

fn parse(c: &mut Criterion) {
    for (len, keys) in keys() {
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        let mut group = Cycled::new(c, &format!("parse_{len}"), keys);
        group.parse("idtypes", |key| idtypes::RecordKey::parse(key).ok());
        group.parse("plain", plain_parse);
        group.parse("jacquard", |key| JacquardKey::new_owned(key).ok());
        group.parse("proto-blue", |key| {
            proto_blue_syntax::RecordKey::new(key).ok()
        });
        group.parse("atrium", |key| key.parse::<AtriumKey>().ok());
        group.finish();
    }
}

/// [`plain_validate`], then the text copied into a `String`.
fn plain_parse(text: &str) -> Option<String> {
    plain_validate(text.as_bytes()).then(|| text.to_owned())
}

criterion_group!(benches, validate, parse);
criterion_main!(benches);
