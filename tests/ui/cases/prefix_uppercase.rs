// A prefix with uppercase letters is refused with its lowercase form as the fix.

#[derive(idtypes::Tid)]
#[idtype(prefix = "Post")]
struct PostId(idtypes::Tid);

fn main() {}
