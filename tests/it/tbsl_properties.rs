//! Property tests of `Tbsl`: text, byte and transport codecs, order, parts, and the parsers
//! against reference implementations (a regex for the canonical text, an overflow-checked
//! `u128` loop for the transport bases).

use std::sync::LazyLock;

use idtypes::{ErrorKind, Tbsl};

use idtypes::tbsl::TransportBase;
use idtypes_tests::proptest_config;
use proptest::prelude::*;
use regex::{Regex, bytes::Regex as BytesRegex};

const PATTERN: &str = "^[0-9A-F]{20}$";
const HEX: &str = "0123456789ABCDEF";

/// 2^80: the first value that is not a TBSL.
const LIMIT: u128 = 1 << 80;

static REFERENCE: LazyLock<Regex> = LazyLock::new(|| Regex::new(PATTERN).unwrap());
static REFERENCE_BYTES: LazyLock<BytesRegex> =
    LazyLock::new(|| BytesRegex::new(&format!("(?-u){PATTERN}")).unwrap());

const BASES: [TransportBase; 6] = [
    TransportBase::Base10,
    TransportBase::Base16,
    TransportBase::Base32,
    TransportBase::Base36,
    TransportBase::Base58,
    TransportBase::Base62,
];

/// Characters that are in some alphabets and not in others, separators, controls, and
/// non-ASCII characters of every UTF-8 length.
const FOREIGN: &[char] = &[
    '0',
    '1',
    'a',
    'f',
    'g',
    'v',
    'w',
    'z',
    'A',
    'F',
    'G',
    'I',
    'O',
    'l',
    'V',
    'Z',
    '-',
    '_',
    '+',
    '/',
    '=',
    ' ',
    '\n',
    '\0',
    '\u{7f}',
    '\u{e9}',
    '\u{20ac}',
    '\u{1f600}',
];

/// 80-bit values, with extra weight near 0, near 2^80 and around powers of two.
fn value() -> impl Strategy<Value = u128> {
    prop_oneof![
        4 => 0..LIMIT,
        1 => 0u128..1 << 20,
        1 => (LIMIT - (1 << 20))..LIMIT,
        1 => (0u32..80, -4i32..=4).prop_map(|(bit, delta)| {
            (1u128 << bit).saturating_add_signed(delta.into()).min(LIMIT - 1)
        }),
    ]
}

/// `value` in `alphabet` (digit order), at minimal length.
fn reference_encode(mut value: u128, alphabet: &str) -> String {
    let symbols: Vec<char> = alphabet.chars().collect();
    let radix = symbols.len() as u128;
    let mut reversed = Vec::new();
    loop {
        reversed.push(symbols[(value % radix) as usize]);
        value /= radix;
        if value == 0 {
            break;
        }
    }
    reversed.into_iter().rev().collect()
}

/// What the reference makes of a transport text.
#[derive(Debug, PartialEq)]
enum Reference {
    /// Every symbol is in the alphabet and the value is below 2^80.
    Value(u128),
    /// Empty.
    Empty,
    /// The first symbol outside the alphabet, at this byte offset; `overflowed_before` says
    /// whether the symbols before it already make 2^80 or more.
    Foreign {
        position: usize,
        overflowed_before: bool,
    },
    /// Every symbol is in the alphabet, and the value is 2^80 or more.
    TooLarge,
    /// More bytes than the longest encoding of an 80-bit value in the base.
    TooLong,
}

/// The length of 2^80 - 1 in a base of `radix` symbols: the longest text a decoder reads.
fn longest(radix: u128) -> usize {
    let mut value = LIMIT - 1;
    let mut len = 0;
    while value > 0 {
        value /= radix;
        len += 1;
    }
    len
}

/// The reference decoder: an overflow-checked `u128` loop over the characters.
fn reference_decode(alphabet: &str, text: &str) -> Reference {
    if text.is_empty() {
        return Reference::Empty;
    }
    let radix = alphabet.len() as u128;
    if text.len() > longest(radix) {
        return Reference::TooLong;
    }
    let mut value = Some(0u128);
    for (position, symbol) in text.char_indices() {
        let Some(digit) = alphabet.find(symbol) else {
            return Reference::Foreign {
                position,
                overflowed_before: value.is_none_or(|value| value >= LIMIT),
            };
        };
        value = value
            .and_then(|value| value.checked_mul(radix))
            .and_then(|value| value.checked_add(digit as u128));
    }
    match value {
        Some(value) if value < LIMIT => Reference::Value(value),
        _ => Reference::TooLarge,
    }
}

/// Checks `Tbsl::from_base(base, text)` against the reference decoder.
fn check_transport(base: TransportBase, text: &str) -> Result<(), TestCaseError> {
    let result = Tbsl::from_base(base, text);
    let reference = reference_decode(base.alphabet(), text);
    match (&result, &reference) {
        (Ok(id), Reference::Value(value)) => prop_assert_eq!(id.to_u128(), *value),
        (Err(err), Reference::Empty | Reference::TooLong) => {
            prop_assert_eq!((err.kind(), err.position()), (ErrorKind::Length, None));
        }
        (Err(err), Reference::TooLarge) => {
            prop_assert_eq!((err.kind(), err.position()), (ErrorKind::Overflow, None));
        }
        (
            Err(err),
            Reference::Foreign {
                position,
                overflowed_before,
            },
        ) => {
            // The first foreign symbol is reported, unless the value already overflowed
            // before it, when reporting the overflow is also right.
            let character = (err.kind(), err.position()) == (ErrorKind::Character, Some(*position));
            let overflow = *overflowed_before && err.kind() == ErrorKind::Overflow;
            prop_assert!(
                character || overflow,
                "{} {:?}: {} against {:?}",
                base,
                text,
                err,
                reference
            );
        }
        _ => prop_assert!(
            false,
            "{} {:?}: {:?} against the reference {:?}",
            base,
            text,
            result,
            reference
        ),
    }
    if let Err(err) = result {
        // The message is printable for every input.
        prop_assert!(!err.to_string().is_empty());
    }
    Ok(())
}

/// The index of the first byte that is not `[0-9A-F]`.
fn first_non_hex_byte(bytes: &[u8]) -> Option<usize> {
    bytes.iter().position(|b| !HEX.as_bytes().contains(b))
}

/// Checks the canonical parser on `bytes` (and its result) against the regex.
fn check_canonical(
    bytes: &[u8],
    result: Result<Tbsl, idtypes::Error>,
) -> Result<(), TestCaseError> {
    let expected = REFERENCE_BYTES.is_match(bytes);
    match result {
        Ok(id) => {
            prop_assert!(expected, "accepted {:?}, which the regex refuses", bytes);
            let text = id.encode();
            prop_assert_eq!(text.as_bytes(), bytes);
        }
        Err(err) => {
            prop_assert!(
                !expected,
                "refused {:?}, which the regex accepts: {}",
                bytes,
                err
            );
            if bytes.len() != Tbsl::TEXT_LEN {
                prop_assert_eq!((err.kind(), err.position()), (ErrorKind::Length, None));
            } else {
                prop_assert_eq!(
                    (err.kind(), err.position()),
                    (ErrorKind::Character, first_non_hex_byte(bytes))
                );
            }
            prop_assert!(err.to_string().starts_with("invalid TBSL: "), "{}", err);
        }
    }
    Ok(())
}

fn check_str(text: &str) -> Result<(), TestCaseError> {
    let result = Tbsl::parse(text);
    prop_assert_eq!(result.is_ok(), REFERENCE.is_match(text), "{:?}", text);
    prop_assert_eq!(text.parse::<Tbsl>(), result.clone());
    prop_assert_eq!(Tbsl::try_from(text), result.clone());
    prop_assert_eq!(Tbsl::parse_ascii(text.as_bytes()), result.clone());
    check_canonical(text.as_bytes(), result)
}

/// 19 to 21 characters, mostly hex of either case, some foreign.
fn near_canonical_text() -> impl Strategy<Value = String> {
    let symbol = prop_oneof![
        12 => prop::sample::select(HEX.chars().collect::<Vec<_>>()),
        1 => prop::sample::select("abcdef".chars().collect::<Vec<_>>()),
        1 => prop::sample::select(FOREIGN),
    ];
    prop::collection::vec(symbol, 19..=21).prop_map(String::from_iter)
}

/// A base and text for it: random symbols of its alphabet with a few foreign ones, around the
/// length of 2^80, or the encoding of a value below or above 2^80 with leading zero symbols.
fn transport_text() -> impl Strategy<Value = (TransportBase, String)> {
    prop::sample::select(BASES.to_vec()).prop_flat_map(|base| {
        let alphabet = base.alphabet();
        let symbols: Vec<char> = alphabet.chars().collect();
        let digits = reference_encode(LIMIT - 1, alphabet).len();
        let symbol = prop_oneof![
            20 => prop::sample::select(symbols),
            1 => prop::sample::select(FOREIGN),
        ];
        let random = prop::collection::vec(symbol, 0..=digits + 2).prop_map(String::from_iter);
        let around_the_limit = prop_oneof![
            (LIMIT - (1 << 16))..(LIMIT + (1 << 16)),
            0..LIMIT * 64,
            0u128..1 << 16,
        ];
        let encoded = (around_the_limit, 0usize..3).prop_map(move |(value, zeros)| {
            let zero = &alphabet[..1];
            format!(
                "{}{}",
                zero.repeat(zeros),
                reference_encode(value, alphabet)
            )
        });
        (Just(base), prop_oneof![random, encoded])
    })
}

/// A base and a text of symbols from its alphabet only.
fn alphabet_text() -> impl Strategy<Value = (TransportBase, String)> {
    prop::sample::select(BASES.to_vec()).prop_flat_map(|base| {
        let symbols: Vec<char> = base.alphabet().chars().collect();
        let digits = reference_encode(LIMIT - 1, base.alphabet()).len();
        (
            Just(base),
            prop::collection::vec(prop::sample::select(symbols), 1..=digits + 1)
                .prop_map(String::from_iter),
        )
    })
}

proptest! {
    #![proptest_config(proptest_config())]

    #[test]
    fn text_round_trips_for_every_80_bit_value(value in value()) {
        let id = Tbsl::try_from_u128(value).unwrap();
        prop_assert_eq!(id.to_u128(), value);
        let text = id.encode();
        prop_assert_eq!(text.as_str(), format!("{value:020X}"));
        prop_assert!(REFERENCE.is_match(&text), "{:?}", text);
        prop_assert_eq!(Tbsl::parse(&text), Ok(id));
        let string = id.to_string();
        prop_assert_eq!(string.as_str(), text.as_str());
        prop_assert_eq!(string.parse::<Tbsl>(), Ok(id));
    }

    #[test]
    fn bytes_round_trip_for_every_80_bit_value(value in value()) {
        let id = Tbsl::try_from_u128(value).unwrap();
        let bytes = id.to_bytes();
        prop_assert_eq!(&bytes[..], &value.to_be_bytes()[6..]);
        prop_assert_eq!(Tbsl::from_bytes(bytes), id);
        prop_assert_eq!(Tbsl::from(<[u8; 10]>::from(id)), id);
        prop_assert_eq!(Tbsl::try_from(&bytes[..]), Ok(id));
    }

    #[test]
    fn every_transport_base_round_trips_every_80_bit_value(value in value()) {
        let id = Tbsl::try_from_u128(value).unwrap();
        for base in BASES {
            let text = id.to_base(base);
            prop_assert_eq!(text.as_str(), reference_encode(value, base.alphabet()), "{}", base);
            prop_assert_eq!(Tbsl::from_base(base, &text), Ok(id), "{}", base);
        }
    }

    #[test]
    fn text_order_is_byte_order_is_ord_is_u128_order(a in value(), b in value()) {
        let (ta, tb) = (Tbsl::try_from_u128(a).unwrap(), Tbsl::try_from_u128(b).unwrap());
        let ord = a.cmp(&b);
        prop_assert_eq!(ta.cmp(&tb), ord);
        prop_assert_eq!(ta.to_bytes().cmp(&tb.to_bytes()), ord);
        prop_assert_eq!(ta.encode().as_str().cmp(tb.encode().as_str()), ord);
        prop_assert_eq!(ta == tb, a == b);
    }

    #[test]
    fn text_order_is_u128_order_for_close_values(a in value(), delta in 0u128..1 << 24) {
        let b = (a + delta).min(LIMIT - 1);
        let (ta, tb) = (Tbsl::try_from_u128(a).unwrap(), Tbsl::try_from_u128(b).unwrap());
        prop_assert_eq!(ta.encode().as_str().cmp(tb.encode().as_str()), a.cmp(&b));
        prop_assert_eq!(ta.cmp(&tb), a.cmp(&b));
    }

    #[test]
    fn parts_round_trip_through_from_parts_and_the_accessors(
        micros in 0..=Tbsl::MAX_TIMESTAMP_MICROS,
        machine in 0..=Tbsl::MAX_MACHINE_ID,
        suffix in 0..=Tbsl::MAX_SUFFIX,
    ) {
        // At the last microsecond only machine ids up to 75 fit.
        prop_assume!(micros < Tbsl::MAX_TIMESTAMP_MICROS || machine <= 75);
        let id = Tbsl::from_parts(micros, machine, suffix).unwrap();
        prop_assert_eq!((id.timestamp_micros(), id.machine_id(), id.suffix()), (micros, machine, suffix));
        prop_assert_eq!(id.payload(), micros * 100 + u64::from(machine));
        prop_assert_eq!(
            id.to_u128(),
            (u128::from(micros) * 100 + u128::from(machine)) << 20 | u128::from(suffix)
        );
        prop_assert_eq!(id.datetime::<chrono::DateTime<chrono::Utc>>().timestamp_micros(), micros as i64);
        prop_assert_eq!(Tbsl::from_datetime(id.datetime::<chrono::DateTime<chrono::Utc>>(), machine, suffix), Ok(id));
    }

    #[test]
    fn every_80_bit_value_is_made_of_its_parts(value in value()) {
        let id = Tbsl::try_from_u128(value).unwrap();
        prop_assert_eq!(id.timestamp_micros(), id.payload() / 100);
        prop_assert_eq!(u64::from(id.machine_id()), id.payload() % 100);
        prop_assert_eq!(Tbsl::from_parts(id.timestamp_micros(), id.machine_id(), id.suffix()), Ok(id));
    }

    #[test]
    fn from_parts_accepts_exactly_the_parts_in_range_and_never_masks(
        micros in prop_oneof![
            0..=Tbsl::MAX_TIMESTAMP_MICROS,
            (Tbsl::MAX_TIMESTAMP_MICROS - 2)..=(Tbsl::MAX_TIMESTAMP_MICROS + 2),
            any::<u64>(),
        ],
        machine in prop_oneof![0u8..=101, any::<u8>()],
        suffix in prop_oneof![0u32..=0x10_0001, 0xF_FFF0u32..=0x10_0010, any::<u32>()],
    ) {
        let payload = u128::from(micros) * 100 + u128::from(machine);
        let in_range = machine <= 99 && suffix <= 0xF_FFFF && payload < 1 << 60;
        match Tbsl::from_parts(micros, machine, suffix) {
            Ok(id) => {
                prop_assert!(in_range);
                prop_assert_eq!(
                    (id.timestamp_micros(), id.machine_id(), id.suffix()),
                    (micros, machine, suffix)
                );
            }
            Err(err) => {
                prop_assert!(!in_range, "{}", err);
                prop_assert_eq!(err.kind(), ErrorKind::OutOfRange);
            }
        }
    }

    #[test]
    fn arbitrary_strings_never_panic_and_parse_accepts_exactly_the_regex(text in any::<String>()) {
        check_str(&text)?;
    }

    #[test]
    fn near_canonical_strings_parse_exactly_when_the_regex_matches(text in near_canonical_text()) {
        check_str(&text)?;
    }

    #[test]
    fn arbitrary_bytes_parse_exactly_when_the_regex_matches(
        bytes in prop_oneof![
            prop::collection::vec(any::<u8>(), 0..=24),
            prop::collection::vec(any::<u8>(), 20),
            prop::collection::vec(prop::sample::select(HEX.as_bytes().to_vec()), 20),
        ],
    ) {
        check_canonical(&bytes, Tbsl::parse_ascii(&bytes))?;
    }

    #[test]
    fn a_canonical_text_with_one_byte_replaced_parses_exactly_when_the_regex_matches(
        value in value(),
        index in 0usize..20,
        replacement in any::<u8>(),
    ) {
        let mut bytes = Tbsl::try_from_u128(value).unwrap().encode().into_bytes();
        bytes[index] = replacement;
        check_canonical(&bytes, Tbsl::parse_ascii(&bytes))?;
    }

    #[test]
    fn arbitrary_strings_never_panic_in_from_base_for_every_base(text in any::<String>()) {
        for base in BASES {
            check_transport(base, &text)?;
        }
    }

    #[test]
    fn from_base_accepts_exactly_alphabet_strings_with_a_value_below_2_pow_80(
        (base, text) in transport_text(),
    ) {
        check_transport(base, &text)?;
    }

    #[test]
    fn from_base_accepts_an_alphabet_string_iff_its_value_is_below_2_pow_80(
        (base, text) in alphabet_text(),
    ) {
        let reference = reference_decode(base.alphabet(), &text);
        let fits = matches!(reference, Reference::Value(_));
        prop_assert_eq!(Tbsl::from_base(base, &text).is_ok(), fits, "{} {:?}", base, text);
        check_transport(base, &text)?;
    }
}
