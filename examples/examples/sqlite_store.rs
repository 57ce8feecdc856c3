//! Stores posts keyed by TID in an embedded SQLite file, lists them newest first, and queries
//! one day's posts with a time-span range: `WHERE id BETWEEN ? AND ?` on the id column, no
//! separate timestamp column needed.
//!
//! Run it with `cargo run -p idtypes-examples --example sqlite_store`.

use std::time::{Duration, UNIX_EPOCH};

use idtypes::{ManualClock, RecordKey, Tid};

use idtypes::tid::TidGenerator;
use sqlx::{
    Row,
    sqlite::{SqliteConnectOptions, SqlitePoolOptions},
};

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::env::temp_dir().join("idtypes-sqlite-store.db");
    // A fresh file each run, so the output is the same every time.
    let _ = std::fs::remove_file(&path);
    let options = SqliteConnectOptions::new()
        .filename(&path)
        .create_if_missing(true);
    let pool = SqlitePoolOptions::new()
        .max_connections(1)
        .connect_with(options)
        .await?;
    println!("database: {}", path.display());

    // TIDs as their integers (integer order = id order = time order); record keys as TEXT.
    sqlx::query(
        "CREATE TABLE posts (id INTEGER PRIMARY KEY, rkey TEXT NOT NULL, text TEXT NOT NULL)",
    )
    .execute(&pool)
    .await?;

    // Three days of posts, from a clock we control so the example is reproducible.
    let day = 86_400_000_000i64;
    let start = 1_721_347_200_000_000i64; // 2024-07-19T00:00:00Z
    let clock = ManualClock::new(start);
    let generator = TidGenerator::with_clock(&clock).with_clock_id(7)?;
    for (offset_hours, text) in [
        (2, "morning coffee"),
        (20, "late-night thought"),
        (26, "next day"),
        (40, "still the next day"),
        (55, "the day after"),
    ] {
        clock.set_micros(start + offset_hours * 3_600_000_000);
        let id = generator.next();
        sqlx::query("INSERT INTO posts (id, rkey, text) VALUES (?, ?, ?)")
            .bind(id)
            .bind(RecordKey::from(id))
            .bind(text)
            .execute(&pool)
            .await?;
    }

    println!("\n== newest first");
    for row in sqlx::query("SELECT id, rkey, text FROM posts ORDER BY id DESC")
        .fetch_all(&pool)
        .await?
    {
        let id: Tid = row.try_get("id")?;
        let rkey: RecordKey = row.try_get("rkey")?;
        let text: String = row.try_get("text")?;
        println!(
            "{}  {id}  {rkey}  {text}",
            id.datetime::<chrono::DateTime<chrono::Utc>>().to_rfc3339()
        );
    }

    println!("\n== 2024-07-20 only");
    let from = UNIX_EPOCH + Duration::from_micros((start + day) as u64);
    let range = Tid::range_for_time(from..from + Duration::from_secs(86_400)).ok_or("empty day")?;
    println!("WHERE id BETWEEN {} AND {}", range.start(), range.end());
    let rows = sqlx::query("SELECT id, text FROM posts WHERE id BETWEEN ? AND ? ORDER BY id")
        .bind(range.start())
        .bind(range.end())
        .fetch_all(&pool)
        .await?;
    for row in &rows {
        let id: Tid = row.try_get("id")?;
        let text: String = row.try_get("text")?;
        println!(
            "{}  {text}",
            id.datetime::<chrono::DateTime<chrono::Utc>>().to_rfc3339()
        );
    }
    assert_eq!(rows.len(), 2);

    pool.close().await;
    Ok(())
}
