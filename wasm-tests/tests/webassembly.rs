//! idtypes on WebAssembly, run in Node.js: on wasm32-unknown-unknown by wasm-bindgen's test
//! runner (the `js` feature: the JavaScript host's clocks and `crypto.getRandomValues()`), and
//! on wasm32-wasip1 under Node's WASI (the standard library's clocks, WASI's random source).
//! The same tests for both: the codecs on the interop vectors, serde, and generation against
//! the host's own clock, every format's generators included (ULID, UUID v7 and v4, Snowflake)
//! and typed ids over them.

use std::collections::HashSet;
use std::time::Duration;

use idtypes::prelude::*;
use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::tbsl::{ClockPolicy, TbslGenerator};
use idtypes::tid::TidGenerator;
use idtypes::ulid::UlidGenerator;
use idtypes::uuids::{DynTypeId, UuidV7Generator, new_v4, now_v7};
use idtypes::{
    Clock, ErrorKind, FullRand, LeaseTerm, ManualClock, RecordKey, Snowflake, SystemClock, Tid,
    TimeId, TsSeqRand, Uid11, Uid11Xid, Ulid, Uuid,
};

// On wasm32-unknown-unknown a `#[test]` is a `wasm_bindgen_test`, which the runner calls in
// Node.js; under WASI it is libtest's own.
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use wasm_bindgen_test::wasm_bindgen_test as test;

/// The host's own wall clock, in ms since 1970, read past idtypes: `Date.now()` through
/// js-sys in a JavaScript host, `SystemTime` under WASI.
fn host_millis() -> f64 {
    #[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
    {
        js_sys::Date::now()
    }
    #[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
    {
        let since = std::time::UNIX_EPOCH.elapsed().unwrap();
        since.as_secs_f64() * 1000.0
    }
}

/// Waits, busily (a JavaScript host's thread cannot sleep), until the host's clock has moved
/// on by `millis`.
fn spin_for(millis: f64) {
    let start = host_millis();
    while host_millis() < start + millis {
        std::hint::spin_loop();
    }
}

/// The lines of an interop vector file that are vectors: not blank, not `#` comments.
fn vectors(file: &str) -> impl Iterator<Item = &str> {
    file.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
}

#[derive(idtypes::Tid)]
#[idtype(prefix = "post")]
struct PostId(Tid);

#[derive(serde::Serialize, serde::Deserialize, Debug, PartialEq)]
struct Post {
    id: PostId,
    created: Tid,
    key: RecordKey,
}

/// The atproto interop vectors: every valid TID parses and encodes back to its text, and
/// every invalid one is refused.
#[test]
fn the_tid_vectors_parse_encode_and_refuse() {
    let valid = include_str!("../../tests/vectors/atproto/tid_syntax_valid.txt");
    let invalid = include_str!("../../tests/vectors/atproto/tid_syntax_invalid.txt");
    assert!(vectors(valid).count() >= 4);
    for text in vectors(valid) {
        let tid: Tid = text.parse().unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(tid.encode().as_str(), text);
    }
    assert!(vectors(invalid).count() >= 9);
    for text in vectors(invalid) {
        assert!(text.parse::<Tid>().is_err(), "{text} must be refused");
    }
    let known: Tid = "3jzfcijpj2z2a".parse().unwrap();
    assert_eq!(known.timestamp_micros(), 1_688_137_381_887_007);
    assert_eq!(known.clock_id(), 6);
}

/// The atproto record-key vectors, both ways.
#[test]
fn the_record_key_vectors_parse_and_refuse() {
    let valid = include_str!("../../tests/vectors/atproto/recordkey_syntax_valid.txt");
    let invalid = include_str!("../../tests/vectors/atproto/recordkey_syntax_invalid.txt");
    for text in vectors(valid) {
        let key = RecordKey::parse(text).unwrap_or_else(|err| panic!("{text}: {err}"));
        assert_eq!(key.as_str(), text);
    }
    for text in vectors(invalid) {
        assert!(RecordKey::parse(text).is_err(), "{text} must be refused");
    }
}

/// The uid11 reference vectors: each number encodes to its Base58 text and back.
#[test]
fn the_uid11_vectors_encode_and_parse() {
    let file: serde_json::Value =
        serde_json::from_str(include_str!("../../tests/vectors/uid11/test-vectors.json")).unwrap();
    let encode = file["encode"].as_array().unwrap();
    assert!(!encode.is_empty());
    for vector in encode {
        let value: u64 = vector["u64"].as_str().unwrap().parse().unwrap();
        let text = vector["b58"].as_str().unwrap();
        assert_eq!(Uid11::from_u64(value).encode().as_str(), text);
        assert_eq!(text.parse::<Uid11>().unwrap().to_u64(), value);
    }
}

/// A record with a typed id, a TID and a record key, through JSON and back; the chrono
/// and UUIDv7 conversions of the TID on the way.
#[test]
fn a_record_round_trips_through_json() {
    let post = Post {
        id: "post_3jzfcijpj2z2a".parse().unwrap(),
        created: "3jzfcijpj2z2a".parse().unwrap(),
        key: RecordKey::parse("self").unwrap(),
    };
    let json = serde_json::to_string(&post).unwrap();
    assert_eq!(
        json,
        r#"{"id":"post_3jzfcijpj2z2a","created":"3jzfcijpj2z2a","key":"self"}"#
    );
    assert_eq!(serde_json::from_str::<Post>(&json).unwrap(), post);
    assert!(serde_json::from_str::<Post>(&json.replace("post_", "user_")).is_err());
    assert_eq!(
        post.created
            .datetime::<chrono::DateTime<chrono::Utc>>()
            .timestamp_micros(),
        1_688_137_381_887_007
    );
    assert_eq!(
        Tid::from_uuid_v7(post.created.to_uuid_v7()),
        Ok(post.created)
    );
}

/// `Tid::now()` and a generator of one's own: strictly increasing, never repeating, with
/// the ids of one millisecond (`Date.now()` has no finer grain) a microsecond apart.
#[test]
fn generated_tids_strictly_increase() {
    let mut last = Tid::now();
    for _ in 0..20_000 {
        let tid = Tid::now();
        assert!(tid > last, "{tid} after {last}");
        last = tid;
    }
    let generator = TidGenerator::new();
    let ids: Vec<Tid> = (0..1000).map(|_| generator.next()).collect();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(ids.iter().all(|tid| tid.clock_id() == generator.clock_id()));
}

/// A fresh generator's first TID carries the host's time, as `Date.now()` (or WASI's
/// clock) reads it around the call.
#[test]
fn a_new_tid_carries_the_host_clock_time() {
    let generator = TidGenerator::new();
    let before = host_millis();
    let tid = generator.next();
    let after = host_millis();
    let millis = tid.timestamp_micros() as f64 / 1000.0;
    assert!(
        before.floor() <= millis && millis < after.floor() + 1.0,
        "{before} <= {millis} <= {after}"
    );
    let clock = SystemClock.now_micros() as f64 / 1000.0;
    assert!(
        (clock - host_millis()).abs() < 1000.0,
        "{clock} against {}",
        host_millis()
    );
}

/// The other formats' generators work in the host too, and their ids carry its time.
#[test]
fn every_generator_makes_ids_of_the_host_time() {
    let now = host_millis();
    let near = |millis: f64| (millis - now).abs() < 60_000.0;
    let (a, b) = (TimeId::now(), TimeId::now());
    assert!(b > a && near(a.timestamp_micros() as f64 / 1000.0));
    let (a, b) = (Uid11Xid::now(), Uid11Xid::now());
    assert!(b > a && near(a.timestamp_millis() as f64));
    let (a, b) = (TsSeqRand::now(), TsSeqRand::now());
    assert!(b > a && near(a.timestamp_millis() as f64));
    let generator = TbslGenerator::new(42).unwrap();
    let (a, b) = (generator.try_next().unwrap(), generator.try_next().unwrap());
    assert!(b > a && a.machine_id() == 42);
    assert!(near(a.timestamp_micros() as f64 / 1000.0));
}

/// The random source works: FullRand ids differ, and generators draw different clock ids.
#[test]
fn the_random_source_gives_different_values() {
    let ids: HashSet<FullRand> = (0..1000).map(|_| FullRand::random()).collect();
    assert_eq!(ids.len(), 1000);
    let clock_ids: HashSet<u16> = (0..64).map(|_| TidGenerator::new().clock_id()).collect();
    assert!(
        clock_ids.len() > 32,
        "{} clock ids of 64 draws",
        clock_ids.len()
    );
}

/// The system clock's monotonic reading (`performance.now()` in a JavaScript host) counts
/// the time that passes.
#[test]
fn the_monotonic_clock_counts_time_passing() {
    let start = SystemClock
        .monotonic_micros()
        .expect("the host has a monotonic clock");
    spin_for(5.0);
    let passed = SystemClock.monotonic_micros().unwrap() - start;
    assert!((4_000..1_000_000).contains(&passed), "{passed} µs for 5 ms");
}

/// A lease term runs out by the host's monotonic clock, and its generator then refuses.
#[test]
fn a_lease_term_runs_out_at_its_deadline() {
    let term = LeaseTerm::new(7, Duration::from_millis(5), 0, i64::MAX);
    let generator = TidGenerator::new().with_lease_term(term.clone()).unwrap();
    assert_eq!(generator.next().clock_id(), 7);
    spin_for(20.0);
    assert!(!term.is_live());
    assert_eq!(
        generator.try_next().unwrap_err().kind(),
        ErrorKind::LeaseExpired
    );
    let mut ended = std::pin::pin!(term.ended());
    let mut context = std::task::Context::from_waker(std::task::Waker::noop());
    assert!(ended.as_mut().poll(&mut context).is_ready());
}

/// A TBSL generator waits for a clock gone back only as long as its policy says, then
/// fails: the wait is timed on the host's monotonic clock, spinning where a thread cannot
/// sleep.
#[test]
fn a_tbsl_wait_for_a_clock_gone_back_ends_at_its_timeout() {
    let clock = ManualClock::new(1_700_000_000_000_000);
    let generator = TbslGenerator::with_clock(&clock, 3)
        .unwrap()
        .with_policy(ClockPolicy::Wait {
            timeout: Duration::from_millis(30),
        });
    generator.try_next().unwrap();
    clock.step_back(Duration::from_secs(1));
    let start = host_millis();
    let err = generator.try_next().unwrap_err();
    let waited = host_millis() - start;
    assert_eq!(err.kind(), ErrorKind::ClockBackwards);
    assert!(
        (29.0..5_000.0).contains(&waited),
        "waited {waited} ms for 30"
    );
}

#[derive(idtypes::Ulid)]
#[idtype(prefix = "order")]
struct OrderId(Ulid);

#[derive(idtypes::Uuid)]
#[idtype(prefix = "user")]
struct UserId(Uuid);

#[derive(idtypes::Snowflake)]
#[idtype(prefix = "msg")]
struct MessageId(Snowflake);

/// The version (bits 79..76) and variant (bits 63..62) of a UUID: `(7, 0b10)` for a v7.
fn version_and_variant(uuid: Uuid) -> (u128, u128) {
    let bits = uuid.as_u128();
    ((bits >> 76) & 0xF, (bits >> 62) & 0b11)
}

/// `Ulid::now()` and a `UlidGenerator` of one's own: strictly increasing, stamped with the
/// host's time, and their texts (uppercase, or lowercase) parse back.
#[test]
fn generated_ulids_strictly_increase_and_round_trip() {
    let now = host_millis();
    let mut last = Ulid::now();
    assert!((last.timestamp_millis() as f64 - now).abs() < 60_000.0);
    for _ in 0..20_000 {
        let id = Ulid::now();
        assert!(id > last, "{id} after {last}");
        last = id;
    }
    let generator = UlidGenerator::new();
    let before = host_millis();
    let ids: Vec<Ulid> = (0..1000).map(|_| generator.next()).collect();
    let after = host_millis();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    let first = ids[0].timestamp_millis() as f64;
    assert!(
        before.floor() <= first && first < after.floor() + 1.0,
        "{before} <= {first} <= {after}"
    );
    for id in &ids[..50] {
        let text = id.to_string();
        assert_eq!(text.len(), 26);
        assert_eq!(text.parse::<Ulid>(), Ok(*id));
        assert_eq!(text.to_lowercase().parse::<Ulid>(), Ok(*id));
        assert_eq!(Ulid::from_uuid(id.to_uuid()), *id);
    }
    // The random source: two generators start their millisecond at different random bits.
    let randoms: HashSet<u128> = (0..64)
        .map(|_| UlidGenerator::new().next().random())
        .collect();
    assert!(randoms.len() > 60, "{} of 64", randoms.len());
}

/// UUIDv7 from `now_v7()` and from a `UuidV7Generator`: strictly increasing, version 7 and
/// variant `10`, stamped with the host's time; v4 from `new_v4()`: version 4, random; all of
/// them round trip through their TypeID text.
#[test]
fn generated_uuids_have_their_version_and_increase() {
    let now = host_millis();
    let mut last = now_v7();
    let millis = (last.as_u128() >> 80) as f64;
    assert!((millis - now).abs() < 60_000.0, "{millis} against {now}");
    for _ in 0..20_000 {
        let id = now_v7();
        assert!(id > last, "{id} after {last}");
        assert_eq!(version_and_variant(id), (7, 0b10), "{id}");
        last = id;
    }
    let generator = UuidV7Generator::new();
    let ids: Vec<Uuid> = (0..1000).map(|_| generator.next()).collect();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(ids.iter().all(|id| version_and_variant(*id) == (7, 0b10)));
    assert_eq!(last.get_version_num(), 7);

    let v4: HashSet<Uuid> = (0..1000).map(|_| new_v4()).collect();
    assert_eq!(v4.len(), 1000);
    assert!(v4.iter().all(|id| version_and_variant(*id) == (4, 0b10)));

    for uuid in ids[..20].iter().chain(v4.iter().take(20)) {
        let id = DynTypeId::new("user", *uuid).unwrap();
        let text = id.to_string();
        assert_eq!(text.len(), 5 + 26);
        assert_eq!(text.parse::<DynTypeId>(), Ok(id));
        assert_eq!(DynTypeId::parse(&text[5..]).unwrap().uuid(), *uuid);
    }
}

/// A `SnowflakeGenerator` with a worker id of one's own: strictly increasing, stamped with
/// its worker id and the host's time since its epoch; the decimal text round trips. (There is
/// no `Snowflake::now()`: a Snowflake needs its epoch and worker id.)
#[test]
fn generated_snowflakes_strictly_increase_and_carry_their_worker() {
    let generator = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 513).unwrap();
    assert_eq!(generator.worker_id(), 513);
    let before = host_millis();
    let ids: Vec<Snowflake> = (0..20_000).map(|_| generator.next()).collect();
    let after = host_millis();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(ids.iter().all(|id| id.worker_id() == 513));
    let first = ids[0].timestamp_millis(SnowflakeEpoch::DISCORD) as f64;
    assert!(
        before.floor() <= first && first < after.floor() + 1.0,
        "{before} <= {first} <= {after}"
    );
    for id in &ids[..50] {
        let text = id.to_string();
        assert_eq!(text.parse::<Snowflake>(), Ok(*id));
        assert_eq!(text, id.to_u64().to_string());
    }
    assert!(SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 1024).is_err());

    // A worker id from a lease: the generator refuses once it has run out.
    let term = LeaseTerm::new(9, Duration::from_millis(5), 0, i64::MAX);
    let leased = SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 0)
        .unwrap()
        .with_lease_term(term.clone())
        .unwrap();
    assert_eq!(leased.next().worker_id(), 9);
    spin_for(20.0);
    assert_eq!(
        leased.try_next().unwrap_err().kind(),
        ErrorKind::LeaseExpired
    );
}

/// Typed ids of the new formats: made by the process-wide generators or one's own, increasing,
/// through their text and JSON and back.
#[test]
fn typed_ulids_uuids_and_snowflakes_generate_and_round_trip() {
    let (a, b) = (OrderId::now(), OrderId::now());
    assert!(b.as_inner() > a.as_inner());
    let generator = UlidGenerator::new();
    let c = OrderId::next_from(&generator);
    assert!(OrderId::next_from(&generator).as_inner() > c.as_inner());
    assert!((c.as_inner().timestamp_millis() as f64 - host_millis()).abs() < 60_000.0);
    let text = c.to_string();
    assert!(text.starts_with("order_") && text.len() == 6 + 26, "{text}");
    assert_eq!(text.parse::<OrderId>().unwrap(), c);
    assert!(text.replace("order_", "user_").parse::<OrderId>().is_err());
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(json, format!("\"{text}\""));
    assert_eq!(serde_json::from_str::<OrderId>(&json).unwrap(), c);

    let (a, b) = (UserId::now_v7(), UserId::now_v7());
    assert!(b.as_inner() > a.as_inner());
    assert_eq!(version_and_variant(*b.as_inner()), (7, 0b10));
    assert_eq!(version_and_variant(*UserId::new_v4().as_inner()), (4, 0b10));
    let generator = UuidV7Generator::new();
    let c = UserId::next_from(&generator);
    assert_eq!(version_and_variant(*c.as_inner()), (7, 0b10));
    let text = c.to_string();
    assert!(text.starts_with("user_") && text.len() == 5 + 26, "{text}");
    assert_eq!(text.parse::<UserId>().unwrap(), c);
    assert_eq!(c.to_dyn_type_id().to_string(), text);
    assert!(text.replace("user_", "order_").parse::<UserId>().is_err());
    let json = serde_json::to_string(&c).unwrap();
    assert_eq!(json, format!("\"{text}\""));
    assert_eq!(serde_json::from_str::<UserId>(&json).unwrap(), c);

    let generator = SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 77).unwrap();
    let (a, b) = (
        MessageId::next_from(&generator),
        MessageId::next_from(&generator),
    );
    assert!(b.as_inner() > a.as_inner());
    assert_eq!(b.as_inner().worker_id(), 77);
    let text = b.to_string();
    assert!(text.starts_with("msg_"), "{text}");
    assert_eq!(text.parse::<MessageId>().unwrap(), b);
    let json = serde_json::to_string(&b).unwrap();
    assert_eq!(serde_json::from_str::<MessageId>(&json).unwrap(), b);
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
mod app {
    use idtypes_wasm_tests::{new_tid, tid_timestamp_micros};
    use wasm_bindgen_test::wasm_bindgen_test as test;

    /// What the app exports: a new TID, and a TID's timestamp or an error.
    #[test]
    fn the_app_makes_and_parses_tids() {
        let tid = new_tid();
        assert_eq!(tid.len(), 13);
        assert!(tid_timestamp_micros(&tid).unwrap() > 1.7e15);
        assert_eq!(
            tid_timestamp_micros("3jzfcijpj2z2a").unwrap(),
            1_688_137_381_887_007.0
        );
        assert!(tid_timestamp_micros("3jzfcijpj2z2").is_err());
    }
}

#[derive(idtypes::Ksuid)]
#[idtype(prefix = "trace")]
struct TraceId(idtypes::Ksuid);

/// KSUIDs: segmentio's example parses and encodes; `Ksuid::now()` and a monotonic
/// `KsuidGenerator` are stamped with the host's second, the monotonic ones strictly
/// increasing; their texts parse back, bare and typed; the random payloads differ.
#[test]
fn ksuids_parse_encode_and_generate() {
    use idtypes::Ksuid;
    use idtypes::ksuid::KsuidGenerator;

    let id: Ksuid = "0ujtsYcgvSTl8PAuAdqWYSMnLOv".parse().unwrap();
    assert_eq!(id.timestamp_seconds(), 1_507_608_047);
    assert_eq!(id.to_string(), "0ujtsYcgvSTl8PAuAdqWYSMnLOv");
    assert_eq!(
        "0ujtsYcgvSTl8PAuAdqWYSMnLO:"
            .parse::<Ksuid>()
            .unwrap_err()
            .kind(),
        ErrorKind::Character
    );
    let now = host_millis() / 1000.0;
    let first = Ksuid::now();
    assert!((first.timestamp_seconds() as f64 - now).abs() < 60.0);
    let payloads: HashSet<u128> = (0..1000).map(|_| Ksuid::now().payload()).collect();
    assert_eq!(payloads.len(), 1000);
    let generator = KsuidGenerator::monotonic();
    let before = (host_millis() / 1000.0).floor();
    let ids: Vec<Ksuid> = (0..1000).map(|_| generator.next()).collect();
    let after = (host_millis() / 1000.0).floor();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    let stamped = ids[0].timestamp_seconds() as f64;
    assert!(
        before <= stamped && stamped <= after,
        "{before} <= {stamped} <= {after}"
    );
    for id in &ids[..50] {
        assert_eq!(id.to_string().parse::<Ksuid>(), Ok(*id));
        let typed = TraceId::from_inner(*id);
        assert_eq!(typed.to_string().parse::<TraceId>().unwrap(), typed);
        let json = serde_json::to_string(&typed).unwrap();
        assert_eq!(serde_json::from_str::<TraceId>(&json).unwrap(), typed);
    }
}

/// A `SonyflakeGenerator` (v1's layout): strictly increasing, stamped with its machine id and
/// the host's time, never ahead of it; 1,000 ids spend four units' sequences, so it waits for
/// the next unit (parked under WASI, spinning in a JavaScript host). The decimal text round
/// trips.
#[test]
fn generated_sonyflakes_wait_for_their_units_and_carry_their_machine() {
    use idtypes::Sonyflake;
    use idtypes::sonyflake::{SonyflakeGenerator, SonyflakeLayout};

    let layout = SonyflakeLayout::V1;
    let generator = SonyflakeGenerator::new(layout, 513).unwrap();
    let before = host_millis();
    let ids: Vec<Sonyflake> = (0..1_000).map(|_| generator.next()).collect();
    let after = host_millis();
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    assert!(ids.iter().all(|id| id.machine_id(layout) == 513));
    let (first, last) = (
        ids[0].timestamp_millis(layout) as f64,
        ids[999].timestamp_millis(layout) as f64,
    );
    assert!(before.floor() - 10.0 < first, "{before} <= {first}");
    assert!(
        last <= after.floor(),
        "{last} <= {after}: an id ahead of the clock"
    );
    assert!(ids[999].time_units(layout) >= ids[0].time_units(layout) + 3);
    for id in &ids[..50] {
        let text = id.to_string();
        assert_eq!(text.parse::<Sonyflake>(), Ok(*id));
        assert_eq!(text, id.to_u64().to_string());
    }
}

/// rs/xid's XID in the host: its text reads and writes (rs/xid's vector), `RsXid::now()`
/// carries the host's time, and ids of one process share a process id (16 random bits where
/// there are no process ids) and count up.
#[test]
fn rs_xids_parse_encode_and_generate() {
    use idtypes::RsXid;
    let id: RsXid = "9m4e2mr0ui3e8a215n4g".parse().unwrap();
    assert_eq!(id.timestamp_seconds(), 1_300_816_219);
    assert_eq!(id.machine_id(), [0x60, 0xf4, 0x86]);
    assert_eq!((id.process_id(), id.counter()), (0xe428, 4_271_561));
    assert_eq!(id.encode(), "9m4e2mr0ui3e8a215n4g");
    assert!(RsXid::parse("9m4e2mr0ui3e8a215n4h").is_err());
    let now = host_millis();
    let (a, b) = (RsXid::now(), RsXid::now());
    assert!((a.timestamp_seconds() as f64 * 1000.0 - now).abs() < 60_000.0);
    assert_eq!(
        (a.machine_id(), a.process_id()),
        (b.machine_id(), b.process_id())
    );
    assert_eq!(b.counter(), (a.counter() + 1) % (1 << 24));
    assert_eq!(RsXid::parse(&a.to_string()), Ok(a));
}

/// MongoDB's ObjectId in the host: its text reads in either case and writes in lowercase,
/// `ObjectId::now()` carries the host's time, and ids of one process share a random value and
/// count up.
#[test]
fn object_ids_parse_encode_and_generate() {
    use idtypes::ObjectId;
    let id: ObjectId = "64B7F0A1C2D3E4F5A6B7C8D9".parse().unwrap();
    assert_eq!(id.timestamp_seconds(), 1_689_776_289);
    assert_eq!(id.process_unique(), [0xc2, 0xd3, 0xe4, 0xf5, 0xa6]);
    assert_eq!(id.encode(), "64b7f0a1c2d3e4f5a6b7c8d9");
    assert!(ObjectId::parse("64b7f0a1c2d3e4f5a6b7c8dg").is_err());
    let now = host_millis();
    let (a, b) = (ObjectId::now(), ObjectId::now());
    assert!((a.timestamp_seconds() as f64 * 1000.0 - now).abs() < 60_000.0);
    assert_eq!(a.process_unique(), b.process_unique());
    assert_eq!(b.counter(), (a.counter() + 1) % (1 << 24));
    assert_eq!(ObjectId::parse(&a.to_string()), Ok(a));
}

/// NanoIDs parse, print and generate: the host's random source gives different ids of the
/// alphabet, and the reference's mapping of fixed bytes holds here too.
#[test]
fn nanoids_parse_encode_and_generate() {
    use idtypes::NanoId;
    use idtypes::nanoid::Lowercase;

    let id: NanoId = "V1StGXR8_Z5jdHi6B-myT".parse().unwrap();
    assert_eq!(id.to_string(), "V1StGXR8_Z5jdHi6B-myT");
    let err = "V1StGXR8_Z5jdHi6B-my~".parse::<NanoId>().unwrap_err();
    assert_eq!(
        (err.kind(), err.position()),
        (ErrorKind::Character, Some(20))
    );
    let zeros = NanoId::<Lowercase, 4>::from_random(|buffer| buffer.fill(27));
    assert_eq!(zeros.as_str(), "bbbb");
    let ids: HashSet<NanoId> = (0..1000).map(|_| NanoId::new()).collect();
    assert_eq!(ids.len(), 1000);
    for id in &ids {
        assert_eq!(id.as_str().parse::<NanoId>().unwrap(), *id);
    }
    let invite = NanoId::<Lowercase, 16>::random();
    assert!(invite.as_str().bytes().all(|b| b.is_ascii_lowercase()));
}

/// CUID2: the reference's ids (`tests/vectors/cuid2`) made again from their inputs (SHA3-512
/// and the base-36 text of the digest on WebAssembly), its `isCuid` verdicts, and new ids
/// from the host's clock and random source.
#[test]
fn cuid2_vectors_reproduce_parse_and_new_ids_are_valid() {
    use idtypes::Cuid2;
    use idtypes::cuid2::{Cuid2Generator, Cuid2Inputs};

    let file: serde_json::Value =
        serde_json::from_str(include_str!("../../tests/vectors/cuid2/cuid2.json")).unwrap();
    let ids = file["ids"].as_array().unwrap();
    assert!(ids.len() >= 12);
    for vector in ids {
        let inputs = Cuid2Inputs {
            length: vector["length"].as_u64().unwrap() as usize,
            first_letter: vector["first_letter"].as_str().unwrap().as_bytes()[0],
            time_millis: vector["time_millis"].as_i64().unwrap(),
            salt: vector["salt"].as_str().unwrap(),
            counter: vector["counter"].as_u64().unwrap(),
            fingerprint: vector["fingerprint"].as_str().unwrap(),
        };
        let id = Cuid2::from_inputs(&inputs).unwrap();
        assert_eq!(id.as_str(), vector["id"].as_str().unwrap());
        assert_eq!(id.as_str().parse::<Cuid2>().unwrap(), id);
    }
    for vector in file["is_cuid"].as_array().unwrap() {
        let text = vector["text"].as_str().unwrap();
        assert_eq!(
            Cuid2::parse(text).is_ok(),
            vector["valid"].as_bool().unwrap(),
            "{text:?}"
        );
    }
    let generator = Cuid2Generator::new().with_length(10).unwrap();
    let new: HashSet<Cuid2> = (0..500).map(|_| generator.next()).collect();
    assert_eq!(new.len(), 500);
    assert!(
        new.iter()
            .all(|id| id.len() == 10 && Cuid2::parse(id.as_str()) == Ok(*id))
    );
    assert_eq!(Cuid2::generate().len(), 24);
}
