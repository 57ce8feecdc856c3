// A where clause without generic parameters is refused too.

#[derive(idtypes::Tid)]
struct PostId(idtypes::Tid)
where
    idtypes::Tid: Copy;

fn main() {}
