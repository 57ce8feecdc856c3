//! One process of the lease cold-start test (`tests/it/lease_cold_start.rs`): many acquirers
//! at once, as a fleet's deployment starts them, each taking a lease from a shared store.
//!
//! `lease_cold_start_worker <store> <table or key prefix> <namespace> <space size>
//!  <acquirers> <pool size>`: the store is an sqlx database URL or `etcd:` and an endpoint. It
//! prints `ready` once connected, waits for a line on its standard input (the start, given to
//! every process at once), runs the acquirers together on one store (one pool of `pool size`
//! connections, or one etcd client with the lease docs' settings), and prints one line per
//! acquirer: `ok <µs> <tries> <value>`, `exhausted <µs>` or `error <µs> <kind> <message>`,
//! then `held`. The leases are held until the next line on its standard input, then
//! released.

use std::{
    io::BufRead,
    sync::Arc,
    time::{Duration, Instant},
};

use idtypes::{
    ErrorKind,
    lease::{EtcdLeases, Lease, Leases},
};

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    idtypes_tests::events::catch();
    let args: Vec<String> = std::env::args().collect();
    let [_, store, table, namespace, size, acquirers, pool] = &args[..] else {
        panic!("usage: lease_cold_start_worker STORE TABLE NAMESPACE SIZE ACQUIRERS POOL");
    };
    let size: u32 = size.parse().unwrap();
    let acquirers: usize = acquirers.parse().unwrap();
    let pool: u32 = pool.parse().unwrap();
    macro_rules! sql_pool {
        ($db:ty) => {
            sqlx::pool::PoolOptions::<$db>::new()
                .max_connections(pool)
                .test_before_acquire(false)
                .connect(store)
                .await
                .unwrap()
        };
    }
    if let Some(endpoint) = store.strip_prefix("etcd:") {
        // The lease docs' settings: HTTP/2 pings every 2 s, 2 s to answer (the fault tests'
        // 500 ms drop connections here, where 20 processes keep etcd busy).
        let options = etcd_client::ConnectOptions::new()
            .with_connect_timeout(Duration::from_secs(2))
            .with_keep_alive(Duration::from_secs(2), Duration::from_secs(2));
        let client = etcd_client::Client::connect([endpoint], Some(options))
            .await
            .unwrap();
        let leases = EtcdLeases::new(client).with_prefix(table).unwrap();
        run(leases, namespace, size, acquirers).await;
    } else if store.starts_with("postgres") {
        let leases = Leases::postgres(sql_pool!(sqlx::Postgres))
            .with_table(table)
            .unwrap();
        run(leases, namespace, size, acquirers).await;
    } else if store.starts_with("mysql") {
        let leases = Leases::mysql(sql_pool!(sqlx::MySql))
            .with_table(table)
            .unwrap();
        run(leases, namespace, size, acquirers).await;
    } else {
        let options: sqlx::sqlite::SqliteConnectOptions = store.parse().unwrap();
        let pool = sqlx::sqlite::SqlitePoolOptions::new()
            .max_connections(pool)
            .connect_with(options)
            .await
            .unwrap();
        let leases = Leases::sqlite(pool).with_table(table).unwrap();
        run(leases, namespace, size, acquirers).await;
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

async fn run(store: impl Store, namespace: &str, size: u32, acquirers: usize) {
    println!("ready");
    let mut line = String::new();
    std::io::stdin().lock().read_line(&mut line).unwrap();
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
    line.clear();
    let _ = std::io::stdin().lock().read_line(&mut line);
    for lease in held {
        let _ = store.give_back(lease).await;
    }
}
