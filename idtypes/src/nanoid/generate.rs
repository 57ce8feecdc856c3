//! New NanoIDs from the operating system's randomness (with `std`, on a target with a host).

use super::{NanoAlphabet, NanoId, UrlSafe};

impl NanoId<UrlSafe, 21> {
    /// A new id of the default type, 21 URL-safe symbols: [`NanoId::random`]. (A method of
    /// the default type alone, so that `NanoId::new()` needs no type annotation: Rust does not
    /// fill in a type's default parameters in expressions. Other types call `random`.)
    ///
    /// # Panics
    ///
    /// As [`NanoId::random`].
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::NanoId;
    ///
    /// let (a, b) = (NanoId::new(), NanoId::new());
    /// assert_ne!(a, b);
    /// assert_eq!(a.as_str().len(), 21);
    /// ```
    #[inline]
    #[allow(
        clippy::new_without_default,
        reason = "a default NanoID would be a fixed one; `new` is a random one"
    )]
    pub fn new() -> Self {
        Self::random()
    }
}

impl<A: NanoAlphabet, const LEN: usize> NanoId<A, LEN> {
    /// A new id: random bytes from this thread's ChaCha12 stream, keyed from the operating
    /// system's random source (and rekeyed in a forked child, so parent and child never
    /// draw the same bytes), mapped to symbols as nanoid does ([`NanoId::from_random`]):
    /// every symbol equally likely at every position. Thread-safe, without allocating or
    /// locking.
    ///
    /// # Panics
    ///
    /// When the operating system gives no random bytes at all (no `getrandom` system call and
    /// no readable `/dev/urandom`, as in some sandboxes): there is then nothing safe to fall
    /// back on.
    ///
    /// # Examples
    ///
    /// ```
    /// use idtypes::NanoId;
    /// use idtypes::nanoid::Lowercase;
    ///
    /// let invite = NanoId::<Lowercase, 16>::random();
    /// assert!(invite.as_str().bytes().all(|b| b.is_ascii_lowercase()));
    /// let id: NanoId = NanoId::random();
    /// assert_ne!(id, NanoId::random());
    /// ```
    #[inline]
    pub fn random() -> Self {
        Self::from_random(crate::process::random::secure_fill)
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Facts, Lowercase, NanoId, Numbers, UrlSafe};
    use std::collections::HashSet;

    /// Every symbol turns up at every position, about as often as the others.
    fn check_uniform<A: super::NanoAlphabet, const LEN: usize>(draws: usize) {
        let size = Facts::<A>::LEN;
        let mut counts = vec![[0usize; 256]; LEN];
        let mut seen = HashSet::new();
        for _ in 0..draws {
            let id = NanoId::<A, LEN>::random();
            assert!(NanoId::<A, LEN>::parse(id.as_str()).is_ok());
            seen.insert(id);
            for (position, &b) in id.as_bytes().iter().enumerate() {
                counts[position][b as usize] += 1;
            }
        }
        let expected = draws / size;
        for position in counts {
            for &symbol in Facts::<A>::SYMBOLS {
                let count = position[symbol as usize];
                // Far outside 6 standard deviations of a binomial count.
                assert!(
                    count.abs_diff(expected) < expected / 4 + 8 * (expected as f64).sqrt() as usize,
                    "{count} vs {expected}"
                );
            }
        }
        if size.pow(LEN.min(8) as u32) > draws * draws {
            assert_eq!(seen.len(), draws);
        }
    }

    #[test]
    fn new_ids_are_uniform_and_distinct() {
        check_uniform::<UrlSafe, 21>(20_000);
        check_uniform::<Lowercase, 16>(20_000);
        check_uniform::<Numbers, 3>(20_000);
    }

    #[test]
    fn threads_draw_different_ids() {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                std::thread::spawn(|| {
                    (0..1000)
                        .map(|_| NanoId::<UrlSafe, 21>::new())
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let all: HashSet<_> = handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect();
        assert_eq!(all.len(), 4000);
    }
}
