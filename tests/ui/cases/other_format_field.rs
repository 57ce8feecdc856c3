// A field of another format's type: the error names the derive that fits it.

#[derive(idtypes::Tid)]
struct EventId(idtypes::TimeId);

fn main() {}
