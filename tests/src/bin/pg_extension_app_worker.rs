//! One application process of the PostgreSQL extension's fleet test
//! (`tests/it/pg_extension_fleet.rs`): it makes TIDs with a `LeasedGenerator` on the same
//! lease table and namespace the extension's `atproto_tid_generate` leases from, and inserts
//! them into the test's table beside the rows the backends insert by `DEFAULT`.
//!
//! `pg_extension_app_worker <database url> <table> <namespace> <count>`: prints how many it
//! inserted.

use std::time::Duration;

use idtypes::lease::Leases;
use idtypes::tid::TidGenerator;

/// Rows per `INSERT`.
const BATCH: usize = 2_000;

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, url, table, namespace, count] = &args[..] else {
        panic!("usage: pg_extension_app_worker URL TABLE NAMESPACE COUNT");
    };
    let count: usize = count.parse().expect("COUNT: a number");
    let pool = sqlx::postgres::PgPoolOptions::new()
        .max_connections(3)
        .connect(url)
        .await
        .unwrap_or_else(|err| panic!("connect to {url}: {err}"));
    // The durations the test sets for the backends (`idtypes.lease_duration_ms`, `_margin_ms`).
    let leases = Leases::postgres(pool.clone())
        .with_duration(Duration::from_millis(3_000), Duration::from_millis(1_000))
        .expect("a lease duration");
    let generator = leases
        .generator(namespace, TidGenerator::new())
        .await
        .unwrap_or_else(|err| panic!("lease {namespace}: {err}"));
    let insert = format!("INSERT INTO {table} (id, source) SELECT unnest($1::bigint[]), 'app'");
    let flush = |batch: Vec<i64>| {
        let (pool, insert) = (pool.clone(), insert.clone());
        async move {
            sqlx::query(sqlx::AssertSqlSafe(insert.clone()))
                .bind(&batch)
                .execute(&pool)
                .await
                .unwrap_or_else(|err| panic!("{insert}: {err}"));
            batch.len()
        }
    };
    let mut batch: Vec<i64> = Vec::with_capacity(BATCH);
    let mut inserted = 0usize;
    while inserted + batch.len() < count {
        let tid = generator
            .next_within(Duration::from_secs(10))
            .await
            .unwrap_or_else(|err| panic!("a TID: {err}"));
        batch.push(i64::try_from(tid.to_u64()).expect("a TID's top bit is clear"));
        if batch.len() == BATCH {
            inserted += flush(core::mem::take(&mut batch)).await;
        }
    }
    if !batch.is_empty() {
        inserted += flush(batch).await;
    }
    generator
        .release()
        .await
        .unwrap_or_else(|err| panic!("release: {err}"));
    println!("{inserted}");
}
