//! The bytes of a short key as [`RecordKey`](super::RecordKey) stores them inline: the key,
//! zero-padded to [`INLINE`] bytes, built in registers and stored in pieces that end on the
//! value's 8-byte boundaries.
//!
//! Both choices avoid store-forwarding stalls: a load of bytes that more than one earlier store
//! wrote, or only part of one, waits until those stores reach the cache, over ten cycles.
//!
//! - The key is read with at most four loads of a fixed size (two overlapping ones of 16, 8 or
//!   4 bytes, or three single bytes) and shifted into place, the way `memcpy` copies short
//!   lengths. Copying into a stack buffer with overlapping stores instead, then moving that
//!   buffer into the value, read it back across them: most of the time a 13-character
//!   `RecordKey::parse` took.
//! - The key's bytes start 2 bytes into the value (after the variant's tag and the length), so
//!   16-byte stores of them would cross the value's 8-byte boundaries. A caller that moves the
//!   value, or the `Result` holding it, 8 bytes at a time would read 8 bytes written by two
//!   stores. [`from_words`] writes bytes 0..6, then 8-byte pieces: one store under each such
//!   load. `RecordKey`'s tests check the offset.

/// Keys up to this many bytes are stored inside the value, without a heap allocation.
pub(super) const INLINE: usize = 30;

/// The [`INLINE`] bytes of the words [`words`] gives: all of `low`, then the low bytes of
/// `high`, as bytes 0..6 and three 8-byte pieces (see the module's docs).
#[inline(always)]
pub(super) fn from_words(low: u128, high: u128) -> [u8; INLINE] {
    let mut bytes = [0u8; INLINE];
    let (head, tail) = bytes.split_at_mut(6);
    head.copy_from_slice(&low.to_le_bytes()[..6]);
    let pieces = [
        (low >> 48) as u64,
        (low >> 112 | high << 16) as u64,
        (high >> 48) as u64,
    ];
    for (chunk, piece) in tail.chunks_exact_mut(8).zip(pieces) {
        chunk.copy_from_slice(&piece.to_le_bytes());
    }
    bytes
}

/// Bytes 0..16 and 16..32 of `text` (at most 32 bytes long), zero-padded, as little-endian
/// words. A longer `text` gives its first 16 bytes and some others.
#[inline(always)]
pub(super) fn words(text: &[u8]) -> (u128, u128) {
    let len = text.len();
    // A text of `n` to `2n` bytes is its first `n` bytes, then its last `n` bytes shifted down
    // past the `2n - len` of them the first `n` already hold (all of them when `len == n`).
    let shift = |n: usize| 8 * (2 * n).saturating_sub(len) as u32;
    if let (Some(first), Some(last)) = (text.first_chunk::<16>(), text.last_chunk::<16>()) {
        let rest = u128::from_le_bytes(*last)
            .checked_shr(shift(16))
            .unwrap_or(0);
        return (u128::from_le_bytes(*first), rest);
    }
    let low = if let (Some(first), Some(last)) = (text.first_chunk::<8>(), text.last_chunk::<8>()) {
        let rest = u64::from_le_bytes(*last).checked_shr(shift(8)).unwrap_or(0);
        u64::from_le_bytes(*first) as u128 | (rest as u128) << 64
    } else if let (Some(first), Some(last)) = (text.first_chunk::<4>(), text.last_chunk::<4>()) {
        let rest = u32::from_le_bytes(*last).checked_shr(shift(4)).unwrap_or(0);
        (u32::from_le_bytes(*first) as u64 | (rest as u64) << 32) as u128
    } else if let (Some(&first), Some(&last)) = (text.first(), text.last()) {
        // 1 to 3 bytes: the first, the middle (the first or the last when 1 or 2) and the last.
        let middle = text.get(len / 2).copied().unwrap_or(first);
        (first as u32 | (middle as u32) << (8 * (len / 2)) | (last as u32) << (8 * (len - 1)))
            as u128
    } else {
        0
    };
    (low, 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `text` (at most [`INLINE`] bytes) as `RecordKey` stores it.
    fn pack(text: &[u8]) -> [u8; INLINE] {
        let (low, high) = words(text);
        from_words(low, high)
    }

    #[test]
    fn every_length_is_the_text_then_zeros() {
        let text: alloc::vec::Vec<u8> = (1..=INLINE as u8).collect();
        for len in 0..=INLINE {
            let mut expected = [0u8; INLINE];
            expected[..len].copy_from_slice(&text[..len]);
            assert_eq!(pack(&text[..len]), expected, "length {len}");
        }
    }

    #[test]
    fn every_byte_value_lands_in_its_place() {
        for len in 1..=INLINE {
            for at in 0..len {
                for byte in 0..=255u8 {
                    let mut text = [b'a'; INLINE];
                    text[at] = byte;
                    let mut expected = [0u8; INLINE];
                    expected[..len].copy_from_slice(&text[..len]);
                    assert_eq!(pack(&text[..len]), expected, "{len} {at} {byte:#x}");
                }
            }
        }
    }
}
