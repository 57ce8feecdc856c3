//! How far ahead of the clock each generator's ids run when one thread asks for ids as fast
//! as it can: the table of idtypes/docs/performance.md's "Honest time under load".
//!
//! ```text
//! cargo run --release --manifest-path benches-peers/Cargo.toml --example run_ahead
//! ```
//!
//! For each generator, one thread makes ids for 400 ms (or 2 threads sharing one generator,
//! in the second table), reading the system clock after every 256 ids: the largest lead of an
//! id's time over the clock read after it, and how many ids were made. The TID rows also
//! try other bounds, the measurement behind the default of 1 ms: the rate a bound lets a
//! saturated generator keep (a bound under the 50-100 µs a sleeping thread oversleeps loses
//! part of the format's rate), against how far ahead its ids may be.

use std::{
    sync::atomic::{AtomicBool, Ordering},
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use idtypes::RunAhead;
use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::tbsl::TbslGenerator;
use idtypes::tid::TidGenerator;
use idtypes::time_id::TimeIdGenerator;
use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator};
use idtypes::ulid::UlidGenerator;
use idtypes::uuids::UuidV7Generator;

const RUN: Duration = Duration::from_millis(400);
const DISCORD_EPOCH_MILLIS: i64 = 1_420_070_400_000;

/// The system clock, Unix microseconds.
fn clock_micros() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_micros() as i64
}

/// Unix microseconds of `time`.
fn micros(time: SystemTime) -> i64 {
    time.duration_since(UNIX_EPOCH).unwrap().as_micros() as i64
}

/// Makes ids with `next` (each as its time in Unix µs) from `threads` threads for [`RUN`]:
/// (ids made, the largest lead over the clock in µs).
fn measure(threads: usize, next: &(dyn Fn() -> i64 + Sync)) -> (u64, i64) {
    let stop = AtomicBool::new(false);
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let (mut made, mut lead) = (0u64, i64::MIN);
                    while !stop.load(Ordering::Relaxed) {
                        let mut latest = i64::MIN;
                        for _ in 0..256 {
                            latest = latest.max(next());
                        }
                        made += 256;
                        lead = lead.max(latest - clock_micros());
                    }
                    (made, lead)
                })
            })
            .collect();
        let start = Instant::now();
        while start.elapsed() < RUN {
            std::thread::sleep(Duration::from_millis(5));
        }
        stop.store(true, Ordering::Relaxed);
        workers
            .into_iter()
            .map(|worker| worker.join().unwrap())
            .fold((0, i64::MIN), |(made, lead), (m, l)| {
                (made + m, lead.max(l))
            })
    })
}

fn row(name: &str, threads: usize, next: &(dyn Fn() -> i64 + Sync)) {
    let (made, lead) = measure(threads, next);
    let per_second = made as f64 / RUN.as_secs_f64();
    println!(
        "| {name} | {:.2}M | {:.2}M | {} |",
        made as f64 / 1e6,
        per_second / 1e6,
        lead_text(lead)
    );
}

fn lead_text(micros: i64) -> String {
    if micros <= 0 {
        "0 (at or behind the clock)".to_string()
    } else if micros < 1000 {
        format!("{micros} µs")
    } else {
        format!("{:.3} ms", micros as f64 / 1000.0)
    }
}

fn table(threads: usize) {
    println!(
        "\n{threads} thread(s) sharing one generator, {} ms:\n",
        RUN.as_millis()
    );
    println!("| generator | ids | ids per second | largest lead over the clock |");
    println!("|---|---|---|---|");
    let snowflake_micros =
        |id: idtypes::Snowflake| (id.timestamp_millis(SnowflakeEpoch::DISCORD) as i64) * 1000;
    for (name, policy) in [
        (
            "`TidGenerator` (default: wait past 1 ms)",
            RunAhead::DEFAULT,
        ),
        (
            "`TidGenerator`, wait past 100 µs",
            RunAhead::wait(Duration::from_micros(100)),
        ),
        (
            "`TidGenerator`, wait past 10 ms",
            RunAhead::wait(Duration::from_millis(10)),
        ),
        ("`TidGenerator`, `UNBOUNDED`", RunAhead::UNBOUNDED),
    ] {
        let tid = TidGenerator::new().with_run_ahead(policy);
        row(name, threads, &|| tid.next().timestamp_micros() as i64);
    }
    let time_id = TimeIdGenerator::new();
    row("`TimeIdGenerator`", threads, &|| {
        time_id.next().timestamp_micros()
    });
    let snowflake = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 7).unwrap();
    row("`SnowflakeGenerator`", threads, &|| {
        snowflake_micros(snowflake.next())
    });
    let unbounded = SnowflakeGenerator::new(SnowflakeEpoch::DISCORD, 7)
        .unwrap()
        .with_run_ahead(RunAhead::UNBOUNDED);
    row("`SnowflakeGenerator`, `UNBOUNDED`", threads, &|| {
        snowflake_micros(unbounded.next())
    });
    let snowish = SnowishGenerator::new(7).unwrap();
    row("`SnowishGenerator`", threads, &|| {
        micros(snowish.next().timestamp())
    });
    let ts_seq_rand = TsSeqRandGenerator::new();
    row("`TsSeqRandGenerator`", threads, &|| {
        micros(ts_seq_rand.next().timestamp())
    });
    let tbsl = TbslGenerator::new(7).unwrap();
    row("`TbslGenerator`", threads, &|| {
        micros(tbsl.try_next().unwrap().timestamp())
    });
    let ulid = UlidGenerator::new();
    row("`UlidGenerator`", threads, &|| {
        micros(ulid.next().timestamp())
    });
    let uuid_v7 = UuidV7Generator::new();
    row("`UuidV7Generator`", threads, &|| {
        micros(idtypes::uuids::timestamp(uuid_v7.next()).unwrap())
    });
    let snowflaked = snowflaked::sync::Generator::new(7);
    // Its default epoch is the Unix epoch: the timestamp is Unix milliseconds.
    row("snowflaked `sync::Generator`", threads, &|| {
        let id: u64 = snowflaked.generate();
        snowflaked::Snowflake::timestamp(&id) as i64 * 1000
    });
    {
        let rs_snowflake = std::sync::Mutex::new(snowflake::SnowflakeIdGenerator::with_epoch(
            1,
            7,
            UNIX_EPOCH + Duration::from_millis(DISCORD_EPOCH_MILLIS as u64),
        ));
        row(
            "rs-snowflake `real_time_generate` (behind a `Mutex`)",
            threads,
            &|| {
                let id = rs_snowflake.lock().unwrap().real_time_generate();
                ((id >> 22) + DISCORD_EPOCH_MILLIS) * 1000
            },
        );
    }
}

fn main() {
    println!(
        "Largest lead of an id's time over the system clock (read after every 256 ids), {} ms per row.",
        RUN.as_millis()
    );
    table(1);
    table(2);
}
