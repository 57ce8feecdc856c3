//! What `#[derive(RecordKey)]` adds to a typed id beside what every typed id has: `Clone` (a
//! record key is a string, not `Copy`), the accessors and the key's text.

/// The record-key part of a typed id's API: `PostKey { checked | unchecked }`. The record key
/// type the derive was given (`key_type`) is the derive's own: it writes `key_type()`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_record_key {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        #[automatically_derived]
        impl $crate::__private::core::clone::Clone for $name {
            #[inline]
            fn clone(&self) -> Self {
                Self($crate::__private::core::clone::Clone::clone(&self.0))
            }
        }

        #[automatically_derived]
        impl $name {
            $crate::__idtypes_typed_accessors!();

            /// The record key's text, without the type's prefix.
            #[inline]
            pub fn as_str(&self) -> &$crate::__private::core::primitive::str {
                self.0.as_str()
            }
        }
    };
}
