#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for PostId {
        type Inner = ::idtypes::Tid;
        type Checks = ::idtypes::checks::Unchecked;
        const TYPE_NAME: &'static ::idtypes::__private::str = "PostId";
        const PREFIX: &'static ::idtypes::__private::str = "post";
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::Tid) -> Self {
            Self(inner)
        }
        #[inline]
        fn as_inner(&self) -> &::idtypes::Tid {
            &self.0
        }
        #[inline]
        fn into_inner(self) -> ::idtypes::Tid {
            self.0
        }
    }
    ::idtypes::__idtypes_typed_tid! {
        PostId, unchecked, "post", "_"
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Display for PostId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Debug for PostId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::FromStr for PostId {
        type Err = ::idtypes::Error;
        #[inline]
        fn from_str(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<&::idtypes::__private::str> for PostId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<PostId> for ::idtypes::Tid {
        #[inline]
        fn from(id: PostId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<::idtypes::Tid> for PostId {
        #[inline]
        fn from(inner: ::idtypes::Tid) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::AsRef<::idtypes::Tid> for PostId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::Tid {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::PartialEq for PostId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Eq for PostId {}
    #[automatically_derived]
    impl ::idtypes::__private::PartialOrd for PostId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> ::idtypes::__private::Option<::idtypes::__private::Ordering> {
            ::idtypes::__private::PartialOrd::partial_cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Ord for PostId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::Ordering {
            ::idtypes::__private::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Hash for PostId {
        #[inline]
        fn hash<H: ::idtypes::__private::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        PostId, ::idtypes::Tid
    }
};
