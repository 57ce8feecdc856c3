//! [`Path`]: axum's `Path`, rejecting with a [`Problem`].

use std::string::ToString;
use std::vec::Vec;

use axum::{
    extract::{
        FromRequestParts, OptionalFromRequestParts, RawPathParams,
        path::ErrorKind as PathErrorKind,
        rejection::{FailedToDeserializePathParams, PathRejection},
    },
    http::request::Parts,
};
use serde::de::DeserializeOwned;

use super::{Location, Problem};

/// The route's path parameters as `T` (an id, a tuple of them, a struct): axum's
/// [`Path`](axum::extract::Path) in every way but its rejection, a [`Problem`] (400 for a
/// parameter that does not parse, with its name).
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")]
/// # tokio::runtime::Builder::new_current_thread().build().unwrap().block_on(async {
/// use axum::{Router, body::Body, http::Request, routing::get};
/// use idtypes::{Tid, axum::Path};
/// use tower::ServiceExt;
///
/// #[derive(Tid)]
/// #[idtype(prefix = "post")]
/// pub struct PostId(Tid);
///
/// async fn get_post(Path(id): Path<PostId>) -> String {
///     id.to_string()
/// }
///
/// let app = Router::new().route("/posts/{id}", get(get_post));
/// let request = |uri| Request::get(uri).body(Body::empty()).unwrap();
///
/// let response = app.clone().oneshot(request("/posts/post_3jzfcijpj2z2a")).await.unwrap();
/// assert_eq!(response.status(), 200);
///
/// let response = app.oneshot(request("/posts/user_3jzfcijpj2z2a")).await.unwrap();
/// assert_eq!(response.status(), 400);
/// assert_eq!(response.headers()["content-type"], "application/problem+json");
/// let body = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
/// let problem: serde_json::Value = serde_json::from_slice(&body).unwrap();
/// assert_eq!(problem["detail"], "invalid PostId: expected the prefix `post_`, found `user_`");
/// assert_eq!(problem["in"], "path");
/// assert_eq!(problem["parameter"], "id");
/// # });
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Problem> {
        // axum's `Path` never waits: it deserializes in this poll, so the id error it met
        // is still this thread's when its rejection is read (see `captured`).
        let extracted =
            <axum::extract::Path<T> as FromRequestParts<S>>::from_request_parts(parts, state).await;
        match extracted {
            Ok(axum::extract::Path(value)) => Ok(Path(value)),
            Err(rejection) => Err(problem(rejection, parts, state).await),
        }
    }
}

/// `Option<Path<T>>`: `None` for a route without parameters, as axum's.
impl<T, S> OptionalFromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send + 'static,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Option<Self>, Problem> {
        let extracted =
            <axum::extract::Path<T> as OptionalFromRequestParts<S>>::from_request_parts(
                parts, state,
            )
            .await;
        match extracted {
            Ok(value) => Ok(value.map(|axum::extract::Path(value)| Path(value))),
            Err(rejection) => Err(problem(rejection, parts, state).await),
        }
    }
}

/// The problem of axum's rejection, the parameter named from the route where axum gives only
/// its place.
async fn problem<S: Send + Sync>(
    rejection: PathRejection,
    parts: &mut Parts,
    state: &S,
) -> Problem {
    let (problem, blamed) = rejected(rejection);
    let Some(blamed) = blamed else {
        return problem;
    };
    let name = RawPathParams::from_request_parts(parts, state)
        .await
        .ok()
        .and_then(|params| {
            let names: Vec<&str> = params.iter().map(|(name, _)| name).collect();
            match blamed {
                Blamed::Only if names.len() == 1 => names.first().map(|name| name.to_string()),
                Blamed::Only => None,
                Blamed::At(index) => names.get(index).map(|name| name.to_string()),
            }
        });
    match name {
        Some(name) => problem.at(Location::Path(name)),
        None => problem,
    }
}

/// The path parameter a rejection blames without naming it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Blamed {
    /// The one parameter of the route (`Path<u32>`).
    Only,
    /// The parameter at this place (a tuple's element).
    At(usize),
}

/// The problem of axum's rejection, with the parameter's name wherever axum gives it, and
/// which parameter is to blame where axum gives only its place.
#[cold]
fn rejected(rejection: PathRejection) -> (Problem, Option<Blamed>) {
    match rejection {
        PathRejection::FailedToDeserializePathParams(failed) => not_deserialized(failed),
        other => (
            Problem::other(other.status(), other.body_text(), None),
            None,
        ),
    }
}

fn not_deserialized(failed: FailedToDeserializePathParams) -> (Problem, Option<Blamed>) {
    let status = failed.status();
    let kind = failed.into_kind();
    match &kind {
        // What a type's own `Deserialize` refused (every id's), with the parameter's name.
        PathErrorKind::DeserializeError { key, message, .. } => {
            let location = Location::Path(key.clone());
            (
                Problem::deserializing(status, message, Some(location)),
                None,
            )
        }
        PathErrorKind::Message(message) => (
            Problem::deserializing(status, message, None),
            Some(Blamed::Only),
        ),
        PathErrorKind::ParseErrorAtKey { key, .. }
        | PathErrorKind::InvalidUtf8InPathParam { key } => {
            let location = Location::Path(key.clone());
            (
                Problem::other(status, kind.to_string(), Some(location)),
                None,
            )
        }
        PathErrorKind::ParseError { .. } => (
            Problem::other(status, kind.to_string(), None),
            Some(Blamed::Only),
        ),
        PathErrorKind::ParseErrorAtIndex { index, .. } => (
            Problem::other(status, kind.to_string(), None),
            Some(Blamed::At(*index)),
        ),
        _ => (Problem::other(status, kind.to_string(), None), None),
    }
}

impl<T> core::ops::Deref for Path<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> core::ops::DerefMut for Path<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}
