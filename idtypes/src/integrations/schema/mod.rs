//! JSON Schema (schemars) and OpenAPI (utoipa): both translate what `id_schema` says of a
//! type's text (its pattern, lengths, description and example). The GraphQL scalars
//! (`integrations/async_graphql/`) read its description and specification's address.

#[cfg(feature = "uuid")]
pub(crate) mod dyn_type_id;
pub(crate) mod id_schema;
#[cfg(feature = "schemars")]
pub(crate) mod schemars;
#[cfg(any(feature = "utoipa", feature = "utoipa6"))]
pub(crate) mod utoipa;
