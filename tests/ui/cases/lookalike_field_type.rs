// A field whose type is named like the format's but is another type: refused at the field.
mod other {
    #[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
    pub struct Tid(pub u64);
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post")]
struct PostId(other::Tid);

fn main() {}
