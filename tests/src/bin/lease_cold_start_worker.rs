//! One process of the lease cold-start test (`tests/it/lease_cold_start.rs`): many acquirers
//! at once, as a fleet's deployment starts them, each taking a lease from a shared store.
//!
//! `lease_cold_start_worker <store> <table or key prefix> <namespace> <space size>
//!  <acquirers> <start, ms since 1970> <pool size>`: the store is an sqlx database URL or
//! `etcd:` and an endpoint. It prints `ready`, waits for the start, runs the acquirers
//! together on one store (one pool of `pool size` connections, or one etcd client), and prints
//! one line per acquirer: `ok <µs> <tries> <value>`, `exhausted <µs>` or `error <µs> <kind>
//! <message>`. The leases are held until the process gets a line on its standard input, then
//! released.

use std::{
    io::BufRead,
    sync::Arc,
    time::{Duration, Instant, SystemTime, UNIX_EPOCH},
};

use idtypes::{
    ErrorKind,
    lease::{EtcdLeases, Lease, Leases},
};

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    idtypes_tests::events::catch();
    let args: Vec<String> = std::env::args().collect();
    let [_, store, table, namespace, size, acquirers, start, pool] = &args[..] else {
        panic!("usage: lease_cold_start_worker STORE TABLE NAMESPACE SIZE ACQUIRERS START POOL");
    };
    let size: u32 = size.parse().unwrap();
    let acquirers: usize = acquirers.parse().unwrap();
    let start: u128 = start.parse().unwrap();
    let pool: u32 = pool.parse().unwrap();
    macro_rules! sql_pool {
        ($db:ty) => {
            sqlx::pool::PoolOptions::<$db>::new()
                .max_connections(pool)
                .test_before_acquire(false)
                .connect_lazy(store)
                .unwrap()
        };
    }
    if let Some(endpoint) = store.strip_prefix("etcd:") {
        let client = etcd_client::Client::connect([endpoint], Some(idtypes_tests::etcd::options()))
            .await
            .unwrap();
        let leases = EtcdLeases::new(client).with_prefix(table).unwrap();
        run(leases, namespace, size, acquirers, start).await;
    } else if store.starts_with("postgres") {
        let leases = Leases::postgres(sql_pool!(sqlx::Postgres))
            .with_table(table)
            .unwrap();
        run(leases, namespace, size, acquirers, start).await;
    } else if store.starts_with("mysql") {
        let leases = Leases::mysql(sql_pool!(sqlx::MySql))
            .with_table(table)
            .unwrap();
        run(leases, namespace, size, acquirers, start).await;
    } else {
        let options: sqlx::sqlite::SqliteConnectOptions = store.parse().unwrap();
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(pool)
            .connect_lazy_with(options);
        let leases = Leases::sqlite(pool).with_table(table).unwrap();
        run(leases, namespace, size, acquirers, start).await;
    }
}

/// A lease store, for [`run`].
trait Store: Clone + Send + Sync + 'static {
    fn take(
        &self,
        namespace: &str,
        size: u32,
    ) -> impl Future<Output = Result<Lease, idtypes::Error>> + Send;
    fn give_back(&self, lease: Lease) -> impl Future<Output = Result<(), idtypes::Error>> + Send;
}

macro_rules! store_for {
    ($($store:ty),*) => {$(
        impl Store for $store {
            fn take(&self, namespace: &str, size: u32) -> impl Future<Output = Result<Lease, idtypes::Error>> + Send {
                self.acquire(namespace, size)
            }
            fn give_back(&self, lease: Lease) -> impl Future<Output = Result<(), idtypes::Error>> + Send {
                self.release(lease)
            }
        }
    )*};
}

store_for!(
    Leases<sqlx::Postgres>,
    Leases<sqlx::MySql>,
    Leases<sqlx::Sqlite>,
    EtcdLeases
);

async fn run(store: impl Store, namespace: &str, size: u32, acquirers: usize, start: u128) {
    println!("ready");
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis();
    tokio::time::sleep(Duration::from_millis(
        u64::try_from(start.saturating_sub(now)).unwrap(),
    ))
    .await;
    let namespace: Arc<str> = namespace.into();
    let tasks: Vec<_> = (0..acquirers)
        .map(|_| {
            let (store, namespace) = (store.clone(), Arc::clone(&namespace));
            tokio::spawn(async move {
                let began = Instant::now();
                let taken = store.take(&namespace, size).await;
                (began.elapsed(), taken)
            })
        })
        .collect();
    let mut held = Vec::new();
    let mut lines = Vec::new();
    for task in tasks {
        let (took, taken) = task.await.unwrap();
        let micros = took.as_micros();
        match taken {
            Ok(lease) => {
                lines.push((micros, lease.value()));
                held.push(lease);
            }
            Err(err) if err.kind() == ErrorKind::LeasesExhausted => {
                println!("exhausted {micros}");
            }
            Err(err) => println!("error {micros} {:?} {err}", err.kind()),
        }
    }
    // The values each acquire tried, from its event.
    let tries: std::collections::HashMap<String, String> =
        idtypes_tests::events::caught(&namespace)
            .into_iter()
            .filter(|event| event.message == "lease acquired")
            .filter_map(|event| {
                Some((
                    event.field("value")?.to_owned(),
                    event.field("tries")?.to_owned(),
                ))
            })
            .collect();
    for (micros, value) in lines {
        let tried = tries.get(&value.to_string()).map_or("?", String::as_str);
        println!("ok {micros} {tried} {value}");
    }
    println!("held");
    let mut line = String::new();
    let _ = std::io::stdin().lock().read_line(&mut line);
    for lease in held {
        let _ = store.give_back(lease).await;
    }
}
