//! The HTTP API on axum, and its OpenAPI document from utoipa. The typed ids are the JSON
//! types of the request and response bodies and of the path, so a user id sent where a post
//! id belongs is refused with a message that says so, and the OpenAPI document gives each id
//! its own schema (`PostId`: a string with the pattern `^post_[2-7a-j][2-7a-z]{12}$`).

use std::time::{Duration, SystemTime};

use axum::{
    Json, Router,
    extract::{Path, Query, State},
    http::StatusCode,
    response::{IntoResponse, Response},
    routing::get,
};
use serde::{Deserialize, Serialize};
use sqlx::SqlitePool;
use utoipa::{IntoParams, OpenApi, ToSchema};

use super::{
    ids::{PostId, UserId},
    store::{self, PostRow},
};

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

/// An error, as every route returns one.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
pub struct ApiError {
    /// What went wrong.
    pub error: String,
}

/// An error with its status.
pub struct Failure(StatusCode, String);

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        (self.0, Json(ApiError { error: self.1 })).into_response()
    }
}

impl From<sqlx::Error> for Failure {
    fn from(error: sqlx::Error) -> Self {
        Failure(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
    }
}

/// `GET /posts`'s query: the start of the span of time to list.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct Since {
    /// RFC 3339; the last hour when absent.
    pub since: Option<String>,
}

/// Writes a post: its id is made now.
#[utoipa::path(
    post,
    path = "/posts",
    request_body = NewPost,
    responses(
        (status = 201, description = "The new post", body = Post),
        (status = 422, description = "The body is not a `NewPost` (an id of the wrong type, say)"),
    )
)]
pub async fn create_post(
    State(pool): State<SqlitePool>,
    Json(new): Json<NewPost>,
) -> Result<(StatusCode, Json<Post>), Failure> {
    let row = PostRow {
        id: PostId::now(),
        author: new.author,
        text: new.text,
    };
    store::insert(&pool, &row).await?;
    Ok((StatusCode::CREATED, Json(row.into())))
}

/// Reads a post.
#[utoipa::path(
    get,
    path = "/posts/{id}",
    params(("id" = PostId, Path, description = "The post's id")),
    responses(
        (status = 200, description = "The post", body = Post),
        (status = 400, description = "Not a post id", body = ApiError),
        (status = 404, description = "No such post", body = ApiError),
    )
)]
pub async fn get_post(
    State(pool): State<SqlitePool>,
    Path(id): Path<String>,
) -> Result<Json<Post>, Failure> {
    // Parsed here rather than by `Path<PostId>`, so the error is the id's own message.
    let id: PostId = id
        .parse()
        .map_err(|error: idtypes::Error| Failure(StatusCode::BAD_REQUEST, error.to_string()))?;
    match store::get(&pool, id).await? {
        Some(row) => Ok(Json(row.into())),
        None => Err(Failure(StatusCode::NOT_FOUND, format!("no post {id}"))),
    }
}

/// Lists the posts made since a moment, oldest first.
#[utoipa::path(
    get,
    path = "/posts",
    params(Since),
    responses(
        (status = 200, description = "The posts", body = [Post]),
        (status = 400, description = "`since` is not RFC 3339", body = ApiError),
    )
)]
pub async fn list_posts(
    State(pool): State<SqlitePool>,
    Query(query): Query<Since>,
) -> Result<Json<Vec<Post>>, Failure> {
    let since = match query.since {
        Some(text) => chrono::DateTime::parse_from_rfc3339(&text)
            .map_err(|error| Failure(StatusCode::BAD_REQUEST, format!("since: {error}")))?
            .into(),
        None => SystemTime::now() - Duration::from_secs(3600),
    };
    let rows = store::since(&pool, since).await?;
    Ok(Json(rows.into_iter().map(Post::from).collect()))
}

/// The OpenAPI document.
#[derive(OpenApi)]
#[openapi(
    info(title = "posts", description = "A small JSON API with typed ids"),
    paths(create_post, get_post, list_posts),
    components(schemas(ApiError))
)]
pub struct ApiDoc;

/// `GET /openapi.json`.
pub async fn openapi_json() -> Json<utoipa::openapi::OpenApi> {
    Json(ApiDoc::openapi())
}

/// The routes, on a pool whose database has the `posts` table.
pub fn router(pool: SqlitePool) -> Router {
    Router::new()
        .route("/posts", get(list_posts).post(create_post))
        .route("/posts/{id}", get(get_post))
        .route("/openapi.json", get(openapi_json))
        .with_state(pool)
}
