//! The `#[idtype(...)]` attributes: read, then checked, with every mistake reported at its
//! token (all of them in one compile, not one per compile).

use syn::{Attribute, Expr, Lit, LitStr, Path, meta::ParseNestedMeta, spanned::Spanned};

use crate::{check, errors::Errors, format::Format};

/// The attribute names, in the order the docs give them.
const NAMES: [&str; 10] = [
    "prefix",
    "separator",
    "text",
    "validate",
    "key_type",
    "decode",
    "deserialize",
    "serde",
    "allow_public_field",
    "crate",
];

/// What the attributes say, once checked.
pub struct Attrs {
    /// The text prefix, `""` for none.
    pub prefix: String,
    /// The separator after the prefix.
    pub separator: String,
    /// The text the type chose among its format's (`hyphenated`), `None` for the default.
    pub text: Option<&'static str>,
    /// The user's `fn(&Inner) -> Result<(), E>`: a path or a closure.
    pub validate: Option<Expr>,
    /// The record key type (`RecordKey` only), `None` for `any`.
    pub key_type: Option<KeyType>,
    /// Whether sqlx decoding trusts stored values (skips the type's checks).
    pub trust_decode: bool,
    /// Whether serde deserialization trusts its input (skips the type's checks).
    pub trust_deserialize: bool,
    /// What serde's binary formats get, when the attribute chooses: the text (`true`) or the
    /// inner id's raw form (`false`); `None` for the inner format's choice.
    pub serde_text: Option<bool>,
    /// The user accepts a public field on a checked type, which lets anyone skip the checks.
    pub allow_public_field: bool,
    /// The path to the runtime crate.
    pub krate: Path,
}

/// A record key type other than `any`.
#[derive(Debug)]
pub enum KeyType {
    Tid,
    Nsid,
    Literal(String),
}

/// The values as written, before the checks that relate them.
#[derive(Default)]
struct Raw {
    prefix: Option<LitStr>,
    separator: Option<LitStr>,
    text: Option<LitStr>,
    validate: Option<Expr>,
    key_type: Option<LitStr>,
    decode: Option<LitStr>,
    deserialize: Option<LitStr>,
    serde: Option<LitStr>,
    allow_public_field: Option<proc_macro2::Span>,
    krate: Option<Path>,
}

/// Reads every `#[idtype(...)]` of the type.
pub fn read(attrs: &[Attribute], format: Format, errors: &mut Errors) -> Attrs {
    let mut raw = Raw::default();
    for attr in attrs.iter().filter(|attr| attr.path().is_ident("idtype")) {
        let parsed = attr.parse_nested_meta(|meta| read_one(&meta, &mut raw, errors));
        if let Err(err) = parsed {
            errors.push(err);
        }
    }
    check_all(raw, format, errors)
}

/// Reads one `name = value` of the list.
fn read_one(meta: &ParseNestedMeta<'_>, raw: &mut Raw, errors: &mut Errors) -> syn::Result<()> {
    let path = &meta.path;
    let name = match path.get_ident() {
        Some(ident) => ident.to_string(),
        None => {
            return Err(meta.error(format!(
                "unknown attribute; expected one of {}",
                list_names()
            )));
        }
    };
    // `crate` is a keyword, so it arrives as the ident `crate`.
    match name.as_str() {
        "prefix" => set(&mut raw.prefix, meta.value()?.parse()?, path, errors),
        "separator" => set(&mut raw.separator, meta.value()?.parse()?, path, errors),
        "text" => set(&mut raw.text, meta.value()?.parse()?, path, errors),
        "key_type" => set(&mut raw.key_type, meta.value()?.parse()?, path, errors),
        "decode" => set(&mut raw.decode, meta.value()?.parse()?, path, errors),
        "deserialize" => set(&mut raw.deserialize, meta.value()?.parse()?, path, errors),
        "serde" => set(&mut raw.serde, meta.value()?.parse()?, path, errors),
        "allow_public_field" => {
            if meta.input.peek(syn::Token![=]) {
                return Err(meta.error(
                    "`allow_public_field` takes no value: write `#[idtype(allow_public_field)]`",
                ));
            }
            set(&mut raw.allow_public_field, path.span(), path, errors);
        }
        "validate" => {
            let value = validator(meta.value()?.parse::<Expr>()?)?;
            set(&mut raw.validate, value, path, errors);
        }
        "crate" => {
            let lit: LitStr = meta.value()?.parse()?;
            let krate = lit.parse::<Path>().map_err(|_| {
                syn::Error::new(lit.span(), "expected a path, like `my_crate::idtypes`")
            })?;
            set(&mut raw.krate, krate, path, errors);
        }
        other => {
            let hint = match nearest(other) {
                Some(near) => format!("did you mean `{near}`?"),
                None => format!("expected one of {}", list_names()),
            };
            errors.push(syn::Error::new(
                path.span(),
                format!("unknown attribute `{other}`; {hint}"),
            ));
            // Skip its value, if any, to keep reading the rest of the list.
            if meta.input.peek(syn::Token![=]) {
                meta.value()?.parse::<proc_macro2::TokenStream>()?;
            }
        }
    }
    Ok(())
}

/// A `validate` value: a path to a function (`check_post`, `rules::post`, or the same in a
/// string), or a closure (`|id| ...`).
fn validator(value: Expr) -> syn::Result<Expr> {
    match value {
        Expr::Path(_) | Expr::Closure(_) => Ok(value),
        Expr::Lit(syn::ExprLit {
            lit: Lit::Str(lit), ..
        }) => {
            let path = lit.parse::<Path>().map_err(|_| {
                syn::Error::new(
                    lit.span(),
                    "expected the path of a function in the string, like `\"check_post\"`",
                )
            })?;
            Ok(Expr::Path(syn::ExprPath {
                attrs: Vec::new(),
                qself: None,
                path,
            }))
        }
        other => Err(syn::Error::new_spanned(
            other,
            "expected a function (`validate = check_post`) or a closure \
             (`validate = |id| ...`) of the signature `fn(&Inner) -> Result<(), E>`",
        )),
    }
}

fn set<T>(slot: &mut Option<T>, value: T, path: &Path, errors: &mut Errors) {
    if slot.is_some() {
        let name = path
            .get_ident()
            .map(ToString::to_string)
            .unwrap_or_default();
        errors.push(syn::Error::new(
            path.span(),
            format!("duplicate attribute `{name}`"),
        ));
    } else {
        *slot = Some(value);
    }
}

/// Checks each value and how they relate.
fn check_all(raw: Raw, format: Format, errors: &mut Errors) -> Attrs {
    let prefix = match &raw.prefix {
        Some(lit) => {
            if let Err(message) = check::prefix(&lit.value()) {
                errors.push(syn::Error::new(lit.span(), message));
            }
            lit.value()
        }
        None => String::new(),
    };
    let separator = match &raw.separator {
        Some(lit) => {
            if let Err(message) = check::separator(&lit.value()) {
                errors.push(syn::Error::new(lit.span(), message));
            } else if raw.prefix.is_none() {
                errors.push(syn::Error::new(
                    lit.span(),
                    "a `separator` needs a `prefix` to follow: without one the text is the bare id",
                ));
            }
            lit.value()
        }
        None => "_".to_owned(),
    };
    let text = text_choice(raw.text.as_ref(), format, errors);
    if text.is_none() && format.default_text_is_typeid() {
        check_typeid(&raw, errors);
    }
    let key_type = match &raw.key_type {
        Some(lit) if !format.has_key_types() => {
            errors.push(syn::Error::new(
                lit.span(),
                format!(
                    "`key_type` is for `#[derive(RecordKey)]`; a {} has no record key type",
                    format.name()
                ),
            ));
            None
        }
        Some(lit) => match check::key_type(&lit.value()) {
            Ok(key_type) => key_type,
            Err(message) => {
                errors.push(syn::Error::new(lit.span(), message));
                None
            }
        },
        None => None,
    };
    let checked = raw.validate.is_some() || key_type.is_some();
    let trust_decode = policy(raw.decode.as_ref(), "decode", checked, errors);
    let trust_deserialize = policy(raw.deserialize.as_ref(), "deserialize", checked, errors);
    let serde_text = raw
        .serde
        .as_ref()
        .and_then(|lit| match check::serde_form(&lit.value()) {
            Ok(text) => Some(text),
            Err(message) => {
                errors.push(syn::Error::new(lit.span(), format!("`serde`: {message}")));
                None
            }
        });
    if let (Some(span), false) = (raw.allow_public_field, checked) {
        errors.push(syn::Error::new(
            span,
            "`allow_public_field` is for a type with checks (`validate`, or a `key_type` other \
             than `any`); this one has none, so its field may be public without it",
        ));
    }
    let krate = raw.krate.unwrap_or_else(|| syn::parse_quote!(::idtypes));
    Attrs {
        prefix,
        separator,
        text,
        validate: raw.validate,
        key_type,
        trust_decode,
        trust_deserialize,
        serde_text,
        allow_public_field: raw.allow_public_field.is_some(),
        krate,
    }
}

/// The `text` value: one of the format's texts (`None` for the default), or an error at it.
fn text_choice(
    value: Option<&LitStr>,
    format: Format,
    errors: &mut Errors,
) -> Option<&'static str> {
    let lit = value?;
    let texts = format.texts();
    if texts.is_empty() {
        errors.push(syn::Error::new(
            lit.span(),
            format!(
                "`text` chooses a typed UUID's text; a {} has its format's text only",
                format.name()
            ),
        ));
        return None;
    }
    let value = lit.value();
    match texts.iter().position(|(name, _)| *name == value) {
        Some(0) => None,
        Some(at) => Some(texts[at].0),
        None => {
            let expected = texts
                .iter()
                .map(|(name, means)| format!("`\"{name}\"` ({means})"))
                .collect::<Vec<_>>()
                .join(" or ");
            errors.push(syn::Error::new(
                lit.span(),
                format!("`text`: unknown text `{value}`; expected {expected}"),
            ));
            None
        }
    }
}

/// A TypeID's prefix and separator rules, at their tokens: a typed UUID's default text.
fn check_typeid(raw: &Raw, errors: &mut Errors) {
    if let Some(lit) = &raw.prefix {
        // A prefix that breaks the general rules was reported already.
        if check::prefix(&lit.value()).is_ok() {
            if let Err(message) = check::typeid_prefix(&lit.value()) {
                errors.push(syn::Error::new(lit.span(), message));
            }
        }
    }
    if let Some(lit) = &raw.separator {
        if lit.value() != "_" {
            errors.push(syn::Error::new(
                lit.span(),
                "a typed UUID's separator is `_`: its text is a TypeID \
                 (`user_01h455vb4pex5vsknk084sn02q`); choose `text = \"hyphenated\"` for \
                 another separator",
            ));
        }
    }
}

/// `decode` or `deserialize`: `"check"` (the default, `false`) or `"trust"` (`true`).
fn policy(value: Option<&LitStr>, name: &str, checked: bool, errors: &mut Errors) -> bool {
    let Some(lit) = value else {
        return false;
    };
    let trust = match check::policy(&lit.value()) {
        Ok(trust) => trust,
        Err(message) => {
            errors.push(syn::Error::new(lit.span(), format!("`{name}`: {message}")));
            return false;
        }
    };
    if trust && !checked {
        errors.push(syn::Error::new(
            lit.span(),
            format!(
                "`{name} = \"trust\"` has nothing to skip: the type has no checks (no \
                 `validate`, and no `key_type` other than `any`)"
            ),
        ));
    }
    trust
}

fn list_names() -> String {
    NAMES.map(|name| format!("`{name}`")).join(", ")
}

/// The attribute name closest to a misspelt one, if one is close.
fn nearest(name: &str) -> Option<&'static str> {
    NAMES
        .iter()
        .map(|candidate| (check::edit_distance(name, candidate), *candidate))
        .filter(|(distance, candidate)| *distance <= (candidate.len() / 3).max(1))
        .min()
        .map(|(_, candidate)| candidate)
}
