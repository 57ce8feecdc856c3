//! The everyday traits, the same way across the formats and typed ids: `Default` is the `MIN`
//! id wherever a format has a natural value and the type has no checks; `AsRef<str>` and
//! `Borrow<str>` exactly where a value is its text and compares and hashes as that text.

use std::borrow::Borrow;
use std::collections::{BTreeSet, HashSet};
use std::hash::{BuildHasher, RandomState};
use std::marker::PhantomData;

use idtypes::{
    FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, TypedId, Uid11,
    Uid11Xid, Ulid,
};
use idtypes_tests::typed::{
    ChatId, EventId, FileId, JobId, MsgId, NoteKey, OrderId, PaymentId, PostId, TokenId, TxnId,
};

use crate::sqlx_derive::{PostKey, ProfileKey, RecentPostId, TagKey};

/// Whether a type implements a trait, asked of concrete types at compile time: the inherent
/// constant of [`Probe`] where its bound holds, the trait's `false` where it does not.
trait Lacks {
    const DEFAULT: bool = false;
    const BORROWS_STR: bool = false;
    const AS_REF_STR: bool = false;
}

struct Probe<T>(PhantomData<T>);

impl<T> Lacks for Probe<T> {}

impl<T: Default> Probe<T> {
    const DEFAULT: bool = true;
}

/// `Borrow<str>` (a second inherent impl per trait: the constants' names differ).
struct BorrowProbe<T>(PhantomData<T>);

impl<T> Lacks for BorrowProbe<T> {}

impl<T: Borrow<str>> BorrowProbe<T> {
    const BORROWS_STR: bool = true;
}

struct AsRefProbe<T>(PhantomData<T>);

impl<T> Lacks for AsRefProbe<T> {}

impl<T: AsRef<str>> AsRefProbe<T> {
    const AS_REF_STR: bool = true;
}

#[test]
fn the_probes_tell_an_impl_from_its_absence() {
    const { assert!(Probe::<u8>::DEFAULT) };
    const { assert!(!Probe::<std::fs::File>::DEFAULT) };
    const { assert!(BorrowProbe::<String>::BORROWS_STR) };
    const { assert!(!BorrowProbe::<Vec<u8>>::BORROWS_STR) };
    const { assert!(AsRefProbe::<String>::AS_REF_STR) };
    const { assert!(!AsRefProbe::<u64>::AS_REF_STR) };
}

#[test]
fn every_format_with_a_natural_value_defaults_to_its_min_the_nil_id() {
    assert_eq!(Tid::default(), Tid::MIN);
    assert_eq!(Tid::default().to_string(), "2222222222222");
    assert_eq!(TimeId::default(), TimeId::MIN);
    assert_eq!(Uid11::default(), Uid11::MIN);
    assert_eq!(Uid11::default().to_string(), "11111111111");
    assert_eq!(Uid11Xid::default(), Uid11Xid::MIN);
    assert_eq!(Snowish::default(), Snowish::MIN);
    assert_eq!(TsSeqRand::default().to_u64(), 0);
    assert_eq!(FullRand::default().to_u64(), 0);
    assert_eq!(Snowflake::default(), Snowflake::MIN);
    assert_eq!(Snowflake::default().to_string(), "0");
    assert_eq!(Tbsl::default(), Tbsl::MIN);
    assert_eq!(Tbsl::default().to_string(), "00000000000000000000");
    assert_eq!(Ulid::default(), Ulid::MIN);
    assert_eq!(Ulid::default().to_string(), "00000000000000000000000000");
    assert_eq!(idtypes::Ksuid::default(), idtypes::Ksuid::MIN);
    assert_eq!(
        idtypes::Ksuid::default().to_string(),
        "000000000000000000000000000"
    );
    assert_eq!(idtypes::Sonyflake::default(), idtypes::Sonyflake::MIN);
    assert_eq!(idtypes::Sonyflake::default().to_string(), "0");
    assert_eq!(idtypes::RsXid::default(), idtypes::RsXid::NIL);
    assert_eq!(
        idtypes::RsXid::default().to_string(),
        "00000000000000000000"
    );
    assert_eq!(idtypes::ObjectId::default(), idtypes::ObjectId::MIN);
    assert_eq!(
        idtypes::ObjectId::default().to_string(),
        "000000000000000000000000"
    );
    // No record key is empty: none is the natural one.
    const { assert!(!Probe::<RecordKey>::DEFAULT) };
}

#[test]
fn typed_ids_default_to_the_inner_min_only_without_checks() {
    fn min<T: TypedId + Default>(inner_min: T::Inner) {
        assert_eq!(T::default().into_inner(), inner_min);
    }
    min::<PostId>(Tid::MIN);
    min::<EventId>(TimeId::MIN);
    min::<FileId>(Uid11::MIN);
    min::<OrderId>(Uid11Xid::MIN);
    min::<JobId>(Snowish::MIN);
    min::<MsgId>(TsSeqRand::MIN);
    min::<TokenId>(FullRand::MIN);
    min::<ChatId>(Snowflake::MIN);
    min::<TxnId>(Tbsl::MIN);
    min::<PaymentId>(Ulid::MIN);
    min::<idtypes_tests::typed::TraceId>(idtypes::Ksuid::MIN);
    min::<idtypes_tests::typed::BatchId>(idtypes::Sonyflake::MIN);
    min::<idtypes_tests::typed::RequestId>(idtypes::RsXid::MIN);
    assert_eq!(PostId::default().to_string(), "post_2222222222222");
    // A default could fail the type's checks, and `Default` cannot fail.
    const { assert!(!Probe::<RecentPostId>::DEFAULT) };
    const { assert!(!Probe::<TagKey>::DEFAULT) };
    // Record keys have none, whether typed or not, checked or not.
    const { assert!(!Probe::<NoteKey>::DEFAULT) };
    const { assert!(!Probe::<ProfileKey>::DEFAULT) };
}

#[test]
fn a_record_key_is_looked_up_by_its_text() {
    let keys: HashSet<RecordKey> = ["self", "3jzfcijpj2z2a", "Self", &"k".repeat(40)]
        .into_iter()
        .map(|key| RecordKey::parse(key).unwrap())
        .collect();
    assert!(keys.contains("self"));
    assert!(keys.contains("Self"));
    assert!(keys.contains("k".repeat(40).as_str()));
    assert!(!keys.contains("SELF"));
    // `Borrow` needs the hash, equality and order of the text.
    let state = RandomState::new();
    for key in &keys {
        assert_eq!(state.hash_one(key), state.hash_one(key.as_str()));
    }
    let ordered: BTreeSet<RecordKey> = keys.iter().cloned().collect();
    let texts: BTreeSet<&str> = keys.iter().map(RecordKey::as_str).collect();
    assert!(
        ordered
            .iter()
            .map(RecordKey::as_str)
            .eq(texts.iter().copied())
    );
    assert!(ordered.contains("3jzfcijpj2z2a"));
    assert_eq!(AsRef::<str>::as_ref(&RecordKey::SELF), "self");
}

#[test]
fn a_typed_record_key_without_a_prefix_is_looked_up_by_its_text() {
    let keys: HashSet<PostKey> = ["3jzfcijpj2z2a", "3jzfcijpj2z2b"]
        .into_iter()
        .map(|key| key.parse().unwrap())
        .collect();
    assert!(keys.contains("3jzfcijpj2z2a"));
    assert!(!keys.contains("3jzfcijpj2z2c"));
    let state = RandomState::new();
    for key in &keys {
        assert_eq!(
            state.hash_one(key),
            state.hash_one(key.to_string().as_str())
        );
        assert_eq!(AsRef::<str>::as_ref(key), key.to_string());
    }
    let profiles: BTreeSet<ProfileKey> = ["self".parse().unwrap()].into();
    assert!(profiles.contains("self"));
    const { assert!(BorrowProbe::<ProfileKey>::BORROWS_STR) };
    const { assert!(AsRefProbe::<ProfileKey>::AS_REF_STR) };
}

#[test]
fn a_typed_record_key_with_a_prefix_is_not_its_text() {
    // `note_self` prints the prefix, but compares as `self`: neither `&str` would be right.
    let note: NoteKey = "note_self".parse().unwrap();
    assert_eq!(note.to_string(), "note_self");
    assert_eq!(note.as_str(), "self");
    const { assert!(!BorrowProbe::<NoteKey>::BORROWS_STR) };
    const { assert!(!AsRefProbe::<NoteKey>::AS_REF_STR) };
    const { assert!(!BorrowProbe::<TagKey>::BORROWS_STR) };
    // Fixed-size ids hold no text to lend: `encode()` makes it on the stack.
    const { assert!(!BorrowProbe::<Tid>::BORROWS_STR && !AsRefProbe::<Tid>::AS_REF_STR) };
    const { assert!(!BorrowProbe::<PostId>::BORROWS_STR) };
}
