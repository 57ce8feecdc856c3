//! `sqlx` for typed ids (the derive macros): stored exactly like the id inside, without the
//! prefix; decoding runs the type's checks.

use sqlx::{Database, Decode, Encode, Type, encode::IsNull, error::BoxDynError};

use crate::TypedId;

/// The inner id's column type.
pub fn type_info<T: TypedId, DB: Database>() -> DB::TypeInfo
where
    T::Inner: Type<DB>,
{
    <T::Inner as Type<DB>>::type_info()
}

/// Whether the inner id accepts a column of type `ty`.
pub fn compatible<T: TypedId, DB: Database>(ty: &DB::TypeInfo) -> bool
where
    T::Inner: Type<DB>,
{
    <T::Inner as Type<DB>>::compatible(ty)
}

/// Encodes the inner id.
pub fn encode<'q, T: TypedId, DB: Database>(
    id: &T,
    buf: &mut <DB as Database>::ArgumentBuffer,
) -> Result<IsNull, BoxDynError>
where
    T::Inner: Encode<'q, DB>,
{
    <T::Inner as Encode<'q, DB>>::encode_by_ref(id.as_inner(), buf)
}

/// Decodes the inner id, then runs the type's checks.
pub fn decode<'r, T: TypedId, DB: Database>(
    value: <DB as Database>::ValueRef<'r>,
) -> Result<T, BoxDynError>
where
    T::Inner: Decode<'r, DB>,
{
    let inner = <T::Inner as Decode<'r, DB>>::decode(value)?;
    Ok(T::try_from_inner(inner)?)
}
