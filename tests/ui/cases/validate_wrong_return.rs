// A `validate` function returns `Result<(), E>`; one returning `bool` is refused at its path.

fn is_recent(tid: &idtypes::Tid) -> bool {
    tid.timestamp_micros() > 0
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = is_recent)]
struct PostId(idtypes::Tid);

fn main() {}
