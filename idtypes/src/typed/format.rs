//! [`IdFormat`], what every format of this crate shares, and [`FixedSizeFormat`], what the
//! fixed-size ones share besides: a raw form and big-endian bytes.

use core::{fmt, hash::Hash, ops::Deref};

use crate::Error;

/// An id format of this crate: [`Tid`](struct@crate::Tid), [`TimeId`](struct@crate::TimeId),
/// [`Uid11`](struct@crate::Uid11) and its profiles, [`Tbsl`](struct@crate::Tbsl),
/// [`Ulid`](struct@crate::Ulid), [`RecordKey`](struct@crate::RecordKey), and (with the `uuid`
/// feature) the `uuid` crate's [`Uuid`](::uuid::Uuid), whose text here is the TypeID suffix.
///
/// It lets generic code treat every format alike: each one parses strictly from its text
/// ([`parse_text`](IdFormat::parse_text)), hands it over without allocating
/// ([`encode`](IdFormat::encode)), orders like its text and names itself in errors. The
/// derive macros build on it. The fixed-size formats (all but the record key) also have a
/// raw form: [`FixedSizeFormat`]. The trait is sealed: the formats are this crate's.
///
/// Every format of this crate's own also has `FromStr` (with [`Error`]) and `Display`, both
/// the text of this trait. A `Uuid` keeps the `uuid` crate's: its `Display` is the hyphenated
/// form, while its text as a format (and in a typed id) is the 26-character TypeID suffix.
/// So generic code reads and writes through the trait's methods.
///
/// # Examples
///
/// ```
/// use idtypes::{IdFormat, Tid, Uid11};
///
/// fn largest<T: IdFormat>(texts: &[&str]) -> Result<Option<T>, idtypes::Error> {
///     let mut ids = Vec::new();
///     for text in texts {
///         ids.push(T::parse_text(text)?);
///     }
///     Ok(ids.into_iter().max())
/// }
///
/// let tid: Option<Tid> = largest(&["3jzfcijpj2z2a", "3jzfcijpj2z2b"])?;
/// assert_eq!(tid.unwrap().to_string(), "3jzfcijpj2z2b");
/// let err = largest::<Uid11>(&["0OIl"]).unwrap_err();
/// assert_eq!(err.format_name(), Uid11::NAME);
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait IdFormat:
    sealed::Sealed + Clone + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static
{
    /// Parses the format's text (what [`encode`](IdFormat::encode) writes; for the formats of
    /// this crate's own, what `FromStr` reads).
    ///
    /// # Errors
    ///
    /// The format's error for text that is not one of its ids: what was expected, what was
    /// found, where.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{IdFormat, Tid};
    ///
    /// assert_eq!(<Tid as IdFormat>::parse_text("3jzfcijpj2z2a")?, "3jzfcijpj2z2a".parse()?);
    /// assert!(<Tid as IdFormat>::parse_text("3jzf").is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    fn parse_text(text: &str) -> Result<Self, Error>
    where
        Self: Sized,
    {
        <Self as sealed::Sealed>::parse_ascii(text.as_bytes())
    }

    /// The format's name, as its errors give it ([`Error::format_name`]).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{IdFormat, Snowish, Tid};
    ///
    /// assert_eq!(Tid::NAME, "atproto TID");
    /// assert_eq!("1".parse::<Snowish>().unwrap_err().format_name(), Snowish::NAME);
    /// ```
    const NAME: &'static str;

    /// The format's short name for tools: lowercase, its words joined by `-` (`tid`,
    /// `time-id`, `ts-seq-rand`, `record-key`). The `idtypes` command line names the formats
    /// so, and so can logs, metrics and JSON that say which format an id is in.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{IdFormat, TimeId, TsSeqRand};
    ///
    /// assert_eq!(TimeId::SLUG, "time-id");
    /// assert_eq!(TsSeqRand::SLUG, "ts-seq-rand");
    /// ```
    const SLUG: &'static str;

    /// The length in bytes of the longest canonical text (what `Display` prints and `encode`
    /// returns). A [`TimeId`](struct@crate::TimeId)'s alternate, dashed form (`{:#}`,
    /// `to_dashed`) is 3 bytes longer: 16.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{IdFormat, Tbsl, Tid};
    ///
    /// assert_eq!(Tid::MAX_TEXT_LEN, 13);
    /// assert_eq!(Tbsl::MAX.to_string().len(), Tbsl::MAX_TEXT_LEN);
    /// ```
    const MAX_TEXT_LEN: usize;

    /// What [`encode`](IdFormat::encode) returns: the canonical text on the stack
    /// ([`IdText`](crate::IdText)) for the fixed-size formats, a `&str` borrowed from a
    /// [`RecordKey`](struct@crate::RecordKey). Either reads as a `&str`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{IdFormat, IdText, Tid};
    ///
    /// let text: <Tid as IdFormat>::Text<'_> = IdFormat::encode(&Tid::MIN);
    /// let same: IdText<13> = text;
    /// assert_eq!(same, "2222222222222");
    /// ```
    type Text<'a>: Copy + Deref<Target = str> + AsRef<str> + fmt::Display + fmt::Debug + Send + Sync
    where
        Self: 'a;

    /// The canonical text (what `Display` prints), without allocating. The fixed-size formats'
    /// own `encode` (by value, `const`) gives the same text.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{IdFormat, Tid, Uid11};
    ///
    /// fn texts<T: IdFormat>(ids: &[T]) -> Vec<String> {
    ///     ids.iter().map(|id| id.encode().to_uppercase()).collect()
    /// }
    ///
    /// assert_eq!(texts(&[Tid::MIN]), ["2222222222222"]);
    /// assert_eq!(texts(&[Uid11::MAX]), ["JPXCZEDGFVQ"]);
    /// ```
    fn encode(&self) -> Self::Text<'_>;
}

/// How a database column holds a format's ids ([`FixedSizeFormat::COLUMN`]): what the sqlx
/// and postgres-types integrations store, the SQL functions read and the CLI's SQL binds.
///
/// A 64-bit id is an unsigned integer, its big-endian bytes read as one (its bits), and
/// sorts like it. Databases have signed 64-bit integers (`BIGINT`, SQLite's `INTEGER`; MySQL's
/// `BIGINT UNSIGNED` is the one unsigned column, and ORMs whose values do not know their
/// database could not write it right), so every database stores [`Column::to_signed`] of the
/// bits, and every client the same number.
///
/// # Examples
///
/// ```
/// use idtypes::{Column, FixedSizeFormat, Uid11};
///
/// assert_eq!(Uid11::COLUMN.to_signed(0), Some(i64::MIN));
/// assert_eq!(Uid11::COLUMN.to_signed(u64::MAX), Some(i64::MAX));
/// assert_eq!(Column::Natural.to_signed(1 << 63), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Column {
    /// A 64-bit integer whose top bit the layout keeps 0 (a TID, a snowish id, a Snowflake): a
    /// signed column holds the bits as they are, the number other software computes for the
    /// id. The rare id with the top bit set (a TID parsed from text starting `c`..`j`, never
    /// generated) does not fit a signed column.
    Natural,
    /// A 64-bit integer of all 64 bits: a signed column holds the bits with the top one
    /// flipped (`bits - 2^63`), so `0` is `i64::MIN` and `u64::MAX` is `i64::MAX`, in order.
    Flipped,
    /// The big-endian bytes (`BYTEA`, `BINARY(n)`, `BLOB`): a TBSL's 80 bits.
    Bytes,
    /// 128 bits as 16 big-endian bytes, in PostgreSQL's native `uuid` column (`BINARY(16)`
    /// on MySQL, `BLOB` on SQLite): a ULID. PostgreSQL orders `uuid` values by their bytes,
    /// so time-ordered ids stay in time order there.
    Uuid,
}

impl Column {
    /// What a signed 64-bit column holds for an id whose bits are `bits`: `None` for an id a
    /// `Natural` column cannot hold (top bit set), and for `Bytes`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Column;
    ///
    /// assert_eq!(Column::Natural.to_signed(1728652679052295174), Some(1728652679052295174));
    /// assert_eq!(Column::Flipped.to_signed(1 << 63), Some(0));
    /// assert_eq!(Column::Bytes.to_signed(1), None);
    /// ```
    #[inline]
    pub const fn to_signed(self, bits: u64) -> Option<i64> {
        match self {
            Column::Natural if bits >> 63 == 0 => Some(bits as i64),
            Column::Flipped => Some((bits ^ (1 << 63)) as i64),
            Column::Natural | Column::Bytes | Column::Uuid => None,
        }
    }

    /// The bits of the id a signed column's `value` holds: the inverse of
    /// [`to_signed`](Column::to_signed); `None` for a negative value in a `Natural` column,
    /// and for `Bytes`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::Column;
    ///
    /// assert_eq!(Column::Flipped.from_signed(i64::MIN), Some(0));
    /// assert_eq!(Column::Natural.from_signed(-1), None);
    /// ```
    #[inline]
    pub const fn from_signed(self, value: i64) -> Option<u64> {
        match self {
            Column::Natural if value >= 0 => Some(value as u64),
            Column::Flipped => Some((value as u64) ^ (1 << 63)),
            Column::Natural | Column::Bytes | Column::Uuid => None,
        }
    }
}

/// A format whose ids are all the same size ([`IdText`](crate::IdText) text, a raw form): every
/// [`IdFormat`] but the [`RecordKey`](struct@crate::RecordKey).
///
/// The raw form is what the binary serde formats carry ([`Raw`](FixedSizeFormat::Raw)); the
/// big-endian bytes are what the sqlx integration stores
/// ([`Bytes`](FixedSizeFormat::Bytes)), and sort like the ids. The trait is sealed: the
/// formats are this crate's.
///
/// # Examples
///
/// ```
/// use idtypes::{FixedSizeFormat, Snowish, Tid};
///
/// fn round_trip<T: FixedSizeFormat>(id: T) -> Result<T, idtypes::Error> {
///     T::try_from_bytes(id.to_bytes())
/// }
///
/// assert_eq!(round_trip(Tid::MAX)?, Tid::MAX);
/// assert_eq!(round_trip(Snowish::MAX)?, Snowish::MAX);
/// assert!(Snowish::try_from_raw(u64::MAX).is_err()); // the reserved bit
/// # Ok::<(), idtypes::Error>(())
/// ```
pub trait FixedSizeFormat: IdFormat + Copy + Default {
    /// The raw form: the integer the id is (`u64`; `i64` for a
    /// [`TimeId`](struct@crate::TimeId)), or a [`Tbsl`](struct@crate::Tbsl)'s 10 bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{FixedSizeFormat, TimeId};
    ///
    /// let raw: <TimeId as FixedSizeFormat>::Raw = TimeId::MAX.to_raw();
    /// assert_eq!(raw, -1i64);
    /// ```
    type Raw: Copy + Eq + fmt::Debug + Send + Sync + 'static;

    /// The big-endian bytes (`[u8; 8]`, or `[u8; 10]` for a [`Tbsl`](struct@crate::Tbsl)):
    /// they sort like the ids.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{FixedSizeFormat, Tbsl};
    ///
    /// let bytes: <Tbsl as FixedSizeFormat>::Bytes = FixedSizeFormat::to_bytes(Tbsl::MAX);
    /// assert_eq!(bytes, [0xFF; 10]);
    /// ```
    type Bytes: Copy
        + Eq
        + Ord
        + fmt::Debug
        + AsRef<[u8]>
        + for<'a> TryFrom<&'a [u8]>
        + Send
        + Sync
        + 'static;

    /// The database column of the ids (see [`Column`]): an integer for the 64-bit formats,
    /// bytes for a [`Tbsl`](struct@crate::Tbsl).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{Column, FixedSizeFormat, Tid, TimeId};
    ///
    /// assert_eq!(Tid::COLUMN, Column::Natural);
    /// assert_eq!(TimeId::COLUMN, Column::Flipped);
    /// ```
    const COLUMN: Column;

    /// The name of its native type in the idtypes PostgreSQL extension (`CREATE EXTENSION
    /// idtypes`, from `idtypes-postgres/`): the slug with `_` for `-` (`time_id`,
    /// `ts_seq_rand`), but `atproto_tid` for a [`Tid`](struct@crate::Tid), since PostgreSQL has
    /// a `tid` of its own; `uuid`, PostgreSQL's own, for the `uuid` crate's `Uuid`.
    ///
    /// The native type stores and sends exactly what [`COLUMN`](FixedSizeFormat::COLUMN)
    /// does (a `bigint`'s 8 bytes, a `uuid`'s 16, a `bytea`'s bytes), and casts from that
    /// column implicitly. So the database integrations read a column of either type, telling
    /// them apart by the type's name (bare, or qualified by its schema), and write the
    /// column's value, which PostgreSQL casts; diesel has a SQL type per native type
    /// (`idtypes::diesel::sql_types`).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{FixedSizeFormat, Tid, TimeId, Ulid};
    ///
    /// assert_eq!(Tid::POSTGRES_TYPE, "atproto_tid");
    /// assert_eq!(TimeId::POSTGRES_TYPE, "time_id");
    /// assert_eq!(Ulid::POSTGRES_TYPE, "ulid");
    /// // In SQL: CREATE TABLE posts (id atproto_tid PRIMARY KEY, ...)
    /// let ddl = format!("CREATE TABLE posts (id {} PRIMARY KEY)", Tid::POSTGRES_TYPE);
    /// assert_eq!(ddl, "CREATE TABLE posts (id atproto_tid PRIMARY KEY)");
    /// ```
    const POSTGRES_TYPE: &'static str;

    /// The raw form of the id.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{FixedSizeFormat, Uid11};
    ///
    /// assert_eq!(Uid11::MAX.to_raw(), u64::MAX);
    /// ```
    fn to_raw(self) -> Self::Raw;

    /// The id whose raw form is `raw`.
    ///
    /// # Errors
    ///
    /// The format's error for a raw value that is not one of its ids: a
    /// [`Snowish`](struct@crate::Snowish) payload with its reserved bit set
    /// ([`ErrorKind::Reserved`](crate::ErrorKind::Reserved)). Every other format takes every
    /// raw value.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, FixedSizeFormat, Snowish, Tid};
    ///
    /// assert_eq!(Tid::try_from_raw(1)?, Tid::from_u64(1));
    /// assert_eq!(Snowish::try_from_raw(1 << 63).unwrap_err().kind(), ErrorKind::Reserved);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn try_from_raw(raw: Self::Raw) -> Result<Self, Error>;

    /// The big-endian bytes of the id.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{FixedSizeFormat, Tid};
    ///
    /// assert_eq!(FixedSizeFormat::to_bytes(Tid::from_u64(1)), [0, 0, 0, 0, 0, 0, 0, 1]);
    /// ```
    fn to_bytes(self) -> Self::Bytes;

    /// The id whose big-endian bytes are `bytes`.
    ///
    /// # Errors
    ///
    /// As [`try_from_raw`](FixedSizeFormat::try_from_raw).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{FixedSizeFormat, TimeId};
    ///
    /// assert_eq!(TimeId::try_from_bytes([0xFF; 8])?, TimeId::MAX);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    fn try_from_bytes(bytes: Self::Bytes) -> Result<Self, Error>;
}

pub(crate) mod sealed {
    /// Keeps [`IdFormat`](super::IdFormat) this crate's, and holds what only the crate reads.
    pub trait Sealed {
        /// The type's name (`Tid`), as schemas are named.
        const TYPE_NAME: &'static str;

        /// `a` or `an`, as messages put it before [`NAME`](super::IdFormat::NAME).
        const ARTICLE: &'static str;

        /// The length in bytes of the longest text `FromStr` accepts: `MAX_TEXT_LEN`, or a
        /// TimeId's dashed form (16). A typed id refuses longer text before looking for its
        /// prefix.
        const MAX_PARSE_LEN: usize;

        /// The text as schemas state it (the schema integrations): the format's own, kept
        /// beside its parser.
        const TEXT_SCHEMA: crate::text::schema::TextSchema;

        /// Whether serde's binary formats get the text (`true`: the atproto formats, whose
        /// data model makes them strings in every encoding) or the raw form (`false`) unless
        /// a field or a typed id says otherwise (the serde integration).
        const SERDE_TEXT: bool;

        /// The id an ASCII text spells (`FromStr` on bytes): what a format that hands
        /// strings over as bytes gives serde.
        fn parse_ascii(text: &[u8]) -> Result<Self, crate::Error>
        where
            Self: Sized;

        /// Writes the text, or with `alternate` the format's second display form (a TimeId's
        /// dashes), as a typed id's `Display` (`{}`, `{:#}`) shows its inner id.
        fn write_text(&self, alternate: bool, out: &mut dyn core::fmt::Write) -> core::fmt::Result;

        /// The id that bytes of the format's byte length make (any such bytes make one; a
        /// snowish id's reserved top bit is cleared), or `None` for other lengths and for
        /// the record key, which has no bytes: what `arbitrary` draws.
        fn from_any_bytes(bytes: &[u8]) -> Option<Self>
        where
            Self: Sized;

        /// The id `text[start..]` spells, or `None` for any text `FromStr` refuses (and for a
        /// `start` out of the text or inside a character): what a typed id's parse tries
        /// first, without building an error it may not need (it starts over with `FromStr`
        /// to say what is wrong).
        #[inline(always)]
        fn parse_valid(text: &str, start: usize) -> Option<Self>
        where
            Self: Sized,
        {
            Self::parse_ascii(text.get(start..)?.as_bytes()).ok()
        }
    }
}

/// A format whose ids carry a timestamp: TID, TimeId, xid, snowish, ts-seq-rand and TBSL.
/// What generic code reads of it (`datetime()`, for every `UtcTime`); the formats' own
/// accessors (`timestamp_micros`, `timestamp_millis`) give it at their own precision.
pub(crate) trait Timed {
    /// The timestamp, in microseconds since the Unix epoch (a millisecond format's times
    /// 1000).
    fn unix_micros(&self) -> i64;
}

#[cfg(test)]
mod tests {
    // `String`, `format!` and the like without the `std` feature too (see lib.rs).
    use super::{FixedSizeFormat, IdFormat};
    use crate::{FullRand, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Uid11Xid};
    use std::prelude::rust_2024::*;

    fn name_of_parse_error<T: IdFormat>() -> &'static str {
        // `!` is in no format's alphabet.
        T::parse_text("!").unwrap_err().format_name()
    }

    /// What every fixed-size format must do alike, checked on its largest id.
    fn check_fixed<T: FixedSizeFormat>(max: T) {
        assert_eq!(name_of_parse_error::<T>(), T::NAME);
        let text = max.encode();
        assert_eq!(text.len(), T::MAX_TEXT_LEN);
        assert_eq!(T::parse_text(&text), Ok(max));
        // Nothing longer than `MAX_PARSE_LEN` parses (what typed ids refuse up front).
        let longest = <T as super::sealed::Sealed>::MAX_PARSE_LEN;
        assert!(longest >= T::MAX_TEXT_LEN);
        let digits = [b'2'; 64];
        let too_long = core::str::from_utf8(&digits[..longest + 1]).unwrap();
        assert_eq!(
            T::parse_text(too_long).unwrap_err().kind(),
            crate::ErrorKind::Length
        );
        assert_eq!(T::try_from_raw(max.to_raw()), Ok(max));
        assert_eq!(T::try_from_bytes(max.to_bytes()), Ok(max));
        assert_eq!(T::try_from_bytes(T::default().to_bytes()), Ok(T::default()));
        assert!(T::default().to_bytes() < max.to_bytes());
        assert!(T::default() < max);
    }

    #[test]
    fn a_time_ids_dashed_text_is_its_longest_parsed_text() {
        let dashed = TimeId::MAX.to_dashed();
        assert_eq!(
            dashed.len(),
            <TimeId as super::sealed::Sealed>::MAX_PARSE_LEN
        );
        assert_eq!(dashed.parse::<TimeId>(), Ok(TimeId::MAX));
    }

    #[test]
    fn every_fixed_size_format_names_itself_prints_and_converts_alike() {
        check_fixed(Tid::MAX);
        check_fixed(TimeId::MAX);
        check_fixed(Uid11::MAX);
        check_fixed(Uid11Xid::MAX);
        check_fixed(Snowish::MAX);
        check_fixed(TsSeqRand::MAX);
        check_fixed(FullRand::MAX);
        check_fixed(Snowflake::MAX);
        check_fixed(Tbsl::MAX);
        check_fixed(crate::Ulid::MAX);
        #[cfg(feature = "uuid")]
        check_fixed(uuid::Uuid::max());
    }

    #[test]
    fn a_tbsl_parsed_from_an_offset_is_what_from_str_gives() {
        use super::sealed::Sealed;
        let texts = [
            "txn_25BF6196C8D610700001",
            "txn_25BF6196C8D61070000",
            "txn_25BF6196C8D6107000011",
            "txn_25bf6196C8D610700001",
            "txn_25BF6196C8D61070000G",
            "é25BF6196C8D610700001",
            "25BF6196C8D610700001é",
            "",
        ];
        for text in texts {
            for start in 0..=text.len() + 1 {
                let expected = text.get(start..).and_then(|rest| rest.parse::<Tbsl>().ok());
                assert_eq!(
                    <Tbsl as Sealed>::parse_valid(text, start),
                    expected,
                    "{text:?} from {start}"
                );
            }
        }
        assert_eq!(
            <Tbsl as Sealed>::parse_valid("txn_25BF6196C8D610700001", 4),
            Some(Tbsl::from_parts(1_700_000_000_123_456, 7, 1).unwrap())
        );
    }

    #[test]
    fn a_tid_parsed_from_an_offset_is_what_from_str_gives() {
        use super::sealed::Sealed;
        let texts = [
            "post_3jzfcijpj2z2a",
            "post_3jzfcijpj2z2",
            "post_3jzfcijpj2z2aa",
            "post_kjzfcijpj2z2a",
            "post_3JZFCIJPJ2Z2A",
            "é3jzfcijpj2z2a",
            "3jzfcijpj2z2aé",
            "",
        ];
        for text in texts {
            for start in 0..=text.len() + 1 {
                let expected = text.get(start..).and_then(|rest| rest.parse::<Tid>().ok());
                assert_eq!(
                    <Tid as Sealed>::parse_valid(text, start),
                    expected,
                    "{text:?} from {start}"
                );
            }
        }
        assert_eq!(
            <Tid as Sealed>::parse_valid("post_3jzfcijpj2z2a", 5),
            Some(Tid::from_u64(1728652679052295174))
        );
    }

    /// What every text row must do alike, checked on an id of its longest text.
    fn check_text_row<T: IdFormat>(id: T) {
        use super::sealed::Sealed;
        assert_eq!(name_of_parse_error::<T>(), T::NAME);
        let text = id.encode();
        assert_eq!(text.len(), T::MAX_TEXT_LEN);
        assert_eq!(T::parse_text(&text), Ok(id.clone()));
        assert_eq!(<T as Sealed>::MAX_PARSE_LEN, T::MAX_TEXT_LEN);
        assert!(T::TEXT_SCHEMA.min_len <= T::MAX_TEXT_LEN);
        assert_eq!(T::TEXT_SCHEMA.max_len, T::MAX_TEXT_LEN);
        assert!(T::parse_text(T::TEXT_SCHEMA.example).is_ok());
        assert!(T::SERDE_TEXT);
        // Any bytes of a length within the text's make an id; others none.
        let bytes = [0xA5u8; 256];
        for len in T::TEXT_SCHEMA.min_len..=T::MAX_TEXT_LEN {
            let made = T::from_any_bytes(&bytes[..len]).unwrap();
            assert_eq!(T::parse_text(&made.encode()), Ok(made));
        }
        assert_eq!(T::from_any_bytes(&bytes[..T::MAX_TEXT_LEN + 1]), None);
        let mut written = std::string::String::new();
        id.write_text(false, &mut written).unwrap();
        assert_eq!(written, &*text);
        assert_eq!(
            <T as Sealed>::parse_valid(&std::format!("x_{written}"), 2),
            Some(id)
        );
    }

    #[test]
    fn every_text_row_names_itself_and_lends_its_text() {
        use crate::{NanoId, nanoid};
        check_text_row(NanoId::<nanoid::UrlSafe, 21>::parse("V1StGXR8_Z5jdHi6B-myT").unwrap());
        check_text_row(NanoId::<nanoid::Lowercase, 16>::parse("qzvbwxmtrjkaplsn").unwrap());
        check_text_row(NanoId::<nanoid::Numbers, 1>::parse("7").unwrap());
        check_text_row(NanoId::<nanoid::NoLookalikes, 255>::from_any_bytes(&[9; 255]).unwrap());
        check_text_row(crate::Cuid2::parse("tz4a98xxat96iws9zmbrgj3a00000000").unwrap());
    }

    #[test]
    #[cfg(feature = "alloc")]
    fn the_record_key_names_itself_and_lends_its_text() {
        use crate::RecordKey;
        assert_eq!(name_of_parse_error::<RecordKey>(), RecordKey::NAME);
        let key = RecordKey::SELF;
        assert_eq!(IdFormat::encode(&key), "self");
        assert!(
            "o".repeat(RecordKey::MAX_TEXT_LEN)
                .parse::<RecordKey>()
                .is_ok()
        );
    }
}
