//! [`Json`]: axum's `Json`, rejecting with a [`Problem`].

use std::string::{String, ToString};

use axum::{
    body::Bytes,
    extract::{FromRequest, OptionalFromRequest, Request},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{IntoResponse, Response},
};
use serde::{Serialize, de::DeserializeOwned};
use serde_json::error::Category;
use serde_path_to_error::Segment;

use super::{Location, Problem, body::Pointer};

/// The JSON body as `T`, or a response of `T` as JSON: axum's [`Json`](https://docs.rs/axum/0.8/axum/struct.Json.html) in every way
/// but its rejection, a [`Problem`]: 422 for a body that is JSON but not a `T` (an id refused,
/// with its JSON pointer), 400 for a body that is not JSON, 415 without a JSON content type.
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use idtypes::{Tid, axum::{Json, Location}};
///
/// #[derive(Tid)]
/// #[idtype(prefix = "user")]
/// pub struct UserId(Tid);
///
/// #[derive(Debug, serde::Deserialize)]
/// struct NewPost {
///     author: UserId,
///     text: String,
/// }
///
/// let body = br#"{"author": "user_3jzfcijpj2z2a", "text": "hi"}"#;
/// let Json(post) = Json::<NewPost>::from_bytes(body).unwrap();
/// assert_eq!(post.author.to_string(), "user_3jzfcijpj2z2a");
///
/// let body = br#"{"author": "user_3jzfcijpj2z2A", "text": "hi"}"#;
/// let problem = Json::<NewPost>::from_bytes(body).unwrap_err();
/// assert_eq!(problem.status(), 422);
/// assert_eq!(
///     problem.detail(),
///     "invalid UserId: unexpected character 'A' at byte 17 (in the atproto TID), \
///      expected one of `234567abcdefghijklmnopqrstuvwxyz`"
/// );
/// assert_eq!(problem.location(), Some(&Location::Body("#/author".to_owned())));
/// assert_eq!(problem.id_error().unwrap().position(), Some(17));
/// # }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request(request: Request, state: &S) -> Result<Self, Problem> {
        if !json_content_type(request.headers()) {
            return Err(not_json_content_type());
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| Problem::other(rejection.status(), rejection.body_text(), None))?;
        // Deserialized here, in the poll that takes the id error it meets (see `captured`).
        Self::from_bytes(&bytes)
    }
}

/// `Option<Json<T>>`: `None` for a request without a content type, as axum's.
impl<T, S> OptionalFromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request(request: Request, state: &S) -> Result<Option<Self>, Problem> {
        if request.headers().get(header::CONTENT_TYPE).is_none() {
            return Ok(None);
        }
        <Self as FromRequest<S>>::from_request(request, state)
            .await
            .map(Some)
    }
}

impl<T: DeserializeOwned> Json<T> {
    /// Reads `bytes` as axum's `Json` does (serde_json, nothing but whitespace after the
    /// value).
    ///
    /// # Errors
    ///
    /// A [`Problem`]: of status 422 for JSON that is not a `T`, the
    /// [invalid-id](crate::axum#invalid-id) problem for an id refused, `about:blank` for
    /// anything else (a missing field, a number where a string belongs), with the JSON pointer
    /// of the value; of status 400 for text that is not JSON, with serde_json's message (which
    /// says the line and column).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Tid, axum::Json};
    ///
    /// let problem = Json::<Vec<Tid>>::from_bytes(b"[\"3jzfcijpj2z2a\",").unwrap_err();
    /// assert_eq!(problem.status(), 400);
    /// assert_eq!(problem.detail(), "EOF while parsing a value at line 1 column 17");
    ///
    /// let problem = Json::<Vec<Tid>>::from_bytes(b"[\"3jzfcijpj2z2a\", 7]").unwrap_err();
    /// assert_eq!(problem.status(), 422);
    /// assert_eq!(problem.problem_type(), "about:blank");
    /// assert_eq!(
    ///     problem.location(),
    ///     Some(&idtypes::axum::Location::Body("#/1".to_owned()))
    /// );
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, Problem> {
        let mut deserializer = serde_json::Deserializer::from_slice(bytes);
        let value = serde_path_to_error::deserialize(&mut deserializer).map_err(rejected)?;
        deserializer.end().map_err(not_json)?;
        Ok(Json(value))
    }
}

/// The problem of a body that did not deserialize: JSON but not the type (422), or not JSON
/// (400), as axum tells them apart.
#[cold]
fn rejected(error: serde_path_to_error::Error<serde_json::Error>) -> Problem {
    let inner = error.inner();
    match inner.classify() {
        Category::Data => {
            let message = inner.to_string();
            // serde_json appends " at line L column C"; the pointer says where instead.
            let location = std::format!(" at line {} column {}", inner.line(), inner.column());
            let message = message.strip_suffix(&location).unwrap_or(&message);
            let pointer = pointer(error.path());
            Problem::deserializing(
                StatusCode::UNPROCESSABLE_ENTITY,
                message,
                pointer.map(Location::Body),
            )
        }
        Category::Syntax | Category::Eof | Category::Io => not_json(error.into_inner()),
    }
}

/// The problem of a request that does not say its body is JSON: 415.
#[cold]
fn not_json_content_type() -> Problem {
    Problem::other(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        String::from("Expected request with `Content-Type: application/json`"),
        None,
    )
}

/// The problem of text that is not JSON: 400, serde_json's message with its line and column.
#[cold]
fn not_json(error: serde_json::Error) -> Problem {
    Problem::other(StatusCode::BAD_REQUEST, error.to_string(), None)
}

/// The JSON pointer of a value by its serde path, or `None` where the path has a step serde
/// could not name.
fn pointer(path: &serde_path_to_error::Path) -> Option<String> {
    let mut pointer = Pointer::root();
    for segment in path {
        match segment {
            Segment::Seq { index } => pointer.push(&index.to_string()),
            Segment::Map { key } => pointer.push(key),
            Segment::Enum { variant } => pointer.push(variant),
            Segment::Unknown => return None,
        }
    }
    Some(pointer.into_string())
}

/// Whether the request says its body is JSON, as axum's `Json` asks: `application/json`, or
/// an `application/…+json` type, in any case, with any parameters.
fn json_content_type(headers: &HeaderMap) -> bool {
    let Some(Ok(content_type)) = headers.get(header::CONTENT_TYPE).map(HeaderValue::to_str) else {
        return false;
    };
    let essence = content_type.split(';').next().unwrap_or_default().trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    let subtype = subtype.to_ascii_lowercase();
    kind.eq_ignore_ascii_case("application") && (subtype == "json" || subtype.ends_with("+json"))
}

impl<T: Serialize> IntoResponse for Json<T> {
    /// `T` as JSON, `Content-Type: application/json`; a 500 problem if it does not serialize
    /// (a map with keys that are not strings).
    fn into_response(self) -> Response {
        match serde_json::to_vec(&self.0) {
            Ok(body) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                body,
            )
                .into_response(),
            Err(error) => {
                Problem::other(StatusCode::INTERNAL_SERVER_ERROR, error.to_string(), None)
                    .into_response()
            }
        }
    }
}

impl<T> From<T> for Json<T> {
    fn from(value: T) -> Self {
        Json(value)
    }
}

impl<T> core::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> core::ops::DerefMut for Json<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(content_type: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, content_type.parse().unwrap());
        headers
    }

    /// axum's own cases.
    #[test]
    fn json_content_types_are_axums() {
        assert!(json_content_type(&with("application/json")));
        assert!(json_content_type(&with("application/json; charset=utf-8")));
        assert!(json_content_type(&with("application/json;charset=utf-8")));
        assert!(json_content_type(&with("application/cloudevents+json")));
        assert!(json_content_type(&with("Application/JSON")));
        assert!(!json_content_type(&with("text/json")));
        assert!(!json_content_type(&with("application/jsonx")));
        assert!(!json_content_type(&HeaderMap::new()));
    }
}
