// A unit struct has no field to hold the id.

#[derive(idtypes::Tid)]
struct PostId;

fn main() {}
