#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for ProfileKey {
        type Inner = ::idtypes::RecordKey;
        type Checks = ::idtypes::checks::Checked;
        const TYPE_NAME: &'static ::idtypes::__private::str = "ProfileKey";
        const PREFIX: &'static ::idtypes::__private::str = "";
        const KEY_TYPE: &'static ::idtypes::__private::str = "literal:self";
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::RecordKey) -> Self {
            Self(inner)
        }
        #[inline]
        fn try_from_inner(
            inner: ::idtypes::RecordKey,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::check_key_type::<Self>(&Self::key_type(), &inner)?;
            ::idtypes::__private::Result::Ok(Self(inner))
        }
        #[inline]
        fn as_inner(&self) -> &::idtypes::RecordKey {
            &self.0
        }
        #[inline]
        fn into_inner(self) -> ::idtypes::RecordKey {
            self.0
        }
    }
    impl ProfileKey {
        /// The record key type the type's keys must have.
        #[inline]
        pub fn key_type() -> ::idtypes::record_key::RecordKeyType {
            ::idtypes::record_key::RecordKeyType::Literal(
                ::idtypes::RecordKey::from_static("self"),
            )
        }
    }
    ::idtypes::__idtypes_typed_record_key! {
        ProfileKey, checked, "", ""
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Display for ProfileKey {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::fmt::Debug for ProfileKey {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::FromStr for ProfileKey {
        type Err = ::idtypes::Error;
        #[inline]
        fn from_str(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<&::idtypes::__private::str> for ProfileKey {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::str,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::From<ProfileKey> for ::idtypes::RecordKey {
        #[inline]
        fn from(id: ProfileKey) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::TryFrom<::idtypes::RecordKey> for ProfileKey {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            inner: ::idtypes::RecordKey,
        ) -> ::idtypes::__private::Result<Self, ::idtypes::Error> {
            <Self as ::idtypes::TypedId>::try_from_inner(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::AsRef<::idtypes::RecordKey> for ProfileKey {
        #[inline]
        fn as_ref(&self) -> &::idtypes::RecordKey {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::PartialEq for ProfileKey {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Eq for ProfileKey {}
    #[automatically_derived]
    impl ::idtypes::__private::PartialOrd for ProfileKey {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> ::idtypes::__private::Option<::idtypes::__private::Ordering> {
            ::idtypes::__private::PartialOrd::partial_cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Ord for ProfileKey {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::Ordering {
            ::idtypes::__private::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::Hash for ProfileKey {
        #[inline]
        fn hash<H: ::idtypes::__private::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        ProfileKey, ::idtypes::RecordKey
    }
};
