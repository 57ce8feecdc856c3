//! What rs/xid reads from the host: the machine id and the process id, computed as its Go
//! source does (`id.go`, `hostid_*.go`), and the two small hashes that takes (SHA-256 and
//! CRC-32), written out here rather than pulled in as dependencies for 3 bytes and 2.
//!
//! - Machine id: the first 3 bytes of the SHA-256 of the platform's machine id, else of the
//!   host name, else 3 random bytes. On Linux the platform's id is the whole of
//!   `/etc/machine-id` (its newline included, as Go's `os.ReadFile` gives it), else of
//!   `/sys/class/dmi/id/product_uuid`. rs/xid also asks macOS (`ioreg`), FreeBSD (`sysctl
//!   kern.hostuuid`) and Windows (the registry's `MachineGuid`); this crate does not run
//!   commands or read the registry, so there it takes the host name (Unix) or random bytes
//!   (elsewhere): the ids are as unique, only the 3 bytes differ from a Go process's on the
//!   same host. rs/xid's `XID_MACHINE_ID` environment variable is not read;
//!   [`with_machine_id`](super::RsXidGenerator::with_machine_id) sets the id explicitly.
//! - Process id: the OS's, XORed with the CRC-32 (IEEE) of `/proc/self/cpuset` when that file
//!   has more than one byte (rs/xid's container rule; on Linux the file is `/\n` outside a
//!   cpuset, 2 bytes, so the XOR applies there too), then its low 16 bits. A target without
//!   process ids (WebAssembly) gets 16 random bits.

/// This host's machine id, as rs/xid computes it.
pub(crate) fn machine_id() -> [u8; 3] {
    let digest = match platform_id().or_else(host_name) {
        Some(id) if !id.is_empty() => sha256(&id),
        _ => {
            let random = crate::process::random::secure_u64().to_be_bytes();
            return [random[0], random[1], random[2]];
        }
    };
    [digest[0], digest[1], digest[2]]
}

/// The platform's machine id: on Linux the contents of `/etc/machine-id`, else of
/// `/sys/class/dmi/id/product_uuid`.
fn platform_id() -> Option<std::vec::Vec<u8>> {
    if !cfg!(target_os = "linux") {
        return None;
    }
    ["/etc/machine-id", "/sys/class/dmi/id/product_uuid"]
        .into_iter()
        .find_map(|path| std::fs::read(path).ok().filter(|id| !id.is_empty()))
}

/// The host name (`gethostname`), as Go's `os.Hostname` gives it.
#[cfg(unix)]
fn host_name() -> Option<std::vec::Vec<u8>> {
    let mut buffer = [0u8; 256];
    // SAFETY: the buffer is valid for writes of its length; gethostname writes at most that
    // many bytes and does not keep the pointer.
    let status = unsafe { libc::gethostname(buffer.as_mut_ptr().cast(), buffer.len()) };
    if status != 0 {
        return None;
    }
    let len = buffer.iter().position(|&b| b == 0).unwrap_or(buffer.len());
    Some(buffer[..len].to_vec())
}

#[cfg(not(unix))]
fn host_name() -> Option<std::vec::Vec<u8>> {
    None
}

/// This process's id as rs/xid writes it: the OS's, XORed with the CRC-32 of
/// `/proc/self/cpuset` when that has more than one byte, then its low 16 bits.
pub(crate) fn process_id() -> u16 {
    #[cfg(any(unix, windows))]
    {
        let pid = std::process::id();
        match std::fs::read("/proc/self/cpuset") {
            Ok(cpuset) if cpuset.len() > 1 => (pid ^ crc32(&cpuset)) as u16,
            _ => pid as u16,
        }
    }
    #[cfg(not(any(unix, windows)))]
    {
        // No process ids (std's `process::id` panics there): 16 random bits per process.
        crate::process::random::secure_u64() as u16
    }
}

/// CRC-32 (IEEE 802.3, reflected, as Go's `crc32.ChecksumIEEE`), bit by bit: it runs once per
/// process, on a few bytes.
#[cfg_attr(
    not(any(unix, windows)),
    allow(
        dead_code,
        reason = "the process id reads /proc/self/cpuset only on unix and windows"
    )
)]
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &byte in bytes {
        crc ^= u32::from(byte);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0xEDB8_8320 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

/// SHA-256 (FIPS 180-4) of `message`: it runs once per generator, on a few dozen bytes.
pub(crate) fn sha256(message: &[u8]) -> [u8; 32] {
    const K: [u32; 64] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4,
        0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe,
        0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f,
        0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7,
        0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
        0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b,
        0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116,
        0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7,
        0xc67178f2,
    ];
    let mut h: [u32; 8] = [
        0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
        0x5be0cd19,
    ];
    // The message, a 1 bit, zeros, and its length in bits: whole 64-byte blocks.
    let mut padded = message.to_vec();
    padded.push(0x80);
    while padded.len() % 64 != 56 {
        padded.push(0);
    }
    padded.extend_from_slice(&((message.len() as u64) * 8).to_be_bytes());
    for block in padded.chunks_exact(64) {
        let mut w = [0u32; 64];
        for (i, word) in block.chunks_exact(4).enumerate() {
            w[i] = u32::from_be_bytes([word[0], word[1], word[2], word[3]]);
        }
        for i in 16..64 {
            let s0 = w[i - 15].rotate_right(7) ^ w[i - 15].rotate_right(18) ^ (w[i - 15] >> 3);
            let s1 = w[i - 2].rotate_right(17) ^ w[i - 2].rotate_right(19) ^ (w[i - 2] >> 10);
            w[i] = w[i - 16]
                .wrapping_add(s0)
                .wrapping_add(w[i - 7])
                .wrapping_add(s1);
        }
        let [mut a, mut b, mut c, mut d, mut e, mut f, mut g, mut hh] = h;
        for i in 0..64 {
            let s1 = e.rotate_right(6) ^ e.rotate_right(11) ^ e.rotate_right(25);
            let ch = (e & f) ^ (!e & g);
            let t1 = hh
                .wrapping_add(s1)
                .wrapping_add(ch)
                .wrapping_add(K[i])
                .wrapping_add(w[i]);
            let s0 = a.rotate_right(2) ^ a.rotate_right(13) ^ a.rotate_right(22);
            let maj = (a & b) ^ (a & c) ^ (b & c);
            let t2 = s0.wrapping_add(maj);
            hh = g;
            g = f;
            f = e;
            e = d.wrapping_add(t1);
            d = c;
            c = b;
            b = a;
            a = t1.wrapping_add(t2);
        }
        for (state, add) in h.iter_mut().zip([a, b, c, d, e, f, g, hh]) {
            *state = state.wrapping_add(add);
        }
    }
    let mut digest = [0u8; 32];
    for (out, word) in digest.chunks_exact_mut(4).zip(h) {
        out.copy_from_slice(&word.to_be_bytes());
    }
    digest
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hex(bytes: &[u8]) -> std::string::String {
        bytes.iter().map(|b| std::format!("{b:02x}")).collect()
    }

    #[test]
    fn sha256_gives_the_fips_180_examples() {
        assert_eq!(
            hex(&sha256(b"abc")),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(
            hex(&sha256(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        // Two blocks: 56 bytes leave no room for the length in the first.
        assert_eq!(
            hex(&sha256(
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"
            )),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
        );
    }

    #[test]
    fn crc32_is_ieee() {
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926);
        assert_eq!(crc32(b""), 0);
    }

    #[test]
    fn the_machine_id_is_the_hash_of_the_platform_id_or_host_name() {
        let expected = match platform_id().or_else(host_name) {
            Some(id) if !id.is_empty() => {
                let digest = sha256(&id);
                Some([digest[0], digest[1], digest[2]])
            }
            _ => None,
        };
        if let Some(expected) = expected {
            assert_eq!(machine_id(), expected);
        }
    }

    #[cfg(unix)]
    #[test]
    fn the_process_id_is_the_oss_and_the_cpuset_rule() {
        // Outside a container, Linux's cpuset is `/` and a newline: rs/xid XORs its CRC.
        let cpuset = std::fs::read("/proc/self/cpuset").ok();
        let pid = std::process::id();
        let expected = match cpuset.as_deref() {
            Some(b"/\n") => pid ^ 0xB310_C38C,
            Some(cpuset) if cpuset.len() > 1 => pid ^ crc32(cpuset),
            _ => pid,
        };
        assert_eq!(process_id(), expected as u16);
    }
}
