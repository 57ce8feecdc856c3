//! How an id is held in a datum: exactly as the `idtypes` crate's columns hold it today, so
//! that the native types and those columns are the same bytes (see [`idtypes::Column`]).
//!
//! | column | the native type is like | datum |
//! |---|---|---|
//! | `natural`, `flipped` | `bigint` | the signed 64-bit integer `Column::to_signed` gives |
//! | `uuid` | `uuid` | the 16 big-endian bytes |
//! | `bytes` | `bytea` | the big-endian bytes |

use idtypes::{Column, FixedSizeFormat};

use crate::report::Refusal;

/// The signed integer of a `bigint`-like id (`natural` or `flipped` column); refuses an id
/// of a `natural` format with its top bit set (a TID made from any 64 bits), which no
/// `bigint` of today's columns holds either.
pub(crate) fn to_int8<F: FixedSizeFormat>(id: F) -> Result<i64, Refusal> {
    let mut eight = [0u8; 8];
    eight.copy_from_slice(id.to_bytes().as_ref());
    F::COLUMN
        .to_signed(u64::from_be_bytes(eight))
        .ok_or_else(|| {
            Refusal::data(format!(
                "{}: {} has its top bit set, which a bigint does not hold",
                F::NAME,
                id.encode()
            ))
        })
}

/// The id a `bigint`-like datum holds; refuses a value no id of the format is (a negative
/// number in a `natural` column, a reserved bit set), as reading today's column would.
pub(crate) fn from_int8<F: FixedSizeFormat>(value: i64) -> Result<F, Refusal> {
    let bits = F::COLUMN.from_signed(value).ok_or_else(|| {
        Refusal::data(format!(
            "{}: the bigint must not be negative, found {value}",
            F::NAME
        ))
    })?;
    from_slice::<F>(&bits.to_be_bytes())
}

/// The 16 bytes of a `uuid`-like id.
pub(crate) fn to_uuid<F: FixedSizeFormat>(id: F) -> pgrx::Uuid {
    let mut sixteen = [0u8; 16];
    sixteen.copy_from_slice(id.to_bytes().as_ref());
    pgrx::Uuid::from_bytes(sixteen)
}

/// The id a `uuid`-like datum holds.
pub(crate) fn from_uuid<F: FixedSizeFormat>(value: &pgrx::Uuid) -> Result<F, Refusal> {
    from_slice::<F>(value.as_bytes())
}

/// The bytes of a `bytea`-like id.
pub(crate) fn to_bytea<F: FixedSizeFormat>(id: F) -> Vec<u8> {
    id.to_bytes().as_ref().to_vec()
}

/// The id of big-endian bytes, which must be the format's length.
pub(crate) fn from_slice<F: FixedSizeFormat>(bytes: &[u8]) -> Result<F, Refusal> {
    let expected = core::mem::size_of::<F::Bytes>();
    let array = F::Bytes::try_from(bytes).map_err(|_| {
        Refusal::binary(format!(
            "{}: expected {expected} bytes, found {}",
            F::NAME,
            bytes.len()
        ))
    })?;
    F::try_from_bytes(array).map_err(Refusal::from_crate)
}

/// The storage of a column kind, as the SQL of [`crate::sql`] names it.
pub(crate) const fn like(column: Column) -> &'static str {
    match column {
        Column::Natural | Column::Flipped => "int8",
        Column::Uuid => "uuid",
        Column::Bytes => "bytea",
    }
}
