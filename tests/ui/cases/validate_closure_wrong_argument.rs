// A closure is a `validate` function too, and a wrong argument type is refused at it.

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = |id: u64| if id == 0 { Err("zero") } else { Ok(()) })]
struct PostId(idtypes::Tid);

fn main() {}
