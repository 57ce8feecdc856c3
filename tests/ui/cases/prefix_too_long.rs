// A prefix is at most 63 bytes; this one is 64.

#[derive(idtypes::Tid)]
#[idtype(prefix = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa")]
struct PostId(idtypes::Tid);

fn main() {}
