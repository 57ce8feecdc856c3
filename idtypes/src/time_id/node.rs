//! [`NodeId`] and [`NodeClass`]: the 10-bit node identifier of a [`TimeId`](struct@crate::TimeId).

use core::{fmt, ops::RangeInclusive};

use crate::{
    Error, IdText,
    codec::base32_sortable as b32,
    error::{Bounds, Lengths, Repr, char_at},
};

const FORMAT: &str = "TimeId node id";

/// The node identifier of a [`TimeId`](struct@crate::TimeId): 0..=1023, the last two symbols of the
/// text.
///
/// The range is split into three [classes](NodeClass): 0..=31 best effort, 32..=991
/// context-dependent, 992..=1023 globally registered.
///
/// # Examples
///
/// ```
/// use idtypes::time_id::{NodeClass, NodeId};
///
/// let node = NodeId::new(1)?;
/// assert_eq!(node.code(), "23");
/// assert_eq!(node.class(), NodeClass::BestEffort);
/// assert_eq!(NodeId::from_code("z2")?.get(), 992);
/// assert!(NodeId::new(1024).is_err());
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct NodeId(u16);

impl NodeId {
    /// Node 0 (`22`).
    pub const MIN: NodeId = NodeId(0);

    /// Node 1023 (`zz`).
    pub const MAX: NodeId = NodeId(1023);

    /// A node id from its number.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) above 1023.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::time_id::NodeId::new(992)?.get(), 992);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn new(node: u16) -> Result<NodeId, Error> {
        if node > 1023 {
            return Err(Bounds {
                part: "node id",
                min: 0,
                max: 1023,
            }
            .refuse(super::FORMAT, node as i128));
        }
        Ok(NodeId(node))
    }

    /// The low 10 bits of `bits`, for values already known to fit.
    pub(crate) const fn from_low_bits(bits: u64) -> NodeId {
        NodeId((bits & 0x3FF) as u16)
    }

    /// The number, 0..=1023.
    ///
    /// # Examples
    ///
    /// ```
    /// assert_eq!(idtypes::time_id::NodeId::MAX.get(), 1023);
    /// ```
    pub const fn get(self) -> u16 {
        self.0
    }

    /// The class the number falls in.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::time_id::{NodeClass, NodeId};
    ///
    /// assert_eq!(NodeId::new(31)?.class(), NodeClass::BestEffort);
    /// assert_eq!(NodeId::new(32)?.class(), NodeClass::ContextDependent);
    /// assert_eq!(NodeId::new(992)?.class(), NodeClass::Global);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn class(self) -> NodeClass {
        match self.0 {
            0..=31 => NodeClass::BestEffort,
            32..=991 => NodeClass::ContextDependent,
            _ => NodeClass::Global,
        }
    }

    /// The two symbols that end a TimeId's text: `22`..`zz`.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::time_id::NodeId;
    ///
    /// assert_eq!(NodeId::MIN.code(), "22");
    /// assert_eq!(NodeId::new(32)?.code(), "32");
    /// assert_eq!(NodeId::MAX.code(), "zz");
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn code(self) -> IdText<2> {
        IdText::from_ascii([
            b32::ALPHABET[(self.0 >> 5) as usize],
            b32::ALPHABET[(self.0 & 31) as usize],
        ])
    }

    /// A node id from its two symbols.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Length`](crate::ErrorKind::Length) unless two characters long,
    /// [`ErrorKind::Character`](crate::ErrorKind::Character) for a character outside
    /// `234567abcdefghijklmnopqrstuvwxyz` (note: the draft's `20`, `30` and `z0` are typos, `0`
    /// is not in the alphabet).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::time_id::NodeId;
    ///
    /// assert_eq!(NodeId::from_code("23")?.get(), 1);
    /// assert!(NodeId::from_code("20").is_err());
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_code(code: &str) -> Result<NodeId, Error> {
        let bytes = code.as_bytes();
        if bytes.len() != 2 {
            return Err(Error::new(
                FORMAT,
                Repr::Length {
                    expected: Lengths::Between(2, 2),
                    found: bytes.len(),
                },
            ));
        }
        let high = b32::DECODE[bytes[0] as usize];
        let low = b32::DECODE[bytes[1] as usize];
        if high == b32::INVALID {
            return Err(Error::new(
                FORMAT,
                Repr::Character {
                    position: 0,
                    found: char_at(bytes, 0),
                    expected: b32::ALPHABET_STR,
                },
            ));
        }
        if low == b32::INVALID {
            return Err(Error::new(
                FORMAT,
                Repr::Character {
                    position: 1,
                    found: char_at(bytes, 1),
                    expected: b32::ALPHABET_STR,
                },
            ));
        }
        Ok(NodeId(((high as u16) << 5) | low as u16))
    }

    /// A random best-effort node id (0..=31) from the operating system's random source. A
    /// generator without a configured node draws its own (and moves it on in a forked child).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::time_id::{NodeClass, NodeId};
    ///
    /// assert_eq!(NodeId::random_best_effort().class(), NodeClass::BestEffort);
    /// ```
    #[cfg(all(feature = "std", idtypes_host))]
    pub fn random_best_effort() -> NodeId {
        NodeId((crate::process::random::os_u64() & 31) as u16)
    }
}

impl TryFrom<u16> for NodeId {
    type Error = Error;

    fn try_from(node: u16) -> Result<NodeId, Error> {
        NodeId::new(node)
    }
}

impl From<NodeId> for u16 {
    fn from(node: NodeId) -> u16 {
        node.0
    }
}

/// Shows the number.
impl fmt::Display for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl fmt::Debug for NodeId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "NodeId({})", self.0)
    }
}

/// The three ranges of node ids and what each promises.
///
/// # Examples
///
/// ```
/// use idtypes::time_id::NodeClass;
///
/// assert_eq!(NodeClass::Global.range(), 992..=1023);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum NodeClass {
    /// 0..=31 (`22`..`2z`): chosen without coordination, usually at random; may collide when
    /// data from other sources is merged.
    BestEffort,
    /// 32..=991 (`32`..`yz`): derived stably from application context; the application ensures
    /// no two actors use one at the same time.
    ContextDependent,
    /// 992..=1023 (`z2`..`zz`): registered globally before use.
    Global,
}

impl NodeClass {
    /// The node ids of this class.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::time_id::NodeClass;
    ///
    /// assert_eq!(NodeClass::BestEffort.range(), 0..=31);
    /// assert_eq!(NodeClass::ContextDependent.range(), 32..=991);
    /// ```
    pub const fn range(self) -> RangeInclusive<u16> {
        match self {
            NodeClass::BestEffort => 0..=31,
            NodeClass::ContextDependent => 32..=991,
            NodeClass::Global => 992..=1023,
        }
    }
}

impl fmt::Display for NodeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NodeClass::BestEffort => "best effort",
            NodeClass::ContextDependent => "context-dependent",
            NodeClass::Global => "global",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn class_boundaries_have_the_codes_of_the_corrected_draft() {
        let code = |n: u16| NodeId::new(n).unwrap().code();
        assert_eq!(
            (code(0), code(31)),
            (IdText::from_ascii(*b"22"), IdText::from_ascii(*b"2z"))
        );
        assert_eq!(code(32), "32");
        assert_eq!(code(991), "yz");
        assert_eq!(
            (code(992), code(1023)),
            (IdText::from_ascii(*b"z2"), IdText::from_ascii(*b"zz"))
        );
        assert_eq!(code(1), "23");
    }

    #[test]
    fn every_node_round_trips_through_its_code() {
        for n in 0..=1023 {
            let node = NodeId::new(n).unwrap();
            assert_eq!(NodeId::from_code(node.code().as_str()), Ok(node));
            assert!(node.class().range().contains(&n));
        }
    }

    #[test]
    fn bad_codes_are_refused_with_their_position() {
        assert_eq!(NodeId::from_code("z0").unwrap_err().position(), Some(1));
        assert_eq!(NodeId::from_code("0z").unwrap_err().position(), Some(0));
        assert!(NodeId::from_code("223").is_err());
    }
}
