//! The traits a typed id's methods come from, for a glob import:
//! `use idtypes::prelude::*;`.
//!
//! A typed id has its text and conversions as inherent methods (`parse`, `encode`,
//! `as_inner`, ...). What it does as its format (`now()`, `timestamp_micros()`,
//! `range_for_time`, ...) comes from the format's extension trait, implemented once for every
//! typed id of the format, so each typed id costs the compiler no more than a newtype.
//! Importing the prelude brings all of them, and [`TypedId`], into scope; the names are the
//! traits' own, so they can also be imported one by one.
//!
//! # Examples
//!
//! ```
//! # #[cfg(all(feature = "derive", feature = "std"))] {
//! use idtypes::prelude::*;
//!
//! #[derive(idtypes::Tid)]
//! #[idtype(prefix = "post")]
//! struct PostId(idtypes::Tid);
//!
//! #[derive(idtypes::Ulid)]
//! #[idtype(prefix = "order")]
//! struct OrderId(idtypes::Ulid);
//!
//! let post = PostId::now(); // TypedTid::now
//! let order = OrderId::now(); // TypedUlid::now
//! assert!(post.timestamp_micros() / 1000 <= order.timestamp_millis() + 1);
//! assert_eq!(PostId::PREFIX, <PostId as TypedId>::PREFIX);
//! # }
//! ```

pub use crate::TypedId;
pub use crate::cuid2::TypedCuid2;
pub use crate::ksuid::TypedKsuid;
pub use crate::nanoid::TypedNanoId;
pub use crate::object_id::TypedObjectId;
pub use crate::rs_xid::TypedRsXid;
pub use crate::snowflake::TypedSnowflake;
pub use crate::sonyflake::TypedSonyflake;
pub use crate::tbsl::TypedTbsl;
pub use crate::tid::TypedTid;
pub use crate::time_id::TypedTimeId;
pub use crate::uid11::{TypedFullRand, TypedSnowish, TypedTsSeqRand, TypedUid11, TypedUid11Xid};
pub use crate::ulid::TypedUlid;
#[cfg(feature = "uuid")]
pub use crate::uuids::TypedUuid;
