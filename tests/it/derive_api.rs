//! The API of typed ids (the derive macros) beyond their text: conversions, order, the
//! `TypedId` trait, each format's accessors, typed ranges, generation, `validate`, `key_type`
//! and `crate = "..."`.

use std::{
    collections::HashSet,
    hash::{BuildHasher, BuildHasherDefault, DefaultHasher, Hash},
    time::{Duration, SystemTime, UNIX_EPOCH},
};

use idtypes::prelude::*;
use idtypes::{
    ErrorKind, FullRand, IdFormat, ManualClock, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId,
    TsSeqRand, TypedId, Uid11, Uid11Xid,
};

use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};

use idtypes::tbsl::{ClockPolicy, TbslGenerator};

use idtypes::time_id::{NodeId, TimeIdGenerator};

use idtypes::record_key::RecordKeyType;

use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator, Uid11XidGenerator};

use idtypes::tid::TidGenerator;
use idtypes_tests::proptest_config;
use idtypes_tests::typed::{
    ChatId, EventId, FileId, JobId, MsgId, OrderId, PostId, TokenId, TxnId,
};
use proptest::prelude::*;

#[derive(RecordKey)]
#[idtype(prefix = "key")]
pub struct AnyKey(RecordKey);

#[derive(Tid)]
pub struct BareTid(Tid);

/// `3jzfcijpj2z2a`: 2023-06-30T15:03:01.887007Z, clock id 6.
const TID: Tid = idtypes::tid!("3jzfcijpj2z2a");

fn time_id() -> TimeId {
    TimeId::from_parts(1_721_407_246_480_310, NodeId::new(1).unwrap()).unwrap()
}

fn xid() -> Uid11Xid {
    Uid11Xid::from_parts(1_700_000_000_123, 123_456).unwrap()
}

fn snowish() -> Snowish {
    Snowish::from_parts(1_700_000_000_123, 513, 4000).unwrap()
}

fn ts_seq_rand() -> TsSeqRand {
    TsSeqRand::from_parts(1_700_000_000_123, 77, 1000).unwrap()
}

fn tbsl() -> Tbsl {
    Tbsl::from_parts(1_700_000_000_123_456, 7, 12_345).unwrap()
}

fn hash_of<T: Hash>(value: &T) -> u64 {
    BuildHasherDefault::<DefaultHasher>::default().hash_one(value)
}

// ---------------------------------------------------------------------------------------------
// Conversions

#[test]
fn from_inner_holds_the_inner_id_and_gives_it_back() {
    let id = PostId::from_inner(TID);
    assert_eq!(id.as_inner(), &TID);
    assert_eq!(id.into_inner(), TID);

    let key = AnyKey::from_inner(RecordKey::SELF);
    assert_eq!(key.as_inner(), &RecordKey::SELF);
    assert_eq!(key.into_inner(), RecordKey::SELF);
}

#[test]
fn fixed_size_typed_ids_are_built_and_opened_in_const_context() {
    const POST: PostId = PostId::from_inner(TID);
    const BACK: Tid = POST.into_inner();
    const INNER: Tid = *POST.as_inner();
    const FILE: FileId = FileId::from_inner(Uid11::from_u64(42));
    assert_eq!(BACK, TID);
    assert_eq!(INNER, TID);
    assert_eq!(POST.to_string(), "post_3jzfcijpj2z2a");
    assert_eq!(FILE.into_inner().to_u64(), 42);
}

#[test]
fn from_and_into_convert_between_a_typed_id_and_its_inner_id() {
    let id = PostId::from(TID);
    assert_eq!(id, PostId::from_inner(TID));
    let back: Tid = id.into();
    assert_eq!(back, TID);
    assert_eq!(Tid::from(id), TID);
    let key = AnyKey::from(RecordKey::SELF);
    assert_eq!(RecordKey::from(key), RecordKey::SELF);
}

#[test]
fn as_ref_borrows_the_inner_id() {
    fn text_of<T: AsRef<Tid>>(id: &T) -> String {
        id.as_ref().to_string()
    }
    assert_eq!(text_of(&PostId::from_inner(TID)), "3jzfcijpj2z2a");
    let key = AnyKey::from_inner(RecordKey::SELF);
    let inner: &RecordKey = key.as_ref();
    assert_eq!(inner.as_str(), "self");
}

#[test]
fn try_from_a_string_is_parse() {
    let id = PostId::try_from("post_3jzfcijpj2z2a").unwrap();
    assert_eq!(id.into_inner(), TID);
    assert_eq!(
        PostId::try_from("3jzfcijpj2z2a").unwrap_err().kind(),
        ErrorKind::Prefix
    );
}

#[test]
fn the_same_inner_id_makes_equal_typed_ids() {
    assert_eq!(
        PostId::from_inner(TID),
        "post_3jzfcijpj2z2a".parse().unwrap()
    );
    assert_ne!(
        PostId::from_inner(TID),
        PostId::from_inner(Tid::from_u64(TID.to_u64() + 1))
    );
}

// ---------------------------------------------------------------------------------------------
// Copy and Clone

fn assert_copy<T: Copy>() {}

#[test]
fn fixed_size_typed_ids_are_copy() {
    assert_copy::<PostId>();
    assert_copy::<EventId>();
    assert_copy::<FileId>();
    assert_copy::<OrderId>();
    assert_copy::<JobId>();
    assert_copy::<MsgId>();
    assert_copy::<TokenId>();
    assert_copy::<TxnId>();
    let id = PostId::from_inner(TID);
    let (first, second) = (id, id);
    assert_eq!(first.into_inner(), second.into_inner());
}

#[test]
fn a_typed_record_key_clones() {
    let key: AnyKey = "key_app.bsky.feed.post".parse().unwrap();
    let copy = key.clone();
    assert_eq!(copy, key);
    assert_eq!(copy.into_inner().as_str(), key.as_str());
}

// ---------------------------------------------------------------------------------------------
// The TypedId trait

#[test]
fn the_trait_constants_name_the_type_prefix_and_separator() {
    assert_eq!(<PostId as TypedId>::TYPE_NAME, "PostId");
    assert_eq!(<PostId as TypedId>::PREFIX, "post");
    assert_eq!(<PostId as TypedId>::SEPARATOR, "_");
    assert_eq!(<EventId as TypedId>::TYPE_NAME, "EventId");
    assert_eq!(<EventId as TypedId>::SEPARATOR, "-");
    assert_eq!(<BareTid as TypedId>::PREFIX, "");
}

/// `PREFIX` and `SEPARATOR` are the trait's alone; with it in scope they read on the type.
#[test]
fn the_constants_read_on_the_type_with_the_trait_in_scope() {
    assert_eq!(PostId::PREFIX, <PostId as TypedId>::PREFIX);
    assert_eq!(PostId::SEPARATOR, <PostId as TypedId>::SEPARATOR);
    assert_eq!(EventId::PREFIX, "evt");
    assert_eq!(EventId::SEPARATOR, "-");
    assert_eq!(BareTid::PREFIX, "");
}

/// Generic code over typed ids: a description, the inner id's format, and a rebuild from the
/// inner id.
fn describe<T: TypedId>(id: &T) -> String {
    format!(
        "{} `{}{}` over {}: {} = {}",
        T::TYPE_NAME,
        T::PREFIX,
        T::SEPARATOR,
        <T::Inner as IdFormat>::NAME,
        id,
        &*id.as_inner().encode()
    )
}

fn rebuild<T: TypedId>(id: &T) -> T {
    T::try_from_inner(id.as_inner().clone()).unwrap()
}

#[test]
fn generic_code_reads_any_typed_id_through_the_trait() {
    let post = PostId::from_inner(TID);
    assert_eq!(
        describe(&post),
        "PostId `post_` over atproto TID: post_3jzfcijpj2z2a = 3jzfcijpj2z2a"
    );
    let key: AnyKey = "key_self".parse().unwrap();
    assert_eq!(
        describe(&key),
        "AnyKey `key_` over atproto record key: key_self = self"
    );
    assert_eq!(rebuild(&post), post);
    assert_eq!(rebuild(&key), key);
    assert_eq!(TypedId::into_inner(post), TID);
}

// ---------------------------------------------------------------------------------------------
// Per-format accessors

#[test]
fn a_typed_tid_reads_the_parts_of_its_tid() {
    let id = PostId::from_inner(TID);
    assert_eq!(id.timestamp_micros(), 1_688_137_381_887_007);
    assert_eq!(id.timestamp_micros(), TID.timestamp_micros());
    assert_eq!(id.clock_id(), 6);
    assert_eq!(id.clock_id(), TID.clock_id());
    assert_eq!(
        id.timestamp(),
        UNIX_EPOCH + Duration::from_micros(1_688_137_381_887_007)
    );
    assert_eq!(id.timestamp(), TID.timestamp());
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>(),
        TID.datetime::<chrono::DateTime<chrono::Utc>>()
    );
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>().to_rfc3339(),
        "2023-06-30T15:03:01.887007+00:00"
    );
}

#[test]
fn a_typed_time_id_reads_the_parts_of_its_time_id() {
    let id = EventId::from_inner(time_id());
    assert_eq!(id.timestamp_micros(), 1_721_407_246_480_310);
    assert_eq!(id.node(), NodeId::new(1).unwrap());
    assert_eq!(id.node(), time_id().node());
    assert_eq!(id.timestamp(), time_id().timestamp());
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>(),
        time_id().datetime::<chrono::DateTime<chrono::Utc>>()
    );
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>()
            .timestamp_micros(),
        1_721_407_246_480_310
    );
}

#[test]
fn a_typed_xid_reads_the_parts_of_its_xid() {
    let id = OrderId::from_inner(xid());
    assert_eq!(id.timestamp_millis(), 1_700_000_000_123);
    assert_eq!(id.millis_since_epoch(), xid().millis_since_epoch());
    assert_eq!(id.random(), 123_456);
    assert_eq!(
        id.timestamp(),
        UNIX_EPOCH + Duration::from_millis(1_700_000_000_123)
    );
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>(),
        xid().datetime::<chrono::DateTime<chrono::Utc>>()
    );
}

#[test]
fn a_typed_snowish_id_reads_the_parts_of_its_snowish_id() {
    let id = JobId::from_inner(snowish());
    assert_eq!(id.timestamp_millis(), 1_700_000_000_123);
    assert_eq!(id.millis_since_epoch(), snowish().millis_since_epoch());
    assert_eq!(id.machine_id(), 513);
    assert_eq!(id.sequence(), 4000);
    assert_eq!(id.timestamp(), snowish().timestamp());
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>(),
        snowish().datetime::<chrono::DateTime<chrono::Utc>>()
    );
}

#[test]
fn a_typed_ts_seq_rand_id_reads_the_parts_of_its_ts_seq_rand_id() {
    let id = MsgId::from_inner(ts_seq_rand());
    assert_eq!(id.timestamp_millis(), 1_700_000_000_123);
    assert_eq!(id.millis_since_epoch(), ts_seq_rand().millis_since_epoch());
    assert_eq!(id.sequence(), 77);
    assert_eq!(id.random(), 1000);
    assert_eq!(id.timestamp(), ts_seq_rand().timestamp());
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>(),
        ts_seq_rand().datetime::<chrono::DateTime<chrono::Utc>>()
    );
}

#[test]
fn a_typed_tbsl_reads_the_parts_of_its_tbsl() {
    let id = TxnId::from_inner(tbsl());
    assert_eq!(id.timestamp_micros(), 1_700_000_000_123_456);
    assert_eq!(id.machine_id(), 7);
    assert_eq!(id.suffix(), 12_345);
    assert_eq!(
        id.timestamp(),
        UNIX_EPOCH + Duration::from_micros(1_700_000_000_123_456)
    );
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>(),
        tbsl().datetime::<chrono::DateTime<chrono::Utc>>()
    );
}

#[test]
fn a_typed_record_key_reads_its_key_without_the_prefix() {
    let key: AnyKey = "key_app.bsky.feed.post".parse().unwrap();
    assert_eq!(key.as_str(), "app.bsky.feed.post");
    assert_eq!(AnyKey::key_type(), RecordKeyType::Any);
}

// ---------------------------------------------------------------------------------------------
// Typed ranges

#[test]
fn a_tid_prefix_range_is_the_tid_range_typed() {
    let range = PostId::range_for_prefix("3jzf").unwrap().unwrap();
    let inner = Tid::range_for_prefix("3jzf").unwrap().unwrap();
    assert_eq!(range.start(), PostId::from_inner(inner.start()));
    assert_eq!(range.end(), PostId::from_inner(inner.end()));
    assert_eq!(range.start().to_string(), "post_3jzf222222222");
    assert_eq!(range.end().to_string(), "post_3jzfzzzzzzzzz");
    assert!(range.contains(&"post_3jzfcijpj2z2a".parse().unwrap()));
}

#[test]
fn a_bad_tid_prefix_is_the_tid_error_named_for_the_type() {
    let err = PostId::range_for_prefix("3jz1").unwrap_err();
    let inner = Tid::range_for_prefix("3jz1").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (inner.kind(), inner.position())
    );
    assert_eq!(err.type_name(), Some("PostId"));
    assert_eq!(err.format_name(), Tid::NAME);
}

#[test]
fn typed_ids_have_their_formats_vocabulary() {
    // `now()` wherever the format has one, `Default` (the inner `MIN`) on types without checks,
    // prefix ranges on every format but record keys, time ranges on the time-ordered ones.
    assert!(MsgId::now() < MsgId::now());
    assert_eq!(PostId::default().into_inner(), Tid::MIN);
    assert_eq!(EventId::default().into_inner(), TimeId::MIN);
    assert_eq!(TxnId::default().into_inner(), Tbsl::MIN);
    let id = JobId::from_inner(Snowish::from_parts(1_700_000_000_000, 7, 1).unwrap());
    let range = JobId::range_for_prefix(&id.to_string()[..9])
        .unwrap()
        .unwrap();
    assert!(range.contains(&id));
    let range = JobId::range_for_millis(1_700_000_000_000, 1_700_000_000_000).unwrap();
    assert!(range.contains(&id));
    let txn = TxnId::from_inner(Tbsl::from_parts(1_700_000_000_000_000, 3, 9).unwrap());
    let range = TxnId::range_for_prefix(&txn.to_string()[..12])
        .unwrap()
        .unwrap();
    assert!(range.contains(&txn));
    let ranges = EventId::ranges_for_micros(-5, 5);
    assert_eq!(ranges.len(), 2);
    assert!(ranges.contains(&EventId::from_inner(
        TimeId::from_parts(-1, NodeId::MAX).unwrap()
    )));
}

#[test]
fn a_typed_prefix_range_takes_the_prefixed_text_or_the_bare_one() {
    let bare = PostId::range_for_prefix("3jzf").unwrap();
    assert_eq!(PostId::range_for_prefix("post_3jzf").unwrap(), bare);
    // The type's prefix alone is every id; a prefix of an id of the type is its range.
    assert_eq!(
        PostId::range_for_prefix("post_").unwrap(),
        PostId::range_for_prefix("").unwrap()
    );
    let id: PostId = "post_3jzfcijpj2z2a".parse().unwrap();
    let text = id.to_string();
    for n in 5..=text.len() {
        let range = PostId::range_for_prefix(&text[..n]).unwrap().unwrap();
        assert!(range.contains(&id), "{}", &text[..n]);
    }
    // Positions count in the text given.
    let err = PostId::range_for_prefix("post_3jz1").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(8))
    );
    // Matching nothing is `None`, the same for every format.
    assert_eq!(PostId::range_for_prefix("post_k").unwrap(), None);
    assert_eq!(EventId::range_for_prefix("evt-c").unwrap(), None);
    assert_eq!(FileId::range_for_prefix("file_k").unwrap(), None);
}

#[test]
fn a_micros_range_is_the_tid_micros_range_typed() {
    let (start, end) = (1_688_137_381_000_000, 1_688_137_382_000_000);
    let range = PostId::range_for_micros(start, end).unwrap();
    let inner = Tid::range_for_micros(start, end).unwrap();
    assert_eq!(
        range.into_bounds(),
        (PostId::from(inner.start()), PostId::from(inner.end()))
    );
    assert_eq!(range.start().timestamp_micros(), start);
    assert_eq!(range.end().timestamp_micros(), end);
    assert!(range.contains(&PostId::from_inner(TID)));
}

#[test]
fn an_empty_micros_range_is_none() {
    assert_eq!(PostId::range_for_micros(2, 1), None);
}

#[test]
fn a_time_range_of_system_times_equals_the_micros_range() {
    let (start, end) = (1_688_137_381_000_000, 1_688_137_382_000_000);
    let span = UNIX_EPOCH + Duration::from_micros(start)..=UNIX_EPOCH + Duration::from_micros(end);
    let range = PostId::range_for_time(span.clone()).unwrap();
    assert_eq!(range, PostId::range_for_micros(start, end).unwrap());
    let inner = Tid::range_for_time(span).unwrap();
    assert_eq!(range.start().into_inner(), inner.start());
    assert_eq!(range.end().into_inner(), inner.end());
}

#[test]
fn a_half_open_time_range_leaves_its_end_out() {
    let start = UNIX_EPOCH + Duration::from_micros(1_000);
    let end = UNIX_EPOCH + Duration::from_micros(2_000);
    let range = PostId::range_for_time(start..end).unwrap();
    assert_eq!(range.end().timestamp_micros(), 1_999);
    let unbounded = PostId::range_for_time(start..).unwrap();
    assert_eq!(
        unbounded.end().into_inner(),
        Tid::range_for_time(start..).unwrap().end()
    );
}

#[test]
fn an_empty_time_range_is_none() {
    let at = UNIX_EPOCH + Duration::from_secs(1_688_137_381);
    assert_eq!(PostId::range_for_time(at..at), None);
}

#[test]
fn a_time_range_of_chrono_datetimes_equals_the_micros_range() {
    let start = Tid::from_parts(1_688_137_381_000_000, 0)
        .unwrap()
        .datetime::<chrono::DateTime<chrono::Utc>>();
    let end = Tid::from_parts(1_688_137_382_000_000, 0)
        .unwrap()
        .datetime::<chrono::DateTime<chrono::Utc>>();
    let range = PostId::range_for_time(start..=end).unwrap();
    assert_eq!(
        range,
        PostId::range_for_micros(1_688_137_381_000_000, 1_688_137_382_000_000).unwrap()
    );
    assert_eq!(
        range.start().into_inner(),
        Tid::range_for_time(start..=end).unwrap().start()
    );
}

#[test]
fn a_time_id_prefix_range_is_the_time_id_range_typed() {
    let range = EventId::range_for_prefix("3kxn").unwrap().unwrap();
    let inner = TimeId::range_for_prefix("3kxn").unwrap().unwrap();
    assert_eq!(range.start().into_inner(), inner.start());
    assert_eq!(range.end().into_inner(), inner.end());
    assert_eq!(range.start().to_string(), "evt-3kxn222222222");
    assert!(range.contains(&EventId::from_inner(time_id())));
}

#[test]
fn a_uid11_prefix_range_is_the_uid11_range_typed() {
    let range = FileId::range_for_prefix("1111111NV").unwrap().unwrap();
    let inner = Uid11::range_for_prefix("1111111NV").unwrap().unwrap();
    assert_eq!(range.start(), FileId::from_inner(inner.start()));
    assert_eq!(range.end(), FileId::from_inner(inner.end()));
    assert_eq!(range.start().to_string(), "file_1111111NV11");
    assert_eq!(range.end().to_string(), "file_1111111NVzz");
}

#[test]
fn a_uid11_profile_prefix_range_has_the_uid11_range_bounds() {
    let inner = Uid11::range_for_prefix("1111111NV").unwrap().unwrap();
    let bounds = (inner.start().to_u64(), inner.end().to_u64());

    let order = OrderId::range_for_prefix("1111111NV").unwrap().unwrap();
    assert_eq!(
        (
            order.start().into_inner().to_u64(),
            order.end().into_inner().to_u64()
        ),
        bounds
    );
    let msg = MsgId::range_for_prefix("1111111NV").unwrap().unwrap();
    assert_eq!(
        (
            msg.start().into_inner().to_u64(),
            msg.end().into_inner().to_u64()
        ),
        bounds
    );
    let token = TokenId::range_for_prefix("1111111NV").unwrap().unwrap();
    assert_eq!(
        (
            token.start().into_inner().to_u64(),
            token.end().into_inner().to_u64()
        ),
        bounds
    );
    assert_eq!(order.start().to_string(), "order_1111111NV11");
    assert_eq!(token.end().to_string(), "tok_1111111NVzz");
}

#[test]
fn a_uid11_prefix_range_that_starts_past_the_last_id_is_none() {
    // `k` and `jq` sort after `jpXCZedGfVQ`, the text of u64::MAX: no id starts with them.
    assert_eq!(FileId::range_for_prefix("k").unwrap(), None);
    assert_eq!(FileId::range_for_prefix("jq").unwrap(), None);
    assert_eq!(OrderId::range_for_prefix("k").unwrap(), None);
    assert_eq!(MsgId::range_for_prefix("jq").unwrap(), None);
    assert_eq!(TokenId::range_for_prefix("k").unwrap(), None);
}

#[test]
fn a_uid11_prefix_range_near_the_end_is_clamped_to_the_last_id() {
    let range = TokenId::range_for_prefix("jpX").unwrap().unwrap();
    assert_eq!(range.end().to_string(), "tok_jpXCZedGfVQ");
}

#[test]
fn a_bad_uid11_prefix_is_the_uid11_error() {
    let err = FileId::range_for_prefix("1O").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid FileId: unexpected character 'O' at byte 1 (in the uid11), expected one of \
         `123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz`"
    );
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(1))
    );
    assert_eq!(
        OrderId::range_for_prefix("111111111111")
            .unwrap_err()
            .kind(),
        ErrorKind::Length
    );
}

// ---------------------------------------------------------------------------------------------
// Generation

fn assert_increasing<T: Ord + std::fmt::Debug>(ids: &[T]) {
    for pair in ids.windows(2) {
        assert!(pair[0] < pair[1], "{:?} then {:?}", pair[0], pair[1]);
    }
}

#[test]
fn now_makes_increasing_typed_tids() {
    let ids: Vec<PostId> = (0..1000).map(|_| PostId::now()).collect();
    assert_increasing(&ids);
    assert!(ids.iter().all(|id| id.to_string().starts_with("post_")));
}

#[test]
fn now_makes_increasing_typed_time_ids() {
    let ids: Vec<EventId> = (0..1000).map(|_| EventId::now()).collect();
    assert_increasing(&ids);
    assert!(ids.iter().all(|id| id.to_string().starts_with("evt-")));
}

#[test]
fn now_makes_increasing_typed_xids() {
    let ids: Vec<OrderId> = (0..1000).map(|_| OrderId::now()).collect();
    assert_increasing(&ids);
    assert!(ids.iter().all(|id| id.to_string().starts_with("order_")));
}

#[test]
fn next_from_a_tid_generator_is_its_next_tid_typed() {
    let clock = ManualClock::new(1_688_137_381_887_007);
    let generator = TidGenerator::with_clock(&clock).with_clock_id(6).unwrap();
    let first = PostId::next_from(&generator);
    assert_eq!(first.to_string(), "post_3jzfcijpj2z2a");
    let second = PostId::next_from(&generator);
    assert_eq!(second.timestamp_micros(), 1_688_137_381_887_008);
    assert_eq!(second.clock_id(), 6);
}

#[test]
fn try_next_from_passes_the_generators_error_on() {
    let generator = TidGenerator::with_clock(ManualClock::new(100))
        // A lease whose ids may carry timestamps up to 50 µs only, on a clock at 100 µs.
        .with_lease_term(idtypes::LeaseTerm::new(
            3,
            std::time::Duration::from_secs(3600),
            0,
            50,
        ))
        .unwrap();
    let err = PostId::try_next_from(&generator).unwrap_err();
    assert_eq!(err.kind(), idtypes::ErrorKind::LeaseExpired);
    let generator = TidGenerator::with_clock(ManualClock::new(100))
        .with_clock_id(3)
        .unwrap();
    assert_eq!(
        PostId::try_next_from(&generator).unwrap().into_inner(),
        Tid::from_parts(100, 3).unwrap()
    );
}

#[test]
fn next_from_a_time_id_generator_is_its_next_time_id_typed() {
    let clock = ManualClock::new(1_721_407_246_480_310);
    let node = NodeId::new(1).unwrap();
    let generator = TimeIdGenerator::with_clock(&clock).with_node(node);
    assert_eq!(EventId::next_from(&generator).into_inner(), time_id());
    let twin = TimeIdGenerator::with_clock(&clock).with_node(node);
    twin.next();
    assert_eq!(EventId::next_from(&generator).into_inner(), twin.next());
}

#[test]
fn next_from_an_xid_generator_is_a_typed_xid_at_the_clock() {
    let clock = ManualClock::new(1_700_000_000_123_000);
    let generator = Uid11XidGenerator::with_clock(&clock);
    let first = OrderId::next_from(&generator);
    let second = OrderId::next_from(&generator);
    assert_eq!(first.timestamp_millis(), 1_700_000_000_123);
    assert!(first < second);
}

#[test]
fn next_from_a_snowish_generator_is_its_next_id_typed() {
    let clock = ManualClock::new(1_700_000_000_123_000);
    let generator = SnowishGenerator::with_clock(&clock, 513).unwrap();
    let first = JobId::next_from(&generator);
    assert_eq!(first.timestamp_millis(), 1_700_000_000_123);
    assert_eq!(first.machine_id(), 513);
    let twin = SnowishGenerator::with_clock(&clock, 513).unwrap();
    assert_eq!(first.into_inner(), twin.next());
    assert_eq!(JobId::next_from(&generator).into_inner(), twin.next());
}

#[test]
fn next_from_a_snowflake_generator_is_its_next_id_typed() {
    let clock = ManualClock::new(1_700_000_000_123_000);
    let epoch = SnowflakeEpoch::DISCORD;
    let generator = SnowflakeGenerator::with_clock(&clock, epoch, 513).unwrap();
    let first = ChatId::next_from(&generator);
    assert_eq!(first.timestamp_millis(epoch), 1_700_000_000_123);
    assert_eq!((first.worker_id(), first.sequence()), (513, 0));
    let twin = SnowflakeGenerator::with_clock(&clock, epoch, 513).unwrap();
    assert_eq!(first.into_inner(), twin.next());
    assert_eq!(
        ChatId::try_next_from(&generator).unwrap().into_inner(),
        twin.next()
    );
}

#[test]
fn a_typed_snowflake_reads_and_writes_the_prefixed_decimal_text() {
    let id: ChatId = "chat_175928847299117063".parse().unwrap();
    assert_eq!(id.to_string(), "chat_175928847299117063");
    assert_eq!(id.encode(), "chat_175928847299117063");
    assert_eq!(format!("{id:?}"), "ChatId(chat_175928847299117063)");
    assert_eq!(id.millis_since_epoch(), 41_944_705_796);
    let epoch = SnowflakeEpoch::DISCORD;
    assert_eq!(id.timestamp_millis(epoch), 1_462_015_105_796);
    assert_eq!(
        id.timestamp(epoch),
        UNIX_EPOCH + Duration::from_millis(1_462_015_105_796)
    );
    let short = ChatId::from_inner(Snowflake::from_u64(7));
    assert_eq!(short.encode(), "chat_7");
    assert_eq!(short.encode().len(), 6);
    assert_eq!("chat_7".parse::<ChatId>().unwrap(), short);
    let err = "chat_07".parse::<ChatId>().unwrap_err();
    assert_eq!((err.kind(), err.position()), (ErrorKind::Syntax, Some(5)));
    let range = ChatId::range_for_millis(epoch, 1_462_015_105_796, 1_462_015_105_796).unwrap();
    assert!(range.contains(&id));
    let at = UNIX_EPOCH + Duration::from_millis(1_462_015_105_796);
    assert_eq!(ChatId::range_for_time(epoch, at..=at), Some(range));
    assert_eq!(
        ChatId::ranges_for_time(epoch, at..=at).single(),
        Some(range)
    );
}

#[test]
fn next_from_a_ts_seq_rand_generator_is_a_typed_id_at_the_clock() {
    let clock = ManualClock::new(1_700_000_000_123_000);
    let generator = TsSeqRandGenerator::with_clock(&clock);
    let twin = TsSeqRandGenerator::with_clock(&clock);
    let first = MsgId::next_from(&generator);
    let second = MsgId::next_from(&generator);
    assert_eq!(first.timestamp_millis(), 1_700_000_000_123);
    let (a, b) = (twin.next(), twin.next());
    assert_eq!(
        (first.sequence(), second.sequence()),
        (a.sequence(), b.sequence())
    );
    assert!(first < second);
}

#[test]
fn next_from_a_tbsl_generator_is_its_next_tbsl_typed() {
    let clock = ManualClock::new(1_700_000_000_123_456);
    let generator = TbslGenerator::with_clock(&clock, 7).unwrap();
    let first = TxnId::try_next_from(&generator).unwrap();
    assert_eq!(first.to_string(), "txn_25BF6196C8D610700000");
    assert_eq!(TxnId::try_next_from(&generator).unwrap().suffix(), 1);
}

#[test]
fn next_from_a_tbsl_generator_returns_its_error() {
    let clock = ManualClock::new(1_700_000_000_123_456);
    let generator = TbslGenerator::with_clock(&clock, 7)
        .unwrap()
        .with_policy(ClockPolicy::Error);
    TxnId::try_next_from(&generator).unwrap();
    clock.step_back(Duration::from_millis(1));
    let err = TxnId::try_next_from(&generator).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::ClockBackwards);
}

#[test]
fn random_makes_distinct_typed_full_rand_ids() {
    let tokens: HashSet<TokenId> = (0..1000).map(|_| TokenId::random()).collect();
    assert_eq!(tokens.len(), 1000);
    assert!(tokens.iter().all(|id| id.to_string().starts_with("tok_")));
}

// ---------------------------------------------------------------------------------------------
// validate

/// Accepts only TIDs of clock id 0.
fn clock_id_zero(tid: &Tid) -> Result<(), String> {
    match tid.clock_id() {
        0 => Ok(()),
        other => Err(format!("clock id {other} is not 0")),
    }
}

#[derive(Tid)]
#[idtype(prefix = "chk", validate = clock_id_zero)]
pub struct CheckedId(Tid);

mod checks {
    /// Why an id is refused: a type of its own, not a `String`.
    #[derive(Debug, PartialEq)]
    pub struct Refused(pub &'static str);

    impl std::error::Error for Refused {}

    impl std::fmt::Display for Refused {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "refused: {}", self.0)
        }
    }

    pub fn refuse_tid(_: &idtypes::Tid) -> Result<(), Refused> {
        Err(Refused("no TIDs today"))
    }

    pub fn refuse_time_id(_: &idtypes::TimeId) -> Result<(), Refused> {
        Err(Refused("no TimeIds today"))
    }

    pub fn refuse_xid(_: &idtypes::Uid11Xid) -> Result<(), Refused> {
        Err(Refused("no xids today"))
    }

    pub fn refuse_snowish(_: &idtypes::Snowish) -> Result<(), Refused> {
        Err(Refused("no snowish ids today"))
    }

    pub fn refuse_ts_seq_rand(_: &idtypes::TsSeqRand) -> Result<(), Refused> {
        Err(Refused("no ts-seq-rand ids today"))
    }

    pub fn refuse_full_rand(_: &idtypes::FullRand) -> Result<(), Refused> {
        Err(Refused("no tokens today"))
    }

    pub fn refuse_tbsl(_: &idtypes::Tbsl) -> Result<(), Refused> {
        Err(Refused("no TBSLs today"))
    }

    pub fn after_2020(tid: &idtypes::Tid) -> Result<(), &'static str> {
        if tid.timestamp_micros() >= 1_577_836_800_000_000 {
            Ok(())
        } else {
            Err("before 2020")
        }
    }
}

#[derive(Tid)]
#[idtype(prefix = "no", validate = "checks::refuse_tid")]
pub struct RefusedTid(Tid);

#[derive(TimeId)]
#[idtype(validate = checks::refuse_time_id)]
pub struct RefusedTimeId(TimeId);

#[derive(Uid11Xid)]
#[idtype(validate = checks::refuse_xid)]
pub struct RefusedXid(Uid11Xid);

#[derive(Snowish)]
#[idtype(validate = checks::refuse_snowish)]
pub struct RefusedSnowish(Snowish);

#[derive(TsSeqRand)]
#[idtype(validate = checks::refuse_ts_seq_rand)]
pub struct RefusedTsSeqRand(TsSeqRand);

#[derive(FullRand)]
#[idtype(validate = checks::refuse_full_rand)]
pub struct RefusedToken(FullRand);

#[derive(Tbsl)]
#[idtype(validate = checks::refuse_tbsl)]
pub struct RefusedTbsl(Tbsl);

#[derive(Tid)]
#[idtype(prefix = "recent", validate = checks::after_2020)]
pub struct RecentId(Tid);

fn assert_refused<T: std::fmt::Debug>(outcome: Result<T, idtypes::Error>, message: &str) {
    let err = outcome.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Validation);
    assert_eq!(err.position(), None);
    assert_eq!(err.to_string(), message);
}

#[test]
fn from_inner_runs_the_validator() {
    let zero = Tid::from_parts(1_688_137_381_887_007, 0).unwrap();
    assert_eq!(CheckedId::from_inner(zero).unwrap().into_inner(), zero);
    let err = CheckedId::from_inner(TID).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Validation);
    assert_eq!(err.to_string(), "invalid CheckedId: clock id 6 is not 0");
    assert_eq!(err.type_name(), Some("CheckedId"));
    assert_eq!(err.format_name(), "atproto TID");
}

#[test]
fn parse_runs_the_validator() {
    assert_refused(
        CheckedId::parse("chk_3jzfcijpj2z2a"),
        "invalid CheckedId: clock id 6 is not 0",
    );
    assert_refused(
        "chk_3jzfcijpj2z2a".parse::<CheckedId>(),
        "invalid CheckedId: clock id 6 is not 0",
    );
    let zero = Tid::from_parts(1_688_137_381_887_007, 0).unwrap();
    let id: CheckedId = format!("chk_{zero}").parse().unwrap();
    assert_eq!(id.into_inner(), zero);
}

#[test]
fn try_from_the_inner_id_runs_the_validator() {
    assert_refused(
        CheckedId::try_from(TID),
        "invalid CheckedId: clock id 6 is not 0",
    );
    assert_refused(
        <CheckedId as TypedId>::try_from_inner(TID),
        "invalid CheckedId: clock id 6 is not 0",
    );
    assert_refused(
        CheckedId::try_from("chk_3jzfcijpj2z2a"),
        "invalid CheckedId: clock id 6 is not 0",
    );
}

/// `parse` and `parse_unchecked` are `TypedId`'s, so generic code calls them on `T`.
fn parse_both<T: TypedId>(text: &str) -> (Result<T, idtypes::Error>, Result<T, idtypes::Error>) {
    (T::parse(text), T::parse_unchecked(text))
}

#[test]
fn generic_code_parses_with_and_without_the_checks() {
    let (checked, unchecked) = parse_both::<CheckedId>("chk_3jzfcijpj2z2a");
    assert_refused(checked, "invalid CheckedId: clock id 6 is not 0");
    assert_eq!(unchecked.unwrap().into_inner(), TID);
    let (checked, unchecked) = parse_both::<CheckedId>("post_3jzfcijpj2z2a");
    assert_eq!(checked.unwrap_err().kind(), ErrorKind::Prefix);
    assert_eq!(unchecked.unwrap_err().kind(), ErrorKind::Prefix);
    let (checked, unchecked) = parse_both::<PostId>("post_3jzfcijpj2z2a");
    assert_eq!(checked.unwrap(), unchecked.unwrap());
}

#[test]
fn the_validator_runs_after_the_text_is_read() {
    // Wrong clock id and a bad last character: the text error comes first.
    let err = CheckedId::parse("chk_3jzfcijpj2z21").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Character);
    let err = CheckedId::parse("3jzfcijpj2z2a").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Prefix);
}

#[test]
fn next_from_runs_the_validator() {
    let clock = ManualClock::new(1_688_137_381_887_007);
    let refused = TidGenerator::with_clock(&clock).with_clock_id(6).unwrap();
    assert_refused(
        CheckedId::next_from(&refused),
        "invalid CheckedId: clock id 6 is not 0",
    );
    let accepted = TidGenerator::with_clock(&clock).with_clock_id(0).unwrap();
    assert_eq!(CheckedId::next_from(&accepted).unwrap().clock_id(), 0);
}

#[test]
fn next_from_every_generator_runs_the_validator() {
    let clock = ManualClock::new(1_700_000_000_123_456);
    assert_refused(
        RefusedTid::next_from(&TidGenerator::with_clock(&clock)),
        "invalid RefusedTid: refused: no TIDs today",
    );
    assert_refused(
        RefusedTimeId::next_from(&TimeIdGenerator::with_clock(&clock)),
        "invalid RefusedTimeId: refused: no TimeIds today",
    );
    assert_refused(
        RefusedXid::next_from(&Uid11XidGenerator::with_clock(&clock)),
        "invalid RefusedXid: refused: no xids today",
    );
    assert_refused(
        RefusedSnowish::next_from(&SnowishGenerator::with_clock(&clock, 1).unwrap()),
        "invalid RefusedSnowish: refused: no snowish ids today",
    );
    assert_refused(
        RefusedTsSeqRand::next_from(&TsSeqRandGenerator::with_clock(&clock)),
        "invalid RefusedTsSeqRand: refused: no ts-seq-rand ids today",
    );
    assert_refused(
        RefusedTbsl::try_next_from(&TbslGenerator::with_clock(&clock, 1).unwrap()),
        "invalid RefusedTbsl: refused: no TBSLs today",
    );
}

#[test]
fn now_and_random_run_the_validator() {
    assert_refused(
        RefusedTid::now(),
        "invalid RefusedTid: refused: no TIDs today",
    );
    assert_refused(
        RefusedTimeId::now(),
        "invalid RefusedTimeId: refused: no TimeIds today",
    );
    assert_refused(
        RefusedXid::now(),
        "invalid RefusedXid: refused: no xids today",
    );
    assert_refused(
        RefusedToken::random(),
        "invalid RefusedToken: refused: no tokens today",
    );
}

#[test]
fn now_returns_the_id_the_validator_accepts() {
    let id: RecentId = RecentId::now().unwrap();
    assert!(id.to_string().starts_with("recent_"));
    assert_refused(
        RecentId::from_inner(Tid::from_parts(1_000, 0).unwrap()),
        "invalid RecentId: before 2020",
    );
}

/// Generic code over a format's extension trait: the newest id of any typed TID without checks.
fn newest<T: TypedTid<Checks = idtypes::checks::Unchecked>>() -> T {
    T::now()
}

/// The same over any typed TID: the id, or with checks the check's `Result`.
fn made<T: TypedTid>() -> idtypes::checks::Made<T> {
    T::now()
}

#[test]
fn the_format_methods_are_one_trait_per_format_for_every_typed_id() {
    use idtypes::checks::{Checked, Checks, Unchecked};

    let a: PostId = newest();
    let b: PostId = newest();
    assert!(a < b);
    const { assert!(!<<PostId as TypedId>::Checks as Checks>::HAS_CHECKS) };
    const { assert!(<<RecentId as TypedId>::Checks as Checks>::HAS_CHECKS) };
    fn checked<T: TypedId<Checks = Checked>>() {}
    fn unchecked<T: TypedId<Checks = Unchecked>>() {}
    checked::<RecentId>();
    checked::<RefusedToken>();
    unchecked::<PostId>();
    unchecked::<TokenId>();

    // `Made<T>` is the id without checks and a `Result` with them.
    let post: PostId = made::<PostId>();
    assert!(post > a);
    let recent: Result<RecentId, idtypes::Error> = made::<RecentId>();
    assert!(recent.is_ok());
    let refused: Result<RefusedTid, idtypes::Error> = made::<RefusedTid>();
    assert_eq!(refused.unwrap_err().kind(), ErrorKind::Validation);

    // The traits' methods and the inner format's agree.
    assert_eq!(
        TypedTid::timestamp_micros(&post),
        post.into_inner().timestamp_micros()
    );
    assert_eq!(TypedTid::clock_id(&post), post.into_inner().clock_id());
}

/// 100 bytes.
const LONG_REASON: &str = "this identifier belongs to a tenant that was deleted last week, \
                           so it must never be used again, ever";

/// Exactly 72 bytes.
const FULL_REASON: &str =
    "the clock id of this identifier is reserved for the data migration jobs.";

fn long_reason(_: &Tid) -> Result<(), &'static str> {
    Err(LONG_REASON)
}

fn full_reason(_: &Tid) -> Result<(), &'static str> {
    Err(FULL_REASON)
}

/// "a" then 40 two-byte characters: byte 72 falls inside a character.
fn wide_reason(_: &Tid) -> Result<(), String> {
    Err(format!("a{}", "é".repeat(40)))
}

#[derive(Tid)]
#[idtype(validate = long_reason)]
pub struct LongReasonId(Tid);

#[derive(Tid)]
#[idtype(validate = full_reason)]
pub struct FullReasonId(Tid);

#[derive(Tid)]
#[idtype(validate = wide_reason)]
pub struct WideReasonId(Tid);

#[test]
fn a_long_reason_is_kept_whole() {
    assert_eq!(LONG_REASON.len(), 100);
    assert_refused(
        LongReasonId::from_inner(TID),
        &format!("invalid LongReasonId: {LONG_REASON}"),
    );
}

#[test]
fn a_reason_of_72_bytes_is_kept_whole() {
    assert_eq!(FULL_REASON.len(), 72);
    assert_refused(
        FullReasonId::from_inner(TID),
        &format!("invalid FullReasonId: {FULL_REASON}"),
    );
}

#[test]
fn a_reason_of_many_bytes_keeps_every_character() {
    assert_refused(
        WideReasonId::from_inner(TID),
        &format!("invalid WideReasonId: a{}", "é".repeat(40)),
    );
}

// ---------------------------------------------------------------------------------------------
// The validator's own error, closures, and building without the checks

/// A validator's error type of its own, with a field to branch on.
#[derive(Debug, PartialEq)]
pub struct WrongClock {
    pub found: u16,
}

impl std::fmt::Display for WrongClock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "clock id {} is not ours", self.found)
    }
}

impl std::error::Error for WrongClock {}

fn our_clock(tid: &Tid) -> Result<(), WrongClock> {
    match tid.clock_id() {
        0 => Ok(()),
        found => Err(WrongClock { found }),
    }
}

#[derive(Tid)]
#[idtype(prefix = "ours", validate = our_clock)]
pub struct OurId(Tid);

#[derive(Tid)]
#[idtype(prefix = "even", validate = |tid: &Tid| {
    if tid.clock_id() % 2 == 0 { Ok(()) } else { Err(format!("clock id {} is odd", tid.clock_id())) }
})]
pub struct EvenClockId(Tid);

#[derive(Tid)]
#[idtype(prefix = "low", validate = |tid| if tid.clock_id() < 8 { Ok(()) } else { Err("clock id 8 or more") })]
pub struct LowClockId(Tid);

/// A checked type whose author chose a public field, knowing it lets code skip the check.
#[derive(Tid)]
#[idtype(prefix = "open", validate = our_clock, allow_public_field)]
pub struct OpenId(pub Tid);

#[test]
fn the_validators_error_is_the_source_and_downcasts_to_its_type() {
    let err = OurId::from_inner(TID).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Validation);
    assert_eq!(err.to_string(), "invalid OurId: clock id 6 is not ours");
    let source = std::error::Error::source(&err).expect("the validator's error");
    assert_eq!(
        source.downcast_ref::<WrongClock>(),
        Some(&WrongClock { found: 6 })
    );
    // The same from text, with the prefix: the check's error is the same.
    let parsed = OurId::parse("ours_3jzfcijpj2z2a").unwrap_err();
    assert_eq!(parsed, err);
    let source = std::error::Error::source(&parsed).unwrap();
    assert_eq!(source.to_string(), "clock id 6 is not ours");
    // Errors other than the validator's have no source: their message is all there is.
    let format_err = OurId::parse("ours_3jzf").unwrap_err();
    assert!(std::error::Error::source(&format_err).is_none());
}

#[test]
fn a_string_reason_is_the_source_too() {
    let err = CheckedId::from_inner(TID).unwrap_err();
    let source = std::error::Error::source(&err).unwrap();
    assert_eq!(source.to_string(), "clock id 6 is not 0");
}

#[test]
fn errors_are_equal_when_their_validators_say_the_same() {
    let a = OurId::from_inner(TID).unwrap_err();
    let b = OurId::from_inner(TID).unwrap_err();
    assert_eq!(a, b);
    assert_eq!(a.clone(), a);
    let hash = |err: &idtypes::Error| BuildHasherDefault::<DefaultHasher>::default().hash_one(err);
    assert_eq!(hash(&a), hash(&b));
    let other = OurId::from_inner(Tid::from_parts(1, 5).unwrap()).unwrap_err();
    assert_ne!(a, other);
}

#[test]
fn a_closure_validates_like_a_function() {
    assert!(EvenClockId::from_inner(Tid::from_parts(1, 4).unwrap()).is_ok());
    let err = EvenClockId::from_inner(Tid::from_parts(1, 5).unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "invalid EvenClockId: clock id 5 is odd");
    // The argument type is inferred.
    assert!(LowClockId::parse("low_3jzfcijpj2z2a").is_ok());
    let err = LowClockId::from_inner(Tid::from_parts(1, 8).unwrap()).unwrap_err();
    assert_eq!(err.to_string(), "invalid LowClockId: clock id 8 or more");
}

#[test]
fn from_inner_unchecked_builds_what_the_checks_refuse() {
    assert!(OurId::from_inner(TID).is_err());
    let id = OurId::from_inner_unchecked(TID);
    assert_eq!(id.into_inner(), TID);
    assert_eq!(id.to_string(), "ours_3jzfcijpj2z2a");
    // In `const` too, for the fixed-size formats.
    const KNOWN: OurId = OurId::from_inner_unchecked(TID);
    assert_eq!(KNOWN, id);
    // Through the trait, for generic code.
    assert_eq!(<OurId as TypedId>::from_inner_unchecked(TID), id);
    let key = PostKey::from_inner_unchecked(RecordKey::SELF);
    assert_eq!(key.as_str(), "self");
}

#[test]
fn parse_unchecked_skips_the_checks_but_reads_the_text_strictly() {
    let id = OurId::parse_unchecked("ours_3jzfcijpj2z2a").unwrap();
    assert_eq!(id.into_inner(), TID);
    assert_eq!(
        OurId::parse_unchecked("3jzfcijpj2z2a").unwrap_err().kind(),
        ErrorKind::Prefix
    );
    assert_eq!(
        OurId::parse_unchecked("ours-3jzfcijpj2z2a")
            .unwrap_err()
            .kind(),
        ErrorKind::Separator
    );
    let err = OurId::parse_unchecked("ours_3jzfcijpj2z21").unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(17))
    );
    assert_eq!(PostKey::parse_unchecked("self").unwrap().as_str(), "self");
    assert!(PostKey::parse("self").is_err());
}

#[test]
fn a_public_field_is_allowed_when_asked_for_and_skips_the_check() {
    // What `allow_public_field` gives up: this builds a value `from_inner` refuses.
    let open = OpenId(TID);
    assert_eq!(open.0, TID);
    assert!(OpenId::from_inner(TID).is_err());
}

#[test]
fn the_read_policies_are_check_unless_the_type_says_trust() {
    use idtypes::CheckPolicy;
    assert_eq!(OurId::DECODE, CheckPolicy::Check);
    assert_eq!(OurId::DESERIALIZE, CheckPolicy::Check);
    assert_eq!(PostId::DECODE, CheckPolicy::Check);
    assert_eq!(TrustedKey::DECODE, CheckPolicy::Trust);
    assert_eq!(TrustedKey::DESERIALIZE, CheckPolicy::Trust);
}

#[derive(RecordKey)]
#[idtype(key_type = "tid", decode = "trust", deserialize = "trust")]
pub struct TrustedKey(RecordKey);

// ---------------------------------------------------------------------------------------------
// key_type

#[derive(RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(RecordKey);

#[derive(RecordKey)]
#[idtype(key_type = "nsid")]
pub struct CollectionKey(RecordKey);

#[derive(RecordKey)]
#[idtype(key_type = "literal:self")]
pub struct ProfileKey(RecordKey);

#[derive(RecordKey)]
#[idtype(key_type = "any")]
pub struct FreeKey(RecordKey);

#[derive(RecordKey)]
#[idtype(prefix = "like", key_type = "tid")]
pub struct LikeKey(RecordKey);

fn only_bsky(key: &RecordKey) -> Result<(), String> {
    if key.as_str().starts_with("app.bsky.") {
        Ok(())
    } else {
        Err(format!("`{key}` is not an app.bsky collection"))
    }
}

#[derive(RecordKey)]
#[idtype(key_type = "nsid", validate = only_bsky)]
pub struct BskyCollectionKey(RecordKey);

fn key(text: &str) -> RecordKey {
    RecordKey::parse(text).unwrap()
}

#[test]
fn key_type_names_the_record_key_type() {
    assert_eq!(PostKey::key_type(), RecordKeyType::Tid);
    assert_eq!(CollectionKey::key_type(), RecordKeyType::Nsid);
    assert_eq!(
        ProfileKey::key_type(),
        RecordKeyType::Literal(RecordKey::SELF)
    );
    assert_eq!(FreeKey::key_type(), RecordKeyType::Any);
}

#[test]
fn a_tid_key_type_accepts_tids_only() {
    assert_eq!(
        PostKey::parse("3jzfcijpj2z2a").unwrap().as_str(),
        "3jzfcijpj2z2a"
    );
    let err = PostKey::parse("self").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Length);
    assert_eq!(err.type_name(), Some("PostKey"));
    assert_eq!(
        err.to_string(),
        "invalid PostKey: expected 13 bytes (the atproto TID), found 4 bytes"
    );
    assert!(PostKey::from_inner(key("3jzfcijpj2z2a")).is_ok());
    assert_eq!(PostKey::from_inner(key("self")).unwrap_err(), err);
    assert_eq!(PostKey::try_from(key("self")).unwrap_err(), err);
}

#[test]
fn an_nsid_key_type_accepts_nsids_only() {
    assert!(CollectionKey::parse("app.bsky.feed.post").is_ok());
    assert!(CollectionKey::from_inner(key("app.bsky.feed.post")).is_ok());
    let err = CollectionKey::parse("self").unwrap_err();
    assert_eq!(err.type_name(), Some("CollectionKey"));
    assert_eq!(
        err,
        CollectionKey::from_inner(key("self")).unwrap_err(),
        "parse and from_inner refuse alike"
    );
    // The key type's own error (an NSID's), about the type.
    assert_eq!(
        RecordKeyType::Nsid
            .check(&key("self"))
            .unwrap_err()
            .to_string(),
        "invalid NSID: expected at least three segments separated by `.`"
    );
    assert_eq!(
        err.to_string(),
        "invalid CollectionKey: expected at least three segments separated by `.` (in the NSID)"
    );
}

#[test]
fn a_literal_key_type_accepts_its_key_only() {
    assert_eq!(ProfileKey::parse("self").unwrap().as_str(), "self");
    assert!(ProfileKey::from_inner(RecordKey::SELF).is_ok());
    let err = ProfileKey::parse("Self").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Mismatch);
    assert_eq!(
        err.to_string(),
        "invalid ProfileKey: expected the atproto record key `self`, the only one its type allows, found `Self`"
    );
    assert_eq!(ProfileKey::from_inner(key("Self")).unwrap_err(), err);
}

#[test]
fn the_any_key_type_accepts_every_record_key() {
    for text in [
        "self",
        "3jzfcijpj2z2a",
        "app.bsky.feed.post",
        "pre:fix",
        "~_-.",
    ] {
        let parsed = FreeKey::parse(text).unwrap();
        assert_eq!(parsed.as_str(), text);
        // No checks: `from_inner` cannot fail and `From` converts.
        assert_eq!(FreeKey::from_inner(key(text)), parsed);
        assert_eq!(FreeKey::from(key(text)), parsed);
    }
}

#[test]
fn a_key_that_is_no_record_key_fails_before_the_key_type() {
    let err = PostKey::parse("a/b").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Character);
    assert_eq!(err.format_name(), "atproto record key");
}

#[test]
fn a_prefixed_key_type_reads_the_key_after_the_prefix() {
    let like = LikeKey::parse("like_3jzfcijpj2z2a").unwrap();
    assert_eq!(like.as_str(), "3jzfcijpj2z2a");
    assert_eq!(like.to_string(), "like_3jzfcijpj2z2a");
    assert_eq!(
        LikeKey::parse("like_self").unwrap_err().to_string(),
        "invalid LikeKey: expected 18 bytes (`like_` and the atproto TID), found 9 bytes"
    );
}

#[test]
fn a_key_type_error_in_prefixed_text_is_positioned_in_the_whole_text() {
    // The key is a valid record key but not a TID: '1' at byte 12 of the key, 17 of the text.
    let err = LikeKey::parse("like_3jzfcijpj2z21").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Character);
    assert_eq!(err.position(), Some(17));
    assert!(err.to_string().contains("at byte 17"), "{err}");
}

#[test]
fn the_key_type_is_checked_before_the_validator() {
    assert!(BskyCollectionKey::parse("app.bsky.feed.post").is_ok());
    let err = BskyCollectionKey::parse("self").unwrap_err();
    assert_ne!(err.kind(), ErrorKind::Validation);
    assert_refused(
        BskyCollectionKey::parse("com.example.thing"),
        "invalid BskyCollectionKey: `com.example.thing` is not an app.bsky collection",
    );
}

// ---------------------------------------------------------------------------------------------
// crate = "..."

mod reexport {
    pub use ::idtypes;
}

mod elsewhere {
    #[derive(idtypes::Tid)]
    #[idtype(prefix = "post", crate = "crate::derive_api::reexport::idtypes")]
    pub struct ReexportedId(crate::derive_api::reexport::idtypes::Tid);

    fn no_literal(
        key: &crate::derive_api::reexport::idtypes::RecordKey,
    ) -> Result<(), &'static str> {
        if key.as_str() == "self" {
            Err("`self` is taken")
        } else {
            Ok(())
        }
    }

    #[derive(idtypes::RecordKey)]
    #[idtype(prefix = "k", key_type = "nsid", validate = no_literal, crate = "crate::derive_api::reexport::idtypes")]
    pub struct ReexportedKey(crate::derive_api::reexport::idtypes::RecordKey);
}

#[derive(idtypes::TimeId)]
#[idtype(crate = "reexport::idtypes")]
pub struct RelativeCrateId(reexport::idtypes::TimeId);

#[test]
fn a_crate_path_through_a_reexport_works() {
    use elsewhere::{ReexportedId, ReexportedKey};
    let id: ReexportedId = "post_3jzfcijpj2z2a".parse().unwrap();
    assert_eq!(id.into_inner(), TID);
    assert_eq!(id.to_string(), "post_3jzfcijpj2z2a");
    assert_eq!(<ReexportedId as TypedId>::TYPE_NAME, "ReexportedId");
    assert_eq!(
        ReexportedId::range_for_prefix("3jzf")
            .unwrap()
            .unwrap()
            .start()
            .to_string(),
        "post_3jzf222222222"
    );

    let key = ReexportedKey::parse("k_app.bsky.feed.post").unwrap();
    assert_eq!(ReexportedKey::key_type(), RecordKeyType::Nsid);
    assert_eq!(key.as_str(), "app.bsky.feed.post");
}

#[test]
fn a_relative_crate_path_works() {
    let id: RelativeCrateId = "3kxn-lhr-3gxq-23".parse().unwrap();
    assert_eq!(id.to_string(), "3kxnlhr3gxq23");
    assert_eq!(RelativeCrateId::from_inner(id.into_inner()), id);
}

// ---------------------------------------------------------------------------------------------
// Properties: order, equality and hash are the inner id's

/// Checks that typed ids `a` and `b` compare, equal and hash as their inner ids do.
fn check_order<T>(a: &T, b: &T)
where
    T: TypedId,
    T::Inner: Hash,
{
    let (x, y) = (a.as_inner(), b.as_inner());
    assert_eq!(a.cmp(b), x.cmp(y), "{a:?} against {b:?}");
    assert_eq!(a.partial_cmp(b), x.partial_cmp(y));
    assert_eq!(a == b, x == y);
    assert_eq!(hash_of(a), hash_of(x));
    if a == b {
        assert_eq!(hash_of(a), hash_of(b));
    }
}

/// A record key: `A-Za-z0-9.-_~:`, but not `.` or `..`.
const RECORD_KEY: &str = "[A-Za-z0-9._~:-]{1,12}";

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn typed_tids_order_as_their_tids(a in any::<u64>(), b in any::<u64>(), same in any::<bool>()) {
        let b = if same { a } else { b };
        check_order(&PostId::from_inner(Tid::from_u64(a)), &PostId::from_inner(Tid::from_u64(b)));
    }

    #[test]
    fn typed_time_ids_order_as_their_time_ids(a in any::<i64>(), b in any::<i64>(), same in any::<bool>()) {
        let b = if same { a } else { b };
        check_order(
            &EventId::from_inner(TimeId::from_i64(a)),
            &EventId::from_inner(TimeId::from_i64(b)),
        );
    }

    #[test]
    fn typed_uid11_profiles_order_as_their_ids(a in any::<u64>(), b in any::<u64>(), same in any::<bool>()) {
        let b = if same { a } else { b };
        check_order(&FileId::from_inner(Uid11::from_u64(a)), &FileId::from_inner(Uid11::from_u64(b)));
        check_order(&OrderId::from_inner(Uid11Xid::from_u64(a)), &OrderId::from_inner(Uid11Xid::from_u64(b)));
        check_order(&MsgId::from_inner(TsSeqRand::from_u64(a)), &MsgId::from_inner(TsSeqRand::from_u64(b)));
        check_order(&TokenId::from_inner(FullRand::from_u64(a)), &TokenId::from_inner(FullRand::from_u64(b)));
        let (a, b) = (Snowish::try_from_u64(a >> 1).unwrap(), Snowish::try_from_u64(b >> 1).unwrap());
        check_order(&JobId::from_inner(a), &JobId::from_inner(b));
    }

    #[test]
    fn typed_tbsls_order_as_their_tbsls(a in any::<[u8; 10]>(), b in any::<[u8; 10]>(), same in any::<bool>()) {
        let b = if same { a } else { b };
        check_order(
            &TxnId::from_inner(Tbsl::from_bytes(a)),
            &TxnId::from_inner(Tbsl::from_bytes(b)),
        );
    }

    #[test]
    fn typed_record_keys_order_as_their_keys(a in RECORD_KEY, b in RECORD_KEY, same in any::<bool>()) {
        prop_assume!(![".", ".."].contains(&a.as_str()) && ![".", ".."].contains(&b.as_str()));
        let b = if same { a.clone() } else { b };
        check_order(&AnyKey::from_inner(key(&a)), &AnyKey::from_inner(key(&b)));
    }

    #[test]
    fn typed_ids_in_a_set_are_found_by_equal_ids(values in proptest::collection::vec(any::<u64>(), 1..20)) {
        let set: HashSet<PostId> = values.iter().map(|&v| PostId::from_inner(Tid::from_u64(v))).collect();
        let inner: HashSet<Tid> = values.iter().map(|&v| Tid::from_u64(v)).collect();
        prop_assert_eq!(set.len(), inner.len());
        for &v in &values {
            let text = PostId::from_inner(Tid::from_u64(v)).to_string();
            prop_assert!(set.contains(&PostId::parse(&text).unwrap()));
        }
    }
}

#[test]
fn the_system_time_of_a_typed_id_is_after_the_epoch() {
    // `timestamp()` is a `SystemTime`, usable with std's time API.
    let id = PostId::from_inner(TID);
    let since: Duration = id.timestamp().duration_since(UNIX_EPOCH).unwrap();
    assert_eq!(since.as_micros(), 1_688_137_381_887_007);
    assert!(id.timestamp() < SystemTime::now());
}

#[test]
fn a_typed_ksuid_reads_its_parts_ranges_and_generates() {
    use idtypes::Ksuid;
    use idtypes::ksuid::KsuidGenerator;
    use idtypes_tests::typed::TraceId;

    let inner: Ksuid = "0ujtsYcgvSTl8PAuAdqWYSMnLOv".parse().unwrap();
    let id = TraceId::from_inner(inner);
    assert_eq!(id.to_string(), "trace_0ujtsYcgvSTl8PAuAdqWYSMnLOv");
    assert_eq!(id.timestamp_seconds(), 1_507_608_047);
    assert_eq!(id.payload(), inner.payload());
    assert_eq!(
        id.timestamp(),
        UNIX_EPOCH + Duration::from_secs(1_507_608_047)
    );
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>(),
        inner.datetime::<chrono::DateTime<chrono::Utc>>()
    );
    let range = TraceId::range_for_prefix("trace_0ujts").unwrap().unwrap();
    assert!(range.contains(&id));
    let seconds = TraceId::range_for_seconds(1_507_608_047, 1_507_608_047).unwrap();
    assert!(seconds.contains(&id));
    assert_eq!(
        seconds.start().into_inner(),
        Ksuid::from_parts(1_507_608_047, 0).unwrap()
    );
    let time = TraceId::range_for_time(id.timestamp()..=id.timestamp()).unwrap();
    assert_eq!(time, seconds);
    assert_eq!(
        TraceId::ranges_for_time(id.timestamp()..=id.timestamp()).len(),
        1
    );
    let clock = ManualClock::new(1_700_000_000_000_000);
    let generator = KsuidGenerator::monotonic_with_clock(&clock);
    let a = TraceId::next_from(&generator);
    let b = TraceId::try_next_from(&generator).unwrap();
    assert!(a < b);
    assert_eq!(a.timestamp_seconds(), 1_700_000_000);
    assert_ne!(TraceId::now(), TraceId::now());
}

#[test]
fn next_from_a_sonyflake_generator_is_its_next_id_typed() {
    use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};
    use idtypes_tests::typed::BatchId;

    let clock = ManualClock::new(1_754_371_024_420_000);
    let layout = SonyflakeLayout::V1;
    let generator = SonyflakeGenerator::with_clock(&clock, layout, 1).unwrap();
    let first = BatchId::next_from(&generator);
    assert_eq!(first.timestamp_millis(layout), 1_754_371_024_420);
    let parts = first.decompose(layout);
    assert_eq!((parts.machine_id, parts.sequence), (1, 0));
    let twin = SonyflakeGenerator::with_clock(&clock, layout, 1).unwrap();
    assert_eq!(first.into_inner(), twin.next());
    assert_eq!(
        BatchId::try_next_from(&generator).unwrap().into_inner(),
        twin.next()
    );
}

#[test]
fn a_typed_sonyflake_reads_and_writes_the_prefixed_decimal_text() {
    use idtypes::sonyflake::SonyflakeLayout;
    use idtypes_tests::typed::BatchId;

    let id: BatchId = "batch_578547906324398081".parse().unwrap();
    assert_eq!(id.to_string(), "batch_578547906324398081");
    assert_eq!(format!("{id:?}"), "BatchId(batch_578547906324398081)");
    let layout = SonyflakeLayout::V1;
    assert_eq!(id.decompose(layout).time_units, 34_484_142_442);
    assert_eq!(id.timestamp_millis(layout), 1_754_371_024_420);
    let at = UNIX_EPOCH + Duration::from_millis(1_754_371_024_420);
    assert_eq!(id.timestamp(layout), at);
    let err = "batch_07".parse::<BatchId>().unwrap_err();
    assert_eq!((err.kind(), err.position()), (ErrorKind::Syntax, Some(6)));
    let range = BatchId::range_for_millis(layout, 1_754_371_024_420, 1_754_371_024_420).unwrap();
    assert!(range.contains(&id));
    assert_eq!(BatchId::range_for_time(layout, at..=at), Some(range));
    assert_eq!(
        BatchId::ranges_for_time(layout, at..=at).single(),
        Some(range)
    );
}

/// The uid11 xid's names of v0.1.0 still compile, deprecated, as the renamed items.
#[test]
#[allow(deprecated)]
fn the_uid11_xid_names_of_v0_1_0_still_work() {
    #[derive(idtypes::Xid)]
    #[idtype(prefix = "old")]
    struct OldId(idtypes::Xid);

    let id: OldId = "old_113q8KFkAEs".parse().unwrap();
    let renamed: idtypes::Uid11Xid = id.into_inner();
    assert_eq!(renamed.millis_since_epoch(), 86_400_000);
    assert_eq!(OldId::from_inner(renamed).to_string(), "old_113q8KFkAEs");
    let generator = idtypes::uid11::XidGenerator::new().with_mode(idtypes::uid11::XidMode::Random);
    assert!(generator.next().timestamp_millis() > idtypes::uid11::XID_EPOCH_MILLIS);
}

/// A typed rs/xid XID has the XID's parts, ranges and generation, typed.
#[test]
fn a_typed_rs_xid_has_its_parts_ranges_and_generation() {
    use idtypes::RsXid;
    use idtypes::rs_xid::RsXidGenerator;
    use idtypes_tests::typed::RequestId;

    let id: RequestId = "req_9m4e2mr0ui3e8a215n4g".parse().unwrap();
    assert_eq!(id.timestamp_seconds(), 1_300_816_219);
    assert_eq!(id.machine_id(), [0x60, 0xf4, 0x86]);
    assert_eq!(id.process_id(), 0xe428);
    assert_eq!(id.counter(), 4_271_561);
    assert_eq!(
        id.datetime::<chrono::DateTime<chrono::Utc>>().timestamp(),
        1_300_816_219
    );
    assert_eq!(format!("{id:?}"), "RequestId(req_9m4e2mr0ui3e8a215n4g)");
    assert_copy::<RequestId>();

    let range = RequestId::range_for_prefix("req_9m4e2").unwrap().unwrap();
    assert!(range.contains(&id));
    assert_eq!(range.start().to_string(), "req_9m4e2000000000000000");
    let seconds = RequestId::range_for_seconds(1_300_816_219, 1_300_816_219).unwrap();
    assert!(seconds.contains(&id));
    let time = id.datetime::<chrono::DateTime<chrono::Utc>>();
    assert!(RequestId::ranges_for_time(time..=time).contains(&id));

    let generator = RsXidGenerator::with_clock(ManualClock::new(1_700_000_000_000_000))
        .with_machine_id([1, 2, 3]);
    let first = RequestId::next_from(&generator);
    let second = RequestId::try_next_from(&generator).unwrap();
    assert_eq!(first.timestamp_seconds(), 1_700_000_000);
    assert_eq!(first.machine_id(), [1, 2, 3]);
    assert_eq!(second.counter(), (first.counter() + 1) % (1 << 24));
    assert_ne!(RequestId::now(), RequestId::now());
    assert_eq!(RequestId::default().into_inner(), RsXid::NIL);

    let err = "req_9M4E2MR0UI3E8A215N4G".parse::<RequestId>().unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(5))
    );
}

/// A typed MongoDB ObjectId has the ObjectId's parts, ranges and generation, typed.
#[test]
fn a_typed_object_id_has_its_parts_ranges_and_generation() {
    use idtypes::ObjectId;
    use idtypes::object_id::ObjectIdGenerator;
    use idtypes_tests::typed::MongoOrderId;

    let id: MongoOrderId = "order_64b7f0a1c2d3e4f5a6b7c8d9".parse().unwrap();
    assert_eq!(id.timestamp_seconds(), 1_689_776_289);
    assert_eq!(id.process_unique(), [0xc2, 0xd3, 0xe4, 0xf5, 0xa6]);
    assert_eq!(id.counter(), 0xb7_c8d9);
    // Read in either case, written in lowercase; the prefix is as written.
    let upper: MongoOrderId = "order_64B7F0A1C2D3E4F5A6B7C8D9".parse().unwrap();
    assert_eq!(upper, id);
    assert_eq!(upper.to_string(), "order_64b7f0a1c2d3e4f5a6b7c8d9");
    assert_eq!(
        format!("{id:?}"),
        "MongoOrderId(order_64b7f0a1c2d3e4f5a6b7c8d9)"
    );
    assert_copy::<MongoOrderId>();

    let range = MongoOrderId::range_for_prefix("order_64b7f")
        .unwrap()
        .unwrap();
    assert!(range.contains(&id));
    assert_eq!(range.start().to_string(), "order_64b7f0000000000000000000");
    let seconds = MongoOrderId::range_for_seconds(1_689_776_289, 1_689_776_289).unwrap();
    assert!(seconds.contains(&id));
    let time = id.datetime::<chrono::DateTime<chrono::Utc>>();
    assert!(MongoOrderId::ranges_for_time(time..=time).contains(&id));

    let generator = ObjectIdGenerator::with_clock(ManualClock::new(1_700_000_000_000_000));
    let first = MongoOrderId::next_from(&generator);
    let second = MongoOrderId::try_next_from(&generator).unwrap();
    assert_eq!(first.timestamp_seconds(), 1_700_000_000);
    assert_eq!(first.process_unique(), generator.process_unique());
    assert_eq!(second.counter(), (first.counter() + 1) % (1 << 24));
    assert_ne!(MongoOrderId::now(), MongoOrderId::now());
    assert_eq!(MongoOrderId::default().into_inner(), ObjectId::MIN);
    assert_eq!(
        bson::oid::ObjectId::from(id.into_inner()).to_hex(),
        "64b7f0a1c2d3e4f5a6b7c8d9"
    );

    let err = "order_64b7f0a1c2d3e4f5a6b7c8dg"
        .parse::<MongoOrderId>()
        .unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(29))
    );
    let err = "post_64b7f0a1c2d3e4f5a6b7c8d9"
        .parse::<MongoOrderId>()
        .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Prefix);
}
