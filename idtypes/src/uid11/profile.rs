//! What every uid11 profile shares: the uid11 text, and conversions to and from `Uid11` and
//! `u64`.

/// Implements the text vocabulary of a profile type `$ty` (a newtype over its `u64` payload
/// with an associated `const fn from_payload(u64) -> Result<$ty, Error>`), whose valid
/// payloads are `0..=$max_payload` and whose errors name it `$name`. `from_bytes` is
/// infallible, and so are the conversions from `Uid11` and `u64` (`From`, through `from_u64`);
/// `try_from_bytes` when some payloads are not ids (`TryFrom`, through `try_from_u64`).
macro_rules! profile_text {
    ($ty:ident, $name:expr, $example:literal, $max_payload:expr, from_bytes) => {
        impl $ty {
            /// Reads the 8 big-endian bytes. Every payload is one.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id: idtypes::", stringify!($ty), " = \"", $example, "\".parse()?;")]
            #[doc = concat!("assert_eq!(idtypes::", stringify!($ty), "::from_bytes(id.to_bytes()), id);")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub const fn from_bytes(bytes: [u8; 8]) -> $ty {
                $ty(u64::from_be_bytes(bytes))
            }
        }

        impl From<crate::Uid11> for $ty {
            fn from(id: crate::Uid11) -> $ty {
                $ty(id.to_u64())
            }
        }

        crate::text::traits::convert!($ty, u64, to_u64, from_u64);
        profile_text!($ty, $name, $example, $max_payload);
    };
    ($ty:ident, $name:expr, $example:literal, $max_payload:expr, try_from_bytes) => {
        impl $ty {
            /// Reads the 8 big-endian bytes.
            ///
            /// # Errors
            ///
            /// The profile's error for a payload that is not one of its ids.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id: idtypes::", stringify!($ty), " = \"", $example, "\".parse()?;")]
            #[doc = concat!("assert_eq!(idtypes::", stringify!($ty), "::try_from_bytes(id.to_bytes())?, id);")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub const fn try_from_bytes(bytes: [u8; 8]) -> Result<$ty, crate::Error> {
                $ty::from_payload(u64::from_be_bytes(bytes))
            }
        }

        impl TryFrom<crate::Uid11> for $ty {
            type Error = crate::Error;

            fn try_from(id: crate::Uid11) -> Result<$ty, crate::Error> {
                $ty::from_payload(id.to_u64())
            }
        }

        crate::text::traits::convert!($ty, u64, to_u64, try try_from_u64);
        profile_text!($ty, $name, $example, $max_payload);
    };
    ($ty:ident, $name:expr, $example:literal, $max_payload:expr) => {
        impl $ty {
            /// The length of the text, in bytes: 11.
            pub const TEXT_LEN: usize = 11;

            /// The first id: payload 0 (`11111111111`), also its `Default`.
            pub const MIN: $ty = $ty(0);

            /// The last id: the largest payload the profile allows.
            pub const MAX: $ty = $ty($max_payload);

            /// [`parse`](Self::parse) for text given as bytes.
            ///
            /// # Errors
            ///
            /// As [`parse`](Self::parse); a byte that is not valid UTF-8 is reported as
            /// U+FFFD.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id = idtypes::", stringify!($ty), "::parse_ascii(b\"", $example, "\")?;")]
            #[doc = concat!("assert_eq!(id.to_string(), \"", $example, "\");")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub const fn parse_ascii(text: &[u8]) -> Result<$ty, crate::Error> {
                match crate::error::split(crate::Uid11::parse_ascii(text)) {
                    Ok(id) => $ty::from_payload(id.to_u64()),
                    Err(err) => Err(core::mem::ManuallyDrop::into_inner(err).in_format($name)),
                }
            }

            /// The ids whose text starts with `prefix` (0 to 11 symbols), as an inclusive
            /// range; `None` when no id does. See [`Uid11::range_for_prefix`](crate::Uid11::range_for_prefix).
            ///
            /// # Errors
            ///
            /// [`ErrorKind::Length`](crate::ErrorKind::Length) over 11 symbols,
            /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside
            /// the alphabet.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id: idtypes::", stringify!($ty), " = \"", $example, "\".parse()?;")]
            #[doc = concat!("let range = idtypes::", stringify!($ty), "::range_for_prefix(&\"", $example, "\"[..6])?.unwrap();")]
            /// assert!(range.contains(&id));
            #[doc = concat!("assert_eq!(idtypes::", stringify!($ty), "::range_for_prefix(\"k\")?, None);")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            pub const fn range_for_prefix(
                prefix: &str,
            ) -> Result<Option<crate::IdRange<$ty>>, crate::Error> {
                match crate::error::split(crate::Uid11::range_for_prefix(prefix)) {
                    Ok(Some(range)) => {
                        let (start, end) = range.into_bounds();
                        let (start, end) = (start.to_u64(), end.to_u64());
                        let max: u64 = $max_payload;
                        if start > max {
                            return Ok(None);
                        }
                        let end = if end > max { max } else { end };
                        Ok(Some(crate::IdRange::new_unchecked($ty(start), $ty(end))))
                    }
                    Ok(None) => Ok(None),
                    Err(err) => Err(core::mem::ManuallyDrop::into_inner(err).in_format($name)),
                }
            }

            /// The payload as a [`Uid11`](struct@crate::Uid11) (same bits, same text).
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id: idtypes::", stringify!($ty), " = \"", $example, "\".parse()?;")]
            #[doc = concat!("assert_eq!(id.to_uid11().to_string(), \"", $example, "\");")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub const fn to_uid11(self) -> crate::Uid11 {
                crate::Uid11::from_u64(self.0)
            }

            /// The 64-bit payload.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id: idtypes::", stringify!($ty), " = \"", $example, "\".parse()?;")]
            /// assert_eq!(id.to_u64(), id.to_uid11().to_u64());
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub const fn to_u64(self) -> u64 {
                self.0
            }

            /// The big-endian bytes of the payload; they sort like the ids.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id: idtypes::", stringify!($ty), " = \"", $example, "\".parse()?;")]
            /// assert_eq!(u64::from_be_bytes(id.to_bytes()), id.to_u64());
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub const fn to_bytes(self) -> [u8; 8] {
                self.0.to_be_bytes()
            }

            /// The 11-symbol uid11 text, on the stack.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id: idtypes::", stringify!($ty), " = \"", $example, "\".parse()?;")]
            #[doc = concat!("assert_eq!(id.encode(), \"", $example, "\");")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub const fn encode(self) -> crate::IdText<11> {
                crate::Uid11::from_u64(self.0).encode()
            }

            /// Parses the uid11 text and reads it as this profile.
            ///
            /// # Errors
            ///
            /// The [`Uid11::parse`](crate::Uid11::parse) errors, and any the profile has for
            /// the payload.
            ///
            /// # Examples
            ///
            /// ```
            #[doc = concat!("let id = idtypes::", stringify!($ty), "::parse(\"", $example, "\")?;")]
            #[doc = concat!("assert_eq!(id.to_string(), \"", $example, "\");")]
            /// # Ok::<(), idtypes::Error>(())
            /// ```
            #[inline]
            pub const fn parse(text: &str) -> Result<$ty, crate::Error> {
                match crate::error::split(crate::Uid11::parse(text)) {
                    Ok(id) => $ty::from_payload(id.to_u64()),
                    Err(err) => Err(core::mem::ManuallyDrop::into_inner(err).in_format($name)),
                }
            }
        }

        crate::text::traits::text_traits!($ty, encode);

        impl From<$ty> for crate::Uid11 {
            fn from(id: $ty) -> crate::Uid11 {
                id.to_uid11()
            }
        }

    };
}

pub(crate) use profile_text;

/// The next `(milliseconds since the xid epoch, sequence)` of a per-millisecond sequencer
/// (see [`crate::generation::millis_sequence`]): a stop past `max_millis` or past `ahead`.
#[cfg(all(feature = "std", idtypes_host))]
#[inline]
pub(crate) fn next_millis_and_sequence(
    state: &crate::generation::monotonic::Monotonic,
    clock_micros: i64,
    max_millis: u64,
    ahead: u64,
) -> Result<(u64, u16), crate::generation::run_ahead::Stop> {
    crate::generation::millis_sequence::next_millis_and_sequence(
        state,
        clock_micros,
        super::UID11_XID_EPOCH_MILLIS,
        max_millis,
        ahead,
    )
}

/// The units of the uid11 per-millisecond sequencers: `millis << 12 | sequence` since the
/// xid epoch.
#[cfg(all(feature = "std", idtypes_host))]
pub(crate) const MILLIS: crate::generation::millis_sequence::Millis =
    crate::generation::millis_sequence::Millis {
        epoch_millis: super::UID11_XID_EPOCH_MILLIS,
    };

/// Unix milliseconds from a clock reading, as milliseconds since the xid epoch (0 for a clock
/// before it: such a clock is broken, and the generators then count up from the epoch).
#[cfg(all(feature = "std", idtypes_host))]
pub(crate) fn millis_since_epoch(clock_micros: i64) -> i64 {
    crate::generation::millis_sequence::millis_since(super::UID11_XID_EPOCH_MILLIS, clock_micros)
}
