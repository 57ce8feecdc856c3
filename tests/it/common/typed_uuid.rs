//! Typed UUIDs (`#[derive(idtypes::Uuid)]`) for the ORM suites (diesel, SeaORM, rusqlite): one
//! without checks, one that takes version 7 UUIDs only (checked when read), the same trusting
//! its rows, and their sample values.

use idtypes::Uuid;
use idtypes::prelude::*;

use super::sqlx_cases::{Rng, Sample, Storage};

/// An account: a UUID as the TypeID `acct_01h455vb4pex5vsknk084sn02q`.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "acct")]
pub struct AccountId(Uuid);

/// A session: version 7 UUIDs only, checked when a row is read.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "sess", validate = version_7)]
pub struct SessionId(Uuid);

/// The same rule, but rows are trusted.
#[derive(idtypes::Uuid)]
#[idtype(prefix = "sess", validate = version_7, decode = "trust")]
pub struct TrustedSessionId(Uuid);

/// What [`SessionId`]'s check says of a UUID of another version.
pub const NOT_V7: &str = "expected a version 7 UUID";

fn version_7(uuid: &Uuid) -> Result<(), &'static str> {
    if uuid.get_version_num() == 7 {
        Ok(())
    } else {
        Err(NOT_V7)
    }
}

/// The TypeID specification's example UUID (version 7), `01h455vb4pex5vsknk084sn02q`.
pub const EXAMPLE: &str = "01890a5d-ac96-774b-bcce-b302099a8057";

pub fn example() -> Uuid {
    Uuid::parse_str(EXAMPLE).unwrap()
}

/// A version 4 UUID (random), which [`SessionId`] refuses.
pub const V4: &str = "3f1c2d6e-8a4b-4c7d-9e2f-1a2b3c4d5e6f";

/// A version 7 UUID of the Unix time `millis` with the random bits `random` (74 of them used).
pub fn v7_at(millis: u64, random: u128) -> Uuid {
    let bits = (u128::from(millis) & ((1 << 48) - 1)) << 80
        | 0x7 << 76
        | (random >> 62 & 0xFFF) << 64
        | 0b10 << 62
        | random & ((1 << 62) - 1);
    Uuid::from_u128(bits)
}

/// The Unix time, in milliseconds, of a version 7 UUID.
pub fn v7_millis(uuid: &Uuid) -> u64 {
    (uuid.as_u128() >> 80) as u64
}

/// Version 7 ids in time order: ids of several milliseconds far apart (1970, 2023, 2100,
/// with random bits that would sort them otherwise), and ids of the process's generator, one
/// after the other. Sorted and distinct.
pub fn v7_ids(rng: &mut Rng) -> Vec<AccountId> {
    let mut ids: Vec<AccountId> = Vec::new();
    for millis in [
        0,
        1,
        1_688_083_200_000,
        1_688_083_200_001,
        4_102_444_800_000,
    ] {
        for random in [u128::MAX, 0, u128::from(rng.next_u64()) << 64 | 7] {
            ids.push(AccountId::from(v7_at(millis, random)));
        }
    }
    let generated: Vec<AccountId> = (0..8).map(|_| AccountId::now_v7()).collect();
    assert!(generated.windows(2).all(|w| w[0] < w[1]), "{generated:?}");
    ids.extend(generated);
    ids.sort();
    ids.dedup();
    ids
}

impl Sample for AccountId {
    const STORAGE: Storage = Storage::Uuid;
    // Errors of the inner id name its format.
    const NAME: &'static str = "UUID";
    fn lowest() -> Self {
        AccountId::from(Uuid::nil())
    }
    fn highest() -> Self {
        AccountId::from(Uuid::max())
    }
    fn random(rng: &mut Rng) -> Self {
        AccountId::from(Uuid::from_u128(
            u128::from(rng.next_u64()) << 64 | u128::from(rng.next_u64()),
        ))
    }
    fn tricky() -> Vec<Self> {
        // The top bit of each byte and of each 64-bit half, v4 and v7 UUIDs.
        [
            1,
            1 << 63,
            1 << 64,
            1 << 127,
            (1 << 127) - 1,
            u128::MAX - 1,
            0x0080_0000_0000_0000_0000_0000_0000_0000,
        ]
        .into_iter()
        .map(Uuid::from_u128)
        .chain([example(), Uuid::parse_str(V4).unwrap()])
        .map(AccountId::from)
        .collect()
    }
}
