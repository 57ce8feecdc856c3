// An attribute given twice (here across two `#[idtype]`s) is refused at the second one.

#[derive(idtypes::Tid)]
#[idtype(prefix = "post")]
#[idtype(prefix = "article")]
struct PostId(idtypes::Tid);

fn main() {}
