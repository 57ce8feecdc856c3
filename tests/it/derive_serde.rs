//! serde for typed ids (the derive macros): the prefixed text in human-readable formats
//! (serde_json), and in binary ones (postcard) the prefixed text too over a TID or a record key,
//! the inner id's raw form over the others; the type's checks on both.

use std::collections::BTreeMap;

use idtypes::{FullRand, RecordKey, Tid, TypedId, serde::SerdeId};
use idtypes_tests::typed::{EventId, FileId, JobId, MsgId, OrderId, TxnId};
use serde::{Deserialize, Serialize};

#[derive(Tid)]
#[idtype(prefix = "post")]
pub struct PostId(Tid);

#[derive(Tid)]
#[idtype(prefix = "user")]
pub struct UserId(Tid);

#[derive(FullRand)]
pub struct Token(FullRand);

#[derive(RecordKey)]
#[idtype(prefix = "key")]
pub struct AnyKey(RecordKey);

#[derive(RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(RecordKey);

fn clock_id_zero(tid: &Tid) -> Result<(), String> {
    match tid.clock_id() {
        0 => Ok(()),
        other => Err(format!("clock id {other} is not 0")),
    }
}

#[derive(Tid)]
#[idtype(prefix = "chk", validate = clock_id_zero)]
pub struct CheckedId(Tid);

/// `CheckedId`'s rule, but what it deserializes is trusted (documents this program wrote).
#[derive(Tid)]
#[idtype(prefix = "chk", validate = clock_id_zero, deserialize = "trust")]
pub struct TrustingId(Tid);

/// `3jzfcijpj2z2a`: clock id 6.
const TID: Tid = idtypes::tid!("3jzfcijpj2z2a");

fn clock_zero_tid() -> Tid {
    Tid::from_parts(1_688_137_381_887_007, 0).unwrap()
}

#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct Post {
    id: PostId,
    author: UserId,
    reply_to: Option<PostId>,
}

fn post() -> Post {
    Post {
        id: "post_3jzfcijpj2z2a".parse().unwrap(),
        author: "user_3jzfcijpj2z2b".parse().unwrap(),
        reply_to: None,
    }
}

/// One example of every format, typed.
macro_rules! for_every_format {
    ($check:ident) => {
        $check(PostId::from_inner(TID));
        $check(EventId::from_inner("3kxnlhr3gxq23".parse().unwrap()));
        $check(FileId::from_inner("113q8KFkAEs".parse().unwrap()));
        $check(OrderId::from_inner("113q8KFkAEs".parse().unwrap()));
        $check(JobId::from_inner("1111111NVpb".parse().unwrap()));
        $check(MsgId::from_inner("1111111NVpb".parse().unwrap()));
        $check(Token::from_inner("jpXCZedGfVQ".parse().unwrap()));
        $check(TxnId::from_inner("25BF6196C8D610700000".parse().unwrap()));
        $check(AnyKey::from_inner("app.bsky.feed.post".parse().unwrap()));
    };
}

// ---------------------------------------------------------------------------------------------
// JSON: the prefixed text

#[test]
fn a_typed_id_is_its_prefixed_text_in_json() {
    let id = PostId::from_inner(TID);
    assert_eq!(
        serde_json::to_string(&id).unwrap(),
        r#""post_3jzfcijpj2z2a""#
    );
}

#[test]
fn every_format_is_its_display_text_in_json_and_round_trips() {
    fn check<T>(id: T)
    where
        T: TypedId + Serialize + for<'de> Deserialize<'de>,
    {
        let json = serde_json::to_string(&id).unwrap();
        assert_eq!(json, format!("\"{id}\""));
        assert_eq!(serde_json::from_str::<T>(&json).unwrap(), id);
    }
    for_every_format!(check);
}

#[test]
fn typed_ids_inside_a_struct_are_their_prefixed_texts() {
    let json = serde_json::to_string(&post()).unwrap();
    assert_eq!(
        json,
        r#"{"id":"post_3jzfcijpj2z2a","author":"user_3jzfcijpj2z2b","reply_to":null}"#
    );
    assert_eq!(serde_json::from_str::<Post>(&json).unwrap(), post());
}

#[test]
fn typed_ids_are_json_map_keys() {
    let map: BTreeMap<PostId, u32> = [(PostId::from_inner(TID), 7)].into();
    let json = serde_json::to_string(&map).unwrap();
    assert_eq!(json, r#"{"post_3jzfcijpj2z2a":7}"#);
    assert_eq!(
        serde_json::from_str::<BTreeMap<PostId, u32>>(&json).unwrap(),
        map
    );
}

#[test]
fn a_wrong_prefix_in_json_is_a_serde_error_with_the_idtypes_message() {
    let err = serde_json::from_str::<PostId>(r#""user_3jzfcijpj2z2a""#).unwrap_err();
    assert!(err.is_data(), "{err}");
    assert!(
        err.to_string()
            .starts_with("invalid PostId: expected the prefix `post_`, found `user_`"),
        "{err}"
    );
}

#[test]
fn a_wrong_prefix_inside_a_struct_names_the_field_type() {
    let json = r#"{"id":"post_3jzfcijpj2z2a","author":"post_3jzfcijpj2z2b","reply_to":null}"#;
    let err = serde_json::from_str::<Post>(json).unwrap_err();
    assert!(
        err.to_string()
            .contains("invalid UserId: expected the prefix `user_`, found `post_`"),
        "{err}"
    );
}

#[test]
fn an_inner_error_in_json_is_positioned_in_the_whole_text() {
    let err = serde_json::from_str::<PostId>(r#""post_3jzfcijpj2z21""#).unwrap_err();
    assert!(
        err.to_string().starts_with(
            "invalid PostId: unexpected character '1' at byte 17 (in the atproto TID), \
             expected one of `234567abcdefghijklmnopqrstuvwxyz`"
        ),
        "{err}"
    );
}

#[test]
fn json_that_is_not_a_string_says_what_was_expected() {
    let err = serde_json::from_str::<PostId>("5").unwrap_err();
    assert!(
        err.to_string().starts_with(
            "invalid type: integer `5`, expected a PostId as a string: `post_` then the \
             atproto TID"
        ),
        "{err}"
    );
    let err = serde_json::from_str::<Token>("[]").unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid type: sequence, expected a Token as a string"),
        "{err}"
    );
}

#[test]
fn the_validator_runs_on_json_deserialize() {
    let err = serde_json::from_str::<CheckedId>(r#""chk_3jzfcijpj2z2a""#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid CheckedId: clock id 6 is not 0"),
        "{err}"
    );
    let accepted = format!("\"chk_{}\"", clock_zero_tid());
    assert_eq!(
        serde_json::from_str::<CheckedId>(&accepted)
            .unwrap()
            .into_inner(),
        clock_zero_tid()
    );
}

#[test]
fn a_type_that_trusts_its_input_deserializes_what_its_validator_refuses() {
    let json = r#""chk_3jzfcijpj2z2a""#;
    assert!(clock_id_zero(&TID).is_err());
    let trusted: TrustingId = serde_json::from_str(json).unwrap();
    assert_eq!(trusted.into_inner(), TID);
    // The checks still run where the program builds or parses a value itself.
    assert!(TrustingId::parse("chk_3jzfcijpj2z2a").is_err());
    assert!(TrustingId::from_inner(TID).is_err());
    // Trusting skips the type's checks only: the prefix and the format are still read.
    let err = serde_json::from_str::<TrustingId>(r#""post_3jzfcijpj2z2a""#).unwrap_err();
    assert!(err.to_string().contains("the prefix `chk_`"), "{err}");
    let err = serde_json::from_str::<TrustingId>(r#""chk_3jzfcijpj2z2"""#).unwrap_err();
    assert!(err.to_string().contains("expected 17 bytes"), "{err}");

    let bytes = postcard::to_allocvec("chk_3jzfcijpj2z2a").unwrap();
    assert_eq!(
        postcard::from_bytes::<TrustingId>(&bytes)
            .unwrap()
            .into_inner(),
        TID
    );
    assert!(postcard::from_bytes::<CheckedId>(&bytes).is_err());
}

#[test]
fn a_key_type_refuses_a_wrong_key_on_json_deserialize() {
    let err = serde_json::from_str::<PostKey>(r#""self""#).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("invalid PostKey: expected 13 bytes (the atproto TID), found 4 bytes"),
        "{err}"
    );
    let key: PostKey = serde_json::from_str(r#""3jzfcijpj2z2a""#).unwrap();
    assert_eq!(key.as_str(), "3jzfcijpj2z2a");
}

#[test]
fn a_borrowed_json_string_deserializes() {
    let json = String::from(r#""post_3jzfcijpj2z2a""#);
    let id: PostId = serde_json::from_str(&json).unwrap();
    assert_eq!(id.into_inner(), TID);
}

#[test]
fn an_escaped_or_owned_json_string_deserializes() {
    // `\u005f` is `_`: serde_json must unescape, so the text is no longer borrowed.
    let id: PostId = serde_json::from_str(r#""post\u005f3jzfcijpj2z2a""#).unwrap();
    assert_eq!(id.into_inner(), TID);
    let id: PostId = serde_json::from_reader(&br#""post_3jzfcijpj2z2a""#[..]).unwrap();
    assert_eq!(id.into_inner(), TID);
    let value = serde_json::Value::String("post_3jzfcijpj2z2a".to_owned());
    assert_eq!(
        serde_json::from_value::<PostId>(value)
            .unwrap()
            .into_inner(),
        TID
    );
}

#[test]
fn a_typed_time_id_reads_its_dashed_text_from_json() {
    let id: EventId = serde_json::from_str(r#""evt-3kxn-lhr-3gxq-23""#).unwrap();
    assert_eq!(
        serde_json::to_string(&id).unwrap(),
        r#""evt-3kxnlhr3gxq23""#
    );
}

#[test]
fn a_prefixed_record_key_longer_than_the_stack_buffer_serializes_whole() {
    let long = "a".repeat(RecordKey::MAX_LEN);
    let key = AnyKey::from_inner(RecordKey::parse(&long).unwrap());
    let json = serde_json::to_string(&key).unwrap();
    assert_eq!(json, format!("\"key_{long}\""));
    assert_eq!(serde_json::from_str::<AnyKey>(&json).unwrap(), key);
}

// ---------------------------------------------------------------------------------------------
// postcard: the prefixed text where the inner id writes text (TID, record keys), else the inner
// id's raw form

#[test]
fn every_format_is_in_postcard_what_its_inner_id_writes_and_round_trips() {
    fn check<T>(id: T)
    where
        T: TypedId + Serialize + for<'de> Deserialize<'de> + SerdeId,
        T::Inner: Serialize,
    {
        let bytes = postcard::to_allocvec(&id).unwrap();
        if T::TEXT_IN_BINARY {
            assert_eq!(
                bytes,
                postcard::to_allocvec(&id.to_string()).unwrap(),
                "{id}"
            );
        } else {
            assert_eq!(bytes, postcard::to_allocvec(id.as_inner()).unwrap(), "{id}");
        }
        assert_eq!(postcard::from_bytes::<T>(&bytes).unwrap(), id);
    }
    for_every_format!(check);
    let text = [
        PostId::TEXT_IN_BINARY,
        AnyKey::TEXT_IN_BINARY,
        TxnId::TEXT_IN_BINARY,
    ];
    assert_eq!(text, [true, true, false]);
}

#[test]
fn a_typed_tid_is_its_prefixed_text_in_postcard() {
    let bytes = postcard::to_allocvec(&PostId::from_inner(TID)).unwrap();
    assert_eq!(bytes, b"\x12post_3jzfcijpj2z2a");
}

#[test]
fn a_struct_of_typed_ids_round_trips_through_postcard() {
    let bytes = postcard::to_allocvec(&post()).unwrap();
    assert_eq!(postcard::from_bytes::<Post>(&bytes).unwrap(), post());
}

#[test]
fn the_validator_runs_on_postcard_deserialize() {
    let refused = postcard::to_allocvec("chk_3jzfcijpj2z2a").unwrap();
    assert!(postcard::from_bytes::<CheckedId>(&refused).is_err());
    let accepted = postcard::to_allocvec(&format!("chk_{}", clock_zero_tid())).unwrap();
    assert_eq!(
        postcard::from_bytes::<CheckedId>(&accepted)
            .unwrap()
            .into_inner(),
        clock_zero_tid()
    );
}

#[test]
fn a_key_type_refuses_a_wrong_key_on_postcard_deserialize() {
    let refused = postcard::to_allocvec(&RecordKey::SELF).unwrap();
    assert!(postcard::from_bytes::<PostKey>(&refused).is_err());
    let accepted = postcard::to_allocvec(&RecordKey::parse("3jzfcijpj2z2a").unwrap()).unwrap();
    assert_eq!(
        postcard::from_bytes::<PostKey>(&accepted).unwrap().as_str(),
        "3jzfcijpj2z2a"
    );
}

#[test]
fn postcard_bytes_of_an_invalid_inner_id_are_refused() {
    // A snowish id must have its top bit clear.
    let bytes = postcard::to_allocvec(&u64::MAX).unwrap();
    assert!(postcard::from_bytes::<JobId>(&bytes).is_err());
}
