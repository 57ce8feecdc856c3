#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for EventId {
        type Inner = ::idtypes::TimeId;
        type Checks = ::idtypes::checks::Unchecked;
        const TYPE_NAME: &'static ::idtypes::__private::str = "EventId";
        const PREFIX: &'static ::idtypes::__private::str = "evt";
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::TimeId) -> Self {
            Self(inner)
        }
        #[inline]
        fn as_inner(&self) -> &::idtypes::TimeId {
            &self.0
        }
        #[inline]
        fn into_inner(self) -> ::idtypes::TimeId {
            self.0
        }
    }
    ::idtypes::__idtypes_typed_time_id! {
        EventId, unchecked, "evt", "_"
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Display for EventId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Debug for EventId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::FromStr for EventId {
        type Err = ::idtypes::Error;
        #[inline]
        fn from_str(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<&::idtypes::__private::str> for EventId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<EventId> for ::idtypes::TimeId {
        #[inline]
        fn from(id: EventId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<::idtypes::TimeId> for EventId {
        #[inline]
        fn from(inner: ::idtypes::TimeId) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::AsRef<::idtypes::TimeId> for EventId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::TimeId {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::PartialEq for EventId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Eq for EventId {}
    #[automatically_derived]
    impl ::idtypes::__private::PartialOrd for EventId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> ::idtypes::__private::Option<::idtypes::__private::Ordering> {
            ::idtypes::__private::PartialOrd::partial_cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Ord for EventId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::Ordering {
            ::idtypes::__private::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Hash for EventId {
        #[inline]
        fn hash<H: ::idtypes::__private::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        EventId, ::idtypes::TimeId
    }
};
