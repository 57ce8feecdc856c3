//! What `#[derive(RecordKey)]` adds to a typed id beside what every typed id has: `Clone` (a
//! record key is a string, not `Copy`), the accessors and the key's text; without a prefix,
//! `AsRef<str>` and `Borrow<str>`.

use crate::{RecordKey, TypedId, record_key::RecordKeyType};

/// A typed record key's record key type (what the derive's `key_type()` returns), for code
/// generic over typed ids: the `arbitrary` integration draws keys of that type. The
/// record-key template implements it. Not public API.
#[doc(hidden)]
pub trait TypedRecordKey: TypedId<Inner = RecordKey> {
    /// The record key type the type's keys must have.
    fn key_type() -> RecordKeyType;
}

/// The record-key part of a typed id's API: `PostKey { checked | unchecked, "", "" }`. The
/// record key type the derive was given (`key_type`) is the derive's own: it writes
/// `key_type()`.
///
/// A typed key without a prefix is its key's text, and compares and hashes as that text (the
/// inner key's `Eq`, `Ord` and `Hash` are `str`'s): it is `AsRef<str>` and `Borrow<str>`, so a
/// `HashSet<PostKey>` is looked up with a `&str`. One with a prefix is neither: its text
/// (`note_self`) is not what it compares (`self`), and a `Borrow<str>` that answered the
/// bare key would find `set.contains("self")` but not `set.contains("note_self")`. Its
/// `as_str()` and `as_inner()` give the key.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_record_key {
    (@common $name:ident, $checks:ident) => {
        #[automatically_derived]
        impl $crate::__private::Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                Self($crate::__private::Clone::clone(&self.0))
            }
        }

        impl $name {
            $crate::__idtypes_typed_from_inner!($checks, $crate::RecordKey);

            /// The typed id holding `inner`, without the type's checks: for values known to be good
            /// (see `TypedId::from_inner_unchecked`).
            #[inline]
            pub fn from_inner_unchecked(inner: $crate::RecordKey) -> Self {
                Self(inner)
            }

            /// The key inside.
            #[inline]
            pub fn as_inner(&self) -> &$crate::RecordKey {
                &self.0
            }

            /// The key inside, by value.
            #[inline]
            pub fn into_inner(self) -> $crate::RecordKey {
                self.0
            }

            /// The record key's text, without the type's prefix.
            #[inline]
            pub fn as_str(&self) -> &$crate::__private::str {
                self.0.as_str()
            }
        }

        #[automatically_derived]
        impl $crate::__private::TypedRecordKey for $name {
            #[inline]
            fn key_type() -> $crate::record_key::RecordKeyType {
                $name::key_type()
            }
        }
    };
    ($name:ident, $checks:ident, "", "") => {
        $crate::__idtypes_typed_record_key!(@common $name, $checks);

        #[automatically_derived]
        impl $crate::__private::AsRef<$crate::__private::str>
            for $name
        {
            #[inline]
            fn as_ref(&self) -> &$crate::__private::str {
                self.0.as_str()
            }
        }

        #[automatically_derived]
        impl $crate::__private::core::borrow::Borrow<$crate::__private::str>
            for $name
        {
            #[inline]
            fn borrow(&self) -> &$crate::__private::str {
                self.0.as_str()
            }
        }
    };
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_record_key!(@common $name, $checks);
    };
}
