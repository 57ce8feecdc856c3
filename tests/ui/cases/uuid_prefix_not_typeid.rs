// A typed UUID's text is a TypeID: its prefix is `a`-`z` and inner `_` only, its separator `_`
// (unless it chooses the hyphenated text, which takes any prefix and separator).

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user2")]
struct UserId(idtypes::Uuid);

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user", separator = "-")]
struct MemberId(idtypes::Uuid);

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user2", separator = "-", text = "hyphenated")]
struct AccountId(idtypes::Uuid);

fn main() {}
