// A prefix must start with a letter.

#[derive(idtypes::Tid)]
#[idtype(prefix = "2fa")]
struct TwoFactorId(idtypes::Tid);

fn main() {}
