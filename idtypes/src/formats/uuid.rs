//! The `uuid` crate's [`Uuid`] as a format: the one row of the table that is another crate's
//! type (no second UUID type). Its text here, as a format and in a typed id, is the TypeID
//! suffix (26 characters of lowercase Crockford base32), so a typed id over it reads and
//! prints TypeIDs (`user_01h455vb4pex5vsknk084sn02q`). Its bytes are its 16 bytes, in
//! PostgreSQL's `uuid` column.
//!
//! The integrations that would put this crate's impls on `Uuid` itself (serde, sqlx, diesel,
//! ...) are the `uuid` crate's and the database crates' own, and are not written here (the
//! table's iteration macros leave this row out); typed ids over a `Uuid` get this crate's,
//! which read those.

use uuid::Uuid;

use crate::{
    Error, FixedSizeFormat, IdFormat, IdText, typed::format::sealed::Sealed, uuids::typeid,
};

/// The name errors give the format.
pub(crate) const FORMAT: &str = "UUID";

impl IdFormat for Uuid {
    const NAME: &'static str = FORMAT;
    const SLUG: &'static str = "uuid";
    const MAX_TEXT_LEN: usize = typeid::SUFFIX_LEN;

    type Text<'a> = IdText<{ typeid::SUFFIX_LEN }>;

    /// The TypeID suffix: 26 characters of lowercase Crockford base32 (not the hyphenated
    /// form of `Uuid`'s `Display`).
    #[inline]
    fn encode(&self) -> Self::Text<'_> {
        typeid::encode_suffix(self.as_u128())
    }
}

impl FixedSizeFormat for Uuid {
    type Raw = [u8; 16];
    type Bytes = [u8; 16];
    const COLUMN: crate::Column = crate::Column::Uuid;
    // PostgreSQL's own: the extension has no type of a plain UUID (its `typeid` holds a
    // prefix too).
    const POSTGRES_TYPE: &'static str = "uuid";

    #[inline]
    fn to_raw(self) -> [u8; 16] {
        self.into_bytes()
    }

    #[inline]
    fn try_from_raw(raw: [u8; 16]) -> Result<Self, Error> {
        Ok(Uuid::from_bytes(raw))
    }

    #[inline]
    fn to_bytes(self) -> [u8; 16] {
        self.into_bytes()
    }

    #[inline]
    fn try_from_bytes(bytes: [u8; 16]) -> Result<Self, Error> {
        Ok(Uuid::from_bytes(bytes))
    }
}

impl Sealed for Uuid {
    const TYPE_NAME: &'static str = "Uuid";
    const ARTICLE: &'static str = "a";
    const MAX_PARSE_LEN: usize = typeid::SUFFIX_LEN;
    const TEXT_SCHEMA: crate::text::schema::TextSchema = typeid::TEXT_SCHEMA;
    const SERDE_TEXT: bool = false;

    #[inline]
    fn parse_ascii(text: &[u8]) -> Result<Self, Error> {
        typeid::parse_suffix_as(text, FORMAT).map(Uuid::from_u128)
    }

    fn write_text(&self, _: bool, out: &mut dyn core::fmt::Write) -> core::fmt::Result {
        out.write_str(&typeid::encode_suffix(self.as_u128()))
    }

    fn from_any_bytes(bytes: &[u8]) -> Option<Self> {
        Some(Uuid::from_bytes(bytes.try_into().ok()?))
    }

    #[inline(always)]
    fn parse_valid(text: &str, start: usize) -> Option<Self> {
        crate::codec::crockford::decode_fast::<false>(text.as_bytes().get(start..)?)
            .map(Uuid::from_u128)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::prelude::rust_2024::*;

    #[test]
    fn the_text_is_the_typeid_suffix_and_reads_back() {
        let uuid = Uuid::parse_str("01890a5d-ac96-774b-bcce-b302099a8057").unwrap();
        assert_eq!(IdFormat::encode(&uuid), "01h455vb4pex5vsknk084sn02q");
        assert_eq!(Uuid::parse_text("01h455vb4pex5vsknk084sn02q"), Ok(uuid));
        let err = Uuid::parse_text("01H455VB4PEX5VSKNK084SN02Q").unwrap_err();
        assert_eq!((err.format_name(), err.position()), (FORMAT, Some(2)));
        assert_eq!(
            <Uuid as Sealed>::parse_valid("user_01h455vb4pex5vsknk084sn02q", 5),
            Some(uuid)
        );
        assert_eq!(
            <Uuid as Sealed>::parse_valid("user_01h455vb4pex5vsknk084sn02", 5),
            None
        );
    }

    #[test]
    fn bytes_are_the_uuids_and_sort_like_it() {
        let (a, b) = (Uuid::from_u128(1), Uuid::from_u128(1 << 127));
        assert!(a < b && a.to_bytes() < b.to_bytes());
        assert_eq!(Uuid::try_from_bytes(b.to_bytes()), Ok(b));
        assert_eq!(Uuid::COLUMN, crate::Column::Uuid);
    }
}
