// A record key type must be one of the atproto lexicon's.

#[derive(idtypes::RecordKey)]
#[idtype(key_type = "record")]
struct PostKey(idtypes::RecordKey);

fn main() {}
