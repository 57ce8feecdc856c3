// A tuple struct with two fields is not the single-field tuple struct the derive needs.

#[derive(idtypes::Tid)]
struct PostId(idtypes::Tid, u32);

fn main() {}
