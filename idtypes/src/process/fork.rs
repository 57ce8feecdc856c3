//! Noticing `fork()`, so that a forked child never goes on with its parent's ids.
//!
//! A forked child starts as a copy of its parent: the same generator states, the same clock
//! ids, the same random streams. Left alone, parent and child then make the same ids in
//! lockstep. Every generator and random stream here therefore reads the process's *lineage*,
//! one word that changes in a child before the child runs any code of ours:
//!
//! - a *generation*, bumped in every forked child: a stream seeded in another generation
//!   reseeds, and an id fixed by the caller in another generation is refused;
//! - an *offset* for each bounded id space (10-bit clock ids, 5-bit best-effort nodes): a
//!   random clock id is `base + offset` ([`PerProcess`]), and a child's offset differs from its
//!   parent's by a non-zero step, so a child always uses another clock id than its parent, and the children
//!   of one process use different ones from each other (up to the size of the space).
//!
//! The step for the `k`-th child of a process is `k * stride` (taken modulo the space, with
//! `k` mapped to `1..size` so it is never zero), with a random odd `stride` per process: the
//! children of one process are spread over the whole space, and ids in different branches of
//! a process tree collide no more often than random picks would.
//!
//! On Unix a `pthread_atfork` child handler updates the word, registered the first time a
//! generator or random stream is made, so the check on the hot path is one relaxed load.
//! Should registration ever fail (`ENOMEM`), a flag in the same word makes the check compare
//! the process id instead (slower, but as safe). Elsewhere there is no `fork()` and the word
//! never changes. A child made with `vfork` or a raw `clone` system call runs no fork
//! handlers; such a child must `exec` (as `posix_spawn` does) before it makes ids.

use core::sync::atomic::{AtomicU64, Ordering};

use crate::{
    LeaseTerm,
    error::{Bounds, Int, Repr},
};

/// Bits 0..10: the offset for 10-bit spaces; 10..15: for 5-bit spaces; bit 15: check the
/// process id; bits 16..64: the generation.
static LINEAGE: AtomicU64 = AtomicU64::new(0);

const PID_CHECK: u64 = 1 << 15;
const GENERATION_SHIFT: u32 = 16;

/// The process's place in its fork lineage, read once per id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Lineage(u64);

impl Lineage {
    /// The number of forks between the first process that used this crate and this one.
    #[inline]
    pub(crate) const fn generation(self) -> u64 {
        self.0 >> GENERATION_SHIFT
    }

    /// This process's offset in a space of `2^bits` ids (`bits` is 5 or 10).
    #[cfg(test)]
    const fn offset(self, bits: u32) -> u16 {
        let shift = if bits == 10 { 0 } else { 10 };
        ((self.0 >> shift) as u16) & ((1 << bits) - 1)
    }
}

/// This process's lineage. Makes sure forks are noticed from now on.
#[inline]
pub(crate) fn current() -> Lineage {
    let word = LINEAGE.load(Ordering::Relaxed);
    if word & PID_CHECK != 0 {
        return watch::by_pid();
    }
    Lineage(word)
}

/// Makes sure that forks from now on are noticed. Call before handing out anything that a
/// fork must not copy (a generator, a seeded stream); cheap after the first call.
pub(crate) fn watch() {
    watch::register();
}

/// The `index`-th fork of a process whose stride is `stride`: the next lineage word, and the
/// child's own stride. (Only Unix has `fork()`; the tests check the arithmetic everywhere.)
#[cfg(any(unix, test))]
fn advance(word: u64, stride: u64, index: u64) -> (u64, u64) {
    let step = |bits: u32, offset: u64| -> u64 {
        let size = 1u64 << bits;
        // `1..size`: never 0, so the child's offset always differs from its parent's.
        let k = 1 + index.wrapping_sub(1) % (size - 1);
        (offset + k.wrapping_mul(stride)) & (size - 1)
    };
    let offset10 = step(10, word & 0x3FF);
    let offset5 = step(5, (word >> 10) & 0x1F);
    let generation = (word >> GENERATION_SHIFT).wrapping_add(1);
    let next = (generation << GENERATION_SHIFT) | (word & PID_CHECK) | (offset5 << 10) | offset10;
    (
        next,
        mix(stride ^ index.wrapping_mul(0x9E37_79B9_7F4A_7C15)) | 1,
    )
}

/// splitmix64's finalizer: a child's stride from its parent's, without a system call (fork
/// handlers may only do async-signal-safe work).
#[cfg(any(unix, test))]
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// A clock, node or machine id of a generator, as it stands in each process: either drawn at
/// random (then moved on in every forked child by that child's offset) or fixed by the caller
/// (then refused in any other process than the one that fixed it).
///
/// Built so that the check on every id is one load of the lineage word, one test against
/// `expect` and, for a random id, an add and a mask.
#[derive(Debug, Clone)]
pub(crate) struct PerProcess {
    /// The lineage word this id was made in.
    expect: u64,
    /// The bits of the lineage word that must equal `expect`'s: the process-id flag for a
    /// random id; the flag and the generation for a fixed one.
    check: u64,
    /// The id where the lineage offset is 0 (random), or the id (fixed).
    base: u16,
    /// `2^bits - 1` for a random id (keeps it in its space), all ones for a fixed one.
    mask: u16,
    /// The offset's bits in the lineage word for a random id, 0 for a fixed one.
    offset_mask: u16,
    /// Where this space's offset sits in the lineage word.
    shift: u32,
    /// The generation a fixed or leased id belongs to.
    generation: u64,
    /// For a leased id: the lease's current term, checked on every id.
    term: Option<LeaseTerm>,
}

impl PerProcess {
    /// A random id of `bits` bits (5 or 10) for this process, to move on in forked children.
    pub(crate) fn random(bits: u32) -> Self {
        watch();
        let mask = (1u16 << bits) - 1;
        let value = crate::process::random::os_u64() as u16 & mask;
        let mut id = PerProcess {
            expect: 0,
            check: PID_CHECK,
            base: 0,
            mask,
            offset_mask: mask,
            shift: if bits == 10 { 0 } else { 10 },
            generation: 0,
            term: None,
        };
        // Stored relative to this process's offset, so that `get` gives `value` here.
        id.base = value.wrapping_sub(id.offset(current())) & mask;
        id
    }

    /// `value`, fixed by the caller in this process.
    pub(crate) fn fixed(value: u16) -> Self {
        watch();
        let lineage = current();
        PerProcess {
            expect: lineage.0 & !PID_CHECK,
            check: !((1 << GENERATION_SHIFT) - 1) | PID_CHECK,
            base: value,
            mask: u16::MAX,
            offset_mask: 0,
            shift: 0,
            generation: lineage.generation(),
            term: None,
        }
    }

    /// The value of a lease `term` as `format`'s part named in `bounds` (from 0 to at most
    /// `u16::MAX`): fixed in this process (a forked child must not go on with its parent's
    /// lease) and usable only while the term lasts.
    pub(crate) fn leased(
        term: &LeaseTerm,
        bounds: &'static Bounds,
        format: &'static str,
    ) -> Result<Self, crate::Error> {
        if i128::from(term.value()) > bounds.max {
            return Err(crate::Error::new(
                format,
                Repr::OutOfRange {
                    bounds,
                    found: Int::new(i128::from(term.value())),
                },
            ));
        }
        Ok(PerProcess {
            // Never matches a lineage word: every id takes the slow path, which checks the term.
            expect: u64::MAX,
            check: u64::MAX,
            term: Some(term.clone()),
            ..PerProcess::fixed(term.value() as u16)
        })
    }

    /// This id's offset in a process of `lineage`.
    #[inline]
    fn offset(&self, lineage: Lineage) -> u16 {
        (lineage.0 >> self.shift) as u16 & self.offset_mask
    }

    /// The id in pid-check mode, or `None` for a fixed id in another generation.
    #[cold]
    fn get_slow(&self) -> Option<u16> {
        let lineage = current();
        if self.offset_mask == 0 && lineage.generation() != self.generation {
            return None;
        }
        Some(self.base.wrapping_add(self.offset(lineage)) & self.mask)
    }

    /// The id in this process and the last timestamp (µs since 1970) its ids may carry
    /// (`i64::MAX` unless leased; for a leased id, the term's claimed mark, which
    /// [`claim`](Self::claim) moves on up to the ceiling); or, for a fixed or leased id in a forked child, the
    /// [`ErrorKind::Forked`](crate::ErrorKind::Forked) error of `format`'s generator, whose
    /// `part` ("clock id", ...) this is, and for a lease whose term has run out,
    /// [`ErrorKind::LeaseExpired`](crate::ErrorKind::LeaseExpired).
    #[inline]
    pub(crate) fn get_or_refuse(
        &self,
        format: &'static str,
        part: &'static str,
    ) -> Result<(u16, i64), crate::Error> {
        let word = LINEAGE.load(Ordering::Relaxed);
        if (word ^ self.expect) & self.check == 0 {
            return Ok((
                self.base.wrapping_add(self.offset(Lineage(word))) & self.mask,
                i64::MAX,
            ));
        }
        if let Some(term) = &self.term {
            if word & PID_CHECK == 0 && word >> GENERATION_SHIFT == self.generation {
                if let Some(ceiling) = term.check() {
                    return Ok((self.base, ceiling));
                }
            }
        }
        self.get_or_refuse_slow(format, part)
    }

    /// [`get_or_refuse`](Self::get_or_refuse) for leased ids, in process-id mode, and for
    /// fixed ids in a forked child.
    #[inline(never)]
    fn get_or_refuse_slow(
        &self,
        format: &'static str,
        part: &'static str,
    ) -> Result<(u16, i64), crate::Error> {
        let Some(id) = self.get_slow() else {
            return Err(self.refusal(format, part));
        };
        match &self.term {
            None => Ok((id, i64::MAX)),
            Some(term) => match term.check() {
                Some(ceiling) => Ok((id, ceiling)),
                None => Err(crate::Error::new(
                    format,
                    Repr::LeaseExpired {
                        part,
                        value: id,
                        ceiling: false,
                    },
                )),
            },
        }
    }

    /// For a leased id whose generator needs the timestamp `wanted` (µs since 1970), past
    /// the claimed mark `seen` that [`get_or_refuse`](Self::get_or_refuse) gave: claims it
    /// (see [`LeaseTerm::claim`]). `true`: call `get_or_refuse` again and retry; `false`:
    /// `wanted` is past the term's ceiling (or the id is not leased).
    #[cold]
    #[inline(never)]
    pub(crate) fn claim(&self, seen: i64, wanted: i64) -> bool {
        self.term
            .as_ref()
            .is_some_and(|term| term.claim(seen, wanted))
    }

    /// The error for an id at `timestamp` past the ceiling `get_or_refuse` gave.
    #[cold]
    pub(crate) fn past_ceiling(&self, format: &'static str, part: &'static str) -> crate::Error {
        crate::Error::new(
            format,
            Repr::LeaseExpired {
                part,
                value: self.value(),
                ceiling: true,
            },
        )
    }

    #[cold]
    #[inline(never)]
    fn refusal(&self, format: &'static str, part: &'static str) -> crate::Error {
        crate::Error::new(
            format,
            Repr::Forked {
                part,
                value: self.value(),
            },
        )
    }

    /// The id in this process, or the fixed id whatever the process (for `Debug` and errors).
    pub(crate) fn value(&self) -> u16 {
        self.base.wrapping_add(self.offset(current())) & self.mask
    }
}

#[cfg(unix)]
mod watch {
    use core::{
        cell::Cell,
        sync::atomic::{AtomicI32, AtomicU64, Ordering},
    };

    use super::{LINEAGE, Lineage, PID_CHECK, advance};

    /// This process's random odd stride for its children's offsets.
    static STRIDE: AtomicU64 = AtomicU64::new(1);
    /// Forks this process has begun (the `prepare` handler counts them).
    static FORKS: AtomicU64 = AtomicU64::new(0);
    /// The process the lineage word belongs to: set at registration and in every child, so
    /// that moving on happens once per fork however many handlers run, and so that the
    /// process-id check can tell a child from its parent.
    static PID: AtomicI32 = AtomicI32::new(0);
    /// Who registers the fork handlers: 0 before anyone, [`REGISTERED`] once done, or else
    /// the process id of the process whose thread is registering them.
    static REGISTRAR: AtomicI32 = AtomicI32::new(0);
    const REGISTERED: i32 = -1;

    std::thread_local! {
        /// The index of the fork this thread is making, from `prepare` to `child`.
        static FORK_INDEX: Cell<u64> = const { Cell::new(0) };
    }

    #[inline]
    pub(super) fn register() {
        if REGISTRAR.load(Ordering::Acquire) != REGISTERED {
            register_slow();
        }
    }

    /// Registers the fork handlers, or waits for the thread of this process that does.
    ///
    /// Not a `std::sync::Once`: a fork while another thread of the parent is registering
    /// would leave the child waiting forever for a thread it does not have. Here the child
    /// sees the parent's process id as the registrar and registers itself; should the
    /// parent's registration have gone through before the fork, the handlers are there twice,
    /// which they allow (a child moves on once per fork, see `PID`).
    #[cold]
    fn register_slow() {
        // SAFETY: getpid has no preconditions and cannot fail.
        let me = unsafe { libc::getpid() };
        loop {
            let registrar = REGISTRAR.load(Ordering::Acquire);
            if registrar == REGISTERED {
                return;
            }
            if registrar != me {
                // Nobody yet, or a thread of a parent process that this one does not have.
                if REGISTRAR
                    .compare_exchange(registrar, me, Ordering::Acquire, Ordering::Acquire)
                    .is_ok()
                {
                    install(me);
                    REGISTRAR.store(REGISTERED, Ordering::Release);
                    return;
                }
                continue;
            }
            std::thread::yield_now();
        }
    }

    fn install(me: libc::pid_t) {
        STRIDE.store(crate::process::random::os_u64() | 1, Ordering::Relaxed);
        PID.store(me, Ordering::Relaxed);
        // SAFETY: both handlers are `extern "C" fn()` that only touch atomics, call getpid and
        // use a const-initialised thread-local `Cell<u64>` (no allocation, no locks): all
        // async-signal-safe, as fork handlers must be.
        let status = unsafe { libc::pthread_atfork(Some(prepare), None, Some(child)) };
        if status != 0 {
            use_pid_check();
        }
    }

    /// Runs in the parent, in the forking thread, just before the fork.
    extern "C" fn prepare() {
        let index = FORKS.fetch_add(1, Ordering::Relaxed).wrapping_add(1);
        let _ = FORK_INDEX.try_with(|cell| cell.set(index));
    }

    /// Runs in the child, in its only thread, before `fork()` returns there.
    extern "C" fn child() {
        let index = FORK_INDEX.try_with(Cell::get).unwrap_or(0);
        // SAFETY: getpid has no preconditions, cannot fail, and is async-signal-safe.
        let me = unsafe { libc::getpid() };
        if PID.swap(me, Ordering::Relaxed) != me {
            moved_on(index);
        }
    }

    /// The child's side of a fork: the `index`-th child of its parent.
    fn moved_on(index: u64) {
        let (word, stride) = advance(
            LINEAGE.load(Ordering::Relaxed),
            STRIDE.load(Ordering::Relaxed),
            index,
        );
        STRIDE.store(stride, Ordering::Relaxed);
        FORKS.store(0, Ordering::Relaxed);
        LINEAGE.store(word, Ordering::Relaxed);
    }

    /// Makes `register` believe that a thread of process `pid` is registering the handlers.
    #[cfg(test)]
    pub(super) fn pretend_registering(pid: libc::pid_t) {
        REGISTRAR.store(pid, Ordering::Release);
    }

    /// Notices forks by the process id from now on.
    pub(super) fn use_pid_check() {
        // SAFETY: getpid has no preconditions and cannot fail.
        PID.store(unsafe { libc::getpid() }, Ordering::Relaxed);
        LINEAGE.fetch_or(PID_CHECK, Ordering::Relaxed);
    }

    /// The lineage in pid-check mode: a new process id means this is a forked child.
    #[cold]
    pub(super) fn by_pid() -> Lineage {
        // SAFETY: getpid has no preconditions and cannot fail.
        let me = unsafe { libc::getpid() };
        if PID.swap(me, Ordering::Relaxed) != me {
            // Which child of its parent this is went unrecorded: a random index still
            // differs from the parent (every step is non-zero), if not surely from siblings.
            moved_on(crate::process::random::os_u64());
        }
        Lineage(LINEAGE.load(Ordering::Relaxed))
    }
}

#[cfg(not(unix))]
mod watch {
    use super::{LINEAGE, Lineage};
    use core::sync::atomic::Ordering;

    /// Nothing to register: no `fork()` here.
    pub(super) fn register() {}

    /// Never reached: the flag is never set here.
    pub(super) fn by_pid() -> Lineage {
        Lineage(LINEAGE.load(Ordering::Relaxed) & !super::PID_CHECK)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The id in this process, or `None` when it is refused, through the path generators take.
    fn id_here(id: &PerProcess) -> Option<u16> {
        id.get_or_refuse("test", "id").ok().map(|(id, _)| id)
    }

    #[test]
    fn every_child_moves_off_its_parent_in_every_space() {
        let stride = 0x1234_5679;
        for word in [0, 0x3FF, (7 << 10) | 5, 1 << GENERATION_SHIFT] {
            for index in 1..5000 {
                let (next, _) = advance(word, stride, index);
                let (before, after) = (Lineage(word), Lineage(next));
                assert_ne!(before.offset(10), after.offset(10), "index {index}");
                assert_ne!(before.offset(5), after.offset(5), "index {index}");
                assert_eq!(after.generation(), before.generation() + 1);
            }
        }
    }

    #[test]
    fn siblings_get_distinct_offsets_until_the_space_is_full() {
        for stride in [1, 3, 0xFFFF_FFFF_FFFF_FFFF, 0x9E37_79B9_7F4A_7C15 | 1] {
            let offsets10: HashSet<u16> = (1..1024)
                .map(|index| Lineage(advance(0, stride, index).0).offset(10))
                .collect();
            assert_eq!(offsets10.len(), 1023);
            let offsets5: HashSet<u16> = (1..32)
                .map(|index| Lineage(advance(0, stride, index).0).offset(5))
                .collect();
            assert_eq!(offsets5.len(), 31);
        }
    }

    #[test]
    fn children_strides_are_odd_and_differ() {
        let strides: HashSet<u64> = (1..1000).map(|index| advance(0, 77, index).1).collect();
        assert_eq!(strides.len(), 999);
        assert!(strides.iter().all(|stride| stride & 1 == 1));
    }

    /// Waits for the child `pid` and asserts that it exited with status 0.
    #[cfg(unix)]
    fn assert_exited_with_0(pid: libc::pid_t) {
        let mut status = 0;
        // SAFETY: `pid` is our child, and `status` a valid place for its status.
        assert_eq!(unsafe { libc::waitpid(pid, &mut status, 0) }, pid);
        assert!(libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0);
    }

    /// A fork that runs no fork handlers (the raw system call) is still noticed once the
    /// process-id check is on, as it is when `pthread_atfork` fails.
    #[cfg(all(target_os = "linux", target_arch = "x86_64"))]
    #[test]
    fn the_process_id_check_notices_a_fork_that_ran_no_handlers() {
        watch();
        watch::use_pid_check();
        let before = current();
        let id = PerProcess::random(10);
        let in_parent = id_here(&id);
        // SAFETY: the child only reads atomics, draws from the OS and exits.
        let pid = unsafe { libc::syscall(libc::SYS_fork) } as libc::pid_t;
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            let after = current();
            let moved = after.generation() == before.generation() + 1
                && after.offset(10) != before.offset(10)
                && id_here(&id) != in_parent;
            // SAFETY: ends the child at once.
            unsafe { libc::_exit(if moved { 0 } else { 1 }) };
        }
        assert_exited_with_0(pid);
        assert_eq!(current(), before, "the parent stays where it was");
    }

    /// A child forked while a thread of its parent was registering the handlers finds the
    /// parent's process id as the registrar: it registers them itself instead of waiting, and
    /// handlers registered twice still move a child on once.
    #[cfg(unix)]
    #[test]
    fn a_registration_cut_off_by_a_fork_is_taken_over_and_counts_once() {
        watch();
        // SAFETY: getpid has no preconditions.
        let me = unsafe { libc::getpid() };
        watch::pretend_registering(me.wrapping_add(1));
        watch(); // returns: it would wait forever for the other process's thread otherwise
        let before = current();
        // SAFETY: the child only reads an atomic and exits.
        let pid = unsafe { libc::fork() };
        assert!(pid >= 0, "fork failed");
        if pid == 0 {
            let moved_once = current().generation() == before.generation() + 1;
            // SAFETY: ends the child at once.
            unsafe { libc::_exit(if moved_once { 0 } else { 1 }) };
        }
        assert_exited_with_0(pid);
    }

    #[test]
    fn a_random_id_is_the_drawn_value_in_its_own_process() {
        for bits in [5, 10] {
            let id = PerProcess::random(bits);
            assert_eq!(id_here(&id), Some(id.value()));
            assert!(id.value() < 1 << bits);
        }
    }

    #[test]
    fn a_fixed_id_holds_in_its_own_process() {
        let id = PerProcess::fixed(1023);
        assert_eq!(id_here(&id), Some(1023));
        let elsewhere = PerProcess {
            expect: id.expect + (1 << GENERATION_SHIFT),
            generation: id.generation + 1,
            ..id.clone()
        };
        assert_eq!(id_here(&elsewhere), None);
        assert_eq!(elsewhere.value(), 1023);
    }
}
