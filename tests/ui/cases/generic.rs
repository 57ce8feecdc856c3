// A typed id cannot have generic parameters, even with its one field the format's type.

#[derive(idtypes::Tid)]
struct PostId<const N: usize>(idtypes::Tid);

fn main() {}
