//! [`Problem`]: the rejection of every extractor of this module, an RFC 9457 problem details
//! response, and [`Location`], where in the request it was found.

use std::boxed::Box;
use std::fmt;
use std::string::{String, ToString};

use axum::{
    http::{HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};

use super::{body, captured, cause::Cause};
use crate::{Error, ErrorKind};

/// The problem type of an id refused: its `type` member. It names the
/// [invalid-id section](crate::axum#invalid-id) of these docs, which defines its members.
///
/// # Examples
///
/// ```
/// assert!(idtypes::axum::INVALID_ID.ends_with("/idtypes/axum/index.html#invalid-id"));
/// ```
pub const INVALID_ID: &str = "https://docs.rs/idtypes/latest/idtypes/axum/index.html#invalid-id";

/// The problem type of every other failure: RFC 9457's `about:blank`, which adds nothing to
/// the status, and whose title is the status's reason phrase.
const ABOUT_BLANK: &str = "about:blank";

/// The `title` of [`INVALID_ID`]: the same for every occurrence, as RFC 9457 asks.
const INVALID_ID_TITLE: &str = "Invalid id";

/// An RFC 9457 problem details response (`application/problem+json`): what [`Path`](super::Path),
/// [`Query`](super::Query) and [`Json`](super::Json) answer a request they cannot read with.
///
/// An id refused is the [`INVALID_ID`] problem: its `detail` is the id's own message
/// (`invalid PostId: …`), with where it was ([`Location`]), the error's kind and the position
/// in the id's text (a byte offset from 0, as [`Error::position`]) as members of their own
/// (see the [module docs](crate::axum#invalid-id)).
/// Any other failure (bad JSON, a missing field, a number that does not parse, no JSON content
/// type) is `about:blank` with axum's status and the reason as `detail`.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use idtypes::{Tid, axum::Query};
///
/// #[derive(Tid)]
/// #[idtype(prefix = "user")]
/// pub struct UserId(Tid);
///
/// #[derive(Debug, serde::Deserialize)]
/// struct Filter {
///     author: Option<UserId>,
/// }
///
/// let uri = "/posts?author=post_3jzfcijpj2z2a".parse().unwrap();
/// let problem = Query::<Filter>::try_from_uri(&uri).unwrap_err();
/// assert_eq!(problem.status(), 400);
/// assert_eq!(problem.problem_type(), idtypes::axum::INVALID_ID);
/// assert_eq!(problem.detail(), "invalid UserId: expected the prefix `user_`, found `post_`");
/// assert_eq!(problem.location(), Some(&idtypes::axum::Location::Query("author".into())));
/// assert_eq!(problem.id_error().unwrap().kind(), idtypes::ErrorKind::Prefix);
/// assert_eq!(
///     problem.to_json(),
///     r#"{"type":"https://docs.rs/idtypes/latest/idtypes/axum/index.html#invalid-id","#.to_owned()
///         + r#""title":"Invalid id","status":400,"#
///         + r#""detail":"invalid UserId: expected the prefix `user_`, found `post_`","#
///         + r#""in":"query","parameter":"author","kind":"prefix","position":0}"#
/// );
/// # }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem(Box<Parts>);

/// What a [`Problem`] holds, behind a box: a rejection is rare, and a small `Result` is what
/// every extraction returns.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Parts {
    status: StatusCode,
    detail: String,
    location: Option<Location>,
    /// The id's error, for the [`INVALID_ID`] problem.
    error: Option<Error>,
    /// What a server error answers in general words and logs whole (see `cause.rs`).
    cause: Option<Cause>,
}

/// Where in the request a [`Problem`] was found: its `in` member and the `parameter` or
/// `pointer` member.
///
/// # Examples
///
/// ```
/// use idtypes::axum::Location;
///
/// let location = Location::Body("#/author".to_owned());
/// assert_eq!(location.part(), "body");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Location {
    /// A path parameter, by its name in the route (`/posts/{id}`: `id`).
    Path(String),
    /// A query parameter, by name.
    Query(String),
    /// A value of the JSON body, by its JSON pointer (RFC 6901) as a URI fragment, as RFC
    /// 9457's examples write it: `#/author`, `#/posts/0/id`, `#` for the whole body.
    Body(String),
}

impl Location {
    /// The part of the request: `"path"`, `"query"` or `"body"` (the `in` member, named as
    /// OpenAPI names where a parameter is).
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::axum::Location::Path("id".to_owned()).part(), "path");
    /// ```
    pub fn part(&self) -> &'static str {
        match self {
            Location::Path(_) => "path",
            Location::Query(_) => "query",
            Location::Body(_) => "body",
        }
    }
}

impl Problem {
    /// The [`INVALID_ID`] problem of `error`, an id refused at `location`.
    pub(super) fn invalid_id(
        status: StatusCode,
        error: Error,
        location: Option<Location>,
    ) -> Problem {
        Problem(Box::new(Parts {
            status,
            detail: error.to_string(),
            location,
            error: Some(error),
            cause: None,
        }))
    }

    /// A problem of the service's own, of type `about:blank` (its `title` the status's reason
    /// phrase), so that every error of an API has the shape of the extractors' rejections: a
    /// post that does not exist, a lease that has ended.
    ///
    /// # Examples
    ///
    /// ```
    /// use axum::http::StatusCode;
    /// use idtypes::axum::Problem;
    ///
    /// let problem = Problem::new(StatusCode::NOT_FOUND, "no post post_3jzfcijpj2z2a");
    /// assert_eq!(problem.title(), "Not Found");
    /// assert_eq!(
    ///     problem.to_json(),
    ///     r#"{"type":"about:blank","title":"Not Found","status":404,"detail":"no post post_3jzfcijpj2z2a"}"#
    /// );
    /// ```
    pub fn new(status: StatusCode, detail: impl Into<String>) -> Problem {
        Problem::other(status, detail.into(), None)
    }

    /// An `about:blank` problem: a failure that is not an id's.
    pub(super) fn other(status: StatusCode, detail: String, location: Option<Location>) -> Problem {
        Problem(Box::new(Parts {
            status,
            detail,
            location,
            error: None,
            cause: None,
        }))
    }

    /// An `about:blank` server error: `detail` in general words, `cause` kept out of the
    /// body, logged when it is answered.
    pub(super) fn caused(status: StatusCode, detail: &str, cause: Cause) -> Problem {
        Problem(Box::new(Parts {
            status,
            detail: detail.to_owned(),
            location: None,
            error: None,
            cause: Some(cause),
        }))
    }

    /// What a server error ([`internal`](Problem::internal), or an [`Error`] converted to
    /// 500 or 503) hides from its body: the error it was made from, for a middleware or a
    /// test. `None` for the other problems (an id refused gives its error by
    /// [`id_error`](Problem::id_error)).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::axum::Problem;
    ///
    /// let problem = Problem::internal("insert or update on table \"posts\" violates a foreign key");
    /// assert_eq!(problem.detail(), "the server failed to handle the request");
    /// assert!(problem.cause().unwrap().to_string().contains("foreign key"));
    /// ```
    pub fn cause(&self) -> Option<&(dyn std::error::Error + Send + Sync + 'static)> {
        self.0.cause.as_ref().map(Cause::error)
    }

    /// The same problem, found at `location`.
    pub(super) fn at(mut self, location: Location) -> Problem {
        self.0.location = Some(location);
        self
    }

    /// The problem of a serde error whose message is `message`: an id's, if this thread's last
    /// refused id said exactly that (see `captured`), else another failure.
    #[cold]
    pub(super) fn deserializing(
        status: StatusCode,
        message: &str,
        location: Option<Location>,
    ) -> Problem {
        match captured::take(message) {
            Some(error) => Problem::invalid_id(status, error, location),
            None => Problem::other(status, message.to_string(), location),
        }
    }

    /// The HTTP status: 400 for the path and the query, and for a body that is not JSON; 422
    /// for a JSON body that is not the type asked for; 415 without a JSON content type; what
    /// axum answers otherwise (a body too large, a route whose path parameters do not fit the
    /// type, 500).
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = "/?n=x".parse().unwrap();
    /// let problem = idtypes::axum::Query::<std::collections::HashMap<String, u8>>::try_from_uri(&uri)
    ///     .unwrap_err();
    /// assert_eq!(problem.status(), axum::http::StatusCode::BAD_REQUEST);
    /// ```
    pub fn status(&self) -> StatusCode {
        self.0.status
    }

    /// The problem type (`type`): [`INVALID_ID`] for an id refused, else `about:blank`.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = "/?n=x".parse().unwrap();
    /// let problem = idtypes::axum::Query::<std::collections::HashMap<String, u8>>::try_from_uri(&uri)
    ///     .unwrap_err();
    /// assert_eq!(problem.problem_type(), "about:blank");
    /// ```
    pub fn problem_type(&self) -> &'static str {
        match self.0.error {
            Some(_) => INVALID_ID,
            None => ABOUT_BLANK,
        }
    }

    /// The `title`: "Invalid id" for an id refused, else the status's reason phrase ("Bad
    /// Request").
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = "/?n=x".parse().unwrap();
    /// let problem = idtypes::axum::Query::<std::collections::HashMap<String, u8>>::try_from_uri(&uri)
    ///     .unwrap_err();
    /// assert_eq!(problem.title(), "Bad Request");
    /// ```
    pub fn title(&self) -> &'static str {
        match self.0.error {
            Some(_) => INVALID_ID_TITLE,
            None => self.0.status.canonical_reason().unwrap_or("Error"),
        }
    }

    /// The `detail`: for an id refused its own message ("invalid PostId: expected the prefix
    /// \`post_\`, found \`user_\`"), else what went wrong, as axum, serde_json or the query's
    /// parser says it (without the location, which is a member of its own).
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = "/?n=x".parse().unwrap();
    /// let problem = idtypes::axum::Query::<std::collections::HashMap<String, u8>>::try_from_uri(&uri)
    ///     .unwrap_err();
    /// assert_eq!(problem.detail(), "invalid digit found in string");
    /// ```
    pub fn detail(&self) -> &str {
        &self.0.detail
    }

    /// Where in the request the problem was found, when it is known.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::axum::Location;
    ///
    /// let uri = "/?n=x".parse().unwrap();
    /// let problem = idtypes::axum::Query::<std::collections::HashMap<String, u8>>::try_from_uri(&uri)
    ///     .unwrap_err();
    /// assert_eq!(problem.location(), Some(&Location::Query("n".to_owned())));
    /// ```
    pub fn location(&self) -> Option<&Location> {
        self.0.location.as_ref()
    }

    /// The id's error, for an id refused: its [`kind`](Error::kind),
    /// [`position`](Error::position) and [`type_name`](Error::type_name).
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = "/?since=3jzf".parse().unwrap();
    /// let problem = idtypes::axum::Query::<std::collections::HashMap<String, idtypes::Tid>>::try_from_uri(&uri)
    ///     .unwrap_err();
    /// let error = problem.id_error().unwrap();
    /// assert_eq!(error.kind(), idtypes::ErrorKind::Length);
    /// assert_eq!(problem.detail(), error.to_string());
    /// ```
    pub fn id_error(&self) -> Option<&Error> {
        self.0.error.as_ref()
    }

    /// The body of the response, a JSON object: `type`, `title`, `status` and `detail`, then
    /// `in` and `parameter` or `pointer` where the location is known, and for an id refused
    /// `kind` and, when the error has one, `position`.
    ///
    /// # Examples
    ///
    /// ```
    /// let uri = "/?n=x".parse().unwrap();
    /// let problem = idtypes::axum::Query::<std::collections::HashMap<String, u8>>::try_from_uri(&uri)
    ///     .unwrap_err();
    /// assert_eq!(
    ///     problem.to_json(),
    ///     r#"{"type":"about:blank","title":"Bad Request","status":400,"#.to_owned()
    ///         + r#""detail":"invalid digit found in string","in":"query","parameter":"n"}"#
    /// );
    /// ```
    pub fn to_json(&self) -> String {
        let mut out = body::Object::new();
        out.string("type", self.problem_type());
        out.string("title", self.title());
        out.number("status", u64::from(self.0.status.as_u16()));
        out.string("detail", &self.0.detail);
        if let Some(location) = &self.0.location {
            out.string("in", location.part());
            match location {
                Location::Path(name) | Location::Query(name) => out.string("parameter", name),
                Location::Body(pointer) => out.string("pointer", pointer),
            }
        }
        if let Some(error) = &self.0.error {
            out.string("kind", kind_name(error.kind()));
            if let Some(position) = error.position() {
                out.number("position", position as u64);
            }
        }
        out.finish()
    }
}

/// The `kind` member: an [`ErrorKind`] in snake case (the GraphQL errors' `kind` extension
/// too).
pub(super) use crate::error::kind_name;

/// The kinds of an id refused while reading input, as the `kind` member names them: what the
/// OpenAPI schema lists.
#[cfg_attr(
    not(any(feature = "utoipa", feature = "utoipa6")),
    allow(dead_code, reason = "the OpenAPI schema lists them")
)]
pub(super) const INPUT_KINDS: [ErrorKind; 10] = [
    ErrorKind::Length,
    ErrorKind::Character,
    ErrorKind::Overflow,
    ErrorKind::OutOfRange,
    ErrorKind::Reserved,
    ErrorKind::Syntax,
    ErrorKind::Mismatch,
    ErrorKind::Prefix,
    ErrorKind::Separator,
    ErrorKind::Validation,
];

impl fmt::Display for Problem {
    /// The `detail`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0.detail)
    }
}

impl std::error::Error for Problem {
    /// The id's error, for an id refused; the [`cause`](Problem::cause) of a server error.
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match (&self.0.error, &self.0.cause) {
            (Some(error), _) => Some(error),
            (None, Some(cause)) => Some(cause.error()),
            (None, None) => None,
        }
    }
}

impl IntoResponse for Problem {
    /// The status, `Content-Type: application/problem+json` and [`to_json`](Problem::to_json).
    ///
    /// A server error's [`cause`](Problem::cause) is logged here, as a `tracing` event of
    /// target `idtypes::axum` (level `ERROR` for a 500, `WARN` for a 503), with the status,
    /// the `detail` answered and the cause whole.
    fn into_response(self) -> Response {
        if let Some(cause) = &self.0.cause {
            cause.log(self.0.status, &self.0.detail);
        }
        (
            self.0.status,
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/problem+json"),
            )],
            self.to_json(),
        )
            .into_response()
    }
}
