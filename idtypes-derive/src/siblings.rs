//! Other derives on the same type that would write impls the id derive already writes.
//!
//! A derive macro sees the `#[derive(...)]` attributes that come after the one naming it, not
//! the one it is in nor those before; the crate docs say so for the cases seen only as E0119.

use syn::{DeriveInput, Path, Token, punctuated::Punctuated};

use crate::{errors::Errors, format::Format};

/// The traits the derive implements, by the name a `derive` list gives them.
const PROVIDED: [&str; 13] = [
    "Debug",
    "Display",
    "FromStr",
    "Clone",
    "Copy",
    "PartialEq",
    "Eq",
    "PartialOrd",
    "Ord",
    "Hash",
    "Serialize",
    "Deserialize",
    "Type",
];

/// An error at each trait of a visible `#[derive(...)]` that the id derive implements already.
pub fn check(input: &DeriveInput, format: Format, errors: &mut Errors) {
    let name = &input.ident;
    for attr in input
        .attrs
        .iter()
        .filter(|attr| attr.path().is_ident("derive"))
    {
        let Ok(paths) = attr.parse_args_with(Punctuated::<Path, Token![,]>::parse_terminated)
        else {
            // The compiler reports a malformed `derive` itself.
            continue;
        };
        for path in paths {
            let Some(last) = path
                .segments
                .last()
                .map(|segment| segment.ident.to_string())
            else {
                continue;
            };
            // `Copy` on a record key is the compiler's error to report (a `String` inside).
            let provided = PROVIDED.contains(&last.as_str())
                && (last != "Copy" || format.is_copy())
                && (last != "Type" || is_sqlx_type(&path));
            if provided {
                errors.push(syn::Error::new_spanned(
                    &path,
                    format!(
                        "`#[derive({})]` already implements `{last}` for `{name}`{}; remove \
                         `{last}` from this `derive`",
                        format.name(),
                        what(&last),
                    ),
                ));
            }
        }
    }
}

/// `Type` means sqlx's when written `sqlx::Type` or alone.
fn is_sqlx_type(path: &Path) -> bool {
    path.segments.len() == 1 || path.segments.first().is_some_and(|s| s.ident == "sqlx")
}

/// How the id derive implements a trait, where it differs from what a derive would write.
fn what(name: &str) -> &'static str {
    match name {
        "Debug" => " (as `Name(prefix_text)`)",
        "Display" | "FromStr" => " (the prefixed text)",
        "Serialize" | "Deserialize" => {
            " (the prefixed text, with `idtypes`' `serde` feature, checked on the way in)"
        }
        "Type" => " (the inner id's column, with an `idtypes` sqlx feature)",
        _ => " (from the id inside)",
    }
}
