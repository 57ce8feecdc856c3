//! Extractors whose every rejection is the API's JSON error ([`ApiError`]), so that a bad id
//! in the path, the query or the body gets the same answer: a status and
//! `{"error": "<the id's own message>"}`, never axum's plain-text rejection.
//!
//! - [`IdPath<T>`]: one path segment parsed as `T` with `FromStr` (a typed id: its prefix,
//!   separator and format checked, the message naming what was expected and found); 400.
//! - [`ApiQuery<T>`]: the query string as `T` (serde; typed ids deserialize from their text);
//!   400.
//! - [`ApiJson<T>`]: the body as `T`; axum's status (422 for a body that is JSON but not a
//!   `T`, 400 for bad JSON, 415 without the content type).

use std::str::FromStr;

use axum::{
    Json,
    extract::{FromRequest, FromRequestParts, Path, Query, Request},
    http::{StatusCode, request::Parts},
};
use serde::de::DeserializeOwned;

#[allow(unused_imports, reason = "the docs link it")]
use super::routes::ApiError;
use super::routes::Failure;

/// A path segment parsed as `T`: `IdPath(id): IdPath<PostId>`.
pub struct IdPath<T>(pub T);

impl<T, S> FromRequestParts<S> for IdPath<T>
where
    T: FromStr,
    T::Err: std::fmt::Display,
    S: Send + Sync,
{
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Failure> {
        let Path(text) = Path::<String>::from_request_parts(parts, state)
            .await
            .map_err(|rejection| Failure::new(rejection.status(), rejection.body_text()))?;
        text.parse()
            .map(IdPath)
            .map_err(|error: T::Err| Failure::new(StatusCode::BAD_REQUEST, error.to_string()))
    }
}

/// The query string as `T`: `ApiQuery(query): ApiQuery<Filter>`.
pub struct ApiQuery<T>(pub T);

impl<T, S> FromRequestParts<S> for ApiQuery<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Failure;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Failure> {
        Query::<T>::from_request_parts(parts, state)
            .await
            .map(|Query(query)| ApiQuery(query))
            .map_err(|rejection| Failure::new(StatusCode::BAD_REQUEST, rejection.body_text()))
    }
}

/// The JSON body as `T`: `ApiJson(new): ApiJson<NewPost>`.
pub struct ApiJson<T>(pub T);

impl<T, S> FromRequest<S> for ApiJson<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = Failure;

    async fn from_request(request: Request, state: &S) -> Result<Self, Failure> {
        Json::<T>::from_request(request, state)
            .await
            .map(|Json(body)| ApiJson(body))
            .map_err(|rejection| Failure::new(rejection.status(), rejection.body_text()))
    }
}
