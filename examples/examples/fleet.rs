//! Several processes make TIDs at once, each under a clock id leased from one SQLite file, so
//! that no two ever make the same TID: the way to run a service as many processes.
//!
//! Run it with `cargo run -p idtypes-examples --example fleet`. It starts four copies of
//! itself as worker processes; each makes TIDs for a second from a generator on a leased
//! clock id (`Leases::generator`: renewed in the background, leased again by itself if lost),
//! gives its lease back, and writes its TIDs to a file that this process then checks for
//! repeats.

use std::{collections::HashSet, path::Path, process::Command, time::Duration};

use idtypes::{Tid, lease::Leases};

use idtypes::tid::TidGenerator;
use sqlx::sqlite::{SqliteConnectOptions, SqlitePool};

const WORKERS: usize = 4;

/// The shared lease table: an SQLite file every process on this host opens.
async fn leases(path: &Path) -> Result<Leases<sqlx::Sqlite>, Box<dyn std::error::Error>> {
    let options = SqliteConnectOptions::new()
        .filename(path)
        .create_if_missing(true)
        .busy_timeout(Duration::from_secs(30));
    let leases = Leases::sqlite(SqlitePool::connect_with(options).await?)
        .with_duration(Duration::from_secs(10), Duration::from_secs(2))?;
    leases.setup().await?; // CREATE TABLE IF NOT EXISTS idtypes_leases ...
    Ok(leases)
}

/// One worker: lease a clock id, make TIDs with it for a second, release it.
async fn worker(path: &Path, output: &Path) -> Result<(), Box<dyn std::error::Error>> {
    let leases = leases(path).await?;
    // A generator on a clock id (of the TID's 1,024) nobody else holds: kept alive in the
    // background, and leased again by itself if the lease is ever lost, until released.
    let generator = leases
        .generator("example-posts", TidGenerator::new())
        .await?;
    let mut tids = Vec::new();
    let start = std::time::Instant::now();
    while start.elapsed() < Duration::from_secs(1) {
        tids.push(generator.try_next()?);
        if tids.len() % 1000 == 0 {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    }
    println!(
        "worker {}: clock id {}, {} TIDs",
        std::process::id(),
        generator.status().value(),
        tids.len()
    );
    generator.release().await?;
    let text: Vec<String> = tids.iter().map(Tid::to_string).collect();
    std::fs::write(output, text.join("\n"))?;
    Ok(())
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    if let [_, role, path, output] = &args[..] {
        if role == "worker" {
            return worker(Path::new(path), Path::new(output)).await;
        }
    }

    let dir = std::env::temp_dir();
    let path = dir.join("idtypes-fleet-example.db");
    let _ = std::fs::remove_file(&path);
    leases(&path).await?;
    println!("lease table: {}", path.display());
    let outputs: Vec<_> = (0..WORKERS)
        .map(|i| dir.join(format!("idtypes-fleet-example-{i}.txt")))
        .collect();
    let mut children = Vec::new();
    for output in &outputs {
        children.push(
            Command::new(std::env::current_exe()?)
                .arg("worker")
                .arg(&path)
                .arg(output)
                .spawn()?,
        );
    }
    for mut child in children {
        if !child.wait()?.success() {
            return Err("a worker failed".into());
        }
    }
    let mut all = Vec::new();
    for output in &outputs {
        let text = std::fs::read_to_string(output)?;
        all.extend(
            text.lines()
                .map(|line| line.parse::<Tid>())
                .collect::<Result<Vec<_>, _>>()?,
        );
        std::fs::remove_file(output)?;
    }
    let distinct: HashSet<&Tid> = all.iter().collect();
    println!(
        "{WORKERS} processes made {} TIDs, {} of them repeated",
        all.len(),
        all.len() - distinct.len()
    );
    if distinct.len() != all.len() {
        return Err("repeated TIDs".into());
    }
    Ok(())
}
