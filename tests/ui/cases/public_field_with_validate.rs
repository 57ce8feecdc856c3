// A type with a `validate` function keeps its field private: `pub` would let any code build
// `PostId(tid)` without the check.

fn recent(tid: &idtypes::Tid) -> Result<(), &'static str> {
    if tid.timestamp_micros() > 0 { Ok(()) } else { Err("made in 1970") }
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = recent)]
pub struct PostId(pub idtypes::Tid);

fn main() {}
