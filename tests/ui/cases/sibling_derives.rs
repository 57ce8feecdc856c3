// A `derive` after the id derive that names impls the id derive writes is refused at each
// of them, saying so (instead of one E0119 "conflicting implementations" per trait).

#[derive(idtypes::Tid)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[idtype(prefix = "post")]
struct PostId(idtypes::Tid);

fn main() {}
