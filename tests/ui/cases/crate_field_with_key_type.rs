// A record key with a `key_type` keeps its field private, `pub(crate)` included.

#[derive(idtypes::RecordKey)]
#[idtype(key_type = "tid")]
pub struct PostKey(pub(crate) idtypes::RecordKey);

fn main() {}
