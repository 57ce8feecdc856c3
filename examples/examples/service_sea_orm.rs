//! The `service` example on SeaORM: the same routes, table and answers, its posts an entity
//! whose key and columns are typed ids, its clock ids leased through the sqlx pool under
//! SeaORM's connection. Two instances on one SQLite file start on free local ports, make a
//! few requests, print them and exit. The code is in `examples/src/service/`
//! (`store/sea_orm_store.rs`); the service guide (`idtypes/docs/service_guide.md`) walks
//! through it.
//!
//! Run it with `cargo run -p idtypes-examples --example service_sea_orm`.

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    idtypes_examples::service::run(idtypes_examples::service::Stack::SeaOrm).await
}
