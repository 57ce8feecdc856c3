#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl ::idtypes::TypedId for ProfileKey {
        type Inner = ::idtypes::RecordKey;
        type Checks = ::idtypes::checks::Checked;
        const TYPE_NAME: &'static ::idtypes::__private::core::primitive::str = "ProfileKey";
        const PREFIX: &'static ::idtypes::__private::core::primitive::str = "";
        const SEPARATOR: &'static ::idtypes::__private::core::primitive::str = "_";
        const KEY_TYPE: &'static ::idtypes::__private::core::primitive::str = "literal:self";
        #[inline]
        fn from_inner_unchecked(inner: ::idtypes::RecordKey) -> Self {
            Self(inner)
        }
        #[inline]
        fn try_from_inner(
            inner: ::idtypes::RecordKey,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::check_key_type::<Self>(&Self::key_type(), &inner)?;
            ::idtypes::__private::core::result::Result::Ok(Self(inner))
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
        /// The prefix of the text (`""`: none).
        pub const PREFIX: &'static ::idtypes::__private::core::primitive::str = "";
        /// What stands between the prefix and the id's own text.
        pub const SEPARATOR: &'static ::idtypes::__private::core::primitive::str = "_";
        /// The typed id holding `inner`, once the type's checks accept it.
        ///
        /// # Errors
        ///
        /// The check's error, when it refuses `inner`.
        #[inline]
        pub fn from_inner(
            inner: ::idtypes::RecordKey,
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
    impl ::idtypes::__private::core::fmt::Display for ProfileKey {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::core::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::core::fmt::Result {
            ::idtypes::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::fmt::Debug for ProfileKey {
        #[inline]
        fn fmt(
            &self,
            f: &mut ::idtypes::__private::core::fmt::Formatter<'_>,
        ) -> ::idtypes::__private::core::fmt::Result {
            ::idtypes::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::str::FromStr for ProfileKey {
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
    > for ProfileKey {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            text: &::idtypes::__private::core::primitive::str,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            ::idtypes::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::From<ProfileKey> for ::idtypes::RecordKey {
        #[inline]
        fn from(id: ProfileKey) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::TryFrom<::idtypes::RecordKey>
    for ProfileKey {
        type Error = ::idtypes::Error;
        #[inline]
        fn try_from(
            inner: ::idtypes::RecordKey,
        ) -> ::idtypes::__private::core::result::Result<Self, ::idtypes::Error> {
            <Self as ::idtypes::TypedId>::try_from_inner(inner)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::convert::AsRef<::idtypes::RecordKey>
    for ProfileKey {
        #[inline]
        fn as_ref(&self) -> &::idtypes::RecordKey {
            &self.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::PartialEq for ProfileKey {
        #[inline]
        fn eq(&self, other: &Self) -> ::idtypes::__private::core::primitive::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::Eq for ProfileKey {}
    #[automatically_derived]
    impl ::idtypes::__private::core::cmp::PartialOrd for ProfileKey {
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
    impl ::idtypes::__private::core::cmp::Ord for ProfileKey {
        #[inline]
        fn cmp(&self, other: &Self) -> ::idtypes::__private::core::cmp::Ordering {
            ::idtypes::__private::core::cmp::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl ::idtypes::__private::core::hash::Hash for ProfileKey {
        #[inline]
        fn hash<H: ::idtypes::__private::core::hash::Hasher>(&self, state: &mut H) {
            ::idtypes::__private::core::hash::Hash::hash(&self.0, state)
        }
    }
    ::idtypes::__idtypes_typed_integrations! {
        ProfileKey
    }
};
