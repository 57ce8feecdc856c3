//! JSON Schema (schemars) and OpenAPI (utoipa) of every id type, of `RecordKeyType` and of
//! typed ids: a string whose pattern, with its lengths, accepts exactly the texts `FromStr`
//! accepts, with a description and an example that parses.
//!
//! Each type's schema is read from both integrations, which must agree, and its pattern is
//! compiled with `regex`. Then, for every format, record key type and typed id (with a prefix,
//! with an odd separator, without a prefix): valid ids (random values, encoded) match; every
//! string generated from the pattern within the lengths parses; and for near misses (a valid
//! text with one character changed, inserted or deleted, or its case changed; a wrong prefix
//! or separator) and arbitrary strings over the format's alphabet, `pattern matches and length
//! within bounds` is `parse(text).is_ok()`. `DynTypeId` (any prefix or none) is checked the
//! same way, and against the TypeID specification's vectors.

use std::{ops::RangeInclusive, str::FromStr, sync::LazyLock};

use idtypes::Sonyflake;
use idtypes::nanoid::NanoAlphabet;
use idtypes::{
    FullRand, IdFormat, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, TypedId,
    Uid11, Uid11Xid, Ulid, record_key::RecordKeyType, uuids::DynTypeId,
};
use idtypes_tests::{interop_lines, proptest_config};
use proptest::{
    prelude::*,
    sample::{Index, select},
    string::string_regex,
    test_runner::TestRunner,
};
use regex::Regex;
use schemars::{JsonSchema, SchemaGenerator};
use serde_json::{Value, json};
use utoipa::{OpenApi, PartialSchema, ToSchema};

/// A type's schema, as both integrations give it.
#[derive(Debug)]
struct Facts {
    name: String,
    pattern: String,
    regex: Regex,
    min_len: usize,
    max_len: usize,
    description: String,
    example: Option<String>,
}

impl Facts {
    /// Whether a JSON Schema validator takes `text`: the pattern matches and the length (in
    /// characters) is within the bounds.
    fn accepts(&self, text: &str) -> bool {
        let len = text.chars().count();
        self.regex.is_match(text) && (self.min_len..=self.max_len).contains(&len)
    }

    /// The pattern without its anchors.
    fn body(&self) -> &str {
        &self.pattern[1..self.pattern.len() - 1]
    }
}

/// `T`'s schema from schemars and from utoipa (5 and 6, which must agree to the byte), which
/// must be the same string schema under the same name.
fn facts<T: JsonSchema + ToSchema + utoipa6::ToSchema>() -> Facts {
    let json = T::json_schema(&mut SchemaGenerator::default()).to_value();
    let openapi = serde_json::to_value(<T as PartialSchema>::schema()).unwrap();
    let openapi6 = serde_json::to_value(<T as utoipa6::PartialSchema>::schema()).unwrap();
    assert_eq!(openapi6, openapi, "utoipa 6 and 5");
    let name = T::schema_name().into_owned();
    assert_eq!(<T as ToSchema>::name(), name);
    assert_eq!(<T as utoipa6::ToSchema>::name(), name);
    assert_eq!(json["type"], "string", "{name}: {json}");
    assert_eq!(openapi["type"], "string", "{name}: {openapi}");
    for key in [
        "pattern",
        "minLength",
        "maxLength",
        "description",
        "examples",
    ] {
        assert_eq!(json.get(key), openapi.get(key), "{name}: {key}");
    }
    let pattern = json["pattern"].as_str().unwrap().to_owned();
    assert!(
        pattern.starts_with('^') && pattern.ends_with('$'),
        "{pattern}"
    );
    let example = json.get("examples").map(|examples| {
        assert_eq!(examples.as_array().unwrap().len(), 1, "{name}: {examples}");
        examples[0].as_str().unwrap().to_owned()
    });
    let length = |key: &str| json[key].as_u64().unwrap() as usize;
    Facts {
        regex: Regex::new(&pattern).unwrap_or_else(|err| panic!("{name}: {err}")),
        min_len: length("minLength"),
        max_len: length("maxLength"),
        description: json["description"].as_str().unwrap().to_owned(),
        name,
        pattern,
        example,
    }
}

/// Runs `test` on `cases` values of `strategy` (the suites' number when `None`), on a runner
/// of its own (a runner counts the cases it ran, and runs no more once it has run its number).
fn run_cases<S: Strategy>(
    cases: Option<u32>,
    strategy: &S,
    test: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S::Value: std::fmt::Debug,
{
    let config = proptest_config();
    let cases = cases.unwrap_or(config.cases);
    TestRunner::new(ProptestConfig { cases, ..config })
        .run(strategy, test)
        .unwrap_or_else(|err| panic!("{err}"));
}

/// What a format's texts look like, for the tests: valid ones (random values, encoded), edge
/// cases (texts of every value the symbols can write, values around the largest, ...) and
/// the characters to make near misses with.
struct Texts {
    valid: BoxedStrategy<String>,
    edges: BoxedStrategy<String>,
    alphabet: &'static str,
}

/// Characters that are in no format's alphabet, or in some and not others.
const FOREIGN: &str = "01OIl-_.:~ /$^|\\[]{}()*+?\u{e9}\u{0}AZaz";

/// One character changed, inserted or deleted, one character's case or the whole text's
/// case flipped.
fn mutate((text, how, at, c): (String, u8, Index, char)) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let i = at.index(chars.len() + 1);
    let flip = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    match (how, i < chars.len()) {
        (0, true) => chars[i] = c,
        (1, true) => drop(chars.remove(i)),
        (2, true) => chars[i] = flip(chars[i]),
        (3, _) => chars.iter_mut().for_each(|c| *c = flip(*c)),
        _ => chars.insert(i, c),
    }
    chars.into_iter().collect()
}

/// Near misses of `texts` (valid texts and edge cases mutated), the texts themselves, and
/// arbitrary strings of the alphabet (and [`FOREIGN`]), as long as the texts or nearly.
fn near(texts: &Texts, lens: RangeInclusive<usize>) -> BoxedStrategy<String> {
    let chars: Vec<char> = texts.alphabet.chars().chain(FOREIGN.chars()).collect();
    let c = select(chars.clone());
    let mostly_alphabet = prop_oneof![
        16 => select(texts.alphabet.chars().collect::<Vec<_>>()),
        1 => select(chars),
    ];
    let exact = (*lens.start() + 2)..=(lens.end() - 2);
    let sources = prop_oneof![texts.valid.clone(), texts.edges.clone()];
    prop_oneof![
        6 => (sources, 0..5u8, any::<Index>(), c).prop_map(mutate),
        2 => prop::collection::vec(mostly_alphabet.clone(), exact).prop_map(String::from_iter),
        1 => prop::collection::vec(mostly_alphabet, lens).prop_map(String::from_iter),
        2 => texts.edges.clone(),
        1 => texts.valid.clone(),
    ]
    .boxed()
}

/// Checks `facts` against `parses` (the type's `FromStr`): its example parses; `valid` texts
/// match; strings generated from the pattern parse when within the lengths; and for
/// `misses`, matching is parsing.
fn check_with(
    facts: &Facts,
    parses: impl Fn(&str) -> bool,
    valid: &BoxedStrategy<String>,
    misses: &BoxedStrategy<String>,
) {
    let name = &facts.name;
    let example = facts
        .example
        .as_deref()
        .unwrap_or_else(|| panic!("{name} has no example"));
    assert!(
        parses(example) && facts.accepts(example),
        "{name}: {example:?}"
    );
    run_cases(None, valid, |text| {
        prop_assert!(
            parses(&text),
            "{} does not parse the valid {:?}",
            name,
            text
        );
        prop_assert!(
            facts.accepts(&text),
            "{} refuses the valid {:?}",
            name,
            text
        );
        Ok(())
    });
    // Generating long texts from a pattern is slow: fewer of them.
    run_cases(Some(1024), &string_regex(facts.body()).unwrap(), |text| {
        if facts.accepts(&text) {
            prop_assert!(parses(&text), "{}'s pattern matches {:?}", name, text);
        }
        Ok(())
    });
    run_cases(None, misses, |text| {
        prop_assert_eq!(
            facts.accepts(&text),
            parses(&text),
            "{}: {:?} against {}",
            name,
            text,
            facts.pattern
        );
        Ok(())
    });
}

/// [`check_with`] `T`'s `FromStr` on `texts` and their near misses.
fn check<T: JsonSchema + ToSchema + utoipa6::ToSchema + FromStr>(texts: &Texts) -> Facts {
    let facts = facts::<T>();
    let lens = facts.min_len.saturating_sub(2)..=facts.max_len + 2;
    let misses = near(texts, lens);
    check_with(
        &facts,
        |text| text.parse::<T>().is_ok(),
        &texts.valid,
        &misses,
    );
    facts
}

/// The typed id's text before the inner id.
fn head<T: TypedId>() -> String {
    match T::PREFIX {
        "" => String::new(),
        prefix => format!("{prefix}{}", T::SEPARATOR),
    }
}

/// Heads that are not `T`'s: none, the prefix or the separator alone, the separator twice,
/// the prefix in capitals, longer or shorter, other separators; and `T`'s own.
fn heads<T: TypedId>() -> Vec<String> {
    let (prefix, separator) = match T::PREFIX {
        "" => ("post", "_"),
        prefix => (prefix, T::SEPARATOR),
    };
    vec![
        String::new(),
        prefix.to_owned(),
        separator.to_owned(),
        format!("{prefix}{separator}{separator}"),
        format!("{}{separator}", prefix.to_uppercase()),
        format!("{prefix}s{separator}"),
        format!("{}{separator}", &prefix[..prefix.len() - 1]),
        format!("{separator}{prefix}{separator}"),
        format!("{prefix}-"),
        format!("{prefix}_"),
        format!("{prefix}:"),
        head::<T>(),
    ]
}

/// A typed id's texts: the inner format's behind `T`'s head, its edge cases behind `T`'s head
/// and behind others.
fn typed_texts<T: TypedId>(inner: Texts) -> Texts {
    let head = head::<T>();
    let with_head = {
        let head = head.clone();
        move |text: String| format!("{head}{text}")
    };
    let others = (select(heads::<T>()), inner.valid.clone()).prop_map(|(head, text)| head + &text);
    Texts {
        valid: inner.valid.prop_map(with_head.clone()).boxed(),
        edges: prop_oneof![inner.edges.prop_map(with_head), others].boxed(),
        alphabet: Box::leak(format!("{}{head}", inner.alphabet).into_boxed_str()),
    }
}

/// Checks the typed id `T` whose inner texts are `inner`, and that its description names it
/// and its head; returns its facts.
fn check_typed<T>(inner: Texts) -> Facts
where
    T: TypedId + JsonSchema + ToSchema + utoipa6::ToSchema,
{
    let facts = check::<T>(&typed_texts::<T>(inner));
    assert_eq!(facts.name, T::TYPE_NAME);
    let head = head::<T>();
    let mentions = match head.as_str() {
        "" => format!("{}: ", T::TYPE_NAME),
        head => format!("{}: `{head}` then ", T::TYPE_NAME),
    };
    assert!(
        facts.description.starts_with(&mentions),
        "{}",
        facts.description
    );
    facts
}

// The formats' texts.

/// The 13 base32-sortable symbols of the low 65 bits of `value`: what a TID or TimeId text
/// can write, in range or not.
fn base32_text(value: u128) -> String {
    (0..13)
        .rev()
        .map(|i| TID_CHARS.as_bytes()[(value >> (5 * i)) as usize & 31] as char)
        .collect()
}

/// The 11 Base58 symbols of `value` (below `58^11`): what a uid11 text can write, in range
/// or not.
fn base58_text(mut value: u128) -> String {
    let mut symbols = [b'1'; 11];
    for symbol in symbols.iter_mut().rev() {
        *symbol = BASE58.as_bytes()[(value % 58) as usize];
        value /= 58;
    }
    String::from_utf8(symbols.to_vec()).unwrap()
}

/// `text` with the dashes of a TimeId's display form.
fn dashed(text: &str) -> String {
    format!(
        "{}-{}-{}-{}",
        &text[..4],
        &text[4..7],
        &text[7..11],
        &text[11..]
    )
}

const TID_CHARS: &str = "234567abcdefghijklmnopqrstuvwxyz";
const BASE58: &str = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";
const HEX: &str = "0123456789ABCDEFabcdef";
const RECORD_KEY_CHARS: &str = "ABCxyz0189.-_~:";
const NSID_CHARS: &str = "abzAZ09-.";

/// Every 65-bit value's text.
fn base32_edges() -> BoxedStrategy<String> {
    (0..1u128 << 65).prop_map(base32_text).boxed()
}

fn tid() -> Texts {
    Texts {
        valid: any::<u64>()
            .prop_map(|v| Tid::from_u64(v).to_string())
            .boxed(),
        edges: base32_edges(),
        alphabet: TID_CHARS,
    }
}

fn time_id() -> Texts {
    Texts {
        valid: (any::<i64>(), any::<bool>())
            .prop_map(|(v, dashed)| match dashed {
                true => format!("{:#}", TimeId::from_i64(v)),
                false => TimeId::from_i64(v).to_string(),
            })
            .boxed(),
        edges: prop_oneof![
            base32_edges(),
            base32_edges().prop_map(|text| dashed(&text))
        ]
        .boxed(),
        alphabet: TID_CHARS,
    }
}

/// Texts of every value 11 symbols can write, and of values around the largest `u64` and the
/// largest snowish payload (`2^63 - 1`).
fn base58_edges() -> BoxedStrategy<String> {
    let around = |center: u64| (-2000i128..2000).prop_map(move |d| (center as i128 + d) as u128);
    prop_oneof![0..58u128.pow(11), around(u64::MAX), around(i64::MAX as u64),]
        .prop_map(base58_text)
        .boxed()
}

fn uid11<T: From<u64> + ToString>() -> Texts {
    Texts {
        valid: any::<u64>().prop_map(|v| T::from(v).to_string()).boxed(),
        edges: base58_edges(),
        alphabet: BASE58,
    }
}

fn snowish() -> Texts {
    Texts {
        valid: (0..=i64::MAX as u64)
            .prop_map(|v| Snowish::try_from_u64(v).unwrap().to_string())
            .boxed(),
        ..uid11::<Uid11>()
    }
}

/// A Sonyflake's texts are a Snowflake's: the decimal numbers up to 2^63 - 1.
fn sonyflake() -> Texts {
    snowflake()
}

/// Decimal numbers of every length, around the largest (2^63 - 1) and with leading zeros.
fn snowflake() -> Texts {
    let around = (-2000i128..2000).prop_map(|d| (i64::MAX as i128 + d).to_string());
    Texts {
        valid: (0..=i64::MAX as u64)
            .prop_map(|v| Snowflake::try_from_u64(v).unwrap().to_string())
            .boxed(),
        edges: prop_oneof![
            around,
            string_regex("[0-9]{1,21}").unwrap(),
            string_regex("0[0-9]{0,19}").unwrap(),
        ]
        .boxed(),
        alphabet: "0123456789",
    }
}

fn tbsl() -> Texts {
    Texts {
        valid: any::<[u8; 10]>()
            .prop_map(|bytes| Tbsl::from_bytes(bytes).to_string())
            .boxed(),
        edges: string_regex("[0-9A-Fa-f]{19,21}").unwrap().boxed(),
        alphabet: HEX,
    }
}

/// rs/xid XIDs (lowercase only, the last character `0` or `g`), and texts near them of any
/// letter and any last character.
fn rs_xid() -> Texts {
    Texts {
        valid: any::<[u8; 12]>()
            .prop_map(|bytes| idtypes::RsXid::from_bytes(bytes).to_string())
            .boxed(),
        edges: string_regex("[0-9A-Za-z]{19,21}").unwrap().boxed(),
        alphabet: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    }
}

/// ObjectIds in either case, and texts near them of any letter.
fn object_id() -> Texts {
    Texts {
        valid: (any::<[u8; 12]>(), any::<bool>())
            .prop_map(|(bytes, upper)| {
                let text = idtypes::ObjectId::from_bytes(bytes).to_string();
                if upper { text.to_uppercase() } else { text }
            })
            .boxed(),
        edges: string_regex("[0-9A-Za-z]{23,25}").unwrap().boxed(),
        alphabet: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    }
}

/// ULIDs in either case (the first character `0` to `7`), and texts near them of any letter.
fn ulid() -> Texts {
    Texts {
        valid: (any::<u128>(), any::<bool>())
            .prop_map(|(bits, lower)| {
                let text = Ulid::from_u128(bits).to_string();
                if lower { text.to_lowercase() } else { text }
            })
            .boxed(),
        edges: string_regex("[0-9A-Za-z]{25,27}").unwrap().boxed(),
        alphabet: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    }
}

/// KSUIDs of any bytes, and texts near them and near the largest, `aWgEPTl1tmebfsQzFP4bxwgy80V`.
fn ksuid() -> Texts {
    Texts {
        valid: any::<[u8; 20]>()
            .prop_map(|bytes| idtypes::Ksuid::from_bytes(bytes).to_string())
            .boxed(),
        edges: prop_oneof![
            string_regex("[0-9A-Za-z]{26,28}").unwrap(),
            string_regex("aWgEPTl1tmebfsQzFP4bxw[f-h][w-z][7-9][0-9][U-W]").unwrap(),
            string_regex("[Z-b][V-X][0-9A-Za-z]{25}").unwrap(),
        ]
        .boxed(),
        alphabet: "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
    }
}

/// NanoIDs of `len` symbols of `symbols`; near misses of every printable character, one
/// shorter or longer.
fn nanoid(symbols: &'static str, len: usize) -> Texts {
    let symbol = select(symbols.chars().collect::<Vec<_>>());
    let printable = select((' '..='~').chain(['\u{e9}']).collect::<Vec<_>>());
    Texts {
        valid: prop::collection::vec(symbol, len)
            .prop_map(String::from_iter)
            .boxed(),
        edges: prop::collection::vec(printable, len - 1..=len + 1)
            .prop_map(String::from_iter)
            .boxed(),
        alphabet: symbols,
    }
}

/// CUID2s of every length from 2 to 32; near misses: one shorter or longer, any printable
/// character first or later, uppercase.
fn cuid2() -> Texts {
    Texts {
        valid: string_regex("[a-z][0-9a-z]{1,31}").unwrap().boxed(),
        edges: prop_oneof![
            string_regex("[ -~]{1,33}").unwrap(),
            string_regex("[a-z][0-9a-z]{31,32}").unwrap(),
            string_regex("[0-9A-Za-z][0-9A-Za-z]{0,2}").unwrap(),
        ]
        .boxed(),
        alphabet: "0123456789abcdefghijklmnopqrstuvwxyz",
    }
}

/// Valid record keys: short ones and long ones, of every allowed character.
fn record_key_texts() -> BoxedStrategy<String> {
    let c = select(RECORD_KEY_CHARS.chars().collect::<Vec<_>>());
    prop_oneof![
        prop::collection::vec(c.clone(), 1..=12),
        prop::collection::vec(c, 1..=512),
    ]
    .prop_map(String::from_iter)
    .prop_filter("not . or ..", |key| key != "." && key != "..")
    .boxed()
}

/// The dotted strings around `.` and `..`, the empty one, and keys around 512 characters.
fn record_key_edges() -> BoxedStrategy<String> {
    let c = select(RECORD_KEY_CHARS.chars().collect::<Vec<_>>());
    prop_oneof![
        select(vec![".", "..", "...", ".a", "a.", "..a", ".a.", "a..", ""]).prop_map(str::to_owned),
        prop::collection::vec(c, 505..=520).prop_map(String::from_iter),
    ]
    .boxed()
}

fn record_key() -> Texts {
    Texts {
        valid: record_key_texts(),
        edges: record_key_edges(),
        alphabet: RECORD_KEY_CHARS,
    }
}

/// Valid NSIDs: short, with long segments around 63 characters, long around 317, and the
/// valid vectors.
fn nsid_texts() -> BoxedStrategy<String> {
    prop_oneof![
        string_regex(
            r"[a-z][a-z0-9-]{0,6}[a-z0-9](\.[a-z0-9]{1,8}){1,3}\.[a-zA-Z][a-zA-Z0-9]{0,8}"
        )
        .unwrap(),
        string_regex(r"[a-z]{55,63}\.[a-z0-9]{55,63}\.[a-z][a-z0-9]{55,62}").unwrap(),
        string_regex(r"[a-z]{60,63}(\.[a-z]{60,63}){3,4}\.[a-z]{1,20}").unwrap(),
        select(interop_lines("atproto-nsid/nsid_syntax_valid.txt")),
    ]
    .prop_filter("a valid NSID", |text| {
        RecordKey::parse(text).is_ok_and(|key| RecordKeyType::Nsid.matches(&key))
    })
    .boxed()
}

/// NSIDs with mistakes: segments too long, empty, with hyphens at their ends, a name
/// starting with a digit, two segments, too long in all; and the invalid vectors.
fn nsid() -> Texts {
    Texts {
        valid: nsid_texts(),
        edges: prop_oneof![
            string_regex(r"[a-z0-9-]{0,4}(\.[a-z0-9-]{0,4}){0,3}\.[a-zA-Z0-9-]{0,4}").unwrap(),
            string_regex(r"[a-z]{62,65}\.[a-z]{62,65}\.[a-z]{62,65}").unwrap(),
            string_regex(r"[a-z]{60,63}(\.[a-z]{60,63}){4}\.[a-z]{1,30}").unwrap(),
            select(interop_lines("atproto-nsid/nsid_syntax_invalid.txt")),
        ]
        .boxed(),
        alphabet: NSID_CHARS,
    }
}

/// The one key `key`, and strings near it.
fn literal(key: &'static str, alphabet: &'static str) -> Texts {
    Texts {
        valid: Just(key.to_owned()).boxed(),
        edges: (select(alphabet.chars().collect::<Vec<_>>()), 0..=key.len())
            .prop_map(move |(c, at)| format!("{}{c}{}", &key[..at], &key[at..]))
            .boxed(),
        alphabet,
    }
}

#[test]
fn every_formats_pattern_accepts_exactly_what_it_parses() {
    check::<Tid>(&tid());
    check::<TimeId>(&time_id());
    check::<Uid11>(&uid11::<Uid11>());
    check::<Uid11Xid>(&uid11::<Uid11Xid>());
    check::<Snowish>(&snowish());
    check::<TsSeqRand>(&uid11::<TsSeqRand>());
    check::<FullRand>(&uid11::<FullRand>());
    check::<Snowflake>(&snowflake());
    check::<Tbsl>(&tbsl());
    check::<Ulid>(&ulid());
    check::<RecordKey>(&record_key());
    check::<idtypes::Ksuid>(&ksuid());
    check::<Sonyflake>(&sonyflake());
    check::<idtypes::RsXid>(&rs_xid());
    check::<idtypes::ObjectId>(&object_id());
    check::<idtypes::NanoId>(&nanoid(idtypes::nanoid::UrlSafe::SYMBOLS, 21));
    check::<idtypes::NanoId<idtypes::nanoid::Lowercase, 16>>(&nanoid(
        idtypes::nanoid::Lowercase::SYMBOLS,
        16,
    ));
    check::<idtypes::Cuid2>(&cuid2());
}

#[test]
fn the_record_key_types_pattern_accepts_exactly_what_it_parses() {
    let literal = |key: String| format!("literal:{key}");
    let texts = Texts {
        valid: prop_oneof![
            select(vec!["tid", "nsid", "any"]).prop_map(str::to_owned),
            record_key_texts().prop_map(literal),
        ]
        .boxed(),
        edges: prop_oneof![
            record_key_edges().prop_map(literal),
            select(vec![
                "literal",
                "literal:",
                "literalself",
                "Tid",
                "NSID",
                "any:",
                ":tid"
            ])
            .prop_map(str::to_owned),
        ]
        .boxed(),
        alphabet: "tidnsanylter:TL.",
    };
    check::<RecordKeyType>(&texts);
}

#[test]
fn patterns_follow_the_conformance_vectors() {
    let vectors = [
        ("atproto/tid_syntax_valid.txt", facts::<Tid>()),
        ("atproto/tid_syntax_invalid.txt", facts::<Tid>()),
        ("atproto/recordkey_syntax_valid.txt", facts::<RecordKey>()),
        ("atproto/recordkey_syntax_invalid.txt", facts::<RecordKey>()),
    ];
    for (file, facts) in vectors {
        let valid = file.ends_with("_valid.txt");
        for line in interop_lines(file) {
            assert_eq!(facts.accepts(&line), valid, "{file}: {line:?}");
        }
    }
    let nsid = facts::<keys::NsidKey>();
    for file in ["nsid_syntax_valid.txt", "nsid_syntax_invalid.txt"] {
        for line in interop_lines(&format!("atproto-nsid/{file}")) {
            assert_eq!(
                nsid.accepts(&line),
                line.parse::<keys::NsidKey>().is_ok(),
                "{file}: {line:?}"
            );
        }
    }
}

/// For each format: a typed id with the default separator, one with a separator of regex
/// syntax characters, one without a prefix.
macro_rules! typed_suite {
    ($($module:ident: $format:ident, $texts:expr;)*) => {$(
        mod $module {
            #[derive(idtypes::$format)]
            #[idtype(prefix = "post")]
            pub struct PostId(idtypes::$format);

            #[derive(idtypes::$format)]
            #[idtype(prefix = "evt_2", separator = "$.*+?(|")]
            pub struct OddId(idtypes::$format);

            #[derive(idtypes::$format)]
            pub struct BareId(idtypes::$format);
        }
    )*

        #[test]
        fn every_typed_ids_pattern_accepts_exactly_what_it_parses() {$(
            let inner = facts::<idtypes::$format>();
            for facts in [
                check_typed::<$module::PostId>($texts),
                check_typed::<$module::OddId>($texts),
                check_typed::<$module::BareId>($texts),
            ] {
                assert!(facts.description.ends_with(&inner.description[1..]), "{}", facts.description);
                assert!(!facts.description.contains("validate"), "{}", facts.description);
            }
        )*}
    };
}

typed_suite! {
    tid: Tid, tid();
    time_id: TimeId, time_id();
    uid11: Uid11, uid11::<Uid11>();
    xid: Uid11Xid, uid11::<Uid11Xid>();
    snowish: Snowish, snowish();
    ts_seq_rand: TsSeqRand, uid11::<TsSeqRand>();
    full_rand: FullRand, uid11::<FullRand>();
    snowflake: Snowflake, snowflake();
    tbsl: Tbsl, tbsl();
    ulid: Ulid, ulid();
    record_key: RecordKey, record_key();
    ksuid: Ksuid, ksuid();
    sonyflake: Sonyflake, sonyflake();
    rs_xid: RsXid, rs_xid();
    object_id: ObjectId, object_id();
    nanoid: NanoId, nanoid(idtypes::nanoid::UrlSafe::SYMBOLS, 21);
    cuid2: Cuid2, cuid2();
}

/// Typed record keys of each record key type.
mod keys {
    use idtypes::RecordKey;

    #[derive(RecordKey)]
    #[idtype(key_type = "tid")]
    pub struct TidKey(RecordKey);

    #[derive(RecordKey)]
    #[idtype(prefix = "at", separator = "[\\]{^}", key_type = "tid")]
    pub struct OddTidKey(RecordKey);

    #[derive(RecordKey)]
    #[idtype(key_type = "nsid")]
    pub struct NsidKey(RecordKey);

    #[derive(RecordKey)]
    #[idtype(prefix = "lex", key_type = "nsid")]
    pub struct PrefixedNsidKey(RecordKey);

    #[derive(RecordKey)]
    #[idtype(key_type = "literal:self")]
    pub struct SelfKey(RecordKey);

    #[derive(RecordKey)]
    #[idtype(prefix = "lit", separator = ".", key_type = "literal:pre.fix")]
    pub struct DotKey(RecordKey);

    #[derive(RecordKey)]
    #[idtype(prefix = "note", separator = ":", key_type = "any")]
    pub struct NoteKey(RecordKey);
}

#[test]
fn a_typed_record_keys_pattern_is_its_record_key_types() {
    let tid_facts = facts::<Tid>();
    for facts in [
        check_typed::<keys::TidKey>(tid()),
        check_typed::<keys::OddTidKey>(tid()),
    ] {
        assert!(
            facts.pattern.ends_with(&tid_facts.pattern[1..]),
            "{}",
            facts.pattern
        );
        assert!(
            facts
                .description
                .contains("an atproto record key of type `tid`, that is an atproto TID"),
            "{}",
            facts.description
        );
    }
    for facts in [
        check_typed::<keys::NsidKey>(nsid()),
        check_typed::<keys::PrefixedNsidKey>(nsid()),
    ] {
        assert_eq!(facts.max_len - facts.min_len, 317 - 5);
        assert!(facts.description.contains("type `nsid`"));
    }

    let self_key = check_typed::<keys::SelfKey>(literal("self", "selfSELF."));
    assert_eq!(self_key.pattern, "^self$");
    assert_eq!((self_key.min_len, self_key.max_len), (4, 4));
    assert_eq!(self_key.example.as_deref(), Some("self"));
    assert!(
        self_key
            .description
            .ends_with("an atproto record key of type `literal:self`: exactly `self`."),
        "{}",
        self_key.description
    );
    let dot = check_typed::<keys::DotKey>(literal("pre.fix", "prefixX."));
    assert_eq!(dot.pattern, r"^lit\.pre\.fix$");
    assert!(!dot.accepts("lit.preXfix") && !dot.accepts("litXpre.fix"));

    let any = check_typed::<keys::NoteKey>(record_key());
    assert!(
        any.description
            .starts_with("NoteKey: `note:` then an atproto record key: ")
    );
}

/// Typed ids with a `validate` check.
mod checked {
    use idtypes::Tid;

    fn recent(tid: &Tid) -> Result<(), &'static str> {
        match tid.timestamp_micros() {
            0..1_700_000_000_000_000 => Err("made before November 2023"),
            _ => Ok(()),
        }
    }

    fn low_clock(tid: &Tid) -> Result<(), &'static str> {
        match tid.clock_id() {
            0..512 => Ok(()),
            _ => Err("a clock id of the other half"),
        }
    }

    /// Refuses the TID example (June 2023).
    #[derive(Tid)]
    #[idtype(prefix = "post", validate = recent)]
    pub struct RecentPostId(Tid);

    /// Accepts the TID example (clock id 6).
    #[derive(Tid)]
    #[idtype(prefix = "post", validate = low_clock)]
    pub struct LowClockPostId(Tid);
}

#[test]
fn a_validate_check_is_described_and_keeps_the_pattern() {
    let unchecked = facts::<tid::PostId>();
    for checked in [
        facts::<checked::RecentPostId>(),
        facts::<checked::LowClockPostId>(),
    ] {
        assert_eq!(checked.pattern, unchecked.pattern);
        assert!(
            checked
                .description
                .ends_with("The type's `validate` check may refuse ids that match the pattern."),
            "{}",
            checked.description
        );
    }
    // The pattern is the text's, which `parse_unchecked` reads: matching is parsing it.
    let facts = Facts {
        example: Some("post_3jzfcijpj2z2a".to_owned()),
        ..facts::<checked::RecentPostId>()
    };
    let texts = typed_texts::<checked::RecentPostId>(tid());
    check_with(
        &facts,
        |text| checked::RecentPostId::parse_unchecked(text).is_ok(),
        &texts.valid,
        &near(&texts, 16..=20),
    );
}

#[test]
fn the_example_is_left_out_when_the_type_refuses_it() {
    assert_eq!(facts::<checked::RecentPostId>().example, None);
    let example = facts::<checked::LowClockPostId>().example.unwrap();
    assert_eq!(example, "post_3jzfcijpj2z2a");
    assert!(example.parse::<checked::LowClockPostId>().is_ok());
}

#[test]
fn each_format_names_itself_and_describes_its_text() {
    fn described<T: JsonSchema + ToSchema + utoipa6::ToSchema>(name: &str, words: &[&str]) {
        let facts = facts::<T>();
        assert_eq!(facts.name, name);
        for word in words {
            assert!(
                facts.description.contains(word),
                "{name}: {}",
                facts.description
            );
        }
    }
    described::<Tid>(
        "Tid",
        &["atproto TID", "13 characters", "`234567abcdefghij`"],
    );
    described::<TimeId>("TimeId", &["Time-Ordered ID", "`STTT-TTT-TTTT-CC`"]);
    described::<Uid11>("Uid11", &["uid11", "Base58", "`jpXCZedGfVQ`"]);
    described::<Uid11Xid>("Uid11Xid", &["xid", "22 random bits"]);
    described::<Snowish>("Snowish", &["snowish", "`NQm6nKp8qFC`"]);
    described::<TsSeqRand>("TsSeqRand", &["ts-seq-rand", "12-bit sequence"]);
    described::<FullRand>("FullRand", &["fullrand", "64 random bits"]);
    described::<Snowflake>(
        "Snowflake",
        &[
            "Snowflake",
            "decimal",
            "`9223372036854775807`",
            "do not sort",
        ],
    );
    described::<Tbsl>("Tbsl", &["TBSL", "uppercase hexadecimal"]);
    described::<Ulid>("Ulid", &["ULID", "Crockford base32", "either case"]);
    described::<RecordKey>("RecordKey", &["record key", "1 to 512", "`..`"]);
    described::<idtypes::RsXid>(
        "RsXid",
        &["rs/xid", "not the uid11 xid", "base32hex", "`0` or `g`"],
    );
    described::<RecordKeyType>("RecordKeyType", &["`tid`", "`nsid`", "`literal:`"]);
    described::<idtypes::Ksuid>(
        "Ksuid",
        &["KSUID", "base62", "`aWgEPTl1tmebfsQzFP4bxwgy80V`"],
    );
    described::<Sonyflake>(
        "Sonyflake",
        &[
            "Sonyflake",
            "sony/sonyflake",
            "decimal",
            "`9223372036854775807`",
            "do not sort",
        ],
    );
}

#[test]
fn the_lengths_are_the_formats() {
    let lengths = |facts: Facts| (facts.min_len, facts.max_len);
    assert_eq!(lengths(facts::<Tid>()), (13, 13));
    assert_eq!(lengths(facts::<TimeId>()), (13, 16));
    assert_eq!(lengths(facts::<Snowish>()), (11, 11));
    assert_eq!(lengths(facts::<Tbsl>()), (20, 20));
    assert_eq!(lengths(facts::<Ulid>()), (26, 26));
    assert_eq!(lengths(facts::<Snowflake>()), (1, 19));
    assert_eq!(lengths(facts::<Sonyflake>()), (1, 19));
    assert_eq!(lengths(facts::<RecordKey>()), (1, 512));
    assert_eq!(lengths(facts::<idtypes::RsXid>()), (20, 20));
    assert_eq!(lengths(facts::<idtypes::ObjectId>()), (24, 24));
    assert_eq!(lengths(facts::<RecordKeyType>()), (3, 520));
    assert_eq!(lengths(facts::<idtypes::Ksuid>()), (27, 27));
    assert_eq!(lengths(facts::<tid::PostId>()), (18, 18));
    assert_eq!(lengths(facts::<time_id::OddId>()), (25, 28));
    assert_eq!(
        lengths(facts::<record_key::PostId>()),
        (6, 5 + RecordKey::MAX_TEXT_LEN)
    );
}

/// The record key pattern holds the keys to 512 characters by itself, for validators that
/// read the pattern alone.
#[test]
fn the_record_key_pattern_alone_bounds_the_length() {
    let key = facts::<RecordKey>();
    for start in ["a", ".a", "..a"] {
        let longest = format!("{start}{}", "b".repeat(512 - start.len()));
        assert!(key.regex.is_match(&longest), "{longest}");
        assert!(!key.regex.is_match(&format!("{longest}b")), "{longest}b");
    }
}

// The generated documents.

/// The schema every `tid::PostId` gets, in JSON Schema and OpenAPI alike.
fn post_id_schema() -> Value {
    json!({
        "type": "string",
        "pattern": "^post_[2-7a-j][2-7a-z]{12}$",
        "minLength": 18,
        "maxLength": 18,
        "description": "PostId: `post_` then an atproto TID (timestamp identifier): 13 \
                        characters of the base32-sortable alphabet \
                        `234567abcdefghijklmnopqrstuvwxyz`, the first one of \
                        `234567abcdefghij`. TIDs sort in the order they were made.",
        "examples": ["post_3jzfcijpj2z2a"],
    })
}

#[test]
fn a_typed_ids_json_schema() {
    let mut expected = post_id_schema();
    expected["$schema"] = json!("https://json-schema.org/draft/2020-12/schema");
    expected["title"] = json!("PostId");
    assert_eq!(schemars::schema_for!(tid::PostId).to_value(), expected);
}

#[test]
fn a_typed_ids_openapi_schema() {
    let schema = serde_json::to_value(tid::PostId::schema()).unwrap();
    assert_eq!(schema, post_id_schema());
}

/// What an API might return, each id a field.
#[allow(dead_code, reason = "only its schema is read")]
#[derive(JsonSchema, ToSchema)]
struct Post {
    id: tid::PostId,
    author: Option<xid::OddId>,
    replies: Vec<tid::PostId>,
    profile: keys::SelfKey,
    created: Tid,
}

#[test]
fn a_struct_refers_to_its_ids_schemas_in_json_schema() {
    let schema = schemars::schema_for!(Post).to_value();
    let defs = &schema["$defs"];
    assert_eq!(defs["PostId"], post_id_schema());
    assert_eq!(
        schema["properties"]["id"],
        json!({ "$ref": "#/$defs/PostId" })
    );
    assert_eq!(
        schema["properties"]["replies"]["items"],
        json!({ "$ref": "#/$defs/PostId" })
    );
    assert_eq!(
        schema["properties"]["profile"],
        json!({ "$ref": "#/$defs/SelfKey" })
    );
    assert_eq!(defs["SelfKey"]["pattern"], "^self$");
    assert_eq!(
        schema["properties"]["created"],
        json!({ "$ref": "#/$defs/Tid" })
    );
    assert_eq!(defs["Tid"]["pattern"], "^[2-7a-j][2-7a-z]{12}$");
    assert_eq!(
        schema["required"],
        json!(["id", "replies", "profile", "created"])
    );
}

#[derive(OpenApi)]
#[openapi(components(schemas(Post)))]
struct ApiDoc;

#[test]
fn an_openapi_document_lists_the_ids_under_components() {
    let doc = serde_json::to_value(ApiDoc::openapi()).unwrap();
    let schemas = &doc["components"]["schemas"];
    assert_eq!(schemas["PostId"], post_id_schema());
    let post = &schemas["Post"];
    assert_eq!(
        post["properties"]["id"],
        json!({ "$ref": "#/components/schemas/PostId" })
    );
    assert_eq!(
        post["properties"]["replies"]["items"],
        json!({ "$ref": "#/components/schemas/PostId" })
    );
    assert_eq!(
        post["properties"]["profile"],
        json!({ "$ref": "#/components/schemas/SelfKey" })
    );
    assert_eq!(
        post["properties"]["created"],
        json!({ "$ref": "#/components/schemas/Tid" })
    );
    assert_eq!(schemas["SelfKey"]["pattern"], "^self$");
    assert_eq!(schemas["Tid"]["pattern"], "^[2-7a-j][2-7a-z]{12}$");
    assert_eq!(schemas["OddId"]["pattern"], facts::<xid::OddId>().pattern);
    let mut names: Vec<&str> = schemas
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    names.sort_unstable();
    assert_eq!(names, ["OddId", "Post", "PostId", "SelfKey", "Tid"]);
}

/// A path parameter that is a typed id.
#[allow(dead_code, reason = "only its documentation is read")]
#[utoipa::path(
    get,
    path = "/posts/{id}",
    params(("id" = tid::PostId, Path, description = "The post")),
    responses((status = 200, description = "The post", body = Post))
)]
fn get_post() {}

#[derive(OpenApi)]
#[openapi(paths(get_post))]
struct PathDoc;

#[test]
fn a_path_parameter_refers_to_its_ids_schema() {
    let doc = serde_json::to_value(PathDoc::openapi()).unwrap();
    let parameter = &doc["paths"]["/posts/{id}"]["get"]["parameters"][0];
    assert_eq!(parameter["name"], "id");
    assert_eq!(parameter["in"], "path");
    assert_eq!(
        parameter["schema"],
        json!({ "$ref": "#/components/schemas/PostId" })
    );
    assert_eq!(doc["components"]["schemas"]["PostId"], post_id_schema());
}

/// No regex dialect trouble: every pattern is ASCII, without lookaround or backreferences,
/// and escapes only ECMA-262's syntax characters (`\-` or `\~` are errors with the `u` flag
/// JSON Schema validators use).
#[test]
fn patterns_keep_to_what_both_dialects_share() {
    static ESCAPE: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\\(.)").unwrap());
    let patterns = [
        facts::<Tid>().pattern,
        facts::<TimeId>().pattern,
        facts::<Uid11>().pattern,
        facts::<Snowish>().pattern,
        facts::<Snowflake>().pattern,
        facts::<Tbsl>().pattern,
        facts::<idtypes::RsXid>().pattern,
        facts::<idtypes::ObjectId>().pattern,
        facts::<RecordKey>().pattern,
        facts::<RecordKeyType>().pattern,
        facts::<keys::NsidKey>().pattern,
        facts::<keys::OddTidKey>().pattern,
        facts::<keys::DotKey>().pattern,
        facts::<time_id::OddId>().pattern,
        facts::<Sonyflake>().pattern,
    ];
    for pattern in patterns {
        assert!(pattern.is_ascii(), "{pattern}");
        assert!(
            !pattern.contains("(?=") && !pattern.contains("(?!"),
            "{pattern}"
        );
        assert!(!pattern.contains("(?<"), "{pattern}");
        for escaped in ESCAPE.captures_iter(&pattern) {
            assert!("^$\\.*+?()[]{}|".contains(&escaped[1]), "{pattern}");
        }
    }
}

// `DynTypeId`: a TypeID of any prefix, or of none.

/// The lowercase Crockford base32 alphabet, the first symbol of a suffix `0` to `7`.
const TYPEID_SUFFIX_CHARS: &str = "0123456789abcdefghjkmnpqrstvwxyz";

/// Valid `DynTypeId` texts: no prefix, short prefixes, prefixes with `_` inside, prefixes
/// around the longest (63), each before a random UUID.
fn dyn_type_id() -> Texts {
    let prefix = prop_oneof![
        Just(String::new()),
        string_regex("[a-z]{1,8}").unwrap(),
        string_regex("[a-z][a-z_]{0,10}[a-z]").unwrap(),
        string_regex("[a-z][a-z_]{55,61}[a-z]").unwrap(),
    ];
    let valid = (prefix, any::<u128>())
        .prop_map(|(prefix, uuid)| {
            DynTypeId::new(&prefix, uuid::Uuid::from_u128(uuid))
                .unwrap()
                .to_string()
        })
        .boxed();
    // Prefixes of every character near the rules (`_` at either end, twice, digits,
    // capitals, too long), before suffixes of every symbol, a letter alias (`i`, `l`, `o`,
    // `u`) and 25 to 27 characters; and the bare `_`.
    let prefix_edges = prop_oneof![
        Just(String::new()),
        string_regex("_?[a-zA-Z0-9_]{0,6}_?").unwrap(),
        string_regex("[a-z_]{60,66}").unwrap(),
    ];
    let suffix_edges = prop_oneof![
        string_regex("[0-9a-z]{25,27}").unwrap(),
        string_regex("[0-7][0-9a-hjkmnp-tv-z]{25}").unwrap(),
        string_regex("[89a-z][0-9a-hjkmnp-tv-z]{25}").unwrap(),
    ];
    let edges = prop_oneof![
        (prefix_edges, suffix_edges).prop_map(|(prefix, suffix)| match prefix.as_str() {
            "" => suffix,
            prefix => format!("{prefix}_{suffix}"),
        }),
        select(vec!["", "_", "__", "a_", "_a"]).prop_map(str::to_owned),
    ]
    .boxed();
    Texts {
        valid,
        edges,
        alphabet: Box::leak(format!("{TYPEID_SUFFIX_CHARS}_ilouAZ").into_boxed_str()),
    }
}

/// The TypeID specification's vectors (`tests/vectors/typeid/`): `(text, valid)`.
fn typeid_vectors() -> Vec<(String, bool)> {
    let mut vectors = Vec::new();
    for (file, valid) in [("typeid/valid.json", true), ("typeid/invalid.json", false)] {
        let path = idtypes_tests::vector_path(file);
        let text = std::fs::read_to_string(&path).unwrap();
        let cases: Value = serde_json::from_str(&text).unwrap();
        for case in cases.as_array().unwrap() {
            vectors.push((case["typeid"].as_str().unwrap().to_owned(), valid));
        }
    }
    assert_eq!(vectors.len(), 9 + 21);
    vectors
}

#[test]
fn the_dyn_type_id_pattern_accepts_exactly_what_it_parses() {
    let dyn_facts = check::<DynTypeId>(&dyn_type_id());
    assert_eq!(
        dyn_facts.pattern,
        "^(?:[a-z](?:[a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}$"
    );
    // Its suffix is a typed UUID id's.
    let suffix = facts::<BareUuidId>();
    assert!(dyn_facts.pattern.ends_with(&suffix.pattern[1..]));
}

/// A typed UUID id without a prefix: its pattern is a TypeID suffix's.
#[derive(idtypes::Uuid)]
struct BareUuidId(uuid::Uuid);

/// Every vector is one a pattern can see: each valid one matches, each invalid one does not,
/// as `DynTypeId::parse` says.
#[test]
fn the_dyn_type_id_pattern_follows_the_typeid_vectors() {
    let facts = facts::<DynTypeId>();
    for (text, valid) in typeid_vectors() {
        assert_eq!(DynTypeId::parse(&text).is_ok(), valid, "{text:?}");
        assert_eq!(facts.accepts(&text), valid, "{text:?}");
        // The prefix rules alone, over another suffix.
        if let Some((prefix, _)) = text.rsplit_once('_') {
            let other = format!("{prefix}_7zzzzzzzzzzzzzzzzzzzzzzzzz");
            assert_eq!(
                facts.accepts(&other),
                DynTypeId::parse(&other).is_ok(),
                "{other:?}"
            );
        }
    }
}

/// Prefixes of every length from 0 to 65 characters, of letters alone and with `_` inside
/// or at either end, before the largest and the smallest suffix.
#[test]
fn the_dyn_type_id_pattern_bounds_the_prefix() {
    let facts = facts::<DynTypeId>();
    for len in 0..=65 {
        let letters = "q".repeat(len);
        let prefixes = [
            letters.clone(),
            format!("a{}", "_".repeat(len.saturating_sub(1))),
            format!("{}b", "_".repeat(len.saturating_sub(1))),
            letters.replacen('q', "_", len / 2),
        ];
        for prefix in prefixes {
            for suffix in ["00000000000000000000000000", "7zzzzzzzzzzzzzzzzzzzzzzzzz"] {
                let text = match prefix.as_str() {
                    "" => suffix.to_owned(),
                    prefix => format!("{prefix}_{suffix}"),
                };
                assert_eq!(
                    facts.accepts(&text),
                    DynTypeId::parse(&text).is_ok(),
                    "{text:?}"
                );
                // The pattern alone bounds the prefix, for validators that read only it.
                assert_eq!(
                    facts.regex.is_match(&text),
                    DynTypeId::parse(&text).is_ok(),
                    "{text:?}"
                );
            }
        }
    }
}

#[test]
fn the_dyn_type_ids_schema() {
    let facts = facts::<DynTypeId>();
    assert_eq!(facts.name, "DynTypeId");
    assert_eq!(
        (facts.min_len, facts.max_len),
        (26, DynTypeId::MAX_TEXT_LEN)
    );
    assert_eq!(facts.max_len, 90);
    assert_eq!(
        facts.example.as_deref(),
        Some("user_01h455vb4pex5vsknk084sn02q")
    );
    for word in [
        "TypeID",
        "run time",
        "1 to 63",
        "`0123456789abcdefghjkmnpqrstvwxyz`",
        "empty prefix",
    ] {
        assert!(facts.description.contains(word), "{}", facts.description);
    }
    assert_eq!(
        <DynTypeId as JsonSchema>::schema_id(),
        "idtypes::uuids::DynTypeId"
    );
    assert!(facts.pattern.is_ascii() && !facts.pattern.contains("(?="));
}

/// A gateway's record: its target by prefix, in JSON Schema and OpenAPI.
#[allow(dead_code, reason = "only its schema is read")]
#[derive(JsonSchema, ToSchema)]
struct Route {
    target: DynTypeId,
    seen: Vec<DynTypeId>,
}

#[test]
fn a_struct_refers_to_the_dyn_type_ids_schema() {
    let schema = schemars::schema_for!(Route).to_value();
    assert_eq!(
        schema["properties"]["target"],
        json!({ "$ref": "#/$defs/DynTypeId" })
    );
    assert_eq!(
        schema["properties"]["seen"]["items"],
        json!({ "$ref": "#/$defs/DynTypeId" })
    );
    let json = DynTypeId::json_schema(&mut SchemaGenerator::default()).to_value();
    assert_eq!(schema["$defs"]["DynTypeId"], json);

    #[derive(OpenApi)]
    #[openapi(components(schemas(Route)))]
    struct RouteDoc;
    let doc = serde_json::to_value(RouteDoc::openapi()).unwrap();
    let schemas = &doc["components"]["schemas"];
    assert_eq!(
        schemas["Route"]["properties"]["target"],
        json!({ "$ref": "#/components/schemas/DynTypeId" })
    );
    assert_eq!(schemas["DynTypeId"], json);
}
