// Trusting stored values means skipping the type's checks; a type without checks has none.

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", decode = "trust")]
struct PostId(idtypes::Tid);

fn main() {}
