//! What every lease store shares: the leases' duration and margin, the calls' time limit, the
//! clock of the ceilings, and how a term's deadline and ceiling follow from them.

use core::time::Duration;
use std::sync::Arc;

use crate::{
    Clock, Error, SystemClock,
    error::{Bounds, Int, OutOfLine, Repr},
};

/// The longest lease duration and timeout: a day, in µs.
const DAY_MICROS: i128 = 86_400_000_000;

/// A store's durations and clock (see `Leases::with_duration`, `with_timeout`, `with_clock`).
#[derive(Clone)]
pub(super) struct Timing {
    /// How long a lease lasts in the store.
    pub(super) duration: Duration,
    /// How long before its end this process stops using it.
    pub(super) margin: Duration,
    /// The limit of each setup, acquire and release.
    pub(super) timeout: Duration,
    /// The clock of the ceilings: the generators' clock.
    pub(super) clock: Arc<dyn Clock>,
}

impl Timing {
    /// Leases of 30 s used until 5 s before their end, calls limited to 10 s, the system clock.
    pub(super) fn new() -> Timing {
        Timing {
            duration: Duration::from_secs(30),
            margin: Duration::from_secs(5),
            timeout: Duration::from_secs(10),
            clock: Arc::new(SystemClock),
        }
    }

    /// Sets the duration and margin, checked as `with_duration` documents.
    pub(super) fn set_duration(
        &mut self,
        duration: Duration,
        margin: Duration,
    ) -> Result<(), Error> {
        if margin >= duration
            || margin < Duration::from_millis(20)
            || duration.as_micros() as i128 > DAY_MICROS
        {
            return Err(Error::new(
                "lease",
                Repr::from(OutOfLine::OutOfRange {
                    bounds: Bounds {
                        part: "duration (µs)",
                        min: margin.as_micros() as i128 + 1,
                        max: DAY_MICROS,
                    },
                    found: Int::new(duration.as_micros() as i128),
                }),
            ));
        }
        self.duration = duration;
        self.margin = margin;
        Ok(())
    }

    /// Sets the timeout, checked as `with_timeout` documents.
    pub(super) fn set_timeout(&mut self, timeout: Duration) -> Result<(), Error> {
        let micros = timeout.as_micros() as i128;
        if !(1000..=DAY_MICROS).contains(&micros) {
            return Err(Error::new(
                "lease",
                Repr::OutOfRange {
                    bounds: &Bounds {
                        part: "timeout (µs)",
                        min: 1000,
                        max: DAY_MICROS,
                    },
                    found: Int::new(micros),
                },
            ));
        }
        self.timeout = timeout;
        Ok(())
    }

    /// A term's length: the duration less the margin.
    pub(super) fn length(&self) -> Duration {
        self.duration - self.margin
    }

    /// The deadline of a term whose request was sent at `sent` (monotonic nanoseconds).
    pub(super) fn deadline_after(&self, sent: u64) -> u64 {
        sent.saturating_add(self.length().as_nanos() as u64)
    }

    /// The lease's duration in µs.
    pub(super) fn duration_micros(&self) -> i64 {
        self.duration.as_micros() as i64
    }

    /// The ceiling of a lease's first term, above `floor`: the clock, or the floor when the
    /// clock is behind it, plus the lease's duration. (Above the floor by a whole duration,
    /// so that a holder whose clock is behind the floor still has a term's worth of ids.)
    #[cfg_attr(not(feature = "tokio"), allow(dead_code, reason = "lease_again's"))]
    pub(super) fn first_ceiling(&self, floor: i64) -> i64 {
        self.ceiling_at(self.clock.now_micros(), floor)
    }

    /// [`first_ceiling`](Timing::first_ceiling) for the clock's reading `clock`.
    pub(super) fn ceiling_at(&self, clock: i64, floor: i64) -> i64 {
        clock.max(floor).saturating_add(self.duration_micros())
    }

    /// The ceiling of a term renewed now, whose ceiling was `ceiling`: the clock plus the
    /// lease's duration, or the old ceiling when that is later (a ceiling never goes down).
    /// Never the old ceiling plus a duration: renewals would then push the mark ahead of the
    /// clock by a duration each, whether or not any id used it.
    pub(super) fn renewed_ceiling(&self, ceiling: i64) -> i64 {
        self.clock
            .now_micros()
            .saturating_add(self.duration_micros())
            .max(ceiling)
    }
}
