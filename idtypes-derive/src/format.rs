//! The formats a typed id can hold, and what each one adds to the typed id: its accessors,
//! range helpers and generation, forwarded to the format and typed.

use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

/// A format, named like its derive macro and its type.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Tid,
    TimeId,
    Uid11,
    Xid,
    Snowish,
    TsSeqRand,
    FullRand,
    Tbsl,
    RecordKey,
}

/// Every format, for "did you mean" hints.
pub const ALL: [Format; 9] = [
    Format::Tid,
    Format::TimeId,
    Format::Uid11,
    Format::Xid,
    Format::Snowish,
    Format::TsSeqRand,
    Format::FullRand,
    Format::Tbsl,
    Format::RecordKey,
];

/// What the generated methods need to know of the type being derived.
pub struct Context<'a> {
    /// The path to the runtime crate.
    pub krate: &'a syn::Path,
    /// Whether the type has checks, which makes its constructors fallible.
    pub checked: bool,
}

impl Format {
    /// The type's (and the macro's) name.
    pub fn name(self) -> &'static str {
        match self {
            Format::Tid => "Tid",
            Format::TimeId => "TimeId",
            Format::Uid11 => "Uid11",
            Format::Xid => "Xid",
            Format::Snowish => "Snowish",
            Format::TsSeqRand => "TsSeqRand",
            Format::FullRand => "FullRand",
            Format::Tbsl => "Tbsl",
            Format::RecordKey => "RecordKey",
        }
    }

    /// The type's name as an identifier.
    pub fn ident(self) -> Ident {
        Ident::new(self.name(), Span::call_site())
    }

    /// Whether the format is `Copy` (all but the record key, a string).
    pub fn is_copy(self) -> bool {
        self != Format::RecordKey
    }

    /// The inherent methods the format adds to a typed id.
    pub fn methods(self, cx: &Context<'_>) -> TokenStream {
        let k = cx.krate;
        let inner = self.ident();
        let gen_ = generation(self, cx);
        match self {
            Format::Tid => {
                let parts = getters(&[
                    (
                        "timestamp_micros",
                        quote!(#k::__private::core::primitive::u64),
                        "The timestamp: microseconds since the Unix epoch.",
                    ),
                    (
                        "clock_id",
                        quote!(#k::__private::core::primitive::u16),
                        "The clock id, 0 to 1023.",
                    ),
                ]);
                let time = time_getters(k);
                let ranges = quote! {
                    /// The inclusive range of ids whose text starts with `prefix` (the format's
                    /// text, without the type's prefix). Range bounds are query bounds: the
                    /// type's checks do not run on them.
                    ///
                    /// # Errors
                    ///
                    /// The format's error for a prefix that is too long or not base32-sortable.
                    pub fn range_for_prefix(
                        prefix: &#k::__private::core::primitive::str,
                    ) -> #k::__private::core::result::Result<#k::IdRange<Self>, #k::Error> {
                        #k::Tid::range_for_prefix(prefix)
                            .map(|range| #k::__private::map_range(range, Self))
                    }

                    /// The inclusive range of ids whose timestamps lie in
                    /// `start_micros..=end_micros`, or `None` when it is empty.
                    pub fn range_for_micros(
                        start_micros: #k::__private::core::primitive::u64,
                        end_micros: #k::__private::core::primitive::u64,
                    ) -> #k::__private::core::option::Option<#k::IdRange<Self>> {
                        #k::Tid::range_for_micros(start_micros, end_micros)
                            .map(|range| #k::__private::map_range(range, Self))
                    }

                    #k::__private::if_std! {
                        /// The inclusive range of ids whose timestamps lie in `span` (of
                        /// `SystemTime`s, or `DateTime<Utc>`s with the `chrono` feature), or
                        /// `None` when it is empty.
                        pub fn range_for_time<T>(
                            span: impl #k::__private::core::ops::RangeBounds<T>,
                        ) -> #k::__private::core::option::Option<#k::IdRange<Self>>
                        where
                            T: #k::__private::core::clone::Clone
                                + #k::__private::core::convert::Into<#k::__private::SystemTime>,
                        {
                            #k::Tid::range_for_time(span)
                                .map(|range| #k::__private::map_range(range, Self))
                        }
                    }
                };
                quote!(#parts #time #ranges #gen_)
            }
            Format::TimeId => {
                let parts = getters(&[
                    (
                        "timestamp_micros",
                        quote!(#k::__private::core::primitive::i64),
                        "The timestamp: microseconds since the Unix epoch (negative before 1970).",
                    ),
                    ("node", quote!(#k::NodeId), "The node id."),
                ]);
                let time = time_getters(k);
                let ranges = quote! {
                    /// The inclusive range of ids whose text starts with `prefix` (the format's
                    /// text, plain or dashed, without the type's prefix). Range bounds are query
                    /// bounds: the type's checks do not run on them.
                    ///
                    /// # Errors
                    ///
                    /// The format's error for a prefix that is too long or malformed.
                    pub fn range_for_prefix(
                        prefix: &#k::__private::core::primitive::str,
                    ) -> #k::__private::core::result::Result<#k::IdRange<Self>, #k::Error> {
                        #k::TimeId::range_for_prefix(prefix)
                            .map(|range| #k::__private::map_range(range, Self))
                    }
                };
                quote!(#parts #time #ranges #gen_)
            }
            Format::Uid11 | Format::Xid | Format::TsSeqRand | Format::FullRand => {
                let parts = match self {
                    Format::Xid => getters(&[(
                        "random",
                        quote!(#k::__private::core::primitive::u32),
                        "The random field.",
                    )]),
                    Format::TsSeqRand => getters(&[
                        (
                            "sequence",
                            quote!(#k::__private::core::primitive::u16),
                            "The sequence within the millisecond.",
                        ),
                        (
                            "random",
                            quote!(#k::__private::core::primitive::u16),
                            "The random field.",
                        ),
                    ]),
                    _ => TokenStream::new(),
                };
                let time = match self {
                    Format::Xid | Format::TsSeqRand => uid11_time_getters(k),
                    _ => TokenStream::new(),
                };
                let wrap = if self == Format::Uid11 {
                    quote!(Self)
                } else {
                    quote!(|id: #k::Uid11| Self(#k::#inner::from_u64(id.to_u64())))
                };
                let ranges = quote! {
                    /// The inclusive range of ids whose uid11 text starts with `prefix` (without
                    /// the type's prefix), or `None` when no id does. Range bounds are query
                    /// bounds: the type's checks do not run on them.
                    ///
                    /// # Errors
                    ///
                    /// The format's error for a prefix that is too long or not Base58.
                    pub fn range_for_prefix(
                        prefix: &#k::__private::core::primitive::str,
                    ) -> #k::__private::core::result::Result<
                        #k::__private::core::option::Option<#k::IdRange<Self>>,
                        #k::Error,
                    > {
                        #k::Uid11::range_for_prefix(prefix)
                            .map(|range| range.map(|range| #k::__private::map_range(range, #wrap)))
                    }
                };
                quote!(#parts #time #ranges #gen_)
            }
            Format::Snowish => {
                let parts = getters(&[
                    (
                        "machine_id",
                        quote!(#k::__private::core::primitive::u16),
                        "The machine id, 0 to 1023.",
                    ),
                    (
                        "sequence",
                        quote!(#k::__private::core::primitive::u16),
                        "The sequence within the millisecond.",
                    ),
                ]);
                let time = uid11_time_getters(k);
                quote!(#parts #time #gen_)
            }
            Format::Tbsl => {
                let parts = getters(&[
                    (
                        "unix_micros",
                        quote!(#k::__private::core::primitive::u64),
                        "The timestamp: microseconds since the Unix epoch.",
                    ),
                    (
                        "machine_id",
                        quote!(#k::__private::core::primitive::u8),
                        "The machine id, 0 to 99.",
                    ),
                    (
                        "suffix",
                        quote!(#k::__private::core::primitive::u32),
                        "The 20-bit sequence suffix.",
                    ),
                ]);
                let time = time_getters(k);
                quote!(#parts #time #gen_)
            }
            Format::RecordKey => quote! {
                /// The record key's text, without the type's prefix.
                #[inline]
                pub fn as_str(&self) -> &#k::__private::core::primitive::str {
                    self.0.as_str()
                }
            },
        }
    }
}

/// Forwarding getters: `(name, return type, doc)`.
fn getters(list: &[(&str, TokenStream, &str)]) -> TokenStream {
    list.iter()
        .map(|(name, ty, doc)| {
            let name = Ident::new(name, Span::call_site());
            quote! {
                #[doc = #doc]
                #[inline]
                pub fn #name(&self) -> #ty {
                    self.0.#name()
                }
            }
        })
        .collect()
}

/// The millisecond timestamps of the timed uid11 profiles, then [`time_getters`].
fn uid11_time_getters(k: &syn::Path) -> TokenStream {
    let millis = getters(&[
        (
            "millis_since_epoch",
            quote!(#k::__private::core::primitive::u64),
            "Milliseconds since the xid epoch.",
        ),
        (
            "timestamp_millis",
            quote!(#k::__private::core::primitive::u64),
            "The timestamp: milliseconds since the Unix epoch.",
        ),
    ]);
    let time = time_getters(k);
    quote!(#millis #time)
}

/// `timestamp()` (with `std`) and `datetime()` (with `chrono`).
fn time_getters(k: &syn::Path) -> TokenStream {
    quote! {
        #k::__private::if_std! {
            /// The timestamp as a `SystemTime`.
            #[inline]
            pub fn timestamp(&self) -> #k::__private::SystemTime {
                self.0.timestamp()
            }
        }

        #k::__private::if_chrono! {
            /// The timestamp as a `DateTime<Utc>`.
            #[inline]
            pub fn datetime(&self) -> #k::__private::DateTime<#k::__private::Utc> {
                self.0.datetime()
            }
        }
    }
}

/// `now()` (or `random()`) and `next_from(&generator)`, which return `Result` when the type has
/// checks (or the generator can fail).
fn generation(format: Format, cx: &Context<'_>) -> TokenStream {
    let k = cx.krate;
    let result = quote!(#k::__private::core::result::Result<Self, #k::Error>);
    let (ret, wrap) = if cx.checked {
        (
            result.clone(),
            quote!(<Self as #k::TypedId>::try_from_inner),
        )
    } else {
        (quote!(Self), quote!(Self))
    };
    let errors_doc = if cx.checked {
        quote! {
            ///
            /// # Errors
            ///
            /// The type's check, when it refuses the new id.
        }
    } else {
        TokenStream::new()
    };
    let now = |name: &str, doc: &str| {
        let name = Ident::new(name, Span::call_site());
        let inner = format.ident();
        quote! {
            #[doc = #doc]
            #errors_doc
            pub fn #name() -> #ret {
                #wrap(#k::#inner::#name())
            }
        }
    };
    let try_next = if cx.checked {
        quote!(<Self as #k::TypedId>::try_from_inner(generator.try_next()?))
    } else {
        quote!(#k::__private::core::result::Result::Ok(Self(generator.try_next()?)))
    };
    let next_from = |generator: TokenStream, generics: TokenStream| {
        quote! {
            /// The next id from `generator`.
            ///
            /// # Panics
            ///
            /// When the generator does (see its `next`): it cannot make another id. Use
            /// `try_next_from` to get the error instead.
            #errors_doc
            pub fn next_from #generics(generator: &#generator) -> #ret {
                #wrap(generator.next())
            }

            /// The next id from `generator`, or the generator's error: its timestamps are used
            /// up, its fixed id belongs to a parent process, or its lease has run out.
            ///
            /// # Errors
            ///
            /// The generator's `try_next` error, or the type's check, when it refuses the new
            /// id.
            pub fn try_next_from #generics(generator: &#generator) -> #result {
                #try_next
            }
        }
    };
    let tokens = match format {
        Format::Tid => {
            let now = now("now", "A new id from the process-wide generator.");
            let next = next_from(quote!(#k::TidGenerator<C>), quote!(<C: #k::Clock>));
            quote!(#now #next)
        }
        Format::TimeId => {
            let now = now("now", "A new id from the process-wide generator.");
            let next = next_from(quote!(#k::TimeIdGenerator<C>), quote!(<C: #k::Clock>));
            quote!(#now #next)
        }
        Format::Xid => {
            let now = now("now", "A new id from the process-wide generator.");
            let next = next_from(quote!(#k::XidGenerator<C>), quote!(<C: #k::Clock>));
            quote!(#now #next)
        }
        Format::Snowish => next_from(quote!(#k::SnowishGenerator<C>), quote!(<C: #k::Clock>)),
        Format::TsSeqRand => next_from(quote!(#k::TsSeqRandGenerator<C>), quote!(<C: #k::Clock>)),
        Format::FullRand => now("random", "A new, fully random id."),
        Format::Tbsl => quote! {
            /// The next id from `generator`.
            ///
            /// # Errors
            ///
            /// The generator's error (its clock policy refused a clock that went back, or its
            /// sequence ran out), or the type's check, when it refuses the new id.
            pub fn next_from<C: #k::Clock, P: #k::SequenceProvider>(
                generator: &#k::TbslGenerator<C, P>,
            ) -> #result {
                <Self as #k::TypedId>::try_from_inner(generator.next()?)
            }
        },
        Format::Uid11 | Format::RecordKey => return TokenStream::new(),
    };
    quote! {
        #k::__private::if_std! { #tokens }
    }
}
