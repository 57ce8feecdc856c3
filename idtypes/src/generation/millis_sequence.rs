//! The per-millisecond sequencer of the snowflake layouts (snowish, ts-seq-rand and
//! [`Snowflake`](struct@crate::Snowflake)): milliseconds since an epoch, then a 12-bit sequence that
//! counts up within a millisecond and carries into the next one.

use super::monotonic::Monotonic;
use super::run_ahead::{Stop, Units};

/// The next `(milliseconds since the epoch, sequence)` of a sequencer whose `state` holds
/// `millis << 12 | sequence`, for a clock reading of `clock_micros` (Unix microseconds) and
/// an epoch of `epoch_millis` (Unix milliseconds): the sequence counts up within a
/// millisecond and carries into the next one past 4095. [`Stop::PastLast`] past
/// `max_millis`, [`Stop::Ahead`] more than `ahead` units (see [`Millis::ahead`]) past the
/// clock's millisecond.
#[inline]
pub(crate) fn next_millis_and_sequence(
    state: &Monotonic,
    clock_micros: i64,
    epoch_millis: u64,
    max_millis: u64,
    ahead: u64,
) -> Result<(u64, u16), Stop> {
    let now = Millis { epoch_millis }.units(clock_micros);
    Ok(split(state.next(now, last_units(max_millis), ahead)?))
}

/// The state value of the last sequence number of `max_millis`.
#[inline]
pub(crate) fn last_units(max_millis: u64) -> i64 {
    ((max_millis << 12) | 0xFFF) as i64
}

/// `(milliseconds, sequence)` of a state value (never negative: the state starts at 0).
#[inline]
pub(crate) fn split(units: i64) -> (u64, u16) {
    let units = units as u64;
    (units >> 12, (units & 0xFFF) as u16)
}

/// The units of a per-millisecond sequencer: `millis << 12 | sequence`, milliseconds since
/// the epoch `epoch_millis` (Unix milliseconds).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Millis {
    /// The epoch, in Unix milliseconds.
    pub(crate) epoch_millis: u64,
}

impl Units for Millis {
    #[inline]
    fn units(&self, micros: i64) -> i64 {
        millis_since(self.epoch_millis, micros).saturating_mul(1 << 12)
    }

    fn reached(&self, units: i64) -> i64 {
        // The first microsecond of the millisecond `units` is in (or of the next one).
        let millis = (units.max(0) as i128 + 0xFFF) / (1 << 12) + self.epoch_millis as i128;
        (millis * 1000).clamp(i64::MIN as i128, i64::MAX as i128) as i64
    }

    /// A bound of `bound_micros` lets an id's millisecond be `bound_micros / 1000` (whole
    /// milliseconds) after the clock's: any sequence number of that millisecond.
    fn ahead(&self, bound_micros: u64) -> u64 {
        ((bound_micros / 1000).saturating_add(1) << 12).saturating_sub(1)
    }
}

/// A clock reading (Unix microseconds) as milliseconds since the epoch `epoch_millis` (Unix
/// milliseconds), 0 for a clock before it: such a clock is broken, and the generators then
/// count up from the epoch.
#[inline]
pub(crate) fn millis_since(epoch_millis: u64, clock_micros: i64) -> i64 {
    // In `i64`: the Unix milliseconds fit, and an epoch past `i64::MAX` ms puts every
    // reading before it.
    let epoch = i64::try_from(epoch_millis).unwrap_or(i64::MAX);
    clock_micros.div_euclid(1000).saturating_sub(epoch).max(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_before_the_epoch_reads_as_the_epoch() {
        assert_eq!(millis_since(1_000, 999_999), 0);
        assert_eq!(millis_since(1_000, i64::MIN), 0);
        assert_eq!(millis_since(1_000, 1_002_500), 2);
        assert_eq!(millis_since(0, i64::MAX), i64::MAX / 1000);
    }

    #[test]
    fn the_sequence_carries_into_the_next_millisecond() {
        let state = Monotonic::starting_at(0);
        let at = 1_000_000; // 1000 ms after the epoch of 0
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 2000, u64::MAX),
            Ok((1000, 0))
        );
        state.raise_to((1000 << 12) | 0xFFF);
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 2000, u64::MAX),
            Ok((1000, 4095))
        );
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 2000, u64::MAX),
            Ok((1001, 0))
        );
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 1000, u64::MAX),
            Err(Stop::PastLast)
        );
    }

    #[test]
    fn a_bound_in_whole_milliseconds_keeps_ids_within_it() {
        let units = Millis { epoch_millis: 0 };
        // Under a millisecond: the clock's own millisecond, as Twitter's generator keeps.
        let ahead = units.ahead(999);
        let state = Monotonic::starting_at(0);
        let at = 1_000_400; // 1000.4 ms after the epoch of 0
        state.raise_to((1000 << 12) | 0xFFF);
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 2000, ahead),
            Ok((1000, 4095))
        );
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 2000, ahead),
            Err(Stop::Ahead {
                next_min: 1001 << 12
            })
        );
        // The clock must reach the next millisecond: 600 µs on.
        assert_eq!(units.reached((1001 << 12) - ahead as i64), 1_001_000);
        // One millisecond: the next one too.
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 2000, units.ahead(1000)),
            Ok((1001, 0))
        );
        assert_eq!(units.reached(0), 0);
        assert_eq!(Millis { epoch_millis: 5 }.reached(1), 6_000);
    }
}
