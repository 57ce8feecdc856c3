//! OpenAPI (utoipa 5 with `utoipa`, 6 with `utoipa6`, the same impls for each): the schema of
//! a [`Problem`](super::Problem)'s body, and the responses of the extractors' rejections, [`InvalidParams`]
//! and [`InvalidBody`], for `#[utoipa::path(responses(...))]`.

/// The responses of [`Path`](super::Path) and [`Query`](super::Query) for OpenAPI: 400, a
/// [`Problem`](super::Problem) (`application/problem+json`). List it in `#[utoipa::path(responses(...))]`, and
/// `Problem` in the document's `components(schemas(...))`, which the responses refer to
/// (utoipa collects no schema from such a type).
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "utoipa")] {
/// use utoipa::IntoResponses;
///
/// let responses = idtypes::axum::InvalidParams::responses();
/// assert_eq!(responses.keys().collect::<Vec<_>>(), ["400"]);
/// # }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct InvalidParams;

/// The responses of [`Json`](super::Json) for OpenAPI: 400 (not JSON), 415 (no JSON content
/// type) and 422 (JSON, but not the type: an id refused, with its JSON pointer), each a
/// [`Problem`](super::Problem). List it as [`InvalidParams`] is.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "utoipa")] {
/// use utoipa::IntoResponses;
///
/// let responses = idtypes::axum::InvalidBody::responses();
/// assert_eq!(responses.keys().collect::<Vec<_>>(), ["400", "415", "422"]);
/// # }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct InvalidBody;

/// The schema's name, under `components/schemas`.
const NAME: &str = "Problem";

/// What each status of the rejections means, for the responses' descriptions.
const PARAMS_400: &str = "A path or query parameter does not parse: for an id, the invalid-id \
    problem (`kind` and `position` say what is wrong where), for anything else `about:blank`; \
    `parameter` names it";
const BODY_400: &str = "The body is not JSON";
const BODY_415: &str = "The request does not say `Content-Type: application/json`";
const BODY_422: &str = "The body is JSON but not what the route takes: for an id, the \
    invalid-id problem (`kind` and `position` say what is wrong where), for anything else \
    (a missing field) `about:blank`; `pointer` says where";

macro_rules! utoipa_impls {
    ($utoipa:ident) => {
        use std::borrow::Cow;
        use std::collections::BTreeMap;
        use std::string::String;
        use std::vec::Vec;

        use $utoipa::{
            IntoResponses, PartialSchema, ToSchema,
            openapi::{
                ContentBuilder, Ref, RefOr, ResponseBuilder, ResponsesBuilder,
                response::Response,
                schema::{ObjectBuilder, Schema, SchemaFormat, Type},
            },
        };

        use super::{BODY_400, BODY_415, BODY_422, InvalidBody, InvalidParams, NAME, PARAMS_400};
        use crate::axum::{INVALID_ID, Problem};
        use crate::integrations::axum::problem::{INPUT_KINDS, kind_name};

        fn string(description: &str) -> ObjectBuilder {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .description(Some(description))
        }

        impl PartialSchema for Problem {
            /// An object of RFC 9457's members (`type`, `title`, `status`, `detail`) and this
            /// crate's (`in`, `parameter`, `pointer`, `kind`, `position`).
            fn schema() -> RefOr<Schema> {
                let kinds: Vec<&str> = INPUT_KINDS.iter().map(|kind| kind_name(*kind)).collect();
                ObjectBuilder::new()
                    .description(Some(
                        "An RFC 9457 problem details object (`application/problem+json`).",
                    ))
                    .property(
                        "type",
                        string(&std::format!(
                            "The problem type: `{INVALID_ID}` for an id refused, \
                             `about:blank` for any other failure"
                        ))
                        .format(Some(SchemaFormat::Custom(String::from("uri-reference"))))
                        .examples([INVALID_ID]),
                    )
                    .required("type")
                    .property(
                        "title",
                        string("`Invalid id` for an id refused, else the status's reason phrase")
                            .examples(["Invalid id"]),
                    )
                    .required("title")
                    .property(
                        "status",
                        ObjectBuilder::new()
                            .schema_type(Type::Integer)
                            .description(Some("The HTTP status"))
                            .minimum(Some(400))
                            .maximum(Some(599))
                            .examples([400]),
                    )
                    .required("status")
                    .property(
                        "detail",
                        string("What is wrong: for an id, the id's own message").examples([
                            "invalid PostId: expected the prefix `post_`, found `user_`",
                        ]),
                    )
                    .required("detail")
                    .property(
                        "in",
                        string("The part of the request where the problem is")
                            .enum_values(Some(["path", "query", "body"])),
                    )
                    .property(
                        "parameter",
                        string("The path or query parameter (with `in`: `path` or `query`)")
                            .examples(["id"]),
                    )
                    .property(
                        "pointer",
                        string(
                            "The JSON pointer of the body's value, as a URI fragment \
                             (with `in`: `body`)",
                        )
                        .examples(["#/author"]),
                    )
                    .property(
                        "kind",
                        string("For an id refused: the kind of mistake").enum_values(Some(kinds)),
                    )
                    .property(
                        "position",
                        ObjectBuilder::new()
                            .schema_type(Type::Integer)
                            .description(Some(
                                "For an id refused, when the mistake is at one character: \
                                 its byte offset from 0 in the id's text (UTF-8), a typed \
                                 id's prefix included, as the `detail`'s `at byte N` (not \
                                 a count of characters from 1, as SQL errors give)",
                            ))
                            .minimum(Some(0)),
                    )
                    .into()
            }
        }

        impl ToSchema for Problem {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(NAME)
            }
        }

        /// A response of `description` whose body is a `Problem`, by reference.
        fn problem_response(description: &str) -> ResponseBuilder {
            ResponseBuilder::new().description(description).content(
                "application/problem+json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name(NAME)))
                    .build(),
            )
        }

        impl IntoResponses for InvalidParams {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                ResponsesBuilder::new()
                    .response("400", problem_response(PARAMS_400))
                    .build()
                    .into()
            }
        }

        impl IntoResponses for InvalidBody {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                ResponsesBuilder::new()
                    .response("400", problem_response(BODY_400))
                    .response("415", problem_response(BODY_415))
                    .response("422", problem_response(BODY_422))
                    .build()
                    .into()
            }
        }
    };
}

/// utoipa 5 (feature `utoipa`).
#[cfg(feature = "utoipa")]
mod v5 {
    utoipa_impls!(utoipa);
}

/// utoipa 6 (feature `utoipa6`).
#[cfg(feature = "utoipa6")]
mod v6 {
    utoipa_impls!(utoipa6);
}
