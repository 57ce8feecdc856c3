//! [`DynTypeId`]: a TypeID whose prefix is known only at run time.

use core::{cmp::Ordering, fmt, mem::ManuallyDrop};

use uuid::Uuid;

use super::{
    TypeIdText,
    typeid::{self, MAX_PREFIX_LEN, MAX_TEXT_LEN, SEPARATOR, SUFFIX_LEN},
};
use crate::{Error, error::split};

/// A [TypeID] whose prefix is known only at run time: `user_01h455vb4pex5vsknk084sn02q`,
/// a prefix and a UUID.
///
/// For code that handles TypeIDs of any type: tools, command lines, gateways that route by
/// prefix. Where the prefix is known when the code is written, a typed id over a
/// [`Uuid`] checks it at compile time and keeps one type per prefix.
///
/// It holds its prefix inline (up to 63 bytes) and its UUID: it is `Copy`, 80 bytes, and
/// nothing here allocates. The text follows the [TypeID specification] v0.3.0:
///
/// | part | rule |
/// |---|---|
/// | prefix | 0 to 63 characters of `a`-`z` and `_`, starting and ending with a letter |
/// | separator | `_`, left out when the prefix is empty |
/// | suffix | the UUID's 128 bits in 26 characters of lowercase Crockford base32 (`0123456789abcdefghjkmnpqrstvwxyz`), the first `0`-`7` |
///
/// A text is split at its last `_`, so a prefix may hold `_` itself (`my_type_01h4...`). Any
/// UUID may be given, not only version 7 (the specification lets users bring their own).
///
/// Two `DynTypeId`s are equal exactly when their texts are, and they order as their texts
/// do: by prefix (as strings, the empty prefix first), then by UUID. A `_` or a suffix sorts
/// before every letter, so the text order and this order are the same. With the `serde`
/// feature, a `DynTypeId` is written as its text in every format, human-readable or not, and
/// read from a borrowed string without allocating. With the `schemars`, `utoipa` or `utoipa6`
/// feature, its schema (`DynTypeId` in `$defs` or `components/schemas`) is a string whose
/// pattern takes exactly the texts `parse` takes, any prefix or none, 26 to 90 characters long.
///
/// # Examples
///
/// ```
/// use idtypes::uuids::DynTypeId;
/// use uuid::uuid;
///
/// let id: DynTypeId = "user_01h455vb4pex5vsknk084sn02q".parse()?;
/// assert_eq!(id.prefix(), "user");
/// assert_eq!(id.uuid(), uuid!("01890a5d-ac96-774b-bcce-b302099a8057"));
/// assert_eq!(id.to_string(), "user_01h455vb4pex5vsknk084sn02q");
///
/// // Route by prefix.
/// let service = match id.prefix() {
///     "user" => "accounts",
///     "order" => "billing",
///     _ => "unknown",
/// };
/// assert_eq!(service, "accounts");
///
/// let id = DynTypeId::new("order", id.uuid())?;
/// assert_eq!(id.encode(), "order_01h455vb4pex5vsknk084sn02q");
///
/// let err = DynTypeId::new("Order", id.uuid()).unwrap_err();
/// assert_eq!(err.kind(), idtypes::ErrorKind::Character);
/// assert_eq!(err.position(), Some(0));
/// # Ok::<(), idtypes::Error>(())
/// ```
///
/// # References
///
/// - [TypeID specification] v0.3.0, and its test vectors `valid.yml` and `invalid.yml`
///   (`tests/vectors/typeid/` in this repository).
///
/// [TypeID]: https://github.com/jetify-com/typeid
/// [TypeID specification]: https://github.com/jetify-com/typeid/blob/main/spec/README.md
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct DynTypeId {
    // Invariant: `prefix[..prefix_len]` is a valid prefix, and the bytes after it are 0, so
    // that the derived `PartialEq` and `Hash` see only the prefix and the UUID.
    prefix: [u8; MAX_PREFIX_LEN],
    prefix_len: u8,
    uuid: Uuid,
}

impl DynTypeId {
    /// The longest prefix, in bytes.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uuids::DynTypeId;
    ///
    /// let longest = "a".repeat(DynTypeId::MAX_PREFIX_LEN);
    /// assert!(DynTypeId::new(&longest, uuid::Uuid::nil()).is_ok());
    /// assert!(DynTypeId::new(&format!("{longest}a"), uuid::Uuid::nil()).is_err());
    /// ```
    pub const MAX_PREFIX_LEN: usize = MAX_PREFIX_LEN;

    /// The longest text, in bytes: the longest prefix, `_` and the 26-character suffix.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::uuids::DynTypeId::MAX_TEXT_LEN, 90);
    /// ```
    pub const MAX_TEXT_LEN: usize = MAX_TEXT_LEN;

    /// The TypeID of `uuid` with `prefix` (`""` for none).
    ///
    /// # Errors
    ///
    /// When `prefix` is not a TypeID prefix; the error names the first problem:
    ///
    /// - [`ErrorKind::Length`](crate::ErrorKind::Length) past 63 bytes;
    /// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for a `_` at its start or end;
    /// - [`ErrorKind::Character`](crate::ErrorKind::Character) for anything but `a`-`z` and
    ///   `_`, with its position.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, uuids::DynTypeId};
    /// use uuid::Uuid;
    ///
    /// let id = DynTypeId::new("my_type", Uuid::nil())?;
    /// assert_eq!(id.to_string(), "my_type_00000000000000000000000000");
    /// assert_eq!(DynTypeId::new("", Uuid::nil())?.to_string(), "00000000000000000000000000");
    ///
    /// let err = DynTypeId::new("user_", Uuid::nil()).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Syntax);
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid TypeID prefix: a prefix must end with a letter `a`-`z`, not `_` (at byte 4)"
    /// );
    /// assert_eq!(DynTypeId::new("user1", Uuid::nil()).unwrap_err().position(), Some(4));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn new(prefix: &str, uuid: Uuid) -> Result<DynTypeId, Error> {
        if let Err(err) = split(typeid::check_prefix(prefix)) {
            return Err(ManuallyDrop::into_inner(err));
        }
        Ok(DynTypeId::from_checked(prefix.as_bytes(), uuid))
    }

    /// The id of a checked `prefix` (at most 63 bytes) and `uuid`.
    pub(crate) const fn from_checked(prefix: &[u8], uuid: Uuid) -> DynTypeId {
        let mut id = DynTypeId {
            prefix: [0; MAX_PREFIX_LEN],
            prefix_len: prefix.len() as u8,
            uuid,
        };
        let mut i = 0;
        while i < prefix.len() {
            id.prefix[i] = prefix[i];
            i += 1;
        }
        id
    }

    /// Parses a TypeID text: `prefix_suffix`, or the suffix alone for the empty prefix.
    ///
    /// Strict, as the specification says: no trimming, no uppercase, no Crockford aliases
    /// (`i`, `l`, `o`, `u`) or hyphens.
    ///
    /// # Errors
    ///
    /// The first problem, with its byte position in `text` where one byte is to blame:
    ///
    /// - [`ErrorKind::Length`](crate::ErrorKind::Length): an empty text or one past 90
    ///   bytes, a prefix past 63, a suffix (after the last `_`) of another length than 26;
    /// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax): a text starting with `_` (an
    ///   empty prefix has no separator), a prefix ending with `_` (`prefix__01h4...`);
    /// - [`ErrorKind::Character`](crate::ErrorKind::Character): a prefix character outside
    ///   `a`-`z` and `_`, a suffix character outside the lowercase alphabet;
    /// - [`ErrorKind::Overflow`](crate::ErrorKind::Overflow): a suffix starting with `8`..`z`
    ///   (more than 128 bits).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, uuids::DynTypeId};
    ///
    /// let id = DynTypeId::parse("a_b_01h455vb4pex5vsknk084sn02q")?;
    /// assert_eq!(id.prefix(), "a_b");
    ///
    /// let err = DynTypeId::parse("user_01H455VB4PEX5VSKNK084SN02Q").unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::Character);
    /// assert_eq!(
    ///     err.to_string(),
    ///     "invalid TypeID suffix: unexpected character 'H' at byte 7, \
    ///      expected one of `0123456789abcdefghjkmnpqrstvwxyz`"
    /// );
    /// let err = DynTypeId::parse("user_8zzzzzzzzzzzzzzzzzzzzzzzzz").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Overflow, Some(5)));
    /// let err = DynTypeId::parse("_01h455vb4pex5vsknk084sn02q").unwrap_err();
    /// assert_eq!((err.kind(), err.position()), (ErrorKind::Syntax, Some(0)));
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn parse(text: &str) -> Result<DynTypeId, Error> {
        DynTypeId::parse_ascii(text.as_bytes())
    }

    /// [`parse`](DynTypeId::parse) for text given as bytes (a header, a network buffer).
    ///
    /// # Errors
    ///
    /// As [`parse`](DynTypeId::parse); a byte that is not valid UTF-8 is reported as U+FFFD.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uuids::DynTypeId;
    ///
    /// let id = DynTypeId::parse_ascii(b"user_01h455vb4pex5vsknk084sn02q")?;
    /// assert_eq!(id.prefix(), "user");
    /// assert!(DynTypeId::parse_ascii(b"us\xffr_01h455vb4pex5vsknk084sn02q").is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn parse_ascii(text: &[u8]) -> Result<DynTypeId, Error> {
        // Without an error in the way of a valid text: it is built only for a refusal.
        match typeid::parse_valid(text) {
            Some((prefix_len, uuid)) => Ok(DynTypeId::from_checked(
                text.split_at(prefix_len).0,
                Uuid::from_u128(uuid),
            )),
            None => Err(typeid::parse_error(text)),
        }
    }

    /// [`parse_ascii`](DynTypeId::parse_ascii) at run time, the same answer for every text:
    /// the suffix read by AVX2 where the processor has it, the prefix copied at once. What
    /// `FromStr`, `TryFrom<&str>` and serde use.
    #[inline]
    pub(crate) fn parse_fast(text: &[u8]) -> Result<DynTypeId, Error> {
        match typeid::parse_valid_fast(text) {
            Some((prefix_len, uuid)) => {
                let mut id = DynTypeId {
                    prefix: [0; MAX_PREFIX_LEN],
                    prefix_len: prefix_len as u8,
                    uuid: Uuid::from_u128(uuid),
                };
                // `prefix_len` is at most 63 (`parse_valid_fast` checked it), within `text`.
                if let (Some(to), Some(from)) =
                    (id.prefix.get_mut(..prefix_len), text.get(..prefix_len))
                {
                    to.copy_from_slice(from);
                }
                Ok(id)
            }
            None => Err(typeid::parse_error(text)),
        }
    }

    /// The prefix, `""` for none.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uuids::DynTypeId;
    ///
    /// assert_eq!(DynTypeId::parse("my_type_01h455vb4pex5vsknk084sn02q")?.prefix(), "my_type");
    /// assert_eq!(DynTypeId::parse("01h455vb4pex5vsknk084sn02q")?.prefix(), "");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn prefix(&self) -> &str {
        // SAFETY: `prefix[..prefix_len]` is a checked prefix: ASCII only.
        unsafe { core::str::from_utf8_unchecked(self.prefix_bytes()) }
    }

    #[inline]
    const fn prefix_bytes(&self) -> &[u8] {
        self.prefix.split_at(self.prefix_len as usize).0
    }

    /// The UUID.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uuids::DynTypeId;
    ///
    /// let id = DynTypeId::parse("user_01h455vb4pex5vsknk084sn02q")?;
    /// assert_eq!(id.uuid().get_version_num(), 7);
    /// assert_eq!(id.uuid().to_string(), "01890a5d-ac96-774b-bcce-b302099a8057");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn uuid(&self) -> Uuid {
        self.uuid
    }

    /// The same UUID with another prefix.
    ///
    /// # Errors
    ///
    /// As [`new`](DynTypeId::new).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uuids::DynTypeId;
    ///
    /// let user = DynTypeId::parse("user_01h455vb4pex5vsknk084sn02q")?;
    /// assert_eq!(user.with_prefix("")?.to_string(), "01h455vb4pex5vsknk084sn02q");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn with_prefix(&self, prefix: &str) -> Result<DynTypeId, Error> {
        DynTypeId::new(prefix, self.uuid)
    }

    /// The text, on the stack: the prefix, `_` and the suffix, or the suffix alone.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::uuids::DynTypeId;
    /// use uuid::uuid;
    ///
    /// let id = DynTypeId::new("user", uuid!("01890a5d-ac96-774b-bcce-b302099a8057"))?;
    /// let text = id.encode();
    /// assert_eq!(text, "user_01h455vb4pex5vsknk084sn02q");
    /// assert_eq!(&text[5..], "01h455vb4pex5vsknk084sn02q");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    #[inline]
    pub const fn encode(&self) -> TypeIdText {
        let mut bytes = [0u8; MAX_TEXT_LEN];
        let prefix = self.prefix_bytes();
        let mut start = 0;
        while start < prefix.len() {
            bytes[start] = prefix[start];
            start += 1;
        }
        if start > 0 {
            bytes[start] = SEPARATOR;
            start += 1;
        }
        let suffix = typeid::encode_suffix(self.uuid.as_u128()).into_bytes();
        let mut i = 0;
        while i < SUFFIX_LEN {
            bytes[start + i] = suffix[i];
            i += 1;
        }
        TypeIdText::from_ascii(bytes, start + SUFFIX_LEN)
    }
}

impl PartialOrd for DynTypeId {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// By prefix, then by UUID: the order of the texts (see [`DynTypeId`]).
impl Ord for DynTypeId {
    fn cmp(&self, other: &Self) -> Ordering {
        self.prefix_bytes()
            .cmp(other.prefix_bytes())
            .then_with(|| self.uuid.cmp(&other.uuid))
    }
}

impl From<DynTypeId> for Uuid {
    /// The UUID, without its prefix.
    fn from(id: DynTypeId) -> Uuid {
        id.uuid
    }
}

impl fmt::Display for DynTypeId {
    /// The text (see [`encode`](DynTypeId::encode)), padded as `{:>40}` and the like ask.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.encode())
    }
}

impl fmt::Debug for DynTypeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "DynTypeId({})", self.encode().as_str())
    }
}

impl core::str::FromStr for DynTypeId {
    type Err = Error;

    /// [`DynTypeId::parse`], at run time: the suffix read by AVX2 where the processor has it.
    #[inline]
    fn from_str(text: &str) -> Result<DynTypeId, Error> {
        DynTypeId::parse_fast(text.as_bytes())
    }
}

impl TryFrom<&str> for DynTypeId {
    type Error = Error;

    /// [`DynTypeId::parse`], at run time: the suffix read by AVX2 where the processor has it.
    #[inline]
    fn try_from(text: &str) -> Result<DynTypeId, Error> {
        DynTypeId::parse_fast(text.as_bytes())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;
    use std::{collections::HashSet, prelude::rust_2024::*};

    const SUFFIX: &str = "01h455vb4pex5vsknk084sn02q";

    fn uuid(value: u128) -> Uuid {
        Uuid::from_u128(value)
    }

    #[test]
    fn parse_then_encode_gives_the_text_back() {
        for text in [
            SUFFIX.to_owned(),
            format!("user_{SUFFIX}"),
            format!("a_b_c_{SUFFIX}"),
            format!("{}_{SUFFIX}", "z".repeat(63)),
        ] {
            let id = DynTypeId::parse(&text).unwrap();
            assert_eq!(id.encode(), text.as_str());
            assert_eq!(id.to_string(), text);
            assert_eq!(text.parse::<DynTypeId>(), Ok(id));
            assert_eq!(DynTypeId::try_from(text.as_str()), Ok(id));
        }
    }

    #[test]
    fn it_is_small_and_copy() {
        assert_eq!(core::mem::size_of::<DynTypeId>(), 80);
        fn copy<T: Copy>() {}
        copy::<DynTypeId>();
        copy::<TypeIdText>();
    }

    #[test]
    fn equal_texts_are_equal_ids_and_hash_alike() {
        let a = DynTypeId::parse(&format!("user_{SUFFIX}")).unwrap();
        let b = DynTypeId::new("user", a.uuid()).unwrap();
        let c = DynTypeId::new("users", a.uuid())
            .unwrap()
            .with_prefix("user")
            .unwrap();
        assert_eq!(a, b);
        assert_eq!(a, c);
        assert_eq!(HashSet::from([a, b, c]).len(), 1);
        assert_ne!(a, a.with_prefix("").unwrap());
    }

    #[test]
    fn the_order_is_the_order_of_the_texts() {
        let prefixes = ["", "a", "a_b", "a_ba", "ab", "aa", "b", "z", "zz_z", "a__b"];
        let uuids = [
            0,
            1,
            0x0189_0a5d_ac96_774b_bcce_b302_099a_8057,
            u128::MAX >> 1,
            u128::MAX,
        ];
        let ids: Vec<DynTypeId> = prefixes
            .iter()
            .flat_map(|p| uuids.iter().map(|u| DynTypeId::new(p, uuid(*u)).unwrap()))
            .collect();
        for a in &ids {
            for b in &ids {
                assert_eq!(
                    a.cmp(b),
                    a.encode().as_str().cmp(b.encode().as_str()),
                    "{a} {b}"
                );
                assert_eq!(a.partial_cmp(b), Some(a.cmp(b)));
                assert_eq!(a.encode().cmp(&b.encode()), a.cmp(b));
            }
        }
    }

    #[test]
    fn from_str_gives_what_parse_gives_on_every_byte_in_every_position() {
        for valid in [
            format!("user_{SUFFIX}"),
            format!("my_type_{SUFFIX}"),
            SUFFIX.to_owned(),
        ] {
            for position in 0..valid.len() {
                for byte in 0..=255u8 {
                    let mut bytes = valid.clone().into_bytes();
                    bytes[position] = byte;
                    let expected = DynTypeId::parse_ascii(&bytes);
                    assert_eq!(DynTypeId::parse_fast(&bytes), expected, "{bytes:?}");
                    let scalar = crate::codec::scalar_only(|| DynTypeId::parse_fast(&bytes));
                    assert_eq!(scalar, expected, "{bytes:?}");
                    if let Ok(text) = core::str::from_utf8(&bytes) {
                        assert_eq!(text.parse::<DynTypeId>(), expected, "{text:?}");
                        assert_eq!(DynTypeId::try_from(text), expected, "{text:?}");
                    }
                }
            }
        }
        let longest = format!("{}_{SUFFIX}", "a".repeat(63));
        assert_eq!(longest.parse::<DynTypeId>(), DynTypeId::parse(&longest));
        assert_eq!(longest.parse::<DynTypeId>().unwrap().prefix().len(), 63);
        let too_long = format!("{}_{SUFFIX}", "a".repeat(64));
        assert_eq!(too_long.parse::<DynTypeId>(), DynTypeId::parse(&too_long));
    }

    #[test]
    fn new_refuses_what_parse_refuses_in_a_prefix() {
        for prefix in ["_", "_a", "a_", "A", "a1", "a-b", &"a".repeat(64)] {
            let from_new = DynTypeId::new(prefix, uuid(0)).unwrap_err();
            let from_parse = DynTypeId::parse(&format!("{prefix}_{SUFFIX}")).unwrap_err();
            assert_eq!(from_new.kind(), from_parse.kind(), "{prefix:?}");
        }
    }

    #[test]
    fn display_pads_and_debug_names_the_type() {
        let id = DynTypeId::new("a", uuid(1)).unwrap();
        assert_eq!(format!("{id:>30}"), "  a_00000000000000000000000001");
        assert_eq!(format!("{id:?}"), "DynTypeId(a_00000000000000000000000001)");
        assert_eq!(
            format!("{:?}", id.encode()),
            "\"a_00000000000000000000000001\""
        );
        assert_eq!(Uuid::from(id), uuid(1));
    }

    #[test]
    fn no_input_panics_and_errors_keep_their_positions_in_the_text() {
        let texts = [
            "",
            "_",
            "__",
            "a_",
            "\u{0}",
            "é_01h455vb4pex5vsknk084sn02q",
            "a_01h455vb4pex5vsknk084sn02é",
            "a_01h455vb4pex5vsknk084sn0é",
        ];
        for text in texts {
            let err = DynTypeId::parse(text).unwrap_err();
            if let Some(position) = err.position() {
                assert!(position <= text.len(), "{text:?}: {err}");
                assert!(text.is_char_boundary(position), "{text:?}: {err}");
            }
        }
        let err = DynTypeId::parse("a_01h455vb4pex5vsknk084sn02é").unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Length);
        let err = DynTypeId::parse("a_01h455vb4pex5vsknk084sn0é").unwrap_err();
        assert_eq!(
            (err.kind(), err.position()),
            (ErrorKind::Character, Some(26))
        );
    }

    #[test]
    fn constants_are_made_at_compile_time() {
        const ID: DynTypeId =
            crate::unwrap_const!(DynTypeId::parse("user_01h455vb4pex5vsknk084sn02q"));
        assert_eq!(ID.prefix(), "user");
    }
}
