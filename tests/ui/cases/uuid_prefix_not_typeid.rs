// A typed UUID's text is a TypeID: its prefix is `a`-`z` and inner `_` only, its separator `_`.

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user2")]
struct UserId(idtypes::Uuid);

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user", separator = "-")]
struct MemberId(idtypes::Uuid);

fn main() {}
