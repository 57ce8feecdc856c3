// The format's methods are its extension trait's (`TypedTid`): without the trait in scope the
// compiler says which one to import.
#[derive(idtypes::Tid)]
#[idtype(prefix = "post")]
struct PostId(idtypes::Tid);

fn main() {
    let _id = PostId::now();
}
