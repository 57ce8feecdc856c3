// `decode` and `deserialize` are `"check"` or `"trust"`, lowercase.

fn recent(tid: &idtypes::Tid) -> Result<(), &'static str> {
    if tid.timestamp_micros() > 0 { Ok(()) } else { Err("made in 1970") }
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = recent, decode = "Trust", deserialize = "skip")]
struct PostId(idtypes::Tid);

fn main() {}
