#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for TokenId {
        type Inner = ::idtypes::FullRand;
        type Checks = ::idtypes::checks::Checked;
        const TYPE_NAME: &'static ::idtypes::__private::core::primitive::str = "TokenId";
        const PREFIX: &'static ::idtypes::__private::core::primitive::str = "tok";
        const SEPARATOR: &'static ::idtypes::__private::core::primitive::str = "_";
        const HAS_VALIDATE: ::idtypes::__private::core::primitive::bool = true;
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::FullRand) -> Self {
            Self(inner)
        }
        #[inline]
        fn try_from_inner(
            inner: ::idtypes::FullRand,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::validate::<
                Self,
                _,
                _,
            >(&inner, |_: &FullRand| Ok::<(), &'static str>(()))?;
            ::idtypes::__private::core::result::Result::Ok(Self(inner))
        }
        #[inline]
        fn as_inner(&self) -> &::idtypes::FullRand {
            &self.0
        }
        #[inline]
        fn into_inner(self) -> ::idtypes::FullRand {
            self.0
        }
    }
    impl TokenId {
        /// The prefix of the text (`""`: none).
        pub const PREFIX: &'static ::idtypes::__private::core::primitive::str = "tok";
        /// What stands between the prefix and the id's own text.
        pub const SEPARATOR: &'static ::idtypes::__private::core::primitive::str = "_";
        /// The typed id holding `inner`, once the type's checks accept it.
        ///
        /// # Errors
        ///
        /// The check's error, when it refuses `inner`.
        #[inline]
        pub fn from_inner(
            inner: ::idtypes::FullRand,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            <Self as ::idtypes::TypedId>::try_from_inner(inner)
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
    ::idtypes::__idtypes_typed_full_rand! {
        TokenId, checked, "tok", "_"
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::fmt::Display for TokenId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::core::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::core::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::fmt::Debug for TokenId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::core::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::core::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::str::FromStr for TokenId {
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
    > for TokenId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::core::primitive::str,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::From<TokenId> for ::idtypes::FullRand {
        #[inline]
        fn from(id: TokenId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::TryFrom<::idtypes::FullRand> for TokenId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            inner: ::idtypes::FullRand,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            <Self as ::idtypes::TypedId>::try_from_inner(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::AsRef<::idtypes::FullRand> for TokenId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::FullRand {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::PartialEq for TokenId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::core::primitive::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::Eq for TokenId {}
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::PartialOrd for TokenId {
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
    impl ::idtypes::__private::core::cmp::Ord for TokenId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::core::cmp::Ordering {
            ::idtypes::__private::core::cmp::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::hash::Hash for TokenId {
        #[inline]
        fn hash<H: ::idtypes::__private::core::hash::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::core::hash::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        TokenId
    }
};
