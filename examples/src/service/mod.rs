//! A small JSON API with typed ids, served by axum over embedded SQLite, with an OpenAPI
//! document: what the service guide (`idtypes/docs/service_guide.md`) describes, as code
//! that runs.
//!
//! - [`ids`]: `UserId` (an xid, `user_…`) and `PostId` (a TID, `post_…`);
//! - [`store`]: the table (DDL for SQLite, PostgreSQL and MySQL/MariaDB) and the queries,
//!   including "the posts since a moment" as `WHERE id BETWEEN ? AND ?`;
//! - [`routes`]: `POST /posts`, `GET /posts/{id}`, `GET /posts?since=…` and
//!   `GET /openapi.json`;
//! - [`client`]: a few lines of HTTP, so that [`exercise`] can call the service it started.
//!
//! `cargo run -p idtypes-examples --example service` starts it on a free local port, makes a
//! few requests, prints them and exits.

pub mod client;
pub mod ids;
pub mod routes;
pub mod store;

use std::net::SocketAddr;

use sqlx::{SqlitePool, sqlite::SqlitePoolOptions};
use tokio::net::TcpListener;

use client::{Exchange, send};

/// A pool on a fresh in-memory SQLite database with the `posts` table. One connection that
/// never closes, since an in-memory database lives as long as its connection.
pub async fn database() -> sqlx::Result<SqlitePool> {
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .idle_timeout(None)
        .max_lifetime(None)
        .connect("sqlite::memory:")
        .await?;
    store::create_table(&pool).await?;
    Ok(pool)
}

/// Starts the service on a free port of 127.0.0.1 and returns its address; it serves until
/// the runtime shuts down.
pub async fn start() -> Result<SocketAddr, Box<dyn std::error::Error>> {
    let pool = database().await?;
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move { axum::serve(listener, routes::router(pool)).await });
    Ok(addr)
}

/// Starts the service and makes the requests the example shows: the OpenAPI document, two
/// posts written (one with a post id where the author's user id belongs), one read, one read
/// with a user id, one read of a post that does not exist, and the list of the last minute.
pub async fn exercise() -> Result<Vec<Exchange>, Box<dyn std::error::Error>> {
    let addr = start().await?;
    let mut exchanges = vec![send(addr, "GET", "/openapi.json", None).await?];

    let author = ids::UserId::now();
    let body = format!(r#"{{"author":"{author}","text":"hello"}}"#);
    let created = send(addr, "POST", "/posts", Some(&body)).await?;
    let post: routes::Post = serde_json::from_str(&created.body)?;
    exchanges.push(created);

    let wrong = format!(r#"{{"author":"{}","text":"mixed up"}}"#, post.id);
    exchanges.push(send(addr, "POST", "/posts", Some(&wrong)).await?);
    exchanges.push(send(addr, "GET", &format!("/posts/{}", post.id), None).await?);
    exchanges.push(send(addr, "GET", &format!("/posts/{author}"), None).await?);
    let missing = ids::PostId::now();
    exchanges.push(send(addr, "GET", &format!("/posts/{missing}"), None).await?);

    let minute_ago = chrono::Utc::now() - chrono::Duration::minutes(1);
    let since = minute_ago.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    exchanges.push(send(addr, "GET", &format!("/posts?since={since}"), None).await?);
    Ok(exchanges)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_service_answers_as_the_example_shows() {
        let exchanges = exercise().await.unwrap();
        let statuses: Vec<u16> = exchanges.iter().map(|exchange| exchange.status).collect();
        assert_eq!(statuses, [200, 201, 422, 200, 400, 404, 200]);

        let openapi: serde_json::Value = serde_json::from_str(&exchanges[0].body).unwrap();
        let post_id = &openapi["components"]["schemas"]["PostId"];
        assert_eq!(post_id["type"], "string");
        let post_ref = serde_json::json!({"$ref": "#/components/schemas/PostId"});
        let path_id = &openapi["paths"]["/posts/{id}"]["get"]["parameters"][0]["schema"];
        assert_eq!(path_id, &post_ref);
        assert_eq!(
            openapi["components"]["schemas"]["Post"]["properties"]["id"]["$ref"],
            post_ref["$ref"]
        );
        let pattern = regex::Regex::new(post_id["pattern"].as_str().unwrap()).unwrap();
        let post: routes::Post = serde_json::from_str(&exchanges[1].body).unwrap();
        assert!(pattern.is_match(&post.id.to_string()));
        assert!(!pattern.is_match(&post.author.to_string()));

        assert!(
            exchanges[2]
                .body
                .contains("expected the prefix `user_`, found `post_`")
        );
        assert!(
            exchanges[4]
                .body
                .contains("expected the prefix `post_`, found `user_`")
        );
        let listed: Vec<routes::Post> = serde_json::from_str(&exchanges[6].body).unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].id, post.id);
    }
}
