//! [`SnowflakeEpoch`]: the zero of a service's Snowflake time.

use crate::{Error, error::Bounds};

/// The epoch of a service's Snowflakes: the Unix millisecond their timestamps count from.
///
/// The 64 bits of a [`Snowflake`](struct@crate::Snowflake) do not say which service made it,
/// and each service has its own epoch; so the id type holds no epoch, and whatever reads or
/// makes a time (`timestamp_millis`, `range_for_time`, the generator) is given one. Keep
/// your service's epoch in one constant and pass it.
///
/// Epochs run from 1970 to the end of 9999 (`MAX_UNIX_MILLIS`), so that an id's time (at
/// most 2^41 ms, 69.7 years, later) is a Unix millisecond every platform's clock can hold.
///
/// # Examples
///
/// ```
/// use idtypes::snowflake::SnowflakeEpoch;
///
/// assert_eq!(SnowflakeEpoch::TWITTER.unix_millis(), 1_288_834_974_657);
/// let mine = SnowflakeEpoch::from_unix_millis(1_700_000_000_000)?;
/// assert_eq!(mine.unix_millis(), 1_700_000_000_000);
/// assert!(SnowflakeEpoch::from_unix_millis(u64::MAX).is_err());
/// # Ok::<(), idtypes::Error>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SnowflakeEpoch {
    unix_millis: u64,
}

/// The epochs this crate takes.
const EPOCH: Bounds = Bounds {
    part: "epoch (Unix milliseconds)",
    min: 0,
    max: SnowflakeEpoch::MAX_UNIX_MILLIS as i128,
};

impl SnowflakeEpoch {
    /// Twitter's (X's) epoch, 2010-11-04T01:42:54.657Z (`1288834974657`).
    pub const TWITTER: SnowflakeEpoch = SnowflakeEpoch {
        unix_millis: 1_288_834_974_657,
    };

    /// Discord's epoch, 2015-01-01T00:00:00Z (`1420070400000`).
    pub const DISCORD: SnowflakeEpoch = SnowflakeEpoch {
        unix_millis: 1_420_070_400_000,
    };

    /// The latest epoch, 9999-12-31T23:59:59.999Z.
    pub const MAX_UNIX_MILLIS: u64 = 253_402_300_799_999;

    /// The epoch `unix_millis` milliseconds after 1970-01-01T00:00:00Z.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) after
    /// [`MAX_UNIX_MILLIS`](SnowflakeEpoch::MAX_UNIX_MILLIS).
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::{ErrorKind, snowflake::SnowflakeEpoch};
    ///
    /// assert_eq!(SnowflakeEpoch::from_unix_millis(1_420_070_400_000)?, SnowflakeEpoch::DISCORD);
    /// let err = SnowflakeEpoch::from_unix_millis(253_402_300_800_000).unwrap_err();
    /// assert_eq!(err.kind(), ErrorKind::OutOfRange);
    /// # Ok::<(), idtypes::Error>(())
    /// ```
    pub const fn from_unix_millis(unix_millis: u64) -> Result<SnowflakeEpoch, Error> {
        if unix_millis > SnowflakeEpoch::MAX_UNIX_MILLIS {
            return Err(EPOCH.refuse(super::FORMAT, unix_millis as i128));
        }
        Ok(SnowflakeEpoch { unix_millis })
    }

    /// The epoch in Unix milliseconds.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::snowflake::SnowflakeEpoch;
    ///
    /// assert_eq!(SnowflakeEpoch::DISCORD.unix_millis(), 1_420_070_400_000);
    /// ```
    #[inline]
    pub const fn unix_millis(self) -> u64 {
        self.unix_millis
    }

    /// The last Unix millisecond an id of this epoch can hold: 2^41 - 1 ms after it.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::snowflake::SnowflakeEpoch;
    ///
    /// // 2080-07-10T17:30:30.208Z
    /// assert_eq!(SnowflakeEpoch::TWITTER.last_unix_millis(), 3_487_858_230_208);
    /// ```
    #[inline]
    pub const fn last_unix_millis(self) -> u64 {
        self.unix_millis + crate::Snowflake::MAX_MILLIS_SINCE_EPOCH
    }
}
