#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for UserId {
        type Inner = ::idtypes::Uuid;
        type Checks = ::idtypes::checks::Unchecked;
        const TYPE_NAME: &'static ::idtypes::__private::core::primitive::str = "UserId";
        const PREFIX: &'static ::idtypes::__private::core::primitive::str = "user";
        const SEPARATOR: &'static ::idtypes::__private::core::primitive::str = "_";
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::Uuid) -> Self {
            Self(inner)
        }
        #[inline]
        fn as_inner(&self) -> &::idtypes::Uuid {
            &self.0
        }
        #[inline]
        fn into_inner(self) -> ::idtypes::Uuid {
            self.0
        }
    }
    impl UserId {
        /// The prefix of the text (`""`: none).
        pub const PREFIX: &'static ::idtypes::__private::core::primitive::str = "user";
        /// What stands between the prefix and the id's own text.
        pub const SEPARATOR: &'static ::idtypes::__private::core::primitive::str = "_";
        /// The typed id holding `inner`.
        #[inline]
        pub const fn from_inner(inner: ::idtypes::Uuid) -> Self {
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
    ::idtypes::__idtypes_typed_uuid! {
        UserId, unchecked, "user", "_"
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::fmt::Display for UserId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::core::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::core::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::fmt::Debug for UserId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::core::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::core::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::str::FromStr for UserId {
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
    > for UserId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::core::primitive::str,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::From<UserId> for ::idtypes::Uuid {
        #[inline]
        fn from(id: UserId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::From<::idtypes::Uuid> for UserId {
        #[inline]
        fn from(inner: ::idtypes::Uuid) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::AsRef<::idtypes::Uuid> for UserId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::Uuid {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::PartialEq for UserId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::core::primitive::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::Eq for UserId {}
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::PartialOrd for UserId {
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
    impl ::idtypes::__private::core::cmp::Ord for UserId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::core::cmp::Ordering {
            ::idtypes::__private::core::cmp::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::hash::Hash for UserId {
        #[inline]
        fn hash<H: ::idtypes::__private::core::hash::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::core::hash::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        UserId
    }
};
