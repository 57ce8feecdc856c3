//! Uppercase hexadecimal of fixed-size byte arrays (`[0-9A-F]`, two symbols per byte).

/// The alphabet, in symbol order.
pub(crate) const ALPHABET: &[u8; 16] = b"0123456789ABCDEF";

/// Marks a byte that is not an uppercase hex digit in [`DECODE`].
pub(crate) const INVALID: u8 = 0xFF;

/// The value of each byte as an uppercase hex digit, or `INVALID` (lowercase is not canonical).
pub(crate) const DECODE: [u8; 256] = {
    let mut table = [INVALID; 256];
    let mut i = 0;
    while i < 16 {
        table[ALPHABET[i] as usize] = i as u8;
        i += 1;
    }
    table
};

/// The two symbols of every byte.
const PAIRS: [[u8; 2]; 256] = {
    let mut table = [[0u8; 2]; 256];
    let mut b = 0;
    while b < 256 {
        table[b] = [ALPHABET[b >> 4], ALPHABET[b & 15]];
        b += 1;
    }
    table
};

/// Encodes 10 bytes as 20 symbols.
#[inline]
pub(crate) const fn encode10(bytes: &[u8; 10]) -> [u8; 20] {
    let mut out = [0u8; 20];
    let mut i = 0;
    while i < 10 {
        let pair = PAIRS[bytes[i] as usize];
        out[2 * i] = pair[0];
        out[2 * i + 1] = pair[1];
        i += 1;
    }
    out
}

/// Decodes 20 symbols into 10 bytes, or returns the position of the first foreign byte.
#[inline]
pub(crate) const fn decode20(text: &[u8; 20]) -> Result<[u8; 10], usize> {
    let mut out = [0u8; 10];
    let mut bad = 0u8;
    let mut i = 0;
    while i < 10 {
        let high = DECODE[text[2 * i] as usize];
        let low = DECODE[text[2 * i + 1] as usize];
        bad |= high | low;
        out[i] = (high << 4) | (low & 0x0F);
        i += 1;
    }
    if bad & 0x80 != 0 {
        return Err(super::first_invalid(text, &DECODE, INVALID));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_byte_round_trips_and_lowercase_is_refused() {
        for b in 0..=255u8 {
            let bytes = [b; 10];
            let text = encode10(&bytes);
            assert_eq!(decode20(&text), Ok(bytes));
        }
        let mut text = *b"25BF6196C8D610700000";
        text[3] = b'f';
        assert_eq!(decode20(&text), Err(3));
    }

    #[test]
    fn every_foreign_byte_in_every_position_is_found() {
        for pos in 0..20 {
            for byte in 0..=255u8 {
                let mut text = *b"0123456789ABCDEF0000";
                text[pos] = byte;
                let valid = byte.is_ascii_digit() || (b'A'..=b'F').contains(&byte);
                assert_eq!(decode20(&text).is_ok(), valid, "byte {byte:#x} at {pos}");
                if !valid {
                    assert_eq!(decode20(&text), Err(pos));
                }
            }
        }
    }
}
