//! The main job: generate TIDs, look inside them, send them as JSON, parse one, query a range,
//! check record keys against their Lexicon key types, and meet the draft-goldman TimeId and
//! the uid11 xid and TBSL, and store ids in embedded SQLite.
//!
//! Run it with `cargo run -p idtypes-quickstart`. It is a package of its own, so that it builds
//! only what it uses; the other examples are in `idtypes-examples`.

use idtypes::{RecordKey, Tbsl, Tid, TimeId, Uid11, Uid11Xid, tid};

use idtypes::time_id::NodeId;

use idtypes::record_key::RecordKeyType;

use idtypes::tbsl::{TbslGenerator, TransportBase};

use idtypes::tid::TidGenerator;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    println!("== Generating TIDs");
    // `Tid::now()` uses one process-wide generator; a generator of your own fixes the clock id.
    let generator = TidGenerator::new().with_clock_id(42)?;
    let ids: Vec<Tid> = (0..3).map(|_| generator.next()).collect();
    for id in &ids {
        println!(
            "{id}  micros={}  clock_id={}  time={}",
            id.timestamp_micros(),
            id.clock_id(),
            rfc3339(id.datetime()),
        );
    }
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));
    println!("strictly increasing, even within one microsecond");

    println!("\n== JSON");
    // With the `serde` feature an id is its text in JSON. A struct deriving `Serialize` and
    // `Deserialize` does the same (the `json_api` example in `idtypes-examples` has one).
    let post = serde_json::json!({
        "id": Tid::now(),
        "reply_to": ids[0],
        "text": "hello, atmosphere",
    });
    let json = post.to_string();
    println!("{json}");
    let back: serde_json::Value = serde_json::from_str(&json)?;
    let reply_to: Tid = serde_json::from_value(back["reply_to"].clone())?;
    assert_eq!(reply_to, ids[0]);

    println!("\n== Parsing");
    let known: Tid = "3jzfcijpj2z2a".parse()?;
    println!(
        "{known} = u64 {} = {} us since 1970 ({}), clock id {}",
        known.to_u64(),
        known.timestamp_micros(),
        rfc3339(known.datetime()),
        known.clock_id(),
    );
    assert_eq!(known, tid!("3jzfcijpj2z2a"));
    match "3jzf-cij-pj2z-2a".parse::<Tid>() {
        Ok(tid) => println!("unexpectedly parsed {tid}"),
        Err(err) => println!("legacy dashed form refused: {err}"),
    }

    println!("\n== Ranges for BETWEEN queries");
    let range = Tid::range_for_prefix("3jzfcij")?.unwrap();
    println!(
        "prefix 3jzfcij -> {range}  ({} .. {})",
        rfc3339(range.start().datetime()),
        rfc3339(range.end().datetime()),
    );
    assert!(range.contains(&known));
    let start = known.timestamp() - std::time::Duration::from_secs(1);
    let span = Tid::range_for_time(start..known.timestamp()).ok_or("empty span")?;
    println!("the second before {known} -> {span}");

    println!("\n== Record keys");
    let post_key = RecordKey::from(ids[0]);
    let posts: RecordKeyType = "tid".parse()?;
    let profile: RecordKeyType = "literal:self".parse()?;
    println!(
        "{post_key} is a `{posts}` key: {}",
        posts.matches(&post_key)
    );
    println!(
        "{} is a `{profile}` key: {}",
        RecordKey::SELF,
        profile.matches(&RecordKey::SELF)
    );
    if let Err(err) = profile.check(&post_key) {
        println!("{post_key} as a `{profile}` key: {err}");
    }
    match RecordKey::parse("alpha/beta") {
        Ok(key) => println!("unexpectedly parsed {key}"),
        Err(err) => println!("alpha/beta refused: {err}"),
    }

    println!("\n== Time-Ordered IDs (draft-goldman)");
    let example: TimeId = "3kxn-lhr-3gxq-23".parse()?;
    println!(
        "{example:#} = {} us ({}), node {} ({})",
        example.timestamp_micros(),
        rfc3339(example.datetime()),
        example.node(),
        example.node().class(),
    );
    let old = TimeId::from_parts(-1, NodeId::MIN)?;
    println!(
        "{old:#} is {}: after {example:#} in byte order, before it in time ({:?})",
        rfc3339(old.datetime()),
        old.cmp_chronological(&example),
    );
    let uuid = example.to_uuid_v6();
    println!(
        "as UUIDv6: {uuid}, and back: {:#}",
        TimeId::from_uuid_v6(uuid)?
    );

    println!("\n== uid11 and xid");
    let xid = Uid11Xid::now();
    println!(
        "{xid}  ms={} ({}) random={}",
        xid.timestamp_millis(),
        rfc3339(xid.datetime()),
        xid.random()
    );
    let text = xid.to_string();
    let bucket = Uid11Xid::millis_range_for_prefix(&text[..7])?.ok_or("no xid has this prefix")?;
    println!(
        "prefix {} covers {} ms of xid time",
        &text[..7],
        bucket.end() - bucket.start() + 1
    );
    match "jpXCZedGfVR".parse::<Uid11>() {
        Ok(id) => println!("unexpectedly parsed {id}"),
        Err(err) => println!("jpXCZedGfVR refused: {err}"),
    }

    println!("\n== TBSL");
    let generator = TbslGenerator::new(7)?;
    for _ in 0..3 {
        let id = generator.try_next()?;
        println!(
            "{id}  micros={} machine={} suffix={}  base62={}",
            id.timestamp_micros(),
            id.machine_id(),
            id.suffix(),
            id.to_base(TransportBase::Base62)
        );
    }
    let last: Tbsl = "FFFFFFFFFFFFFFFFFFFF".parse()?;
    println!(
        "{last} is {}, machine {}",
        rfc3339(last.datetime()),
        last.machine_id()
    );

    println!("\n== Stored in embedded SQLite");
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(store(&ids))?;
    Ok(())
}

/// Stores TIDs as their integers in an in-memory SQLite database and reads them back in id
/// order and by prefix range (`examples/examples/sqlite_store.rs` shows more).
async fn store(ids: &[Tid]) -> Result<(), Box<dyn std::error::Error>> {
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(1)
        .connect("sqlite::memory:")
        .await?;
    sqlx::query("CREATE TABLE ids (id INTEGER PRIMARY KEY)")
        .execute(&pool)
        .await?;
    for id in ids.iter().rev() {
        sqlx::query("INSERT INTO ids (id) VALUES (?)")
            .bind(id)
            .execute(&pool)
            .await?;
    }
    let sorted: Vec<Tid> = sqlx::query_scalar("SELECT id FROM ids ORDER BY id")
        .fetch_all(&pool)
        .await?;
    assert_eq!(sorted, ids);
    println!("ORDER BY id: {sorted:?}");
    let range = Tid::range_for_prefix(&ids[0].to_string()[..10])?.unwrap();
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM ids WHERE id BETWEEN ? AND ?")
        .bind(range.start())
        .bind(range.end())
        .fetch_one(&pool)
        .await?;
    println!("ids with the prefix {}: {count}", &ids[0].to_string()[..10]);
    Ok(())
}

/// A time as RFC 3339: `datetime()` gives the time as whichever type is asked for (chrono's
/// `DateTime<Utc>` here; jiff's `Timestamp`, `time`'s `OffsetDateTime` or `SystemTime` too).
fn rfc3339(time: chrono::DateTime<chrono::Utc>) -> String {
    time.to_rfc3339()
}

#[cfg(test)]
mod tests {
    /// `cargo test` runs the whole quickstart, so that the README's first command keeps working.
    #[test]
    fn the_quickstart_runs() {
        super::main().unwrap();
    }
}
