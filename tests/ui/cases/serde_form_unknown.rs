// `serde` is `"text"` or `"raw"`, lowercase.

#[derive(idtypes::TimeId)]
#[idtype(prefix = "evt", serde = "Text")]
struct EventId(idtypes::TimeId);

#[derive(idtypes::Tbsl)]
#[idtype(prefix = "txn", serde = "bytes")]
struct TxnId(idtypes::Tbsl);

fn main() {}
