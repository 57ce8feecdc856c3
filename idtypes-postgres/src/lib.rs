//! The `idtypes` PostgreSQL extension: the id formats of the `idtypes` crate as native types,
//! made in SQL under the application's leases. See README.md.
//!
//! One type per fixed-size format of the crate's table, all written once (`formats!` below,
//! one row per format; [`sql`] writes each row's SQL). Text input and output are the crate's
//! `parse` and `Display`; the storage is the crate's column (`bigint`, `uuid` or `bytea`), so
//! the types cast to and from it without a function and compare with the storage type's own
//! C functions, in the crate's order.

use core::ffi::CStr;
use std::ffi::CString;

use idtypes::{
    FixedSizeFormat, FullRand, Ksuid, ObjectId, RsXid, Snowflake, Snowish, Sonyflake, Tbsl, Tid,
    TimeId, TsSeqRand, Uid11, Uid11Xid, Ulid,
};
use pgrx::datum::TimestampWithTimeZone;
use pgrx::prelude::*;
use pgrx::{Internal, Uuid};

use crate::report::OrRaise;

mod generate;
mod report;
mod sql;
mod storage;
mod text;
mod time;
mod typeid;

::pgrx::pg_module_magic!();

/// What each storage's functions take and return (see [`storage`]).
type Int8 = i64;
type Bytea = Vec<u8>;

/// The functions of each row's type. A row: the crate's type; the SQL type's name (the
/// crate's `FixedSizeFormat::POSTGRES_TYPE`, checked when the SQL is written); its storage
/// (`Int8`, `Uuid` or `Bytea`: the crate's column, checked the same way); then what it has
/// beyond the type: `time` (its timestamp, and the span functions), its parts (`name: Rust
/// type as "SQL type" = accessor`), and its generator (`own(expression)` for a generator of
/// the backend's own, `leased("SQL parameters after the namespace")` for one under a lease,
/// written in `generate.rs`, or `none()`).
macro_rules! formats {
    ($(
        $ty:ident => $name:ident: $storage:ident $(, $time:ident)?
            { $($part:ident: $part_ty:ident as $part_sql:literal = $accessor:expr),* $(,)? }
            generator: $generator:ident($($generator_arg:tt)*);
    )*) => { paste::paste! { $(
        #[doc = concat!("The `", stringify!($name), "` type's input function: the crate's `parse`.")]
        #[pg_extern(sql = false)]
        fn [<$name _in>](text: &CStr) -> $storage {
            store_as!($storage, text::parse::<$ty>(text).or_raise())
        }

        #[doc = concat!("The `", stringify!($name), "` type's output function: the crate's `Display`.")]
        #[pg_extern(sql = false)]
        fn [<$name _out>](id: $storage) -> CString {
            text::write(load_as!($storage, $ty, id))
        }

        #[doc = concat!("The `", stringify!($name), "` type's binary input: the storage type's own.")]
        #[pg_extern(sql = false)]
        fn [<$name _recv>](message: Internal) -> $storage {
            let bytes = receive(message);
            let id: $ty = receive_as!($storage, $ty, &bytes);
            store_as!($storage, id)
        }

        #[doc = concat!("The `", stringify!($name), "` type's binary output: the storage type's own.")]
        #[pg_extern(sql = false)]
        fn [<$name _send>](id: $storage) -> Vec<u8> {
            send_as!($storage, load_as!($storage, $ty, id))
        }

        $(
            #[doc = concat!("The time of a `", stringify!($name), "`.")]
            #[pg_extern(sql = false)]
            fn [<$name _ $time>](id: $storage) -> TimestampWithTimeZone {
                time::to_timestamptz(load_as!($storage, $ty, id).timestamp()).or_raise()
            }

            #[doc = concat!("The first `", stringify!($name), "` at or after a time.")]
            #[pg_extern(sql = false)]
            fn [<$name _first_at>](at: TimestampWithTimeZone) -> $storage {
                let from = time::to_system_time(at).or_raise();
                let id = time::end_of($ty::ranges_for_time(from..), time::End::FirstAt, at, $ty::timestamp).or_raise();
                store_as!($storage, id)
            }

            #[doc = concat!("The last `", stringify!($name), "` before a time.")]
            #[pg_extern(sql = false)]
            fn [<$name _last_before>](before: TimestampWithTimeZone) -> $storage {
                let to = time::to_system_time(before).or_raise();
                let id = time::end_of($ty::ranges_for_time(..to), time::End::LastBefore, before, $ty::timestamp).or_raise();
                store_as!($storage, id)
            }
        )?

        $(
            #[doc = concat!("A part of a `", stringify!($name), "`.")]
            #[pg_extern(sql = false)]
            fn [<$name _ $part>](id: $storage) -> $part_ty {
                let accessor: fn($ty) -> $part_ty = $accessor;
                accessor(load_as!($storage, $ty, id))
            }
        )*

        generator_fn!($storage, $ty, $name, $generator($($generator_arg)*));

        #[doc = concat!("Carries the SQL of the `", stringify!($name), "` type (see `sql.rs`); never called.")]
        #[pg_extern(sql = [<$name _sql>])]
        fn [<$name _block>]() {}

        #[doc = concat!("The SQL of the `", stringify!($name), "` type.")]
        fn [<$name _sql>](
            _: &pgrx::pgrx_sql_entity_graph::SqlGraphEntity,
            _: &pgrx::pgrx_sql_entity_graph::PgrxSql,
        ) -> Result<String, Box<dyn std::error::Error + Send + Sync + 'static>> {
            // The name is the crate's (its table's `postgres` field), and so is the storage.
            let name = <$ty as FixedSizeFormat>::POSTGRES_TYPE;
            if name != stringify!($name) {
                return Err(format!(
                    "the row of {} names its type {}, the crate's table {name}",
                    stringify!($ty),
                    stringify!($name)
                ).into());
            }
            let like = storage::like(<$ty as FixedSizeFormat>::COLUMN);
            if like != sql_like!($storage) {
                return Err(format!(
                    "the row of {} says {}, the crate's column is {like}",
                    stringify!($ty),
                    sql_like!($storage)
                ).into());
            }
            Ok(sql::Block {
                name,
                format: <$ty as idtypes::IdFormat>::NAME,
                like,
                timed: false $(|| stringify!($time) == "time")?,
                parts: &[$((stringify!($part), $part_sql)),*],
                generator: generator_sql!($generator($($generator_arg)*)),
            }
            .sql())
        }
    )* } };
}

/// The SQL storage type a row's storage names.
macro_rules! sql_like {
    (Int8) => {
        "int8"
    };
    (Uuid) => {
        "uuid"
    };
    (Bytea) => {
        "bytea"
    };
}

/// The datum of an id in a row's storage.
macro_rules! store_as {
    (Int8, $id:expr) => {
        storage::to_int8($id).or_raise()
    };
    (Uuid, $id:expr) => {
        storage::to_uuid($id)
    };
    (Bytea, $id:expr) => {
        storage::to_bytea($id)
    };
}

/// The id a datum of a row's storage holds, or the statement's error.
macro_rules! load_as {
    (Int8, $ty:ty, $value:expr) => {
        storage::from_int8::<$ty>($value).or_raise()
    };
    (Uuid, $ty:ty, $value:expr) => {
        storage::from_uuid::<$ty>(&$value).or_raise()
    };
    (Bytea, $ty:ty, $value:expr) => {
        storage::from_slice::<$ty>(&$value).or_raise()
    };
}

/// The id of a binary message (the storage type's binary form), or the statement's error.
macro_rules! receive_as {
    (Int8, $ty:ty, $bytes:expr) => {{
        let bytes: &[u8] = $bytes;
        match <[u8; 8]>::try_from(bytes) {
            Ok(eight) => load_as!(Int8, $ty, i64::from_be_bytes(eight)),
            Err(_) => report::Refusal::binary(format!(
                "{}: expected the 8 bytes of a bigint, found {}",
                <$ty as idtypes::IdFormat>::NAME,
                bytes.len()
            ))
            .raise(),
        }
    }};
    ($storage:ident, $ty:ty, $bytes:expr) => {
        storage::from_slice::<$ty>($bytes).or_raise()
    };
}

/// The binary message of an id (the storage type's binary form).
macro_rules! send_as {
    (Int8, $id:expr) => {
        storage::to_int8($id).or_raise().to_be_bytes().to_vec()
    };
    ($storage:ident, $id:expr) => {
        storage::to_bytea($id)
    };
}

/// A row's generator function: `own(expression)` here, `leased(...)` in `generate.rs`.
macro_rules! generator_fn {
    ($storage:ident, $ty:ty, $name:ident, own($make:expr)) => {
        paste::paste! {
            #[doc = concat!("A new `", stringify!($name), "` from the backend's generator.")]
            #[pg_extern(sql = false)]
            fn [<$name _generate>]() -> $storage {
                let make: fn() -> Result<$ty, idtypes::Error> = $make;
                store_as!($storage, make().or_raise())
            }
        }
    };
    ($storage:ident, $ty:ty, $name:ident, leased($($sql:tt)*)) => {};
    ($storage:ident, $ty:ty, $name:ident, none()) => {};
}

/// The SQL of a row's generator.
macro_rules! generator_sql {
    (own($make:expr)) => {
        sql::Generator::Own
    };
    (leased($sql:literal)) => {
        sql::Generator::Leased($sql)
    };
    (none()) => {
        sql::Generator::None
    };
}

/// Reads a binary message whole (a `recv` function's argument, a `StringInfo`), as
/// `pq_getmsgbytes` does: PostgreSQL checks that nothing is left.
fn receive(message: Internal) -> Vec<u8> {
    let Some(datum) = message.unwrap() else {
        report::Refusal::binary("no binary message".to_owned()).raise()
    };
    let info = datum.cast_mut_ptr::<pg_sys::StringInfoData>();
    // SAFETY: a type's receive function gets a `StringInfo` of the message, whose `data`
    // holds `len` bytes, `cursor` of them read.
    unsafe {
        let start = (*info).cursor.max(0) as usize;
        let end = (*info).len.max(0) as usize;
        let bytes = if end > start {
            core::slice::from_raw_parts((*info).data.cast::<u8>().add(start), end - start).to_vec()
        } else {
            Vec::new()
        };
        (*info).cursor = (*info).len;
        bytes
    }
}

formats! {
    Tid => atproto_tid: Int8, time { clock_id: i32 as "integer" = |id| i32::from(id.clock_id()) }
        generator: leased("");
    TimeId => time_id: Int8, time { node_id: i32 as "integer" = |id| i32::from(id.node().get()) }
        generator: leased("");
    Uid11 => uid11: Int8 {} generator: none();
    Uid11Xid => uid11_xid: Int8, time { random: i64 as "bigint" = |id| i64::from(id.random()) }
        generator: own(|| Ok(Uid11Xid::now()));
    Snowish => snowish: Int8, time {
        machine_id: i32 as "integer" = |id| i32::from(id.machine_id()),
        sequence: i32 as "integer" = |id| i32::from(id.sequence()),
    } generator: leased("");
    TsSeqRand => ts_seq_rand: Int8, time {
        sequence: i32 as "integer" = |id| i32::from(id.sequence()),
        random: i32 as "integer" = |id| i32::from(id.random()),
    } generator: own(|| Ok(TsSeqRand::now()));
    FullRand => fullrand: Int8 {} generator: own(|| Ok(FullRand::random()));
    Snowflake => snowflake: Int8 {
        worker_id: i32 as "integer" = |id| i32::from(id.worker_id()),
        sequence: i32 as "integer" = |id| i32::from(id.sequence()),
        millis_since_epoch: i64 as "bigint" = |id| id.millis_since_epoch() as i64,
    } generator: leased(", epoch timestamptz");
    Tbsl => tbsl: Bytea, time {
        machine_id: i32 as "integer" = |id| i32::from(id.machine_id()),
        suffix: i64 as "bigint" = |id| i64::from(id.suffix()),
    } generator: leased("");
    Ulid => ulid: Uuid, time {} generator: own(|| Ok(Ulid::now()));
    Ksuid => ksuid: Bytea, time {} generator: own(|| Ok(Ksuid::now()));
    Sonyflake => sonyflake: Int8 {} generator: leased(", version integer DEFAULT 2");
    RsXid => rs_xid: Bytea, time {
        machine_id: Bytea as "bytea" = |id| id.machine_id().to_vec(),
        process_id: i32 as "integer" = |id| i32::from(id.process_id()),
        counter: i32 as "integer" = |id| id.counter() as i32,
    } generator: own(|| Ok(RsXid::now()));
    ObjectId => object_id: Bytea, time {
        counter: i32 as "integer" = |id| id.counter() as i32,
    } generator: own(|| Ok(ObjectId::now()));
}
