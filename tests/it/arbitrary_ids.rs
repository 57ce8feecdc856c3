//! The `arbitrary` integration: from any bytes, every id type and typed id gives a valid value
//! (it prints and parses back to itself, and passes its type's checks), every value is
//! reachable, and a typed id whose checks refuse its draws gives up after a bounded number.

use std::collections::BTreeSet;
use std::fmt::Debug;
use std::str::FromStr;

use arbitrary::{Arbitrary, Unstructured};
use idtypes::prelude::*;
use idtypes::record_key::RecordKeyType;
use idtypes::{
    FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, TypedId, Uid11,
    Uid11Xid, Ulid,
};
use idtypes_tests::typed::{
    ChatId, EventId, FileId, JobId, MsgId, NoteKey, OrderId, PaymentId, PostId, TokenId, TxnId,
};

use crate::common::sqlx_cases::Rng;
use crate::sqlx_derive::{LocalJobId, PostKey, ProfileKey, RecentPostId, TagKey};

/// A record key whose keys are NSIDs (a collection's name, say).
#[derive(RecordKey)]
#[idtype(prefix = "coll", key_type = "nsid")]
pub struct CollectionKey(RecordKey);

/// A check no id passes.
fn never(_: &Tid) -> Result<(), &'static str> {
    Err("no id is good enough")
}

#[derive(Tid)]
#[idtype(prefix = "none", validate = never)]
pub struct NoPostId(Tid);

/// `count` buffers of random bytes, of every length from 0 to 600 and a few longer ones.
fn buffers(count: usize) -> Vec<Vec<u8>> {
    let mut rng = Rng::new();
    (0..count)
        .map(|i| {
            let len = if i % 50 == 0 {
                2000 + rng.below(2000)
            } else {
                rng.below(601)
            };
            (0..len).map(|_| rng.next_u64() as u8).collect()
        })
        .collect()
}

/// Draws a `T` from each buffer (and one from the rest of it), and checks each value drawn
/// with `check` and by `FromStr(Display(x)) == x`; returns the values and how many draws
/// were refused.
fn draw_all<T>(buffers: &[Vec<u8>], check: impl Fn(&T)) -> (Vec<T>, usize)
where
    T: for<'a> Arbitrary<'a> + FromStr<Err = idtypes::Error> + ToString + PartialEq + Debug,
{
    let mut values = Vec::new();
    let mut refused = 0;
    for buffer in buffers {
        let mut u = Unstructured::new(buffer);
        for value in [T::arbitrary(&mut u), T::arbitrary_take_rest(u)] {
            match value {
                Ok(value) => {
                    let text = value.to_string();
                    assert_eq!(text.parse::<T>().as_ref(), Ok(&value), "{text}");
                    check(&value);
                    values.push(value);
                }
                Err(arbitrary::Error::IncorrectFormat) => refused += 1,
                Err(err) => panic!("{}: {err}", std::any::type_name::<T>()),
            }
        }
    }
    (values, refused)
}

/// Every fixed-size format's draws are valid, and none is refused.
fn fixed<T>(check: impl Fn(&T))
where
    T: for<'a> Arbitrary<'a> + FromStr<Err = idtypes::Error> + ToString + PartialEq + Debug,
{
    let (values, refused) = draw_all::<T>(&buffers(500), check);
    assert_eq!(refused, 0);
    assert_eq!(values.len(), 1000);
}

#[test]
fn every_fixed_size_format_draws_valid_ids() {
    fixed::<Tid>(|_| {});
    fixed::<TimeId>(|_| {});
    fixed::<Uid11>(|_| {});
    fixed::<Uid11Xid>(|_| {});
    fixed::<Snowish>(|id| assert_eq!(id.to_u64() >> 63, 0));
    fixed::<TsSeqRand>(|_| {});
    fixed::<FullRand>(|_| {});
    fixed::<Snowflake>(|id| assert_eq!(id.to_u64() >> 63, 0));
    fixed::<Tbsl>(|_| {});
    fixed::<Ulid>(|_| {});
    fixed::<idtypes::Ksuid>(|_| {});
    fixed::<idtypes::Sonyflake>(|id| assert_eq!(id.to_u64() >> 63, 0));
    fixed::<idtypes::RsXid>(|_| {});
    fixed::<idtypes::ObjectId>(|_| {});
}

#[test]
fn the_whole_range_of_each_fixed_size_format_is_reachable() {
    fn ends<T: for<'a> Arbitrary<'a> + PartialEq + Debug>(n: usize, min: T, max: T) {
        assert_eq!(
            T::arbitrary(&mut Unstructured::new(&vec![0; n])).unwrap(),
            min
        );
        assert_eq!(
            T::arbitrary(&mut Unstructured::new(&vec![0xFF; n])).unwrap(),
            max
        );
        assert_eq!(T::size_hint(0), (n, Some(n)));
    }
    ends(8, Tid::MIN, Tid::MAX);
    ends(8, TimeId::MIN, TimeId::MAX);
    ends(8, Uid11::MIN, Uid11::MAX);
    ends(8, Uid11Xid::MIN, Uid11Xid::MAX);
    ends(8, TsSeqRand::from_u64(0), TsSeqRand::from_u64(u64::MAX));
    ends(8, FullRand::from_u64(0), FullRand::from_u64(u64::MAX));
    ends(8, Snowish::MIN, Snowish::MAX);
    ends(8, Snowflake::MIN, Snowflake::MAX);
    ends(10, Tbsl::MIN, Tbsl::MAX);
    ends(16, Ulid::MIN, Ulid::MAX);
    ends(20, idtypes::Ksuid::MIN, idtypes::Ksuid::MAX);
    ends(8, idtypes::Sonyflake::MIN, idtypes::Sonyflake::MAX);
    ends(12, idtypes::RsXid::MIN, idtypes::RsXid::MAX);
    ends(12, idtypes::ObjectId::MIN, idtypes::ObjectId::MAX);
    // The bytes are the id's: TIDs with the top bit set, TimeIds before 1970.
    let tid = Tid::arbitrary(&mut Unstructured::new(&[0x80, 0, 0, 0, 0, 0, 0, 1])).unwrap();
    assert_eq!(tid.to_u64(), (1 << 63) + 1);
    let id = TimeId::arbitrary(&mut Unstructured::new(&[0xFF; 8])).unwrap();
    assert!(id.timestamp_micros() < 0);
}

#[test]
fn record_keys_are_valid_and_cover_the_alphabet_and_lengths() {
    let (keys, refused) = draw_all::<RecordKey>(&buffers(2000), |key| {
        assert!((1..=512).contains(&key.len()), "{key}");
        assert!(key.as_str() != "." && key.as_str() != "..");
    });
    assert_eq!(refused, 0);
    let characters: BTreeSet<char> = keys.iter().flat_map(|key| key.chars()).collect();
    let alphabet: BTreeSet<char> =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:"
            .chars()
            .collect();
    assert_eq!(characters, alphabet);
    let lengths: BTreeSet<usize> = keys.iter().map(|key| key.len()).collect();
    assert!(
        lengths.contains(&1) && lengths.contains(&512),
        "{lengths:?}"
    );
    assert!(lengths.len() > 300, "only {} lengths", lengths.len());

    // Every key can be drawn: the input spells it, and its length comes from the end.
    for key in [
        "-",
        "self",
        "3jzfcijpj2z2a",
        "...",
        "pre:fix",
        &"~".repeat(512),
    ] {
        let mut input: Vec<u8> = key.bytes().map(|b| alphabet_index(b as char)).collect();
        input.push(key.len() as u8);
        if input.len() > 257 {
            // Two bytes of length, big-endian, for inputs over 257 bytes.
            input.pop();
            input.extend((key.len() as u16).to_be_bytes());
        }
        let drawn = RecordKey::arbitrary(&mut Unstructured::new(&input)).unwrap();
        assert_eq!(drawn, key);
    }
    // `.` and `..` are not keys: they become `...`.
    for dots in [".", ".."] {
        let mut input: Vec<u8> = dots.bytes().map(|b| alphabet_index(b as char)).collect();
        input.push(dots.len() as u8);
        let drawn = RecordKey::arbitrary(&mut Unstructured::new(&input)).unwrap();
        assert_eq!(drawn, "...");
    }
    assert_eq!(
        RecordKey::arbitrary(&mut Unstructured::new(&[])).unwrap(),
        "a"
    );
}

/// The byte that draws `c` (the integration's alphabet order).
fn alphabet_index(c: char) -> u8 {
    let alphabet = "aAbBcCdDeEfFgGhHiIjJkKlLmMnNoOpPqQrRsStTuUvVwWxXyYzZ0123456789-._~:";
    alphabet.find(c).unwrap() as u8
}

/// Draws typed ids and checks each with the type's checks.
fn typed<T>(buffers: &[Vec<u8>]) -> (Vec<T>, usize)
where
    T: TypedId + for<'a> Arbitrary<'a>,
{
    draw_all::<T>(buffers, |id| {
        assert!(T::try_from_inner(id.as_inner().clone()).is_ok(), "{id}");
    })
}

#[test]
fn typed_ids_of_every_format_draw_valid_ids() {
    let buffers = buffers(300);
    assert_eq!(typed::<PostId>(&buffers).1, 0);
    assert_eq!(typed::<EventId>(&buffers).1, 0);
    assert_eq!(typed::<FileId>(&buffers).1, 0);
    assert_eq!(typed::<OrderId>(&buffers).1, 0);
    assert_eq!(typed::<JobId>(&buffers).1, 0);
    assert_eq!(typed::<MsgId>(&buffers).1, 0);
    assert_eq!(typed::<TokenId>(&buffers).1, 0);
    assert_eq!(typed::<ChatId>(&buffers).1, 0);
    assert_eq!(typed::<TxnId>(&buffers).1, 0);
    assert_eq!(typed::<PaymentId>(&buffers).1, 0);
    assert_eq!(typed::<NoteKey>(&buffers).1, 0);
    assert_eq!(typed::<idtypes_tests::typed::TraceId>(&buffers).1, 0);
    assert_eq!(typed::<idtypes_tests::typed::RequestId>(&buffers).1, 0);
    assert_eq!(PostId::size_hint(0), (8, Some(8 * 16)));
}

#[test]
fn typed_ids_with_a_validate_function_draw_only_ids_it_accepts() {
    let buffers = buffers(500);
    // Most TIDs of random bytes are far in the future: after 2023.
    let (ids, refused) = typed::<RecentPostId>(&buffers);
    assert!(ids.len() > 900, "{} ids, {refused} refused", ids.len());
    // Lower-case keys: rarer among random keys, found by drawing again.
    let (keys, _) = typed::<TagKey>(&buffers);
    assert!(keys.len() > 100, "{} keys", keys.len());
    assert!(keys.iter().any(|key| key.as_str().len() > 1));
}

#[test]
fn a_check_that_refuses_every_draw_gives_up_after_sixteen() {
    let input = [7u8; 200];
    let mut u = Unstructured::new(&input);
    assert!(matches!(
        NoPostId::arbitrary(&mut u),
        Err(arbitrary::Error::IncorrectFormat)
    ));
    assert_eq!(u.len(), 200 - 16 * 8, "sixteen draws of eight bytes");
    // Once the input has run out, one more draw and no more.
    let mut u = Unstructured::new(&input[..12]);
    assert!(matches!(
        NoPostId::arbitrary(&mut u),
        Err(arbitrary::Error::IncorrectFormat)
    ));
    assert!(u.is_empty());
    // A rare check (machine 7 of 1024) mostly gives up, and never returns a refused id.
    let (ids, refused) = typed::<LocalJobId>(&buffers(200));
    assert!(refused > ids.len(), "{} ids, {refused} refused", ids.len());
    assert!(ids.iter().all(|id| id.machine_id() == 7));
}

#[test]
fn record_key_types_draw_keys_of_their_type_directly() {
    let buffers = buffers(500);
    let (keys, refused) = typed::<PostKey>(&buffers);
    assert_eq!(refused, 0);
    assert!(
        keys.iter()
            .all(|key| RecordKeyType::Tid.matches(key.as_inner()))
    );
    // Top-bit TIDs are TID keys too.
    assert!(keys.iter().any(|key| {
        key.as_str()
            .starts_with(['c', 'd', 'e', 'f', 'g', 'h', 'i', 'j'])
    }));

    let (keys, refused) = typed::<ProfileKey>(&buffers);
    assert_eq!(refused, 0);
    assert!(keys.iter().all(|key| key.as_str() == "self"));
    assert_eq!(ProfileKey::size_hint(0), (0, Some(0)));

    let (keys, refused) = typed::<CollectionKey>(&buffers);
    assert_eq!(refused, 0);
    assert!(
        keys.iter()
            .all(|key| RecordKeyType::Nsid.matches(key.as_inner()))
    );
    let segments: BTreeSet<usize> = keys
        .iter()
        .map(|key| key.as_str().split('.').count())
        .collect();
    assert_eq!(segments, (3..=8).collect(), "segment counts");
    assert!(keys.iter().any(|key| key.as_str().contains('-')));
    let longest = keys.iter().map(|key| key.as_str().len()).max().unwrap();
    assert!(longest > 200, "the longest NSID has {longest} characters");
}

#[test]
fn a_nanoid_is_its_bytes_read_as_symbols() {
    use idtypes::NanoId;
    use idtypes::nanoid::Lowercase;

    let zeros = NanoId::<idtypes::nanoid::UrlSafe, 21>::arbitrary(&mut Unstructured::new(&[0; 21]));
    assert_eq!(zeros.unwrap().as_str(), "uuuuuuuuuuuuuuuuuuuuu");
    assert_eq!(<NanoId as Arbitrary>::size_hint(0), (21, Some(21)));
    let bytes: Vec<u8> = (0..=255).collect();
    let mut u = Unstructured::new(&bytes);
    while !u.is_empty() {
        let id = NanoId::<Lowercase, 16>::arbitrary(&mut u).unwrap();
        assert!(id.as_str().bytes().all(|b| b.is_ascii_lowercase()), "{id}");
    }
    // A typed id draws its inner id.
    let invite =
        idtypes_tests::typed::InviteId::arbitrary(&mut Unstructured::new(&[25; 16])).unwrap();
    assert_eq!(invite.to_string(), "inv_zzzzzzzzzzzzzzzz");
}

/// Drawn CUID2s are valid, of every length from 2 to 32; so are typed ones.
#[test]
fn cuid2s_drawn_are_valid_and_of_every_length() {
    let mut lengths = BTreeSet::new();
    for input in buffers(2000) {
        let Ok(id) = idtypes::Cuid2::arbitrary(&mut Unstructured::new(&input)) else {
            continue;
        };
        assert_eq!(idtypes::Cuid2::parse(id.as_str()), Ok(id));
        lengths.insert(id.len());
        if let Ok(user) = idtypes_tests::typed::UserId::arbitrary(&mut Unstructured::new(&input)) {
            assert_eq!(user.to_string().parse(), Ok(user));
        }
    }
    assert_eq!(lengths, (2..=32).collect::<BTreeSet<_>>());
}
