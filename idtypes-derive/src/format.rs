//! The formats a typed id can hold, by name. What each one adds to a typed id (its parts,
//! ranges, generation, integrations) is written beside the format in the runtime crate, as a
//! `macro_rules!` the expansion invokes (`idtypes::__private::typed::tid!`), so a typed id's
//! API cannot drift from its inner type's.

use proc_macro2::{Ident, Span};

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

impl Format {
    /// The type's (and the derive's) name, and the name of its typed-id macro in
    /// `idtypes::__private::typed`.
    fn names(self) -> (&'static str, &'static str) {
        match self {
            Format::Tid => ("Tid", "tid"),
            Format::TimeId => ("TimeId", "time_id"),
            Format::Uid11 => ("Uid11", "uid11"),
            Format::Xid => ("Xid", "xid"),
            Format::Snowish => ("Snowish", "snowish"),
            Format::TsSeqRand => ("TsSeqRand", "ts_seq_rand"),
            Format::FullRand => ("FullRand", "full_rand"),
            Format::Tbsl => ("Tbsl", "tbsl"),
            Format::RecordKey => ("RecordKey", "record_key"),
        }
    }

    /// The type's (and the derive's) name.
    pub fn name(self) -> &'static str {
        self.names().0
    }

    /// The type's name as an identifier.
    pub fn ident(self) -> Ident {
        Ident::new(self.name(), Span::call_site())
    }

    /// The format's typed-id macro in `idtypes::__private::typed`.
    pub fn api_macro(self) -> Ident {
        Ident::new(self.names().1, Span::call_site())
    }

    /// Whether the format is `Copy` (all but the record key, a string), and so its typed id.
    pub fn is_copy(self) -> bool {
        self != Format::RecordKey
    }
}
