//! One expansion for every format: checks the input, then writes the typed id's impls.

use proc_macro2::{Ident, Span, TokenStream};
use quote::{ToTokens, quote, quote_spanned};
use syn::{Data, DeriveInput, Field, Fields, Type, Visibility, spanned::Spanned};

use crate::{
    attr::{self, Attrs, KeyType},
    errors::Errors,
    format::Format,
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
        .filter(|segment| segment.arguments.is_none() || format.is_generic())
        .map(|segment| segment.ident.to_string());
    if name.as_deref() == Some(format.name()) || name.as_deref() == Some(format.type_name()) {
        return;
    }
    let hint = match name.as_deref().and_then(|name| {
        crate::FORMATS
            .into_iter()
            .find(|f| f.name() == name || f.type_name() == name)
    }) {
        Some(other) => format!("; for a {0} field, derive `{0}` instead", other.type_name()),
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

/// What the expansion needs to know of the type being derived.
struct Target<'a> {
    /// The type's name.
    name: &'a syn::Ident,
    format: Format,
    attrs: &'a Attrs,
    /// Whether the type has checks, which makes its constructors fallible.
    checked: bool,
    /// The field's type.
    field_ty: &'a Type,
}

impl Target<'_> {
    /// The path to the runtime crate.
    fn krate(&self) -> &syn::Path {
        &self.attrs.krate
    }

    /// `::idtypes::__private`: what generated code names (`__private::str`,
    /// `__private::Result`, the integrations' pieces), out of the user's reach.
    fn private(&self) -> TokenStream {
        let k = self.krate();
        quote!(#k::__private)
    }

    /// The inner type: `::idtypes::Tid`; for a format whose type has parameters, the field's
    /// type (`NanoId<Lowercase, 16>`, as the user's scope names it).
    fn inner(&self) -> TokenStream {
        if self.format.is_generic() {
            let field_ty = self.field_ty;
            return quote!(#field_ty);
        }
        let k = self.krate();
        let inner = self.format.ident();
        quote!(#k::#inner)
    }
}

/// Everything the derive writes, inside one `const _: () = { ... };` so that nothing it names
/// leaks into the user's module.
fn expand(input: &DeriveInput, field_ty: &Type, format: Format, attrs: &Attrs) -> TokenStream {
    let target = Target {
        name: &input.ident,
        format,
        attrs,
        checked: attrs.validate.is_some() || attrs.key_type.is_some(),
        field_ty,
    };
    let same_type = same_type(&target, field_ty);
    let typed_id = typed_id_impl(&target);
    let common = common_methods(&target);
    let format_api = format_api(&target);
    let text = text_impls(&target);
    let conversions = conversions(&target);
    let comparisons = comparisons(&target);
    let integrations = integrations(&target);
    quote! {
        #[doc(hidden)]
        #[allow(non_upper_case_globals, clippy::all)]
        const _: () = {
            #same_type
            #typed_id
            #common
            #format_api
            #text
            #conversions
            #comparisons
            #integrations
        };
    }
}

/// For a format whose type has parameters, the field's type must be one of the format's types
/// (its family trait says which). For any other format the field's type must be the format's
/// own, which `TypedId::as_inner` checks (a path that only looks like it, another crate's
/// `Tid`, fails there, at the field: see [`field_access`]).
fn same_type(target: &Target<'_>, field_ty: &Type) -> Option<TokenStream> {
    if !target.format.is_generic() {
        return None;
    }
    let (k, family) = (target.krate(), target.format.ident());
    Some(quote_spanned! {field_ty.span()=>
        const _: () = {
            fn same_format<T: #k::__private::family::#family>() {}
            let _ = same_format::<#field_ty>;
        };
    })
}

/// `self.0`, spanned at the field's type, so that a field of another type is reported there
/// ("expected `idtypes::Tid`, found `other::Tid`").
fn field_access(target: &Target<'_>) -> TokenStream {
    quote_spanned! {target.field_ty.span()=> self.0 }
}

/// `impl TypedId`: the type's name, prefix, separator and read policies, and its checks.
fn typed_id_impl(target: &Target<'_>) -> TokenStream {
    let (k, p, inner, name) = (
        target.krate(),
        target.private(),
        target.inner(),
        target.name,
    );
    let attrs = target.attrs;
    let type_name = name.to_string();
    let field = field_access(target);
    let prefix = &attrs.prefix;
    // Written only when not `_`, the trait's default.
    let separator = (attrs.separator != "_").then(|| {
        let separator = &attrs.separator;
        quote! { const SEPARATOR: &'static #p::str = #separator; }
    });
    // What the format's constructors return: the id, or with checks a `Result`.
    let checks = Ident::new(
        if target.checked {
            "Checked"
        } else {
            "Unchecked"
        },
        Span::call_site(),
    );
    // Written only when the type trusts: checking is the trait's default.
    let decode = attrs
        .trust_decode
        .then(|| quote! { const DECODE: #k::CheckPolicy = #k::CheckPolicy::Trust; });
    let deserialize = attrs
        .trust_deserialize
        .then(|| quote! { const DESERIALIZE: #k::CheckPolicy = #k::CheckPolicy::Trust; });
    let key_type_check = attrs.key_type.as_ref().map(|_| {
        quote! { #k::__private::check_key_type::<Self>(&Self::key_type(), &inner)?; }
    });
    // At the user's tokens, so that a wrong signature is reported there.
    let validate_check = attrs.validate.as_ref().map(|check| validate_call(k, check));
    // A type without checks keeps the trait's default, which wraps the inner id.
    let try_from_inner = target.checked.then(|| {
        quote! {
            #[inline]
            fn try_from_inner(inner: #inner) -> #p::Result<Self, #k::Error> {
                #key_type_check
                #validate_check
                #p::Result::Ok(Self(inner))
            }
        }
    });
    // What the type checks beyond its format, for its schemas; left to the trait's defaults
    // (no `validate`, key type `any`) when it checks nothing more.
    let has_validate = attrs
        .validate
        .as_ref()
        .map(|_| quote! { const HAS_VALIDATE: #p::bool = true; });
    let key_type = attrs.key_type.as_ref().map(|key_type| {
        let lexicon = match key_type {
            KeyType::Tid => "tid".to_owned(),
            KeyType::Nsid => "nsid".to_owned(),
            KeyType::Literal(value) => format!("literal:{value}"),
        };
        quote! { const KEY_TYPE: &'static #p::str = #lexicon; }
    });
    // The text the type chose, when not its format's (the UUID's `hyphenated`).
    let text = attrs.text.map(|text| {
        let form = Ident::new(
            &format!("{}_{text}", target.format.name().to_ascii_lowercase()),
            Span::call_site(),
        );
        quote! { const TEXT: #k::__private::TextForm<#inner> = #k::__private::text_forms::#form; }
    });
    // Written only when the attribute chooses: the inner format's choice is the default.
    let serde_text = attrs
        .serde_text
        .map(|text| quote! { const SERDE_TEXT: #p::bool = #text; });
    quote! {
        impl #k::TypedId for #name {
            type Inner = #inner;
            type Checks = #k::checks::#checks;
            const TYPE_NAME: &'static #p::str = #type_name;
            const PREFIX: &'static #p::str = #prefix;
            #separator
            #decode
            #deserialize
            #has_validate
            #key_type
            #serde_text
            #text

            #[inline]
            fn from_inner_unchecked(inner: #inner) -> Self {
                Self(inner)
            }

            #try_from_inner

            #[inline]
            fn as_inner(&self) -> &#inner {
                &#field
            }

            #[inline]
            fn into_inner(self) -> #inner {
                #field
            }
        }
    }
}

/// The inherent methods the derive writes itself: a record key type's `key_type()`. The rest
/// of the inherent block (`from_inner`, the `const` accessors) is the format's template's, and
/// `PREFIX`, `SEPARATOR`, `parse` and `parse_unchecked` are `TypedId`'s.
fn common_methods(target: &Target<'_>) -> Option<TokenStream> {
    let name = target.name;
    let key_type = key_type_method(target)?;
    Some(quote! {
        impl #name {
            #key_type
        }
    })
}

/// A typed record key's `key_type()`: the record key type its keys must have.
fn key_type_method(target: &Target<'_>) -> Option<TokenStream> {
    if !target.format.has_key_types() {
        return None;
    }
    let k = target.krate();
    let value = match &target.attrs.key_type {
        None => quote!(#k::record_key::RecordKeyType::Any),
        Some(KeyType::Tid) => quote!(#k::record_key::RecordKeyType::Tid),
        Some(KeyType::Nsid) => quote!(#k::record_key::RecordKeyType::Nsid),
        Some(KeyType::Literal(value)) => {
            quote!(#k::record_key::RecordKeyType::Literal(#k::RecordKey::from_static(#value)))
        }
    };
    Some(quote! {
        /// The record key type the type's keys must have.
        #[inline]
        pub fn key_type() -> #k::record_key::RecordKeyType {
            #value
        }
    })
}

/// The format's own part, written beside the format in the runtime crate: its parts, ranges,
/// generation, `Clone` (and `Copy`, `Default` and `encode()` for the fixed-size formats).
fn format_api(target: &Target<'_>) -> TokenStream {
    let (k, name) = (target.krate(), target.name);
    let api = target.format.api_macro();
    let checks = Ident::new(
        if target.checked {
            "checked"
        } else {
            "unchecked"
        },
        Span::call_site(),
    );
    // A type without a prefix prints the bare text: no separator either.
    let (prefix, separator) = if target.attrs.prefix.is_empty() {
        ("", "")
    } else {
        (
            target.attrs.prefix.as_str(),
            target.attrs.separator.as_str(),
        )
    };
    let text = target.attrs.text.map(|text| {
        let text = Ident::new(text, Span::call_site());
        quote!(, text = #text)
    });
    quote! {
        #k::#api! { #name, #checks, #prefix, #separator #text }
    }
}

/// `Display`, `Debug`, `FromStr` and `TryFrom<&str>`: the prefixed text.
fn text_impls(target: &Target<'_>) -> TokenStream {
    let (k, p, name) = (target.krate(), target.private(), target.name);
    let result = quote!(#p::Result);
    quote! {
        #[automatically_derived]
        impl #p::fmt::Display for #name {
            #[inline]
            fn fmt(&self, f: &mut #p::fmt::Formatter<'_>) -> #p::fmt::Result {
                #k::__private::fmt_display(self, f)
            }
        }

        #[automatically_derived]
        impl #p::fmt::Debug for #name {
            #[inline]
            fn fmt(&self, f: &mut #p::fmt::Formatter<'_>) -> #p::fmt::Result {
                #k::__private::fmt_debug(self, f)
            }
        }

        #[automatically_derived]
        impl #p::FromStr for #name {
            type Err = #k::Error;

            #[inline]
            fn from_str(text: &#p::str) -> #result<Self, #k::Error> {
                #k::__private::parse::<Self>(text)
            }
        }

        #[automatically_derived]
        impl #p::TryFrom<&#p::str> for #name {
            type Error = #k::Error;

            #[inline]
            fn try_from(text: &#p::str) -> #result<Self, #k::Error> {
                #k::__private::parse::<Self>(text)
            }
        }
    }
}

/// To and from the inner id: `From<PostId>` for the inner type, `From` (or, with checks,
/// `TryFrom`) the other way, and `AsRef`.
fn conversions(target: &Target<'_>) -> TokenStream {
    let (k, p, inner, name) = (
        target.krate(),
        target.private(),
        target.inner(),
        target.name,
    );
    let from_inner = if target.checked {
        quote! {
            #[automatically_derived]
            impl #p::TryFrom<#inner> for #name {
                type Error = #k::Error;

                #[inline]
                fn try_from(inner: #inner) -> #p::Result<Self, #k::Error> {
                    <Self as #k::TypedId>::try_from_inner(inner)
                }
            }
        }
    } else {
        quote! {
            #[automatically_derived]
            impl #p::From<#inner> for #name {
                #[inline]
                fn from(inner: #inner) -> Self {
                    Self(inner)
                }
            }
        }
    };
    quote! {
        #[automatically_derived]
        impl #p::From<#name> for #inner {
            #[inline]
            fn from(id: #name) -> Self {
                id.0
            }
        }

        #from_inner

        #[automatically_derived]
        impl #p::AsRef<#inner> for #name {
            #[inline]
            fn as_ref(&self) -> &#inner {
                &self.0
            }
        }
    }
}

/// `PartialEq`, `Eq`, `PartialOrd`, `Ord` and `Hash`, as the inner id's.
fn comparisons(target: &Target<'_>) -> TokenStream {
    let (p, name) = (target.private(), target.name);
    quote! {
        #[automatically_derived]
        impl #p::PartialEq for #name {
            #[inline]
            fn eq(&self, other: &Self) -> #p::bool {
                self.0 == other.0
            }
        }

        #[automatically_derived]
        impl #p::Eq for #name {}

        #[automatically_derived]
        impl #p::PartialOrd for #name {
            #[inline]
            fn partial_cmp(&self, other: &Self) -> #p::Option<#p::Ordering> {
                #p::PartialOrd::partial_cmp(&self.0, &other.0)
            }
        }

        #[automatically_derived]
        impl #p::Ord for #name {
            #[inline]
            fn cmp(&self, other: &Self) -> #p::Ordering {
                #p::Ord::cmp(&self.0, &other.0)
            }
        }

        #[automatically_derived]
        impl #p::Hash for #name {
            #[inline]
            fn hash<H: #p::Hasher>(&self, state: &mut H) {
                #p::Hash::hash(&self.0, state)
            }
        }
    }
}

/// The integrations this crate has enabled (serde, sqlx, ...), from one template in the
/// runtime crate that calls each integration's own; without its feature, an integration's
/// template writes nothing.
fn integrations(target: &Target<'_>) -> TokenStream {
    let (k, inner, name) = (target.krate(), target.inner(), target.name);
    quote! {
        #k::__idtypes_typed_integrations! { #name, #inner }
    }
}
