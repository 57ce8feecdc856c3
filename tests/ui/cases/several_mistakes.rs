// Every mistake is reported in the same compile, each at its own token.

#[derive(idtypes::Tid)]
#[idtype(prefix = "Post", separator = "x")]
struct PostId(idtypes::Tid);

fn main() {}
