//! The lease store's side of errors: which call failed on what ([`LeaseCall`]), which time
//! limit it ran into, and the database's reason, kept whole up to a bound.

use core::fmt;

/// A lease store operation, for the messages of its errors: what was done, on what.
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub(crate) struct LeaseCall {
    pub(crate) op: LeaseOp,
    /// The namespace; for [`LeaseOp::Setup`], the table.
    pub(crate) subject: alloc::boxed::Box<str>,
    /// The leased value, once there is one.
    pub(crate) value: Option<u32>,
}

/// The lease store's operations.
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
pub(crate) enum LeaseOp {
    Setup,
    /// `EtcdLeases::setup`, whose subject is the key prefix.
    #[cfg_attr(not(feature = "etcd"), allow(dead_code))]
    SetupPrefix,
    Acquire,
    Renew,
    Release,
    #[cfg_attr(
        not(feature = "tokio"),
        allow(dead_code, reason = "KeepAlive needs the tokio feature")
    )]
    KeepAlive,
}

/// Which time limit a lease call ran into.
#[cfg(feature = "alloc")]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
pub(crate) enum TimeLimit {
    /// A renewal's: its term's deadline (a reply after it is of no use: the term has ended).
    Deadline,
    /// The store's timeout, for an acquire or a release.
    Store,
    /// One attempt of a background renewal: half the time left to the deadline, so that a
    /// stuck connection leaves time for another attempt.
    Attempt,
}

#[cfg(feature = "alloc")]
impl fmt::Display for LeaseCall {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let LeaseCall { op, subject, value } = self;
        match op {
            LeaseOp::Setup => return write!(f, "setup of the table `{subject}`"),
            LeaseOp::SetupPrefix => return write!(f, "setup of the etcd key prefix `{subject}`"),
            LeaseOp::Acquire => write!(f, "acquire in `{subject}`")?,
            LeaseOp::Renew => write!(f, "renew of `{subject}`")?,
            LeaseOp::Release => write!(f, "release of `{subject}`")?,
            LeaseOp::KeepAlive => write!(f, "keep_alive of `{subject}`")?,
        }
        match value {
            Some(value) => write!(f, " value {value}"),
            None => Ok(()),
        }
    }
}

/// The text of `reason`, whole up to [`REASON_CAPACITY`] bytes, cut visibly (`…`) at a
/// character boundary past that: a database's message is a sentence or two, but nothing
/// stops a driver from putting a whole query or a megabyte in one.
#[cfg(feature = "alloc")]
#[cfg_attr(not(feature = "sqlx-postgres"), allow(dead_code))]
pub(crate) fn reason_text(reason: &dyn fmt::Display) -> alloc::boxed::Box<str> {
    struct Bounded {
        text: alloc::string::String,
        cut: bool,
    }
    impl fmt::Write for Bounded {
        fn write_str(&mut self, part: &str) -> fmt::Result {
            let room = REASON_CAPACITY - self.text.len();
            if part.len() <= room {
                self.text.push_str(part);
                return Ok(());
            }
            let mut len = room;
            while !part.is_char_boundary(len) {
                len -= 1;
            }
            self.text.push_str(&part[..len]);
            self.cut = true;
            // Stops the formatting: the rest is not kept.
            Err(fmt::Error)
        }
    }
    let mut bounded = Bounded {
        text: alloc::string::String::new(),
        cut: false,
    };
    let _ = fmt::Write::write_fmt(&mut bounded, format_args!("{reason}"));
    if bounded.cut {
        bounded.text.push('…');
    }
    bounded.text.into_boxed_str()
}

/// The bytes kept of a database's reason: its message whole, as far as any real one goes.
#[cfg(feature = "alloc")]
pub(super) const REASON_CAPACITY: usize = 1024;
