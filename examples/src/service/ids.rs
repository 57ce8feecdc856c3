//! The service's id types: each is its own type, with its own prefix in JSON and URLs, and
//! stored in the database exactly as its inner id (8 bytes, byte order = time order).

use idtypes::{Tid, Uid11Xid};

/// A user: an xid (a millisecond timestamp and randomness, 11 characters), as `user_…`.
#[derive(Uid11Xid)]
#[idtype(prefix = "user")]
pub struct UserId(Uid11Xid);

/// A post: an atproto TID (microseconds and a clock id, 13 characters), as `post_…`.
#[derive(Tid)]
#[idtype(prefix = "post")]
pub struct PostId(Tid);
