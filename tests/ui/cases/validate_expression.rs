// `validate` takes a function path or a closure; any other expression is refused at it.

fn checker() -> fn(&idtypes::Tid) -> Result<(), String> {
    |_| Ok(())
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = checker())]
struct PostId(idtypes::Tid);

fn main() {}
