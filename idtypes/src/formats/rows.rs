//! What the table's rows become (`impls`), and the macros that call a template once per
//! format (`for_each_fixed_format`, `for_each_format`).

/// The rows' impls: for each, its [`IdFormat`] and [`FixedSizeFormat`] impls and its facts
/// (`Sealed`, and `Timed` for the formats with a timestamp).
macro_rules! impls {
    ([] $(
        $ty:ident ($time:ident) {
            name: $name:expr, slug: $slug:literal, article: $article:literal,
            text: $text_len:expr, parse: $parse_len:expr,
            raw: $raw:ty = $to_raw:ident, $from_raw:expr,
            bytes: $bytes:ty, $from_bytes:expr, $from_any_bytes:expr,
            column: $column:ident,
            postgres: $postgres:literal ($postgres_sql_type:ident),
            sql: $sql:ident $(($($sql_argument:tt)*))?,
            schema: $schema:expr,
            serde: $serde:ident $(, parse_valid: $parse_valid:path)?,
        }
    )*) => {
        $(
            impl IdFormat for $ty {
                const NAME: &'static str = $name;
                const SLUG: &'static str = $slug;
                const MAX_TEXT_LEN: usize = $text_len;

                type Text<'a> = IdText<{ $text_len }>;

                #[inline]
                fn encode(&self) -> Self::Text<'_> {
                    $ty::encode(*self)
                }
            }

            impl FixedSizeFormat for $ty {
                type Raw = $raw;
                type Bytes = $bytes;
                const COLUMN: crate::Column = $crate::formats::rows::impls!(@column $column);
                const POSTGRES_TYPE: &'static str = $postgres;

                #[inline]
                fn to_raw(self) -> $raw {
                    self.$to_raw()
                }

                #[inline]
                fn try_from_raw(raw: $raw) -> Result<Self, Error> {
                    ($from_raw)(raw)
                }

                #[inline]
                fn to_bytes(self) -> Self::Bytes {
                    $ty::to_bytes(self)
                }

                #[inline]
                fn try_from_bytes(bytes: Self::Bytes) -> Result<Self, Error> {
                    ($from_bytes)(bytes)
                }
            }

            impl Sealed for $ty {
                const TYPE_NAME: &'static str = stringify!($ty);
                const ARTICLE: &'static str = $article;
                const MAX_PARSE_LEN: usize = $parse_len;
                const TEXT_SCHEMA: crate::text::schema::TextSchema = $schema;
                const SERDE_TEXT: bool = $crate::formats::rows::impls!(@serde $serde);

                #[inline]
                fn parse_ascii(text: &[u8]) -> Result<Self, Error> {
                    $ty::parse_ascii(text)
                }

                fn from_any_bytes(bytes: &[u8]) -> Option<Self> {
                    let bytes: $bytes = bytes.try_into().ok()?;
                    Some(($from_any_bytes)(bytes))
                }

                fn write_text(
                    &self,
                    alternate: bool,
                    out: &mut dyn core::fmt::Write,
                ) -> core::fmt::Result {
                    if alternate {
                        write!(out, "{:#}", self)
                    } else {
                        write!(out, "{}", self)
                    }
                }

                $(
                    // Without an error to build and drop when the text is not an id (the
                    // typed parse then starts over to say why).
                    #[inline(always)]
                    fn parse_valid(text: &str, start: usize) -> Option<Self> {
                        $parse_valid(text.as_bytes().get(start..)?)
                    }
                )?
            }

            #[cfg(test)]
            impl $crate::formats::rows::SqlFacts for $ty {
                const SQL: $crate::formats::rows::SqlText =
                    $crate::formats::rows::impls!(@sql $sql $(($($sql_argument)*))?);
            }

            $crate::formats::rows::impls!(@time $ty, $time);
        )*

    };
    (@column natural) => { crate::Column::Natural };
    (@column flipped) => { crate::Column::Flipped };
    (@column bytes) => { crate::Column::Bytes };
    (@column uuid) => { crate::Column::Uuid };
    (@sql radix($alphabet:expr, pad: $pad:literal, fold: $fold:literal)) => {
        $crate::formats::rows::SqlText::Radix { alphabet: $alphabet, pad_bits: $pad, fold: $fold }
    };
    (@sql decimal) => { $crate::formats::rows::SqlText::Decimal };
    (@sql own) => { $crate::formats::rows::SqlText::Own };
    (@serde text) => { true };
    (@serde raw) => { false };
    (@time $ty:ident, micros) => {
        impl crate::typed::format::Timed for $ty {
            #[inline]
            fn unix_micros(&self) -> i64 {
                // A TID's, a TimeId's and a TBSL's microseconds are within 2^60.
                self.timestamp_micros() as i64
            }
        }
    };
    (@time $ty:ident, millis) => {
        impl crate::typed::format::Timed for $ty {
            #[inline]
            fn unix_micros(&self) -> i64 {
                // At most 2^42 milliseconds after 2011: far within an `i64` of microseconds.
                self.timestamp_millis() as i64 * 1000
            }
        }
    };
    (@time $ty:ident, seconds) => {
        impl crate::typed::format::Timed for $ty {
            #[inline]
            fn unix_micros(&self) -> i64 {
                // At most 2^32 seconds after 1970 (or a 32-bit epoch's): far within an `i64`
                // of microseconds.
                self.timestamp_seconds() as i64 * 1_000_000
            }
        }
    };
    (@time $ty:ident, none) => {};
}

pub(crate) use impls;

/// How the SQL functions of `idtypes::sql` write and read a format's text: the row's `sql`
/// field, which the scripts' generator (`integrations/db/sql/generate/`) reads. Test-only:
/// the generated scripts are committed.
#[cfg(test)]
#[derive(Debug, Clone, Copy)]
pub(crate) enum SqlText {
    /// The column's value (a `natural` id; a `flipped` one plus 2^63; the bytes, or a UUID's
    /// 128 bits, as a big-endian number) times 2^`pad_bits`, in the format's text length of
    /// characters of `alphabet`, the first worth most. With `fold`, lowercase letters are read
    /// as the alphabet's uppercase ones.
    Radix {
        /// The symbols, worth 0, 1, ... in order.
        alphabet: &'static [u8],
        /// How many zero bits follow the value's (rs/xid's 4).
        pad_bits: u32,
        /// Whether lowercase letters read as the alphabet's uppercase ones (a ULID's).
        fold: bool,
    },
    /// The decimal number of a `natural` column, without sign or leading zeros.
    Decimal,
    /// SQL of the format's own, written in the generator.
    Own,
}

/// A row's SQL facts ([`SqlText`]), from its `sql` field.
#[cfg(test)]
pub(crate) trait SqlFacts {
    /// How the SQL functions write and read the format's text.
    const SQL: SqlText;
}

/// Calls `$callback!(Type)` for every row of the table (`each`), or for every row whose ids
/// have a timestamp, as `$callback!(Type, precision)` (`each_timed`).
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! each {
    ([$callback:ident] $($ty:ident ($time:ident) { $($fields:tt)* })*) => {
        $($callback!($ty);)*
    };
}

#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! each_timed {
    ([$callback:ident] $($ty:ident ($time:ident) { $($fields:tt)* })*) => {
        $($crate::formats::rows::each_timed!(@row $callback, $ty, $time);)*
    };
    (@row $callback:ident, $ty:ident, none) => {};
    (@row $callback:ident, $ty:ident, $time:ident) => {
        $callback!($ty, $time);
    };
}

/// Calls `$callback!(Type, column)` for every row, with its column (`natural`, `flipped` or
/// `bytes`): how the database integrations choose each format's column.
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! each_column {
    ([$callback:ident] $(
        $ty:ident ($time:ident) {
            name: $name:expr, slug: $slug:literal, article: $article:literal,
            text: $text_len:expr, parse: $parse_len:expr,
            raw: $raw:ty = $to_raw:ident, $from_raw:expr,
            bytes: $bytes:ty, $from_bytes:expr, $from_any_bytes:expr,
            column: $column:ident,
            $($rest:tt)*
        }
    )*) => {
        $($callback!($ty, $column);)*
    };
}

/// Calls `$callback!(Type, "sql_name", SqlType, column)` for every row, with the name of its
/// native type in the PostgreSQL extension, the name of that type's diesel SQL type and its
/// column: how the integrations that declare a type per format (diesel) name it.
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! each_postgres {
    ([$callback:ident] $(
        $ty:ident ($time:ident) {
            name: $name:expr, slug: $slug:literal, article: $article:literal,
            text: $text_len:expr, parse: $parse_len:expr,
            raw: $raw:ty = $to_raw:ident, $from_raw:expr,
            bytes: $bytes:ty, $from_bytes:expr, $from_any_bytes:expr,
            column: $column:ident,
            postgres: $postgres:literal ($postgres_sql_type:ident),
            $($rest:tt)*
        }
    )*) => {
        $($callback!($ty, $postgres, $postgres_sql_type, $column);)*
    };
}

#[allow(
    unused_imports,
    reason = "the integrations use it, each behind its feature"
)]
pub(crate) use {each, each_column, each_postgres, each_timed};

/// Calls `$callback!(Type)` for every fixed-size format (every format but the record key),
/// in the table's order, with the type's name alone (`crate::Type` is its path): how an
/// integration writes its impls for every format.
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! for_each_fixed_format {
    ($callback:ident) => {
        $crate::formats::table!(each, $callback);
    };
}

/// Calls `$callback!(Type)` for every format: the fixed-size ones, then the record key (with
/// `alloc`).
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! for_each_format {
    ($callback:ident) => {
        $crate::formats::table!(each, $callback);
        #[cfg(feature = "alloc")]
        $callback!(RecordKey);
    };
}

/// Calls `$callback!(Type, precision)` for every format whose ids carry a timestamp, with its
/// precision (`micros`, `millis` or `seconds`).
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! for_each_timed_format {
    ($callback:ident) => {
        $crate::formats::table!(each_timed, $callback);
    };
}

/// Calls `$callback!(Type, column)` for every fixed-size format, with the column its ids are
/// stored in (`natural`, `flipped` or `bytes`; see the table's `column` field).
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! for_each_column {
    ($callback:ident) => {
        $crate::formats::table!(each_column, $callback);
    };
}

/// Calls `$callback!(Type, "sql_name", SqlType, column)` for every fixed-size format: the name
/// of its native type in the PostgreSQL extension ([`FixedSizeFormat::POSTGRES_TYPE`]), the
/// name of that type's diesel SQL type (as `diesel print-schema` spells it) and its column
/// (see the table's `postgres` and `column` fields).
///
/// [`FixedSizeFormat::POSTGRES_TYPE`]: crate::FixedSizeFormat::POSTGRES_TYPE
#[allow(
    unused_macros,
    reason = "the integrations use it, each behind its feature"
)]
macro_rules! for_each_postgres_type {
    ($callback:ident) => {
        $crate::formats::table!(each_postgres, $callback);
    };
}

#[allow(
    unused_imports,
    reason = "the integrations use it, each behind its feature"
)]
pub(crate) use {
    for_each_column, for_each_fixed_format, for_each_format, for_each_postgres_type,
    for_each_timed_format,
};
