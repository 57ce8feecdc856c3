#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for OrderId {
        type Inner = ::idtypes::Uid11Xid;
        type Checks = ::idtypes::checks::Unchecked;
        const TYPE_NAME: &'static ::idtypes::__private::str = "OrderId";
        const PREFIX: &'static ::idtypes::__private::str = "ord";
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::Uid11Xid) -> Self {
            Self(inner)
        }
        #[inline]
        fn as_inner(&self) -> &::idtypes::Uid11Xid {
            &self.0
        }
        #[inline]
        fn into_inner(self) -> ::idtypes::Uid11Xid {
            self.0
        }
    }
    ::idtypes::__idtypes_typed_uid11_xid! {
        OrderId, unchecked, "ord", "_"
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Display for OrderId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Debug for OrderId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::FromStr for OrderId {
        type Err = ::idtypes::Error;
        #[inline]
        fn from_str(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<&::idtypes::__private::str> for OrderId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<OrderId> for ::idtypes::Uid11Xid {
        #[inline]
        fn from(id: OrderId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<::idtypes::Uid11Xid> for OrderId {
        #[inline]
        fn from(inner: ::idtypes::Uid11Xid) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::AsRef<::idtypes::Uid11Xid> for OrderId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::Uid11Xid {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::PartialEq for OrderId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Eq for OrderId {}
    #[automatically_derived]
    impl ::idtypes::__private::PartialOrd for OrderId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> ::idtypes::__private::Option<::idtypes::__private::Ordering> {
            ::idtypes::__private::PartialOrd::partial_cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Ord for OrderId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::Ordering {
            ::idtypes::__private::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Hash for OrderId {
        #[inline]
        fn hash<H: ::idtypes::__private::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        OrderId, ::idtypes::Uid11Xid
    }
};
