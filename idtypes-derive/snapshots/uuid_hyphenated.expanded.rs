#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for AccountId {
        type Inner = ::idtypes::Uuid;
        type Checks = ::idtypes::checks::Unchecked;
        const TYPE_NAME: &'static ::idtypes::__private::str = "AccountId";
        const PREFIX: &'static ::idtypes::__private::str = "acct";
        const SEPARATOR: &'static ::idtypes::__private::str = ":";
        const TEXT: ::idtypes::__private::TextForm<::idtypes::Uuid> = ::idtypes::__private::text_forms::uuid_hyphenated;
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
    ::idtypes::__idtypes_typed_uuid! {
        AccountId, unchecked, "acct", ":", text = hyphenated
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Display for AccountId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Debug for AccountId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::FromStr for AccountId {
        type Err = ::idtypes::Error;
        #[inline]
        fn from_str(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<&::idtypes::__private::str> for AccountId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<AccountId> for ::idtypes::Uuid {
        #[inline]
        fn from(id: AccountId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<::idtypes::Uuid> for AccountId {
        #[inline]
        fn from(inner: ::idtypes::Uuid) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::AsRef<::idtypes::Uuid> for AccountId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::Uuid {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::PartialEq for AccountId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Eq for AccountId {}
    #[automatically_derived]
    impl ::idtypes::__private::PartialOrd for AccountId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> ::idtypes::__private::Option<::idtypes::__private::Ordering> {
            ::idtypes::__private::PartialOrd::partial_cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Ord for AccountId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::Ordering {
            ::idtypes::__private::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Hash for AccountId {
        #[inline]
        fn hash<H: ::idtypes::__private::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        AccountId, ::idtypes::Uuid
    }
};
