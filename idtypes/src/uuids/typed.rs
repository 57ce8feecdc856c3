//! What `#[derive(Uuid)]` adds to a typed id: the TypeID text and its rules, and the UUID's
//! generation, typed.

#[cfg(all(feature = "std", idtypes_host))]
use super::UuidV7Generator;
use crate::typed::ext;
use crate::{TypedId, Uuid};

/// What a typed UUID does as a UUID: the time of a version 7 UUID, time ranges and
/// generation, typed. Implemented for every typed id over a [`Uuid`](struct@Uuid)
/// (`#[derive(idtypes::Uuid)]`); in scope with `use idtypes::prelude::*`.
///
/// A typed UUID whose text is a TypeID (the default) also has an inherent
/// `range_for_prefix`: prefix ranges of the TypeID text.
///
/// # Examples
///
/// ```
/// # #[cfg(all(feature = "derive", feature = "std"))] {
/// use idtypes::prelude::*;
///
/// #[derive(idtypes::Uuid)]
/// #[idtype(prefix = "user")]
/// struct UserId(idtypes::Uuid);
///
/// let id = UserId::now_v7();
/// let millis = id.timestamp_millis().unwrap();
/// assert!(UserId::range_for_millis(0, millis).unwrap().contains(&id));
/// assert_eq!(UserId::new_v4().timestamp_millis(), None);
/// assert_eq!(UserId::at(id.timestamp().unwrap())?.timestamp_millis(), Some(millis));
/// # }
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait TypedUuid: TypedId<Inner = Uuid> + Copy {
    /// The Unix milliseconds of a version 7 UUID, or `None` for another version.
    #[inline]
    fn timestamp_millis(&self) -> Option<u64> {
        super::timestamp_millis(*self.as_inner())
    }

    /// The time of a version 7 UUID as a `SystemTime`, or `None` for another version.
    #[cfg(feature = "std")]
    #[inline]
    fn timestamp(&self) -> Option<std::time::SystemTime> {
        super::timestamp(*self.as_inner())
    }

    /// The time of a version 7 UUID as a UTC time of any date-time library, or `None` for
    /// another version or a time the type cannot hold (see [`datetime`](super::datetime)).
    #[inline]
    fn datetime<T: crate::UtcTime>(&self) -> Option<T> {
        super::datetime(*self.as_inner())
    }

    ext::integer_range!(crate::uuids, range_for_millis, "milliseconds");
    ext::time_ranges!(crate::uuids);
    ext::new!(
        now_v7,
        crate::uuids::now_v7,
        "A new version 7 UUID from the process-wide generator ([`now_v7`](crate::uuids::now_v7))."
    );
    ext::new!(
        new_v4,
        crate::uuids::new_v4,
        "A new version 4 (random) UUID ([`new_v4`](crate::uuids::new_v4))."
    );
    ext::next_from!(UuidV7Generator);
    ext::at!(
        crate::uuids::at_v7,
        "A new version 7 UUID of the time `time`, rounded down to the millisecond, with fresh random bits ([`at_v7`](crate::uuids::at_v7)): for tests and backfills."
    );
}

ext::blanket_impl!(TypedUuid for Uuid);

/// The UUID part of a typed id's API: `UserId { checked | unchecked, "user", "_" }`, and
/// `text = hyphenated` after those for a type whose text is the hyphenated form.
///
/// A typed UUID's text is a TypeID, unless it chooses the hyphenated form: its prefix must
/// then be a TypeID prefix (0 to 63 of `a`-`z` and `_`, not starting or ending with `_`),
/// joined by `_`. Checked at compile time (the derive checks it first, at the prefix).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_uuid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        const _: () = $crate::__private::check_typeid_prefix($prefix, $separator);

        $crate::__idtypes_typed_uuid!(@common $name, $checks);

        impl $name {
            /// The TypeID text on the stack, without allocating (what `Display` writes).
            #[inline]
            pub const fn encode(self) -> $crate::IdText<{ $prefix.len() + $separator.len() + 26 }> {
                $crate::__private::prefixed_text(
                    $prefix,
                    $separator,
                    $crate::__private::uuid_suffix(self.0),
                )
            }

            /// The id as a [`DynTypeId`]($crate::uuids::DynTypeId): its prefix and UUID, for
            /// code that handles TypeIDs of any type.
            #[inline]
            pub const fn to_dyn_type_id(self) -> $crate::uuids::DynTypeId {
                $crate::__private::dyn_type_id($prefix, self.0)
            }

            $crate::__idtypes_typed_prefix_range!(pub uuids);
        }
    };
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal, text = hyphenated) => {
        $crate::__idtypes_typed_uuid!(@common $name, $checks);

        impl $name {
            /// The prefixed hyphenated text on the stack, without allocating (what `Display`
            /// writes).
            #[inline]
            pub const fn encode(self) -> $crate::IdText<{ $prefix.len() + $separator.len() + 36 }> {
                $crate::__private::prefixed_text(
                    $prefix,
                    $separator,
                    $crate::uuids::encode_hyphenated(self.0),
                )
            }
        }
    };
    (@common $name:ident, $checks:ident) => {
        #[automatically_derived]
        impl $crate::__private::Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                *self
            }
        }

        #[automatically_derived]
        impl $crate::__private::Copy for $name {}

        $crate::__idtypes_typed_uuid!(@default $name, $checks);

        impl $name {
            $crate::__idtypes_typed_from_inner!($checks, $crate::Uuid);

            /// The typed id holding `inner`, without the type's checks: for values known to be good
            /// (see `TypedId::from_inner_unchecked`).
            #[inline]
            pub const fn from_inner_unchecked(inner: $crate::Uuid) -> Self {
                Self(inner)
            }

            /// The UUID inside.
            #[inline]
            pub const fn as_inner(&self) -> &$crate::Uuid {
                &self.0
            }

            /// The UUID inside, by value.
            #[inline]
            pub const fn into_inner(self) -> $crate::Uuid {
                self.0
            }
        }
    };
    // A type with checks has no default: the nil UUID may not pass them.
    (@default $name:ident, checked) => {};
    (@default $name:ident, unchecked) => {
        #[automatically_derived]
        impl $crate::__private::Default for $name {
            /// The nil UUID.
            #[inline]
            fn default() -> Self {
                Self($crate::Uuid::nil())
            }
        }
    };
}

/// The TypeID suffix of `uuid`, for the derive's `encode`.
#[doc(hidden)]
#[inline]
pub const fn uuid_suffix(uuid: uuid::Uuid) -> crate::IdText<26> {
    super::typeid::encode_suffix(uuid.as_u128())
}

/// A typed UUID's [`DynTypeId`](super::DynTypeId), whose prefix [`check_typeid_prefix`]
/// checked when the type was compiled: not checked again.
#[doc(hidden)]
#[inline]
pub const fn dyn_type_id(prefix: &'static str, uuid: uuid::Uuid) -> super::DynTypeId {
    if prefix.len() > super::DynTypeId::MAX_PREFIX_LEN {
        // Unreachable from the derive: `check_typeid_prefix` refused the type.
        panic!("a TypeID prefix is at most 63 bytes");
    }
    super::DynTypeId::from_checked(prefix.as_bytes(), uuid)
}

/// Refuses, at compile time, a typed UUID whose text would not be a TypeID: a prefix outside
/// the TypeID rules, or a separator other than `_` (none without a prefix).
#[doc(hidden)]
pub const fn check_typeid_prefix(prefix: &str, separator: &str) {
    if !super::typeid::is_prefix(prefix.as_bytes()) {
        panic!(
            "a typed UUID's prefix must be a TypeID prefix: up to 63 characters of `a`-`z` and \
             `_`, not starting or ending with `_`"
        );
    }
    let separator = separator.as_bytes();
    let expected: &[u8] = if prefix.is_empty() { b"" } else { b"_" };
    if separator.len() != expected.len() || (!expected.is_empty() && separator[0] != b'_') {
        panic!(
            "a typed UUID's separator is `_`: its text is a TypeID (`user_01h455vb4pex5vsknk084sn02q`)"
        );
    }
}
