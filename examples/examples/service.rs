//! A JSON API with typed ids on axum and embedded SQLite, with its OpenAPI document: starts
//! on a free local port, makes a few requests, prints them and exits. The code is in
//! `examples/src/service/`; the service guide (`idtypes/docs/service_guide.md`) walks
//! through it.
//!
//! Run it with `cargo run -p idtypes-examples --example service`.

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    for exchange in idtypes_examples::service::exercise().await? {
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
