// The key of a `literal:` key type must itself be a valid record key (no `/`).

#[derive(idtypes::RecordKey)]
#[idtype(key_type = "literal:a/b")]
struct ProfileKey(idtypes::RecordKey);

fn main() {}
