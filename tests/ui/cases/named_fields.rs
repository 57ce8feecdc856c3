// A struct with a named field is not the single-field tuple struct the derive needs.

#[derive(idtypes::Tid)]
struct PostId {
    id: idtypes::Tid,
}

fn main() {}
