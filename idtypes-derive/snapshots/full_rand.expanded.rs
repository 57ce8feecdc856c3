#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for TokenId {
        type Inner = ::idtypes::FullRand;
        type Checks = ::idtypes::checks::Checked;
        const TYPE_NAME: &'static ::idtypes::__private::str = "TokenId";
        const PREFIX: &'static ::idtypes::__private::str = "tok";
        const HAS_VALIDATE: ::idtypes::__private::bool = true;
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::FullRand) -> Self {
            Self(inner)
        }
        #[inline]
        fn try_from_inner(
            inner: ::idtypes::FullRand,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::validate::<
                Self,
                _,
                _,
            >(&inner, |_: &FullRand| Ok::<(), &'static str>(()))?;
            ::idtypes::__private::Result::Ok(Self(inner))
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
    ::idtypes::__idtypes_typed_full_rand! {
        TokenId, checked, "tok", "_"
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Display for TokenId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Debug for TokenId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::FromStr for TokenId {
        type Err = ::idtypes::Error;
        #[inline]
        fn from_str(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<&::idtypes::__private::str> for TokenId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<TokenId> for ::idtypes::FullRand {
        #[inline]
        fn from(id: TokenId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<::idtypes::FullRand> for TokenId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            inner: ::idtypes::FullRand,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            <Self as ::idtypes::TypedId>::try_from_inner(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::AsRef<::idtypes::FullRand> for TokenId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::FullRand {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::PartialEq for TokenId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Eq for TokenId {}
    #[automatically_derived]
    impl ::idtypes::__private::PartialOrd for TokenId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> ::idtypes::__private::Option<::idtypes::__private::Ordering> {
            ::idtypes::__private::PartialOrd::partial_cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Ord for TokenId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::Ordering {
            ::idtypes::__private::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Hash for TokenId {
        #[inline]
        fn hash<H: ::idtypes::__private::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        TokenId, ::idtypes::FullRand
    }
};
