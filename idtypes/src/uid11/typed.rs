//! What `#[derive(Uid11)]` and the profiles' derives (`Uid11Xid`, `Snowish`, `TsSeqRand`,
//! `FullRand`) add to a typed id beside what every typed id has: each profile's parts, time
//! ranges and generation, typed.

/// The plain uid11 part of a typed id's API: `FileId { checked | unchecked, "file", "_" }`. A
/// plain uid11 holds no time: prefix ranges only.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_uid11 {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Uid11, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_prefix_range!(Uid11);
        }
    };
}

/// The fullrand part of a typed id's API: prefix ranges and `random()`.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_full_rand {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, FullRand, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_prefix_range!(FullRand);
            $crate::__idtypes_typed_new!(FullRand, $checks, random, "A new, fully random id.");
        }
    };
}

/// The xid part of a typed id's API: its random field, its millisecond time, time ranges and
/// generation.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_uid11_xid {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Uid11Xid, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The random field.
                random -> $crate::__private::core::primitive::u32;
            }
            $crate::__idtypes_typed_getters! {
                /// The timestamp: milliseconds since the xid epoch (2011-11-11T11:11:11.111Z).
                millis_since_epoch -> $crate::__private::core::primitive::u64;
                /// The timestamp: milliseconds since the Unix epoch.
                timestamp_millis -> $crate::__private::core::primitive::u64;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(Uid11Xid);
            $crate::__idtypes_typed_integer_range!(Uid11Xid, range_for_millis, "milliseconds");
            $crate::__idtypes_typed_time_ranges!(Uid11Xid);
            $crate::__idtypes_typed_new!(
                Uid11Xid,
                $checks,
                now,
                "A new id from the process-wide generator."
            );
            $crate::__idtypes_typed_next_from!(uid11::Uid11XidGenerator, $checks);
            $crate::__idtypes_typed_at!(
                Uid11Xid::at,
                $checks,
                "An id of the time `time`, rounded down to the millisecond, with random bits (`Uid11Xid::at`): for tests and backfills."
            );
        }
    };
}

/// The snowish part of a typed id's API: its machine id and sequence, its millisecond time,
/// time ranges and `next_from` (a snowish id names its machine: no argument-free `now()`).
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_snowish {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, Snowish, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The machine id, 0 to 1023.
                machine_id -> $crate::__private::core::primitive::u16;
                /// The sequence within the millisecond.
                sequence -> $crate::__private::core::primitive::u16;
            }
            $crate::__idtypes_typed_getters! {
                /// The timestamp: milliseconds since the xid epoch (2011-11-11T11:11:11.111Z).
                millis_since_epoch -> $crate::__private::core::primitive::u64;
                /// The timestamp: milliseconds since the Unix epoch.
                timestamp_millis -> $crate::__private::core::primitive::u64;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(Snowish);
            $crate::__idtypes_typed_integer_range!(Snowish, range_for_millis, "milliseconds");
            $crate::__idtypes_typed_time_ranges!(Snowish);
            $crate::__idtypes_typed_next_from!(uid11::SnowishGenerator, $checks);
            $crate::__idtypes_typed_at!(
                Snowish::at,
                $checks,
                "An id of the time `time`, rounded down to the millisecond, with a random machine id and sequence (`Snowish::at`): for tests and backfills."
            );
        }
    };
}

/// The ts-seq-rand part of a typed id's API: its sequence and random field, its millisecond
/// time, time ranges and generation.
#[doc(hidden)]
#[macro_export]
macro_rules! __idtypes_typed_ts_seq_rand {
    ($name:ident, $checks:ident, $prefix:literal, $separator:literal) => {
        $crate::__idtypes_typed_fixed!($name, TsSeqRand, $checks, $prefix, $separator);

        impl $name {
            $crate::__idtypes_typed_getters! {
                /// The sequence within the millisecond.
                sequence -> $crate::__private::core::primitive::u16;
                /// The random field.
                random -> $crate::__private::core::primitive::u16;
            }
            $crate::__idtypes_typed_getters! {
                /// The timestamp: milliseconds since the xid epoch (2011-11-11T11:11:11.111Z).
                millis_since_epoch -> $crate::__private::core::primitive::u64;
                /// The timestamp: milliseconds since the Unix epoch.
                timestamp_millis -> $crate::__private::core::primitive::u64;
            }
            $crate::__idtypes_typed_timestamp!();
            $crate::__idtypes_typed_datetime!();
            $crate::__idtypes_typed_prefix_range!(TsSeqRand);
            $crate::__idtypes_typed_integer_range!(TsSeqRand, range_for_millis, "milliseconds");
            $crate::__idtypes_typed_time_ranges!(TsSeqRand);
            $crate::__idtypes_typed_new!(
                TsSeqRand,
                $checks,
                now,
                "A new id from the process-wide generator."
            );
            $crate::__idtypes_typed_next_from!(uid11::TsSeqRandGenerator, $checks);
            $crate::__idtypes_typed_at!(
                TsSeqRand::at,
                $checks,
                "An id of the time `time`, rounded down to the millisecond, with a random sequence and random field (`TsSeqRand::at`): for tests and backfills."
            );
        }
    };
}
