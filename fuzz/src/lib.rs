//! The checks the fuzz targets run, one function per target (see [`TARGETS`]).
//!
//! The same file is the regression test's: `tests/it/fuzz_regressions.rs` includes it as a
//! module and replays every input under `fuzz/regressions/<target>/` through these functions,
//! so a crash the fuzzer found stays fixed. Every check panics when it fails; an input that
//! the library refuses is no failure, only a wrong answer or a panic inside the library is.
//!
//! Each target reads its first byte as a selector (which format, which form) and the rest as
//! the input.

use core::fmt::{Debug, Display};
use core::str::FromStr;

use idtypes::record_key::RecordKeyType;
use idtypes::serde::SerdeId;
use idtypes::tbsl::TransportBase;
use idtypes::uuids::DynTypeId;
use idtypes::{
    Error, ErrorKind, FixedSizeFormat, FullRand, IdFormat, IdRange, RecordKey, Snowflake, Snowish,
    Tbsl, Tid, TimeId, TsSeqRand, TypedId, Uid11, Uid11Xid, Ulid, Uuid,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A target's check: panics when the input shows a bug.
pub type Check = fn(&[u8]);

/// Every target: its name (the directory names under `corpus/` and `regressions/`) and its
/// check.
pub const TARGETS: &[(&str, Check)] = &[
    ("fixed", fixed),
    ("record_key", record_key),
    ("typed", typed),
    ("serde", serde),
    ("ksuid", ksuid),
    ("nanoid", nanoid),
    ("cuid2", cuid2),
];

// ---------------------------------------------------------------------------------------------
// Errors

/// An error must print, in the one shape of errors about input ("invalid PostId: …", the
/// typed id's name else the format's), and a position must point into the input (a character
/// error at a character of it).
fn check_error(err: &Error, input_len: usize) {
    let message = err.to_string();
    assert!(!message.is_empty(), "an error without a message: {err:?}");
    let about_input = matches!(
        err.kind(),
        ErrorKind::Length
            | ErrorKind::Character
            | ErrorKind::Overflow
            | ErrorKind::Reserved
            | ErrorKind::Syntax
            | ErrorKind::Mismatch
            | ErrorKind::Prefix
            | ErrorKind::Separator
            | ErrorKind::Validation
    );
    if about_input {
        let name = err.type_name().unwrap_or(err.format_name());
        assert!(
            message.starts_with(&format!("invalid {name}: ")),
            "an error about input in another shape: {message}"
        );
    }
    if let Some(position) = err.position() {
        if err.kind() == ErrorKind::Character {
            assert!(
                position < input_len,
                "character error at {position} in {input_len} bytes: {message}"
            );
        } else {
            assert!(
                position <= input_len,
                "error at {position} in {input_len} bytes: {message}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Fixed-size formats: text, bytes, transport bases

const BASE32_SORTABLE: &[u8] = b"234567abcdefghijklmnopqrstuvwxyz";
const BASE58: &[u8] = b"123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

/// The value of Base58 text, as wide as it gets (11 symbols need 65 bits), if all symbols are
/// Base58.
fn base58_value(text: &[u8]) -> Option<u128> {
    text.iter().try_fold(0u128, |value, symbol| {
        let digit = BASE58.iter().position(|s| s == symbol)?;
        Some(value * 58 + digit as u128)
    })
}

/// What the fuzz checks need of a fixed-size format beyond [`FixedSizeFormat`]: its inherent
/// parsers, and an independent statement of which texts it accepts.
trait Fixed:
    FixedSizeFormat + Display + Debug + FromStr<Err = Error> + for<'a> TryFrom<&'a str, Error = Error>
{
    fn parse_str(text: &str) -> Result<Self, Error>;
    fn parse_bytes(text: &[u8]) -> Result<Self, Error>;
    /// `parse_const` where the format has one besides `parse`.
    fn parse_const_str(text: &str) -> Option<Result<Self, Error>>;
    /// Whether the text is valid, written from the format's specification, not its code.
    fn valid(text: &[u8]) -> bool;
    /// Whether a valid text is the one the id displays as (TimeId also reads a dashed form).
    fn canonical(text: &[u8]) -> bool;
    /// The id made of the first bytes of `raw` (zero-padded), through the inherent
    /// `from_bytes` or `try_from_bytes`.
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error>;
    /// Whether the text has prefix ranges (all but a Snowflake's, whose decimal text does not
    /// sort like the ids).
    const PREFIX_RANGES: bool = true;
    /// A prefix as the ids whose text starts with it display it: itself, but for a text read
    /// in either case (a ULID's, shown in uppercase; an ObjectId's, in lowercase).
    fn shown_prefix(prefix: &str) -> String {
        prefix.to_owned()
    }
    /// `range_for_prefix`.
    fn prefix_range(prefix: &str) -> Result<Option<IdRange<Self>>, Error>;
}

fn padded<const N: usize>(raw: &[u8]) -> [u8; N] {
    let mut bytes = [0u8; N];
    for (to, from) in bytes.iter_mut().zip(raw) {
        *to = *from;
    }
    bytes
}

impl Fixed for Tid {
    fn parse_str(text: &str) -> Result<Self, Error> {
        Tid::parse(text)
    }
    fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
        Tid::parse_ascii(text)
    }
    fn parse_const_str(text: &str) -> Option<Result<Self, Error>> {
        Some(Tid::parse_const(text))
    }
    fn valid(text: &[u8]) -> bool {
        // atproto: ^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$
        text.len() == 13
            && b"234567abcdefghij".contains(&text[0])
            && text.iter().all(|b| BASE32_SORTABLE.contains(b))
    }
    fn canonical(_: &[u8]) -> bool {
        true
    }
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
        Ok(Tid::from_bytes(padded(raw)))
    }
    fn prefix_range(prefix: &str) -> Result<Option<IdRange<Self>>, Error> {
        Tid::range_for_prefix(prefix)
    }
}

impl Fixed for TimeId {
    fn parse_str(text: &str) -> Result<Self, Error> {
        TimeId::parse(text)
    }
    fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
        TimeId::parse_ascii(text)
    }
    fn parse_const_str(text: &str) -> Option<Result<Self, Error>> {
        Some(TimeId::parse_const(text))
    }
    fn valid(text: &[u8]) -> bool {
        // 13 symbols, or the same with dashes after symbols 4, 7 and 11; the first symbol
        // names a 65-bit sign extension of an i64: `2`..`b` or `s`..`z`.
        let symbols: Vec<u8> = match text.len() {
            13 => text.to_vec(),
            16 if text[4] == b'-' && text[8] == b'-' && text[13] == b'-' => text
                .iter()
                .enumerate()
                .filter(|(i, _)| ![4, 8, 13].contains(i))
                .map(|(_, b)| *b)
                .collect(),
            _ => return false,
        };
        b"234567abstuvwxyz".contains(&symbols[0])
            && symbols.iter().all(|b| BASE32_SORTABLE.contains(b))
    }
    fn canonical(text: &[u8]) -> bool {
        text.len() == 13
    }
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
        Ok(TimeId::from_bytes(padded(raw)))
    }
    fn prefix_range(prefix: &str) -> Result<Option<IdRange<Self>>, Error> {
        TimeId::range_for_prefix(prefix)
    }
}

/// The uid11 profiles: 11 Base58 symbols whose value is a payload of the profile.
macro_rules! uid11_fixed {
    ($($ty:ident: $max:expr, $from_bytes:expr;)*) => {$(
        impl Fixed for $ty {
            fn parse_str(text: &str) -> Result<Self, Error> {
                $ty::parse(text)
            }
            fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
                $ty::parse_ascii(text)
            }
            fn parse_const_str(_: &str) -> Option<Result<Self, Error>> {
                None
            }
            fn valid(text: &[u8]) -> bool {
                text.len() == 11 && base58_value(text).is_some_and(|value| value <= $max as u128)
            }
            fn canonical(_: &[u8]) -> bool {
                true
            }
            fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
                let from_bytes: fn([u8; 8]) -> Result<$ty, Error> = $from_bytes;
                from_bytes(padded(raw))
            }
            fn prefix_range(prefix: &str) -> Result<Option<IdRange<Self>>, Error> {
                $ty::range_for_prefix(prefix)
            }
        }
    )*};
}

uid11_fixed! {
    Uid11: u64::MAX, |bytes| Ok(Uid11::from_bytes(bytes));
    Uid11Xid: u64::MAX, |bytes| Ok(Uid11Xid::from_bytes(bytes));
    Snowish: i64::MAX, Snowish::try_from_bytes;
    TsSeqRand: u64::MAX, |bytes| Ok(TsSeqRand::from_bytes(bytes));
    FullRand: u64::MAX, |bytes| Ok(FullRand::from_bytes(bytes));
}

impl Fixed for idtypes::Sonyflake {
    fn parse_str(text: &str) -> Result<Self, Error> {
        idtypes::Sonyflake::parse(text)
    }
    fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
        idtypes::Sonyflake::parse_ascii(text)
    }
    fn parse_const_str(_: &str) -> Option<Result<Self, Error>> {
        None
    }
    fn valid(text: &[u8]) -> bool {
        // A Snowflake's text: the decimal numbers up to 2^63 - 1.
        <Snowflake as Fixed>::valid(text)
    }
    fn canonical(_: &[u8]) -> bool {
        true
    }
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
        idtypes::Sonyflake::try_from_bytes(padded(raw))
    }
    const PREFIX_RANGES: bool = false;
    fn prefix_range(_: &str) -> Result<Option<IdRange<Self>>, Error> {
        Ok(None)
    }
}

impl Fixed for Snowflake {
    fn parse_str(text: &str) -> Result<Self, Error> {
        Snowflake::parse(text)
    }
    fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
        Snowflake::parse_ascii(text)
    }
    fn parse_const_str(_: &str) -> Option<Result<Self, Error>> {
        None
    }
    fn valid(text: &[u8]) -> bool {
        // The decimal number, as Twitter and Discord send it: ^(0|[1-9][0-9]{0,18})$, at
        // most 2^63 - 1.
        let digits = !text.is_empty() && text.len() <= 19 && text.iter().all(u8::is_ascii_digit);
        let value = || {
            text.iter()
                .fold(0u128, |v, d| v * 10 + u128::from(d - b'0'))
        };
        digits && (text == b"0" || text[0] != b'0') && value() < 1 << 63
    }
    fn canonical(_: &[u8]) -> bool {
        true
    }
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
        Snowflake::try_from_bytes(padded(raw))
    }
    const PREFIX_RANGES: bool = false;
    fn prefix_range(_: &str) -> Result<Option<IdRange<Self>>, Error> {
        Ok(None)
    }
}

/// Crockford's base32 in uppercase: a ULID's symbols.
const CROCKFORD: &[u8] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

impl Fixed for Ulid {
    fn parse_str(text: &str) -> Result<Self, Error> {
        Ulid::parse(text)
    }
    fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
        Ulid::parse_ascii(text)
    }
    fn parse_const_str(_: &str) -> Option<Result<Self, Error>> {
        None
    }
    fn valid(text: &[u8]) -> bool {
        // The ULID specification: 26 symbols of Crockford's base32 (no `I`, `L`, `O`, `U`),
        // read in either case, the first at most `7` (128 bits).
        text.len() == 26
            && text
                .iter()
                .all(|b| CROCKFORD.contains(&b.to_ascii_uppercase()))
            && (b'0'..=b'7').contains(&text[0])
    }
    fn canonical(text: &[u8]) -> bool {
        !text.iter().any(u8::is_ascii_lowercase)
    }
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
        Ok(Ulid::from_bytes(padded(raw)))
    }
    fn shown_prefix(prefix: &str) -> String {
        prefix.to_ascii_uppercase()
    }
    fn prefix_range(prefix: &str) -> Result<Option<IdRange<Self>>, Error> {
        Ulid::range_for_prefix(prefix)
    }
}

impl Fixed for idtypes::ObjectId {
    fn parse_str(text: &str) -> Result<Self, Error> {
        idtypes::ObjectId::parse(text)
    }
    fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
        idtypes::ObjectId::parse_ascii(text)
    }
    fn parse_const_str(_: &str) -> Option<Result<Self, Error>> {
        None
    }
    fn valid(text: &[u8]) -> bool {
        // The BSON ObjectId: 12 bytes in 24 hex digits, which the drivers read in either case.
        text.len() == 24 && text.iter().all(u8::is_ascii_hexdigit)
    }
    fn canonical(text: &[u8]) -> bool {
        !text.iter().any(u8::is_ascii_uppercase)
    }
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
        Ok(idtypes::ObjectId::from_bytes(padded(raw)))
    }
    fn shown_prefix(prefix: &str) -> String {
        prefix.to_ascii_lowercase()
    }
    fn prefix_range(prefix: &str) -> Result<Option<IdRange<Self>>, Error> {
        idtypes::ObjectId::range_for_prefix(prefix)
    }
}

/// rs/xid's alphabet: base32hex in lowercase.
const BASE32HEX_LOWER: &[u8] = b"0123456789abcdefghijklmnopqrstuv";

impl Fixed for idtypes::RsXid {
    fn parse_str(text: &str) -> Result<Self, Error> {
        idtypes::RsXid::parse(text)
    }
    fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
        idtypes::RsXid::parse_ascii(text)
    }
    fn parse_const_str(_: &str) -> Option<Result<Self, Error>> {
        None
    }
    fn valid(text: &[u8]) -> bool {
        // rs/xid: 20 symbols of `0-9a-v` (lowercase only), the last one holding one bit and
        // 4 zero bits: `0` or `g`.
        text.len() == 20
            && text.iter().all(|b| BASE32HEX_LOWER.contains(b))
            && (text[19] == b'0' || text[19] == b'g')
    }
    fn canonical(_: &[u8]) -> bool {
        true
    }
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
        Ok(idtypes::RsXid::from_bytes(padded(raw)))
    }
    fn prefix_range(prefix: &str) -> Result<Option<IdRange<Self>>, Error> {
        idtypes::RsXid::range_for_prefix(prefix)
    }
}

impl Fixed for Tbsl {
    fn parse_str(text: &str) -> Result<Self, Error> {
        Tbsl::parse(text)
    }
    fn parse_bytes(text: &[u8]) -> Result<Self, Error> {
        Tbsl::parse_ascii(text)
    }
    fn parse_const_str(_: &str) -> Option<Result<Self, Error>> {
        None
    }
    fn valid(text: &[u8]) -> bool {
        text.len() == 20 && text.iter().all(|b| b"0123456789ABCDEF".contains(b))
    }
    fn canonical(_: &[u8]) -> bool {
        true
    }
    fn from_raw_bytes(raw: &[u8]) -> Result<Self, Error> {
        Ok(Tbsl::from_bytes(padded(raw)))
    }
    fn prefix_range(prefix: &str) -> Result<Option<IdRange<Self>>, Error> {
        Tbsl::range_for_prefix(prefix)
    }
}

/// Every way in from text agrees with the others and with the specification; an accepted
/// text is the id's display (when canonical) and the display reads back as the id.
fn check_text<T: Fixed>(text: &[u8]) {
    let by_bytes = T::parse_bytes(text);
    assert_eq!(
        by_bytes.is_ok(),
        T::valid(text),
        "{} accepts {:?}: {by_bytes:?}",
        T::NAME,
        String::from_utf8_lossy(text)
    );
    if let Ok(text) = core::str::from_utf8(text) {
        assert_eq!(T::parse_str(text), by_bytes, "parse and parse_ascii differ");
        assert_eq!(
            text.parse::<T>(),
            by_bytes,
            "FromStr and parse_ascii differ"
        );
        assert_eq!(
            T::try_from(text),
            by_bytes,
            "TryFrom<&str> and parse_ascii differ"
        );
        if let Some(by_const) = T::parse_const_str(text) {
            assert_eq!(by_const, by_bytes, "parse_const and parse_ascii differ");
        }
    }
    match by_bytes {
        Ok(id) => {
            let shown = id.to_string();
            assert_eq!(shown, id.encode().to_string(), "Display and encode differ");
            if T::canonical(text) {
                assert_eq!(shown.as_bytes(), text, "the display is not the text read");
            }
            check_fixed_value(id);
        }
        Err(err) => check_error(&err, text.len()),
    }
    check_prefix::<T>(text);
}

/// The ids `range_for_prefix` gives for the text, taken as a prefix, all have it: the first
/// and the last one's text (plain or, for TimeId, dashed) start with it.
fn check_prefix<T: Fixed>(prefix: &[u8]) {
    let Ok(prefix) = core::str::from_utf8(prefix) else {
        return;
    };
    let shown_prefix = T::shown_prefix(prefix);
    match T::prefix_range(prefix) {
        Ok(Some(range)) => {
            assert!(range.start() <= range.end(), "{prefix:?}: {range:?}");
            let prefix = shown_prefix.as_str();
            for id in [range.start(), range.end()] {
                assert!(
                    id.to_string().starts_with(prefix) || format!("{id:#}").starts_with(prefix),
                    "{prefix:?}: {range:?} holds {id}"
                );
            }
        }
        Ok(None) => {}
        Err(err) => check_error(&err, prefix.len()),
    }
}

/// A valid id: its text, raw form and bytes all read back as the id.
fn check_fixed_value<T: Fixed>(id: T) {
    let shown = id.to_string();
    assert_eq!(
        T::parse_str(&shown),
        Ok(id),
        "the display {shown} does not read back"
    );
    assert_eq!(T::parse_bytes(shown.as_bytes()), Ok(id));
    assert_eq!(T::try_from_raw(id.to_raw()), Ok(id), "raw form round trip");
    assert_eq!(T::try_from_bytes(id.to_bytes()), Ok(id), "bytes round trip");
    assert_eq!(T::from_raw_bytes(id.to_bytes().as_ref()), Ok(id));
    // Every prefix of its text has a range that holds it.
    if !T::PREFIX_RANGES {
        return;
    }
    for text in [shown, format!("{id:#}")] {
        for end in 0..=text.len() {
            let prefix = &text[..end];
            match T::prefix_range(prefix) {
                Ok(Some(range)) => assert!(range.contains(&id), "{prefix:?}: {range:?}, {id}"),
                other => panic!("{prefix:?}, a prefix of {id}: {other:?}"),
            }
        }
    }
}

/// Ids from raw bytes: valid ones round-trip through every form.
fn check_raw<T: Fixed>(raw: &[u8]) {
    match T::from_raw_bytes(raw) {
        Ok(id) => {
            assert_eq!(
                id.to_bytes().as_ref(),
                &padded::<16>(raw)[..id.to_bytes().as_ref().len()]
            );
            check_fixed_value(id);
        }
        Err(err) => check_error(&err, raw.len()),
    }
}

/// TBSL from bytes of any length, and from any `u128`.
fn check_tbsl_raw(raw: &[u8]) {
    match Tbsl::try_from(raw) {
        Ok(id) => {
            assert_eq!(raw.len(), 10);
            assert_eq!(id.to_bytes().as_slice(), raw);
            check_fixed_value(id);
        }
        Err(err) => {
            assert_ne!(raw.len(), 10, "10 bytes refused: {err}");
            assert_eq!(err.kind(), ErrorKind::Length);
            check_error(&err, raw.len());
        }
    }
    let value = u128::from_be_bytes(padded(raw));
    match Tbsl::try_from_u128(value) {
        Ok(id) => {
            assert!(value >> 80 == 0, "{value} is over 80 bits");
            assert_eq!(id.to_u128(), value);
            check_fixed_value(id);
        }
        Err(err) => {
            assert!(value >> 80 != 0, "{value} refused: {err}");
            check_error(&err, 16);
        }
    }
}

const TRANSPORT_BASES: [TransportBase; 6] = [
    TransportBase::Base10,
    TransportBase::Base16,
    TransportBase::Base32,
    TransportBase::Base36,
    TransportBase::Base58,
    TransportBase::Base62,
];

/// A transport text reads as the specification says, and what it reads prints back without
/// its leading zero symbols.
fn check_transport(base: TransportBase, text: &[u8]) {
    let text = String::from_utf8_lossy(text);
    let alphabet = base.alphabet().as_bytes();
    let zero = alphabet[0] as char;
    let result = Tbsl::from_base(base, &text);
    let value = text.bytes().try_fold(0u128, |value, symbol| {
        let digit = alphabet.iter().position(|s| *s == symbol)?;
        value
            .checked_mul(alphabet.len() as u128)?
            .checked_add(digit as u128)
    });
    let valid = (1..=base.max_len()).contains(&text.len()) && value.is_some_and(|v| v >> 80 == 0);
    assert_eq!(result.is_ok(), valid, "{base:?} {text:?}: {result:?}");
    match result {
        Ok(id) => {
            assert_eq!(Some(id.to_u128()), value);
            let stripped = text.trim_start_matches(zero);
            let expected = if stripped.is_empty() {
                zero.to_string()
            } else {
                stripped.to_owned()
            };
            assert_eq!(id.to_base(base).as_str(), expected);
            check_transport_value(id);
        }
        Err(err) => check_error(&err, text.len()),
    }
}

/// An id in every base: minimal, at most the base's longest, and reads back.
fn check_transport_value(id: Tbsl) {
    for base in TRANSPORT_BASES {
        let text = id.to_base(base);
        assert!((1..=base.max_len()).contains(&text.len()));
        let zero = base.alphabet().as_bytes()[0];
        assert!(
            text.len() == 1 || text.as_bytes()[0] != zero,
            "{text} is not minimal"
        );
        assert!(
            text.bytes()
                .all(|b| base.alphabet().as_bytes().contains(&b))
        );
        assert_eq!(Tbsl::from_base(base, &text), Ok(id), "{base:?} {text}");
    }
}

/// The `fixed` target: the text (`parse`, `parse_ascii`, `FromStr`, `TryFrom<&str>`,
/// `parse_const`) of each fixed-size format, its bytes and raw forms, and TBSL's transport
/// bases.
pub fn fixed(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    match selector % 21 {
        0 => check_text::<Tid>(input),
        1 => check_text::<TimeId>(input),
        2 => check_text::<Uid11>(input),
        3 => check_text::<Uid11Xid>(input),
        4 => check_text::<Snowish>(input),
        5 => check_text::<TsSeqRand>(input),
        6 => check_text::<FullRand>(input),
        7 => check_text::<Tbsl>(input),
        8..=13 => check_transport(TRANSPORT_BASES[usize::from(selector % 21 - 8)], input),
        14 => {
            check_raw::<Tid>(input);
            check_raw::<TimeId>(input);
            check_raw::<Uid11>(input);
            check_raw::<Uid11Xid>(input);
            check_raw::<Snowish>(input);
            check_raw::<TsSeqRand>(input);
            check_raw::<FullRand>(input);
            check_raw::<Tbsl>(input);
            check_raw::<Snowflake>(input);
            check_raw::<Ulid>(input);
            check_raw::<idtypes::Sonyflake>(input);
            check_raw::<idtypes::RsXid>(input);
            check_raw::<idtypes::ObjectId>(input);
        }
        15 => check_tbsl_raw(input),
        16 => check_transport_value(Tbsl::from_bytes(padded(input))),
        // A Sonyflake's text is a Snowflake's.
        18 => {
            check_text::<Snowflake>(input);
            check_text::<idtypes::Sonyflake>(input);
        }
        19 => check_text::<Ulid>(input),
        20 => {
            check_text::<idtypes::RsXid>(input);
            check_text::<idtypes::ObjectId>(input);
        }
        _ => {
            // Snowish's raw form: only the reserved top bit makes an u64 no id.
            let value = u64::from_be_bytes(padded(input));
            assert_eq!(Snowish::try_from_u64(value).is_ok(), value >> 63 == 0);
            assert_eq!(
                Snowish::try_from_u64(value),
                Snowish::try_from_bytes(value.to_be_bytes())
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Record keys and record-key types

/// The record-key syntax from the atproto specification: 1 to 512 of `A-Za-z0-9.-_~:`, not
/// `.` or `..`.
fn valid_record_key(text: &str) -> bool {
    (1..=512).contains(&text.len())
        && text != "."
        && text != ".."
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b".-_~:".contains(&b))
}

fn check_record_key(text: &str) {
    let result = RecordKey::parse(text);
    assert_eq!(
        result.is_ok(),
        valid_record_key(text),
        "{text:?}: {result:?}"
    );
    assert_eq!(RecordKey::validate(text), result.clone().map(drop));
    assert_eq!(RecordKey::validate_const(text), result.clone().map(drop));
    assert_eq!(text.parse::<RecordKey>(), result);
    assert_eq!(RecordKey::try_from(text), result);
    assert_eq!(RecordKey::try_from(text.to_owned()), result);
    match result {
        Ok(key) => {
            assert_eq!(key.as_str(), text);
            assert_eq!(key.to_string(), text);
            assert_eq!(key.clone().into_string(), text);
            let as_tid = Tid::parse(text);
            assert_eq!(key.to_tid(), as_tid);
            assert_eq!(RecordKeyType::Tid.check(&key), as_tid.clone().map(drop));
            if let Ok(tid) = as_tid {
                assert_eq!(RecordKey::from(tid), key);
            }
            assert_eq!(RecordKeyType::Any.check(&key), Ok(()));
            assert_eq!(RecordKeyType::Literal(key.clone()).check(&key), Ok(()));
            assert_eq!(
                RecordKeyType::Literal(RecordKey::SELF).matches(&key),
                text == "self"
            );
            match RecordKeyType::Nsid.check(&key) {
                // An NSID is at least three dot-separated segments of `A-Za-z0-9-`.
                Ok(()) => assert!(
                    text.split('.').count() >= 3
                        && text
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b"-.".contains(&b)),
                    "{text:?} taken for an NSID"
                ),
                Err(err) => check_error(&err, text.len()),
            }
            let literal = format!("literal:{text}");
            assert_eq!(
                RecordKeyType::parse(&literal),
                Ok(RecordKeyType::Literal(key))
            );
        }
        Err(err) => check_error(&err, text.len()),
    }
}

fn check_record_key_type(text: &str) {
    let result = RecordKeyType::parse(text);
    assert_eq!(text.parse::<RecordKeyType>(), result);
    assert_eq!(RecordKeyType::try_from(text), result);
    // The expected value, or the expected error's kind and position.
    let expected = match text {
        "tid" => Ok(RecordKeyType::Tid),
        "nsid" => Ok(RecordKeyType::Nsid),
        "any" => Ok(RecordKeyType::Any),
        _ => match text.strip_prefix("literal:") {
            Some(value) => RecordKey::parse(value)
                .map(RecordKeyType::Literal)
                .map_err(|err| (err.kind(), err.position().map(|p| p + "literal:".len()))),
            None => Err((ErrorKind::Syntax, None)),
        },
    };
    match (&result, &expected) {
        (Ok(got), Ok(want)) => {
            assert_eq!(got, want);
            assert_eq!(got.to_string(), text, "a record key type prints otherwise");
        }
        (Err(got), Err(want)) => {
            assert_eq!((got.kind(), got.position()), *want, "{text:?}: {got}");
            check_error(got, text.len());
        }
        _ => panic!("{text:?}: {result:?}, expected {expected:?}"),
    }
}

/// The `record_key` target: `RecordKey` (selector even) or `RecordKeyType` (odd) from the
/// text, and every record key type's check of an accepted key.
pub fn record_key(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(input);
    if selector % 2 == 0 {
        check_record_key(&text);
    } else {
        check_record_key_type(&text);
    }
}

// ---------------------------------------------------------------------------------------------
// Typed ids

/// A check with an error type of its own.
#[derive(Debug)]
pub struct TooLong;

impl Display for TooLong {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("longer than 64 bytes")
    }
}

impl core::error::Error for TooLong {}

fn even_clock_id(id: &Tid) -> Result<(), &'static str> {
    if id.clock_id() % 2 == 0 {
        Ok(())
    } else {
        Err("an odd clock id")
    }
}

fn short_key(key: &RecordKey) -> Result<(), TooLong> {
    if key.as_str().len() <= 64 {
        Ok(())
    } else {
        Err(TooLong)
    }
}

/// A TID with a prefix and a check (a function returning `&'static str`).
#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = even_clock_id)]
pub struct PostId(Tid);

/// A TimeId with another separator (its dashed text reads too).
#[derive(idtypes::TimeId)]
#[idtype(prefix = "evt", separator = "-")]
pub struct EventId(TimeId);

/// A uid11 with a two-character separator.
#[derive(idtypes::Uid11)]
#[idtype(prefix = "file", separator = "::")]
pub struct FileId(Uid11);

/// An xid without a prefix.
#[derive(idtypes::Uid11Xid)]
pub struct BareUid11Xid(Uid11Xid);

/// A snowish id with a check written as a closure.
#[derive(idtypes::Snowish)]
#[idtype(prefix = "job", validate = |id| if id.to_u64() % 3 == 0 { Err("a multiple of 3") } else { Ok(()) })]
pub struct JobId(Snowish);

/// A ts-seq-rand id with a prefix holding `_`.
#[derive(idtypes::TsSeqRand)]
#[idtype(prefix = "chat_msg")]
pub struct MsgId(TsSeqRand);

/// A fullrand id whose check fails with a `String`.
#[derive(idtypes::FullRand)]
#[idtype(prefix = "tok", validate = |id| if id.to_u64() % 5 == 0 { Err(String::from("a multiple of 5")) } else { Ok(()) })]
pub struct TokenId(FullRand);

/// A TBSL with a prefix.
#[derive(idtypes::Tbsl)]
#[idtype(prefix = "txn")]
pub struct TxnId(Tbsl);

/// A record key with a prefix and a check with its own error type.
#[derive(idtypes::RecordKey)]
#[idtype(prefix = "note", validate = short_key)]
pub struct NoteKey(RecordKey);

/// A record key held to the `tid` type, without a prefix.
#[derive(idtypes::RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(RecordKey);

/// A record key held to the `literal:self` type.
#[derive(idtypes::RecordKey)]
#[idtype(prefix = "profile", key_type = "literal:self")]
pub struct ProfileKey(RecordKey);

/// A record key held to the `nsid` type, with a separator that record keys may also hold.
#[derive(idtypes::RecordKey)]
#[idtype(prefix = "coll", separator = ":", key_type = "nsid")]
pub struct CollectionKey(RecordKey);

/// A Snowflake with a prefix (its decimal text after it).
#[derive(idtypes::Snowflake)]
#[idtype(prefix = "tweet")]
pub struct TweetId(Snowflake);

/// A ULID with a prefix holding `_` and a check on its timestamp.
#[derive(idtypes::Ulid)]
#[idtype(prefix = "sales_order", validate = |id| if id.timestamp_millis() % 2 == 0 { Ok(()) } else { Err("an odd millisecond") })]
pub struct OrderId(Ulid);

/// A UUID with a prefix: its text is a TypeID.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "user")]
pub struct UserId(Uuid);

fn version_7(uuid: &Uuid) -> Result<(), &'static str> {
    if uuid.get_version_num() == 7 {
        Ok(())
    } else {
        Err("not a version 7 UUID")
    }
}

/// A UUID without a prefix (a bare TypeID suffix), held to version 7.
#[derive(idtypes::Uuid)]
#[idtype(validate = version_7)]
pub struct EventUuid(Uuid);

/// Typed parsing is the prefix, the separator, the inner format's parse (its error positioned
/// in the whole text) and then the type's checks; an accepted text prints back.
fn check_typed<T: TypedId>(text: &str, parse_unchecked: fn(&str) -> Result<T, Error>) {
    let result = text.parse::<T>();
    let unchecked = parse_unchecked(text);
    let head = if T::PREFIX.is_empty() {
        String::new()
    } else {
        format!("{}{}", T::PREFIX, T::SEPARATOR)
    };
    let Some(rest) = text.strip_prefix(head.as_str()) else {
        for err in [result.unwrap_err(), unchecked.unwrap_err()] {
            assert!(
                matches!(err.kind(), ErrorKind::Prefix | ErrorKind::Separator),
                "{text:?} without the prefix {head:?}: {err}"
            );
            assert_eq!(err.type_name(), Some(T::TYPE_NAME));
            check_error(&err, text.len());
        }
        return;
    };
    let inner = match <T::Inner as IdFormat>::parse_text(rest) {
        Ok(inner) => inner,
        Err(inner_err) => {
            for err in [result.unwrap_err(), unchecked.unwrap_err()] {
                assert_eq!(err.kind(), inner_err.kind(), "{text:?}: {err}");
                assert_eq!(
                    err.position(),
                    inner_err.position().map(|p| p + head.len()),
                    "{text:?}: {err}"
                );
                assert_eq!(err.type_name(), Some(T::TYPE_NAME));
                check_error(&err, text.len());
            }
            return;
        }
    };
    let unchecked = unchecked.expect("the inner text is valid");
    assert_eq!(unchecked.as_inner(), &inner);
    assert_eq!(unchecked, T::from_inner_unchecked(inner.clone()));
    match (T::try_from_inner(inner.clone()), &result) {
        (Ok(checked), Ok(parsed)) => assert_eq!(&checked, parsed),
        (Err(check_err), Err(err)) => {
            assert_eq!(err.kind(), check_err.kind(), "{text:?}: {err}");
            assert_eq!(
                err.position(),
                check_err.position().map(|p| p + head.len()),
                "{text:?}: {err}"
            );
            check_error(err, text.len());
        }
        (checked, _) => panic!("{text:?}: parsed {result:?}, checked {checked:?}"),
    }
    // The display is the prefix, the separator and the inner id's display, and reads back.
    let shown = unchecked.to_string();
    assert_eq!(shown, format!("{head}{}", &*inner.encode()));
    if &*inner.encode() == rest {
        assert_eq!(shown, text, "an accepted canonical text prints otherwise");
    }
    assert_eq!(parse_unchecked(&shown).as_ref(), Ok(&unchecked));
    assert_eq!(shown.parse::<T>().ok(), result.ok());
    assert_eq!(
        format!("{unchecked:?}"),
        format!("{}({shown})", T::TYPE_NAME)
    );
    // Padding goes through a buffer of its own.
    assert_eq!(format!("{unchecked:>700}").trim_start(), shown);
}

/// The `typed` target: typed ids of every format from text, with and without prefixes,
/// separators, checks and record key types.
pub fn typed(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(input);
    match selector % 16 {
        0 => check_typed(&text, PostId::parse_unchecked),
        1 => check_typed(&text, EventId::parse_unchecked),
        2 => check_typed(&text, FileId::parse_unchecked),
        3 => check_typed(&text, BareUid11Xid::parse_unchecked),
        4 => check_typed(&text, JobId::parse_unchecked),
        5 => check_typed(&text, MsgId::parse_unchecked),
        6 => check_typed(&text, TokenId::parse_unchecked),
        7 => check_typed(&text, TxnId::parse_unchecked),
        8 => check_typed(&text, NoteKey::parse_unchecked),
        9 => check_typed(&text, PostKey::parse_unchecked),
        10 => check_typed(&text, ProfileKey::parse_unchecked),
        11 => check_typed(&text, CollectionKey::parse_unchecked),
        12 => check_typed(&text, TweetId::parse_unchecked),
        13 => check_typed(&text, OrderId::parse_unchecked),
        14 => check_typed(&text, UserId::parse_unchecked),
        _ => check_typed(&text, EventUuid::parse_unchecked),
    }
}

// ---------------------------------------------------------------------------------------------
// serde: JSON, postcard and DAG-CBOR, under each id's own serde and the adapters

/// A binary format the serde target reads its input as.
#[derive(Clone, Copy, Debug)]
enum Binary {
    Postcard,
    DagCbor,
}

impl Binary {
    fn encode<T: Serialize>(self, value: &T) -> Vec<u8> {
        match self {
            Binary::Postcard => postcard::to_allocvec(value).expect("serializes to postcard"),
            Binary::DagCbor => serde_ipld_dagcbor::to_vec(value).expect("serializes to DAG-CBOR"),
        }
    }

    fn decode<T: DeserializeOwned>(self, bytes: &[u8]) -> Option<T> {
        match self {
            Binary::Postcard => postcard::from_bytes(bytes).ok(),
            Binary::DagCbor => serde_ipld_dagcbor::from_slice(bytes).ok(),
        }
    }
}

/// An id under the `text` adapter.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
#[serde(bound = "T: SerdeId")]
struct AsText<T>(#[serde(with = "idtypes::serde::text")] T);

/// An id under the `raw` adapter.
#[derive(serde::Serialize, serde::Deserialize, PartialEq, Debug)]
#[serde(bound = "T: SerdeId")]
struct AsRaw<T>(#[serde(with = "idtypes::serde::raw")] T);

/// A value goes through JSON, postcard and DAG-CBOR and comes back the same.
fn check_round_trips<T: Serialize + DeserializeOwned + PartialEq + Debug>(value: &T) {
    let json = serde_json::to_string(value).expect("serializes to JSON");
    assert_eq!(
        serde_json::from_str::<T>(&json).as_ref().ok(),
        Some(value),
        "JSON {json}"
    );
    for binary in [Binary::Postcard, Binary::DagCbor] {
        let bytes = binary.encode(value);
        assert_eq!(
            binary.decode::<T>(&bytes).as_ref(),
            Some(value),
            "{binary:?} {bytes:?}"
        );
    }
}

/// An id round-trips under its own serde and under both adapters; the `text` adapter writes
/// exactly its `Display` text as a string.
fn check_serde_value<T>(value: &T)
where
    T: SerdeId + Serialize + DeserializeOwned + PartialEq + Debug + Display + Clone,
{
    check_round_trips(value);
    let text = AsText(value.clone());
    check_round_trips(&text);
    check_round_trips(&AsRaw(value.clone()));
    for binary in [Binary::Postcard, Binary::DagCbor] {
        assert_eq!(binary.encode(&text), binary.encode(&value.to_string()));
    }
}

/// Any input deserializes without panicking; what it gives round-trips. A string reads as the
/// type's `FromStr` reads its contents (in JSON, and under the `text` adapter in binary
/// formats); `accepted` is what else must hold of a deserialized value (a typed id's checks).
fn check_serde_input<T>(input: &[u8], json: bool, binary: Binary, accepted: fn(&T) -> bool)
where
    T: SerdeId + Serialize + DeserializeOwned + PartialEq + Debug + Display + Clone,
    T: FromStr<Err = Error>,
{
    let mut decoded = Vec::new();
    if json {
        let value = serde_json::from_slice::<T>(input);
        if let Ok(text) = serde_json::from_slice::<String>(input) {
            assert_eq!(
                value.as_ref().ok(),
                text.parse::<T>().as_ref().ok(),
                "the JSON string {text:?}"
            );
        }
        decoded.extend(value.ok());
    } else {
        decoded.extend(binary.decode::<T>(input));
        let as_text = binary.decode::<AsText<T>>(input).map(|text| text.0);
        if let Some(text) = binary.decode::<String>(input) {
            assert_eq!(
                as_text.as_ref(),
                text.parse::<T>().as_ref().ok(),
                "{text:?}"
            );
        }
        decoded.extend(as_text);
        decoded.extend(binary.decode::<AsRaw<T>>(input).map(|raw| raw.0));
    }
    for value in decoded {
        assert!(accepted(&value), "deserialized past the checks: {value:?}");
        check_serde_value(&value);
    }
}

fn no_checks<T>(_: &T) -> bool {
    true
}

fn checks_hold<T: TypedId>(id: &T) -> bool {
    T::try_from_inner(id.as_inner().clone()).is_ok()
}

/// The raw id made of the input's bytes, its typed id if the checks accept it, and what the
/// input deserializes to.
fn check_serde_fixed<T, U>(input: &[u8], json: bool, binary: Binary)
where
    T: Fixed + SerdeId + Serialize + DeserializeOwned,
    U: TypedId<Inner = T> + SerdeId + Serialize + DeserializeOwned,
{
    if let Ok(id) = T::from_raw_bytes(input) {
        check_serde_value(&id);
        if let Ok(typed) = U::try_from_inner(id) {
            check_serde_value(&typed);
        }
    }
    check_serde_input::<T>(input, json, binary, no_checks);
    check_serde_input::<U>(input, json, binary, checks_hold::<U>);
}

/// Typed UUIDs have this crate's serde (the TypeID text; 16 bytes under `raw` in binary
/// formats); a bare `Uuid` has the uuid crate's, so only the adapters' here, whose text is
/// the TypeID suffix, `DynTypeId`'s text without a prefix. Then what the input deserializes
/// to, as a typed UUID and under the adapters.
fn check_serde_uuid<U>(input: &[u8], json: bool, binary: Binary)
where
    U: TypedId<Inner = Uuid> + SerdeId + Serialize + DeserializeOwned,
{
    let uuid = Uuid::from_bytes(padded(input));
    let suffix = DynTypeId::new("", uuid)
        .expect("the empty prefix")
        .to_string();
    check_round_trips(&AsText(uuid));
    check_round_trips(&AsRaw(uuid));
    assert_eq!(
        serde_json::to_string(&AsText(uuid)).unwrap(),
        format!("\"{suffix}\"")
    );
    for binary in [Binary::Postcard, Binary::DagCbor] {
        assert_eq!(binary.encode(&AsText(uuid)), binary.encode(&suffix));
    }
    if let Ok(typed) = U::try_from_inner(uuid) {
        check_serde_value(&typed);
        let dyn_id = DynTypeId::new(U::PREFIX, uuid).expect("a TypeID prefix");
        assert_eq!(typed.to_string(), dyn_id.to_string());
    }
    check_serde_input::<U>(input, json, binary, checks_hold::<U>);
    // A bare UUID's text is a TypeID without a prefix.
    let bare = |text: &str| {
        DynTypeId::parse(text)
            .ok()
            .filter(|id| id.prefix().is_empty())
            .map(|id| id.uuid())
    };
    let (as_text, text) = if json {
        (
            serde_json::from_slice::<AsText<Uuid>>(input).ok(),
            serde_json::from_slice::<String>(input).ok(),
        )
    } else {
        (
            binary.decode::<AsText<Uuid>>(input),
            binary.decode::<String>(input),
        )
    };
    if let Some(text) = text {
        assert_eq!(as_text.as_ref().map(|id| id.0), bare(&text), "{text:?}");
    }
    let as_raw = if json {
        serde_json::from_slice::<AsRaw<Uuid>>(input).ok()
    } else {
        binary.decode::<AsRaw<Uuid>>(input)
    };
    let decoded = as_text.map(|id| id.0).into_iter();
    for uuid in decoded.chain(as_raw.map(|id| id.0)) {
        check_round_trips(&AsText(uuid));
        check_round_trips(&AsRaw(uuid));
    }
}

/// A `DynTypeId` is its text in every format: one from the input's text, one of the input's
/// bytes as a UUID; what the input deserializes to is what its string parses to.
fn check_serde_dyn_type_id(input: &[u8], json: bool, binary: Binary) {
    let text = String::from_utf8_lossy(input);
    let from_text = DynTypeId::parse(&text);
    if let Ok(id) = from_text {
        check_round_trips(&id);
        assert_eq!(serde_json::to_string(&id).unwrap(), format!("\"{text}\""));
    }
    let uuid = Uuid::from_bytes(padded(input));
    let id = DynTypeId::new("a_b", uuid).expect("a valid prefix");
    check_round_trips(&id);
    for binary in [Binary::Postcard, Binary::DagCbor] {
        assert_eq!(binary.encode(&id), binary.encode(&id.to_string()));
    }
    let (decoded, string) = if json {
        (
            serde_json::from_slice::<DynTypeId>(input).ok(),
            serde_json::from_slice::<String>(input).ok(),
        )
    } else {
        (
            binary.decode::<DynTypeId>(input),
            binary.decode::<String>(input),
        )
    };
    if let Some(string) = string {
        assert_eq!(decoded, DynTypeId::parse(&string).ok(), "{string:?}");
    }
    if let Some(id) = decoded {
        check_round_trips(&id);
    }
}

fn check_serde_record_key<U>(input: &[u8], json: bool, binary: Binary)
where
    U: TypedId<Inner = RecordKey> + SerdeId + Serialize + DeserializeOwned,
{
    if let Ok(key) = RecordKey::parse(&String::from_utf8_lossy(input)) {
        check_serde_value(&key);
        if let Ok(typed) = U::try_from_inner(key) {
            check_serde_value(&typed);
        }
    }
    check_serde_input::<RecordKey>(input, json, binary, no_checks);
    check_serde_input::<U>(input, json, binary, checks_hold::<U>);
}

/// The `serde` target: every id type and typed id, record key types and `DynTypeId`, through
/// JSON (selector even) or a binary format (odd: postcard below 32, DAG-CBOR from 32 to 63, and
/// so on):
/// values built from the input round-trip under their own serde and the adapters, and the
/// input itself deserializes without panicking, agreeing with parsing.
pub fn serde(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let json = selector % 2 == 0;
    let binary = if (selector / 32) % 2 == 0 {
        Binary::Postcard
    } else {
        Binary::DagCbor
    };
    match (selector / 2) % 16 {
        0 => check_serde_fixed::<Tid, PostId>(input, json, binary),
        1 => check_serde_fixed::<TimeId, EventId>(input, json, binary),
        2 => check_serde_fixed::<Uid11, FileId>(input, json, binary),
        3 => check_serde_fixed::<Uid11Xid, BareUid11Xid>(input, json, binary),
        4 => check_serde_fixed::<Snowish, JobId>(input, json, binary),
        5 => check_serde_fixed::<TsSeqRand, MsgId>(input, json, binary),
        6 => check_serde_fixed::<FullRand, TokenId>(input, json, binary),
        7 => check_serde_fixed::<Tbsl, TxnId>(input, json, binary),
        8 => check_serde_record_key::<NoteKey>(input, json, binary),
        9 => check_serde_record_key::<PostKey>(input, json, binary),
        10 => check_serde_record_key::<ProfileKey>(input, json, binary),
        11 => check_serde_record_key::<CollectionKey>(input, json, binary),
        13 => check_serde_fixed::<Snowflake, TweetId>(input, json, binary),
        14 => check_serde_fixed::<Ulid, OrderId>(input, json, binary),
        15 => {
            check_serde_uuid::<UserId>(input, json, binary);
            check_serde_uuid::<EventUuid>(input, json, binary);
            check_serde_dyn_type_id(input, json, binary);
        }
        _ => {
            // Not an id: its own serde only (a string in every format).
            if let Ok(key_type) = RecordKeyType::parse(&String::from_utf8_lossy(input)) {
                check_round_trips(&key_type);
            }
            let decoded = if json {
                serde_json::from_slice::<RecordKeyType>(input).ok()
            } else {
                binary.decode::<RecordKeyType>(input)
            };
            if let Some(key_type) = decoded {
                check_round_trips(&key_type);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// KSUID

/// A typed KSUID, for the `ksuid` target's serde checks.
#[derive(idtypes::Ksuid)]
#[idtype(prefix = "trace")]
pub struct TraceId(idtypes::Ksuid);

const BASE62: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The 20 big-endian bytes of base62 text (any length), computed here in 32-bit limbs
/// without the library, or `None` for a symbol outside the alphabet or a value above 2^160 - 1.
fn base62_bytes(text: &[u8]) -> Option<[u8; 20]> {
    // Little-endian limbs, one more than 160 bits need, to see the overflow.
    let mut limbs = [0u32; 6];
    for &byte in text {
        let digit = BASE62.iter().position(|&symbol| symbol == byte)? as u64;
        let mut carry = digit;
        for limb in &mut limbs {
            let value = u64::from(*limb) * 62 + carry;
            *limb = value as u32;
            carry = value >> 32;
        }
        if carry != 0 || limbs[5] != 0 {
            return None;
        }
    }
    let mut bytes = [0u8; 20];
    for (i, limb) in limbs[..5].iter().rev().enumerate() {
        bytes[4 * i..4 * i + 4].copy_from_slice(&limb.to_be_bytes());
    }
    Some(bytes)
}

/// The text: `parse_ascii` accepts exactly 27 symbols of `0-9A-Za-z` whose value fits in 160
/// bits, and gives that value; every other text gets the right error, where it is.
fn check_ksuid_text(text: &[u8]) {
    use idtypes::Ksuid;
    let result = Ksuid::parse_ascii(text);
    let expected = (text.len() == 27).then(|| base62_bytes(text)).flatten();
    match (&result, expected) {
        (Ok(id), Some(bytes)) => {
            assert_eq!(id.to_bytes(), bytes, "{text:?}");
            assert_eq!(id.encode().as_bytes(), text);
            assert_eq!(id.to_string().as_bytes(), text);
            assert_eq!(Ksuid::from_bytes(bytes), *id);
        }
        (Err(err), None) => {
            check_error(err, text.len());
            let foreign = text.iter().position(|b| !b.is_ascii_alphanumeric());
            let kind = if text.len() != 27 {
                ErrorKind::Length
            } else if foreign.is_some() {
                ErrorKind::Character
            } else {
                ErrorKind::Overflow
            };
            assert_eq!(err.kind(), kind, "{text:?}: {err}");
            if kind == ErrorKind::Character {
                assert_eq!(err.position(), foreign, "{text:?}: {err}");
            }
        }
        (result, expected) => panic!("{text:?}: parsed {result:?}, expected {expected:?}"),
    }
    if let Ok(text) = core::str::from_utf8(text) {
        assert_eq!(Ksuid::parse(text), result);
        assert_eq!(Ksuid::from_str(text), result);
        assert_eq!(Ksuid::try_from(text), result);
    }
}

/// A prefix: its range holds exactly the ids whose text starts with it.
fn check_ksuid_prefix(prefix: &[u8]) {
    use idtypes::Ksuid;
    let Ok(prefix) = core::str::from_utf8(prefix) else {
        return;
    };
    match Ksuid::range_for_prefix(prefix) {
        Ok(Some(range)) => {
            let (start, end) = range.into_bounds();
            assert!(start <= end);
            assert!(start.to_string().starts_with(prefix), "{prefix:?}: {start}");
            assert!(end.to_string().starts_with(prefix), "{prefix:?}: {end}");
            // The texts below the start and above the end have another prefix.
            let low = format!("{prefix:0<27}");
            assert_eq!(Ksuid::parse(&low), Ok(start));
            let high = format!("{prefix:z<27}");
            assert!(Ksuid::parse(&high).map_or(end == Ksuid::MAX, |id| id == end));
        }
        Ok(None) => {
            // Even the smallest text with the prefix is above the largest KSUID.
            let low = format!("{prefix:0<27}");
            assert_eq!(
                Ksuid::parse(&low).map_err(|err| err.kind()),
                Err(ErrorKind::Overflow),
                "{prefix:?}"
            );
        }
        Err(err) => {
            check_error(&err, prefix.len());
            let bad_length = prefix.len() > 27;
            let bad_symbol = !prefix.bytes().all(|b| b.is_ascii_alphanumeric());
            assert!(bad_length || bad_symbol, "{prefix:?}: {err}");
        }
    }
}

/// 20 bytes (and the next 20, to compare): every value is an id, its text reads back, texts
/// sort like the bytes, and it round-trips through serde, bare and typed.
fn check_ksuid_bytes(input: &[u8]) {
    use idtypes::Ksuid;
    let a = Ksuid::from_bytes(padded(input));
    let b = Ksuid::from_bytes(padded(input.get(20..).unwrap_or_default()));
    for id in [a, b] {
        assert_eq!(id.to_string().parse::<Ksuid>(), Ok(id));
        assert_eq!(
            Ksuid::from_ksuid_parts(id.ksuid_seconds(), id.payload()),
            id
        );
        assert_eq!(
            <Ksuid as FixedSizeFormat>::try_from_raw(id.to_raw()),
            Ok(id)
        );
        check_serde_value(&id);
        check_serde_value(&TraceId::from_inner(id));
    }
    assert_eq!(a.cmp(&b), a.to_string().cmp(&b.to_string()));
    assert_eq!(a.cmp(&b), a.to_bytes().cmp(&b.to_bytes()));
}

/// The `ksuid` target: selector `% 3`: 0 the text, 1 a prefix, 2 bytes (and serde).
pub fn ksuid(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    match selector % 3 {
        0 => check_ksuid_text(input),
        1 => check_ksuid_prefix(input),
        _ => check_ksuid_bytes(input),
    }
}

// ---------------------------------------------------------------------------------------------
// NanoID

/// A NanoID type's checks on `text`: an accepted text is the id's text, and parses again to
/// the same id; a refused one is refused for its length or at a character outside the
/// alphabet, and no earlier one.
fn check_nanoid<A: idtypes::nanoid::NanoAlphabet, const LEN: usize>(text: &str) {
    use idtypes::{ErrorKind, NanoId};
    match text.parse::<NanoId<A, LEN>>() {
        Ok(id) => {
            assert_eq!(id.as_str(), text);
            assert_eq!(id.to_string().parse::<NanoId<A, LEN>>().unwrap(), id);
        }
        Err(err) => match err.kind() {
            ErrorKind::Length => assert_ne!(text.len(), LEN, "{err}"),
            ErrorKind::Character => {
                let position = err.position().expect("a position");
                assert_eq!(text.len(), LEN);
                assert!(
                    text.as_bytes()[..position]
                        .iter()
                        .all(|b| A::SYMBOLS.as_bytes().contains(b))
                );
                assert!(
                    !A::SYMBOLS.as_bytes().contains(&text.as_bytes()[position]),
                    "{err}"
                );
            }
            other => panic!("{other:?}: {err}"),
        },
    }
}

/// A NanoID type's generation from `bytes` as its random source (zeros once they run out,
/// which every alphabet keeps): a valid id, whatever the bytes.
fn generate_nanoid<A: idtypes::nanoid::NanoAlphabet, const LEN: usize>(bytes: &[u8]) {
    let mut rest = bytes.iter().copied();
    let id = idtypes::NanoId::<A, LEN>::from_random(|buffer| {
        for byte in buffer {
            *byte = rest.next().unwrap_or(0);
        }
    });
    assert_eq!(id.as_str().parse::<idtypes::NanoId<A, LEN>>().unwrap(), id);
}

/// The `nanoid` target: the selector's low bit picks the default type (21 URL-safe symbols)
/// or `NanoId<Lowercase, 16>`; the input is parsed as text and used as random bytes.
pub fn nanoid(data: &[u8]) {
    use idtypes::nanoid::{Lowercase, UrlSafe};
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(input);
    if selector % 2 == 0 {
        check_nanoid::<UrlSafe, 21>(&text);
        generate_nanoid::<UrlSafe, 21>(input);
    } else {
        check_nanoid::<Lowercase, 16>(&text);
        generate_nanoid::<Lowercase, 16>(input);
    }
}

// ---------------------------------------------------------------------------------------------
// CUID2

/// The reference's `isCuid`, written out again: 2 to 32 bytes, `^[a-z][0-9a-z]+$`.
fn valid_cuid2(text: &[u8]) -> bool {
    (2..=32).contains(&text.len())
        && text[0].is_ascii_lowercase()
        && text[1..]
            .iter()
            .all(|b| b.is_ascii_digit() || b.is_ascii_lowercase())
}

/// A text as a CUID2: `parse_ascii` accepts exactly what `isCuid` accepts; `parse`,
/// `FromStr`, `TryFrom<&str>` and `parse_const` agree; an id is its text.
fn check_cuid2_text(text: &[u8]) {
    let result = idtypes::Cuid2::parse_ascii(text);
    assert_eq!(result.is_ok(), valid_cuid2(text), "{text:?}: {result:?}");
    if let Ok(string) = core::str::from_utf8(text) {
        assert_eq!(idtypes::Cuid2::parse(string), result);
        assert_eq!(string.parse::<idtypes::Cuid2>(), result);
        assert_eq!(idtypes::Cuid2::try_from(string), result);
        assert_eq!(idtypes::Cuid2::parse_const(string), result);
    }
    match result {
        Ok(id) => {
            assert_eq!(id.as_bytes(), text);
            assert_eq!(id.to_string().as_bytes(), text);
            assert_eq!(format!("{id:?}"), format!("Cuid2({id})"));
            assert_eq!(id.len(), text.len());
        }
        Err(err) => {
            check_error(&err, text.len());
            let length = !(2..=32).contains(&text.len());
            assert_eq!(err.kind() == ErrorKind::Length, length, "{err}");
        }
    }
}

/// The inputs of the reference's `cuid2()` from bytes: an id when the length is 2 to 32 and
/// the first letter lowercase, of that length and that letter, which parses back.
fn check_cuid2_inputs(length: usize, input: &[u8]) {
    let mut word = [0u8; 8];
    let (head, rest) = input.split_at(input.len().min(17));
    let first_letter = head.first().copied().unwrap_or(b'a');
    let mut fields = head.get(1..).unwrap_or_default().chunks(8);
    let mut next_word = || {
        word = [0; 8];
        if let Some(chunk) = fields.next() {
            word[..chunk.len()].copy_from_slice(chunk);
        }
        word
    };
    let time_millis = i64::from_le_bytes(next_word());
    let counter = u64::from_le_bytes(next_word());
    let text = String::from_utf8_lossy(rest);
    let (salt, fingerprint) = text.split_at(
        text.char_indices()
            .nth(text.chars().count() / 2)
            .map_or(text.len(), |(i, _)| i),
    );
    let inputs = idtypes::cuid2::Cuid2Inputs {
        length,
        first_letter,
        time_millis,
        salt,
        counter,
        fingerprint,
    };
    let result = idtypes::Cuid2::from_inputs(&inputs);
    let acceptable = (2..=32).contains(&length) && first_letter.is_ascii_lowercase();
    assert_eq!(result.is_ok(), acceptable, "{inputs:?}: {result:?}");
    match result {
        Ok(id) => {
            assert_eq!(id.len(), length);
            assert_eq!(id.as_bytes()[0], first_letter);
            assert_eq!(idtypes::Cuid2::parse(id.as_str()), Ok(id));
            assert_eq!(idtypes::Cuid2::from_inputs(&inputs), Ok(id));
        }
        // The first letter is the id's character 0.
        Err(err) => check_error(&err, length.max(1)),
    }
}

/// The `cuid2` target: an even selector checks the rest as a text; an odd one makes an id
/// of `selector / 2 % 40` characters (0 to 39) from inputs read from the rest.
pub fn cuid2(data: &[u8]) {
    let Some((&selector, input)) = data.split_first() else {
        return;
    };
    if selector % 2 == 0 {
        check_cuid2_text(input);
    } else {
        check_cuid2_inputs(usize::from(selector / 2 % 40), input);
    }
}
