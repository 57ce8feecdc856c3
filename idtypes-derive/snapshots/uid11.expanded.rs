#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for FileId {
        type Inner = ::idtypes::Uid11;
        type Checks = ::idtypes::checks::Unchecked;
        const TYPE_NAME: &'static ::idtypes::__private::core::primitive::str = "FileId";
        const PREFIX: &'static ::idtypes::__private::core::primitive::str = "";
        const SEPARATOR: &'static ::idtypes::__private::core::primitive::str = "_";
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::Uid11) -> Self {
            Self(inner)
        }
        #[inline]
        fn as_inner(&self) -> &::idtypes::Uid11 {
            &self.0
        }
        #[inline]
        fn into_inner(self) -> ::idtypes::Uid11 {
            self.0
        }
    }
    impl FileId {
        /// The prefix of the text (`""`: none).
        pub const PREFIX: &'static ::idtypes::__private::core::primitive::str = "";
        /// What stands between the prefix and the id's own text.
        pub const SEPARATOR: &'static ::idtypes::__private::core::primitive::str = "_";
        /// The typed id holding `inner`.
        #[inline]
        pub const fn from_inner(inner: ::idtypes::Uid11) -> Self {
            Self(inner)
        }
        /// Parses the prefixed text like `parse`, but without the type's checks: the
        /// prefix, the separator and the inner format are still read strictly.
        ///
        /// # Errors
        ///
        /// A missing or different prefix, a bad separator, or the inner format's error.
        #[inline]
        pub fn parse_unchecked(
            text: &::idtypes::__private::core::primitive::str,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse_unchecked::<Self>(text)
        }
        /// Parses the prefixed text (the same as `str::parse`).
        ///
        /// # Errors
        ///
        /// A missing or different prefix, a bad separator, the inner format's error
        /// (positioned in the whole text), or the type's check.
        #[inline]
        pub fn parse(
            text: &::idtypes::__private::core::primitive::str,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    ::idtypes::__idtypes_typed_uid11! {
        FileId, unchecked, "", ""
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::fmt::Display for FileId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::core::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::core::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::fmt::Debug for FileId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::core::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::core::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::str::FromStr for FileId {
        type Err = ::idtypes::Error;
        #[inline]
        fn from_str(
            text: &::idtypes::__private::core::primitive::str,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::TryFrom<
        &::idtypes::__private::core::primitive::str,
    > for FileId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::core::primitive::str,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::From<FileId> for ::idtypes::Uid11 {
        #[inline]
        fn from(id: FileId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::From<::idtypes::Uid11> for FileId {
        #[inline]
        fn from(inner: ::idtypes::Uid11) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::AsRef<::idtypes::Uid11> for FileId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::Uid11 {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::PartialEq for FileId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::core::primitive::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::Eq for FileId {}
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::PartialOrd for FileId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> ::idtypes::__private::core::option::Option<
            ::idtypes::__private::core::cmp::Ordering,
        > {
            ::idtypes::__private::core::option::Option::Some(
                ::idtypes::__private::core::cmp::Ord::cmp(self, other),
            )
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::Ord for FileId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::core::cmp::Ordering {
            ::idtypes::__private::core::cmp::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::hash::Hash for FileId {
        #[inline]
        fn hash<H: ::idtypes::__private::core::hash::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::core::hash::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        FileId
    }
};
