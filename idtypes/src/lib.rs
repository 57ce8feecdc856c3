//! Correct, fast, strongly typed sortable identifiers.
//!
//! `idtypes` gives each identifier format a small value type with the same vocabulary: a raw
//! form, a strict allocation-free text codec, its parts (timestamp, clock id, ...), a
//! lock-free generator and inclusive ranges for database queries.
//!
//! These docs are the reference. The repository's `README.md` is the tour: how to depend on
//! the crate before it is published, the quickstart, which format to choose for what, the
//! command line and a performance summary. Two more pages:
//!
//! - Building a JSON API? The [service guide](crate::service_guide) goes from `cargo add` to
//!   the OpenAPI document: typed ids, tables, queries with sqlx, SeaORM or diesel, time ranges
//!   in `WHERE ... BETWEEN`, OpenAPI, and leases for several instances.
//! - [Decisions and errata](crate::decisions): where the source documents disagree or err,
//!   and what this crate does there.
//!
//! # Getting started
//!
//! ```
//! use idtypes::{Tid, tid};
//!
//! // Generate: strictly increasing, never repeating, from any thread.
//! let id = Tid::now();
//! println!("{id}"); // e.g. 3lbx2nqj4ek2a
//!
//! // Parse exactly as the atproto reference does, and read the parts.
//! let known: Tid = "3jzfcijpj2z2a".parse()?;
//! assert_eq!(known.timestamp_micros(), 1688137381887007);
//! assert_eq!(known.clock_id(), 6);
//!
//! // Constants are checked at compile time.
//! const FIRST: Tid = tid!("3jzfcijpj2z2a");
//! assert_eq!(FIRST, known);
//!
//! // Query by prefix or by time: an inclusive range for `WHERE id BETWEEN ? AND ?`.
//! let range = Tid::range_for_prefix("3jzf")?.unwrap();
//! assert!(range.contains(&known));
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! # Formats
//!
//! | type | format | raw form | text |
//! |---|---|---|---|
//! | [`Tid`](struct@Tid) | atproto timestamp identifier | `u64`: 0, 53-bit µs since 1970, 10-bit clock id | 13 chars base32-sortable (`234567a-z`) |
//! | [`RecordKey`](struct@RecordKey) | atproto record key | validated string, inline up to 30 bytes | 1..=512 chars of `A-Za-z0-9.-_~:` |
//! | [`TimeId`](struct@TimeId) | draft-goldman Time-Ordered ID | `i64`: signed µs * 1024 + [`NodeId`](crate::time_id::NodeId) | 13 chars base32-sortable, display `STTT-TTT-TTTT-CC` |
//! | [`Uid11`](struct@Uid11) | uid11 | `u64` | 11 chars Base58 (Bitcoin alphabet), left-padded with `1` |
//! | [`Uid11Xid`](struct@Uid11Xid) | uid11 profile xid | 42-bit ms since 2011-11-11T11:11:11.111Z, 22-bit random | as uid11 |
//! | [`Snowish`](struct@Snowish) | uid11 profile snowish | 0, 41-bit ms, 10-bit machine, 12-bit sequence | as uid11 |
//! | [`TsSeqRand`](struct@TsSeqRand) | uid11 profile ts-seq-rand | 42-bit ms, 12-bit sequence, 10-bit random | as uid11 |
//! | [`FullRand`](struct@FullRand) | uid11 profile fullrand | 64 random bits | as uid11 |
//! | [`Snowflake`](struct@Snowflake) | Twitter's and Discord's Snowflake | `u64`: 0, 41-bit ms since the service's epoch, 10-bit worker, 12-bit sequence | 1 to 19 decimal digits |
//! | [`Tbsl`](struct@Tbsl) | TBSL | 80 bits: `(unix µs * 100 + machine 0..=99) * 2^20 + 20-bit suffix` | 20 chars uppercase hex; transport bases 10, 16, 32, 36, 58, 62 |
//! | [`Ulid`](struct@Ulid) | ULID | 16 bytes: 48-bit ms since 1970, 80 random bits | 26 chars Crockford base32, uppercase, read in either case |
//! | `Uuid` (the `uuid` crate's, `uuid` feature) | UUID (RFC 9562), text as a TypeID | 16 bytes | 26 chars lowercase Crockford base32: the TypeID suffix; typed ids `prefix_` + suffix; see [`uuids`] |
//! | [`Ksuid`](struct@Ksuid) | KSUID (segmentio/ksuid) | 20 bytes: 32-bit seconds since 1,400,000,000 Unix seconds, 128-bit random payload | 27 chars base62 (`0-9A-Za-z`, nothing else), at most `aWgEPTl1tmebfsQzFP4bxwgy80V` |
//! | [`Sonyflake`](struct@Sonyflake) | Sony's Sonyflake (sony/sonyflake v1, v2) | `u64`: 0, then time in units since the service's start, sequence, machine id, as its [`SonyflakeLayout`](sonyflake::SonyflakeLayout) cuts them (v1: 39-bit 10 ms units since 2014-09-01, 8-bit sequence, 16-bit machine id) | 1 to 19 decimal digits |
//! | [`RsXid`](struct@RsXid) | rs/xid's XID (the Go `github.com/rs/xid`, the Rust `xid` crate, npm `xid-ts`): Mongo-ObjectId-like 12 bytes | 12 bytes: 32-bit s since 1970, 3-byte machine id, 2-byte process id, 3-byte counter | 20 chars lowercase base32hex (`0-9a-v`), the last `0` or `g` |
//! | [`ObjectId`](struct@ObjectId) | MongoDB's ObjectId (the BSON specification, npm `bson`, the Rust `bson` crate: `bson` feature) | 12 bytes: 32-bit s since 1970, 5-byte random value per process, 3-byte counter | 24 chars hex, lowercase, read in either case |
//! | [`NanoId`](struct@NanoId) (`NanoId<A, LEN>`) | NanoID | its text, inline: `LEN` symbols of the alphabet `A`, random (not time-ordered) | by default 21 chars of `A-Za-z0-9_-`; other alphabets and lengths are types ([`nanoid`]) |
//! | [`Cuid2`](struct@Cuid2) | CUID2 (`@paralleldrive/cuid2`) | none: the text, inline (up to 32 bytes) | 2 to 32 chars, a letter `a-z` then `0-9a-z` (24 when generated); see [`cuid2`](mod@cuid2) |
//!
//! **Two "xid"s.** The uid11 profile the uid11 specification names "xid" is
//! [`Uid11Xid`](struct@Uid11Xid) (called `Xid` in 0.1.0, a name kept one release, deprecated);
//! rs/xid's XID, which most people searching for "xid" mean, is [`RsXid`](struct@RsXid).
//! Neither is called plain `Xid`, in the API, the derives, the CLI (`uid11-xid`, `rs-xid`;
//! plain `xid` is refused naming both) or the SQL functions (`uid11_xid_*`, `rs_xid_*`): a
//! reader who meets either name knows which one it is without knowing the other exists.
//!
//! [`RecordKeyType`](crate::record_key::RecordKeyType) is a Lexicon record-key type (`tid`,
//! `nsid`, `literal:<value>`, `any`) and checks keys against it. Which format to take for
//! what: the README's "Choosing a format"; what this crate decided where the format
//! documents disagree or err: [decisions and errata](crate::decisions).
//!
//! The id types, [`Error`], [`IdText`], [`IdRange`], the traits and the clocks are at the crate
//! root. What belongs to one format (its generator, its configuration, its part types) is in
//! that format's module: [`tid`](mod@tid) ([`TidGenerator`](tid::TidGenerator)), [`time_id`]
//! ([`NodeId`](time_id::NodeId), [`TimeIdGenerator`](time_id::TimeIdGenerator)), [`uid11`]
//! ([`Uid11XidGenerator`](uid11::Uid11XidGenerator), [`UID11_XID_EPOCH_MILLIS`](uid11::UID11_XID_EPOCH_MILLIS), ...),
//! [`snowflake`] ([`SnowflakeEpoch`](snowflake::SnowflakeEpoch),
//! [`SnowflakeGenerator`](snowflake::SnowflakeGenerator)), [`tbsl`]
//! ([`TbslGenerator`](tbsl::TbslGenerator), [`ClockPolicy`](tbsl::ClockPolicy),
//! [`TransportBase`](tbsl::TransportBase), ...), [`ulid`]
//! ([`UlidGenerator`](ulid::UlidGenerator)), [`rs_xid`]
//! ([`RsXidGenerator`](rs_xid::RsXidGenerator)), `uuids` (`DynTypeId`, `UuidV7Generator`,
//! `now_v7`, `new_v4`, with the `uuid` feature), `record_key`
//! ([`RecordKeyType`](crate::record_key::RecordKeyType)), [`ksuid`]
//! ([`KsuidGenerator`](ksuid::KsuidGenerator)), [`sonyflake`]
//! ([`SonyflakeLayout`](sonyflake::SonyflakeLayout),
//! [`SonyflakeGenerator`](sonyflake::SonyflakeGenerator)), [`nanoid`]
//! ([`NanoAlphabet`](nanoid::NanoAlphabet) and the alphabets, [`UrlSafe`](nanoid::UrlSafe),
//! [`Lowercase`](nanoid::Lowercase), ...) and [`cuid2`](mod@cuid2)
//! ([`Cuid2Generator`](cuid2::Cuid2Generator), [`Cuid2Inputs`](cuid2::Cuid2Inputs), with the
//! `cuid2` feature).
//!
//! Every fixed-size id type orders like its text and its big-endian bytes, so ids sort the
//! same in memory, in a database and in a key-value store; but a [`Snowflake`](struct@Snowflake)
//! and a [`Sonyflake`](struct@Sonyflake), whose decimal text (as their services write it)
//! sorts like their bytes only at equal lengths. Record keys, NanoIDs and CUID2s, which are
//! their text, order by its bytes. For [`TimeId`](struct@TimeId), that encoded order is not
//! chronological across 1970 (pre-1970 ids sort last); [`TimeId::cmp_chronological`] compares
//! by time.
//!
//! # One vocabulary
//!
//! Every format has the same operations under the same names, wherever the format can have
//! them; a typed id (see [typed ids](#typed-ids)) forwards its format's. A fallible
//! constructor is `try_*` (or `from_parts`, which checks each part), and a lookup that can
//! match nothing returns `Option`.
//!
//! | operation | `Tid` | `TimeId` | `Uid11` | `Uid11Xid` | `Snowish` | `TsSeqRand` | `FullRand` | `Snowflake` | `Tbsl` | `RecordKey` | `Ulid` | `Uuid` ¹¹ | `Ksuid` | `Sonyflake` | `RsXid` | `NanoId` | `Cuid2` |
//! |---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
//! | `parse`, `FromStr`, `TryFrom<&str>` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | typed ids (TypeID or hyphenated), `DynTypeId::parse`, `uuids::parse_hyphenated` | ✓ | ✓ | ✓ | ✓ | ✓ |
//! | `parse_ascii` (bytes in) | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | — ¹ | ✓ | `DynTypeId::parse_ascii` | ✓ | ✓ | ✓ | ✓ | ✓ |
//! | `const` parse | `parse_const` | `parse_const` | `parse` | `parse` | `parse` | `parse` | `parse` | `parse` | `parse` | `validate` | — | `DynTypeId::parse` | — | `parse` | — | — | `parse_const` |
//! | `encode()` ([`IdText`] on the stack), `Display`, `Debug` | ✓ | ✓ (`to_dashed`) | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | `as_str` ¹ | ✓ (`encode_lowercase`) | `uuids::uuid_suffix` (TypeID), `uuids::encode_hyphenated` | ✓ | ✓ | ✓ | `as_str` ¹ | `encode`, `as_str` (the text it holds) ¹ |
//! | `TEXT_LEN` ([`IdFormat::MAX_TEXT_LEN`] generically) | 13 | 13 (dashed 16) | 11 | 11 | 11 | 11 | 11 | 19 (1 to 19 digits) | 20 | `MAX_LEN` 512 | 26 | 26 (hyphenated 36) | 27 | 19 (1 to 19 digits) | 20 | `LEN` (21 by default) | `MIN_LEN` 2, `MAX_LEN` 32 (`DEFAULT_LEN` 24) |
//! | integer form | `from_u64` | `from_i64` | `from_u64` | `from_u64` | `try_from_u64` ² | `from_u64` | `from_u64` | `try_from_u64` ² | `try_from_u128` ² | — ¹ | `from_u128` | `from_u128` (the uuid crate's) | — (160 bits) | `try_from_u64` ² | — (96 bits) | — ¹ | — ¹ |
//! | big-endian bytes | `from_bytes` | `from_bytes` | `from_bytes` | `from_bytes` | `try_from_bytes` ² | `from_bytes` | `from_bytes` | `try_from_bytes` ² | `from_bytes` | — ¹ | `from_bytes` | `from_bytes` (the uuid crate's) | `from_bytes` (20), `as_bytes` | `try_from_bytes` ² | `from_bytes` (12) | — ¹ | — ¹ |
//! | `MIN`, `MAX`, `Default` (= `MIN`, the nil id) | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | — ³ | ✓ | `nil()`, `max()`, `Default` (the uuid crate's) | ✓ | ✓ | ✓ (`MIN` is `NIL`) | — ³ | — ³ |
//! | `AsRef<str>`, `Borrow<str>` (`Eq`, `Ord`, `Hash` of the text) | — ⁹ | — ⁹ | — ⁹ | — ⁹ | — ⁹ | — ⁹ | — ⁹ | — ⁹ | — ⁹ | ✓ | — ⁹ | — ⁹ | — ⁹ | — ⁹ | — ⁹ | `AsRef<str>`, not `Borrow<str>` | `AsRef<str>`, not `Borrow<str>` |
//! | `from_parts` and the parts | µs, clock id | µs, node | — ⁴ | ms, random | ms, machine, sequence | ms, sequence, random | — ⁴ | ms since its epoch, worker, sequence | µs, machine, suffix | — | ms, random | — (the uuid crate's `Builder`) | s, payload (`from_parts`: Unix s; `from_ksuid_parts`: the stored s) | time units, sequence, machine ¹⁰ | s, machine, process, counter | — ¹³ | — ¹³ |
//! | `timestamp_micros` / `timestamp_millis`, `timestamp()` | µs | µs | — ⁴ | ms | ms | ms | — ⁴ | ms, of an epoch ¹⁰ | µs | — | ms | ms: `uuids::timestamp_millis`, `timestamp`, `datetime` (version 7; `None` for others) | s (`timestamp_seconds`; `ksuid_seconds` as stored) | ms, ns ¹⁰ | s (`timestamp_seconds`) | — ⁴ | — ⁴ |
//! | `datetime::<T>()`, `from_datetime(time, ...)`: any [`UtcTime`] ([times](#times)) | ✓ | ✓ | — ⁴ | ✓ | ✓ | ✓ | — ⁴ | — ¹⁰ | ✓ | — | `Option<T>` ¹⁵, ✓ | `uuids::datetime` → `Option<T>` | ✓ | — ¹⁰ | ✓ | — | — |
//! | `now()` (the process-wide generator) | ✓ | ✓ | — ⁴ | ✓ | — ⁵ | ✓ | `random()` | — ⁵ | — ⁵ | — | ✓ | `uuids::now_v7()`, `uuids::new_v4()` | ✓ | — ⁵ | ✓ | `random()` (`new()` for the default type) | `generate()` ¹⁴ |
//! | `at(time)`: an id of a given time ¹² | ✓ | ✓ | — ⁴ | ✓ | ✓ | ✓ | — ⁴ | `at(epoch, time)` ¹⁰ | ✓ | — | ✓ | `uuids::at_v7(time)`; typed ids: `at` | ✓ | `at(layout, time)` ¹⁰ | ✓ | — ⁴ | — ⁴ |
//! | generator `next` / `try_next` | ✓ / ✓ | ✓ / ✓ | — ⁴ | ✓ / ✓ | ✓ / ✓ | ✓ / ✓ | — | ✓ / ✓ | — / ✓ ⁶ | — | ✓ / ✓ | `UuidV7Generator`: ✓ / ✓ | ✓ / ✓ (random payloads, or [`monotonic`](ksuid::KsuidGenerator::monotonic)) | ✓ / ✓ | ✓ / ✓ | — | ✓ / — ¹⁴ |
//! | its clock, node or machine id | `with_clock_id` (random by default) | `with_node` (random by default) | — | — | `new(machine_id)` ⁵ | — | — | `new(epoch, worker_id)` ⁵ | `new(machine_id)` ⁵ | — | — | — | — | `new(layout, machine_id)` ⁵ | `with_machine_id` (the host's by default) | — | — |
//! | `range_for_prefix` → `Result<Option<IdRange>>` | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | ✓ | — ¹⁰ | ✓ | — ⁷ | ✓ | `uuids::range_for_prefix` (of the TypeID suffix) | ✓ | — ¹⁰ | ✓ | — ⁷ | — ⁷ |
//! | `ranges_for_time` → [`IdRanges`] | ✓ | ✓ | — ⁴ | ✓ | ✓ | ✓ | — ⁴ | ✓ ¹⁰ | ✓ | — | ✓ | `uuids::ranges_for_time` | ✓ | ✓ ¹⁰ | ✓ | — ⁴ | — ⁴ |
//! | `range_for_time` → `Option<IdRange>` | ✓ | — ⁸ | — ⁴ | ✓ | ✓ | ✓ | — ⁴ | ✓ ¹⁰ | ✓ | — | ✓ | `uuids::range_for_time` | ✓ | ✓ ¹⁰ | ✓ | — ⁴ | — ⁴ |
//! | the same span as integers | `range_for_micros` | `ranges_for_micros` | — | `range_for_millis` | `range_for_millis` | `range_for_millis` | — | `range_for_millis` ¹⁰ | `range_for_micros` | — | `range_for_millis` | `uuids::range_for_millis` | `range_for_seconds` | `range_for_millis` ¹⁰ | `range_for_seconds` | — | — |
//!
//! An [`ObjectId`](struct@ObjectId) has the operations of an `RsXid`, with its own parts
//! (seconds, the process's random value, counter) and no machine id to set.
//!
//! 1. A record key, a NanoID and a CUID2 are strings: their text is their only form.
//! 2. Some values are not ids (snowish's, Snowflake's and Sonyflake's top bit, TBSL's 80
//!    bits in a `u128`). (A Snowflake's and a Sonyflake's `from_u64` and `from_bytes` drop
//!    the top bit.)
//! 3. No record key is empty: there is no natural default. A typed id has `Default` (its
//!    inner `MIN`) when its format has one and the type has no checks: a default the checks
//!    refuse would be a value the type forbids, and `Default` cannot fail. So typed record
//!    keys have none either, not even of a `literal:` key type, whose one key `parse` gives.
//!    NanoIDs and CUID2s have no `MIN`, `MAX` or `Default` either: their ids are random text,
//!    and a default would be one fixed id (`NanoId::new()` is a random one).
//! 4. A plain uid11, a fullrand id, a NanoID and a CUID2 hold no time.
//! 5. Snowish, Snowflake, Sonyflake and TBSL ids name the machine that made them, so their
//!    generators take a machine (worker) id, and there is no argument-free `now()`; give each
//!    process its own id (a worker index, or one [leased](crate::lease) from a shared
//!    database).
//! 6. A TBSL generator fails by the policies its user chose (a clock policy that refuses a
//!    clock gone back, a pluggable sequence): it has `try_next` only. Every other generator's
//!    `next` returns the id and panics only where `try_next` would fail: past the format's
//!    last timestamp, or when a lease or fixed id it was given no longer holds (see
//!    [processes and `fork()`](#processes-and-fork)); use `try_next` with those.
//! 7. Record keys, NanoIDs and CUID2s have no prefix ranges: their order is not the order of
//!    any time or number.
//! 8. A `TimeId` span across 1970 is two ranges (pre-1970 ids sort last): only the plural.
//! 9. A fixed-size id holds no text to lend: `encode()` makes it on the stack. A typed record
//!    key without a prefix is its key's text and borrows as it (a `HashSet<PostKey>` is looked
//!    up with a `&str`); one with a prefix does not: its text (`note_self`) is not what it
//!    compares and hashes (`self`), so either `&str` would find the wrong thing.
//! 10. A Snowflake holds no epoch: each service has its own
//!     ([`SnowflakeEpoch`](snowflake::SnowflakeEpoch)), which its times and time ranges take
//!     as an argument. A Sonyflake holds no layout: its start, time unit and bit widths are
//!     the service's ([`SonyflakeLayout`](sonyflake::SonyflakeLayout): `V1`, `V2` or its
//!     own, never a default), which its parts, times, `at`, generator and time ranges take
//!     as their first argument (`decompose(layout)`, `timestamp_millis(layout)`,
//!     `timestamp_nanos(layout)`, `timestamp(layout)`). The decimal text of either does not
//!     sort like the ids (`"9"` > `"10"`), so they have no prefix ranges.
//! 11. `Uuid` is the `uuid` crate's type (`uuid` feature), whose own methods and hyphenated
//!     `Display`/`FromStr` stay as they are: this crate's operations on it are the free
//!     functions of [`uuids`](crate::uuids), and a typed UUID id (`#[derive(idtypes::Uuid)]`)
//!     has them as methods (`UserId::now_v7()`, `UserId::range_for_time(..)`). Its text as
//!     a format is the TypeID suffix; the time functions and time ranges are version 7's
//!     (a range holds every UUID between its bounds, as PostgreSQL's `uuid` order does).
//! 12. For tests and backfills (with the generators: `std`): `time` is a `SystemTime` or any
//!     [`UtcTime`] (chrono's `DateTime<Utc>`, jiff's `Timestamp`, `time`'s `OffsetDateTime`),
//!     rounded down to the format's precision; the parts that are not
//!     time are drawn from the secure random source (clock id, node, machine or worker id,
//!     sequence, random bits), but for an `RsXid`, whose machine id, process id and counter
//!     are the process's, as `now()`'s. A time outside the format's span is an
//!     [`ErrorKind::OutOfRange`].
//! 13. A NanoID is random symbols and a CUID2 a hash: neither has parts to read back. Like a
//!     record key, each is its text, but held inline and `Copy`.
//!     [`NanoId::from_random`] gives the id nanoid spells from given random bytes, and
//!     [`Cuid2::from_inputs`] (`cuid2` feature) the reference's id of given inputs.
//! 14. With the `cuid2` feature (and, as every generator, `std`):
//!     [`Cuid2Generator`](cuid2::Cuid2Generator) makes ids of any length from 2 to 32, and
//!     cannot fail, so it has `next` only (its `IdGenerator::try_next` is `Ok(next())`).
//! 15. A ULID's 48 bits of milliseconds run to the year 10889, past jiff's and `time`'s last
//!     year (9999): its `datetime` is `None` where the type cannot hold the time.
//!
//! Code generic over the formats has the same through two traits: [`IdFormat`] (every format:
//! its name, its longest text, `encode`) and [`FixedSizeFormat`] (every format but those that
//! are their text, the record key, NanoID and CUID2: the raw form, integer or bytes, and the
//! big-endian bytes, both ways).
//!
//! Range bounds are inclusive, for `WHERE id BETWEEN ? AND ?` ([`IdRange`]); time spans are
//! any `RangeBounds` of `SystemTime` (or of a [`UtcTime`]), taken at the format's precision
//! (every millisecond the span touches, for the millisecond formats).
//!
//! Every failure is an [`Error`] whose [`kind`](Error::kind) says what went wrong, whose
//! [`position`](Error::position) says where (a byte offset from 0 into the text read, a typed
//! id's prefix included, as the message's "at byte 12"; the [SQL functions](crate::sql) of
//! PostgreSQL and MySQL count characters from 1 instead, as SQL does), and whose message says
//! what was expected.
//! No input makes any function here panic.
//!
//! # Times
//!
//! Every format with a timestamp meets the date-time libraries through one trait,
//! [`UtcTime`]: std's `SystemTime`, chrono's `DateTime<Utc>` (feature `chrono`), jiff's
//! `Timestamp` (feature `jiff`), and the `time` crate's `OffsetDateTime` and `UtcDateTime`
//! (feature `time`). Whichever a service holds, the same calls take it and give it, with the
//! same rounding (down, to the format's precision) and the same out-of-range errors:
//!
//! - made at a time: `Tid::from_datetime(time, clock_id)` and each format's `from_datetime`
//!   with its other parts, and `at(time)` with random parts (typed ids too);
//! - its timestamp: `id.datetime::<T>()` (typed ids too) and `T::from(id)`; for the two
//!   formats whose times run to the year 10889, past jiff's and `time`'s 9999, an `Option`:
//!   [`Ulid::datetime`] and [`uuids::datetime`] (a version 7 UUID);
//! - a span: `range_for_time(start..end)` and `ranges_for_time`, of any of them.
//!
#![cfg_attr(all(feature = "jiff", feature = "time"), doc = "```")]
#![cfg_attr(not(all(feature = "jiff", feature = "time")), doc = "```ignore")]
//! use idtypes::Tid;
//!
//! let start: jiff::Timestamp = "2024-07-01T00:00:00Z".parse().unwrap();
//! let id = Tid::from_datetime(start, 42)?;
//! assert_eq!(id.datetime::<jiff::Timestamp>(), start);
//! assert_eq!(time::OffsetDateTime::from(id).month(), time::Month::July);
//! let end: jiff::Timestamp = "2024-07-01T01:00:00Z".parse().unwrap();
//! assert!(Tid::range_for_time(start..end).unwrap().contains(&id));
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! # Typed ids
//!
//! With the `derive` feature, a newtype over any format becomes a *typed id*: its own type (a
//! `PostId` is never mistaken for a `UserId`) whose text carries a prefix, like Stripe's ids.
//! The macros are named like the formats and come in with them (`use idtypes::Tid;` brings the
//! type and its derive), as serde's traits do.
//!
#![cfg_attr(feature = "derive", doc = "```")]
#![cfg_attr(not(feature = "derive"), doc = "```ignore")]
//! use idtypes::prelude::*;
//! use idtypes::{ErrorKind, RecordKey, Tid};
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! let id: PostId = "post_3jzfcijpj2z2a".parse()?;
//! assert_eq!(id.to_string(), "post_3jzfcijpj2z2a");
//! assert_eq!(format!("{id:?}"), "PostId(post_3jzfcijpj2z2a)");
//! assert_eq!(id.timestamp_micros(), 1688137381887007);
//! assert_eq!(id.into_inner(), idtypes::tid!("3jzfcijpj2z2a"));
//!
//! let err = "user_3jzfcijpj2z2a".parse::<PostId>().unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::Prefix);
//! assert_eq!(err.to_string(), "invalid PostId: expected the prefix `post_`, found `user_`");
//! let err = "post_3jzfcijpj2z2aa".parse::<PostId>().unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::Length);
//! assert_eq!(
//!     err.to_string(),
//!     "invalid PostId: expected at most 18 bytes (`post_` and the atproto TID), found 19 bytes"
//! );
//!
//! // Record keys can be held to a record key type, checked by every constructor.
//! #[derive(RecordKey)]
//! #[idtype(key_type = "tid")]
//! pub struct PostKey(RecordKey);
//!
//! assert!("3jzfcijpj2z2a".parse::<PostKey>().is_ok());
//! assert!("self".parse::<PostKey>().is_err());
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! The derives are `Tid`, `TimeId`, `Uid11`, `Uid11Xid`, `Snowish`, `TsSeqRand`, `FullRand`,
//! `Snowflake`, `Tbsl`, `Ulid`, `RecordKey` (with `alloc`), `Uuid` (with the `uuid`
//! feature: `#[derive(idtypes::Uuid)] struct UserId(uuid::Uuid);`, TypeID text by default, see
//! [`uuids`](crate::uuids)), `Ksuid`, `Sonyflake`, `RsXid`, `NanoId` (over any
//! `NanoId<A, LEN>`) and `Cuid2`, on a tuple struct with one field of that type. Each
//! generates:
//!
//! - text: [`Display`](core::fmt::Display), [`FromStr`](core::str::FromStr) and
//!   `TryFrom<&str>` (and [`TypedId::parse`], [`TypedId::parse_unchecked`], with `PREFIX` and
//!   `SEPARATOR`: the trait's, in the prelude) for the prefix, the separator and the
//!   format's text, or the bare text without a prefix; `Debug` as
//!   `PostId(post_3jzfcijpj2z2a)`; for the fixed-length formats,
//!   `encode()`, the text in an exactly sized [`IdText`] on the stack;
//! - `Clone`, `Copy` (all formats but record keys), `Eq`, `Ord` and `Hash`, as the inner id's;
//!   `Default`, the inner `MIN`, on fixed-size types without checks; `AsRef<str>` and
//!   `Borrow<str>` on record keys without a prefix (see [one vocabulary](#one-vocabulary));
//! - conversions: `from_inner`, `as_inner`, `into_inner`, `From<PostId>` for the inner type and
//!   `From` (or, with checks, `TryFrom`) the other way, `AsRef`, and [`TypedId`];
//! - the format's accessors (`timestamp_micros`, `timestamp`, `datetime`, `machine_id`, ...),
//!   its range helpers returning typed ranges (`PostId::range_for_prefix`, ...) and its
//!   generation (`PostId::now()`, `PostId::next_from(&generator)`, `PostId::at(time)`,
//!   `random()` for fullrand and NanoID, `generate()` for CUID2): these are the format's
//!   extension trait ([`TypedTid`](tid::TypedTid), [`TypedUlid`](ulid::TypedUlid), ...),
//!   implemented once for every typed id of the format, so that a typed id costs the compiler
//!   about what a newtype does; `use idtypes::prelude::*` brings them into scope (rustc names
//!   the trait when one is missing);
//! - the integrations this crate has enabled, with nothing to import: serde (the prefixed text
//!   in human-readable formats; in binary ones the prefixed text too over a TID or a record key,
//!   the inner id's raw form over the other formats, unless `serde = "..."` chooses), sqlx and
//!   postgres-types (stored exactly like the inner type, without the prefix, so a column keeps
//!   its order and size), arbitrary (values the type's checks accept), and schemars and utoipa
//!   (see [JSON Schema and OpenAPI](#json-schema-and-openapi)).
//!
//! Parsing reports, in this order: a missing or different prefix ([`ErrorKind::Prefix`]), a
//! prefix followed by something other than the separator ([`ErrorKind::Separator`]), a text
//! longer than any of the type's ([`ErrorKind::Length`]: the prefix, the separator and the
//! format's longest text), the format's own error with its position in the whole text
//! ([`Error::type_name`] names the typed id), then the type's checks. The prefix and separator
//! are looked for in the first 71 bytes only (the longest prefix and separator), and the
//! length is checked before the format reads anything, so a text of any size is refused in
//! time that does not grow with it: `post_` followed by 100 MB is a length error at once.
//!
//! | attribute | meaning |
//! |---|---|
//! | `prefix = "post"` | lowercase ASCII letters, digits and `_`, starting with a letter, at most 63; checked at compile time; none means the bare text |
//! | `separator = "-"` | between the prefix and the id; `_` by default; 1 to 8 ASCII punctuation characters |
//! | `validate = check` | a function `fn(&Inner) -> Result<(), E>` (a path, or a closure `\|id\| ...`) run by every checked constructor, by parsing, and by deserializing and sqlx decoding unless they trust; `E` is an error type, a `String` or a `&'static str` ([`ValidationError`]); a refusal is an [`ErrorKind::Validation`] whose [`source`](core::error::Error::source) is `E` itself |
//! | `text = "hyphenated"` | typed UUIDs only: the text after the prefix is the hyphenated form (`01890a5d-ac96-774b-bcce-b302099a8057`, read in either case) instead of the TypeID suffix (`"typeid"`, the default, whose prefix must be `a`-`z` and inner `_`, joined by `_`); the text in JSON, schemas, `AsText` columns and `Display` |
//! | `key_type = "tid"` | record keys only: `tid`, `nsid`, `any` (the default) or `literal:<key>` |
//! | `decode = "trust"` | database decoding (sqlx and postgres-types, `AsText` included) skips the type's checks ([`CheckPolicy`]); `"check"` is the default |
//! | `deserialize = "trust"` | serde deserializing skips the type's checks; `"check"` is the default |
//! | `serde = "text"` | what serde's binary formats get: `"text"` (the prefixed text, in every format) or `"raw"` (the inner id's raw form, without the prefix); the inner format's choice by default: text over a `Tid` or a `RecordKey`, raw over the others (see [`serde`](crate::serde)) |
//! | `allow_public_field` | lets a type with checks have a `pub` field, which lets any code build a value the checks refuse |
//! | `crate = "path"` | where `idtypes` is, for crates that re-export it |
//!
//! The derive writes all of those impls itself: do not also derive `Clone`, `Debug`, `PartialEq`,
//! `Serialize`, ... on a typed id. In a `#[derive(...)]` written after the id derive, each such
//! trait is an error that says so; in the same list or an earlier one, the compiler reports
//! conflicting implementations (E0119) instead.
//!
//! ## Checked types
//!
//! A type with checks (`validate`, or a `key_type` other than `any`) cannot be built without
//! them by accident:
//!
//! - its field must be private (a `pub` or `pub(crate)` field is a compile error unless the
//!   type says `allow_public_field`), so `PostId(tid)` compiles only in its own module;
//! - its constructors are fallible: `from_inner`, `TryFrom`, `now` and `next_from` return
//!   `Result` (the type's [`TypedId::Checks`] is [`Checked`](checks::Checked), which makes
//!   the extension traits' [`Made<Self>`](checks::Made) a `Result`);
//! - the way around the checks is explicit and `unsafe`-free: `from_inner_unchecked(inner)` and
//!   `parse_unchecked(text)` (which still reads the prefix and the format strictly), for values
//!   known to be good or that must be read whatever they are;
//! - reading from outside runs the checks unless the type trusts that source: a tightened rule
//!   need not turn every old row into a failed query (`decode = "trust"`), while JSON from
//!   clients stays checked (`deserialize` defaults to `"check"`).
//!
#![cfg_attr(feature = "derive", doc = "```")]
#![cfg_attr(not(feature = "derive"), doc = "```ignore")]
//! use idtypes::{Tid, TypedId};
//!
//! #[derive(Debug)]
//! struct TooOld;
//!
//! impl core::fmt::Display for TooOld {
//!     fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
//!         f.write_str("made before the service started")
//!     }
//! }
//!
//! impl core::error::Error for TooOld {}
//!
//! fn recent(tid: &Tid) -> Result<(), TooOld> {
//!     if tid.timestamp_micros() < 1_700_000_000_000_000 { Err(TooOld) } else { Ok(()) }
//! }
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post", validate = recent, decode = "trust")]
//! pub struct PostId(Tid);
//!
//! let old = idtypes::tid!("3jzfcijpj2z2a");
//! let err = PostId::from_inner(old).unwrap_err();
//! assert_eq!(err.to_string(), "invalid PostId: made before the service started");
//! assert!(core::error::Error::source(&err).unwrap().is::<TooOld>());
//!
//! // Explicitly, without the check: a row written before the rule.
//! let kept = PostId::from_inner_unchecked(old);
//! assert_eq!(PostId::parse_unchecked("post_3jzfcijpj2z2a")?, kept);
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! Range bounds are query bounds and are not checked. Mistakes in the attributes are compile
//! errors at the offending token, with a suggestion where one helps.
//!
//! # atproto
//!
//! | Lexicon | type | on the wire |
//! |---|---|---|
//! | `string`, `format: tid` (`rev`, a `tid` record key) | [`Tid`](struct@Tid), or a typed id over it without a prefix (`#[derive(Tid)] struct Rev(Tid);`) | the 13-character text, in JSON and in DAG-CBOR (a CBOR text string) alike |
//! | `string`, `format: record-key`; a record's `key` (`tid`, `nsid`, `literal:self`, `any`) | [`RecordKey`](struct@RecordKey), or a typed record key held to its key type (`#[idtype(key_type = "tid")]`); [`RecordKeyType`](crate::record_key::RecordKeyType) for the key type itself | the key's text |
//! | `at://` URI parts | the record key and, for a `tid`-keyed collection, its TID ([`RecordKey::to_tid`]); the collection's NSID is checked by the `nsid` key type | text |
//!
//! DIDs, handles and whole AT URIs are outside this crate: keep them in your atproto
//! library's types (atrium, jacquard) beside these. Each of these types reads and writes
//! exactly the string another implementation does: a record holding them encodes in DAG-CBOR
//! (`serde_ipld_dagcbor`) byte for byte as the same record holding `String`s, so it has the
//! same CID, and what a string-backed TID (atrium's, jacquard's) writes reads back, and the
//! other way round (tested in `tests/it/atproto_wire.rs` and
//! `benches-peers/tests/atproto_interop.rs`). To keep ids exact across implementations,
//! parse strictly and write back what you parsed (both are canonical, so no text changes on
//! the way), give atproto fields typed ids *without* a prefix (a prefix is part of the text,
//! and no Lexicon `tid` has one), and key DAG-CBOR maps by text (see
//! [`serde`](crate::serde#map-keys-and-dag-cbor)).
//!
//! # Clocks
//!
//! Generators read the wall clock ([`SystemClock`], or any [`Clock`]), and wall clocks jump:
//! an NTP step, a VM migrated or resumed, one bad read. Within a generator ids never repeat
//! and never go backwards whatever the clock does, so an id stamped in the future holds every
//! later one there: a generator that followed one read an hour ahead would make future ids
//! (or fail) for an hour, and one read in 2255 would use TID timestamps up for good. So a
//! generator follows a forward jump only when time has passed to explain it:
//!
//! | the clock | what the generators do |
//! |---|---|
//! | moves on as time passes (or slews, up to 0.1%) | follow it |
//! | steps back | continue from the last id (TID, TimeId, xid, snowish, ts-seq-rand, Snowflake: counting up 1 µs, 1 sequence number or 1 random step an id; the counting ones wait out a step of up to a second, and after a longer one count on at most as fast as time passes) or apply the [`ClockPolicy`](tbsl::ClockPolicy) (TBSL) until it is back |
//! | is asked for more ids than its format has ticks (over one TID a microsecond, 4,096 Snowflakes a millisecond) | count ahead of the clock up to the [`RunAhead`] bound (1 ms unless chosen), then wait for the clock, or refuse |
//! | jumps ahead further than the time that passed, by more than 131 ms | hold the jump back: go on from the last reading they took plus the time passed, as the clock's [monotonic reading](Clock::monotonic_micros) tells it |
//! | keeps such a jump for a second (readings that agree within 131 ms) | take it: it was a step, not a glitch |
//!
//! One wrong forward read thus costs a generator at most 131 ms of run-ahead plus 0.1% of
//! the time since it last checked the clock (every 131 ms while it is busy): never an hour of
//! future ids or errors, never exhausted timestamps. The check runs only when a reading leaves
//! the 131 ms window of the last one checked; the rest of the time it is one load and a
//! compare.
//!
//! Counting ahead is bounded too: a TID generator asked for 40 million TIDs a second would
//! otherwise move its TIDs 40 times faster than time, seconds into the future within a second,
//! where "created at", time ranges and the order beside other processes' ids all go wrong. By
//! default an id is never more than 1 ms ahead of its generator's clock; past that the
//! generator sleeps until the clock catches up, and makes its format's full rate from any
//! number of threads (see [`RunAhead`] for the policies and what they cost).
//!
//! A [`Clock`] without a monotonic reading (the default for clocks of your own, right
//! for replays and simulations) is followed wherever it goes. [`ManualClock`] simulates
//! jumps: [`step_forward`](ManualClock::step_forward) then
//! [`step_back`](ManualClock::step_back) is one wrong read.
//!
//! ```
//! use std::time::Duration;
//! use idtypes::ManualClock;
//! use idtypes::tid::TidGenerator;
//!
//! let clock = ManualClock::new(1_700_000_000_000_000);
//! let generator = TidGenerator::with_clock(&clock);
//! generator.next();
//! clock.advance(Duration::from_millis(1));
//! clock.step_forward(Duration::from_secs(3600)); // one read an hour ahead...
//! let spiked = generator.next();
//! clock.step_back(Duration::from_secs(3600)); // ...and the clock is right again
//! let after = generator.next();
//! assert!(spiked.timestamp_micros() < 1_700_000_000_002_000); // held back
//! assert!(after > spiked && after.timestamp_micros() < 1_700_000_000_002_000);
//! ```
//!
//! # Threads: one generator, lanes, or one each
//!
//! A generator shared by threads keeps its ids strictly increasing across all of them: every
//! id is one atomic update of the state they share (a lock, for a sequenced TBSL). That
//! state's cache line then moves between cores on every id, and the move costs more than
//! the rest of the id: on the 2-core machine of the repository's
//! `idtypes/docs/performance.md` ("Generating, two threads"), each of two threads sharing a
//! TID generator took 117 ns an id where one thread alone took 24 (the line's moves, about
//! 60 ns each, against a whole TID's work), so that two threads sharing a generator make
//! fewer ids together than one thread alone, and more threads make still fewer. No design
//! keeps one order across threads without such a move per id.
//!
//! Where each thread's ids need only increase for that thread (and all of them never
//! repeat), a generator in **lanes** shares nothing between threads: `with_lanes(n)` on the
//! generators of TID, TimeId, Snowflake, Sonyflake, the uid11 profiles (xid, snowish,
//! ts-seq-rand), ULID, UUIDv7, monotonic KSUID, rs/xid (whose ids are ordered by the second
//! only, in lanes or not) and TBSL. Lane `k` of `n` makes only
//! the ids whose count (the time and sequence, a ULID's value, an xid's payload, a KSUID's
//! payload, an rs/xid counter, a TBSL suffix) is `k` modulo `n`, and each thread takes its
//! ids from one lane, so `n` threads make ids side by side at the one-thread pace, and the
//! generator keeps its clock id, node or machine id, leases and `fork()` handling. What it
//! gives up: two threads' ids are no longer in the order they were made (by up to `n - 1`
//! steps of that count plus what a burst ran ahead), and each lane has `1/n` of the
//! format's rate. On 32 cores, 32 lanes are 32 states in 32 cache lines, each touched by
//! one thread: ids a second grow with the threads until the format's rate (one TID a
//! microsecond per generator, 4,096 snowish ids a millisecond) is the limit, where one
//! shared state would have stayed below the one-thread figure. CUID2 keeps its counter per
//! thread already, and NanoID, the random KSUID, uid11 FullRand and a random-mode xid
//! generator share nothing. The process-wide generators behind `Tid::now()` and the like
//! keep one lane: one order across threads is what they promise.
//!
//! ```
//! use idtypes::tid::TidGenerator;
//!
//! let generator = TidGenerator::new().with_lanes(4)?;
//! let per_thread: Vec<Vec<idtypes::Tid>> = std::thread::scope(|s| {
//!     let workers: Vec<_> = (0..4)
//!         .map(|_| s.spawn(|| (0..100).map(|_| generator.next()).collect()))
//!         .collect();
//!     workers.into_iter().map(|w| w.join().unwrap()).collect()
//! });
//! assert!(per_thread.iter().all(|tids| tids.windows(2).all(|w| w[0] < w[1])));
//! let all: std::collections::HashSet<_> = per_thread.iter().flatten().collect();
//! assert_eq!(all.len(), 400);
//! # Ok::<(), idtypes::Error>(())
//! ```
//!
//! Ids that need only be unique can also come from a generator per thread, each with its
//! own clock, node or machine id: nothing is shared, and each thread makes ids at the
//! one-thread rate. Its ids then increase per thread only (two threads' ids of one
//! microsecond sort by clock id), and every id handed to a thread is one this process must
//! own, as for any fixed id ([below](#processes-and-fork)): never reuse one, and give other
//! processes other ones.
//!
//! ```
//! use std::sync::atomic::{AtomicUsize, Ordering};
//! use idtypes::{Error, Tid};
//! use idtypes::tid::TidGenerator;
//!
//! /// The next thread's clock id: each is handed out once, so that no later thread (after
//! /// one that ended) repeats another's TIDs.
//! static NEXT_CLOCK_ID: AtomicUsize = AtomicUsize::new(0);
//!
//! thread_local! {
//!     // The 1,025th thread of the process gets the out-of-range error instead.
//!     static TIDS: Result<TidGenerator, Error> = {
//!         let clock_id = NEXT_CLOCK_ID.fetch_add(1, Ordering::Relaxed);
//!         TidGenerator::new().with_clock_id(u16::try_from(clock_id).unwrap_or(u16::MAX))
//!     };
//! }
//!
//! fn next_tid() -> Result<Tid, Error> {
//!     TIDS.with(|generator| generator.as_ref().map_err(Error::clone)?.try_next())
//! }
//!
//! let per_thread: Vec<Vec<Tid>> = std::thread::scope(|s| {
//!     let workers: Vec<_> = (0..4)
//!         .map(|_| s.spawn(|| (0..100).map(|_| next_tid()).collect::<Result<Vec<_>, _>>()))
//!         .collect();
//!     workers.into_iter().map(|w| w.join().unwrap()).collect::<Result<_, _>>()
//! })?;
//! let all: std::collections::HashSet<Tid> = per_thread.iter().flatten().copied().collect();
//! assert_eq!(all.len(), 400);
//! # Ok::<(), Error>(())
//! ```
//!
//! # Processes and `fork()`
//!
//! Every generator hands out strictly increasing ids that never repeat, from any number of
//! threads (but KSUID's default generator, whose payloads are random, and rs/xid's, whose
//! counter wraps, which order ids by the second only, as their references do; NanoIDs and
//! CUID2s have no order). Beyond one process, what keeps ids apart is each format's clock,
//! node or machine id, or its random bits:
//!
//! | format | what tells two processes' ids apart | what its random bits promise |
//! |---|---|---|
//! | [`Tid`](struct@Tid) | the 10-bit clock id | the default clock id is drawn from the OS |
//! | [`TimeId`](struct@TimeId) | the node id | the default best-effort node (0..=31) is drawn from the OS |
//! | [`Snowish`](struct@Snowish), [`Snowflake`](struct@Snowflake), [`Sonyflake`](struct@Sonyflake), [`Tbsl`](struct@Tbsl) | the machine (worker) id, which you choose | none |
//! | [`Uid11Xid`](struct@Uid11Xid) | 22 random bits, drawn once per millisecond (then counted up) | differ, from a fast generator seeded by the OS; guessable from other ids |
//! | [`TsSeqRand`](struct@TsSeqRand) | 10 random bits per id | as xid's |
//! | [`FullRand`](struct@FullRand) | all 64 bits | unpredictable: ChaCha12 keyed by the OS, a secure generator |
//!
//! Random bits come from the operating system's random source (through the `getrandom`
//! crate; in a JavaScript host, from `crypto.getRandomValues()`: see [targets](#targets)),
//! never from a fixed or time-based seed; if the OS has none to give, the call that needs them
//! panics rather than fall back on guessable bits. Only FullRand's bits may stand in
//! for a secret token: the tie-breakers of xid, ts-seq-rand and random TBSL come from a fast
//! generator (wyrand) whose later outputs can be worked out from a few earlier ones.
//!
//! **After `fork()`**, a child starts as a copy of its parent, generators and random streams
//! included. Every generator here notices (a `pthread_atfork` handler updates one word that
//! each id reads, for well under a nanosecond) and the child never goes on with its parent's
//! ids:
//!
//! | in the forked child | what happens |
//! |---|---|
//! | `Tid::now()`, `TimeId::now()`, generators with a random clock or node id | a new clock/node id, different from the parent's and from its siblings' (up to 1,023 TID children, 31 TimeId ones) |
//! | a generator whose clock, node or machine id you fixed ([`TidGenerator::with_clock_id`](crate::tid::TidGenerator::with_clock_id), [`TimeIdGenerator::with_node`](crate::time_id::TimeIdGenerator::with_node), [`SnowishGenerator`](crate::uid11::SnowishGenerator), [`SnowflakeGenerator`](crate::snowflake::SnowflakeGenerator), [`SonyflakeGenerator`](crate::sonyflake::SonyflakeGenerator), [`TbslGenerator`](crate::tbsl::TbslGenerator)) | refuses with [`ErrorKind::Forked`]: make the worker's generator after the fork, with the worker's own id |
//! | [`FullRand::random`], [`NanoId::random`], xid, ts-seq-rand and random TBSL bits | a new random stream, seeded from the OS in each thread |
//! | an [`RsXidGenerator`](crate::rs_xid::RsXidGenerator), `RsXid::now()` | reads the child's process id and draws a new counter before its first id |
//! | an [`ObjectIdGenerator`](crate::object_id::ObjectIdGenerator), `ObjectId::now()` | draws a new random value and a new counter before its first id |
//! | a monotonic [`Uid11XidGenerator`](crate::uid11::Uid11XidGenerator) | starts at a random point after the parent's last xid instead of counting on from it |
//! | a [`UlidGenerator`](crate::ulid::UlidGenerator), `UuidV7Generator`, `Ulid::now()`, `uuids::now_v7()` | starts in the millisecond after the parent's last id, with fresh random bits; a lock a parent's thread held at the fork is taken over |
//! | a monotonic [`KsuidGenerator`](crate::ksuid::KsuidGenerator) (`Ksuid::now()` and the default generator keep no state: every payload is fresh) | starts its count again from fresh random bits in the current second (never ahead of the clock); a lock a parent's thread held at the fork is taken over |
//! | `Cuid2::generate()`, a `Cuid2Generator` (`cuid2` feature) | a new fingerprint and counter, drawn again, and a new random stream for the letters and salts |
//!
//! Uid11Xid and ts-seq-rand ids have no clock or machine id, so a child (like any other process)
//! can still repeat an id by chance: two runs of `n` xids in the same millisecond overlap with
//! probability about `2n / 2^22`, and two ts-seq-rand ids with the same millisecond and
//! sequence number match with probability 1/1024. A child made with `vfork` or a raw `clone`
//! system call runs no fork handlers: it must `exec` (as `posix_spawn` and
//! [`std::process::Command`] do) before it makes ids. A child of a multi-threaded process has
//! only the thread that forked; nothing here waits for a lock or a first-use initialisation
//! that another thread of the parent may have held at the fork (the process-wide generators
//! are made without a lock), so such a child can make ids too.
//!
//! **Across machines or unrelated processes**, a random clock or node id is only as good as
//! the birthday bound: the chance that some two of `N` processes drew the same one is
//!
//! | processes | 2 | 5 | 10 | 12 | 20 | 38 |
//! |---|---|---|---|---|---|---|
//! | TID clock ids (1,024) | 0.1% | 1.0% | 4.3% | 6.3% | 17% | 50% |
//! | TimeId best-effort nodes (32) | 3.1% | 28% | 79% | 91% | ~100% | ~100% |
//! | TBSL machine ids (100), if drawn at random | 1.0% | 9.7% | 37% | 50% | 87% | ~100% |
//!
//! and two processes that share a clock id and each make about 1,000 TIDs a second repeat an id
//! roughly every second. Past a handful of processes, give each one its own id: a worker index,
//! a registered TimeId node, or, with an sqlx feature, one leased from the database the fleet
//! shares ([`lease`]; with `etcd`, from its etcd cluster), which no other live process holds; a generator bound to the lease's
//! [`LeaseTerm`] starts after the previous holder's last timestamp and stops when the lease
//! runs out, and one that stays leased ([`lease::LeasedGenerator`]) leases again by itself.
//!
//! # Crate features
//!
//! Only `std` is on by default. Each integration is a feature of its own, and the crates a
//! feature pulls in come without their default features.
//!
//! | feature | default | what it adds | pulls in |
//! |---|---|---|---|
//! | `std` | yes | generators, clocks, `SystemTime` accessors and time ranges (on wasm32-unknown-unknown the generators and clocks need `js` too: see [targets](#targets)); without it the value types, codecs, ranges, `from_datetime`, `datetime()` and the serde, chrono, jiff and time conversions work in `no_std` | `libc` on Unix (`clock_gettime`, `pthread_atfork`), `getrandom` (the OS random source; not on wasm32-unknown-unknown), `chacha20` (FullRand's generator, without the cipher API) |
//! | `js` | no | on wasm32-unknown-unknown, the generators, on the JavaScript host's clocks and `crypto.getRandomValues()` (see [targets](#targets)); nothing on other targets; turns on `std` | `wasm-bindgen` (on wasm32-unknown-unknown only) |
//! | `alloc` | yes (with `std`) | [`RecordKey`](struct@RecordKey) and [`RecordKeyType`](crate::record_key::RecordKeyType) in `no_std` builds that have a heap; typed ids' validator errors kept whole (without it, as text of up to 37 bytes) | nothing |
//! | `serde` | no | `Serialize`/`Deserialize`: the text in human-readable formats (JSON); in binary ones (DAG-CBOR, postcard, bincode) the text for TIDs and record keys (the atproto data model) and the raw form for the other formats; adapters to choose per field ([`serde`](crate::serde)); borrowed deserialization does not allocate | `serde` |
//! | `chrono` | no | `chrono::DateTime<Utc>` as a [`UtcTime`]: ids made at one, their timestamps as one, `From<Id>` (see [times](#times)) | `chrono` 0.4 |
//! | `jiff` | no | `jiff::Timestamp` as a [`UtcTime`], as `chrono` | `jiff` 0.2 |
//! | `time` | no | `time::OffsetDateTime` (any offset in, UTC out) and `time::UtcDateTime` as [`UtcTime`]s, as `chrono` | `time` 0.3 |
//! | `uuid` | no | the `uuid` crate's `Uuid` as a format ([`uuids`](crate::uuids)): typed UUID ids (`#[derive(idtypes::Uuid)]`, with `derive`) whose text is a TypeID (`user_01h455vb4pex5vsknk084sn02q`) or the hyphenated form, [`DynTypeId`](crate::uuids::DynTypeId) for TypeIDs whose prefix is known at run time, version 7 and 4 generators, version 7 times and time ranges; lossless mappings: [`TimeId`](struct@TimeId) to and from UUIDv6, [`Tid`](struct@Tid) and [`TimeId`](struct@TimeId) to and from UUIDv7, [`Ulid`](struct@Ulid) to and from `Uuid`; turns on the `uuid` support of the database features that are on (the `uuid` column of typed UUIDs and ULIDs) | `uuid` (no default features) |
//! | `sqlx-postgres`, `sqlx-mysql`, `sqlx-sqlite` | no | sqlx `Type`/`Encode`/`Decode` for every id type (64-bit ids in integer columns), the `AsText` and `AsBytes` adapters (see [databases](#databases-sqlx)), SQL functions that show ids as text (`sqlx-postgres`, `sqlx-mysql`: [`sql`]), and leases of clock/node/machine ids ([`lease`]) | `sqlx` 0.9 (no TLS, no macros; a newer Rust: [Rust versions](#rust-versions)) |
//! | `diesel-postgres`, `diesel-mysql`, `diesel-sqlite` | no | diesel 2.3 `ToSql`/`FromSql`/`AsExpression`/`Queryable` for every id type, `AsText`, `AsBytes` and typed id, in the columns of the sqlx features (declared `BigInt`, `Binary` or `Text` in `table!`; arrays on PostgreSQL): see [`diesel`](crate::diesel) | `diesel` 2.3 (a newer Rust: [Rust versions](#rust-versions)) with only its `postgres_backend` or `mysql_backend`, not their connections' C libraries (`diesel-async`'s connections, in Rust, or your diesel dependency's libpq or libmysqlclient); with `sqlite`, which brings `libsqlite3-sys` |
//! | `postgres-types` | no | `postgres-types` `ToSql`/`FromSql` (tokio-postgres, postgres) for every id type, `AsText` and typed ids: the columns, `accepts` and errors of `sqlx-postgres`, so both clients share a table | `postgres-types` 0.2, `bytes` |
//! | `sea-orm` | no | SeaORM 2: every id type, `AsText`, `AsBytes` and typed id as an entity's column or primary key (`Value`, `ValueType`, `Nullable`, `TryGetable`, `TryFromU64`, `IntoActiveValue`; `NotU8` with `sqlx-postgres`), in the columns of the sqlx features; with an `sqlx-*` feature, that database's rows are read as sqlx reads them (see [SeaORM and rusqlite](#seaorm-and-rusqlite)) | `sea-orm` 2 (sqlx 0.9; no default features; its `sqlx-*` features with ours; a newer Rust: [Rust versions](#rust-versions)) |
//! | `rusqlite` | no | rusqlite `ToSql`/`FromSql` for every id type, `AsText`, `AsBytes` and typed id: the SQLite columns and checks of `sqlx-sqlite`, so both share a file; the SQL functions on a connection ([`sql::sqlite`](crate::sql::sqlite)) | `rusqlite` 0.39 (no default features but `functions`), the one whose `libsqlite3-sys` (0.37) is sqlx 0.9's; bundle SQLite in both or neither |
//! | `arbitrary` | no | `arbitrary::Arbitrary` for every id type and typed id, for fuzzing: only valid values (a record key of the right key type is made so; a typed id whose checks refuse 16 draws in a row gives `IncorrectFormat`) | `arbitrary` 1 |
//! | `derive` | no | the derive macros for [typed ids](#typed-ids) | `idtypes-derive` (`syn` 3, `quote`, `proc-macro2`) |
//! | `etcd` | no | leases on etcd (v3 API), beside the SQL stores: [`lease::EtcdLeases`], with the same calls and guarantees (see [etcd or the SQL database](crate::lease#etcd-or-the-sql-database)); turns on `tokio` | `etcd-client` 0.21 (no default features: no TLS), which brings tonic's gRPC client and builds etcd's protocol with `protoc` (the `PROTOC` variable, or `protoc` on the `PATH`) |
//! | `tokio` | no | with an sqlx feature or `etcd`: [`lease::LeasedGenerator`], a generator whose lease is renewed in the background and taken again by itself when lost, and `lease::KeepAlive`, a lease renewed in the background | `tokio` (`rt`, `time`, `sync`); `arc-swap` (the generator swapped for every caller at once); with an sqlx feature, sqlx's `runtime-tokio` (without a runtime an sqlx pool, SeaORM's too, panics when made) |
//! | `tracing` | no | lease events (acquired, renewed late, lost, acquired again, released, ...) as `tracing` events of target `idtypes::lease`, with the namespace, value, store and timings as fields (see [observing leases](crate::lease#observing-leases)) | `tracing` 0.1 (`std` only) |
//! | `schemars` | no | `schemars::JsonSchema` (JSON Schema) for every id type, [`RecordKeyType`](crate::record_key::RecordKeyType) and typed id: see [below](#json-schema-and-openapi); `no_std` with `alloc` | `schemars` 1 |
//! | `utoipa` | no | `utoipa::ToSchema` (OpenAPI) for the same types, listed under `components/schemas` by name: see [below](#json-schema-and-openapi) | `utoipa` 5 (only its `macros` feature, without which it does not build) |
//! | `utoipa6` | no | the same for utoipa 6 (what `cargo add utoipa` gives now; a newer Rust: [Rust versions](#rust-versions)): either feature, or both, for an application that has both versions in its tree | `utoipa` 6 (only its `macros` feature) |
//! | `axum` | no | extractors for axum 0.8, [`axum::Path`], [`axum::Query`] and [`axum::Json`]: axum's own but for their rejections, RFC 9457 problem details (`application/problem+json`) that give a refused id's message, where it was (parameter, JSON pointer), its kind and position; with `utoipa` or `utoipa6`, the problem's schema and the rejections' OpenAPI responses (see [`axum`](crate::axum)); turns on `std` and `serde` | `axum` 0.8 (no default features), `serde_json`, `serde_path_to_error`, `serde_urlencoded` and `form_urlencoded` (what axum's `json` and `query` features pull in) |
//! | `async-graphql` | no | every id type, [`DynTypeId`](crate::uuids::DynTypeId) and typed id an async-graphql 7 scalar named like its type (`Tid`, `PostId`): its text in and out, refused with the id's own message (its kind and position as extensions), described as its JSON Schema is, with `@specifiedBy` where a specification exists; [`AsId`](crate::async_graphql::AsId) and `TryFrom<ID>` for a schema that says `ID` (see [`async_graphql`](crate::async_graphql)); turns on `std` | `async-graphql` 7 (no default features; 7.0.16, the last 7.x for Rust 1.85, or later) |
//! | `bson` | no | conversions both ways between [`ObjectId`](struct@ObjectId) and the `bson` crate's `oid::ObjectId` (MongoDB's Rust driver's), and [`object_id::as_bson`], a serde field that BSON holds as an ObjectId; turns on `std` and `serde` | `bson` 3 (with its `serde`) |
//! | `cuid2` | no | generating CUID2s as the reference does ([`Cuid2::generate`], [`Cuid2Generator`](cuid2::Cuid2Generator)) and [`Cuid2::from_inputs`] (the reference's id for given inputs); parsing needs no feature | `sha3` 0.12 (SHA3-512; no default features) |
//!
//! # Rust versions
//!
//! idtypes needs Rust 1.85 (edition 2024); some integrations need the newer Rust that the
//! crates they pull in need:
//!
//! | features | Rust |
//! |---|---|
//! | default (`std`), `alloc`, `js`, `serde`, `chrono`, `jiff`, `time`, `uuid`, `derive`, `schemars`, `utoipa`, `tokio`, `tracing`, `postgres-types`, `rusqlite`, `arbitrary`, `cuid2`, `axum`, `etcd`, `async-graphql`, `bson` | 1.85 |
//! | `diesel-postgres`, `diesel-mysql`, `diesel-sqlite` | 1.86 |
//! | `utoipa6` | 1.88 |
//! | `sqlx-postgres`, `sqlx-mysql`, `sqlx-sqlite`, `sea-orm` | 1.94 |
//!
//! CI reads this table and checks each row's features together with exactly that Rust, on the
//! dependency versions of the repository's `Cargo.lock` (`.ci/msrv`).
//!
//! # Targets
//!
//! The value types and codecs build for any target, `no_std` included. The generators need
//! the host's wall clock, a monotonic clock and a random source; where they come from:
//!
//! | target | generators | clocks | randomness |
//! |---|---|---|---|
//! | Linux, Android, macOS and the other Unix systems | with `std` | `clock_gettime`: `CLOCK_REALTIME`, and `CLOCK_BOOTTIME` (Linux) or `CLOCK_MONOTONIC` | the OS's, through `getrandom` |
//! | Windows, WASI (`wasm32-wasip1`) | with `std` | [`SystemTime`](std::time::SystemTime), [`Instant`](std::time::Instant) | the OS's (WASI's `random_get`), through `getrandom` |
//! | `wasm32-unknown-unknown` in a JavaScript host: browsers, web workers, Node.js 19+, Deno, Bun | with `js` (which turns on `std`) | `Date.now()`, in whole milliseconds; `performance.now()` | `crypto.getRandomValues()` |
//! | `wasm32-unknown-unknown` without `js` | none | none | none |
//!
//! `wasm32-unknown-unknown` has no clock or random source of its own (its `SystemTime::now`
//! panics), and nothing there says whether a JavaScript host is around, so the `js` feature
//! says so. Turn it on in the application that makes ids in a browser (built with wasm-bindgen:
//! wasm-pack, trunk, Leptos, Dioxus, Yew); nothing else is needed, no `RUSTFLAGS` and no
//! `getrandom` configuration (idtypes reads `crypto.getRandomValues()` itself there, through
//! wasm-bindgen). It does nothing on other targets, so it can stay on for all of them:
//!
//! ```toml
//! [dependencies]
//! idtypes = { version = "0.2", features = ["js", "serde"] }
//! ```
//!
//! Without `js`, `std` still builds on `wasm32-unknown-unknown`, with its `SystemTime`
//! accessors and time ranges and `std::error::Error`, but leaves out the generators and what
//! serves them, which would read the missing clock or random source: `now()`,
//! [`FullRand::random`], `NodeId::random_best_effort`, the `*Generator` types, `Clock`,
//! `SystemClock`, `ManualClock` and `LeaseTerm`. Code that calls them does not compile there;
//! nothing panics at run time. So a library can depend
//! on idtypes with its default features and still build for the browser, where it parses and
//! shows the ids a server made.
//!
//! In a JavaScript host, TIDs and TimeIds of one millisecond take consecutive microseconds
//! (see [`Clock`] on millisecond clocks), and a thread cannot block: a TBSL generator
//! waiting for its clock spins, and [`LeaseTerm::ended`] completes when its term is ended but
//! has no timer for its deadline (it is checked whenever the future is polled). WebAssembly
//! with threads (the `atomics` target feature) is refused at compile time with `js`:
//! `crypto.getRandomValues()` does not take shared memory. Only Unix has `fork()`: elsewhere
//! the fork handlers are compiled out, and each id's fork check is a load of a word that never
//! changes.
//!
//! The tests in the repository's `wasm-tests/` run on `wasm32-unknown-unknown` (with `js`) and
//! `wasm32-wasip1`, both in Node.js, and CI lints Windows, macOS and both WebAssembly targets
//! with warnings denied.
//!
//! # JSON Schema and OpenAPI
//!
//! With the `schemars` or `utoipa` feature, every id type, record key type and typed id has a
//! schema of its own, named like the type (`Tid`, `PostId`), and so has `uuids::DynTypeId` (with
//! `uuid`): a string with the `pattern` of exactly the texts the type parses (a typed id's
//! prefix and separator included, a typed record key's record key type too, a `DynTypeId`'s
//! optional prefix of any name), its `minLength` and `maxLength`, a `description` naming
//! the type and its format, and `examples` holding one text that parses. A struct deriving
//! `utoipa::ToSchema` or `schemars::JsonSchema` refers to its ids' schemas
//! (`#/components/schemas/PostId`, `#/$defs/PostId`), and utoipa's `OpenApi` derive lists them
//! under `components/schemas`. A typed id needs nothing but the feature: the derive writes its
//! impls.
//!
#![cfg_attr(all(feature = "derive", feature = "utoipa"), doc = "```")]
#![cfg_attr(not(all(feature = "derive", feature = "utoipa")), doc = "```ignore")]
//! use idtypes::Tid;
//! use utoipa::{OpenApi, PartialSchema, ToSchema};
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! #[derive(ToSchema)]
//! pub struct Post {
//!     id: PostId,
//!     created: Tid,
//! }
//!
//! #[derive(OpenApi)]
//! #[openapi(components(schemas(Post)))]
//! struct ApiDoc;
//!
//! let doc = serde_json::to_value(ApiDoc::openapi())?;
//! let schemas = &doc["components"]["schemas"];
//! assert_eq!(schemas["Post"]["properties"]["id"]["$ref"], "#/components/schemas/PostId");
//! assert_eq!(schemas["PostId"]["pattern"], "^post_[2-7a-j][2-7a-z]{12}$");
//! assert_eq!(schemas["PostId"]["examples"][0], "post_3jzfcijpj2z2a");
//! assert_eq!(schemas["Tid"]["maxLength"], 13);
//! assert_eq!(serde_json::to_value(PostId::schema())?, schemas["PostId"]);
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! Patterns keep to what ECMA-262 and Rust's `regex` share (no lookaround), and the pattern
//! with the lengths accepts exactly what `FromStr` does: TimeId's plain and dashed forms, no
//! other case, a TID's first symbol `2`-`7` or `a`-`j`, no uid11 above `u64::MAX`, no record
//! key `.` or `..`. A `validate` check is no pattern: the description says the type's check
//! may refuse more, and the example is left out if the check refuses the format's. Schemas go
//! by name, so two typed ids of the same name in one document collide in OpenAPI (schemars
//! calls the second `PostId2`): give them different names. utoipa itself needs the standard
//! library, and its `macros` feature (without it utoipa 5 does not build).
//!
//! # Databases (sqlx)
//!
//! A 64-bit id is stored as an integer, the column a database engineer joins, partitions and
//! range-scans on; a TBSL (80 bits) as its big-endian bytes; a ULID, and a typed id over a
//! `Uuid`, in PostgreSQL's `uuid` (16 bytes elsewhere). Every column's order is the ids'
//! order (`ORDER BY id` is `Ord`, `BETWEEN` over an [`IdRange`]'s bounds is the range), and
//! its value is what the format's [`Column`] says:
//!
//! | type | PostgreSQL | MySQL / MariaDB | SQLite |
//! |---|---|---|---|
//! | `Tid`, `Snowish`, `Snowflake`, `Sonyflake` ([`Column::Natural`]) | `BIGINT`: the id's own integer | `BIGINT`: the integer (`BIGINT UNSIGNED` is read too) | `INTEGER`: the integer |
//! | `TimeId`, `Uid11`, `Uid11Xid`, `TsSeqRand`, `FullRand` ([`Column::Flipped`]) | `BIGINT`: the 64 bits with the top one flipped | `BIGINT`: the bits flipped | `INTEGER`: the bits flipped |
//! | `Tbsl` ([`Column::Bytes`]) | `BYTEA` (10 bytes) | `BINARY(10)` | `BLOB` |
//! | `Ulid` ([`Column::Uuid`]), a typed id over a `Uuid` | `UUID` | `BINARY(16)` | `BLOB` |
//! | `Ksuid` ([`Column::Bytes`]) | `BYTEA` (20 bytes) | `BINARY(20)` | `BLOB` |
//! | `RsXid`, `ObjectId` ([`Column::Bytes`]) | `BYTEA` (12 bytes) | `BINARY(12)` | `BLOB` |
//! | `AsBytes<T>` (any id, typed ids too) | `BYTEA` | `BINARY(8)`, `BINARY(10)` | `BLOB` |
//! | `RecordKey` | `TEXT COLLATE "C"` | `VARCHAR(512) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
//! | `AsText<T>` | `TEXT COLLATE "C"` | `VARCHAR(20) CHARACTER SET ascii COLLATE ascii_bin` | `TEXT` |
//! | `AsText<PostId>` (a typed id) | `TEXT COLLATE "C"` | `VARCHAR(n) CHARACTER SET ascii COLLATE ascii_bin`, `n` the prefix, separator and id lengths | `TEXT` |
//!
//! The column is a signed 64-bit integer on every database (PostgreSQL and SQLite have no
//! other, and on MySQL the same mapping lets every client, ORMs whose values do not know their
//! database included, store the same number). A TID's top bit is 0 by its layout (and a
//! snowish id's is reserved), so their column holds the id's own integer, the number other
//! atproto software computes (`3jzfcijpj2z2a` is 1728652679052295174). The other 64-bit
//! formats use all 64 bits (a TimeId before 1970 is a negative `i64`, an xid after 2081 has its
//! top bit set), so their column holds the bits with the top one flipped, `bits - 2^63`, which
//! keeps the order ([`Column::to_signed`]). A TID with the
//! top bit set, which only text starting `c`..`j` makes (no generator does), does not fit a
//! signed column: encoding it is an error that says so; store such ids with `AsBytes` or
//! `AsText`. TID time ranges end at the layout's last TID, so their bounds always fit.
//!
//! Why integers: measured with 1M time-ordered ids (the repository's `benches-db/`), a TID's
//! primary-key index on PostgreSQL is 21.4 MiB as `BIGINT`, as small as a sequence's, against
//! 30.1 MiB as `BYTEA`, text or `uuid`; on SQLite the TID as the rowid takes 17.3 MiB against
//! 37.7 MiB for a `BLOB` key; on MariaDB an 8-byte integer and `BINARY(8)` are the same size.
//! And the values are numbers a database engineer can join, partition and compare; the
//! [`sql`](crate::sql) functions show the text (`SELECT tid_text(id) FROM posts`), on SQLite
//! too ([`sql::sqlite`](crate::sql::sqlite), and an extension for the `sqlite3` shell).
//!
//! Record keys, and ids wrapped in `AsText` for people who read the table, are text, and text
//! columns must compare bytes: PostgreSQL's linguistic collations and MySQL's `_ci`
//! collations order Base58 and record keys wrongly. A typed id is stored exactly like its inner
//! id, without the prefix.
//!
//! Decoding checks the kind of value first, never guessing from its content: an integer id
//! reads only integers (`BIGINT`; on MySQL also `BIGINT UNSIGNED` for a TID or a snowish id;
//! SQLite `INTEGER` values), a bytes id or an `AsBytes` only bytes
//! (`BYTEA`; the binary strings, collation 63; SQLite `BLOB` values), a record key or an
//! `AsText` only text. A value of another kind is an error that says what was expected and
//! found (`atproto TID in a column of the wrong type: expected BIGINT (INT8), found BYTEA`),
//! with sqlx's type check or without it (`try_get_unchecked`). SQLite goes by each value's
//! storage class, not by the column's declared type, which it does not enforce. Then decoding
//! checks the content: a negative TID, a 9-byte TBSL or 15-byte UUID, a malformed text, a snowish
//! id with its reserved bit set are this crate's [`Error`] (its [`kind`](Error::kind), naming the
//! type read, a typed id's name too; a typed UUID is checked so too, not by the `uuid` crate),
//! among the sources of each client's error (sqlx's `ColumnDecode`, SeaORM's `DbErr::TryIntoErr`,
//! diesel's `DeserializationError`, rusqlite's `FromSqlConversionFailure`, tokio-postgres' error):
//! walk `source()` and downcast each, as the [service guide](crate::service_guide) shows.
//! PostgreSQL values decode in both protocols, and the fixed-size ids have `PgHasArrayType` (`WHERE
//! id = ANY($1)`).
//!
//! The `postgres-types` feature (tokio-postgres, postgres) stores and checks exactly as
//! `sqlx-postgres` does, `accepts` taking what sqlx's `compatible` takes, so either client
//! reads what the other wrote. So do the `diesel-*` features for diesel 2.3: each column is
//! declared in `table!` as `BigInt`, `Binary` or `Text`, and typed ids are fields of
//! `Queryable` and `Insertable` structs ([`diesel`](crate::diesel)). Queries with sqlx's
//! functions and its checked macros are in the [service guide](crate::service_guide).
//!
//! ## The PostgreSQL extension's native types
//!
//! The repository's PostgreSQL extension (`idtypes-postgres/`, `CREATE EXTENSION idtypes`) has
//! a native type per fixed-size format ([`FixedSizeFormat::POSTGRES_TYPE`]: `atproto_tid`,
//! `time_id`, ..., `ulid`, `object_id`) that prints and parses the id's text and stores and
//! sends exactly the column above (a `BIGINT`'s 8 bytes, a `UUID`'s 16, a `BYTEA`'s bytes),
//! cast from it implicitly. So a column may be either: sqlx, postgres-types and SeaORM read a
//! native column (known by its type's name, bare or qualified by its schema, or a domain over
//! it) as they read today's, and write today's values, which PostgreSQL casts; diesel declares
//! it with [`diesel::sql_types`] (`id -> AtprotoTid`). A value read
//! as another format's is an error naming both types, as for any wrong column.
//!
//! ## SeaORM and rusqlite
//!
//! With `sea-orm`, an id is an entity's column as it is, and a typed id its primary key; give
//! the key `auto_increment = false`, since the application makes the ids (`TryFromU64`, which
//! SeaORM calls only for a key the database made, is an error, as for `String` and `Uuid`
//! keys). Turn on the `sqlx-*` feature of each database SeaORM connects to: its rows are then
//! decoded by the sqlx integration, with the checks and errors above; other rows (a
//! `MockDatabase`'s) are read from SeaORM's values.
//!
//! A SeaORM `Value` is made before the statement knows its database; since every database
//! stores a 64-bit id as the same signed integer, one `Value` is right everywhere, and SeaORM
//! and sqlx write and read the same number. A TID with its top bit set becomes a negative
//! `BigInt` that no reader accepts, where sqlx refuses to write it.
//! `ValueType::column_type` gives SeaORM's schema builder the columns of the table above
//! (`bigint`, SQLite's `integer`; `bytea`, `binary(n)`, `blob(n)`; for ULIDs and typed UUIDs
//! `uuid`, `binary(16)` and, on SQLite, `uuid_text`: a declared type of text affinity, which
//! keeps the 16-byte `BLOB` values that SeaORM, sqlx and rusqlite write as they are, since
//! SQLite converts no blob; declare the column `BLOB` in SQL for the plain name); text columns
//! need the byte-wise collation declared in SQL.
//!
//! ```
//! use idtypes::prelude::*;
//! use idtypes::Tid;
//! use sea_orm::entity::prelude::*;
//!
//! #[derive(Tid)]
//! #[idtype(prefix = "post")]
//! pub struct PostId(Tid);
//!
//! #[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
//! #[sea_orm(table_name = "posts")]
//! pub struct Model {
//!     #[sea_orm(primary_key, auto_increment = false)]
//!     pub id: PostId,
//!     pub reply_to: Option<PostId>,
//!     pub text: String,
//! }
//!
//! #[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
//! pub enum Relation {}
//!
//! impl ActiveModelBehavior for ActiveModel {}
//!
//! # fn main() {
//! let since = std::time::SystemTime::now() - std::time::Duration::from_secs(86_400);
//! let day = PostId::range_for_time(since..).unwrap();
//! let _last_day = Entity::find().filter(Column::Id.between(day.start(), day.end()));
//! # }
//! ```
//!
//! With `rusqlite`, every id type is `ToSql` and `FromSql` in SQLite's columns above, read by
//! each value's storage class with sqlx's checks and errors (a NULL read as a plain id is
//! rusqlite's `InvalidColumnType`), so that sqlx and rusqlite share a file's tables:
//!
//! ```
//! use idtypes::Tid;
//!
//! let db = rusqlite::Connection::open_in_memory()?;
//! db.execute_batch("CREATE TABLE posts (id INTEGER PRIMARY KEY)")?;
//! let id = Tid::now();
//! db.execute("INSERT INTO posts (id) VALUES (?1)", [id])?;
//! let back: Tid = db.query_row("SELECT id FROM posts", [], |row| row.get(0))?;
//! assert_eq!(back, id);
//! # Ok::<(), rusqlite::Error>(())
//! ```
//!
//! ## Migrating a bytes column to integers
//!
//! Releases before this one stored every id as its big-endian bytes. Such a column still
//! reads, through `AsBytes<T>` (`AsBytes<PostId>` for a typed id), so nothing has to move at
//! once. To move it to the integer column, with a typed id's inner format's mapping:
//!
//! ```sql
//! -- PostgreSQL, a TID or snowish column (its own integer); first check that no id has the
//! -- top bit set: SELECT count(*) FROM posts WHERE get_byte(id, 0) >= 128; -- must be 0
//! ALTER TABLE posts ALTER COLUMN id TYPE BIGINT
//!     USING ('x' || encode(id, 'hex'))::bit(64)::bigint;
//! -- PostgreSQL, a TimeId, uid11, xid, ts-seq-rand or fullrand column (top bit flipped)
//! ALTER TABLE events ALTER COLUMN id TYPE BIGINT
//!     USING (('x' || encode(id, 'hex'))::bit(64) # X'8000000000000000')::bigint;
//!
//! -- MySQL / MariaDB; a primary key moves with the column
//! ALTER TABLE posts ADD COLUMN id_new BIGINT;
//! -- a TID or snowish column (first: SELECT COUNT(*) FROM posts WHERE ASCII(id) >= 128; -- 0)
//! UPDATE posts SET id_new = CAST(CONV(HEX(id), 16, 10) AS SIGNED);
//! -- or a TimeId, uid11, xid, ts-seq-rand or fullrand column (top bit flipped)
//! UPDATE events SET id_new =
//!     CAST(CAST(CONV(HEX(id), 16, 10) AS DECIMAL(20, 0)) - 9223372036854775808 AS SIGNED);
//! ALTER TABLE posts DROP PRIMARY KEY, DROP COLUMN id,
//!     CHANGE id_new id BIGINT NOT NULL, ADD PRIMARY KEY (id);
//! ```
//!
//! SQLite has no conversion from a blob to an integer in SQL, and does not enforce a column's
//! declared type: read each row with `AsBytes<T>` and write it back as `T`, in one transaction
//! (a column declared `BLOB` then holds integers, which SQLite allows; declare `INTEGER` in new
//! tables):
//!
//! ```no_run
//! # async fn run(pool: sqlx::SqlitePool) -> Result<(), sqlx::Error> {
//! use idtypes::{AsBytes, Tid};
//!
//! let mut tx = pool.begin().await?;
//! let old: Vec<AsBytes<Tid>> = sqlx::query_scalar("SELECT id FROM posts WHERE typeof(id) = 'blob'")
//!     .fetch_all(&mut *tx)
//!     .await?;
//! for AsBytes(id) in old {
//!     sqlx::query("UPDATE posts SET id = ? WHERE id = ?")
//!         .bind(id)
//!         .bind(AsBytes(id))
//!         .execute(&mut *tx)
//!         .await?;
//! }
//! tx.commit().await?;
//! # Ok(())
//! # }
//! ```
//!
//! Each of these is run by this crate's tests on the real servers (`tests/it/bytes_migration.rs`).
#![cfg_attr(not(feature = "std"), no_std)]
#![cfg_attr(docsrs, feature(doc_cfg))]
// `idtypes_host` (build.rs) is a fact of the target, set wherever docs are built: the docs
// label the generators with their feature, `std`, and the "Targets" section tells the rest.
#![cfg_attr(docsrs, doc(auto_cfg(hide(idtypes_host))))]
#![deny(missing_docs)]
#![deny(unsafe_op_in_unsafe_fn)]

#[cfg(feature = "alloc")]
extern crate alloc;

// Unit tests use `format!`, `vec!` and the like whatever the features: the test harness has
// the standard library anyway.
#[cfg(all(test, not(feature = "std")))]
#[macro_use]
extern crate std;

mod codec;
pub mod cuid2;
mod error;
mod formats;
#[cfg(all(feature = "std", idtypes_host))]
mod generation;
pub(crate) mod integrations;
#[cfg(all(feature = "std", idtypes_host))]
mod process;
mod range;
#[cfg(feature = "alloc")]
pub mod record_key;
#[cfg(all(feature = "derive", feature = "std"))]
#[doc = include_str!("../docs/service_guide.md")]
pub mod service_guide {}
#[doc = include_str!("../docs/decisions.md")]
pub mod decisions {}
pub mod ksuid;
pub mod nanoid;
pub mod object_id;
pub mod prelude;
pub mod rs_xid;
pub mod snowflake;
pub mod sonyflake;
pub mod tbsl;
mod text;
pub mod tid;
pub mod time_id;
mod typed;
pub mod uid11;
pub mod ulid;
mod utc;
#[cfg(feature = "uuid")]
pub mod uuids;

pub use cuid2::Cuid2;
pub use error::{Error, ErrorKind};
#[cfg(all(feature = "std", idtypes_host))]
pub use generation::clock::{Clock, ManualClock, SystemClock};
#[cfg(all(feature = "std", idtypes_host))]
pub use generation::run_ahead::RunAhead;
#[cfg(all(feature = "std", idtypes_host))]
pub use generation::traits::{IdGenerator, Leasable};
#[cfg(feature = "async-graphql")]
pub use integrations::async_graphql;
#[cfg(feature = "axum")]
pub use integrations::axum;
#[cfg(any(
    feature = "diesel-postgres",
    feature = "diesel-mysql",
    feature = "diesel-sqlite"
))]
pub use integrations::db::diesel;
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite",
    feature = "etcd"
))]
pub use integrations::db::lease;
#[cfg(feature = "alloc")]
pub use integrations::db::sql;
#[cfg(any(
    feature = "sqlx-postgres",
    feature = "sqlx-mysql",
    feature = "sqlx-sqlite",
    feature = "postgres-types",
    feature = "sea-orm",
    feature = "rusqlite",
    feature = "diesel-postgres",
    feature = "diesel-mysql",
    feature = "diesel-sqlite"
))]
pub use integrations::db::{as_bytes::AsBytes, as_text::AsText};
#[cfg(feature = "serde")]
pub use integrations::serde;
pub use ksuid::Ksuid;
pub use nanoid::NanoId;
pub use object_id::ObjectId;
#[cfg(all(feature = "std", idtypes_host))]
pub use process::lease_term::LeaseTerm;
pub use range::IdRange;
pub use range::ranges::IdRanges;
#[cfg(feature = "alloc")]
pub use record_key::RecordKey;
pub use rs_xid::RsXid;
pub use snowflake::Snowflake;
pub use sonyflake::Sonyflake;
pub use tbsl::Tbsl;
pub use text::IdText;
pub use tid::Tid;
pub use time_id::TimeId;
pub use typed::checks;
pub use typed::{CheckPolicy, Column, FixedSizeFormat, IdFormat, TypedId, ValidationError};
#[allow(deprecated, reason = "the v0.1.0 name, kept for one release")]
pub use uid11::Xid;
pub use uid11::{FullRand, Snowish, TsSeqRand, Uid11, Uid11Xid};
pub use ulid::Ulid;
pub use utc::UtcTime;
/// The `uuid` crate's UUID, re-exported (the same type): a format of this crate, whose typed
/// ids (`#[derive(idtypes::Uuid)]`) read and print TypeIDs. See [`uuids`].
#[cfg(feature = "uuid")]
pub use uuid::Uuid;

#[cfg(feature = "derive")]
pub use idtypes_derive::Cuid2;
#[cfg(feature = "derive")]
pub use idtypes_derive::Ksuid;
#[cfg(feature = "derive")]
pub use idtypes_derive::NanoId;
#[cfg(feature = "derive")]
pub use idtypes_derive::ObjectId;
#[cfg(all(feature = "derive", feature = "alloc"))]
pub use idtypes_derive::RecordKey;
#[cfg(feature = "derive")]
pub use idtypes_derive::RsXid;
#[cfg(feature = "derive")]
pub use idtypes_derive::Sonyflake;
#[cfg(all(feature = "derive", feature = "uuid"))]
pub use idtypes_derive::Uuid;
/// The derive `Uid11Xid` under its name of v0.1.0 (`#[derive(Xid)] struct OrderId(Xid);`
/// still compiles): renamed `Uid11Xid`; for rs/xid's 12-byte XID derive `RsXid`.
#[cfg(feature = "derive")]
#[doc(hidden)]
pub use idtypes_derive::Xid;
/// The derive macros, one per format, named like the type (`use idtypes::Tid` brings both).
///
/// See [typed ids](crate#typed-ids) in the crate docs for what they generate and their attributes.
#[cfg(feature = "derive")]
pub use idtypes_derive::{
    FullRand, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11, Uid11Xid, Ulid,
};

/// Support for this crate's macros. Not public API: it may change in any release.
///
/// The derive macros write a typed id's impls with the macros this crate exports beside this
/// module: `__idtypes_typed_integrations!` (every integration's impls, `integrations/mod.rs`)
/// and one per format, `__idtypes_typed_<format in snake case>!` (`tid/typed.rs`, ...), which
/// build on the shared pieces of `typed/api.rs`. Those call the functions below.
#[doc(hidden)]
pub mod __private {
    pub use core;
    // Short paths for what generated code names most (`__private::str`, `__private::Result`),
    // as serde's derive has `_serde::__private::Result`: the user's crate cannot shadow them.
    pub use core::cmp::{Eq, Ord, Ordering, PartialEq, PartialOrd};
    pub use core::convert::{AsRef, From, TryFrom};
    pub use core::fmt;
    pub use core::hash::{Hash, Hasher};
    pub use core::option::Option;
    pub use core::primitive::{bool, str, u8, u16, u32, u64, u128, usize};
    pub use core::result::Result;
    pub use core::str::FromStr;
    pub use core::{clone::Clone, default::Default, marker::Copy};

    pub use crate::error::unwrap_const;
    pub use crate::tid::text::literal as tid_literal;
    pub use crate::typed::support::{
        fmt_debug, fmt_display, from_inner_as, parse, parse_as, parse_unchecked, prefixed_text,
        range_for_prefix, typed_range, validate,
    };

    #[cfg(feature = "alloc")]
    pub use crate::record_key::typed::TypedRecordKey;
    #[cfg(feature = "alloc")]
    pub use crate::typed::support::check_key_type;
    pub use crate::typed::text_form::TextForm;
    #[cfg(feature = "uuid")]
    pub use crate::uuids::{check_typeid_prefix, dyn_type_id, uuid_suffix};

    /// One trait per text format with type parameters, implemented by each of its types: what
    /// the derive checks a typed id's field against (`NanoId<Lowercase, 16>` is a `NanoId`).
    pub mod family {
        pub use crate::cuid2::typed::Cuid2Family as Cuid2;
        pub use crate::nanoid::typed::NanoIdFamily as NanoId;
    }

    /// The text forms a typed id may choose instead of its format's own
    /// (`#[idtype(text = "...")]`).
    pub mod text_forms {
        /// A typed UUID's hyphenated text.
        #[cfg(feature = "uuid")]
        pub use crate::uuids::HYPHENATED_TEXT as uuid_hyphenated;
    }
    #[cfg(feature = "chrono")]
    pub use chrono::{DateTime, Utc};
    #[cfg(feature = "std")]
    pub use std::time::SystemTime;

    /// Typed ids' serde.
    #[cfg(feature = "serde")]
    pub mod serde {
        pub use crate::integrations::serde::typed::{deserialize, serialize};
        pub use serde::{Deserialize, Deserializer, Serialize, Serializer};
    }

    /// Typed ids' JSON Schema (schemars).
    #[cfg(feature = "schemars")]
    pub mod schemars {
        pub use crate::integrations::schema::schemars::json_schema;
        pub use alloc::borrow::Cow;
        pub use schemars::{JsonSchema, Schema, SchemaGenerator};
    }

    /// Typed ids' OpenAPI schemas (utoipa).
    #[cfg(feature = "utoipa")]
    pub mod utoipa {
        pub use crate::integrations::schema::utoipa::v5::schema;
        pub use alloc::borrow::Cow;
        pub use utoipa::openapi::{RefOr, schema::Schema};
        pub use utoipa::{PartialSchema, ToSchema};
    }

    /// Typed ids' OpenAPI schemas (utoipa 6).
    #[cfg(feature = "utoipa6")]
    pub mod utoipa6 {
        pub use crate::integrations::schema::utoipa::v6::schema;
        pub use alloc::borrow::Cow;
        pub use utoipa6::openapi::{RefOr, schema::Schema};
        pub use utoipa6::{PartialSchema, ToSchema};
    }

    /// Typed ids' sqlx.
    #[cfg(any(
        feature = "sqlx-postgres",
        feature = "sqlx-mysql",
        feature = "sqlx-sqlite"
    ))]
    pub mod sqlx {
        #[cfg(feature = "sqlx-postgres")]
        pub use crate::integrations::db::sqlx_typed::array_type_info;
        pub use crate::integrations::db::sqlx_typed::{
            InnerDecode, compatible, decode, encode, type_info,
        };
        #[cfg(feature = "sqlx-postgres")]
        pub use sqlx::postgres::{PgHasArrayType, PgTypeInfo};
        pub use sqlx::{Database, Decode, Encode, Type, encode::IsNull, error::BoxDynError};
    }

    /// Typed ids' postgres-types.
    #[cfg(feature = "postgres-types")]
    pub mod postgres_types {
        pub use crate::integrations::db::columns::BoxError;
        pub use crate::integrations::db::postgres_types::{
            accepts, from_sql, to_sql, to_sql_checked,
        };
        pub use bytes::BytesMut;
        pub use postgres_types::{FromSql, IsNull, ToSql, Type};
    }

    /// Typed ids' diesel.
    #[cfg(any(
        feature = "diesel-postgres",
        feature = "diesel-mysql",
        feature = "diesel-sqlite"
    ))]
    pub mod diesel {
        pub use crate::integrations::db::diesel::Bound;
        pub use crate::integrations::db::diesel::typed::{
            InnerExpression, InnerFromSql, InnerToSql, from_sql, to_sql,
        };
        pub use diesel::backend::Backend;
        pub use diesel::deserialize::{self, FromSql, Queryable};
        pub use diesel::expression::{AsExpression, TypedExpressionType};
        pub use diesel::serialize::{self, Output, ToSql};
        pub use diesel::sql_types::{SingleValue, SqlType};
    }

    /// Typed ids' SeaORM.
    #[cfg(feature = "sea-orm")]
    pub mod sea_orm {
        pub use crate::integrations::db::sea_orm::{
            InnerGet, array_type, column_type, null, try_from_u64, try_from_value, try_get_by,
            type_name, value,
        };
        #[cfg(feature = "sqlx-postgres")]
        pub use sea_orm::sea_query::postgres_array::NotU8;
        pub use sea_orm::sea_query::{ArrayType, ColumnType, Nullable, ValueType, ValueTypeErr};
        pub use sea_orm::{
            ActiveValue, ColIdx, DbErr, IntoActiveValue, QueryResult, TryFromU64, TryGetError,
            TryGetable, Value,
        };
        pub use std::string::String;
    }

    /// Typed ids' rusqlite.
    #[cfg(feature = "rusqlite")]
    pub mod rusqlite {
        pub use crate::integrations::db::rusqlite::{InnerFromSql, column_result, to_sql};
        pub use rusqlite::Result;
        pub use rusqlite::types::{FromSql, FromSqlResult, ToSql, ToSqlOutput, ValueRef};
    }

    /// Typed ids' arbitrary.
    #[cfg(feature = "arbitrary")]
    pub mod arbitrary {
        pub use crate::integrations::arbitrary::{Draw, arbitrary, size_hint};
        pub use arbitrary::{Arbitrary, Result, Unstructured};
    }

    /// Typed ids' GraphQL scalars (async-graphql).
    #[cfg(feature = "async-graphql")]
    pub mod async_graphql {
        pub use crate::integrations::async_graphql::scalar::{
            from_id, is_valid, parse, parse_input, to_value,
        };
        pub use crate::integrations::async_graphql::typed::{description, spec_url};
        pub use async_graphql::registry::Registry;
        pub use async_graphql::{
            ID, InputType, InputValueResult, OutputType, ScalarType, Value, scalar_internal_output,
        };
        pub use std::borrow::Cow;
        pub use std::string::String;
    }
}
