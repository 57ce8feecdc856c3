// The string form `validate = "path"` reports a wrong signature at the string.

fn not_zero(value: u64) -> Result<(), String> {
    if value == 0 {
        Err("zero".to_owned())
    } else {
        Ok(())
    }
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", validate = "not_zero")]
struct PostId(idtypes::Tid);

fn main() {}
