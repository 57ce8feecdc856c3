//! One typed id per format, without checks, shared by the derive and database tests.

use idtypes::{
    FullRand, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Uid11Xid, Ulid,
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
#[derive(Uid11Xid)]
#[idtype(prefix = "order")]
pub struct OrderId(Uid11Xid);

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

/// A trace: a KSUID as `trace_0ujtsYcgvSTl8PAuAdqWYSMnLOv`.
#[derive(idtypes::Ksuid)]
#[idtype(prefix = "trace")]
pub struct TraceId(idtypes::Ksuid);

/// A batch job: a Sonyflake as `batch_578547906324398081`.
#[derive(idtypes::Sonyflake)]
#[idtype(prefix = "batch")]
pub struct BatchId(idtypes::Sonyflake);

/// A request: rs/xid's XID as `req_9m4e2mr0ui3e8a215n4g`.
#[derive(idtypes::RsXid)]
#[idtype(prefix = "req")]
pub struct RequestId(idtypes::RsXid);

/// A MongoDB order: an ObjectId as `order_64b7f0a1c2d3e4f5a6b7c8d9`.
#[derive(idtypes::ObjectId)]
#[idtype(prefix = "order")]
pub struct MongoOrderId(idtypes::ObjectId);

/// An invitation: a NanoID of 16 lowercase letters, as `inv_qzvbwxmtrjkaplsn`.
#[derive(idtypes::NanoId)]
#[idtype(prefix = "inv")]
pub struct InviteId(idtypes::NanoId<idtypes::nanoid::Lowercase, 16>);

/// A user: a CUID2 (24 characters when generated) as `usr_tz4a98xxat96iws9zmbrgj3a`.
#[derive(idtypes::Cuid2)]
#[idtype(prefix = "usr")]
pub struct UserId(idtypes::Cuid2);
