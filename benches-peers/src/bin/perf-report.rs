//! `perf-report`: the tables of `idtypes/docs/performance.md`, printed as Markdown from the
//! results of one run of the benches behind them.
//!
//! `benches-peers/run-all.sh` runs those benches (idtypes' own in the workspace's target, the
//! peers' here) and then this program. It reads criterion's `new/benchmark.json` and
//! `new/estimates.json` under each target's `criterion/` directory and prints each figure as
//! the median point estimate. Every row's figures come from one criterion group of one bench,
//! and the row names that group and its functions, so anyone can rerun it.
//!
//! Usage: `perf-report [IDTYPES_CRITERION_DIR PEERS_CRITERION_DIR]`. Without arguments it
//! reads `$CARGO_TARGET_DIR/criterion` for both when that is set, else `target/criterion` of
//! the workspace and of `benches-peers`.

use std::{
    collections::BTreeMap,
    fmt::Write as _,
    fs,
    path::{Path, PathBuf},
    process::ExitCode,
    time::{SystemTime, UNIX_EPOCH},
};

/// The figures of each generator's row of "Generating, two threads".
const TWO_THREADS: &[(&str, &str)] = &[
    ("one thread", "single"),
    ("two sharing one generator", "shared_two_threads"),
    (
        "two sharing one generator in two lanes",
        "lanes_two_threads",
    ),
    ("two, each its own", "own_two_threads"),
];

/// Which target directory a bench writes to.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Source {
    /// `idtypes/benches/`: `cargo bench -p idtypes`.
    Idtypes,
    /// `benches-peers/benches/`: `cargo bench --manifest-path benches-peers/Cargo.toml`.
    Peers,
}

/// What the figures beside idtypes' are.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Beside {
    /// Other crates: each ratio says whether idtypes is faster or slower.
    Peers,
    /// idtypes' own references (the bare format beside a typed id, ...): the ratio alone.
    Reference,
}

/// One row of a table: figures from one criterion group of one bench.
struct Row {
    operation: &'static str,
    source: Source,
    /// The bench target (`cargo bench --bench <bench>`).
    bench: &'static str,
    /// The criterion group.
    group: &'static str,
    /// idtypes' figures, `(label, function)`; the first is the one the ratios divide by.
    ours: &'static [(&'static str, &'static str)],
    /// The figures beside them, `(label, function)`, each with its ratio to `ours[0]`.
    beside: &'static [(&'static str, &'static str)],
    kind: Beside,
}

struct Section {
    title: &'static str,
    rows: &'static [Row],
}

use Beside::{Peers as P, Reference as R};
use Source::{Idtypes as I, Peers as X};

const SECTIONS: &[Section] = &[
    Section {
        title: "Codecs: text to and from the value",
        rows: &[
            Row {
                operation: "`Tid` -> 13 chars on the stack",
                source: I,
                bench: "tid",
                group: "encode",
                ours: &[("", "tid_encode")],
                beside: &[
                    ("ulid `array_to_str` (26 chars)", "ulid_array_to_str"),
                    (
                        "uuid `simple().encode_lower` (32 chars)",
                        "uuid_simple_encode_lower",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "13 chars -> `Tid` (validate + decode)",
                source: I,
                bench: "tid",
                group: "parse",
                ours: &[("", "tid_parse"), ("`parse_const`", "tid_parse_const")],
                beside: &[
                    ("ulid `from_string` (26 chars)", "ulid_from_string"),
                    ("uuid `parse_str` (32 chars)", "uuid_parse_str_simple"),
                ],
                kind: P,
            },
            Row {
                operation: "`Ulid` -> 26 chars on the stack",
                source: I,
                bench: "ulid",
                group: "ulid encode",
                ours: &[("", "idtypes Ulid::encode")],
                beside: &[("ulid `array_to_str`", "ulid array_to_str")],
                kind: P,
            },
            Row {
                operation: "`Ulid` -> a new `String` (`to_string`)",
                source: I,
                bench: "ulid",
                group: "ulid to_string",
                ours: &[("", "idtypes to_string")],
                beside: &[("ulid `to_string`", "ulid to_string")],
                kind: P,
            },
            Row {
                operation: "26 chars -> `Ulid`",
                source: I,
                bench: "ulid",
                group: "ulid parse",
                ours: &[("", "idtypes Ulid::parse")],
                beside: &[("ulid `from_string`", "ulid from_string")],
                kind: P,
            },
            Row {
                operation: "`TimeId` -> 13 chars / 16 dashed",
                source: I,
                bench: "time_id",
                group: "time_id encode",
                ours: &[("", "time_id_encode"), ("dashed", "time_id_to_dashed")],
                beside: &[("`Tid::encode` of the same bits", "tid_encode")],
                kind: R,
            },
            Row {
                operation: "13 chars / 16 dashed -> `TimeId`",
                source: I,
                bench: "time_id",
                group: "time_id parse",
                ours: &[("", "time_id_parse"), ("dashed", "time_id_parse_dashed")],
                beside: &[("`Tid::parse` of the same text", "tid_parse")],
                kind: R,
            },
            Row {
                operation: "`Uid11` -> 11 Base58 chars on the stack",
                source: I,
                bench: "uid11",
                group: "uid11 encode",
                ours: &[("", "uid11_encode")],
                beside: &[
                    ("bs58 onto the stack", "bs58_encode_onto_stack"),
                    ("bs58 into a `String`", "bs58_encode_into_string"),
                ],
                kind: P,
            },
            Row {
                operation: "11 Base58 chars -> `Uid11`",
                source: I,
                bench: "uid11",
                group: "uid11 decode",
                ours: &[
                    ("", "uid11_parse_to_u64"),
                    ("the whole `Result` through `black_box`", "uid11_parse"),
                ],
                beside: &[("bs58 decode onto the stack", "bs58_decode_onto_stack")],
                kind: P,
            },
            Row {
                operation: "`Tbsl` -> 20 uppercase hex on the stack",
                source: I,
                bench: "tbsl",
                group: "tbsl encode",
                ours: &[("", "tbsl_encode")],
                beside: &[(
                    "data-encoding `HEXUPPER.encode_mut`",
                    "data_encoding_hexupper_encode_mut",
                )],
                kind: P,
            },
            Row {
                operation: "20 hex -> `Tbsl`, reduced to its suffix",
                source: I,
                bench: "tbsl",
                group: "tbsl parse",
                ours: &[("", "tbsl_parse_to_suffix")],
                beside: &[
                    (
                        "a plain table-driven decoder",
                        "plain_table_decode_to_suffix",
                    ),
                    (
                        "data-encoding `HEXUPPER.decode_mut`",
                        "data_encoding_hexupper_decode_mut_to_suffix",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "20 hex -> `Tbsl`, the whole `Result` through `black_box`",
                source: I,
                bench: "tbsl",
                group: "tbsl parse",
                ours: &[("", "tbsl_parse")],
                beside: &[
                    ("a plain table-driven decoder", "plain_table_decode"),
                    (
                        "data-encoding `HEXUPPER.decode_mut`",
                        "data_encoding_hexupper_decode_mut",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "`Snowflake` -> 1 to 19 decimal digits on the stack (18 and 19 here)",
                source: X,
                bench: "snowflake",
                group: "snowflake encode",
                ours: &[("", "idtypes Snowflake::encode")],
                beside: &[
                    ("itoa `Buffer::format` of the `u64`", "itoa Buffer::format"),
                    (
                        "std `write!` into a stack buffer",
                        "std write! (stack buffer)",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "18 and 19 decimal digits -> `Snowflake`",
                source: X,
                bench: "snowflake",
                group: "snowflake parse",
                ours: &[("", "idtypes Snowflake::parse")],
                beside: &[("std `str::parse::<u64>`", "std str::parse::<u64>")],
                kind: P,
            },
            Row {
                operation: "`Sonyflake` -> a new `String` (`to_string`)",
                source: X,
                bench: "sonyflake",
                group: "sonyflake_to_string",
                ours: &[
                    ("", "idtypes to_string"),
                    ("`ToString` through `Display`", "idtypes ToString (Display)"),
                    ("`encode()` on the stack", "idtypes encode"),
                ],
                beside: &[
                    ("sonyflake `Id::to_string`", "sonyflake to_string"),
                    ("`u64::to_string`", "u64 to_string"),
                ],
                kind: P,
            },
            Row {
                operation: "`NanoId` (21 chars) -> a new `String` (`to_string`)",
                source: X,
                bench: "nanoid",
                group: "nanoid_to_string",
                ours: &[
                    ("", "idtypes"),
                    ("`ToString` through `Display`", "idtypes ToString (Display)"),
                ],
                beside: &[("`String::from(&str)`", "nanoid (String from &str)")],
                kind: P,
            },
            Row {
                operation: "24 hex chars (either case) -> `ObjectId`",
                source: X,
                bench: "object_id",
                group: "object_id_parse",
                ours: &[("", "idtypes")],
                beside: &[("bson `ObjectId::parse_str`", "bson")],
                kind: P,
            },
            Row {
                operation: "`ObjectId` -> text: `Display` into a `String`",
                source: X,
                bench: "object_id",
                group: "object_id_encode",
                ours: &[
                    ("", "idtypes/display"),
                    ("`encode()` on the stack", "idtypes/encode"),
                    ("`to_string`", "idtypes/to_string"),
                ],
                beside: &[
                    ("bson `Display`", "bson/display"),
                    ("bson `to_hex`", "bson/to_hex"),
                ],
                kind: P,
            },
        ],
    },
    Section {
        title: "UUIDs and TypeIDs",
        rows: &[
            Row {
                operation: "TypeID `user_` + 26 chars -> `DynTypeId` (`str::parse`)",
                source: X,
                bench: "uuids",
                group: "typeid_parse",
                ours: &[
                    ("", "idtypes"),
                    ("the `const` `DynTypeId::parse`", "idtypes DynTypeId::parse"),
                ],
                beside: &[
                    ("type-safe-id `TypeSafeId<DynamicType>`", "type-safe-id"),
                    ("mti `MagicTypeId`", "mti"),
                ],
                kind: P,
            },
            Row {
                operation: "`DynTypeId` -> text: `Display` into a `String`",
                source: X,
                bench: "uuids",
                group: "typeid_encode",
                ours: &[
                    ("", "idtypes display"),
                    ("`encode()` on the stack", "idtypes encode"),
                ],
                beside: &[
                    ("type-safe-id `Display`", "type-safe-id display"),
                    ("mti `Display`", "mti display"),
                ],
                kind: P,
            },
            Row {
                operation: "36 hyphenated chars -> `Uuid` (`parse_hyphenated`)",
                source: X,
                bench: "uuids",
                group: "hyphenated_parse",
                ours: &[
                    ("", "idtypes parse_hyphenated"),
                    ("a typed UUID (`text = \"hyphenated\"`)", "idtypes typed"),
                ],
                beside: &[
                    ("uuid `parse_str`", "uuid parse_str"),
                    ("uuid `try_parse`", "uuid try_parse"),
                    (
                        "uuid-simd `parse_hyphenated` (AVX2)",
                        "uuid-simd parse_hyphenated",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "`Uuid` -> 36 hyphenated chars on the stack (`encode_hyphenated_fast`)",
                source: X,
                bench: "uuids",
                group: "hyphenated_encode",
                ours: &[
                    ("", "idtypes encode_hyphenated_fast"),
                    (
                        "the `const` `encode_hyphenated`",
                        "idtypes encode_hyphenated (const)",
                    ),
                ],
                beside: &[
                    ("uuid `hyphenated().encode_lower`", "uuid encode_lower"),
                    (
                        "uuid-simd `format_hyphenated` (AVX2)",
                        "uuid-simd format_hyphenated",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "`Uuid` -> hyphenated text: `Display` into a `String`",
                source: X,
                bench: "uuids",
                group: "hyphenated_encode",
                ours: &[(
                    "a typed UUID (`text = \"hyphenated\"`)",
                    "idtypes typed display",
                )],
                beside: &[("uuid `Display`", "uuid display")],
                kind: P,
            },
        ],
    },
    Section {
        title: "Generating, one thread",
        rows: &[
            Row {
                operation: "one `Tid` (`Tid::now`)",
                source: I,
                bench: "tid",
                group: "generate",
                ours: &[
                    ("", "tid_now"),
                    ("a `TidGenerator` of one's own", "tid_generator_next"),
                    ("the clock read alone", "system_clock_now_micros"),
                ],
                beside: &[
                    ("uuid `Uuid::now_v7` (`fast-rng`)", "uuid_now_v7"),
                    (
                        "ulid `Generator::generate` (`&mut`)",
                        "ulid_generator_generate",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "one `Ulid` (monotonic, thread-safe: `UlidGenerator::next`)",
                source: I,
                bench: "ulid",
                group: "ulid generate",
                ours: &[("", "idtypes UlidGenerator::next")],
                beside: &[
                    (
                        "ulid `Generator::generate` (`&mut`: one thread)",
                        "ulid Generator::generate (&mut)",
                    ),
                    ("the same in a `Mutex`", "ulid Generator::generate (Mutex)"),
                    (
                        "ulid `Ulid::new` (not monotonic)",
                        "ulid Ulid::new (not monotonic)",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "one UUIDv7 (`uuids::now_v7`)",
                source: X,
                bench: "uuids",
                group: "uuid_v7",
                ours: &[
                    ("", "idtypes now_v7"),
                    ("a `UuidV7Generator` of one's own", "idtypes generator"),
                ],
                beside: &[("uuid `Uuid::now_v7` (`fast-rng`)", "uuid now_v7")],
                kind: P,
            },
            Row {
                operation: "one UUIDv4 (`uuids::new_v4`)",
                source: X,
                bench: "uuids",
                group: "uuid_v4",
                ours: &[("", "idtypes new_v4")],
                beside: &[("uuid `Uuid::new_v4` (`fast-rng`)", "uuid new_v4")],
                kind: P,
            },
            Row {
                operation: "one `TimeId` (`TimeId::now`)",
                source: I,
                bench: "time_id",
                group: "time_id generate",
                ours: &[
                    ("", "time_id_now"),
                    ("the clock read alone", "system_clock_now_micros"),
                ],
                beside: &[],
                kind: R,
            },
            Row {
                operation: "one xid / snowish / ts-seq-rand (a generator's `next`)",
                source: I,
                bench: "uid11",
                group: "uid11 generate",
                ours: &[
                    ("xid", "xid_generator_next"),
                    ("snowish", "snowish_generator_next"),
                    ("ts-seq-rand", "ts_seq_rand_generator_next"),
                    ("the clock read alone", "system_clock_now_micros"),
                ],
                beside: &[],
                kind: R,
            },
            Row {
                operation: "one `ObjectId` (`ObjectId::now`)",
                source: X,
                bench: "object_id",
                group: "object_id_generate",
                ours: &[("", "idtypes")],
                beside: &[("bson `ObjectId::new`", "bson")],
                kind: P,
            },
            Row {
                operation: "one `Tbsl` (sequenced, in-memory provider)",
                source: I,
                bench: "tbsl",
                group: "tbsl generate",
                ours: &[
                    ("", "tbsl_generator_next_to_suffix"),
                    ("the clock read alone", "system_clock_now_micros"),
                ],
                beside: &[],
                kind: R,
            },
            Row {
                operation: "`FullRand::random` (ChaCha12 per thread, keyed by the OS)",
                source: I,
                bench: "process",
                group: "random u64",
                ours: &[("", "full_rand_random")],
                beside: &[
                    (
                        "rand `rng().random::<u64>()` (also ChaCha12)",
                        "rand_thread_rng_u64",
                    ),
                    ("a plain wyrand step (not cryptographic)", "wyrand_u64"),
                ],
                kind: P,
            },
            Row {
                operation: "a generator's own work on a frozen `ManualClock` (fork check included)",
                source: I,
                bench: "process",
                group: "generator on a frozen clock",
                ours: &[
                    ("`Tid`", "tid_random_clock_id"),
                    ("`Tid` with a fixed clock id", "tid_fixed_clock_id"),
                    ("`Tid` bound to a lease", "tid_leased_clock_id"),
                    ("`TimeId`", "time_id_random_node"),
                    ("xid", "xid_monotonic"),
                    ("snowish", "snowish"),
                    ("Snowflake", "snowflake"),
                ],
                beside: &[],
                kind: R,
            },
        ],
    },
    Section {
        title: "Generating, two threads (per id per thread)",
        rows: &[
            Row {
                operation: "`Tid`",
                source: I,
                bench: "contention",
                group: "contention tid",
                ours: TWO_THREADS,
                beside: &[],
                kind: R,
            },
            Row {
                operation: "`TimeId`",
                source: I,
                bench: "contention",
                group: "contention time_id",
                ours: TWO_THREADS,
                beside: &[],
                kind: R,
            },
            Row {
                operation: "xid",
                source: I,
                bench: "contention",
                group: "contention xid",
                ours: TWO_THREADS,
                beside: &[],
                kind: R,
            },
            Row {
                operation: "snowish",
                source: I,
                bench: "contention",
                group: "contention snowish",
                ours: TWO_THREADS,
                beside: &[],
                kind: R,
            },
            Row {
                operation: "`Tbsl`",
                source: I,
                bench: "contention",
                group: "contention tbsl",
                ours: TWO_THREADS,
                beside: &[],
                kind: R,
            },
            Row {
                operation: "`Ulid`",
                source: I,
                bench: "contention",
                group: "contention ulid",
                ours: TWO_THREADS,
                beside: &[],
                kind: R,
            },
            Row {
                operation: "`Ksuid` (monotonic)",
                source: I,
                bench: "contention",
                group: "contention ksuid",
                ours: TWO_THREADS,
                beside: &[],
                kind: R,
            },
            Row {
                operation: "`RsXid`",
                source: I,
                bench: "contention",
                group: "contention rs_xid",
                ours: TWO_THREADS,
                beside: &[],
                kind: R,
            },
            Row {
                operation: "the clock read alone",
                source: I,
                bench: "contention",
                group: "contention tid",
                ours: &[
                    ("one thread", "clock_read"),
                    ("two threads", "clock_read_two_threads"),
                ],
                beside: &[],
                kind: R,
            },
        ],
    },
    Section {
        title: "Generating at the format's rate (the run-ahead bound)",
        rows: &[
            Row {
                operation: "one Snowflake, 1,000 a millisecond (under the rate: no call waits)",
                source: X,
                bench: "generate",
                group: "generate_paced",
                ours: &[
                    ("", "idtypes SnowflakeGenerator"),
                    ("a `TidGenerator`", "idtypes TidGenerator"),
                ],
                beside: &[
                    ("snowflaked `sync::Generator`", "snowflaked sync::Generator"),
                    (
                        "rs-snowflake `real_time_generate` (`&mut`)",
                        "rs-snowflake real_time_generate (&mut)",
                    ),
                    (
                        "the same in a `Mutex`",
                        "rs-snowflake real_time_generate (Mutex)",
                    ),
                    (
                        "rs-snowflake `generate` (`&mut`, the clock read every 4,096 ids)",
                        "rs-snowflake generate (&mut)",
                    ),
                ],
                kind: P,
            },
            Row {
                operation: "one id at saturation (a loop as fast as it can: the time per id is the format's rate)",
                source: X,
                bench: "generate",
                group: "generate_saturated",
                ours: &[
                    ("Snowflake", "idtypes SnowflakeGenerator"),
                    ("snowish", "idtypes SnowishGenerator"),
                    ("ts-seq-rand", "idtypes TsSeqRandGenerator"),
                    ("`Tid`", "idtypes TidGenerator"),
                    ("`TimeId`", "idtypes TimeIdGenerator"),
                    (
                        "Snowflake `UNBOUNDED` (its ids run ahead of the clock)",
                        "idtypes SnowflakeGenerator UNBOUNDED",
                    ),
                ],
                beside: &[
                    ("snowflaked `sync::Generator`", "snowflaked sync::Generator"),
                    (
                        "rs-snowflake `real_time_generate` (`&mut`)",
                        "rs-snowflake real_time_generate (&mut)",
                    ),
                ],
                kind: P,
            },
        ],
    },
    Section {
        title: "Typed ids",
        rows: &[
            Row {
                operation: "`post_3jzfcijpj2z2a` -> `PostId`",
                source: I,
                bench: "typed",
                group: "typed parse",
                ours: &[
                    ("", "post_id_parse"),
                    ("with a `validate` fn", "checked_post_id_parse"),
                ],
                beside: &[("`Tid::parse` of the bare text", "tid_parse")],
                kind: R,
            },
            Row {
                operation: "`txn_25BF6196C8D610700001` -> `TxnId` (a typed TBSL)",
                source: I,
                bench: "typed",
                group: "typed parse",
                ours: &[("", "txn_id_parse")],
                beside: &[("`Tbsl::parse` of the bare text", "tbsl_parse")],
                kind: R,
            },
            Row {
                operation: "`PostId` -> text: `encode()` on the stack",
                source: I,
                bench: "typed",
                group: "typed display",
                ours: &[("", "post_id_encode")],
                beside: &[("`Tid::encode`", "tid_encode")],
                kind: R,
            },
            Row {
                operation: "`PostId` -> text: `Display` into a stack buffer",
                source: I,
                bench: "typed",
                group: "typed display",
                ours: &[("", "post_id_display")],
                beside: &[("a bare `Tid`'s `Display`", "tid_display")],
                kind: R,
            },
            Row {
                operation: "`PostId` to JSON (`serde_json::to_string`)",
                source: I,
                bench: "typed",
                group: "typed serde",
                ours: &[("", "post_id_to_json")],
                beside: &[("a bare `Tid`", "tid_to_json")],
                kind: R,
            },
            Row {
                operation: "`PostId` from JSON (`serde_json::from_str`)",
                source: I,
                bench: "typed",
                group: "typed serde",
                ours: &[("", "post_id_from_json")],
                beside: &[("a bare `Tid`", "tid_from_json")],
                kind: R,
            },
        ],
    },
    Section {
        title: "atproto record keys",
        rows: &[
            Row {
                operation: "`RecordKey::validate`, 13 chars",
                source: X,
                bench: "record_key",
                group: "validate_13",
                ours: &[("", "idtypes")],
                beside: &[
                    ("a plain table loop", "plain"),
                    ("jacquard", "jacquard"),
                    ("proto-blue", "proto-blue"),
                ],
                kind: P,
            },
            Row {
                operation: "`RecordKey::validate`, 512 chars",
                source: X,
                bench: "record_key",
                group: "validate_512",
                ours: &[("", "idtypes")],
                beside: &[
                    ("a plain table loop", "plain"),
                    ("jacquard", "jacquard"),
                    ("proto-blue", "proto-blue"),
                ],
                kind: P,
            },
            Row {
                operation: "`RecordKey::parse`, 13 chars (the result kept in place)",
                source: X,
                bench: "record_key",
                group: "parse_13",
                ours: &[("", "idtypes")],
                beside: &[
                    ("the plain loop and a `String`", "plain"),
                    ("jacquard", "jacquard"),
                    ("proto-blue", "proto-blue"),
                    ("atrium", "atrium"),
                ],
                kind: P,
            },
            Row {
                operation: "`RecordKey::parse`, 512 chars (the result kept in place)",
                source: X,
                bench: "record_key",
                group: "parse_512",
                ours: &[("", "idtypes")],
                beside: &[
                    ("the plain loop and a `String`", "plain"),
                    ("jacquard", "jacquard"),
                    ("proto-blue", "proto-blue"),
                    ("atrium", "atrium"),
                ],
                kind: P,
            },
        ],
    },
];

/// One benchmark's median and when criterion wrote it.
struct Estimate {
    median_ns: f64,
    written: SystemTime,
}

/// Every benchmark under `dir` (criterion's output directory), by `group/function`.
fn load(dir: &Path) -> Result<BTreeMap<String, Estimate>, String> {
    let mut found = BTreeMap::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        let entries = fs::read_dir(&dir).map_err(|err| format!("{}: {err}", dir.display()))?;
        for entry in entries {
            let path = entry.map_err(|err| err.to_string())?.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|name| name == "new") {
                    if let Some((id, estimate)) = read_benchmark(&path)? {
                        found.insert(id, estimate);
                    }
                } else {
                    pending.push(path);
                }
            }
        }
    }
    Ok(found)
}

fn read_json(path: &Path) -> Result<serde_json::Value, String> {
    let text = fs::read_to_string(path).map_err(|err| format!("{}: {err}", path.display()))?;
    serde_json::from_str(&text).map_err(|err| format!("{}: {err}", path.display()))
}

/// The `group/function` id and the median of the results in `new` (a directory of criterion's).
fn read_benchmark(new: &Path) -> Result<Option<(String, Estimate)>, String> {
    let (benchmark, estimates) = (new.join("benchmark.json"), new.join("estimates.json"));
    if !benchmark.is_file() || !estimates.is_file() {
        return Ok(None);
    }
    let id = read_json(&benchmark)?;
    let text = |key: &str| id[key].as_str().unwrap_or_default().to_owned();
    let mut name = format!("{}/{}", text("group_id"), text("function_id"));
    if let Some(value) = id["value_str"].as_str() {
        write!(name, "/{value}").unwrap();
    }
    let median_ns = median_of(&read_json(&estimates)?)
        .ok_or_else(|| format!("{}: no median", estimates.display()))?;
    let written = fs::metadata(&estimates)
        .and_then(|meta| meta.modified())
        .map_err(|err| format!("{}: {err}", estimates.display()))?;
    Ok(Some((name, Estimate { median_ns, written })))
}

/// The median's point estimate in criterion's `estimates.json` (nanoseconds).
fn median_of(estimates: &serde_json::Value) -> Option<f64> {
    estimates["median"]["point_estimate"].as_f64()
}

/// A time in nanoseconds with the precision the machine's noise allows.
fn ns(value: f64) -> String {
    if value < 100.0 {
        format!("{value:.1} ns")
    } else {
        format!("{value:.0} ns")
    }
}

fn ratio(value: f64) -> String {
    if value < 10.0 {
        format!("{value:.2}x")
    } else {
        format!("{value:.0}x")
    }
}

/// A figure beside idtypes' `ours`: its time and its ratio to `ours` (above 1: idtypes faster).
fn beside_text(label: &str, theirs: f64, ours: f64, kind: Beside) -> String {
    let r = theirs / ours;
    let verdict = match kind {
        Beside::Reference => String::new(),
        Beside::Peers if r >= 1.05 => ": idtypes faster".to_owned(),
        Beside::Peers if r <= 0.95 => ": idtypes slower".to_owned(),
        Beside::Peers => ": level".to_owned(),
    };
    format!("{label} {} ({}{verdict})", ns(theirs), ratio(r))
}

/// The Markdown of all sections; `missing` collects the benchmarks not found.
fn render(
    results: &BTreeMap<Source, BTreeMap<String, Estimate>>,
    missing: &mut Vec<String>,
) -> String {
    let mut out = String::new();
    for section in SECTIONS {
        writeln!(out, "## {}\n", section.title).unwrap();
        writeln!(
            out,
            "| operation | idtypes | beside it, same group (ratio to idtypes' first figure) | bench: group/functions |"
        )
        .unwrap();
        writeln!(out, "|---|---|---|---|").unwrap();
        for row in section.rows {
            let mut figure = |function: &str| {
                let id = format!("{}/{function}", row.group);
                let found = results.get(&row.source).and_then(|all| all.get(&id));
                if found.is_none() {
                    missing.push(format!("{}: {id}", bench_name(row)));
                }
                found.map(|estimate| estimate.median_ns)
            };
            let ours: Vec<String> = row
                .ours
                .iter()
                .map(|&(label, function)| {
                    let value = figure(function).map_or("missing".to_owned(), ns);
                    if label.is_empty() {
                        value
                    } else {
                        format!("{label}: {value}")
                    }
                })
                .collect();
            let first = figure(row.ours[0].1);
            let beside: Vec<String> = row
                .beside
                .iter()
                .map(|&(label, function)| match (figure(function), first) {
                    (Some(theirs), Some(ours)) => beside_text(label, theirs, ours, row.kind),
                    _ => format!("{label} missing"),
                })
                .collect();
            let functions: Vec<&str> = row
                .ours
                .iter()
                .chain(row.beside)
                .map(|&(_, function)| function)
                .collect();
            writeln!(
                out,
                "| {} | {} | {} | `{}`: `{}/{{{}}}` |",
                row.operation,
                ours.join("; "),
                beside.join("; "),
                bench_name(row),
                row.group,
                functions.join(", "),
            )
            .unwrap();
        }
        out.push('\n');
    }
    missing.sort();
    missing.dedup();
    out
}

fn bench_name(row: &Row) -> String {
    match row.source {
        Source::Idtypes => row.bench.to_owned(),
        Source::Peers => format!("peers {}", row.bench),
    }
}

/// `seconds` since the epoch as `YYYY-MM-DD HH:MM` UTC.
fn utc(time: SystemTime) -> String {
    let seconds = time.duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()) as i64;
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    // Civil from days (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rest / 3600,
        rest % 3600 / 60
    )
}

/// The CPU's model name and the number of CPUs, from `/proc/cpuinfo` where there is one.
fn machine() -> String {
    let info = fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = info
        .lines()
        .find_map(|line| line.strip_prefix("model name"))
        .and_then(|rest| rest.split_once(':'))
        .map_or("an unknown CPU", |(_, model)| model.trim())
        .to_owned();
    let cpus = std::thread::available_parallelism().map_or(0, |n| n.get());
    // The load averages when the report runs, right after the benches: the 15-minute one
    // spans about the whole run, and shows how much else the machine was doing.
    let load = fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    if load.len() == 3 {
        format!(
            "{model}, {cpus} CPUs available; load average at its end {} (1, 5 and 15 minutes)",
            load.join(" / ")
        )
    } else {
        format!("{model}, {cpus} CPUs available")
    }
}

fn directories() -> (PathBuf, PathBuf) {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [ours, peers] = args.as_slice() {
        return (ours.into(), peers.into());
    }
    if let Some(target) = std::env::var_os("CARGO_TARGET_DIR") {
        let dir = PathBuf::from(target).join("criterion");
        return (dir.clone(), dir);
    }
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    (
        here.join("../target/criterion"),
        here.join("target/criterion"),
    )
}

fn main() -> ExitCode {
    let (ours, peers) = directories();
    let mut results = BTreeMap::new();
    for (source, dir) in [(Source::Idtypes, &ours), (Source::Peers, &peers)] {
        match load(dir) {
            Ok(found) => {
                // With one `CARGO_TARGET_DIR` both read the same directory; the groups differ.
                results.insert(source, found);
            }
            Err(err) => {
                eprintln!("perf-report: {err}");
                return ExitCode::FAILURE;
            }
        }
    }
    let mut missing = Vec::new();
    let tables = render(&results, &mut missing);
    let times: Vec<SystemTime> = results
        .values()
        .flat_map(|all| all.values().map(|estimate| estimate.written))
        .collect();
    if let (Some(first), Some(last)) = (times.iter().min(), times.iter().max()) {
        println!(
            "Criterion medians of one run, {} to {} UTC, on {}.\n",
            utc(*first),
            utc(*last),
            machine()
        );
    }
    print!("{tables}");
    if missing.is_empty() {
        ExitCode::SUCCESS
    } else {
        for id in &missing {
            eprintln!("perf-report: no result for {id}");
        }
        ExitCode::FAILURE
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_say_which_is_faster() {
        assert_eq!(
            beside_text("ulid", 14.5, 7.0, Beside::Peers),
            "ulid 14.5 ns (2.07x: idtypes faster)"
        );
        assert_eq!(
            beside_text("ulid", 12.0, 14.3, Beside::Peers),
            "ulid 12.0 ns (0.84x: idtypes slower)"
        );
        assert_eq!(
            beside_text("uuid", 19.9, 19.7, Beside::Peers),
            "uuid 19.9 ns (1.01x: level)"
        );
        assert_eq!(
            beside_text("`Tid::parse`", 3.3, 3.8, Beside::Reference),
            "`Tid::parse` 3.3 ns (0.87x)"
        );
        assert_eq!(ns(1216.4), "1216 ns");
    }

    #[test]
    fn the_median_is_read_from_criterions_estimates() {
        let estimates = serde_json::json!({
            "mean": {"point_estimate": 2.0},
            "median": {"confidence_interval": {"confidence_level": 0.95}, "point_estimate": 1.5},
        });
        assert_eq!(median_of(&estimates), Some(1.5));
    }

    #[test]
    fn dates_are_utc() {
        let time = UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
        assert_eq!(utc(time), "2023-11-14 22:13");
    }

    #[test]
    fn every_row_has_a_figure_of_ours() {
        for section in SECTIONS {
            for row in section.rows {
                assert!(!row.ours.is_empty(), "{}", row.operation);
            }
        }
    }
}
