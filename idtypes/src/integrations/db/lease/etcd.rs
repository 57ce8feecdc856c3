//! [`EtcdLeases`]: the lease store on etcd (v3 API), through the `etcd-client` crate.
//!
//! One key per value of a namespace, bound to an etcd lease of this process, and one key per
//! value for its high-water mark:
//!
//! - `{prefix}{namespace}/held/{value}`: the holder's token, put by a transaction conditioned
//!   on the key's absence (an expired etcd lease deletes its keys, so an expired value is an
//!   absent one), with the etcd lease attached; the server deletes it when the lease's TTL
//!   runs out, and a revoke deletes it at once;
//! - `{prefix}{namespace}/mark/{value}`: the high-water mark, in µs since 1970 as decimal
//!   text, with no lease: it outlives its holders. Only a transaction conditioned on the held
//!   key carrying this holder's etcd lease and token writes it.
//!
//! In the namespace, `%` and `/` are written `%25` and `%2F`, so that no namespace's keys are
//! within another's.

use core::{fmt, future::Future, pin::pin, task::Poll, time::Duration};
use std::{sync::Arc, time::Instant};

use etcd_client::{Client, Compare, CompareOp, GetOptions, PutOptions, Txn, TxnOp, TxnOpResponse};

use super::{Call, Lease, Wanted, check_space, events, new_holder, timing::Timing, within_timeout};
#[cfg(feature = "tokio")]
use super::{KeepAlive, LeasedGenerator, keep_alive};
use crate::{
    Clock, Error, LeaseTerm,
    error::{LeaseOp, Repr, Snippet},
    process::lease_term::monotonic_nanos,
    process::timer::within,
};

/// The key prefix unless chosen.
const DEFAULT_PREFIX: &str = "idtypes/leases/";

/// The lease store on etcd (v3 API): the same leases, guarantees and time limits as
/// [`Leases`](crate::lease#guarantees) on an SQL database, for a fleet that shares an etcd
/// cluster rather than a database (feature `etcd`). See [when to choose
/// etcd](crate::lease#etcd-or-the-sql-database).
///
/// A value is held by a key bound to an etcd lease of the holder's: it is taken with a
/// transaction conditioned on the key's absence, renewed with a keep-alive of the etcd lease,
/// and released by deleting the key and revoking the etcd lease. Its high-water mark is a key
/// of its own, written only by a transaction conditioned on the held key being this holder's.
/// The keys are [`prefix`](EtcdLeases::with_prefix)`{namespace}/held/{value}` and
/// `…/mark/{value}`.
///
/// etcd's leases count in whole seconds: the etcd lease is granted for the lease's duration
/// rounded up to a second (or the server's minimum TTL, when that is longer, which etcd
/// grants instead), so the server never expires it before this process's deadline.
///
/// # Examples
///
/// ```no_run
/// # async fn run() -> Result<(), Box<dyn std::error::Error>> {
/// use std::time::Duration;
/// use idtypes::{lease::EtcdLeases, tid::TidGenerator};
///
/// let options = etcd_client::ConnectOptions::new()
///     .with_connect_timeout(Duration::from_secs(2))
///     .with_keep_alive(Duration::from_secs(2), Duration::from_secs(2));
/// let client = etcd_client::Client::connect(["http://127.0.0.1:2379"], Some(options)).await?;
/// let leases = EtcdLeases::new(client);
/// leases.setup().await?;
/// let lease = leases.acquire("posts-tid", TidGenerator::LEASE_VALUES).await?;
/// let posts = TidGenerator::new().with_lease_term(lease.term())?;
/// println!("{}", posts.next());
/// leases.release(lease).await?;
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct EtcdLeases {
    client: Client,
    prefix: Arc<str>,
    timing: Timing,
}

impl fmt::Debug for EtcdLeases {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("EtcdLeases")
            .field("prefix", &self.prefix)
            .field("duration", &self.timing.duration)
            .field("margin", &self.timing.margin)
            .field("timeout", &self.timing.timeout)
            .finish_non_exhaustive()
    }
}

impl EtcdLeases {
    /// A lease store on the etcd cluster `client` talks to, under the key prefix
    /// `idtypes/leases/`, with leases of 30 s used until 5 s before their end, and calls
    /// limited to 10 s.
    ///
    /// The client's own settings still matter for how soon a broken connection is noticed:
    /// `ConnectOptions::with_keep_alive` (HTTP/2 pings) lets the client drop a connection
    /// that went silent and connect again, in time for another renewal attempt; without it,
    /// every call waits on the silent connection until the store's limits end it.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # async fn run(client: etcd_client::Client) {
    /// let leases = idtypes::lease::EtcdLeases::new(client);
    /// # }
    /// ```
    pub fn new(client: Client) -> Self {
        EtcdLeases {
            client,
            prefix: DEFAULT_PREFIX.into(),
            timing: Timing::new(),
        }
    }

    /// The etcd client the store uses.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # async fn run(leases: idtypes::lease::EtcdLeases) -> Result<(), etcd_client::Error> {
    /// let status = leases.client().clone().status().await?;
    /// println!("etcd {}", status.version());
    /// # Ok(())
    /// # }
    /// ```
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// The key prefix of the store's keys.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # fn run(client: etcd_client::Client) {
    /// assert_eq!(idtypes::lease::EtcdLeases::new(client).prefix(), "idtypes/leases/");
    /// # }
    /// ```
    pub fn prefix(&self) -> &str {
        &self.prefix
    }

    /// The same store under another key prefix: 1 to 255 printable ASCII characters (the
    /// keys are `{prefix}{namespace}/held/{value}` and `…/mark/{value}`; end it with `/` to
    /// read them as paths). Two stores with different prefixes share nothing.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) for another prefix.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # fn run(client: etcd_client::Client) -> Result<(), idtypes::Error> {
    /// let leases = idtypes::lease::EtcdLeases::new(client).with_prefix("billing/ids/")?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn with_prefix(mut self, prefix: &str) -> Result<Self, Error> {
        if prefix.is_empty() || prefix.len() > 255 || !prefix.bytes().all(|b| b.is_ascii_graphic())
        {
            return Err(Error::new(
                "etcd key prefix",
                Repr::Syntax {
                    position: None,
                    rule: "expected 1 to 255 printable ASCII characters without spaces",
                },
            ));
        }
        self.prefix = prefix.into();
        Ok(self)
    }

    /// The same store with `clock` for the ceilings it records, as
    /// [`Leases::with_clock`](crate::lease::Leases::with_clock): the clock of the generators
    /// bound to its leases.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # fn run(client: etcd_client::Client) {
    /// let leases = idtypes::lease::EtcdLeases::new(client).with_clock(idtypes::SystemClock);
    /// # }
    /// ```
    pub fn with_clock(mut self, clock: impl Clock + 'static) -> Self {
        self.timing.clock = Arc::new(clock);
        self
    }

    /// The same store with leases of `duration`, used until `margin` before their end, as
    /// [`Leases::with_duration`](crate::lease::Leases::with_duration); etcd's lease is
    /// granted for the duration rounded up to a whole second.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) when the margin is under
    /// 20 ms or not shorter than the duration, or the duration is over a day.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # fn run(client: etcd_client::Client) -> Result<(), idtypes::Error> {
    /// use std::time::Duration;
    /// let leases = idtypes::lease::EtcdLeases::new(client)
    ///     .with_duration(Duration::from_secs(10), Duration::from_secs(2))?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn with_duration(mut self, duration: Duration, margin: Duration) -> Result<Self, Error> {
        self.timing.set_duration(duration, margin)?;
        Ok(self)
    }

    /// The same store with `timeout` as the limit of each [`setup`](EtcdLeases::setup),
    /// `acquire` and `release`, as [`Leases::with_timeout`](crate::lease::Leases::with_timeout).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a timeout under 1 ms or
    /// over a day.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # fn run(client: etcd_client::Client) -> Result<(), idtypes::Error> {
    /// use std::time::Duration;
    /// let leases = idtypes::lease::EtcdLeases::new(client).with_timeout(Duration::from_secs(3))?;
    /// # Ok(())
    /// # }
    /// ```
    pub fn with_timeout(mut self, timeout: Duration) -> Result<Self, Error> {
        self.timing.set_timeout(timeout)?;
        Ok(self)
    }

    /// Checks that the cluster answers a read under the store's prefix, within the store's
    /// timeout. etcd needs no schema: this is the startup check that the SQL stores' `setup`
    /// (which creates their table) also is.
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Database`](crate::ErrorKind::Database) with etcd's reason;
    /// [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) past the store's timeout.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # async fn run(leases: idtypes::lease::EtcdLeases) -> Result<(), idtypes::Error> {
    /// leases.setup().await?;
    /// # Ok(())
    /// # }
    /// ```
    pub async fn setup(&self) -> Result<(), Error> {
        let call = Call {
            op: LeaseOp::SetupPrefix,
            subject: &self.prefix,
            value: None,
        };
        within_timeout(call, self.timing.timeout, async {
            let options = GetOptions::new().with_prefix().with_count_only();
            resent(|| {
                let (mut kv, options) = (self.client.kv_client(), options.clone());
                async move { kv.get(&*self.prefix, Some(options)).await }
            })
            .await
            .map_err(|err| call.failed(err))?;
            Ok(())
        })
        .await
    }

    /// Takes a value of `0..size` in `namespace` that no live lease holds, within the
    /// store's timeout, as [`Leases::acquire`](crate::lease::Leases::acquire): the value's
    /// key is put with a transaction conditioned on its absence, bound to a new etcd lease,
    /// and the new term's ceiling is written above the value's high-water mark before the
    /// lease is returned.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::LeasesExhausted`](crate::ErrorKind::LeasesExhausted) when every
    ///   value is held;
    /// - [`ErrorKind::Syntax`](crate::ErrorKind::Syntax) or
    ///   [`ErrorKind::OutOfRange`](crate::ErrorKind::OutOfRange) for a namespace that is not
    ///   1 to 255 printable ASCII characters, or a size outside 1..=2^20;
    /// - [`ErrorKind::Database`](crate::ErrorKind::Database) with etcd's reason;
    /// - [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) past the store's timeout.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # async fn run(leases: idtypes::lease::EtcdLeases) -> Result<(), idtypes::Error> {
    /// use idtypes::time_id::TimeIdGenerator;
    ///
    /// let lease = leases.acquire("events-node", TimeIdGenerator::LEASE_VALUES).await?;
    /// assert!(lease.value() < TimeIdGenerator::LEASE_VALUES);
    /// # Ok(())
    /// # }
    /// ```
    pub async fn acquire(&self, namespace: &str, size: u32) -> Result<Lease, Error> {
        check_space(namespace, size)?;
        let call = Call {
            op: LeaseOp::Acquire,
            subject: namespace,
            value: None,
        };
        let start = Instant::now();
        let lease = within_timeout(
            call,
            self.timing.timeout,
            self.take(namespace, size, Wanted::default()),
        )
        .await?;
        events::acquired(
            lease.subject(self.store_name()),
            start.elapsed(),
            lease.tries,
            lease.previous_high_water(),
        );
        Ok(lease)
    }

    /// The store's name in events.
    fn store_name(&self) -> &'static str {
        "etcd"
    }

    /// A new lease after `old`'s term ended (see `LeasedGenerator`): the same value while its
    /// key is still `old`'s (its etcd lease alive), kept alive under a new term, else a free
    /// one (see [`lease_again`](super::lease_again)).
    #[cfg(feature = "tokio")]
    async fn lease_again(&self, old: &Lease, size: u32) -> Result<Lease, Error> {
        let keys = Keys::new(&self.prefix, &old.namespace);
        super::lease_again(
            old,
            &self.timing,
            |ceiling| self.write_term(&keys, old, ceiling),
            |wanted| self.take(&old.namespace, size, wanted),
        )
        .await
    }

    /// [`acquire`](EtcdLeases::acquire) without its time limit, for what `wanted` says.
    ///
    /// Each round reads the candidates' marks (and, the first time, grants the etcd lease,
    /// both at once), then sends one transaction that takes the first candidate whose key
    /// is absent and whose mark is as read, and writes its first term's ceiling above that
    /// mark: two round trips and two writes to etcd a lease, when the first candidate is
    /// free. The first round's candidates are chosen without reading which values are held
    /// (most are free when a fleet starts); the next rounds read them first.
    async fn take(&self, namespace: &str, size: u32, wanted: Wanted) -> Result<Lease, Error> {
        let call = Call {
            op: LeaseOp::Acquire,
            subject: namespace,
            value: None,
        };
        let keys = Keys::new(&self.prefix, namespace);
        let holder = new_holder();
        let mut tries = 0;
        // The etcd lease for every attempt, and when its grant was sent: the server's expiry
        // comes after that plus the duration, so a term's deadline is counted from there.
        let mut granted: Option<(i64, (Instant, u64))> = None;
        // How often a taking transaction was found unavailable (see `unavailable`).
        let mut unavailable_again = 0;
        // A value lost to another contender is held by then, so rounds end with a lease or
        // with every value held. The bound only guards against values churning forever.
        for round in 0..(4 * size as usize + 16) {
            let candidates: Vec<u32> = if round == 0 {
                blind_candidates(size, wanted)
            } else {
                let free = self.free_values(&keys, size, call).await?;
                if free.is_empty() {
                    break;
                }
                search_order(&free, wanted).collect()
            };
            let (marks, (id, sent)) = match granted {
                Some(granted) => (self.marks(&keys, &candidates, call).await?, granted),
                None => {
                    let sent = (Instant::now(), monotonic_nanos());
                    let (marks, id) =
                        both(self.marks(&keys, &candidates, call), self.grant(call)).await;
                    let id = id?;
                    granted = Some((id, sent));
                    (marks?, (id, sent))
                }
            };
            let clock = self.timing.clock.now_micros();
            let ceilings: Vec<i64> = marks
                .iter()
                .map(|&(_, mark)| self.timing.ceiling_at(clock, mark.max(wanted.after)))
                .collect();
            let taken = first_absent(&keys, &candidates, &marks, &ceilings, &holder, id);
            let response = match resent(|| {
                let (mut kv, taken) = (self.client.kv_client(), taken.clone());
                async move { kv.txn(taken).await }
            })
            .await
            {
                Ok(response) => response,
                // The etcd lease ran out before the value was taken (this process stalled):
                // look on with a new one.
                Err(err) if lease_gone(&err) => {
                    granted = None;
                    continue;
                }
                // The transaction may have taken a value, or not: the etcd lease is revoked,
                // which deletes the key it may have put, and the round is tried again with a
                // new one (a revoke that fails leaves that lease, never kept alive, to run
                // out with its key).
                Err(err) if unavailable(&err) && unavailable_again < AGAIN_WHEN_UNAVAILABLE => {
                    unavailable_again += 1;
                    granted = None;
                    let _ = resent(|| {
                        let mut leases = self.client.lease_client();
                        async move { leases.revoke(id).await }
                    })
                    .await;
                    tokio::time::sleep(pause_when_unavailable(unavailable_again)).await;
                    continue;
                }
                Err(err) => return Err(call.failed(err)),
            };
            let Some(depth) = taken_at(response, &candidates, &holder, id) else {
                // Every candidate was taken by others first, or its mark moved: read again.
                tries += candidates.len() as u32;
                continue;
            };
            tries += depth as u32 + 1;
            let value = candidates[depth];
            let lease = Lease {
                namespace: namespace.to_owned(),
                holder: holder.clone(),
                deadline: sent.0 + self.timing.length(),
                term: LeaseTerm::until(
                    value,
                    self.timing.deadline_after(sent.1),
                    marks[depth].1.max(wanted.after),
                    ceilings[depth],
                ),
                tries,
                etcd_lease: id,
            };
            if lease.is_live() {
                return Ok(lease);
            }
            // Taken only after its deadline (this process or etcd stalled for the lease's
            // whole length): not usable. Looked on with a new etcd lease, so that the value
            // left behind goes when the old one, never kept alive, runs out.
            granted = None;
        }
        if let Some((id, _)) = granted {
            // It holds no key: revoked so that it does not linger until its TTL. A failure
            // only leaves it to run out.
            let _ = self.client.lease_client().revoke(id).await;
        }
        Err(Error::new(
            "lease",
            Repr::LeasesExhausted {
                namespace: Snippet::new(namespace),
                size,
            },
        ))
    }

    /// The marks of `candidates`, each as its key's modification revision (0 when absent)
    /// and its value (0 when absent), read at one revision.
    async fn marks(
        &self,
        keys: &Keys,
        candidates: &[u32],
        call: Call<'_>,
    ) -> Result<Vec<(i64, i64)>, Error> {
        let read = Txn::new().and_then(
            candidates
                .iter()
                .map(|&value| TxnOp::get(keys.mark(value), None))
                .collect::<Vec<_>>(),
        );
        let response = retried(|| {
            let (mut kv, read) = (self.client.kv_client(), read.clone());
            async move { kv.txn(read).await }
        })
        .await
        .map_err(|err| call.failed(err))?;
        let responses = response.op_responses();
        candidates
            .iter()
            .enumerate()
            .map(|(i, &value)| match responses.get(i) {
                Some(TxnOpResponse::Get(get)) => match get.kvs().first() {
                    Some(kv) => Ok((
                        kv.mod_revision(),
                        parse_mark(kv.value(), &keys.mark(value), call)?,
                    )),
                    None => Ok((0, 0)),
                },
                _ => Err(call.failed("etcd answered a read of marks with something else")),
            })
            .collect()
    }

    /// The values of `0..size` whose key is absent.
    async fn free_values(&self, keys: &Keys, size: u32, call: Call<'_>) -> Result<Vec<u32>, Error> {
        let held_prefix = keys.held_prefix();
        let options = GetOptions::new().with_prefix().with_keys_only();
        let response = retried(|| {
            let (mut kv, options, key) = (
                self.client.kv_client(),
                options.clone(),
                held_prefix.as_str(),
            );
            async move { kv.get(key, Some(options)).await }
        })
        .await
        .map_err(|err| call.failed(err))?;
        let mut taken = vec![false; size as usize];
        for kv in response.kvs() {
            let value = kv
                .key()
                .strip_prefix(held_prefix.as_bytes())
                .and_then(|digits| core::str::from_utf8(digits).ok())
                .and_then(|digits| digits.parse::<usize>().ok());
            if let Some(slot) = value.and_then(|value| taken.get_mut(value)) {
                *slot = true;
            }
        }
        Ok((0..size).filter(|&v| !taken[v as usize]).collect())
    }

    /// A new etcd lease for the store's duration, rounded up to whole seconds.
    async fn grant(&self, call: Call<'_>) -> Result<i64, Error> {
        let ttl = ttl_seconds(self.timing.duration);
        // Sent again when unsent: a lease granted twice leaves the other, with no key, to
        // run out.
        let granted = retried(|| {
            let mut leases = self.client.lease_client();
            async move { leases.grant(ttl, None).await }
        })
        .await
        .map_err(|err| call.failed(err))?;
        if !granted.error().is_empty() {
            return Err(call.failed(granted.error()));
        }
        if granted.ttl() < ttl {
            // etcd raises a TTL to its minimum, never lowers one; a shorter one would let the
            // server expire the lease before this process's deadline.
            return Err(call.failed(format_args!(
                "etcd granted a lease of {} s, shorter than the {ttl} s asked for",
                granted.ttl()
            )));
        }
        Ok(granted.id())
    }

    /// One term of `lease`: its etcd lease kept alive and `ceiling` written as the value's
    /// high-water mark, both at once; `false` when the value is no longer this lease's (its
    /// etcd lease ran out, or the key is another holder's).
    async fn write_term(
        &self,
        keys: &Keys,
        lease: &Lease,
        ceiling: i64,
    ) -> Result<bool, etcd_client::Error> {
        let value = lease.value();
        let held = keys.held(value);
        let write = Txn::new()
            .when([
                Compare::lease(held.clone(), CompareOp::Equal, lease.etcd_lease),
                Compare::value(held, CompareOp::Equal, lease.holder.as_str()),
            ])
            .and_then([TxnOp::put(keys.mark(value), ceiling.to_string(), None)]);
        let id = lease.etcd_lease;
        let kept = resent(|| {
            let mut leases = self.client.lease_client();
            async move { leases.keep_alive(id).await }
        });
        let written = resent(|| {
            let (mut kv, write) = (self.client.kv_client(), write.clone());
            async move { kv.txn(write).await }
        });
        let (kept, written) = both(kept, written).await;
        let written = written?.succeeded();
        match kept {
            Ok(_) => Ok(written),
            Err(err) if lease_gone(&err) => Ok(false),
            Err(err) => Err(err),
        }
    }

    /// Renews `lease` if this process still holds it, as [`Leases::renew`](crate::lease::Leases::renew):
    /// a keep-alive of its etcd lease and, at once, a transaction that raises the value's
    /// high-water mark to the new ceiling if the key is still this lease's. Returns by the
    /// term's deadline at the latest.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::LeaseLost`](crate::ErrorKind::LeaseLost) when the etcd lease ran out
    ///   (and the key may be another holder's), or when the term had already ended; the term
    ///   ends;
    /// - [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) when no reply came by the term's
    ///   deadline: the term has ended, and a renewal never revives it;
    /// - [`ErrorKind::Database`](crate::ErrorKind::Database) with etcd's reason; the term
    ///   keeps its old deadline.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # async fn run(leases: idtypes::lease::EtcdLeases) -> Result<(), idtypes::Error> {
    /// let mut lease = leases.acquire("posts-tid", 1024).await?;
    /// leases.renew(&mut lease).await?;
    /// # Ok(())
    /// # }
    /// ```
    pub async fn renew(&self, lease: &mut Lease) -> Result<(), Error> {
        let deadline = lease.deadline;
        self.renew_by(lease, deadline).await
    }

    /// [`renew`](EtcdLeases::renew), limited to `limit` (capped at the term's deadline).
    async fn renew_by(&self, lease: &mut Lease, limit: Instant) -> Result<(), Error> {
        let renewal = lease.start_renewal(limit, &self.timing)?;
        let keys = Keys::new(&self.prefix, &lease.namespace);
        let written = within(
            renewal.limit,
            self.write_term(&keys, lease, renewal.ceiling),
        )
        .await;
        lease.finish_renewal(renewal, &self.timing, written)
    }

    /// Ends `lease` now, as [`Leases::release`](crate::lease::Leases::release): first its
    /// term, then, within the store's timeout, a transaction that lowers the value's
    /// high-water mark to the term's claimed mark and deletes the value's key if it is still
    /// this lease's, then a revoke of the etcd lease. The value is free once the transaction
    /// has run; a revoke that fails leaves only the etcd lease, with no key, to run out.
    ///
    /// # Errors
    ///
    /// - [`ErrorKind::LeaseLost`](crate::ErrorKind::LeaseLost) when this process no longer
    ///   held it;
    /// - [`ErrorKind::Database`](crate::ErrorKind::Database) with etcd's reason, or
    ///   [`ErrorKind::Timeout`](crate::ErrorKind::Timeout) past the store's timeout; the
    ///   value then stays held until its etcd lease runs out (and its next holder starts
    ///   after the term's ceiling).
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # async fn run(leases: idtypes::lease::EtcdLeases) -> Result<(), idtypes::Error> {
    /// let lease = leases.acquire("posts-tid", 1024).await?;
    /// leases.release(lease).await?;
    /// # Ok(())
    /// # }
    /// ```
    pub async fn release(&self, lease: Lease) -> Result<(), Error> {
        // Ended first: from here on no generator makes an id under the term, so the claimed
        // mark read next covers all of them (see `LeaseTerm::check`).
        lease.term.end();
        let mark = lease.term.claimed_micros();
        let call = lease.call(LeaseOp::Release);
        let subject = lease.subject(self.store_name());
        let keys = Keys::new(&self.prefix, &lease.namespace);
        let held = keys.held(lease.value());
        let release = Txn::new()
            .when([
                Compare::lease(held.clone(), CompareOp::Equal, lease.etcd_lease),
                Compare::value(held.clone(), CompareOp::Equal, lease.holder.as_str()),
            ])
            .and_then([
                TxnOp::put(keys.mark(lease.value()), mark.to_string(), None),
                TxnOp::delete(held, None),
            ]);
        let released = within_timeout(call, self.timing.timeout, async {
            let released = resent(|| {
                let (mut kv, release) = (self.client.kv_client(), release.clone());
                async move { kv.txn(release).await }
            })
            .await
            .map_err(|err| call.failed(err))?
            .succeeded();
            // Whether or not the value was still this lease's, its etcd lease is of no more
            // use; a failed revoke leaves it to run out, holding no key.
            let _ = resent(|| {
                let mut leases = self.client.lease_client();
                async move { leases.revoke(lease.etcd_lease).await }
            })
            .await;
            if released {
                Ok(())
            } else {
                Err(lease.lost(false))
            }
        })
        .await;
        events::released(subject, &released);
        released
    }

    /// Renews `lease` in the background on the current tokio runtime, as
    /// [`Leases::keep_alive`](crate::lease::Leases::keep_alive) (see [`KeepAlive`]).
    ///
    /// # Errors
    ///
    /// [`ErrorKind::Database`](crate::ErrorKind::Database) when called outside a tokio
    /// runtime.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # async fn run(leases: idtypes::lease::EtcdLeases) -> Result<(), idtypes::Error> {
    /// use idtypes::tid::TidGenerator;
    ///
    /// let kept = leases.keep_alive(leases.acquire("posts-tid", TidGenerator::LEASE_VALUES).await?)?;
    /// let posts = TidGenerator::new().with_lease_term(kept.term())?;
    /// kept.release().await?;
    /// # Ok(())
    /// # }
    /// ```
    #[cfg(feature = "tokio")]
    pub fn keep_alive(&self, lease: Lease) -> Result<KeepAlive, Error> {
        let runtime = tokio::runtime::Handle::try_current()
            .map_err(|err| lease.call(LeaseOp::KeepAlive).failed(err))?;
        Ok(KeepAlive::start(&runtime, self.clone(), lease))
    }

    /// A generator that stays leased, as [`Leases::generator`](crate::lease::Leases::generator):
    /// a lease of `template.lease_values()` values in `namespace`, taken now, renewed in the
    /// background on the current tokio runtime, and taken again by itself whenever its term
    /// ends (see [`LeasedGenerator`]).
    ///
    /// # Errors
    ///
    /// The first lease's (see [`acquire`](EtcdLeases::acquire));
    /// [`ErrorKind::Database`](crate::ErrorKind::Database) outside a tokio runtime.
    ///
    /// # Examples
    ///
    /// ```no_run
    /// # async fn run(leases: idtypes::lease::EtcdLeases) -> Result<(), idtypes::Error> {
    /// use idtypes::tid::TidGenerator;
    ///
    /// let posts = leases.generator("posts-tid", TidGenerator::new()).await?;
    /// println!("{}", posts.try_next()?);
    /// # Ok(())
    /// # }
    /// ```
    #[cfg(feature = "tokio")]
    pub async fn generator<G: crate::Leasable>(
        &self,
        namespace: &str,
        template: G,
    ) -> Result<LeasedGenerator<G>, Error> {
        let runtime = tokio::runtime::Handle::try_current().map_err(|err| {
            Call {
                op: LeaseOp::KeepAlive,
                subject: namespace,
                value: None,
            }
            .failed(err)
        })?;
        let lease = self.acquire(namespace, template.lease_values()).await?;
        LeasedGenerator::start(&runtime, self.clone(), lease, template)
    }
}

#[cfg(feature = "tokio")]
keep_alive::renewer_for!(EtcdLeases);

/// The keys of one namespace.
struct Keys {
    /// `{prefix}{namespace, escaped}/`.
    base: String,
}

impl Keys {
    fn new(prefix: &str, namespace: &str) -> Keys {
        let mut base = String::with_capacity(prefix.len() + namespace.len() + 1);
        base.push_str(prefix);
        for c in namespace.chars() {
            match c {
                '%' => base.push_str("%25"),
                '/' => base.push_str("%2F"),
                c => base.push(c),
            }
        }
        base.push('/');
        Keys { base }
    }

    fn held_prefix(&self) -> String {
        format!("{}held/", self.base)
    }

    fn held(&self, value: u32) -> String {
        format!("{}held/{value}", self.base)
    }

    fn mark(&self, value: u32) -> String {
        format!("{}mark/{value}", self.base)
    }
}

/// The free values a round of a take tries, in order: up to [`TRIES_PER_ROUND`] of `free`,
/// from a random one on (so that contenders spread out), the preferred one first.
fn search_order(free: &[u32], wanted: Wanted) -> impl Iterator<Item = u32> + '_ {
    let start = (crate::process::random::os_u64() % free.len().max(1) as u64) as usize;
    let preferred = wanted
        .prefer
        .filter(|value| free.binary_search(value).is_ok());
    preferred.into_iter().chain(
        free[start..]
            .iter()
            .chain(&free[..start])
            .copied()
            .filter(move |&value| Some(value) != preferred)
            .take(TRIES_PER_ROUND - usize::from(preferred.is_some())),
    )
}

/// The values a take's first round tries, before it has read which are free: `prefer` (if
/// in the space), then consecutive values from a random one on, wrapping around.
fn blind_candidates(size: u32, wanted: Wanted) -> Vec<u32> {
    let preferred = wanted.prefer.filter(|&value| value < size);
    let start = (crate::process::random::os_u64() % u64::from(size.max(1))) as u32;
    preferred
        .into_iter()
        .chain(
            (0..size)
                .map(|i| ((u64::from(start) + u64::from(i)) % u64::from(size)) as u32)
                .filter(|&value| Some(value) != preferred),
        )
        .take(TRIES_PER_ROUND)
        .collect()
}

/// How many free values a round of a take tries before it reads which are free again.
const TRIES_PER_ROUND: usize = 8;

/// The transaction that takes the first of `candidates` whose key is absent and whose mark
/// is as `marks` say (its modification revision), for `holder` with the etcd lease `id`,
/// and writes that candidate's ceiling (of `ceilings`) as its mark: for each candidate in
/// turn, a transaction conditioned on both, whose `else` is the next candidate's; the last
/// one's reads every candidate's key, so that a sending that seemed to fail but took one is
/// seen (see [`taken_at`]).
fn first_absent(
    keys: &Keys,
    candidates: &[u32],
    marks: &[(i64, i64)],
    ceilings: &[i64],
    holder: &str,
    id: i64,
) -> Txn {
    let last: Vec<TxnOp> = candidates
        .iter()
        .map(|&value| TxnOp::get(keys.held(value), None))
        .collect();
    let mut txn: Option<Txn> = None;
    for (i, &value) in candidates.iter().enumerate().rev() {
        let (held, mark) = (keys.held(value), keys.mark(value));
        let step = Txn::new()
            .when([
                Compare::version(held.clone(), CompareOp::Equal, 0),
                Compare::mod_revision(mark.clone(), CompareOp::Equal, marks[i].0),
            ])
            .and_then([
                TxnOp::put(held, holder, Some(PutOptions::new().with_lease(id))),
                TxnOp::put(mark, ceilings[i].to_string(), None),
            ]);
        txn = Some(match txn {
            None => step.or_else(last.clone()),
            Some(next) => step.or_else([TxnOp::txn(next)]),
        });
    }
    txn.unwrap_or_default()
}

/// Which of `candidates` the response to [`first_absent`] took for `holder` (its index);
/// `None` when every candidate was another's (or its mark had moved).
fn taken_at(
    response: etcd_client::TxnResponse,
    candidates: &[u32],
    holder: &str,
    id: i64,
) -> Option<usize> {
    let mut response = response;
    for depth in 0..candidates.len() {
        if response.succeeded() {
            return Some(depth);
        }
        let mut responses = response.op_responses();
        if matches!(responses.first(), Some(TxnOpResponse::Txn(_))) {
            if let TxnOpResponse::Txn(next) = responses.swap_remove(0) {
                response = next;
                continue;
            }
        }
        // The last candidate's `else`: every candidate's key; one is this holder's only if
        // an earlier sending of the transaction took it (and wrote its ceiling with it).
        return responses.iter().position(|op| match op {
            TxnOpResponse::Get(get) => get
                .kvs()
                .first()
                .is_some_and(|kv| kv.lease() == id && kv.value() == holder.as_bytes()),
            _ => false,
        });
    }
    None
}

/// The etcd TTL of a lease of `duration`: whole seconds, rounded up, at least 1.
fn ttl_seconds(duration: Duration) -> i64 {
    let seconds = duration.as_secs() + u64::from(duration.subsec_nanos() > 0);
    seconds.max(1) as i64
}

/// A high-water mark as stored: decimal µs.
fn parse_mark(stored: &[u8], key: &str, call: Call<'_>) -> Result<i64, Error> {
    core::str::from_utf8(stored)
        .ok()
        .and_then(|text| text.parse::<i64>().ok())
        .filter(|&mark| mark >= 0)
        .ok_or_else(|| {
            call.failed(format_args!(
                "the high-water mark at `{key}` is not a count of µs: {:?}",
                String::from_utf8_lossy(&stored[..stored.len().min(64)])
            ))
        })
}

/// Whether etcd said that the etcd lease is gone (it ran out, or was revoked).
fn lease_gone(err: &etcd_client::Error) -> bool {
    match err {
        // etcd's `ErrGRPCLeaseNotFound`.
        etcd_client::Error::GRpcStatus(status) => {
            status.message().contains("requested lease not found")
        }
        // What etcd-client says when a keep-alive's answer is a TTL of 0.
        etcd_client::Error::LeaseKeepAliveError(reason) => reason == "lease not found",
        _ => false,
    }
}

/// Whether a call failed before its request reached any server: the connection to the
/// endpoint it was sent to could not be made (a member that is down, in a client of several
/// endpoints). gRPC's `UNAVAILABLE` (14) alone is not that: etcd also says it of a request
/// that timed out in the cluster, which may still be applied.
fn unsent(err: &etcd_client::Error) -> bool {
    match err {
        etcd_client::Error::TransportError(_) => true,
        etcd_client::Error::GRpcStatus(status) => {
            i32::from(status.code()) == 14 && status.message().contains("connect error")
        }
        _ => false,
    }
}

/// How often [`resent`] sends a call at most.
const SENDINGS: u32 = 4;

/// `call()`, sent again (up to [`SENDINGS`] times, 20 ms apart) while it fails
/// [unsent](unsent), so that a client of several endpoints gets past a member that is down:
/// its balancer stops choosing an endpoint it could not connect to. A request that never left
/// has had no effect, so any call may be sent again this way. When every sending fails so (no
/// member can be reached), the last error is the answer, at once rather than at the call's
/// time limit.
async fn resent<T, F: Future<Output = Result<T, etcd_client::Error>>>(
    mut call: impl FnMut() -> F,
) -> Result<T, etcd_client::Error> {
    let mut sent = 1;
    loop {
        match call().await {
            Err(err) if unsent(&err) && sent < SENDINGS => {
                sent += 1;
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            done => return done,
        }
    }
}

/// Whether etcd (or the connection to it) said the service is unavailable (gRPC's
/// `UNAVAILABLE`, 14) of a request that may have left: a connection dropped under it (its
/// HTTP/2 pings not answered in time, a reset), a request that timed out in the cluster, a
/// leader that changed. The request may or may not have taken effect.
fn unavailable(err: &etcd_client::Error) -> bool {
    matches!(err, etcd_client::Error::GRpcStatus(status) if i32::from(status.code()) == 14)
        && !unsent(err)
}

/// How often [`retried`] and a take send a call again after [`unavailable`] at most.
const AGAIN_WHEN_UNAVAILABLE: u32 = 3;

/// The pause before the `n`th sending again (from 1) after [`unavailable`]: 50, 100, 200 ms.
fn pause_when_unavailable(n: u32) -> Duration {
    Duration::from_millis(50 << n.saturating_sub(1).min(4))
}

/// [`resent`], and sent again after [`unavailable`] too (up to [`AGAIN_WHEN_UNAVAILABLE`]
/// times, 50, 100 and 200 ms later), for a call that may take effect twice: a read, or a
/// grant (a second etcd lease, never kept alive, runs out holding no key). A fleet starting
/// at once can keep etcd too busy to answer its clients' pings in time, whose connections
/// then drop with every call on them.
async fn retried<T, F: Future<Output = Result<T, etcd_client::Error>>>(
    mut call: impl FnMut() -> F,
) -> Result<T, etcd_client::Error> {
    let mut again = 0;
    loop {
        match resent(&mut call).await {
            Err(err) if unavailable(&err) && again < AGAIN_WHEN_UNAVAILABLE => {
                again += 1;
                tokio::time::sleep(pause_when_unavailable(again)).await;
            }
            done => return done,
        }
    }
}

/// Both futures' outputs, polled together.
async fn both<A: Future, B: Future>(a: A, b: B) -> (A::Output, B::Output) {
    let (mut a, mut b) = (pin!(a), pin!(b));
    let (mut a_out, mut b_out) = (None, None);
    core::future::poll_fn(move |cx| {
        if a_out.is_none() {
            if let Poll::Ready(out) = a.as_mut().poll(cx) {
                a_out = Some(out);
            }
        }
        if b_out.is_none() {
            if let Poll::Ready(out) = b.as_mut().poll(cx) {
                b_out = Some(out);
            }
        }
        if a_out.is_some() && b_out.is_some() {
            Poll::Ready((a_out.take().unwrap(), b_out.take().unwrap()))
        } else {
            Poll::Pending
        }
    })
    .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ErrorKind;

    #[test]
    fn keys_escape_the_namespace() {
        let keys = Keys::new("p/", "a/b%c");
        assert_eq!(keys.held(3), "p/a%2Fb%25c/held/3");
        assert_eq!(keys.mark(0), "p/a%2Fb%25c/mark/0");
        assert_eq!(keys.held_prefix(), "p/a%2Fb%25c/held/");
        // `a` and `a/held` never share keys.
        assert!(
            !Keys::new("p/", "a/held")
                .held(1)
                .starts_with(&Keys::new("p/", "a").held_prefix())
        );
    }

    #[test]
    fn ttls_round_up_to_whole_seconds() {
        assert_eq!(ttl_seconds(Duration::from_millis(1)), 1);
        assert_eq!(ttl_seconds(Duration::from_secs(2)), 2);
        assert_eq!(ttl_seconds(Duration::from_millis(2001)), 3);
        assert_eq!(ttl_seconds(Duration::from_secs(30)), 30);
    }

    #[test]
    fn a_mark_that_is_not_a_count_is_an_error_naming_its_key() {
        let call = Call {
            op: LeaseOp::Acquire,
            subject: "posts",
            value: Some(2),
        };
        assert_eq!(
            parse_mark(b"1700000000000000", "k", call).unwrap(),
            1_700_000_000_000_000
        );
        let err = parse_mark(b"soon", "p/posts/mark/2", call).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Database);
        let text = err.to_string();
        assert!(
            text.contains("p/posts/mark/2") && text.contains("\"soon\""),
            "{text}"
        );
        assert!(parse_mark(b"-5", "k", call).is_err());
    }
}
