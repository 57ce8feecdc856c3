// A misspelt attribute name is refused with the name it was likely meant to be.

#[derive(idtypes::Tid)]
#[idtype(prefx = "post")]
struct PostId(idtypes::Tid);

fn main() {}
