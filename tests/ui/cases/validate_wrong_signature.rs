// A `validate` function must take `&Inner`; one taking `u64` is a type error at its path.

fn not_zero(value: u64) -> Result<(), String> {
    if value == 0 {
        Err("zero".to_owned())
    } else {
        Ok(())
    }
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = not_zero)]
struct PostId(idtypes::Tid);

fn main() {}
