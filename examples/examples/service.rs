//! A JSON API with typed ids on axum and embedded SQLite, with its OpenAPI document: starts
//! two instances on sqlx on free local ports, makes a few requests, prints them and exits. The
//! code is in `examples/src/service/`; the service guide (`idtypes/docs/service_guide.md`)
//! walks through it. `service_sea_orm` is the same service on SeaORM.
//!
//! Run it with `cargo run -p idtypes-examples --example service`.

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    idtypes_examples::service::run(idtypes_examples::service::Stack::Sqlx).await
}
