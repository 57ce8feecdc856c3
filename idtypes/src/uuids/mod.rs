//! UUIDs as a format: the `uuid` crate's [`Uuid`](uuid::Uuid) (no second UUID type), with
//! typed ids whose text is the TypeID form (`user_01h455vb4pex5vsknk084sn02q`), a TypeID value
//! whose prefix is known only at run time ([`DynTypeId`]), and generators for version 7
//! (monotonic within a millisecond, fork-safe) and version 4.

mod dyn_type_id;
#[cfg(all(feature = "std", idtypes_host))]
mod generator;
mod hyphenated;
mod type_id_text;
mod typed;
pub(crate) mod typeid;

pub use dyn_type_id::DynTypeId;
#[cfg(all(feature = "std", idtypes_host))]
pub use generator::{UuidV7Generator, new_v4, now_v7};
pub use hyphenated::parse_hyphenated;
pub use type_id_text::TypeIdText;
#[doc(hidden)]
pub use typed::{check_typeid_prefix, uuid_suffix};
