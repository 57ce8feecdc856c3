// `text` chooses among a typed UUID's texts; other formats have one text.

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user", text = "hex")]
struct UserId(idtypes::Uuid);

#[derive(idtypes::Tid)]
#[idtype(prefix = "post", text = "hyphenated")]
struct PostId(idtypes::Tid);

fn main() {}
