// The field must be the derived format's type, not the integer a TID is made of.

#[derive(idtypes::Tid)]
struct PostId(u64);

fn main() {}
