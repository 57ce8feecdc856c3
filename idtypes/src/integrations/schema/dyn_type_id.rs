//! What both schema integrations (`schemars.rs`, `utoipa.rs`) and the GraphQL scalar say of a
//! [`DynTypeId`](crate::uuids::DynTypeId): a TypeID of any prefix, the empty one included. Its
//! pattern is the prefix's rule, optional with its separator, in front of the suffix of a typed
//! UUID id (`uuids::typeid::TEXT_SCHEMA`).

use alloc::{format, string::ToString};

use super::id_schema::IdSchema;
use crate::{
    text::schema::TextSchema,
    uuids::typeid::{self, MAX_PREFIX_LEN, MAX_TEXT_LEN, SUFFIX_LEN},
};

/// The name of its schema (`$defs/DynTypeId`, `components/schemas/DynTypeId`).
pub(crate) const NAME: &str = "DynTypeId";

/// Its schema's id in JSON Schema: its path.
#[cfg_attr(
    not(feature = "schemars"),
    allow(dead_code, reason = "read by the schemars impl only")
)]
pub(crate) const ID: &str = "idtypes::uuids::DynTypeId";

/// A `DynTypeId`'s text. The prefix group is a letter, or a letter, up to 61 letters and `_`,
/// and a letter (`MAX_PREFIX_LEN` is 63), then the separator; the suffix is a typed UUID's
/// (the tests check both against the constants). A `_` inside the prefix is fine, and the text
/// is split at its last `_`: a prefix group that matched would end with a letter, so no text
/// with a prefix ending in `_` (`a__01h4...`) matches.
const TEXT_SCHEMA: TextSchema = TextSchema {
    pattern: "(?:[a-z](?:[a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}",
    min_len: SUFFIX_LEN,
    max_len: MAX_TEXT_LEN,
    description: "A TypeID whose prefix is known only at run time: a prefix of 1 to 63 \
                  characters of `a`-`z` and `_`, starting and ending with a letter, and a `_`, \
                  then the UUID as 26 characters of lowercase Crockford base32 \
                  (`0123456789abcdefghjkmnpqrstvwxyz`), the first one `0` to `7`; or those 26 \
                  characters alone, for the empty prefix.",
    example: "user_01h455vb4pex5vsknk084sn02q",
    words: "a TypeID",
    spec_url: typeid::TEXT_SCHEMA.spec_url,
};

/// The schema of [`DynTypeId`](crate::uuids::DynTypeId)'s text, anchored.
pub(crate) fn of_dyn_type_id() -> IdSchema {
    // The prefix group's inner count, from the longest prefix: a letter at each end.
    const _: () = assert!(MAX_PREFIX_LEN - 2 == 61);
    debug_assert!(TEXT_SCHEMA.pattern.ends_with(typeid::TEXT_SCHEMA.pattern));
    IdSchema {
        pattern: format!("^{}$", TEXT_SCHEMA.pattern),
        min_len: TEXT_SCHEMA.min_len,
        max_len: TEXT_SCHEMA.max_len,
        description: TEXT_SCHEMA.description.to_string(),
        example: Some(TEXT_SCHEMA.example.to_string()),
        spec_url: TEXT_SCHEMA.spec_url,
    }
}

#[cfg(test)]
mod tests {
    use std::prelude::rust_2024::*;

    use regex::Regex;

    use super::{TEXT_SCHEMA, of_dyn_type_id};
    use crate::uuids::{DynTypeId, typeid};

    #[test]
    fn the_pattern_ends_with_the_typed_uuids_suffix_and_the_example_parses() {
        assert!(
            TEXT_SCHEMA
                .pattern
                .ends_with(&format!(")?{}", typeid::TEXT_SCHEMA.pattern))
        );
        let schema = of_dyn_type_id();
        let pattern = Regex::new(&schema.pattern).unwrap();
        let example = schema.example.unwrap();
        assert!(pattern.is_match(&example));
        assert_eq!(DynTypeId::parse(&example).unwrap().prefix(), "user");
        assert_eq!(
            (schema.min_len, schema.max_len),
            (26, DynTypeId::MAX_TEXT_LEN)
        );
    }

    #[test]
    fn the_pattern_takes_prefixes_up_to_the_longest() {
        let pattern = Regex::new(&of_dyn_type_id().pattern).unwrap();
        let suffix = typeid::TEXT_SCHEMA.example;
        for len in 0..=DynTypeId::MAX_PREFIX_LEN + 2 {
            for prefix in ["a".repeat(len), format!("a{}", "_".repeat(len))] {
                let text = match prefix.as_str() {
                    "" => suffix.to_owned(),
                    prefix => format!("{prefix}_{suffix}"),
                };
                assert_eq!(
                    pattern.is_match(&text),
                    DynTypeId::parse(&text).is_ok(),
                    "{text}"
                );
            }
        }
    }
}
