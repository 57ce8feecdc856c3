// A separator without a prefix would separate nothing.

#[derive(idtypes::Tid)]
#[idtype(separator = "-")]
struct PostId(idtypes::Tid);

fn main() {}
