//! The texts an error keeps: [`Snippet`]s of the input (inline, cut visibly), and a
//! `validate` function's reason ([`ValidationReason`]), whole with `alloc`.

use core::fmt;

/// The bytes kept of a `validate` function's reason without `alloc`: what fits in the
/// error's 40 bytes of payload beside the tag and the snippet's length and cut flag.
#[cfg(not(feature = "alloc"))]
const INLINE_REASON_CAPACITY: usize = 37;

/// A `validate` function's error, kept whole: [`Error::source`] returns it, so callers can
/// downcast it and reports show its own chain.
#[cfg(feature = "alloc")]
pub(crate) struct ValidationReason(alloc::boxed::Box<dyn core::error::Error + Send + Sync>);

/// Without a heap, a `validate` function's error is kept as its text (cut visibly past
/// [`INLINE_REASON_CAPACITY`] bytes), which [`Error::source`] returns as an error of its own.
#[cfg(not(feature = "alloc"))]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct ValidationReason(Snippet<{ INLINE_REASON_CAPACITY }>);

impl ValidationReason {
    /// Keeps `reason` whole.
    #[cfg(feature = "alloc")]
    pub(crate) fn new(reason: alloc::boxed::Box<dyn core::error::Error + Send + Sync>) -> Self {
        ValidationReason(reason)
    }

    /// Keeps `reason`'s text, as much as fits.
    #[cfg(not(feature = "alloc"))]
    pub(crate) fn new(reason: &dyn fmt::Display) -> Self {
        ValidationReason(Snippet::of(reason))
    }

    pub(super) fn as_error(&self) -> &(dyn core::error::Error + 'static) {
        #[cfg(feature = "alloc")]
        return &*self.0;
        #[cfg(not(feature = "alloc"))]
        return self;
    }
}

#[cfg(not(feature = "alloc"))]
impl core::error::Error for ValidationReason {}

impl fmt::Debug for ValidationReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(feature = "alloc")]
        return fmt::Debug::fmt(&*self.0, f);
        #[cfg(not(feature = "alloc"))]
        return fmt::Debug::fmt(&self.0, f);
    }
}

impl fmt::Display for ValidationReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        #[cfg(feature = "alloc")]
        return fmt::Display::fmt(&*self.0, f);
        #[cfg(not(feature = "alloc"))]
        return fmt::Display::fmt(&self.0, f);
    }
}

// Two reasons are equal when they say the same: errors compare by what they report, and a
// validator's error type need not be `PartialEq`.
#[cfg(feature = "alloc")]
impl PartialEq for ValidationReason {
    fn eq(&self, other: &Self) -> bool {
        use alloc::string::ToString;
        self.0.to_string() == other.0.to_string()
    }
}

#[cfg(feature = "alloc")]
impl Eq for ValidationReason {}

#[cfg(feature = "alloc")]
impl core::hash::Hash for ValidationReason {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        use alloc::string::ToString;
        self.0.to_string().hash(state);
    }
}

/// Up to `N` (32 unless said otherwise) bytes of a value, for messages, kept inline so that
/// the formats' errors own no heap memory. Longer values are cut at a
/// character boundary and shown with a trailing `…`, never silently.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Snippet<const N: usize = 32> {
    len: u8,
    cut: bool,
    bytes: [u8; N],
}

impl<const N: usize> Snippet<N> {
    /// The bytes kept.
    #[cfg_attr(not(feature = "alloc"), allow(dead_code))]
    pub(super) const CAPACITY: usize = N;

    const EMPTY: Self = Snippet {
        len: 0,
        cut: false,
        bytes: [0; N],
    };

    /// As much of `text` as fits.
    pub(crate) fn new(text: &str) -> Self {
        let mut snippet = Self::EMPTY;
        snippet.push(text);
        snippet
    }

    /// As much of `value`'s text as fits (a `validate` function's reason, without `alloc`).
    #[cfg(not(feature = "alloc"))]
    pub(crate) fn of(value: &dyn fmt::Display) -> Self {
        let mut snippet = Self::EMPTY;
        // `Snippet` never fails; a `Display` impl that does leaves what it wrote so far.
        let _ = fmt::Write::write_fmt(&mut snippet, format_args!("{value}"));
        snippet
    }

    /// Appends as much of `text` as fits, cutting at a character boundary.
    fn push(&mut self, text: &str) {
        if self.cut {
            return;
        }
        let start = self.len as usize;
        let mut len = text.len().min(N - start);
        while !text.is_char_boundary(len) {
            len -= 1;
        }
        self.bytes[start..start + len].copy_from_slice(&text.as_bytes()[..len]);
        self.len = (start + len) as u8;
        self.cut = len < text.len();
    }

    fn as_str(&self) -> &str {
        // Cut at a character boundary of a `str`, so always valid.
        core::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or_default()
    }
}

impl<const N: usize> fmt::Write for Snippet<N> {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        self.push(text);
        Ok(())
    }
}

impl<const N: usize> fmt::Debug for Snippet<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<const N: usize> fmt::Display for Snippet<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}
