#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for FileId {
        type Inner = ::idtypes::Uid11;
        type Checks = ::idtypes::checks::Unchecked;
        const TYPE_NAME: &'static ::idtypes::__private::str = "FileId";
        const PREFIX: &'static ::idtypes::__private::str = "";
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
    ::idtypes::__idtypes_typed_uid11! {
        FileId, unchecked, "", ""
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Display for FileId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Debug for FileId {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::FromStr for FileId {
        type Err = ::idtypes::Error;
        #[inline]
        fn from_str(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<&::idtypes::__private::str> for FileId {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<FileId> for ::idtypes::Uid11 {
        #[inline]
        fn from(id: FileId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<::idtypes::Uid11> for FileId {
        #[inline]
        fn from(inner: ::idtypes::Uid11) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::AsRef<::idtypes::Uid11> for FileId {
        #[inline]
        fn as_ref(&self) -> &::idtypes::Uid11 {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::PartialEq for FileId {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Eq for FileId {}
    #[automatically_derived]
    impl ::idtypes::__private::PartialOrd for FileId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> ::idtypes::__private::Option<::idtypes::__private::Ordering> {
            ::idtypes::__private::PartialOrd::partial_cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Ord for FileId {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::Ordering {
            ::idtypes::__private::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Hash for FileId {
        #[inline]
        fn hash<H: ::idtypes::__private::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        FileId, ::idtypes::Uid11
    }
};
