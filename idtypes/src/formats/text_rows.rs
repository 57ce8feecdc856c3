//! What the table's text rows become (`impls`), and the macro that calls a template once per
//! text row (`for_each_text_format`). See "Text rows" in `formats/mod.rs`.

/// The text rows' impls: for each, its [`IdFormat`](crate::IdFormat) impl (its text is a
/// `&str` borrowed from the id) and its facts (`Sealed`).
macro_rules! impls {
    ([] $(
        $name_ident:ident [$($generics:tt)*] ($ty:ty) {
            name: $name:expr, slug: $slug:literal, article: $article:literal,
            type_name: $type_name:expr,
            text: $min_len:expr, $max_len:expr,
            schema: $schema:expr,
            parse: $parse:expr, parse_valid: $parse_valid:expr,
            any_bytes: $any_bytes:expr,
            as_str: $as_str:expr,
        }
    )*) => {
        $(
            impl<$($generics)*> crate::IdFormat for $ty {
                const NAME: &'static str = $name;
                const SLUG: &'static str = $slug;
                const MAX_TEXT_LEN: usize = $max_len;

                type Text<'a> = &'a str;

                #[inline]
                fn encode(&self) -> &str {
                    ($as_str)(self)
                }
            }

            impl<$($generics)*> crate::typed::format::sealed::Sealed for $ty {
                const TYPE_NAME: &'static str = $type_name;
                const ARTICLE: &'static str = $article;
                const MAX_PARSE_LEN: usize = $max_len;
                const TEXT_SCHEMA: crate::text::schema::TextSchema = {
                    let schema = $schema;
                    assert!(
                        schema.min_len == $min_len && schema.max_len == $max_len,
                        "a text row's schema states the row's lengths"
                    );
                    schema
                };
                // A string in every encoding: the text is the id.
                const SERDE_TEXT: bool = true;

                #[inline]
                fn parse_ascii(text: &[u8]) -> Result<Self, crate::Error> {
                    ($parse)(text)
                }

                fn from_any_bytes(bytes: &[u8]) -> Option<Self> {
                    ($any_bytes)(bytes)
                }

                fn write_text(
                    &self,
                    _alternate: bool,
                    out: &mut dyn core::fmt::Write,
                ) -> core::fmt::Result {
                    out.write_str(($as_str)(self))
                }

                #[inline(always)]
                fn parse_valid(text: &str, start: usize) -> Option<Self> {
                    ($parse_valid)(text.as_bytes().get(start..)?)
                }
            }
        )*
    };
}

pub(crate) use impls;

/// Calls `$callback!([generics] Type)` for every text row.
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! each {
    ([$callback:path] $($name_ident:ident [$($generics:tt)*] ($ty:ty) { $($fields:tt)* })*) => {
        $($callback!([$($generics)*] $ty);)*
    };
    ([$callback:path, $with:ident] $($name_ident:ident [$($generics:tt)*] ($ty:ty) { $($fields:tt)* })*) => {
        $($callback!($with [$($generics)*] $ty);)*
    };
}

#[allow(
    unused_imports,
    reason = "the integrations use it, each behind its feature"
)]
pub(crate) use each;

/// Calls `$callback!([generics] Type)` for every text row of the table, in its order: the
/// generics in brackets (`[A: crate::nanoid::NanoAlphabet, const LEN: usize]`, or `[]`), then
/// the type with them (`crate::NanoId<A, LEN>`). A template writes
/// `impl<$($generics)*> Trait for $ty { ... }`, and reads the format through
/// [`IdFormat`](crate::IdFormat) and `Sealed`: the text is `IdFormat::encode` (a `&str`),
/// `IdFormat::parse_text` reads it, `MAX_TEXT_LEN` and `TEXT_SCHEMA.min_len` are its lengths,
/// `Sealed::from_any_bytes` makes an id of any bytes of a length between them.
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
///
/// With a second argument, `for_each_text_format!(callback, with)` calls
/// `$callback!(with [generics] Type)` (a template that calls the macro `with` in turn).
macro_rules! for_each_text_format {
    ($callback:path) => {
        $crate::formats::text_table!(each, [$callback]);
    };
    ($callback:path, $with:ident) => {
        $crate::formats::text_table!(each, [$callback, $with]);
    };
}

#[allow(
    unused_imports,
    reason = "the integrations use it, each behind its feature"
)]
pub(crate) use for_each_text_format;
