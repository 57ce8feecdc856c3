//! What both schema integrations (`schemars.rs`, `utoipa.rs`) say of a type: a string with a
//! pattern, lengths, a description and an example; and what the GraphQL scalars
//! (`integrations/async_graphql/`) say: the description, and the specification's address. An
//! id type's comes from its format's [`TextSchema`]; a typed id's adds its prefix and
//! separator, a record key type (`key_type`), and a word on its `validate` check. The
//! integrations only translate it.

use alloc::{
    borrow::Cow,
    format,
    string::{String, ToString},
};

use crate::{
    IdFormat, TypedId, record_key::RecordKeyType, text::schema::TextSchema, typed::format::sealed,
};

/// A string schema, ready to translate.
#[derive(Debug)]
#[cfg_attr(
    not(any(feature = "schemars", feature = "utoipa", feature = "utoipa6")),
    allow(
        dead_code,
        reason = "the GraphQL scalars read the description and address only"
    )
)]
pub(crate) struct IdSchema {
    /// An anchored regular expression for exactly the texts the type parses (with the lengths).
    pub(crate) pattern: String,
    /// The length of the shortest text, in characters.
    pub(crate) min_len: usize,
    /// The length of the longest text, in characters.
    pub(crate) max_len: usize,
    /// What the text is: the type and its format.
    pub(crate) description: String,
    /// A text that parses, if the type accepts the format's example.
    pub(crate) example: Option<String>,
    /// The address of the specification of the whole text, where one exists: the format's,
    /// for a type whose text is its format's alone (a typed id without a prefix, or a typed
    /// UUID's TypeID, whose specification covers the prefix too).
    #[cfg_attr(
        not(feature = "async-graphql"),
        allow(dead_code, reason = "the GraphQL scalars' `@specifiedBy` reads it")
    )]
    pub(crate) spec_url: Option<&'static str>,
}

impl IdSchema {
    /// The schema of a format's text, for the type itself.
    fn of_text(text: &TextSchema) -> IdSchema {
        IdSchema {
            pattern: format!("^{}$", text.pattern),
            min_len: text.min_len,
            max_len: text.max_len,
            description: text.description.to_string(),
            example: Some(text.example.to_string()),
            spec_url: text.spec_url,
        }
    }
}

/// The schema of an id type: its format's text.
pub(crate) fn of_format<F: IdFormat>() -> IdSchema {
    IdSchema::of_text(&<F as sealed::Sealed>::TEXT_SCHEMA)
}

/// The schema of [`RecordKeyType`]'s text.
#[cfg(any(feature = "schemars", feature = "utoipa", feature = "utoipa6"))]
pub(crate) fn of_record_key_type() -> IdSchema {
    IdSchema::of_text(&crate::record_key::key_type::TEXT_SCHEMA)
}

/// The schema of a typed id: the prefix and separator (regex-escaped), then the inner text
/// (for a typed record key, the keys of its record key type), with the type's name, its format
/// and, when it has one, its `validate` check in the description. The example is the format's
/// behind the prefix, left out if the type refuses it.
///
/// Generic only to read the type's facts: the schema is built once for every typed id, out of
/// line ([`of_facts`]), from facts the compiler gathers into a constant, not in a copy per type.
#[inline]
pub(crate) fn of_typed<T: TypedId>() -> IdSchema {
    of_facts(const { &facts::<T>() })
}

/// What [`of_facts`] needs of a typed id: its constants, its inner text's schema, and whether it
/// accepts a text (the example), for a type with checks.
struct TypedFacts {
    type_name: &'static str,
    prefix: &'static str,
    separator: &'static str,
    has_validate: bool,
    key_type: &'static str,
    text: TextSchema,
    /// Whether the type parses a text: for a type with checks (a `validate` function, a record
    /// key type) only. Any other type parses its example, the format's behind the prefix, so
    /// it has no function here, and the schema adds no parser of the type to the program.
    accepts: Option<fn(&str) -> bool>,
}

/// `T`'s facts, at compile time.
const fn facts<T: TypedId>() -> TypedFacts {
    let checked = T::HAS_VALIDATE || !is_any(T::KEY_TYPE);
    TypedFacts {
        type_name: T::TYPE_NAME,
        prefix: T::PREFIX,
        separator: T::SEPARATOR,
        has_validate: T::HAS_VALIDATE,
        key_type: T::KEY_TYPE,
        text: T::TEXT.schema(),
        accepts: if checked {
            Some(accepts::<T> as fn(&str) -> bool)
        } else {
            None
        },
    }
}

/// Whether `key_type` is `any`, the record key type of every type but typed record keys.
const fn is_any(key_type: &str) -> bool {
    matches!(key_type.as_bytes(), b"any")
}

/// Whether `T` parses `text`: the one part of a typed id's schema that runs the type's code.
/// Out of line, as `parse` reads a text it refuses: speed does not matter here, and `parse`
/// inlined would copy the format's parser into every typed id's schema.
fn accepts<T: TypedId>(text: &str) -> bool {
    crate::typed::support::parse_out_of_line::<T>(text).is_ok()
}

/// [`of_typed`] from the type's facts.
#[inline(never)]
fn of_facts(facts: &TypedFacts) -> IdSchema {
    let inner = inner_text(&facts.text, facts.key_type);
    let head = match facts.prefix {
        "" => String::new(),
        prefix => format!("{prefix}{}", facts.separator),
    };
    let mut description = match head.as_str() {
        "" => format!(
            "{}: {}",
            facts.type_name,
            lowercase_first(&inner.description)
        ),
        head => format!(
            "{}: `{head}` then {}",
            facts.type_name,
            lowercase_first(&inner.description)
        ),
    };
    if facts.has_validate {
        description.push_str(" The type's `validate` check may refuse ids that match the pattern.");
    }
    let example = format!("{head}{}", inner.example);
    // Behind a prefix, the format's specification no longer describes the whole text; but a
    // typed UUID's text is a TypeID, prefix and all.
    let spec_url = match head.as_str() {
        "" => inner.spec_url,
        _ if covers_prefix(inner.spec_url) => inner.spec_url,
        _ => None,
    };
    IdSchema {
        pattern: format!("^{}{}$", escape(&head), inner.pattern),
        min_len: head.len() + inner.min_len,
        max_len: head.len() + inner.max_len,
        description,
        example: match facts.accepts {
            Some(accepts) if !accepts(&example) => None,
            _ => Some(example),
        },
        spec_url,
    }
}

/// Whether the specification at `spec_url` defines a prefix in front of the text: the TypeID
/// specification's does (a typed UUID's prefix is a TypeID prefix).
fn covers_prefix(spec_url: Option<&str>) -> bool {
    #[cfg(feature = "uuid")]
    if spec_url == Some(crate::uuids::typeid::SPEC_URL) {
        return true;
    }
    let _ = spec_url;
    false
}

/// A typed id's inner text: its format's, or the keys of its record key type.
struct InnerText {
    pattern: Cow<'static, str>,
    min_len: usize,
    max_len: usize,
    description: Cow<'static, str>,
    example: Cow<'static, str>,
    spec_url: Option<&'static str>,
}

impl From<&TextSchema> for InnerText {
    fn from(text: &TextSchema) -> InnerText {
        InnerText {
            pattern: Cow::Borrowed(text.pattern),
            min_len: text.min_len,
            max_len: text.max_len,
            description: Cow::Borrowed(text.description),
            example: Cow::Borrowed(text.example),
            spec_url: text.spec_url,
        }
    }
}

fn inner_text(text: &TextSchema, key_type: &str) -> InnerText {
    let format = InnerText::from(text);
    // Only typed record keys have a key type other than `any` (the derive checks it, and the
    // string it writes); any other string leaves the format's text.
    let key_type = match key_type {
        "any" => return format,
        key_type => match RecordKeyType::parse(key_type) {
            Ok(key_type) => key_type,
            Err(_) => return format,
        },
    };
    let of_type = |text: &TextSchema| InnerText {
        description: Cow::Owned(format!(
            "an atproto record key of type `{key_type}`, that is {}",
            lowercase_first(text.description)
        )),
        // A record key of any type is a record key, specified as one.
        spec_url: crate::record_key::syntax::TEXT_SCHEMA.spec_url,
        ..InnerText::from(text)
    };
    match &key_type {
        RecordKeyType::Tid => of_type(&crate::tid::text::TEXT_SCHEMA),
        RecordKeyType::Nsid => of_type(&crate::record_key::nsid::TEXT_SCHEMA),
        RecordKeyType::Literal(key) => InnerText {
            pattern: Cow::Owned(escape(key.as_str())),
            min_len: key.len(),
            max_len: key.len(),
            description: Cow::Owned(format!(
                "an atproto record key of type `{key_type}`: exactly `{key}`."
            )),
            example: Cow::Owned(key.as_str().to_string()),
            spec_url: crate::record_key::syntax::TEXT_SCHEMA.spec_url,
        },
        // `any`, and types a later release may add: every record key.
        _ => format,
    }
}

/// `text` as a regular expression that matches exactly it: ECMA-262's syntax characters
/// escaped, nothing else (an escaped `-` or `~` is an error under ECMA-262's `u` flag, which
/// JSON Schema validators use).
fn escape(text: &str) -> String {
    let mut escaped = String::with_capacity(text.len());
    for c in text.chars() {
        if "^$\\.*+?()[]{}|".contains(c) {
            escaped.push('\\');
        }
        escaped.push(c);
    }
    escaped
}

/// `An atproto TID` as `an atproto TID`, for a description after a colon.
fn lowercase_first(text: &str) -> Cow<'_, str> {
    match text.as_bytes().first() {
        Some(first)
            if first.is_ascii_uppercase()
                && !text[1..].starts_with(|c: char| c.is_ascii_uppercase()) =>
        {
            let mut lowered = text.to_string();
            lowered[..1].make_ascii_lowercase();
            Cow::Owned(lowered)
        }
        _ => Cow::Borrowed(text),
    }
}

#[cfg(test)]
mod tests {
    use super::{escape, lowercase_first};

    #[test]
    fn escapes_only_the_syntax_characters() {
        assert_eq!(escape("post_"), "post_");
        assert_eq!(escape("a.b"), "a\\.b");
        assert_eq!(escape("::-~!#"), "::-~!#");
        assert_eq!(escape("$^|()"), "\\$\\^\\|\\(\\)");
    }

    #[test]
    fn lowers_the_article_not_an_acronym() {
        assert_eq!(lowercase_first("An atproto TID"), "an atproto TID");
        assert_eq!(lowercase_first("A uid11"), "a uid11");
        assert_eq!(lowercase_first("NSID"), "NSID");
    }
}
