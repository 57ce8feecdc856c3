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
        let gen_ = generation(self, cx);
        let ranges = ranges(self, k);
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
                quote!(#parts #time #ranges #gen_)
            }
            Format::Tbsl => {
                let parts = getters(&[
                    (
                        "timestamp_micros",
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
                quote!(#parts #time #ranges #gen_)
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

/// `range_for_prefix` (every format but record keys) and the time ranges of the time-ordered
/// formats, typed. Range bounds are query bounds: the type's checks do not run on them.
fn ranges(format: Format, k: &syn::Path) -> TokenStream {
    if format == Format::RecordKey {
        return TokenStream::new();
    }
    let inner = format.ident();
    let core = quote!(#k::__private::core);
    let prefix = quote! {
        /// The inclusive range of ids whose text starts with `prefix`, or `None` when no id
        /// does. `prefix` is the start of the typed text (`post_3jzf`) or of the inner
        /// format's text alone (`3jzf`); the type's prefix and separator are taken off when
        /// present. Range bounds are query bounds: the type's checks do not run on them.
        ///
        /// # Errors
        ///
        /// The format's error for a prefix that is too long or has a foreign character
        /// (positioned in the text given).
        pub fn range_for_prefix(
            prefix: &#core::primitive::str,
        ) -> #core::result::Result<#core::option::Option<#k::IdRange<Self>>, #k::Error> {
            #k::__private::range_for_prefix::<Self>(prefix, #k::#inner::range_for_prefix)
        }
    };
    // The integer span of the format's own precision: `(name, integer type)`.
    let integer = match format {
        Format::Tid | Format::Tbsl => Some((
            "range_for_micros",
            quote!(#core::primitive::u64),
            "microseconds",
        )),
        Format::Xid | Format::Snowish | Format::TsSeqRand => Some((
            "range_for_millis",
            quote!(#core::primitive::u64),
            "milliseconds",
        )),
        _ => None,
    };
    let integer = integer.map(|(name, ty, unit)| {
        let name = Ident::new(name, Span::call_site());
        let doc = format!(
            "The inclusive range of ids whose timestamps (Unix {unit}) lie in `start..=end`, \
             or `None` when it is empty."
        );
        quote! {
            #[doc = #doc]
            pub fn #name(start: #ty, end: #ty) -> #core::option::Option<#k::IdRange<Self>> {
                #k::#inner::#name(start, end).map(|range| #k::__private::map_range(range, Self))
            }
        }
    });
    let time_ordered = matches!(
        format,
        Format::Tid
            | Format::TimeId
            | Format::Xid
            | Format::Snowish
            | Format::TsSeqRand
            | Format::Tbsl
    );
    if !time_ordered {
        return prefix;
    }
    // A TimeId span across 1970 is two ranges: it has only the plural forms.
    let single = (format != Format::TimeId).then(|| {
        quote! {
            /// The inclusive range of ids made within `span` (of `SystemTime`s, or
            /// `DateTime<Utc>`s with the `chrono` feature), or `None` when it is empty.
            pub fn range_for_time<T>(
                span: impl #core::ops::RangeBounds<T>,
            ) -> #core::option::Option<#k::IdRange<Self>>
            where
                T: #core::clone::Clone + #core::convert::Into<#k::__private::SystemTime>,
            {
                #k::#inner::range_for_time(span).map(|range| #k::__private::map_range(range, Self))
            }
        }
    });
    let micros_ranges = (format == Format::TimeId).then(|| {
        quote! {
            /// The ids whose timestamps (Unix microseconds) lie in `start..=end`: up to two
            /// ranges, as `TimeId::ranges_for_micros`.
            pub fn ranges_for_micros(
                start: #core::primitive::i64,
                end: #core::primitive::i64,
            ) -> #k::IdRanges<Self> {
                #k::#inner::ranges_for_micros(start, end).map(Self)
            }
        }
    });
    quote! {
        #prefix
        #integer
        #micros_ranges
        #k::__private::if_std! {
            #single

            /// The ids made within `span` (of `SystemTime`s, or `DateTime<Utc>`s with the
            /// `chrono` feature), as up to two ranges (see `IdRanges`).
            pub fn ranges_for_time<T>(
                span: impl #core::ops::RangeBounds<T>,
            ) -> #k::IdRanges<Self>
            where
                T: #core::clone::Clone + #core::convert::Into<#k::__private::SystemTime>,
            {
                #k::#inner::ranges_for_time(span).map(Self)
            }
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
        Format::TsSeqRand => {
            let now = now("now", "A new id from the process-wide generator.");
            let next = next_from(quote!(#k::TsSeqRandGenerator<C>), quote!(<C: #k::Clock>));
            quote!(#now #next)
        }
        Format::FullRand => now("random", "A new, fully random id."),
        // A TBSL generator's failures are policies the user chose (a clock policy, a
        // sequence provider): it has only `try_next`, and so has the typed id.
        Format::Tbsl => quote! {
            /// The next id from `generator`, or the generator's error.
            ///
            /// # Errors
            ///
            /// The generator's error (its clock policy refused a clock that went back, its
            /// sequence ran out, its lease ran out), or the type's check, when it refuses the
            /// new id.
            pub fn try_next_from<C: #k::Clock, P: #k::SequenceProvider>(
                generator: &#k::TbslGenerator<C, P>,
            ) -> #result {
                <Self as #k::TypedId>::try_from_inner(generator.try_next()?)
            }
        },
        Format::Uid11 | Format::RecordKey => return TokenStream::new(),
    };
    quote! {
        #k::__private::if_std! { #tokens }
    }
}
