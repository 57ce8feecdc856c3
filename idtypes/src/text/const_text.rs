//! Text built at compile time: what a generic format (a text row whose length or alphabet is
//! a type parameter, as `NanoId<A, LEN>`) needs to state its name, its schema's pattern and its
//! example as `&'static str` constants for each of its types.
//!
//! A constant is built into a [`ConstText`] and borrowed for `'static` from a constant
//! reference (`const TEXT: &'static ConstText<64> = &build();` then `TEXT.as_str()`).

/// ASCII text of at most `CAP` bytes, built in `const` code.
#[derive(Clone, Copy)]
pub(crate) struct ConstText<const CAP: usize> {
    bytes: [u8; CAP],
    len: usize,
}

impl<const CAP: usize> ConstText<CAP> {
    /// The empty text.
    pub(crate) const fn new() -> Self {
        ConstText {
            bytes: [0; CAP],
            len: 0,
        }
    }

    /// The text with `byte` (ASCII) after it.
    ///
    /// # Panics
    ///
    /// When the text is full or `byte` is not ASCII: at compile time, where it is built.
    pub(crate) const fn byte(mut self, byte: u8) -> Self {
        assert!(byte.is_ascii(), "const text is ASCII");
        assert!(self.len < CAP, "const text over its capacity");
        self.bytes[self.len] = byte;
        self.len += 1;
        self
    }

    /// The text with `text` (ASCII) after it.
    pub(crate) const fn str(self, text: &str) -> Self {
        self.bytes_of(text.as_bytes())
    }

    /// The text with the ASCII `bytes` after it.
    pub(crate) const fn bytes_of(mut self, bytes: &[u8]) -> Self {
        let mut i = 0;
        while i < bytes.len() {
            self = self.byte(bytes[i]);
            i += 1;
        }
        self
    }

    /// The text with `n` in decimal after it.
    pub(crate) const fn number(mut self, n: usize) -> Self {
        let mut digits = [0u8; 20];
        let (mut n, mut count) = (n, 0);
        loop {
            digits[count] = b'0' + (n % 10) as u8;
            count += 1;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        while count > 0 {
            count -= 1;
            self = self.byte(digits[count]);
        }
        self
    }

    /// The text.
    pub(crate) const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => text,
            // Only ASCII goes in.
            Err(_) => "",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ConstText;
    use std::prelude::rust_2024::*;

    #[test]
    fn builds_text_and_numbers() {
        const TEXT: &ConstText<32> = &ConstText::new().str("[a-z]{").number(21).byte(b'}');
        assert_eq!(TEXT.as_str(), "[a-z]{21}");
        assert_eq!(ConstText::<4>::new().number(0).as_str(), "0");
        assert_eq!(
            ConstText::<24>::new().number(usize::MAX).as_str(),
            usize::MAX.to_string()
        );
    }
}
