//! The record-key rules written plainly, the reference that both `idtypes`' own `record_key`
//! bench and the peer benches (`benches-peers/`) measure beside the crates: what a careful
//! scalar implementation reaches.

/// The record-key rules, plainly: length, reserved keys, then a table lookup per byte.
pub fn plain_validate(text: &[u8]) -> bool {
    static ALLOWED: [bool; 256] = {
        let mut table = [false; 256];
        let mut b = 0;
        while b < 256 {
            table[b] = matches!(
                b as u8,
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'.' | b'-' | b'_' | b'~' | b':'
            );
            b += 1;
        }
        table
    };
    !text.is_empty()
        && text.len() <= 512
        && text != b"."
        && text != b".."
        && text.iter().all(|&b| ALLOWED[b as usize])
}
