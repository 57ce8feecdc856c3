//! Lease events as `tracing` events (feature `tracing`), target `idtypes::lease`: what a
//! service's logs show of its leases. Without the feature every function here is empty.
//!
//! Every event has the fields `namespace`, `store` (`postgres`, `mysql`, `sqlite`, `etcd`) and,
//! once there is one, `value`; durations are whole milliseconds, in fields ending in `_ms`.

// Without `tokio` there are no background renewals, whose events are most of these.
#![cfg_attr(not(feature = "tokio"), allow(dead_code))]

use core::time::Duration;

use crate::Error;

/// What an event is about: a namespace of a store, and the leased value once there is one.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(feature = "tracing"), allow(dead_code))]
pub(super) struct Subject<'a> {
    pub(super) namespace: &'a str,
    pub(super) value: Option<u32>,
    pub(super) store: &'static str,
}

/// Milliseconds, for a field.
#[cfg(feature = "tracing")]
fn ms(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

/// The event macro with the subject's fields first; nothing without the feature.
macro_rules! event {
    ($level:ident, $subject:expr, { $($field:tt)* }, $message:literal) => {{
        #[cfg(feature = "tracing")]
        {
            let subject: &Subject<'_> = &$subject;
            tracing::$level!(
                target: "idtypes::lease",
                namespace = subject.namespace,
                value = subject.value,
                store = subject.store,
                $($field)*
                $message
            );
        }
        #[cfg(not(feature = "tracing"))]
        let _ = &$subject;
    }};
}

/// A lease was taken (`Leases::acquire`, `EtcdLeases::acquire`, a `LeasedGenerator`'s
/// first): `took_ms` the call, `tries` the values it tried (more than one when contenders
/// took the others first), `floor_micros` where its ids start.
pub(super) fn acquired(subject: Subject<'_>, took: Duration, tries: u32, floor_micros: i64) {
    #[cfg(not(feature = "tracing"))]
    let _ = (took, tries, floor_micros);
    event!(info, subject, { took_ms = ms(took), tries, floor_micros, }, "lease acquired");
}

/// A renewal came back in time (debug: every third of a term).
pub(super) fn renewed(subject: Subject<'_>, took: Duration) {
    #[cfg(not(feature = "tracing"))]
    let _ = took;
    event!(debug, subject, { took_ms = ms(took), }, "lease renewed");
}

/// A renewal attempt failed while the term lasts: another follows (`left_ms` of the term).
pub(super) fn renewal_failed(subject: Subject<'_>, error: &Error, left: Duration) {
    #[cfg(not(feature = "tracing"))]
    let _ = (error, left);
    event!(warn, subject, { error = %error, left_ms = ms(left), }, "lease renewal failed; trying again");
}

/// A renewal came back after failed attempts: `attempts` in all, `late_ms` after the first
/// was due, `left_ms` of the term it was in when it came.
pub(super) fn renewed_late(subject: Subject<'_>, attempts: u32, late: Duration, left: Duration) {
    #[cfg(not(feature = "tracing"))]
    let _ = (attempts, late, left);
    event!(warn, subject, { attempts, late_ms = ms(late), left_ms = ms(left), }, "lease renewed late");
}

/// The term ended without a release (run out, or taken over): ids under it stop.
pub(super) fn lost(subject: Subject<'_>, error: &Error) {
    #[cfg(not(feature = "tracing"))]
    let _ = error;
    event!(error, subject, { error = %error, }, "lease lost: its ids stop");
}

/// A `LeasedGenerator`'s attempt to lease again failed: another follows.
pub(super) fn lease_again_failed(
    subject: Subject<'_>,
    attempt: u32,
    error: &Error,
    outage: Duration,
) {
    #[cfg(not(feature = "tracing"))]
    let _ = (attempt, error, outage);
    event!(warn, subject, { attempt, error = %error, outage_ms = ms(outage), }, "lease not taken again yet; trying again");
}

/// A `LeasedGenerator` leased again after a loss, and makes ids again: `outage_ms` without
/// a live term, `attempts`, `same_value` whether it is the value it lost.
pub(super) fn acquired_again(
    subject: Subject<'_>,
    same_value: bool,
    attempts: u32,
    outage: Duration,
) {
    #[cfg(not(feature = "tracing"))]
    let _ = (same_value, attempts, outage);
    event!(warn, subject, { same_value, attempts, outage_ms = ms(outage), }, "lease acquired again: ids go on");
}

/// A lease was released, or its release failed (the value is then held until its expiry).
pub(super) fn released(subject: Subject<'_>, result: &Result<(), Error>) {
    match result {
        Ok(()) => event!(info, subject, {}, "lease released"),
        Err(error) => {
            #[cfg(not(feature = "tracing"))]
            let _ = error;
            event!(warn, subject, { error = %error, }, "lease release failed: the value stays held until its expiry");
        }
    }
}

/// A call of `LeasedGenerator::next_within` that waited for a live term: `waited_ms`, and
/// whether it got an id.
pub(super) fn waited(subject: Subject<'_>, waited: Duration, made: bool) {
    #[cfg(feature = "tracing")]
    if made {
        event!(debug, subject, { waited_ms = ms(waited), }, "an id waited for a lease");
    } else {
        event!(warn, subject, { waited_ms = ms(waited), }, "an id waited for a lease in vain");
    }
    #[cfg(not(feature = "tracing"))]
    let _ = (subject, waited, made);
}
