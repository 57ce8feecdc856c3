#[doc(hidden)]
#[allow(non_upper_case_globals, clippy::all)]
const _: () = {
    impl my::ids::TypedId for TxnId {
        type Inner = my::ids::Tbsl;
        type Checks = my::ids::checks::Unchecked;
        const TYPE_NAME: &'static my::ids::__private::str = "TxnId";
        const PREFIX: &'static my::ids::__private::str = "txn";
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
    my::ids::__idtypes_typed_tbsl! {
        TxnId, unchecked, "txn", "_"
    }
    #[automatically_derived]
    impl my::ids::__private::fmt::Display for TxnId {
        #[inline]
        fn fmt(
            &self,
            f: &mut my::ids::__private::fmt::Formatter<'_>,
        ) -> my::ids::__private::fmt::Result {
            my::ids::__private::fmt_display(self, f)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::fmt::Debug for TxnId {
        #[inline]
        fn fmt(
            &self,
            f: &mut my::ids::__private::fmt::Formatter<'_>,
        ) -> my::ids::__private::fmt::Result {
            my::ids::__private::fmt_debug(self, f)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::FromStr for TxnId {
        type Err = my::ids::Error;
        #[inline]
        fn from_str(
            text: &my::ids::__private::str,
        ) -> my::ids::__private::Result<Self, my::ids::Error> {
            my::ids::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::TryFrom<&my::ids::__private::str> for TxnId {
        type Error = my::ids::Error;
        #[inline]
        fn try_from(
            text: &my::ids::__private::str,
        ) -> my::ids::__private::Result<Self, my::ids::Error> {
            my::ids::__private::parse::<Self>(text)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::From<TxnId> for my::ids::Tbsl {
        #[inline]
        fn from(id: TxnId) -> Self {
            id.0
        }
    }
    #[automatically_derived]
    impl my::ids::__private::From<my::ids::Tbsl> for TxnId {
        #[inline]
        fn from(inner: my::ids::Tbsl) -> Self {
            Self(inner)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::AsRef<my::ids::Tbsl> for TxnId {
        #[inline]
        fn as_ref(&self) -> &my::ids::Tbsl {
            &self.0
        }
    }
    #[automatically_derived]
    impl my::ids::__private::PartialEq for TxnId {
        #[inline]
        fn eq(&self, other: &Self) -> my::ids::__private::bool {
            self.0 == other.0
        }
    }
    #[automatically_derived]
    impl my::ids::__private::Eq for TxnId {}
    #[automatically_derived]
    impl my::ids::__private::PartialOrd for TxnId {
        #[inline]
        fn partial_cmp(
            &self,
            other: &Self,
        ) -> my::ids::__private::Option<my::ids::__private::Ordering> {
            my::ids::__private::PartialOrd::partial_cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::Ord for TxnId {
        #[inline]
        fn cmp(&self, other: &Self) -> my::ids::__private::Ordering {
            my::ids::__private::Ord::cmp(&self.0, &other.0)
        }
    }
    #[automatically_derived]
    impl my::ids::__private::Hash for TxnId {
        #[inline]
        fn hash<H: my::ids::__private::Hasher>(&self, state: &mut H) {
            my::ids::__private::Hash::hash(&self.0, state)
        }
    }
    my::ids::__idtypes_typed_integrations! {
        TxnId, my::ids::Tbsl
    }
};
