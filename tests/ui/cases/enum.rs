// An enum cannot be a typed id, even one whose variants each hold an id.

#[derive(idtypes::Tid)]
enum PostId {
    Old(idtypes::Tid),
    New(idtypes::Tid),
}

fn main() {}
