//! What a format's text looks like, in the terms of JSON Schema and OpenAPI: a pattern, the
//! lengths, a description and an example, and where it is specified. Each format states its
//! own beside its parser (`tid::TEXT_SCHEMA`, `uid11::xid::TEXT_SCHEMA`, ...); the schema
//! integrations (`integrations/schema/schemars.rs`, `integrations/schema/utoipa.rs`) and the
//! GraphQL scalars (`integrations/async_graphql/`) only translate it, and
//! `integrations/schema/id_schema.rs` adds a typed id's prefix and checks.

/// The text of a format, as a schema states it.
///
/// The pattern is held to what both regular expression dialects that read it share: ECMA-262
/// (JSON Schema validators, browsers) and Rust's `regex` (the tests): character classes,
/// counted repetition, non-capturing groups; no lookaround, no backreferences, no escapes
/// other than of ECMA-262's syntax characters.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(
    not(any(
        feature = "schemars",
        feature = "utoipa",
        feature = "utoipa6",
        feature = "async-graphql"
    )),
    allow(
        dead_code,
        reason = "read by the schema integrations and the GraphQL scalars only"
    )
)]
pub struct TextSchema {
    /// A regular expression matching exactly the texts `FromStr` accepts (with the lengths
    /// below), without anchors and safe to put in a sequence: any top-level alternation is
    /// inside a non-capturing group.
    pub(crate) pattern: &'static str,
    /// The length of the shortest text, in characters (every format's text is ASCII).
    pub(crate) min_len: usize,
    /// The length of the longest text `FromStr` accepts (a `TimeId`'s dashed form).
    pub(crate) max_len: usize,
    /// What the text is, in a sentence naming the format.
    pub(crate) description: &'static str,
    /// A text that parses.
    pub(crate) example: &'static str,
    /// What the text is, in a few words after "a string of" (`13 base32-sortable
    /// characters`): what serde's messages expect.
    #[cfg_attr(
        not(feature = "serde"),
        allow(dead_code, reason = "serde's messages read it")
    )]
    pub(crate) words: &'static str,
    /// The address of the text's specification, where one exists (atproto's, the IETF draft's,
    /// the reference implementation's README where that is the definition): what a GraphQL
    /// scalar's `@specifiedBy` gives.
    pub(crate) spec_url: Option<&'static str>,
}
