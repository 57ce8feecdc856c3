//! The ids a service would make while it takes writes, and the time window the scans ask for.
//!
//! A service makes an id when a row arrives, so its ids spread over time. Made in one tight loop,
//! a million TIDs would all fall within one second (the generator runs ahead of the clock by
//! 1 µs per id), and a million UUIDv7s within a few milliseconds: no time window to scan. So one
//! simulated clock stands in for the wall clock: it moves 1 to 199 µs between rows (about
//! 10,000 rows a second, so a million rows span about 100 s, ending now), and drives both a
//! [`TidGenerator`] and a UUIDv7 context. The TIDs and the UUIDv7s carry the same instants.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use idtypes::tid::TidGenerator;
use idtypes::{FullRand, ManualClock, Tid};
use uuid::{ContextV7, Timestamp, Uuid};

/// Every row's ids, in the order the rows arrive.
pub struct Timeline {
    /// When each row arrived, in microseconds since 1970.
    pub micros: Vec<u64>,
    /// From a [`TidGenerator`] on the simulated clock.
    pub tids: Vec<Tid>,
    /// From a [`ContextV7`] (a counter within each millisecond) on the same instants.
    pub uuid_v7: Vec<Uuid>,
    /// Random: no order at all.
    pub uuid_v4: Vec<Uuid>,
    /// 64 random bits: a random key the width of a BIGINT.
    pub fullrand: Vec<FullRand>,
    /// The rows whose time lies in the scan's window.
    pub window: Window,
}

/// A time window of whole milliseconds around the middle 1% of the rows: whole milliseconds, so
/// that a UUIDv7 range (millisecond precision) and a TID range (microseconds) hold the same rows.
#[derive(Clone, Copy)]
pub struct Window {
    /// The first millisecond in the window.
    pub first_milli: u64,
    /// The last millisecond in the window.
    pub last_milli: u64,
    /// The index of the first row in the window.
    pub first_row: usize,
    /// The index of the last row in the window.
    pub last_row: usize,
}

impl Window {
    /// The rows in the window.
    pub fn rows(&self) -> usize {
        self.last_row - self.first_row + 1
    }
}

impl Timeline {
    /// `rows` rows that arrived over the last ~`rows / 10,000` seconds.
    pub fn new(rows: usize) -> Timeline {
        let mut gaps = SplitMix64(0x1d7e_5eed);
        let gaps: Vec<u64> = (0..rows).map(|_| 1 + gaps.next() % 199).collect();
        let span: u64 = gaps.iter().sum();
        let now = micros_since_1970(SystemTime::now());
        let mut micros = now - span;
        let clock = ManualClock::new(micros as i64);
        let tid_generator = TidGenerator::with_clock(&clock);
        let v7_context = ContextV7::new();

        let mut timeline = Timeline {
            micros: Vec::with_capacity(rows),
            tids: Vec::with_capacity(rows),
            uuid_v7: Vec::with_capacity(rows),
            uuid_v4: Vec::with_capacity(rows),
            fullrand: Vec::with_capacity(rows),
            window: Window {
                first_milli: 0,
                last_milli: 0,
                first_row: 0,
                last_row: 0,
            },
        };
        for gap in gaps {
            clock.advance(Duration::from_micros(gap));
            micros += gap;
            let tid = tid_generator.next();
            // The clock moves at least 1 µs a row, so the generator never runs ahead of it.
            assert_eq!(tid.timestamp_micros(), micros);
            let at = Timestamp::from_unix(
                &v7_context,
                micros / 1_000_000,
                (micros % 1_000_000) as u32 * 1000,
            );
            timeline.micros.push(micros);
            timeline.tids.push(tid);
            timeline.uuid_v7.push(Uuid::new_v7(at));
            timeline.uuid_v4.push(Uuid::new_v4());
            timeline.fullrand.push(FullRand::random());
        }
        timeline.window = timeline.middle_percent();
        timeline
    }

    /// The window of whole milliseconds from the row at 49.5% to the row at 50.5%.
    fn middle_percent(&self) -> Window {
        let rows = self.micros.len();
        let first_milli = self.micros[rows / 2 - rows / 200] / 1000;
        let last_milli = self.micros[rows / 2 + rows / 200] / 1000;
        let first_row = self.micros.partition_point(|&m| m < first_milli * 1000);
        let last_row = self
            .micros
            .partition_point(|&m| m <= last_milli * 1000 + 999)
            - 1;
        Window {
            first_milli,
            last_milli,
            first_row,
            last_row,
        }
    }
}

fn micros_since_1970(time: SystemTime) -> u64 {
    time.duration_since(UNIX_EPOCH)
        .expect("the clock is after 1970")
        .as_micros() as u64
}

/// The gaps between rows: a fixed seed, so every run spreads its rows alike.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}
