#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl my::ids::TypedId for TxnId {
        type Inner = my::ids::Tbsl;
        type Checks = my::ids::checks::Unchecked;
        const TYPE_NAME: &'static my::ids::__private::core::primitive::str = "TxnId";
        const PREFIX: &'static my::ids::__private::core::primitive::str = "txn";
        const SEPARATOR: &'static my::ids::__private::core::primitive::str = "_";
        #[inline]
        fn from_inner_unchecked(inner: my::ids::Tbsl) -> Self {
            Self(inner)
        }
        #[inline]
        fn as_inner(&self) -> &my::ids::Tbsl {
            &self.0
        }
        #[inline]
        fn into_inner(self) -> my::ids::Tbsl {
            self.0
        }
    }
    impl TxnId {
        /// The prefix of the text (`""`: none).
        pub const PREFIX: &'static my::ids::__private::core::primitive::str = "txn";
        /// What stands between the prefix and the id's own text.
        pub const SEPARATOR: &'static my::ids::__private::core::primitive::str = "_";
        /// The typed id holding `inner`.
        #[inline]
        pub const fn from_inner(inner: my::ids::Tbsl) -> Self {
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
            text: &my::ids::__private::core::primitive::str,
        ) -> my::ids::__private::core::result::Result<Self, my::ids::Error> {
            my::ids::__private::parse_unchecked::<Self>(text)
        }
        /// Parses the prefixed text (the same as `str::parse`).
        ///
        /// # Errors
        ///
        /// A missing or different prefix, a bad separator, the inner format's error
        /// (positioned in the whole text), or the type's check.
        #[inline]
        pub fn parse(
            text: &my::ids::__private::core::primitive::str,
        ) -> my::ids::__private::core::result::Result<Self, my::ids::Error> {
            my::ids::__private::parse::<Self>(text)
        }
    }
    my::ids::__idtypes_typed_tbsl! {
        TxnId, unchecked, "txn", "_"
    }
    #[automatically_derived]
    impl my::ids::__private::core::fmt::Display for TxnId {
        #[inline]
        fn fmt(
            &self,
            f: &mut my::ids::__private::core::fmt::Formatter<'_>,
        ) -> my::ids::__private::core::fmt::Result {
            my::ids::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::fmt::Debug for TxnId {
        #[inline]
        fn fmt(
            &self,
            f: &mut my::ids::__private::core::fmt::Formatter<'_>,
        ) -> my::ids::__private::core::fmt::Result {
            my::ids::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::str::FromStr for TxnId {
        type Err = my::ids::Error;
        #[inline]
        fn from_str(
            text: &my::ids::__private::core::primitive::str,
        ) -> my::ids::__private::core::result::Result<Self, my::ids::Error> {
            my::ids::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::convert::TryFrom<
        &my::ids::__private::core::primitive::str,
    > for TxnId {
        type Error = my::ids::Error;
        #[inline]
        fn try_from(
            text: &my::ids::__private::core::primitive::str,
        ) -> my::ids::__private::core::result::Result<Self, my::ids::Error> {
            my::ids::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::convert::From<TxnId> for my::ids::Tbsl {
        #[inline]
        fn from(id: TxnId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::convert::From<my::ids::Tbsl> for TxnId {
        #[inline]
        fn from(inner: my::ids::Tbsl) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::convert::AsRef<my::ids::Tbsl> for TxnId {
        #[inline]
        fn as_ref(&self) -> &my::ids::Tbsl {
            &self.0
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::cmp::PartialEq for TxnId {
        #[inline]
        fn eq(&self, other: &Self) -> my::ids::__private::core::primitive::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::cmp::Eq for TxnId {}
    #[automatically_derived]
    impl my::ids::__private::core::cmp::PartialOrd for TxnId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> my::ids::__private::core::option::Option<
            my::ids::__private::core::cmp::Ordering,
        > {
            my::ids::__private::core::option::Option::Some(
                my::ids::__private::core::cmp::Ord::cmp(self, other),
            )
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::cmp::Ord for TxnId {
        #[inline]
        fn cmp(&self, other: &Self) -> my::ids::__private::core::cmp::Ordering {
            my::ids::__private::core::cmp::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::core::hash::Hash for TxnId {
        #[inline]
        fn hash<H: my::ids::__private::core::hash::Hasher>(&self, state: &mut H) {
            my::ids::__private::core::hash::Hash::hash(&self.0, state)
        }
    }
    my::ids::__idtypes_typed_integrations! {
        TxnId
    }
};
