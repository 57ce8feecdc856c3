//! One typed id per format, without checks, shared by the derive and database tests.

use idtypes::{
    FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Ulid, Xid,
};

/// A post: a TID as `post_3jzfcijpj2z2a`.
#[derive(Tid)]
#[idtype(prefix = "post")]
pub struct PostId(Tid);

/// An event: a TimeId as `evt-3kxnlhr3gxq23`.
#[derive(TimeId)]
#[idtype(prefix = "evt", separator = "-")]
pub struct EventId(TimeId);

/// A file: a uid11 as `file_…`.
#[derive(Uid11)]
#[idtype(prefix = "file")]
pub struct FileId(Uid11);

/// An order: an xid as `order_…`.
#[derive(Xid)]
#[idtype(prefix = "order")]
pub struct OrderId(Xid);

/// A job: a snowish uid11 as `job_…`.
#[derive(Snowish)]
#[idtype(prefix = "job")]
pub struct JobId(Snowish);

/// A message: a ts-seq-rand uid11 as `msg_…`.
#[derive(TsSeqRand)]
#[idtype(prefix = "msg")]
pub struct MsgId(TsSeqRand);

/// A token: a fullrand uid11 as `tok_…`.
#[derive(FullRand)]
#[idtype(prefix = "tok")]
pub struct TokenId(FullRand);

/// A chat message: a Snowflake as `chat_175928847299117063`.
#[derive(Snowflake)]
#[idtype(prefix = "chat")]
pub struct ChatId(Snowflake);

/// A transaction: a TBSL as `txn_…`.
#[derive(Tbsl)]
#[idtype(prefix = "txn")]
pub struct TxnId(Tbsl);

/// A payment: a ULID as `pay_01ARZ3NDEKTSV4RRFFQ69G5FAV`.
#[derive(Ulid)]
#[idtype(prefix = "pay")]
pub struct PaymentId(Ulid);

/// A note's record key, any key, as `note_…`.
#[derive(RecordKey)]
#[idtype(prefix = "note")]
pub struct NoteKey(RecordKey);

/// A user: a CUID2 (24 characters when generated) as `usr_tz4a98xxat96iws9zmbrgj3a`.
#[derive(idtypes::Cuid2)]
#[idtype(prefix = "usr")]
pub struct UserId(idtypes::Cuid2);
