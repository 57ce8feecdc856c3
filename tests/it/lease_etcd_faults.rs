//! Leases on etcd through a faulty network: the fault proxy of `lease_faults`
//! (`idtypes_tests::fault_proxy`) between the store's client and the etcd server makes it a
//! black hole, resets its connection, loses replies or freezes the connection. The same
//! promises as on the SQL stores:
//!
//! - every call returns within its bound (a renewal by its term's deadline; a setup, an
//!   acquire and a release within the store's timeout; dropping a `KeepAlive` at once);
//! - a term that has ended stays ended; no id is made after its deadline;
//! - the next holder's ids come after the last holder's, starting within a lease duration of
//!   its clock;
//! - a failure says which call failed, on what, and why, whole.
//!
//! One difference in what a caller sees: etcd's client multiplexes every call on one HTTP/2
//! connection and notices a silent one by its pings (`idtypes_tests::etcd::options`: 500 ms
//! apart, 500 ms to answer), then fails the calls on it at once. So a call into a black hole
//! may fail as [`ErrorKind::Database`] (the client gave up on the connection) before the
//! store's limit makes it an [`ErrorKind::Timeout`]; either way within the bound.

use std::time::{Duration, Instant};

use idtypes::{ErrorKind, lease::EtcdLeases};
use idtypes_tests::{
    etcd::{EXPIRY_EXTRA, client, etcd_url, unique_prefix},
    fault_proxy::{Fault, FaultProxy},
};

use crate::lease_faults::{
    DURATION, KEPT_DURATION, KEPT_LENGTH, KEPT_MARGIN, LENGTH, MARGIN, Maker, SLACK, TIMEOUT,
    made_value, next_holder_starts_right, none_after, take_over, within,
};

/// A proxy to the server, and two stores under one new prefix: through the proxy, and direct
/// (the next holder's, on a healthy network).
async fn stores_with(
    duration: Duration,
    margin: Duration,
) -> Option<(FaultProxy, EtcdLeases, EtcdLeases)> {
    let url = etcd_url()?;
    let (proxy, proxied) = FaultProxy::for_url(&url).await;
    let prefix = unique_prefix("faults");
    let configure = |leases: EtcdLeases| {
        leases
            .with_prefix(&prefix)
            .unwrap()
            .with_duration(duration, margin)
            .unwrap()
            .with_timeout(TIMEOUT)
            .unwrap()
    };
    let direct = configure(EtcdLeases::new(client(&[url]).await));
    direct.setup().await.unwrap();
    let through = configure(EtcdLeases::new(client(&[proxied]).await));
    Some((proxy, through, direct))
}

/// A call's failure on a network that does not answer: the store's timeout, or the client's
/// own verdict on the connection, named whole.
fn failed_on_a_silent_network(err: &idtypes::Error, call: &str) {
    let message = err.to_string();
    match err.kind() {
        ErrorKind::Timeout => assert!(
            message.contains(" timed out: no reply within "),
            "{message}"
        ),
        ErrorKind::Database => assert!(message.contains(" failed: "), "{message}"),
        other => panic!("{call}: {other:?}: {message}"),
    }
    assert!(
        message.starts_with(&format!("lease store: {call}")),
        "{message}"
    );
    assert!(!message.contains('…'), "whole: {message}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_black_hole_ends_a_kept_lease_on_time_and_every_call_returns_in_time() {
    let Some((proxy, through, direct)) = stores_with(DURATION, MARGIN).await else {
        return;
    };
    let lease = through.acquire("black-hole", 1).await.unwrap();
    let kept = through.keep_alive(lease).unwrap();
    let maker = Maker::start(kept.term());
    tokio::time::sleep(Duration::from_millis(300)).await;
    let cut = Instant::now();
    proxy.set(Fault::BlackHole);

    within(LENGTH + SLACK, "the term's end", kept.term().ended()).await;
    let ended = Instant::now();
    assert!(!kept.is_live());
    let made = maker.refused();
    none_after(&made, ended);
    // Within the store's timeout: the keep-alive may not have seen the end yet (its last
    // renewal's error is then the answer), or it tries to release the lease (into the hole).
    let (released, _) = within(TIMEOUT + SLACK, "KeepAlive::release", kept.release()).await;
    let err = released.unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::Timeout | ErrorKind::Database),
        "{err}"
    );

    let (setup, _) = within(TIMEOUT + SLACK, "setup", through.setup()).await;
    failed_on_a_silent_network(&setup.unwrap_err(), "setup of the etcd key prefix");
    let (acquire, _) = within(
        TIMEOUT + SLACK,
        "acquire",
        through.acquire("black-hole-2", 4),
    )
    .await;
    failed_on_a_silent_network(&acquire.unwrap_err(), "acquire in `black-hole-2`");

    let bound = DURATION + EXPIRY_EXTRA + SLACK * 2;
    let (next, taken) = take_over(&direct, "black-hole", made_value(&made), bound).await;
    assert!(taken - cut <= LENGTH + bound);
    next_holder_starts_right(&made, &next, taken);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn release_and_drop_end_the_term_at_once_while_a_renewal_hangs() {
    let Some((proxy, through, _)) = stores_with(DURATION, MARGIN).await else {
        return;
    };
    let released = through
        .keep_alive(through.acquire("hang-a", 1).await.unwrap())
        .unwrap();
    let dropped = through
        .keep_alive(through.acquire("hang-b", 1).await.unwrap())
        .unwrap();
    let (released_term, dropped_term) = (released.term(), dropped.term());
    proxy.set(Fault::BlackHole);
    // A renewal is sent a third of the way into the term (500 ms): into the hole.
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert!(released_term.is_live() && dropped_term.is_live());

    let release = released.release();
    assert!(
        !released_term.is_live(),
        "ended when called, before any wait"
    );
    let (result, _) = within(TIMEOUT + SLACK, "KeepAlive::release", release).await;
    failed_on_a_silent_network(&result.unwrap_err(), "release of `hang-a` value 0");

    let start = Instant::now();
    drop(dropped);
    assert!(
        start.elapsed() < Duration::from_millis(50),
        "dropping does not wait"
    );
    assert!(!dropped_term.is_live());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn reset_connections_give_whole_errors_and_a_kept_lease_survives_them() {
    let Some((proxy, through, _)) = stores_with(KEPT_DURATION, KEPT_MARGIN).await else {
        return;
    };
    let mut lease = through.acquire("reset", 1).await.unwrap();
    // A renewal right after a reset meets the broken connection, or a new one: either it
    // fails with the client's whole reason and leaves the term as it was, or it renews.
    let mut failures = Vec::new();
    for _ in 0..5 {
        proxy.reset_all();
        match through.renew(&mut lease).await {
            Ok(()) => {}
            Err(err) => {
                assert_eq!(err.kind(), ErrorKind::Database, "{err}");
                failures.push(err.to_string());
            }
        }
        assert!(
            lease.is_live(),
            "a failed renewal leaves the term as it was"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for message in &failures {
        assert!(
            message.starts_with("lease store: renew of `reset` value 0 failed: "),
            "{message}"
        );
        assert!(!message.contains('…'), "whole: {message}");
    }
    println!(
        "{} of 5 renewals met a reset connection: {failures:?}",
        failures.len()
    );

    let kept = through.keep_alive(lease).unwrap();
    let maker = Maker::start(kept.term());
    for _ in 0..8 {
        tokio::time::sleep(Duration::from_millis(400)).await;
        proxy.reset_all();
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(
        kept.is_live(),
        "resets: kept through eight, past its first term"
    );
    let made = maker.finish();
    assert_eq!(made.refusal, None, "the generator never refused");
    if let Err(err) = kept.release().await {
        assert_eq!(err.kind(), ErrorKind::Database, "{err}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn lost_replies_end_the_term_by_its_deadline_for_good() {
    let Some((proxy, through, direct)) = stores_with(DURATION, MARGIN).await else {
        return;
    };
    let mut lease = through.acquire("lost-reply", 1).await.unwrap();
    let maker = Maker::start(lease.term());
    tokio::time::sleep(Duration::from_millis(200)).await;
    proxy.set(Fault::LoseReplies);
    let deadline = lease.deadline();
    let sent = Instant::now();
    // Renewals until the deadline: each returns by it, none extends the term.
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let (renewed, _) = within(left + SLACK, "renew", through.renew(&mut lease)).await;
        let err = renewed.unwrap_err();
        if err.kind() == ErrorKind::Timeout {
            assert!(
                Instant::now() >= deadline,
                "waited for the reply until the deadline"
            );
            assert!(
                err.to_string()
                    .ends_with(" ms, by its term's deadline; the term has ended"),
                "{err}"
            );
            break;
        }
        // The client gave up on the silent connection first; the term runs on.
        failed_on_a_silent_network(&err, "renew of `lost-reply` value 0");
        if Instant::now() >= deadline {
            break;
        }
    }
    assert!(!lease.is_live());
    let made = maker.refused();
    none_after(&made, deadline);

    // The term stays ended: a renewal now is refused at once, without the network.
    proxy.set(Fault::None);
    let (again, _) = within(SLACK, "renew of an ended term", through.renew(&mut lease)).await;
    let err = again.unwrap_err();
    assert_eq!(err.kind(), ErrorKind::LeaseLost);
    assert!(err.to_string().contains("its term had ended"), "{err}");

    // The renewals reached etcd (their replies were lost): the value is held until the
    // expiry they set; then the next holder starts right.
    let (next, taken) = take_over(
        &direct,
        "lost-reply",
        0,
        DURATION + EXPIRY_EXTRA + SLACK * 2,
    )
    .await;
    assert!(
        taken >= sent + DURATION - Duration::from_millis(100),
        "the renewal ran: the value was held until its expiry"
    );
    next_holder_starts_right(&made, &next, taken);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_kept_lease_survives_a_connection_frozen_after_its_request() {
    let Some((proxy, through, _)) = stores_with(KEPT_DURATION, KEPT_MARGIN).await else {
        return;
    };
    let kept = through
        .keep_alive(through.acquire("frozen-kept", 1).await.unwrap())
        .unwrap();
    let maker = Maker::start(kept.term());
    tokio::time::sleep(Duration::from_millis(200)).await;
    // The next renewal's request freezes its connection (the only one: HTTP/2 carries every
    // call on it). The client's pings find it silent and drop it; the next attempt, on a new
    // connection, renews in time.
    proxy.set(Fault::Freeze);
    tokio::time::sleep(KEPT_LENGTH + Duration::from_millis(300)).await;
    assert!(kept.is_live(), "frozen: kept past its first term");
    let made = maker.finish();
    assert_eq!(made.refusal, None, "the generator never refused");
    proxy.set(Fault::None);
    kept.release().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn an_acquire_whose_connection_freezes_under_it_tries_again_on_a_new_one() {
    let Some((proxy, through, direct)) = stores_with(DURATION, MARGIN).await else {
        return;
    };
    // Time for the client's pings (500 ms apart, 500 ms to answer) to find the frozen
    // connection and drop it, and for the acquire to go on on a new one.
    let through = through.with_timeout(Duration::from_secs(5)).unwrap();
    through.setup().await.unwrap();
    // The acquire's first request (a read of the candidates' marks, the grant, or the taking
    // transaction) freezes the connection every call of the client shares.
    proxy.set(Fault::Freeze);
    let start = Instant::now();
    let lease = through
        .acquire("frozen-acquire", 4)
        .await
        .expect("acquired on a new connection");
    let took = start.elapsed();
    println!("acquired through a frozen connection in {took:?}");
    assert!(took < Duration::from_secs(5), "{took:?}");
    proxy.set(Fault::None);
    // Whatever the frozen request did, no other value is held: a taking transaction that
    // was cut off had its etcd lease revoked, and the key it may have put with it.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut others = Vec::new();
    loop {
        match direct.acquire("frozen-acquire", 4).await {
            Ok(other) => others.push(other),
            Err(err) => {
                assert_eq!(err.kind(), ErrorKind::LeasesExhausted, "{err}");
                break;
            }
        }
    }
    assert_eq!(others.len(), 3, "the three other values are free");
    assert!(others.iter().all(|other| other.value() != lease.value()));
    through.release(lease).await.unwrap();
    for other in others {
        direct.release(other).await.unwrap();
    }
}
