//! async-graphql 7: every id type and every typed id is a GraphQL scalar.
//!
//! With the `async-graphql` feature, a resolver takes and returns ids as they are: an
//! argument of type `PostId` is the scalar `PostId` in the schema, its value the id's text
//! (`"post_3jzfcijpj2z2a"`), read by the type's own parser, and a text that is not a `PostId`
//! is refused before the resolver runs, with the id's own message:
//!
//! ```text
//! Failed to parse "PostId": invalid PostId: expected the prefix `post_`, found `user_`
//! ```
//!
//! The schema describes each scalar as its JSON Schema does, and names its specification
//! where one exists: introspection's `specifiedByURL`, and `@specifiedBy` in the SDL, which
//! async-graphql writes when asked
//! (`schema.sdl_with_options(SDLExportOptions::new().include_specified_by())`):
//!
//! ```graphql
//! """
//! An atproto TID (timestamp identifier): 13 characters of the base32-sortable alphabet …
//! """
//! scalar Tid @specifiedBy(url: "https://atproto.com/specs/tid")
//!
//! """
//! PostId: `post_` then an atproto TID (timestamp identifier): 13 characters of …
//! """
//! scalar PostId
//! ```
//!
#![cfg_attr(feature = "derive", doc = "```")]
#![cfg_attr(not(feature = "derive"), doc = "```ignore")]
//! use async_graphql::{EmptySubscription, Object, SDLExportOptions, Schema, SimpleObject, Variables};
//! use idtypes::Tid;
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "user")]
//! pub struct UserId(Tid);
//!
//! #[derive(SimpleObject)]
//! struct Post {
//!     id: PostId,
//!     author: UserId,
//!     /// The record's revision: a plain TID.
//!     rev: Tid,
//! }
//!
//! struct Query;
//!
//! #[Object]
//! impl Query {
//!     async fn post(&self, id: PostId) -> Post {
//!         Post { id, author: "user_3jzfcijpj2z2a".parse().unwrap(), rev: Tid::from_u64(1) }
//!     }
//! }
//!
//! struct Mutation;
//!
//! #[Object]
//! impl Mutation {
//!     async fn delete_post(&self, id: PostId) -> PostId {
//!         id
//!     }
//! }
//!
//! let schema = Schema::new(Query, Mutation, EmptySubscription);
//! let sdl = schema.sdl();
//! assert!(sdl.contains("post(id: PostId!): Post!"));
//! assert!(sdl.contains("scalar PostId\n"));
//! let sdl = schema.sdl_with_options(SDLExportOptions::new().include_specified_by());
//! assert!(sdl.contains(r#"scalar Tid @specifiedBy(url: "https://atproto.com/specs/tid")"#));
//!
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! let query = r#"query ($id: PostId!) { post(id: $id) { id author } }"#;
//! let variables = Variables::from_json(serde_json::json!({ "id": "post_3jzfcijpj2z2a" }));
//! let response = schema.execute(async_graphql::Request::new(query).variables(variables)).await;
//! assert_eq!(
//!     response.data.into_json().unwrap(),
//!     serde_json::json!({ "post": { "id": "post_3jzfcijpj2z2a", "author": "user_3jzfcijpj2z2a" } })
//! );
//!
//! // A user's id where a post's belongs: refused, with the id's message.
//! let response = schema.execute(r#"mutation { deletePost(id: "user_3jzfcijpj2z2a") }"#).await;
//! let error = &response.errors[0];
//! assert_eq!(
//!     error.message,
//!     "Failed to parse \"PostId\": invalid PostId: expected the prefix `post_`, found `user_`"
//! );
//! let extensions = error.extensions.as_ref().unwrap();
//! assert_eq!(extensions.get("kind"), Some(&"prefix".into()));
//! assert_eq!(extensions.get("position"), Some(&0.into()));
//! # });
//! ```
//!
//! # The scalars
//!
//! | type | scalar | `@specifiedBy` |
//! |---|---|---|
//! | [`Tid`](struct@crate::Tid) | `Tid` | <https://atproto.com/specs/tid> |
//! | [`RecordKey`](struct@crate::RecordKey) | `RecordKey` | <https://atproto.com/specs/record-key> |
//! | [`TimeId`](struct@crate::TimeId) | `TimeId` | <https://datatracker.ietf.org/doc/draft-goldman-tid/> |
//! | [`Uid11`](struct@crate::Uid11), [`Uid11Xid`](struct@crate::Uid11Xid), [`Snowish`](struct@crate::Snowish), [`TsSeqRand`](struct@crate::TsSeqRand), [`FullRand`](struct@crate::FullRand) | `Uid11`, `Uid11Xid`, `Snowish`, `TsSeqRand`, `FullRand` | <https://github.com/gurki/uid11/blob/master/SPECIFICATION.md> |
//! | [`Ulid`](struct@crate::Ulid) | `Ulid` | <https://github.com/ulid/spec> |
//! | [`Ksuid`](struct@crate::Ksuid) | `Ksuid` | <https://github.com/segmentio/ksuid> |
//! | [`RsXid`](struct@crate::RsXid) | `RsXid` | <https://github.com/rs/xid> |
//! | [`ObjectId`](struct@crate::ObjectId) | `ObjectId` | <https://github.com/mongodb/specifications/blob/master/source/bson-objectid/objectid.md> |
//! | [`Sonyflake`](struct@crate::Sonyflake) | `Sonyflake` | <https://github.com/sony/sonyflake> |
//! | [`Cuid2`](struct@crate::Cuid2) | `Cuid2` | <https://github.com/paralleldrive/cuid2> |
//! | [`NanoId<A, LEN>`](struct@crate::NanoId) | one per type: `NanoId` (the default, 21 URL-safe symbols), `NanoIdLowercase16`, … | <https://github.com/ai/nanoid> |
//! | [`Snowflake`](struct@crate::Snowflake) | `Snowflake` | none (Twitter's layout, taken by others with epochs of their own) |
//! | [`Tbsl`](struct@crate::Tbsl) | `Tbsl` | none (its specification is a file of its package) |
//! | [`DynTypeId`](crate::uuids::DynTypeId) (`uuid`) | `DynTypeId` | <https://github.com/jetify-com/typeid/blob/main/spec/README.md> |
//! | a typed id (`derive`) | its Rust name: `PostId` | its format's when it has no prefix; a typed UUID's, a TypeID, always the TypeID specification's (a hyphenated one without a prefix: RFC 9562's) |
//!
//! Each is described by the description of its JSON Schema (a typed id's names the type, its
//! prefix and format, and says so if its `validate` check may refuse more). The names are
//! the types' names: a schema must not have two typed ids of one name (from two modules),
//! nor a typed id named like a format (`struct Tid(idtypes::Tid)`), as it must not have two
//! GraphQL types of one name; async-graphql keeps the first scalar it meets under a name.
//!
//! # Input: strings, read strictly
//!
//! A scalar's input is a string: in the query (`post(id: "post_3jzfcijpj2z2a")`) or in the
//! variables (`{"id": "post_3jzfcijpj2z2a"}`). It is parsed as `FromStr` parses it, but a
//! typed id runs its checks (its `validate` function, a record key type) as its
//! [`deserialize`](crate::TypedId::DESERIALIZE) policy says: a GraphQL argument is input from
//! outside, as a deserialized document is, and the axum extractors read it alike. What is
//! refused, and how:
//!
//! | input | refused | error |
//! |---|---|---|
//! | a string that is not an id of the type | when the argument is read, before the resolver runs | `Failed to parse "PostId": ` then the id's message ([`Error`](crate::Error)'s `Display`: what was expected, what was found, where), with the extensions `kind` (the [`ErrorKind`](crate::ErrorKind) in snake case, as the axum problem details name it) and `position` (its byte in the text, where it has one) |
//! | a value of another type, in the query (`post(id: 42)`) or the variables (`{"id": 42}`), or `null` | by validation, before anything runs | async-graphql's: `Invalid value for argument "id", expected type "PostId"` |
//!
//! A number is refused even where the id is a number's text ([`Snowflake`](struct@crate::Snowflake)):
//! the scalar's value is the text, as Twitter's and Discord's APIs send Snowflakes, since a
//! JSON number past 2^53 loses digits in JavaScript. ([`AsId`] takes an integer, as `ID` does.)
//!
//! Output is the id's text, as `Display` writes it (a [`TimeId`](struct@crate::TimeId)'s
//! without dashes; a typed id's with its prefix).
//!
//! # Where a schema says `ID`
//!
//! A schema that types its ids `ID` (Relay's `node(id: ID!)`, an API that moves onto typed ids
//! without changing what its clients see) keeps `ID` and still gets typed ids in the
//! resolvers, in either of two ways:
//!
//! - [`AsId<PostId>`](AsId) as the argument's or the field's type: `ID!` in the schema, a
//!   `PostId` read (and refused) as the `PostId` scalar reads it, and written as its text.
//!   Relay's `node(id: ID!)` over typed UUIDs takes an
//!   [`AsId<DynTypeId>`](crate::uuids::DynTypeId): any TypeID, whose prefix says which type
//!   to fetch.
//! - `async_graphql::ID` as the type, converted in the resolver: every id converts to an
//!   `ID` (`ID::from(id)`, its text, as anything with `Display` does), and every id type and
//!   typed id back with `TryFrom<ID>` (`PostId::try_from(id)?`), whose error is the id's own
//!   [`Error`](crate::Error), which `?` turns into a GraphQL error with its message.
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use async_graphql::ID;
//! use idtypes::Tid;
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! let post: PostId = "post_3jzfcijpj2z2a".parse()?;
//! let id = ID::from(&post);
//! assert_eq!(id.as_str(), "post_3jzfcijpj2z2a");
//! assert_eq!(PostId::try_from(id)?, post);
//!
//! let err = PostId::try_from(ID::from("user_3jzfcijpj2z2a")).unwrap_err();
//! assert_eq!(err.to_string(), "invalid PostId: expected the prefix `post_`, found `user_`");
//! # }
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! # UUIDs
//!
//! A typed UUID (`#[derive(idtypes::Uuid)]`) is a scalar of its own, like every typed id: its
//! text a TypeID (`user_01h455vb4pex5vsknk084sn02q`), or the hyphenated form it chose
//! (`#[idtype(text = "hyphenated")]`). A TypeID whose prefix is known only at run time is
//! [`DynTypeId`](crate::uuids::DynTypeId)'s scalar, `DynTypeId`. The `uuid` crate's `Uuid`
//! itself is another crate's type: its scalar is async-graphql's own (its `uuid` feature: the
//! scalar `UUID`, the hyphenated text), which this crate does not replace.
//!
//! # Versions
//!
//! async-graphql 7.0.16 or any later 7.x, with its `boxed-trait` feature or without. On a
//! recent Rust, Cargo takes the newest 7.x. On a Rust older than async-graphql 7.1's (1.89) it
//! takes the last 7.0.x that Rust builds (7.0.16 on 1.85; 7.0.17 needs 1.86), but not what
//! goes with it: async-graphql's other crates and `pest` declare no Rust version, and their
//! newest do not build with it. Pin them, as this repository's `Cargo.lock` does for 1.85:
//!
//! ```text
//! cargo update -p async-graphql-derive --precise 7.0.16
//! cargo update -p async-graphql-parser --precise 7.0.16
//! cargo update -p async-graphql-value --precise 7.0.16
//! cargo update -p pest --precise 2.8.6
//! ```

mod as_id;
mod formats;
mod nanoid;
pub(crate) mod scalar;
pub(crate) mod typed;

pub use as_id::AsId;
pub use scalar::ScalarId;
