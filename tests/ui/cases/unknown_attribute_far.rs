// An attribute name close to none of the known ones is refused with the list of them.

#[derive(idtypes::Tid)]
#[idtype(rename = "post")]
struct PostId(idtypes::Tid);

fn main() {}
