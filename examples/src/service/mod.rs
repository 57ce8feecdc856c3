//! A small JSON API with typed ids, served by axum over embedded SQLite, with an OpenAPI
//! document: what the service guide (`idtypes/docs/service_guide.md`) describes, as code
//! that runs, on sqlx or on SeaORM ([`Stack`]).
//!
//! - [`ids`]: `UserId` (an xid, `user_…`) and `PostId` (a TID, `post_…`);
//! - [`store`]: the table (DDL for SQLite, PostgreSQL and MySQL/MariaDB) and the queries,
//!   including "the posts since a moment" as `WHERE id BETWEEN ? AND ?`, with sqlx
//!   ([`store::SqlxStore`]) and with a SeaORM entity ([`store::SeaOrmStore`]);
//! - [`routes`]: `POST /posts`, `GET /posts/{id}`, `GET /posts?since=…` and
//!   `GET /openapi.json`;
//! - [`client`]: a few lines of HTTP, so that [`exercise`] can call the service it started.
//!
//! `cargo run -p idtypes-examples --example service` starts two instances on sqlx, makes a
//! few requests, prints them and exits; `--example service_sea_orm` does the same on SeaORM.

pub mod client;
pub mod ids;
pub mod routes;
pub mod store;

use std::{
    net::SocketAddr,
    path::{Path, PathBuf},
    sync::Arc,
    time::Duration,
};

use idtypes::prelude::*;
use idtypes::{
    lease::{LeasedGenerator, Leases},
    tid::TidGenerator,
};
use sea_orm::{ConnectOptions, DatabaseConnection};
use sqlx::{
    Sqlite, SqlitePool,
    sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePoolOptions},
};
use tokio::{net::TcpListener, sync::oneshot, task::JoinHandle};

use client::{Exchange, send};
use store::{SeaOrmStore, SqlxStore, Store};

/// The crate the service queries its table with: the same routes, table and answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stack {
    /// sqlx's queries ([`SqlxStore`]).
    Sqlx,
    /// A SeaORM entity ([`SeaOrmStore`]), on SeaORM's own connection pool.
    SeaOrm,
}

/// What a connection to the shared SQLite file needs: WAL, so that readers do not wait for
/// writers, and a busy timeout for the writers.
fn sqlite_options(options: SqliteConnectOptions) -> SqliteConnectOptions {
    options
        .create_if_missing(true)
        .journal_mode(SqliteJournalMode::Wal)
        .busy_timeout(Duration::from_secs(10))
}

/// An sqlx pool on the SQLite file `path`, which several instances (or processes) share.
pub async fn database(path: &Path) -> sqlx::Result<SqlitePool> {
    SqlitePoolOptions::new()
        .max_connections(4)
        .connect_with(sqlite_options(SqliteConnectOptions::new().filename(path)))
        .await
}

/// A SeaORM connection to the SQLite file `path`, with the sqlx options of [`database`]
/// (SeaORM's `sqlx-sqlite` runs on an sqlx pool, which [`Leases`] shares).
pub async fn sea_orm_database(path: &Path) -> Result<DatabaseConnection, sea_orm::DbErr> {
    let mut options = ConnectOptions::new(format!("sqlite://{}", path.display()));
    options
        .max_connections(4)
        .sqlx_logging(false)
        .map_sqlx_sqlite_opts(sqlite_options);
    sea_orm::Database::connect(options).await
}

/// One instance of the service, as a deployment runs several behind a load balancer: its own
/// pool, a generator of post ids on a clock id leased from the shared database (renewed in
/// the background, and leased again by itself when the lease is lost), and its server.
///
/// Who owns what: the instance and the routes share the [`LeasedGenerator`] (an `Arc`); the
/// instance releases it at shutdown, once the server has stopped.
pub struct Instance {
    /// Where it listens.
    pub addr: SocketAddr,
    /// Its generator of post ids.
    posts: Arc<LeasedGenerator<TidGenerator>>,
    /// Ends the server's graceful shutdown.
    stop: oneshot::Sender<()>,
    /// The server.
    server: JoinHandle<std::io::Result<()>>,
}

impl Instance {
    /// Starts an instance on the database at `path`, querying it with `stack`.
    pub async fn start(path: &Path, stack: Stack) -> Result<Instance, Box<dyn std::error::Error>> {
        match stack {
            Stack::Sqlx => {
                let pool = database(path).await?;
                Instance::serve(SqlxStore(pool.clone()), Leases::sqlite(pool)).await
            }
            Stack::SeaOrm => {
                let db = sea_orm_database(path).await?;
                // The leases table through the pool under SeaORM's connection.
                let leases = Leases::sqlite(db.get_sqlite_connection_pool().clone());
                Instance::serve(SeaOrmStore(db), leases).await
            }
        }
    }

    /// Leases a clock id (one of TIDs' 1,024) from `leases` for a TID generator that keeps
    /// its lease alive and leases again by itself, and serves `store` on a free port of
    /// 127.0.0.1.
    pub async fn serve<S: Store>(
        store: S,
        leases: Leases<Sqlite>,
    ) -> Result<Instance, Box<dyn std::error::Error>> {
        // Terms of 30 s, renewed a third of the way in; a term ends 5 s before its lease.
        let leases = leases.with_duration(Duration::from_secs(30), Duration::from_secs(5))?;
        leases.setup().await?; // CREATE TABLE IF NOT EXISTS idtypes_leases ...
        let posts = Arc::new(leases.generator("posts-tid", TidGenerator::new()).await?);
        let state = routes::AppState {
            store,
            posts: Arc::clone(&posts),
        };
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(async move {
            axum::serve(listener, routes::router(state))
                .with_graceful_shutdown(async {
                    let _ = stopped.await;
                })
                .await
        });
        Ok(Instance {
            addr,
            posts,
            stop,
            server,
        })
    }

    /// The clock id its post ids carry now.
    pub fn clock_id(&self) -> u32 {
        self.posts.status().value()
    }

    /// Ends its lease's term as a lost lease does (the database unreachable past the term's
    /// deadline, say): the generator leases again by itself, and goes on.
    pub fn lose_lease(&self) {
        self.posts.term().end();
    }

    /// Stops leasing while still serving (what a drain before shutdown does): the lease goes
    /// back, and `POST /posts` and `GET /health` answer 503 from now on.
    pub async fn stop_leasing(&self) -> Result<(), idtypes::Error> {
        self.posts.release().await
    }

    /// Shuts down gracefully: stops accepting connections, lets the requests in flight
    /// finish, then releases the lease, handing the next holder of the clock id a mark past
    /// every id this instance made.
    pub async fn shut_down(self) -> Result<(), Box<dyn std::error::Error>> {
        let Instance {
            posts,
            stop,
            server,
            ..
        } = self;
        let _ = stop.send(());
        server.await??;
        posts.release().await?;
        Ok(())
    }
}

/// A new SQLite file in the temporary directory, with the `posts` table.
pub async fn new_database() -> Result<PathBuf, Box<dyn std::error::Error>> {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)?
        .as_nanos();
    let path =
        std::env::temp_dir().join(format!("idtypes-service-{}-{nanos}.db", std::process::id()));
    let pool = database(&path).await?;
    SqlxStore(pool.clone()).create_table().await?;
    pool.close().await;
    Ok(path)
}

/// `send`, the request marked with the instance it went to.
async fn on(
    instance: &str,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> std::io::Result<Exchange> {
    let mut exchange = send(addr, method, path, body).await?;
    exchange.request = format!("[{instance}] {}", exchange.request);
    Ok(exchange)
}

/// Starts two instances on one database, querying it with `stack`, and makes the requests the
/// example shows: the OpenAPI document; a post written on each (their ids carry different
/// leased clock ids); one with a post id where the author's user id belongs (422); reads by
/// id, by a user id (400) and of a post that does not exist (404); the list of the last
/// minute, and one with a post id as `author` (400); then the first instance's lease is lost:
/// it leases again by itself, and a post there succeeds (201) and its health check says it
/// took a second lease (200); then it stops leasing (as it would to drain): a post there is
/// refused (503) and its health check fails (503) while the second's passes; both shut down.
pub async fn exercise(stack: Stack) -> Result<Vec<Exchange>, Box<dyn std::error::Error>> {
    let path = new_database().await?;
    let a = Instance::start(&path, stack).await?;
    let b = Instance::start(&path, stack).await?;
    let mut exchanges = vec![on("A", a.addr, "GET", "/openapi.json", None).await?];

    let author = ids::UserId::now();
    let body = format!(r#"{{"author":"{author}","text":"hello"}}"#);
    let created = on("A", a.addr, "POST", "/posts", Some(&body)).await?;
    let post: routes::Post = serde_json::from_str(&created.body)?;
    exchanges.push(created);
    exchanges.push(on("B", b.addr, "POST", "/posts", Some(&body)).await?);

    let wrong = format!(r#"{{"author":"{}","text":"mixed up"}}"#, post.id);
    exchanges.push(on("A", a.addr, "POST", "/posts", Some(&wrong)).await?);
    exchanges.push(on("B", b.addr, "GET", &format!("/posts/{}", post.id), None).await?);
    exchanges.push(on("B", b.addr, "GET", &format!("/posts/{author}"), None).await?);
    let missing = ids::PostId::from_inner(idtypes::Tid::from_parts(0, 0)?);
    exchanges.push(on("B", b.addr, "GET", &format!("/posts/{missing}"), None).await?);

    let minute_ago = chrono::Utc::now() - chrono::Duration::minutes(1);
    let since = minute_ago.to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    let list = format!("/posts?since={since}&author={author}");
    exchanges.push(on("A", a.addr, "GET", &list, None).await?);
    let list = format!("/posts?since={since}&author={}", post.id);
    exchanges.push(on("A", a.addr, "GET", &list, None).await?);

    a.lose_lease();
    exchanges.push(on("A", a.addr, "POST", "/posts", Some(&body)).await?);
    exchanges.push(on("A", a.addr, "GET", "/health", None).await?);

    a.stop_leasing().await?;
    exchanges.push(on("A", a.addr, "POST", "/posts", Some(&body)).await?);
    exchanges.push(on("A", a.addr, "GET", "/health", None).await?);
    exchanges.push(on("B", b.addr, "GET", "/health", None).await?);

    a.shut_down().await?;
    b.shut_down().await?;
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{}{suffix}", path.display()));
    }
    Ok(exchanges)
}

/// What the examples' `main` does: [`exercise`] on `stack`, and each request and its response
/// printed.
pub async fn run(stack: Stack) -> Result<(), Box<dyn std::error::Error>> {
    for exchange in exercise(stack).await? {
        println!("\n> {}", exchange.request);
        if let Some(body) = &exchange.request_body {
            println!("> {body}");
        }
        println!("< {}", exchange.status);
        if exchange.request.ends_with("/openapi.json") {
            // The whole document is long: show the two id schemas.
            let document: serde_json::Value = serde_json::from_str(&exchange.body)?;
            let schemas = &document["components"]["schemas"];
            for name in ["PostId", "UserId"] {
                println!("< components.schemas.{name}: {}", schemas[name]);
            }
        } else {
            println!("< {}", exchange.body);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `detail` of a problem (RFC 9457) body, checking its shape on the way.
    fn error(exchange: &Exchange) -> String {
        let body: serde_json::Value = serde_json::from_str(&exchange.body)
            .unwrap_or_else(|err| panic!("not JSON ({err}): {}", exchange.body));
        assert_eq!(body["status"], exchange.status, "{}", exchange.body);
        assert!(body["type"].is_string() && body["title"].is_string());
        body["detail"].as_str().unwrap().to_owned()
    }

    #[tokio::test]
    async fn the_service_answers_as_the_example_shows() {
        answers_as_the_example_shows(exercise(Stack::Sqlx).await.unwrap());
    }

    /// The SeaORM variant: the same routes, table and leases, the same answers.
    #[tokio::test]
    async fn the_sea_orm_service_answers_the_same() {
        answers_as_the_example_shows(exercise(Stack::SeaOrm).await.unwrap());
    }

    /// The example's answers, whatever its stack.
    fn answers_as_the_example_shows(exchanges: Vec<Exchange>) {
        let statuses: Vec<u16> = exchanges.iter().map(|exchange| exchange.status).collect();
        assert_eq!(
            statuses,
            [
                200, 201, 201, 422, 200, 400, 404, 200, 400, 201, 200, 503, 503, 200
            ]
        );

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

        // The two instances' ids carry their own leased clock ids.
        let other: routes::Post = serde_json::from_str(&exchanges[2].body).unwrap();
        assert_ne!(post.id.clock_id(), other.id.clock_id());

        // Every error is JSON, from the body, the path and the query alike.
        assert!(error(&exchanges[3]).contains("expected the prefix `user_`, found `post_`"));
        assert!(error(&exchanges[5]).contains("expected the prefix `post_`, found `user_`"));
        assert!(error(&exchanges[6]).starts_with("no post "));
        let listed: Vec<routes::Post> = serde_json::from_str(&exchanges[7].body).unwrap();
        assert_eq!(
            listed.len(),
            2,
            "both instances' posts, from the one database"
        );
        assert!(listed[0].id < listed[1].id, "ORDER BY id is the ids' order");
        assert!(error(&exchanges[8]).contains("expected the prefix `user_`, found `post_`"));

        // The first instance's lease was lost: it leased again by itself, and its post ids
        // go on, later than its first.
        let again: routes::Post = serde_json::from_str(&exchanges[9].body).unwrap();
        assert!(again.id > post.id);
        let health: routes::Health = serde_json::from_str(&exchanges[10].body).unwrap();
        assert_eq!(health.leases_taken, 2);
        assert_eq!(health.clock_id, u32::from(again.id.clock_id()));
        // Then it stopped leasing: a post is 503, in general words (the generator's error,
        // converted by `?`, is logged, not answered); the health check says why.
        assert_eq!(
            error(&exchanges[11]),
            "no id can be made now; try again shortly",
            "{}",
            exchanges[11].body
        );
        assert!(error(&exchanges[12]).contains("released"));
        let health: routes::Health = serde_json::from_str(&exchanges[13].body).unwrap();
        assert_eq!(health.leases_taken, 1);
    }
}
