//! The per-millisecond sequencer of the snowflake layouts (snowish, ts-seq-rand and
//! [`Snowflake`](struct@crate::Snowflake)): milliseconds since an epoch, then a 12-bit sequence that
//! counts up within a millisecond and carries into the next one.

use super::monotonic::Monotonic;

/// The next `(milliseconds since the epoch, sequence)` of a sequencer whose `state` holds
/// `millis << 12 | sequence`, for a clock reading of `clock_micros` (Unix microseconds) and
/// an epoch of `epoch_millis` (Unix milliseconds): the sequence counts up within a
/// millisecond and carries into the next one past 4095. `None` past `max_millis`.
pub(crate) fn next_millis_and_sequence(
    state: &Monotonic,
    clock_micros: i64,
    epoch_millis: u64,
    max_millis: u64,
) -> Option<(u64, u16)> {
    let now = millis_since(epoch_millis, clock_micros).saturating_mul(1 << 12);
    let last = ((max_millis << 12) | 0xFFF) as i64;
    let next = state.next(now, last)? as u64;
    Some((next >> 12, (next & 0xFFF) as u16))
}

/// A clock reading (Unix microseconds) as milliseconds since the epoch `epoch_millis` (Unix
/// milliseconds), 0 for a clock before it: such a clock is broken, and the generators then
/// count up from the epoch.
pub(crate) fn millis_since(epoch_millis: u64, clock_micros: i64) -> i64 {
    let unix_millis = clock_micros.div_euclid(1000) as i128;
    (unix_millis - epoch_millis as i128).clamp(0, i64::MAX as i128) as i64
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
            next_millis_and_sequence(&state, at, 0, 2000),
            Some((1000, 0))
        );
        state.raise_to((1000 << 12) | 0xFFF);
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 2000),
            Some((1000, 4095))
        );
        assert_eq!(
            next_millis_and_sequence(&state, at, 0, 2000),
            Some((1001, 0))
        );
        assert_eq!(next_millis_and_sequence(&state, at, 0, 1000), None);
    }
}
