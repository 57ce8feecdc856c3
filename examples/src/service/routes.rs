//! The HTTP API on axum, and its OpenAPI document from utoipa. The typed ids are the JSON
//! types of the request and response bodies, of the path and of the query, so a user id sent
//! where a post id belongs is refused with a JSON error that says so (RFC 9457 problem
//! details, from `idtypes::axum`'s extractors, and the routes' own errors alike), and the OpenAPI
//! document gives each id its own schema (`PostId`: a string with the pattern
//! `^post_[2-7a-j][2-7a-z]{12}$`).
//!
//! New post ids come from this instance's generator, whose clock id is leased from the
//! database (see [`super::Instance`]): while the lease lasts no other instance makes the same
//! ids; once it has ended (lost, run out, or released at shutdown) `POST /posts` and
//! `GET /health` answer 503, so that a load balancer sends the work elsewhere.

use std::{
    sync::Arc,
    time::{Duration, SystemTime},
};

use axum::{Json, Router, extract::State, http::StatusCode, routing::get};
use idtypes::prelude::*;
use idtypes::{
    ErrorKind, LeaseTerm,
    axum::{InvalidBody, InvalidParams, Path, Problem, Query},
    tid::TidGenerator,
};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::{
    ids::{PostId, UserId},
    store::{PostRow, Store, StoreError},
};

/// What every route shares: the posts table (through sqlx or SeaORM: [`Store`]), and this
/// instance's leased generator and its term.
#[derive(Clone)]
pub struct AppState<S> {
    /// The posts table.
    pub store: S,
    /// This instance's TID generator, bound to its lease's term.
    pub posts: Arc<TidGenerator>,
    /// The lease's term: live while the lease is held and renewed.
    pub term: LeaseTerm,
}

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
        let created = row.id.datetime().to_rfc3339();
        Post {
            id: row.id,
            author: row.author,
            text: row.text,
            created,
        }
    }
}

/// A generator's error as a problem: 503 when the lease on its clock id has ended (another
/// instance can make the id), 500 otherwise.
fn generator_problem(error: idtypes::Error) -> Problem {
    let status = match error.kind() {
        ErrorKind::LeaseExpired | ErrorKind::LeaseLost => StatusCode::SERVICE_UNAVAILABLE,
        _ => StatusCode::INTERNAL_SERVER_ERROR,
    };
    Problem::new(status, error.to_string())
}

/// The store's error as a problem: 500.
fn store_problem(error: StoreError) -> Problem {
    Problem::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
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
        (status = 503, description = "This instance's lease has ended: send it to another",
            body = Problem, content_type = "application/problem+json"),
    )
)]
pub async fn create_post<S: Store>(
    State(state): State<AppState<S>>,
    idtypes::axum::Json(new): idtypes::axum::Json<NewPost>,
) -> Result<(StatusCode, Json<Post>), Problem> {
    let row = PostRow {
        id: PostId::try_next_from(&state.posts).map_err(generator_problem)?,
        author: new.author,
        text: new.text,
    };
    state.store.insert(&row).await.map_err(store_problem)?;
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
    match state.store.get(id).await.map_err(store_problem)? {
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
        .map_err(store_problem)?;
    Ok(Json(rows.into_iter().map(Post::from).collect()))
}

/// Whether this instance can make ids: 200 while its lease is live, 503 once it has ended.
#[utoipa::path(
    get,
    path = "/health",
    responses(
        (status = 200, description = "The lease is live"),
        (status = 503, description = "The lease has ended: no new posts here", body = Problem,
            content_type = "application/problem+json"),
    )
)]
pub async fn health<S: Store>(State(state): State<AppState<S>>) -> Result<&'static str, Problem> {
    if state.term.is_live() {
        Ok("live")
    } else {
        Err(Problem::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "this instance's lease on its clock id has ended",
        ))
    }
}

/// The OpenAPI document.
#[derive(OpenApi)]
#[openapi(
    info(title = "posts", description = "A small JSON API with typed ids"),
    paths(create_post, get_post, list_posts, health),
    components(schemas(Problem))
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
