//! UUIDs as a format: the `uuid` crate's [`Uuid`](uuid::Uuid) (no second UUID type), with
//! typed ids whose text is the TypeID form (`user_01h455vb4pex5vsknk084sn02q`), a TypeID value
//! whose prefix is known only at run time ([`DynTypeId`]), generators for version 7
//! (monotonic within a millisecond, fork-safe) and version 4, and ranges of version 7 UUIDs
//! by time ([`range_for_time`]) and of TypeIDs by prefix ([`range_for_prefix`]).
//!
//! A typed UUID's text is the TypeID form unless the type chooses the hyphenated one:
//!
//! ```
//! # #[cfg(feature = "derive")] {
//! use idtypes::Uuid;
//!
//! #[derive(idtypes::Uuid)]
//! #[idtype(prefix = "user")]
//! struct UserId(Uuid);
//!
//! #[derive(idtypes::Uuid)]
//! #[idtype(text = "hyphenated")]
//! struct SessionId(Uuid);
//!
//! let uuid = uuid::uuid!("01890a5d-ac96-774b-bcce-b302099a8057");
//! assert_eq!(UserId::from(uuid).to_string(), "user_01h455vb4pex5vsknk084sn02q");
//! assert_eq!(SessionId::from(uuid).to_string(), "01890a5d-ac96-774b-bcce-b302099a8057");
//! assert_eq!("01890A5D-AC96-774B-BCCE-B302099A8057".parse::<SessionId>()?.into_inner(), uuid);
//! # }
//! # Ok::<(), idtypes::Error>(())
//! ```

mod dyn_type_id;
#[cfg(all(feature = "std", idtypes_host))]
mod generator;
pub(crate) mod hyphenated;
mod range;
mod time;
mod type_id_text;
mod typed;
pub(crate) mod typeid;

pub use dyn_type_id::DynTypeId;
#[cfg(all(feature = "std", idtypes_host))]
pub use generator::{UuidV7Generator, at_v7, new_v4, now_v7};
#[doc(hidden)]
pub use hyphenated::HYPHENATED_TEXT;
pub use hyphenated::{encode_hyphenated, encode_hyphenated_fast, parse_hyphenated};
pub use range::{range_for_millis, range_for_prefix};
#[cfg(feature = "std")]
pub use range::{range_for_time, ranges_for_time};
pub use time::datetime;
#[cfg(feature = "std")]
pub use time::timestamp;
pub use time::timestamp_millis;
pub use type_id_text::TypeIdText;
pub use typed::TypedUuid;
#[doc(hidden)]
pub use typed::{check_typeid_prefix, dyn_type_id, uuid_suffix};
