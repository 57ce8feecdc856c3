//! The HTTP API on axum, and its OpenAPI document from utoipa. The typed ids are the JSON
//! types of the request and response bodies, of the path and of the query, so a user id sent
//! where a post id belongs is refused with a JSON error that says so (RFC 9457 problem
//! details, from `idtypes::axum`'s extractors, and the routes' own errors alike), and the OpenAPI
//! document gives each id its own schema (`PostId`: a string with the pattern
//! `^post_[2-7a-j][2-7a-z]{12}$`).
//!
//! New post ids come from this instance's generator, whose clock id is leased from the
//! database and leased again by itself whenever its lease is lost (see [`super::Instance`]):
//! no other instance makes the same ids. While it has no lease (the database unreachable for
//! longer than a term, until it is back) `POST /posts` waits up to half a second for one, then
//! answers 503, and `GET /health` answers 503, so that a load balancer sends the work
//! elsewhere; once it has one again, both answer as before, without a restart.

use std::{
    sync::Arc,
    time::{Duration, SystemTime},
};

use axum::{Json, Router, extract::State, http::StatusCode, routing::get};
use idtypes::prelude::*;
use idtypes::{
    axum::{InvalidBody, InvalidParams, Path, Problem, Query},
    lease::LeasedGenerator,
    tid::TidGenerator,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::{
    ids::{PostId, UserId},
    store::{PostRow, Store},
};

/// What every route shares: the posts table (through sqlx or SeaORM: [`Store`]), and this
/// instance's leased generator.
#[derive(Clone)]
pub struct AppState<S> {
    /// The posts table.
    pub store: S,
    /// This instance's TID generator, on a clock id it leases (and leases again when the
    /// lease is lost).
    pub posts: Arc<LeasedGenerator<TidGenerator>>,
}

/// How long `POST /posts` waits for a lease when the generator has none (it is leasing
/// again), before it answers 503.
const LEASE_WAIT: Duration = Duration::from_millis(500);

/// The body of `POST /posts`.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct NewPost {
    /// Who writes the post.
    pub author: UserId,
    /// What it says.
    pub text: String,
}

/// A post as the API returns it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Post {
    /// The post's id, which also tells when it was made.
    pub id: PostId,
    /// Who wrote it.
    pub author: UserId,
    /// What it says.
    pub text: String,
    /// When it was made (RFC 3339), read from the id.
    pub created: String,
}

impl From<PostRow> for Post {
    fn from(row: PostRow) -> Self {
        let created = row
            .id
            .datetime::<chrono::DateTime<chrono::Utc>>()
            .to_rfc3339();
        Post {
            id: row.id,
            author: row.author,
            text: row.text,
            created,
        }
    }
}

/// `GET /posts`'s query: the start of the span of time to list, and optionally an author.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Filter {
    /// RFC 3339; the last hour when absent.
    pub since: Option<String>,
    /// Only this user's posts.
    pub author: Option<UserId>,
}

/// Writes a post: its id is made now.
#[utoipa::path(
    post,
    path = "/posts",
    request_body = NewPost,
    responses(
        (status = 201, description = "The new post", body = Post),
        InvalidBody,
        (status = 503, description = "This instance has no lease on its clock id (it is \
            leasing again): send it to another", body = Problem,
            content_type = "application/problem+json"),
    )
)]
pub async fn create_post<S: Store>(
    State(state): State<AppState<S>>,
    idtypes::axum::Json(new): idtypes::axum::Json<NewPost>,
) -> Result<(StatusCode, Json<Post>), Problem> {
    let row = PostRow {
        id: PostId::from_inner(state.posts.next_within(LEASE_WAIT).await?),
        author: new.author,
        text: new.text,
    };
    state.store.insert(&row).await.map_err(Problem::internal)?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// Reads a post.
#[utoipa::path(
    get,
    path = "/posts/{id}",
    params(("id" = PostId, Path, description = "The post's id")),
    responses(
        (status = 200, description = "The post", body = Post),
        InvalidParams,
        (status = 404, description = "No such post", body = Problem,
            content_type = "application/problem+json"),
    )
)]
pub async fn get_post<S: Store>(
    State(state): State<AppState<S>>,
    Path(id): Path<PostId>,
) -> Result<Json<Post>, Problem> {
    match state.store.get(id).await.map_err(Problem::internal)? {
        Some(row) => Ok(Json(row.into())),
        None => Err(Problem::new(StatusCode::NOT_FOUND, format!("no post {id}"))),
    }
}

/// Lists the posts made since a moment, oldest first.
#[utoipa::path(
    get,
    path = "/posts",
    params(Filter),
    responses(
        (status = 200, description = "The posts", body = [Post]),
        InvalidParams,
    )
)]
pub async fn list_posts<S: Store>(
    State(state): State<AppState<S>>,
    Query(query): Query<Filter>,
) -> Result<Json<Vec<Post>>, Problem> {
    let since = match query.since {
        Some(text) => chrono::DateTime::parse_from_rfc3339(&text)
            .map_err(|error| Problem::new(StatusCode::BAD_REQUEST, format!("since: {error}")))?
            .into(),
        None => SystemTime::now() - Duration::from_secs(3600),
    };
    let Some(range) = PostId::range_for_time(since..) else {
        return Ok(Json(Vec::new()));
    };
    let rows = state
        .store
        .between(range, query.author)
        .await
        .map_err(Problem::internal)?;
    Ok(Json(rows.into_iter().map(Post::from).collect()))
}

/// `GET /health`'s answer while this instance makes ids.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct Health {
    /// The clock id its post ids carry (the leased value).
    pub clock_id: u32,
    /// How many leases it has taken: one more each time it leased again after a loss.
    pub leases_taken: u64,
    /// For how long it has made ids, in milliseconds.
    pub making_ids_for_ms: u64,
}

/// Whether this instance can make ids: 200 while it has a lease (read from the generator's
/// status, not from the database), 503 while it has none.
#[utoipa::path(
    get,
    path = "/health",
    responses(
        (status = 200, description = "It makes ids", body = Health),
        (status = 503, description = "It has no lease: no new posts here for now", body = Problem,
            content_type = "application/problem+json"),
    )
)]
pub async fn health<S: Store>(State(state): State<AppState<S>>) -> Result<Json<Health>, Problem> {
    let status = state.posts.status();
    if status.is_making_ids() {
        return Ok(Json(Health {
            clock_id: status.value(),
            leases_taken: status.leases_taken(),
            making_ids_for_ms: status.for_how_long().as_millis() as u64,
        }));
    }
    let why = match status.reason() {
        Some(reason) => format!("leasing again: {reason}"),
        None => "released".to_owned(),
    };
    Err(Problem::new(
        StatusCode::SERVICE_UNAVAILABLE,
        format!(
            "no lease on a clock id for {} ms: {why}",
            status.for_how_long().as_millis()
        ),
    ))
}

/// The OpenAPI document.
#[derive(OpenApi)]
#[openapi(
    info(title = "posts", description = "A small JSON API with typed ids"),
    paths(create_post, get_post, list_posts, health),
    components(schemas(Problem, Health))
)]
pub struct ApiDoc;

/// `GET /openapi.json`.
pub async fn openapi_json() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// The routes, on a state whose database has the `posts` table.
pub fn router<S: Store>(state: AppState<S>) -> Router {
    Router::new()
        .route("/posts", get(list_posts::<S>).post(create_post::<S>))
        .route("/posts/{id}", get(get_post::<S>))
        .route("/health", get(health::<S>))
        .route("/openapi.json", get(openapi_json))
        .with_state(state)
}
