//! The formats a typed id can hold, as the derive knows them: by name alone. What each one
//! adds to a typed id (its parts, ranges, generation) is written beside the format in the
//! runtime crate, as a `macro_rules!` named after it (`idtypes::__idtypes_typed_tid!`), which
//! the expansion invokes; so a typed id's API cannot drift from its inner type's, and this
//! crate knows nothing of any format but its name. The names are listed once, in `lib.rs`.

use proc_macro2::{Ident, Span};

/// A format, named like its derive macro and its type. The list of derives in `lib.rs` makes
/// them: a line's kind (`RecordKey (text)`) is the constructor it calls (`Format::text`),
/// [`fixed`](Format::fixed) when it has none.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Format {
    name: &'static str,
    /// The type the generated code names: the name, but for a derive kept under its old name
    /// for a release (`Xid`, now `Uid11Xid`), whose code is the new name's.
    type_name: &'static str,
    /// The record key: a string, not `Copy`, with record key types.
    text: bool,
    /// The UUID: a TypeID by default (whose prefix rules are TypeID's), or by choice the
    /// hyphenated form.
    uuid: bool,
    /// A text row of the runtime crate's table (NanoID): `Copy`, its type generic over its
    /// alphabet or length, so the field's type (with its parameters) is the inner type.
    text_row: bool,
}

impl Format {
    /// A fixed-size format (every format but the record key).
    pub const fn fixed(name: &'static str) -> Format {
        Format {
            name,
            type_name: name,
            text: false,
            uuid: false,
            text_row: false,
        }
    }

    /// A text row (NanoID): a `Copy` text, its type with parameters.
    pub const fn text_row(name: &'static str) -> Format {
        Format {
            text_row: true,
            ..Format::fixed(name)
        }
    }

    /// The text format: the record key.
    pub const fn text(name: &'static str) -> Format {
        Format {
            text: true,
            ..Format::fixed(name)
        }
    }

    /// The UUID: fixed-size, with a choice of text.
    pub const fn uuid(name: &'static str) -> Format {
        Format {
            uuid: true,
            ..Format::fixed(name)
        }
    }

    /// A fixed-size format's derive under its old name: it accepts a field of either type
    /// (the old name is an alias of the new one) and writes the new name's code.
    pub const fn renamed(name: &'static str, type_name: &'static str) -> Format {
        Format {
            type_name,
            ..Format::fixed(name)
        }
    }

    /// The format of that name, among all of them.
    #[cfg(test)]
    pub fn named(name: &str) -> Format {
        crate::FORMATS
            .into_iter()
            .find(|format| format.name == name)
            .expect("a format's name")
    }

    /// The type's (and the derive's) name.
    pub fn name(self) -> &'static str {
        self.name
    }

    /// The type's current name: [`name`](Format::name) but for a renamed derive.
    pub fn type_name(self) -> &'static str {
        self.type_name
    }

    /// The type's name as an identifier.
    pub fn ident(self) -> Ident {
        Ident::new(self.type_name, Span::call_site())
    }

    /// The format's typed-id macro in `idtypes`: `__idtypes_typed_` and the name in snake
    /// case (`TsSeqRand`: `__idtypes_typed_ts_seq_rand`).
    pub fn api_macro(self) -> Ident {
        let mut name = String::from("__idtypes_typed_");
        let mut previous: Option<char> = None;
        for c in self.type_name.chars() {
            if c.is_ascii_uppercase() && previous.is_some_and(|p| !p.is_ascii_uppercase()) {
                name.push('_');
            }
            name.push(c.to_ascii_lowercase());
            previous = Some(c);
        }
        Ident::new(&name, Span::call_site())
    }

    /// Whether the field's type, with its parameters, is the inner type (a text row:
    /// `NanoId<Lowercase, 16>`), checked against the format's family trait.
    pub fn is_generic(self) -> bool {
        self.text_row
    }

    /// Whether the format is `Copy` (all but the record key, a string), and so its typed id.
    pub fn is_copy(self) -> bool {
        !self.text
    }

    /// Whether the format has record key types (`key_type`): the record key.
    pub fn has_key_types(self) -> bool {
        self.text
    }

    /// The texts a typed id of the format may choose with `#[idtype(text = "...")]`, the
    /// default first, with what each is; empty for a format with one text.
    pub fn texts(self) -> &'static [(&'static str, &'static str)] {
        if self.uuid {
            &[
                ("typeid", "`user_01h455vb4pex5vsknk084sn02q`, the default"),
                ("hyphenated", "`user_01890a5d-ac96-774b-bcce-b302099a8057`"),
            ]
        } else {
            &[]
        }
    }

    /// Whether the format's default text is a TypeID, whose prefix and separator follow the
    /// TypeID rules: the UUID.
    pub fn default_text_is_typeid(self) -> bool {
        self.uuid
    }
}

#[cfg(test)]
mod tests {
    use super::Format;

    #[test]
    fn each_format_names_its_macro_in_snake_case() {
        let macro_of = |name| Format::named(name).api_macro().to_string();
        for (name, api_macro) in [
            ("Tid", "__idtypes_typed_tid"),
            ("TimeId", "__idtypes_typed_time_id"),
            ("Uid11", "__idtypes_typed_uid11"),
            ("Uid11Xid", "__idtypes_typed_uid11_xid"),
            ("Xid", "__idtypes_typed_uid11_xid"),
            ("TsSeqRand", "__idtypes_typed_ts_seq_rand"),
            ("RsXid", "__idtypes_typed_rs_xid"),
            ("Cuid2", "__idtypes_typed_cuid2"),
        ] {
            assert_eq!(macro_of(name), api_macro);
        }
        // Every format's: its name's words in lowercase, joined by one `_`.
        for format in crate::FORMATS {
            let api_macro = format.api_macro().to_string();
            let words = api_macro.strip_prefix("__idtypes_typed_").unwrap();
            assert!(
                words.split('_').all(|word| !word.is_empty()
                    && word
                        .bytes()
                        .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())),
                "{api_macro}"
            );
            assert_eq!(
                words.replace('_', ""),
                format.type_name().to_ascii_lowercase()
            );
        }
        assert!(!Format::named("RecordKey").is_copy());
        assert_eq!(Format::named("Xid").ident().to_string(), "Uid11Xid");
        assert_eq!(Format::named("Xid").type_name(), "Uid11Xid");
    }
}
