// `allow_public_field` is for a type with checks; without any it has nothing to allow.

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", allow_public_field)]
pub struct PostId(pub idtypes::Tid);

fn main() {}
