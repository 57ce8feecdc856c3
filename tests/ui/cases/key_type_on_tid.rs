// `key_type` belongs to `#[derive(RecordKey)]`; a TID has no record key type.

#[derive(idtypes::Tid)]
#[idtype(key_type = "tid")]
struct PostId(idtypes::Tid);

fn main() {}
