//! Proves that the hot paths of `Tid` never touch the heap: a counting global allocator
//! counts the allocations of the current thread while each operation runs.
//!
//! This is its own test binary, so the allocator sees only these tests. The count is per
//! thread, so tests running in parallel do not disturb each other.

use std::{
    alloc::{GlobalAlloc, Layout, System},
    cell::Cell,
    fmt::{self, Write as _},
    hint::black_box,
};

use idtypes::{Tid, TypedId};

struct CountingAllocator;

thread_local! {
    // `const` init and a `Cell<usize>` (no destructor): reading it never allocates.
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: during thread teardown the slot may be gone; then there is nothing to count.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded contract.
        unsafe { System.alloc(layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: forwarded contract.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: forwarded contract.
        unsafe { System.realloc(ptr, layout, new_size) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: forwarded contract.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// The heap allocations (allocs, zeroed allocs and reallocs) of this thread while `f` runs.
fn allocations_in<R>(f: impl FnOnce() -> R) -> (R, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = black_box(f());
    let after = ALLOCATIONS.with(Cell::get);
    (result, after - before)
}

#[track_caller]
fn assert_no_allocation<R>(f: impl FnOnce() -> R) -> R {
    let (result, count) = allocations_in(f);
    assert_eq!(count, 0, "expected no heap allocation, counted {count}");
    result
}

/// A `fmt::Write` over a fixed stack buffer.
struct StackBuf {
    bytes: [u8; 64],
    len: usize,
}

impl StackBuf {
    const fn new() -> Self {
        StackBuf {
            bytes: [0; 64],
            len: 0,
        }
    }

    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..self.len]).unwrap()
    }
}

impl fmt::Write for StackBuf {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        let end = self.len + s.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}

const TEXT: &str = "3jzfcijpj2z2a";
const VALUE: u64 = 1728652679052295174;

#[test]
fn the_counter_sees_an_allocation() {
    // Positive control: without it, a broken counter would make every test below pass.
    let (_, count) = allocations_in(|| black_box(Vec::<u8>::with_capacity(1)));
    assert!(count >= 1, "the counting allocator saw nothing");
    let (_, count) = allocations_in(|| black_box(String::from(black_box(TEXT))));
    assert!(count >= 1, "the counting allocator saw nothing");
    let (_, count) = allocations_in(|| Tid::from_u64(black_box(VALUE)).to_string());
    assert!(count >= 1, "to_string into a new String must allocate");
}

#[test]
fn the_counter_counts_only_its_own_thread() {
    const WORKER_ALLOCATIONS: usize = 1000;
    let (worker_count, count) = allocations_in(|| {
        std::thread::scope(|s| {
            s.spawn(|| {
                allocations_in(|| {
                    for _ in 0..WORKER_ALLOCATIONS {
                        black_box(Vec::<u8>::with_capacity(1));
                    }
                })
                .1
            })
            .join()
            .unwrap()
        })
    });
    assert_eq!(worker_count, WORKER_ALLOCATIONS);
    // Spawning allocates a little on this thread, but far less than the worker did.
    assert!(
        count < WORKER_ALLOCATIONS,
        "counted {count} on the spawning thread"
    );
}

#[test]
fn encode_does_not_allocate() {
    let text = assert_no_allocation(|| Tid::from_u64(black_box(VALUE)).encode());
    assert_eq!(text.as_str(), TEXT);
}

#[test]
fn parse_does_not_allocate() {
    let tid = assert_no_allocation(|| Tid::parse(black_box(TEXT)));
    assert_eq!(tid.map(Tid::to_u64), Ok(VALUE));
    let tid = assert_no_allocation(|| black_box(TEXT).parse::<Tid>());
    assert_eq!(tid.map(Tid::to_u64), Ok(VALUE));
    let tid = assert_no_allocation(|| Tid::parse_ascii(black_box(TEXT.as_bytes())));
    assert_eq!(tid.map(Tid::to_u64), Ok(VALUE));
}

#[test]
fn a_failed_parse_and_its_message_do_not_allocate() {
    for bad in [
        "",
        "3jzf-cij-pj2z-2a",
        "kjzfcijpj2z2a",
        "3jz\u{e9}cijpj2z2",
        "\u{0}222222222222",
    ] {
        let mut buf = StackBuf::new();
        let mut long = [0u8; 256];
        let len = assert_no_allocation(|| {
            let err = Tid::parse(black_box(bad)).unwrap_err();
            // Too long for `StackBuf`: write into a bigger slice through `io::Write`.
            let mut out: &mut [u8] = &mut long;
            let before = out.len();
            std::io::Write::write_fmt(&mut out, format_args!("{err}")).unwrap();
            let _ = write!(buf, "{:?}", err.kind());
            before - out.len()
        });
        let message = std::str::from_utf8(&long[..len]).unwrap();
        assert!(message.starts_with("invalid atproto TID"), "{message}");
        assert!(!buf.as_str().is_empty());
    }
}

#[test]
fn display_and_debug_into_a_stack_buffer_do_not_allocate() {
    let tid = Tid::from_u64(VALUE);
    let mut buf = StackBuf::new();
    assert_no_allocation(|| write!(buf, "{}", black_box(tid))).unwrap();
    assert_eq!(buf.as_str(), TEXT);

    let mut buf = StackBuf::new();
    assert_no_allocation(|| write!(buf, "[{:>15}|{:?}]", black_box(tid), black_box(tid))).unwrap();
    assert_eq!(buf.as_str(), "[  3jzfcijpj2z2a|Tid(3jzfcijpj2z2a)]");

    let mut buf = StackBuf::new();
    let text = tid.encode();
    assert_no_allocation(|| write!(buf, "{}", black_box(text))).unwrap();
    assert_eq!(buf.as_str(), TEXT);
}

#[test]
fn from_parts_and_ranges_do_not_allocate() {
    let tid = assert_no_allocation(|| Tid::from_parts(black_box(1688137381887007), 6)).unwrap();
    assert_eq!(tid.to_u64(), VALUE);
    assert_no_allocation(|| Tid::from_parts(black_box(1 << 53), 0)).unwrap_err();
    let range = assert_no_allocation(|| Tid::range_for_prefix(black_box("3jzf")))
        .unwrap()
        .unwrap();
    assert!(range.contains(&tid));
    let range = assert_no_allocation(|| Tid::range_for_micros(black_box(0), u64::MAX)).unwrap();
    assert!(range.contains(&tid));
}

#[cfg(feature = "std")]
#[test]
fn generator_next_does_not_allocate() {
    use idtypes::ManualClock;
    use idtypes::tid::TidGenerator;

    let generator = TidGenerator::new();
    let first = generator.next();
    let second = assert_no_allocation(|| {
        let mut last = generator.next();
        for _ in 0..1000 {
            last = generator.next();
        }
        last
    });
    assert!(second > first);

    let clock = ManualClock::new(1_000_000);
    let generator = TidGenerator::with_clock(&clock).with_clock_id(3).unwrap();
    let tid = assert_no_allocation(|| generator.try_next()).unwrap();
    assert_eq!(tid, Tid::from_parts(1_000_000, 3).unwrap());
}

#[cfg(feature = "std")]
#[test]
fn tid_now_does_not_allocate_after_the_first_call() {
    // The first call initializes the process-wide generator (a `OnceLock`): not counted.
    let first = Tid::now();
    let later = assert_no_allocation(|| {
        let mut last = Tid::now();
        for _ in 0..1000 {
            last = Tid::now();
        }
        last
    });
    assert!(later > first);
    assert_no_allocation(|| black_box(later).timestamp());
}

#[cfg(feature = "serde")]
#[test]
fn serde_json_to_a_slice_does_not_allocate() {
    let tid = Tid::from_u64(VALUE);
    let mut buf = [0u8; 64];
    let written = assert_no_allocation(|| {
        let mut out: &mut [u8] = &mut buf;
        let before = out.len();
        serde_json::to_writer(&mut out, black_box(&tid)).unwrap();
        before - out.len()
    });
    assert_eq!(&buf[..written], br#""3jzfcijpj2z2a""#);
}

#[cfg(feature = "serde")]
#[test]
fn serde_json_from_a_borrowed_str_does_not_allocate() {
    let json = r#""3jzfcijpj2z2a""#;
    let tid = assert_no_allocation(|| serde_json::from_str::<Tid>(black_box(json))).unwrap();
    assert_eq!(tid.to_u64(), VALUE);
    let tid =
        assert_no_allocation(|| serde_json::from_slice::<Tid>(black_box(json.as_bytes()))).unwrap();
    assert_eq!(tid.to_u64(), VALUE);
}

#[cfg(feature = "serde")]
#[test]
fn postcard_to_a_slice_and_back_does_not_allocate() {
    for value in [0, 1, VALUE, u64::MAX] {
        let tid = Tid::from_u64(value);
        let mut buf = [0u8; 16];
        let len =
            assert_no_allocation(|| postcard::to_slice(black_box(&tid), &mut buf).unwrap().len());
        let back = assert_no_allocation(|| postcard::from_bytes::<Tid>(black_box(&buf[..len])));
        assert_eq!(back.unwrap(), tid);
    }
}

/// `value` written into `buf` as DAG-CBOR (serde_ipld_dagcbor), without allocating: the length.
#[cfg(feature = "serde")]
fn dag_cbor_into(buf: &mut [u8], value: &impl serde::Serialize) -> usize {
    assert_no_allocation(|| {
        let mut out: &mut [u8] = buf;
        let before = out.len();
        serde_ipld_dagcbor::to_writer(&mut out, black_box(value)).unwrap();
        before - out.len()
    })
}

#[cfg(feature = "serde")]
#[test]
fn dag_cbor_to_a_slice_and_back_does_not_allocate() {
    for value in [0, 1, VALUE, u64::MAX] {
        let tid = Tid::from_u64(value);
        let mut buf = [0u8; 16];
        let len = dag_cbor_into(&mut buf, &tid);
        // A CBOR text string of 13 bytes.
        assert_eq!(buf[0], 0x6d);
        assert_eq!(&buf[1..len], tid.encode().as_bytes());
        let back =
            assert_no_allocation(|| serde_ipld_dagcbor::from_slice::<Tid>(black_box(&buf[..len])));
        assert_eq!(back.unwrap(), tid);
    }
}

#[cfg(feature = "alloc")]
#[test]
fn short_record_keys_do_not_allocate() {
    use idtypes::record_key::RecordKeyType;
    use idtypes::{RecordKey, Tid};
    let key = assert_no_allocation(|| RecordKey::parse("3jzfcijpj2z2a").unwrap());
    assert_no_allocation(|| RecordKey::from(Tid::from_u64(1)));
    let longest = "o".repeat(512);
    assert_no_allocation(|| RecordKey::validate(&longest).is_ok());
    assert_no_allocation(|| RecordKeyType::Tid.check(&key).unwrap());
    assert_no_allocation(|| {
        RecordKeyType::Literal(RecordKey::SELF)
            .check(&key)
            .unwrap_err()
    });
}

#[cfg(all(feature = "alloc", feature = "serde"))]
#[test]
fn short_record_keys_from_borrowed_json_do_not_allocate() {
    let key =
        assert_no_allocation(|| serde_json::from_str::<idtypes::RecordKey>(r#""self""#).unwrap());
    assert_eq!(key, "self");
}

#[test]
fn time_id_text_and_ranges_do_not_allocate() {
    use idtypes::TimeId;
    let id = assert_no_allocation(|| TimeId::parse("3kxn-lhr-3gxq-23").unwrap());
    assert_no_allocation(|| TimeId::parse("3kxnlhr3gxq23").unwrap());
    assert_no_allocation(|| TimeId::parse("jzzzzzzzzzzzz").unwrap_err());
    assert_no_allocation(|| id.encode());
    assert_no_allocation(|| id.to_dashed());
    assert_no_allocation(|| TimeId::range_for_prefix("3kxn-lhr").unwrap());
    assert_no_allocation(|| TimeId::ranges_for_micros(-10, 10));
}

#[cfg(feature = "std")]
#[test]
fn time_id_generation_does_not_allocate() {
    use idtypes::TimeId;
    use idtypes::time_id::TimeIdGenerator;
    let generator = TimeIdGenerator::new();
    assert_no_allocation(|| generator.next());
    TimeId::now();
    assert_no_allocation(TimeId::now);
}

#[cfg(feature = "serde")]
#[test]
fn time_id_serde_does_not_allocate() {
    use idtypes::TimeId;
    let id = TimeId::from_i64(-12345);
    let mut buf = [0u8; 32];
    let written = assert_no_allocation(|| {
        let mut slice = &mut buf[..];
        serde_json::to_writer(&mut slice, &id).unwrap();
        32 - slice.len()
    });
    let json = core::str::from_utf8(&buf[..written]).unwrap().to_owned();
    assert_eq!(
        assert_no_allocation(|| serde_json::from_str::<TimeId>(&json).unwrap()),
        id
    );
    let mut buf = [0u8; 16];
    let bytes = assert_no_allocation(|| postcard::to_slice(&id, &mut buf).unwrap().len());
    assert_eq!(
        assert_no_allocation(|| postcard::from_bytes::<TimeId>(&buf[..bytes]).unwrap()),
        id
    );
}

#[test]
fn uid11_and_tbsl_text_do_not_allocate() {
    use idtypes::tbsl::TransportBase;
    use idtypes::{Tbsl, Uid11, Uid11Xid};
    let id = assert_no_allocation(|| Uid11::parse("jpXCZedGfVQ").unwrap());
    assert_no_allocation(|| id.encode());
    assert_no_allocation(|| Uid11::parse("jpXCZedGfVR").unwrap_err());
    assert_no_allocation(|| Uid11::range_for_prefix("1111111NV").unwrap());
    assert_no_allocation(|| Uid11Xid::parse("113q8KFkAEs").unwrap().timestamp_millis());
    let tbsl = assert_no_allocation(|| Tbsl::parse("25BF6196C8D610700001").unwrap());
    assert_no_allocation(|| tbsl.encode());
    let base62 = assert_no_allocation(|| tbsl.to_base(TransportBase::Base62));
    assert_no_allocation(|| Tbsl::from_base(TransportBase::Base62, &base62).unwrap());
}

#[test]
fn snowflake_text_errors_and_ranges_do_not_allocate() {
    use idtypes::Snowflake;
    use idtypes::snowflake::SnowflakeEpoch;
    let id = assert_no_allocation(|| Snowflake::parse("175928847299117063").unwrap());
    assert_no_allocation(|| id.encode());
    let mut buf = StackBuf::new();
    assert_no_allocation(|| write!(buf, "{id} {id:?}").unwrap());
    assert_eq!(
        buf.as_str(),
        "175928847299117063 Snowflake(175928847299117063)"
    );
    for text in ["+1", "01", "9223372036854775808", "10000000000000000000"] {
        let mut long = [0u8; 256];
        let len = assert_no_allocation(|| {
            let err = Snowflake::parse(black_box(text)).unwrap_err();
            let mut out: &mut [u8] = &mut long;
            let before = out.len();
            std::io::Write::write_fmt(&mut out, format_args!("{err}")).unwrap();
            before - out.len()
        });
        let message = std::str::from_utf8(&long[..len]).unwrap();
        assert!(message.starts_with("invalid Snowflake"), "{message}");
    }
    let epoch = SnowflakeEpoch::DISCORD;
    assert_no_allocation(|| Snowflake::range_for_millis(epoch, 1_700_000_000_000, u64::MAX));
}

#[cfg(feature = "std")]
#[test]
fn snowflake_generation_does_not_allocate() {
    use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
    let generator = SnowflakeGenerator::new(SnowflakeEpoch::TWITTER, 1).unwrap();
    assert_no_allocation(|| generator.next());
}

#[cfg(feature = "std")]
#[test]
fn uid11_and_tbsl_generation_do_not_allocate() {
    use idtypes::Uid11Xid;
    use idtypes::tbsl::TbslGenerator;
    use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator, Uid11XidGenerator};
    let xid = Uid11XidGenerator::new();
    assert_no_allocation(|| xid.next());
    let snowish = SnowishGenerator::new(1).unwrap();
    assert_no_allocation(|| snowish.next());
    let ts_seq_rand = TsSeqRandGenerator::new();
    ts_seq_rand.next(); // seeds this thread's random state
    assert_no_allocation(|| ts_seq_rand.next());
    Uid11Xid::now();
    assert_no_allocation(Uid11Xid::now);
    let tbsl = TbslGenerator::new(1).unwrap();
    assert_no_allocation(|| tbsl.try_next().unwrap());
}

#[cfg(feature = "derive")]
mod typed {
    use super::*;

    #[derive(Tid)]
    #[idtype(prefix = "post")]
    struct PostId(Tid);

    fn after_1970(tid: &Tid) -> Result<(), &'static str> {
        if tid.timestamp_micros() == 0 {
            Err("post ids have a timestamp")
        } else {
            Ok(())
        }
    }

    #[derive(Tid)]
    #[idtype(prefix = "post", validate = after_1970)]
    struct CheckedPostId(Tid);

    const POST: &str = "post_3jzfcijpj2z2a";

    #[test]
    fn typed_parse_display_and_debug_do_not_allocate() {
        let id = assert_no_allocation(|| PostId::parse(black_box(POST))).unwrap();
        let mut buf = StackBuf::new();
        assert_no_allocation(|| write!(buf, "{}|{:?}", black_box(id), black_box(id))).unwrap();
        assert_eq!(
            buf.as_str(),
            "post_3jzfcijpj2z2a|PostId(post_3jzfcijpj2z2a)"
        );
        let checked = assert_no_allocation(|| CheckedPostId::parse(black_box(POST)));
        assert!(checked.is_ok());
    }

    #[test]
    fn typed_errors_and_their_messages_do_not_allocate() {
        for bad in [
            "",
            "3jzfcijpj2z2a",
            "user_3jzfcijpj2z2a",
            "post-3jzfcijpj2z2a",
            "post_3jzfcijpj2z21",
        ] {
            let mut long = [0u8; 256];
            let len = assert_no_allocation(|| {
                let err = CheckedPostId::parse(black_box(bad)).unwrap_err();
                let mut out: &mut [u8] = &mut long;
                let before = out.len();
                std::io::Write::write_fmt(&mut out, format_args!("{err}")).unwrap();
                before - out.len()
            });
            let message = std::str::from_utf8(&long[..len]).unwrap();
            assert!(message.contains("CheckedPostId"), "{message}");
        }
        // A refusal by the `validate` function keeps the function's error whole (boxed), which
        // is the one typed-id error that allocates.
        let refused = CheckedPostId::parse("post_2222222222222").unwrap_err();
        assert_eq!(refused.kind(), idtypes::ErrorKind::Validation);
    }

    #[cfg(feature = "serde")]
    #[test]
    fn typed_serde_json_and_postcard_do_not_allocate() {
        let id = PostId::parse(POST).unwrap();
        let mut buf = [0u8; 64];
        let written = assert_no_allocation(|| {
            let mut out: &mut [u8] = &mut buf;
            let before = out.len();
            serde_json::to_writer(&mut out, black_box(&id)).unwrap();
            before - out.len()
        });
        assert_eq!(&buf[..written], br#""post_3jzfcijpj2z2a""#);
        let back =
            assert_no_allocation(|| serde_json::from_slice::<PostId>(black_box(&buf[..written])));
        assert_eq!(back.unwrap(), id);

        let mut bytes = [0u8; 32];
        let len = assert_no_allocation(|| {
            postcard::to_slice(black_box(&id), &mut bytes)
                .unwrap()
                .len()
        });
        let back =
            assert_no_allocation(|| postcard::from_bytes::<PostId>(black_box(&bytes[..len])));
        assert_eq!(back.unwrap(), id);

        let len = dag_cbor_into(&mut bytes, &id);
        assert_eq!(&bytes[1..len], POST.as_bytes());
        let back = assert_no_allocation(|| {
            serde_ipld_dagcbor::from_slice::<PostId>(black_box(&bytes[..len]))
        });
        assert_eq!(back.unwrap(), id);
    }
}
