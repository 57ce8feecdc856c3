//! One expansion for every format: checks the input, then writes the typed id's impls.

use proc_macro2::{Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::{Data, DeriveInput, Field, Fields, Type, Visibility, spanned::Spanned};

use crate::{
    attr::{self, Attrs, KeyType},
    errors::Errors,
    format::{self, Context, Format},
    siblings,
};

/// The derive of `format` on `input`: the impls, or the compile errors.
pub fn derive(input: DeriveInput, format: Format) -> TokenStream {
    let mut errors = Errors::default();
    let field = single_field(&input, format, &mut errors);
    if let Some(field) = field {
        check_field_type(&field.ty, format, &mut errors);
    }
    siblings::check(&input, format, &mut errors);
    let generics = &input.generics;
    if !generics.params.is_empty() || generics.where_clause.is_some() {
        let message = format!(
            "a typed id cannot be generic: `#[derive({})]` makes a plain `struct {}(idtypes::{});`",
            format.name(),
            input.ident,
            format.name()
        );
        // `Generics` prints without its where clause: point at the clause when alone.
        let error = match &generics.where_clause {
            Some(clause) if generics.params.is_empty() => syn::Error::new_spanned(clause, message),
            _ => syn::Error::new_spanned(generics, message),
        };
        errors.push(error);
    }
    let attrs = attr::read(&input.attrs, format, &mut errors);
    if let Some(field) = field {
        check_field_visibility(&input, field, &attrs, &mut errors);
    }
    if let Err(compile_errors) = errors.finish() {
        return compile_errors;
    }
    // `single_field` reported a missing field above.
    let Some(field) = field else {
        return TokenStream::new();
    };
    expand(&input, &field.ty, format, &attrs)
}

/// The one unnamed field, or an error at what stands in its place.
fn single_field<'a>(
    input: &'a DeriveInput,
    format: Format,
    errors: &mut Errors,
) -> Option<&'a Field> {
    let shape = format!(
        "`#[derive({0})]` needs a tuple struct with one field: `struct {1}(idtypes::{0});`",
        format.name(),
        input.ident
    );
    let span = match &input.data {
        Data::Struct(data) => match &data.fields {
            Fields::Unnamed(fields) if fields.unnamed.len() == 1 => {
                return fields.unnamed.first();
            }
            Fields::Unnamed(fields) => fields.span(),
            Fields::Named(fields) => fields.span(),
            Fields::Unit => input.ident.span(),
        },
        Data::Enum(data) => data.enum_token.span,
        Data::Union(data) => data.union_token.span,
    };
    errors.push(syn::Error::new(span, shape));
    None
}

/// The field must name the format's type (`Tid`, `idtypes::Tid`, `my::idtypes::Tid`).
fn check_field_type(ty: &Type, format: Format, errors: &mut Errors) {
    let last = match ty {
        Type::Path(path) if path.qself.is_none() => path.path.segments.last(),
        _ => None,
    };
    let name = last
        .filter(|segment| segment.arguments.is_none())
        .map(|segment| segment.ident.to_string());
    if name.as_deref() == Some(format.name()) {
        return;
    }
    let hint = match name
        .as_deref()
        .and_then(|name| format::ALL.into_iter().find(|f| f.name() == name))
    {
        Some(other) => format!("; for a {0} field, derive `{0}` instead", other.name()),
        None => String::new(),
    };
    errors.push(syn::Error::new_spanned(
        ty,
        format!(
            "`#[derive({0})]` needs a field of type `idtypes::{0}`, found `{1}`{hint}",
            format.name(),
            quote!(#ty).to_string().replace(' ', "")
        ),
    ));
}

/// The call of the user's `validate` function (or closure), spanned at its first token so
/// that the compiler's errors about it (a wrong signature, an error type that cannot be kept)
/// point at the user's tokens, not at the derive.
fn validate_call(k: &syn::Path, check: &syn::Expr) -> TokenStream {
    let first = check
        .to_token_stream()
        .into_iter()
        .next()
        .map_or_else(Span::call_site, |token| token.span());
    quote_spanned! {first=>
        #k::__private::validate::<Self, _, _>(&inner, #check)?;
    }
}

/// A type with checks keeps its field private: a public one would let any code build a value
/// the checks refuse (`PostId(tid)`), unless the user says that is what they want.
fn check_field_visibility(input: &DeriveInput, field: &Field, attrs: &Attrs, errors: &mut Errors) {
    let checked = attrs.validate.is_some() || attrs.key_type.is_some();
    if !checked || attrs.allow_public_field || matches!(field.vis, Visibility::Inherited) {
        return;
    }
    let name = &input.ident;
    let checks = match (&attrs.validate, &attrs.key_type) {
        (Some(_), Some(_)) => "a `validate` function and a `key_type`",
        (Some(_), None) => "a `validate` function",
        _ => "a `key_type`",
    };
    errors.push(syn::Error::new_spanned(
        &field.vis,
        format!(
            "the field of `{name}` must be private: the type has {checks}, and a visible field \
             lets code build `{name}(...)` without them; build values with \
             `{name}::from_inner` (checked) or `{name}::from_inner_unchecked` (explicit), or \
             accept the risk with `#[idtype(allow_public_field)]`"
        ),
    ));
}

fn expand(input: &DeriveInput, field_ty: &Type, format: Format, attrs: &Attrs) -> TokenStream {
    let k = &attrs.krate;
    let name = &input.ident;
    let inner = format.ident();
    let type_name = name.to_string();
    let (prefix, separator) = (&attrs.prefix, &attrs.separator);
    let core = quote!(#k::__private::core);
    let result = quote!(#core::result::Result);
    let checked = attrs.validate.is_some() || attrs.key_type.is_some();

    // The field's type is the format's: a path that only looks like it fails here, at the field.
    let same_type = quote_spanned! {field_ty.span()=>
        const _: fn(#k::#inner) -> #field_ty = |id| id;
    };

    let key_type_method = (format == Format::RecordKey).then(|| {
        let value = match &attrs.key_type {
            None => quote!(#k::RecordKeyType::Any),
            Some(KeyType::Tid) => quote!(#k::RecordKeyType::Tid),
            Some(KeyType::Nsid) => quote!(#k::RecordKeyType::Nsid),
            Some(KeyType::Literal(value)) => {
                quote!(#k::RecordKeyType::Literal(#k::RecordKey::from_static(#value)))
            }
        };
        quote! {
            /// The record key type the type's keys must have.
            pub fn key_type() -> #k::RecordKeyType {
                #value
            }
        }
    });
    let key_type_check = attrs.key_type.as_ref().map(|_| {
        quote! { #k::__private::check_key_type::<Self>(&Self::key_type(), &inner)?; }
    });
    // At the user's tokens, so that a wrong signature is reported there.
    let validate_check = attrs.validate.as_ref().map(|check| validate_call(k, check));
    let policy = |trust: bool| {
        if trust {
            quote!(#k::CheckPolicy::Trust)
        } else {
            quote!(#k::CheckPolicy::Check)
        }
    };
    let (decode_policy, deserialize_policy) =
        (policy(attrs.trust_decode), policy(attrs.trust_deserialize));

    let (clone, copy) = if format.is_copy() {
        (
            quote! {
                #[inline]
                fn clone(&self) -> Self {
                    *self
                }
            },
            quote! { impl #core::marker::Copy for #name {} },
        )
    } else {
        (
            quote! {
                #[inline]
                fn clone(&self) -> Self {
                    Self(#core::clone::Clone::clone(&self.0))
                }
            },
            TokenStream::new(),
        )
    };

    let (from_inner, convert_inner) = if checked {
        (
            quote! {
                /// The typed id holding `inner`, once the type's checks accept it.
                ///
                /// # Errors
                ///
                /// The check's error, when it refuses `inner`.
                #[inline]
                pub fn from_inner(inner: #k::#inner) -> #result<Self, #k::Error> {
                    <Self as #k::TypedId>::try_from_inner(inner)
                }
            },
            quote! {
                impl #core::convert::TryFrom<#k::#inner> for #name {
                    type Error = #k::Error;

                    #[inline]
                    fn try_from(inner: #k::#inner) -> #result<Self, #k::Error> {
                        <Self as #k::TypedId>::try_from_inner(inner)
                    }
                }
            },
        )
    } else {
        (
            quote! {
                /// The typed id holding `inner`.
                #[inline]
                pub const fn from_inner(inner: #k::#inner) -> Self {
                    Self(inner)
                }
            },
            quote! {
                impl #core::convert::From<#k::#inner> for #name {
                    #[inline]
                    fn from(inner: #k::#inner) -> Self {
                        Self(inner)
                    }
                }
            },
        )
    };
    let methods = format.methods(&Context { krate: k, checked });
    // The inner id's `Default` (its `MIN`), where the type has no checks it could break; record
    // keys have no default.
    let default = (!checked && format.is_copy()).then(|| {
        quote! {
            #[automatically_derived]
            impl #core::default::Default for #name {
                #[inline]
                fn default() -> Self {
                    Self(#k::#inner::MIN)
                }
            }
        }
    });
    // The fixed-length formats hand serde their stack text; record keys go through `Display`.
    let serialize_body = if format.is_copy() {
        quote!(#k::__private::serde::serialize_encoded(self, self.encode().as_str(), serializer))
    } else {
        quote!(#k::__private::serde::serialize(self, serializer))
    };
    // The fixed-length (`Copy`) formats: `encode()` and `const` accessors.
    let (encode, constness) = if format.is_copy() {
        let (text_prefix, text_separator) = if prefix.is_empty() {
            ("", "")
        } else {
            (prefix.as_str(), separator.as_str())
        };
        let len = text_prefix.len() + text_separator.len();
        let encode = quote! {
            /// The prefixed text on the stack, without allocating (what `Display` writes).
            #[inline]
            pub const fn encode(
                self,
            ) -> #k::IdText<{ #len + <#k::#inner as #k::IdFormat>::MAX_TEXT_LEN }> {
                #k::__private::prefixed_text(#text_prefix, #text_separator, self.0.encode())
            }
        };
        (encode, quote!(const))
    } else {
        (TokenStream::new(), TokenStream::new())
    };

    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            #same_type

            impl #k::TypedId for #name {
                type Inner = #k::#inner;
                const TYPE_NAME: &'static #core::primitive::str = #type_name;
                const PREFIX: &'static #core::primitive::str = #prefix;
                const SEPARATOR: &'static #core::primitive::str = #separator;
                const DECODE: #k::CheckPolicy = #decode_policy;
                const DESERIALIZE: #k::CheckPolicy = #deserialize_policy;

                #[inline]
                fn from_inner_unchecked(inner: #k::#inner) -> Self {
                    Self(inner)
                }

                #[inline]
                fn try_from_inner(inner: #k::#inner) -> #result<Self, #k::Error> {
                    #key_type_check
                    #validate_check
                    #result::Ok(Self(inner))
                }

                #[inline]
                fn as_inner(&self) -> &#k::#inner {
                    &self.0
                }

                #[inline]
                fn into_inner(self) -> #k::#inner {
                    self.0
                }
            }

            #[automatically_derived]
            impl #name {
                /// The prefix of the text (`""`: none).
                pub const PREFIX: &'static #core::primitive::str = #prefix;

                /// What stands between the prefix and the id's own text.
                pub const SEPARATOR: &'static #core::primitive::str = #separator;

                #from_inner

                /// The typed id holding `inner`, without the type's checks (its `validate`
                /// function, a record key's `key_type`, when it has them): for values known to
                /// be good, or that must be read whatever they are. The value may break the
                /// type's rules; nothing else about it is unsafe.
                #[inline]
                pub #constness fn from_inner_unchecked(inner: #k::#inner) -> Self {
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
                    text: &#core::primitive::str,
                ) -> #result<Self, #k::Error> {
                    #k::__private::parse_unchecked::<Self>(text)
                }

                /// The id inside.
                #[inline]
                pub #constness fn as_inner(&self) -> &#k::#inner {
                    &self.0
                }

                /// The id inside, by value.
                #[inline]
                pub #constness fn into_inner(self) -> #k::#inner {
                    self.0
                }

                /// Parses the prefixed text (the same as `str::parse`).
                ///
                /// # Errors
                ///
                /// A missing or different prefix, a bad separator, the inner format's error
                /// (positioned in the whole text), or the type's check.
                #[inline]
                pub fn parse(text: &#core::primitive::str) -> #result<Self, #k::Error> {
                    #k::__private::parse::<Self>(text)
                }

                #encode
                #key_type_method
                #methods
            }

            #[automatically_derived]
            impl #core::fmt::Display for #name {
                #[inline]
                fn fmt(&self, f: &mut #core::fmt::Formatter<'_>) -> #core::fmt::Result {
                    #k::__private::fmt_display(self, f)
                }
            }

            #[automatically_derived]
            impl #core::fmt::Debug for #name {
                fn fmt(&self, f: &mut #core::fmt::Formatter<'_>) -> #core::fmt::Result {
                    #k::__private::fmt_debug(self, f)
                }
            }

            #[automatically_derived]
            impl #core::str::FromStr for #name {
                type Err = #k::Error;

                #[inline]
                fn from_str(text: &#core::primitive::str) -> #result<Self, #k::Error> {
                    #k::__private::parse::<Self>(text)
                }
            }

            #[automatically_derived]
            impl #core::convert::TryFrom<&#core::primitive::str> for #name {
                type Error = #k::Error;

                #[inline]
                fn try_from(text: &#core::primitive::str) -> #result<Self, #k::Error> {
                    #k::__private::parse::<Self>(text)
                }
            }

            #[automatically_derived]
            impl #core::convert::From<#name> for #k::#inner {
                #[inline]
                fn from(id: #name) -> Self {
                    id.0
                }
            }

            #convert_inner

            #[automatically_derived]
            impl #core::convert::AsRef<#k::#inner> for #name {
                #[inline]
                fn as_ref(&self) -> &#k::#inner {
                    &self.0
                }
            }

            #[automatically_derived]
            impl #core::clone::Clone for #name {
                #clone
            }

            #copy
            #default

            #[automatically_derived]
            impl #core::cmp::PartialEq for #name {
                #[inline]
                fn eq(&self, other: &Self) -> #core::primitive::bool {
                    self.0 == other.0
                }
            }

            #[automatically_derived]
            impl #core::cmp::Eq for #name {}

            #[automatically_derived]
            impl #core::cmp::PartialOrd for #name {
                #[inline]
                fn partial_cmp(&self, other: &Self) -> #core::option::Option<#core::cmp::Ordering> {
                    #core::option::Option::Some(#core::cmp::Ord::cmp(self, other))
                }
            }

            #[automatically_derived]
            impl #core::cmp::Ord for #name {
                #[inline]
                fn cmp(&self, other: &Self) -> #core::cmp::Ordering {
                    #core::cmp::Ord::cmp(&self.0, &other.0)
                }
            }

            #[automatically_derived]
            impl #core::hash::Hash for #name {
                #[inline]
                fn hash<H: #core::hash::Hasher>(&self, state: &mut H) {
                    #core::hash::Hash::hash(&self.0, state)
                }
            }

            #k::__private::if_serde! {
                #[automatically_derived]
                impl #k::__private::serde::Serialize for #name {
                    fn serialize<S: #k::__private::serde::Serializer>(
                        &self,
                        serializer: S,
                    ) -> #result<S::Ok, S::Error> {
                        #serialize_body
                    }
                }

                #[automatically_derived]
                impl<'de> #k::__private::serde::Deserialize<'de> for #name {
                    fn deserialize<D: #k::__private::serde::Deserializer<'de>>(
                        deserializer: D,
                    ) -> #result<Self, D::Error> {
                        #k::__private::serde::deserialize(deserializer)
                    }
                }
            }

            #k::__private::if_sqlx! {
                #[automatically_derived]
                impl<DB: #k::__private::sqlx::Database> #k::__private::sqlx::Type<DB> for #name
                where
                    #k::#inner: #k::__private::sqlx::Type<DB>,
                {
                    fn type_info() -> DB::TypeInfo {
                        #k::__private::sqlx::type_info::<Self, DB>()
                    }

                    fn compatible(ty: &DB::TypeInfo) -> #core::primitive::bool {
                        #k::__private::sqlx::compatible::<Self, DB>(ty)
                    }
                }

                #[automatically_derived]
                impl<'q, DB: #k::__private::sqlx::Database> #k::__private::sqlx::Encode<'q, DB> for #name
                where
                    #k::#inner: #k::__private::sqlx::Encode<'q, DB>,
                {
                    fn encode_by_ref(
                        &self,
                        buf: &mut <DB as #k::__private::sqlx::Database>::ArgumentBuffer,
                    ) -> #result<#k::__private::sqlx::IsNull, #k::__private::sqlx::BoxDynError> {
                        #k::__private::sqlx::encode::<Self, DB>(self, buf)
                    }
                }

                #[automatically_derived]
                impl<'r, DB: #k::__private::sqlx::Database> #k::__private::sqlx::Decode<'r, DB> for #name
                where
                    #k::#inner: #k::__private::sqlx::Decode<'r, DB>,
                {
                    fn decode(
                        value: <DB as #k::__private::sqlx::Database>::ValueRef<'r>,
                    ) -> #result<Self, #k::__private::sqlx::BoxDynError> {
                        #k::__private::sqlx::decode::<Self, DB>(value)
                    }
                }
            }

            #k::__private::if_sqlx_postgres! {
                #[automatically_derived]
                impl #k::__private::sqlx::PgHasArrayType for #name {
                    fn array_type_info() -> #k::__private::sqlx::PgTypeInfo {
                        <#k::#inner as #k::__private::sqlx::PgHasArrayType>::array_type_info()
                    }
                }
            }
        };
    }
}
