// An empty prefix is refused: leaving `prefix` out is how to get the bare id text.

#[derive(idtypes::Tid)]
#[idtype(prefix = "")]
struct PostId(idtypes::Tid);

fn main() {}
