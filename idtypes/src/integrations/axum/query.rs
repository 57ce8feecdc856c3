//! [`Query`]: axum's `Query`, rejecting with a [`Problem`].

use std::string::ToString;

use axum::{
    extract::FromRequestParts,
    http::{StatusCode, Uri, request::Parts},
};
use serde::de::DeserializeOwned;
use serde_path_to_error::Segment;

use super::{Location, Problem};

/// The query string as `T` (a struct of its parameters): axum's
/// [`Query`](https://docs.rs/axum/0.8/axum/extract/struct.Query.html) in every way but its rejection, a [`Problem`] (400, with the
/// parameter's name).
///
/// # Examples
///
/// ```
/// # #[cfg(feature = "derive")] {
/// use idtypes::{Tid, axum::{Location, Query}};
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
/// let uri = "/posts?author=user_3jzfcijpj2z2a".parse().unwrap();
/// let Query(filter) = Query::<Filter>::try_from_uri(&uri).unwrap();
/// assert_eq!(filter.author.unwrap().to_string(), "user_3jzfcijpj2z2a");
///
/// let uri = "/posts?author=user_3jzfcijpj2z2".parse().unwrap();
/// let problem = Query::<Filter>::try_from_uri(&uri).unwrap_err();
/// assert_eq!(problem.status(), 400);
/// assert_eq!(
///     problem.detail(),
///     "invalid UserId: expected 18 bytes (`user_` and the atproto TID), found 17 bytes"
/// );
/// assert_eq!(problem.location(), Some(&Location::Query("author".to_owned())));
/// # }
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Problem;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Problem> {
        Self::try_from_uri(&parts.uri)
    }
}

impl<T: DeserializeOwned> Query<T> {
    /// Reads `uri`'s query string as axum's `Query` does (`serde_urlencoded`; no query is an
    /// empty one).
    ///
    /// # Errors
    ///
    /// A [`Problem`] of status 400: the [invalid-id](crate::axum#invalid-id) problem for an id
    /// refused, `about:blank` for anything else (a missing parameter, a number that does not
    /// parse), with the parameter's name when serde gives one.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Tid, axum::Query};
    ///
    /// #[derive(Debug, serde::Deserialize)]
    /// struct Page {
    ///     after: Tid,
    /// }
    ///
    /// let uri = "/posts?after=3jzfcijpj2z2a".parse().unwrap();
    /// assert_eq!(Query::<Page>::try_from_uri(&uri).unwrap().after.to_string(), "3jzfcijpj2z2a");
    /// let uri = "/posts".parse().unwrap();
    /// assert_eq!(Query::<Page>::try_from_uri(&uri).unwrap_err().detail(), "missing field `after`");
    /// ```
    pub fn try_from_uri(uri: &Uri) -> Result<Self, Problem> {
        let query = uri.query().unwrap_or_default();
        let deserializer =
            serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
        serde_path_to_error::deserialize(deserializer)
            .map(Query)
            .map_err(rejected)
    }
}

/// The problem of a query that did not deserialize: the parameter is the first key of the
/// error's path (a query's parameters are the fields of one struct or map).
#[cold]
fn rejected(error: serde_path_to_error::Error<serde_urlencoded::de::Error>) -> Problem {
    let parameter = match error.path().iter().next() {
        Some(Segment::Map { key }) => Some(Location::Query(key.clone())),
        _ => None,
    };
    Problem::deserializing(
        StatusCode::BAD_REQUEST,
        &error.inner().to_string(),
        parameter,
    )
}

impl<T> core::ops::Deref for Query<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

impl<T> core::ops::DerefMut for Query<T> {
    fn deref_mut(&mut self) -> &mut T {
        &mut self.0
    }
}
