// A `validate` function's error must be an error type, a `String` or a `&'static str`; an
// `i32` is refused with a message saying so, at the path.

pub fn is_recent(tid: &idtypes::Tid) -> Result<(), i32> {
    if tid.timestamp_micros() > 0 { Ok(()) } else { Err(-1) }
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = checks::is_recent)]
struct PostId(idtypes::Tid);

mod checks {
    pub use super::is_recent;
}

fn main() {}
