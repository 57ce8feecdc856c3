//! The service's id types: each is its own type, with its own prefix in JSON and URLs, and
//! stored in the database exactly as its inner id (8 bytes, byte order = time order).

use idtypes::{Tid, Xid};

/// A user: an xid (a millisecond timestamp and randomness, 11 characters), as `user_…`.
#[derive(Xid)]
#[idtype(prefix = "user")]
pub struct UserId(Xid);

/// A post: an atproto TID (microseconds and a clock id, 13 characters), as `post_…`.
#[derive(Tid)]
#[idtype(prefix = "post")]
pub struct PostId(Tid);
