// A separator is ASCII punctuation; letters would run into the prefix and the id.

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", separator = "x")]
struct PostId(idtypes::Tid);

fn main() {}
