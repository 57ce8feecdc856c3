// Record key types are lowercase; an uppercase one is refused with its lowercase form.

#[derive(idtypes::RecordKey)]
#[idtype(key_type = "TID")]
struct PostKey(idtypes::RecordKey);

fn main() {}
