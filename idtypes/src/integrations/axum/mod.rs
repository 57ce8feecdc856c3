//! axum 0.8 extractors whose rejections are JSON: RFC 9457 problem details, saying which id
//! was refused, where, and why.
//!
//! [`Path`], [`Query`] and [`Json`] are axum's extractors of the same names in every way but
//! one: a request they cannot read gets a [`Problem`] (`Content-Type:
//! application/problem+json`) instead of axum's plain text (`Invalid URL: Cannot parse …`).
//! Swap the imports, and a `PostId` sent where a `UserId` belongs, in a path segment, a query
//! parameter or a field of the body, is answered alike, with the id's own message:
//!
//! ```json
//! {
//!   "type": "https://docs.rs/idtypes/latest/idtypes/axum/index.html#invalid-id",
//!   "title": "Invalid id",
//!   "status": 400,
//!   "detail": "invalid UserId: expected the prefix `user_`, found `post_`",
//!   "in": "query",
//!   "parameter": "author",
//!   "kind": "prefix",
//!   "position": 0
//! }
//! ```
//!
#![cfg_attr(feature = "derive", doc = "```")]
#![cfg_attr(not(feature = "derive"), doc = "```ignore")]
//! # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
//! use axum::{Router, body::Body, http::Request, routing::{get, post}};
//! use idtypes::{Tid, axum::{Json, Path, Query}};
//! use tower::ServiceExt;
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "user")]
//! pub struct UserId(Tid);
//!
//! #[derive(serde::Deserialize)]
//! struct Filter {
//!     author: Option<UserId>,
//! }
//!
//! #[derive(serde::Deserialize)]
//! struct NewPost {
//!     author: UserId,
//! }
//!
//! async fn get_post(Path(id): Path<PostId>) -> String {
//!     id.to_string()
//! }
//! async fn list_posts(Query(filter): Query<Filter>) -> String {
//!     filter.author.map(|author| author.to_string()).unwrap_or_default()
//! }
//! async fn create_post(Json(new): Json<NewPost>) -> String {
//!     new.author.to_string()
//! }
//!
//! let app = Router::new()
//!     .route("/posts", get(list_posts).post(create_post))
//!     .route("/posts/{id}", get(get_post));
//! let problem = |request: Request<Body>| {
//!     let app = app.clone();
//!     async move {
//!         let response = app.oneshot(request).await.unwrap();
//!         assert_eq!(response.headers()["content-type"], "application/problem+json");
//!         let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
//!         serde_json::from_slice::<serde_json::Value>(&body).unwrap()
//!     }
//! };
//!
//! let path = problem(Request::get("/posts/user_3jzfcijpj2z2a").body(Body::empty()).unwrap()).await;
//! assert_eq!(path["status"], 400);
//! assert_eq!(path["detail"], "invalid PostId: expected the prefix `post_`, found `user_`");
//! assert_eq!((&path["in"], &path["parameter"]), (&"path".into(), &"id".into()));
//!
//! let query = problem(Request::get("/posts?author=user_3jzfc").body(Body::empty()).unwrap()).await;
//! assert_eq!(query["status"], 400);
//! assert_eq!(query["detail"], "invalid UserId: expected 18 bytes (`user_` and the atproto TID), found 10 bytes");
//! assert_eq!(query["kind"], "length");
//!
//! let body = problem(
//!     Request::post("/posts")
//!         .header("content-type", "application/json")
//!         .body(Body::from(r#"{"author": "user_3jzfcijpj2z2A"}"#))
//!         .unwrap(),
//! )
//! .await;
//! assert_eq!(body["status"], 422);
//! assert_eq!(body["pointer"], "#/author");
//! assert_eq!(body["position"], 17);
//! # });
//! ```
//!
//! # Statuses
//!
//! The statuses are axum's, for ids and everything else alike:
//!
//! | extractor | failure | status |
//! |---|---|---|
//! | [`Path`] | a parameter does not parse (an id, a number, invalid UTF-8) | 400 |
//! | [`Path`] | the route's parameters do not fit `T` (too many, too few): the code's mistake | 500 |
//! | [`Query`] | a parameter does not parse, or is missing | 400 |
//! | [`Json`] | JSON, but not a `T` (an id refused, a missing field, a number for a string) | 422 |
//! | [`Json`] | not JSON (syntax, or the end of the body too early) | 400 |
//! | [`Json`] | no `Content-Type: application/json` (or `application/…+json`) | 415 |
//! | [`Json`] | the body is larger than the route's limit (axum's `DefaultBodyLimit`) | 413 |
//!
//! # Invalid id
//!
//! An id refused (any id type of this crate, a typed id, a record key, `DynTypeId`, as the
//! whole value or inside one) is a problem of type [`INVALID_ID`]
//! (`https://docs.rs/idtypes/latest/idtypes/axum/index.html#invalid-id`, this section). Its
//! members:
//!
//! | member | value |
//! |---|---|
//! | `type` | [`INVALID_ID`] |
//! | `title` | `Invalid id` |
//! | `status` | 400 in the path and the query, 422 in the body |
//! | `detail` | the id's message, as its [`Error`](crate::Error) says it: `invalid PostId: …`, `invalid atproto TID: …` |
//! | `in` | `path`, `query` or `body` |
//! | `parameter` | for `path` and `query`: the parameter's name |
//! | `pointer` | for `body`: the value's JSON pointer as a URI fragment, as RFC 9457's examples write it: `#/author`, `#/posts/0/id`, `#` for the whole body |
//! | `kind` | what is wrong, the [`ErrorKind`](crate::ErrorKind) in snake case: `prefix`, `separator`, `length`, `character`, `overflow`, `syntax`, `reserved`, `mismatch`, `validation` (a typed id's `validate` refused it), `out_of_range` |
//! | `position` | when one character is to blame: its offset in the id's text in bytes of UTF-8, from 0, a typed id's prefix included ([`Error::position`](crate::Error::position)); the same number the `detail` says (`at byte 17`: the 18th byte). Not a count of characters from 1, as the errors of the [SQL functions](crate::sql) on PostgreSQL and MySQL give |
//!
//! The id's text is the parameter after percent-decoding, or the JSON string after its
//! escapes. [`Problem::id_error`] gives a handler (or a test) the [`Error`](crate::Error)
//! itself.
//!
//! Every other failure is of type `about:blank`, whose `title` is the status's reason phrase
//! ("Bad Request"), with axum's, serde_json's or the query parser's message as `detail` and, as
//! far as it is known, `in` and `parameter` or `pointer`. serde_json's " at line 1 column 20"
//! is left out of a `detail` that has a `pointer`; text that is not JSON keeps it.
//!
//! # A handler's own errors
//!
//! A handler that returns `Result<_, Problem>` answers every error in this one shape, with no
//! glue:
//!
//! - **[`Problem::new`]**: a failure of its own, with the status and the `detail` it chooses
//!   (404 "no post …").
//! - **`?` on an [`Error`](crate::Error)**: `From<idtypes::Error>` gives each kind its
//!   status:
//!   - an id refused is the invalid-id problem (400, without `in`);
//!   - a generator that cannot make an id now (no lease, a lease store down, a clock gone
//!     back or outrun) is 503, "no id can be made now; try again shortly";
//!   - `Exhausted` and `Forked` are 500.
//! - **[`Problem::internal`]**: any other error (a database's, a client's) as a 500, "the
//!   server failed to handle the request": `insert(&row).await.map_err(Problem::internal)?`.
//!
//! The 500s and 503s keep their cause out of the body: a lease's reason, a foreign key's
//! name, a connection string. The cause is logged as the problem is answered, a `tracing`
//! event of target `idtypes::axum` (`ERROR` for a 500, `WARN` for a 503). It is also given
//! by [`Problem::cause`] and `source()`.
//!
//! ```
//! use axum::http::StatusCode;
//! use idtypes::{Tid, axum::Problem};
//!
//! fn lookup(text: &str) -> Result<String, Problem> {
//!     let tid = Tid::parse(text)?;                                  // 400 when refused
//!     let found: Result<Option<String>, std::io::Error> = Ok(None); // a database's answer
//!     found
//!         .map_err(Problem::internal)?                                // 500, cause logged
//!         .ok_or_else(|| Problem::new(StatusCode::NOT_FOUND, format!("no post {tid}")))
//! }
//!
//! assert_eq!(lookup("3jzfcijpj2z2a").unwrap_err().status(), StatusCode::NOT_FOUND);
//! assert_eq!(lookup("3jzfc").unwrap_err().status(), StatusCode::BAD_REQUEST);
//! ```
//!
//! # OpenAPI
//!
//! With the `utoipa` (utoipa 5) or `utoipa6` feature, [`Problem`] is a `ToSchema` (named
//! `Problem`), and [`InvalidParams`] (400) and [`InvalidBody`] (400, 415, 422) are
//! `IntoResponses`, to list in a route's `responses(...)`. Their responses refer to
//! `#/components/schemas/Problem`, which utoipa does not collect from them: list `Problem` in
//! the document's `components(schemas(...))`.
//!
#![cfg_attr(all(feature = "derive", feature = "utoipa"), doc = "```")]
#![cfg_attr(not(all(feature = "derive", feature = "utoipa")), doc = "```ignore")]
//! use idtypes::{Tid, axum::{InvalidParams, Path, Problem}};
//! use utoipa::OpenApi;
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! #[utoipa::path(get, path = "/posts/{id}",
//!     params(("id" = PostId, Path, description = "The post's id")),
//!     responses((status = 200, description = "The post"), InvalidParams))]
//! async fn get_post(Path(id): Path<PostId>) -> String {
//!     id.to_string()
//! }
//!
//! #[derive(OpenApi)]
//! #[openapi(paths(get_post), components(schemas(Problem)))]
//! struct ApiDoc;
//!
//! let doc = serde_json::to_value(ApiDoc::openapi())?;
//! let bad_request = &doc["paths"]["/posts/{id}"]["get"]["responses"]["400"];
//! assert_eq!(
//!     bad_request["content"]["application/problem+json"]["schema"]["$ref"],
//!     "#/components/schemas/Problem"
//! );
//! assert_eq!(doc["components"]["schemas"]["Problem"]["required"][3], "detail");
//! # Ok::<(), serde_json::Error>(())
//! ```

// Design notes, for maintainers
// =============================
//
// Drop-in: each extractor reads exactly what axum's reads (`Path` is axum's, with its
// rejection mapped; `Query` and `Json` are axum's code again, a few lines each, so that they
// keep serde_path_to_error's path for the `parameter` and `pointer` members, which axum's
// rejections carry only as text). Only the rejection differs.
//
// The id's error whole: serde passes the error of an id's `Deserialize` on as a message, so
// `captured` keeps the last one refused on each thread and the rejection takes it back when
// the message matches (see that file). Without it the problem could say the message, but not
// its kind and position.
//
// The body is written by hand (`body`), member by member, in RFC 9457's order; serde_json
// would sort the members (without its `preserve_order` feature) and needs a type per shape.

pub(crate) mod body;
pub(crate) mod captured;
mod cause;
mod json;
#[cfg(any(feature = "utoipa", feature = "utoipa6"))]
mod openapi;
mod path;
pub(crate) mod problem;
mod query;

pub use json::Json;
#[cfg(any(feature = "utoipa", feature = "utoipa6"))]
pub use openapi::{InvalidBody, InvalidParams};
pub use path::Path;
pub use problem::{INVALID_ID, Location, Problem};
pub use query::Query;
