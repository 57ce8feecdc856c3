//! A TCP proxy on the loopback interface that puts network faults between a database client
//! and its server, for the lease fault tests (`tests/it/lease_faults.rs`).
//!
//! It listens on `127.0.0.1` (a free port) and forwards to a server that must itself be on
//! a loopback address: it never sends a byte anywhere else. Everything it runs is a task of
//! the tokio runtime it was made on, aborted when the [`FaultProxy`] is dropped (its
//! connections close then), so a test that fails or hangs leaves nothing behind.
//!
//! Faults are switched at any moment with [`FaultProxy::set`], for every connection, open or
//! new, and [`FaultProxy::reset_all`] resets the open ones.

use std::{
    net::{SocketAddr, ToSocketAddrs},
    sync::{
        Arc, Mutex,
        atomic::{AtomicBool, Ordering},
    },
    time::Duration,
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
    sync::{mpsc, watch},
    task::JoinSet,
    time::Instant,
};

/// What the proxy does to the bytes it carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// Forwards both ways, as fast as it can.
    None,
    /// Accepts connections but forwards nothing either way: a server that is gone, or a
    /// firewall that drops every packet. Bytes are held, not lost (as TCP retransmits them),
    /// and go through once the fault is cleared.
    BlackHole,
    /// Forwards what the client sends and drops every reply: statements run, their results
    /// never arrive.
    LoseReplies,
    /// Delays every chunk, each way, by this much (in order): a round trip costs twice it.
    Latency(Duration),
    /// Forwards the next chunk a client sends (a statement), on whichever connection sends
    /// first, then freezes that connection both ways: the statement runs, its reply is held
    /// until the fault is cleared (then it arrives, late). Other connections go on.
    Freeze,
}

/// The proxy; see the module docs.
pub struct FaultProxy {
    address: SocketAddr,
    fault: watch::Sender<Fault>,
    /// Whether a connection has frozen under [`Fault::Freeze`] (cleared with the fault).
    frozen: Arc<AtomicBool>,
    connections: Arc<Mutex<JoinSet<()>>>,
    accepting: tokio::task::JoinHandle<()>,
}

impl FaultProxy {
    /// A proxy to `upstream` (`host:port`, resolving to a loopback address), forwarding with
    /// no fault.
    ///
    /// # Panics
    ///
    /// When `upstream` does not resolve to a loopback address, or no port is free.
    pub async fn start(upstream: &str) -> FaultProxy {
        let upstream = upstream
            .to_socket_addrs()
            .unwrap_or_else(|err| panic!("resolve {upstream}: {err}"))
            .find(|address| address.ip().is_loopback())
            .unwrap_or_else(|| panic!("{upstream} is not a loopback address"));
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (fault, _) = watch::channel(Fault::None);
        let frozen = Arc::new(AtomicBool::new(false));
        let connections = Arc::new(Mutex::new(JoinSet::new()));
        let accepting = tokio::spawn({
            let (fault, frozen, connections) =
                (fault.clone(), Arc::clone(&frozen), Arc::clone(&connections));
            async move {
                while let Ok((client, _)) = listener.accept().await {
                    let (fault, frozen) = (fault.subscribe(), Arc::clone(&frozen));
                    connections
                        .lock()
                        .unwrap()
                        .spawn(carry(client, upstream, fault, frozen));
                }
            }
        });
        FaultProxy {
            address,
            fault,
            frozen,
            connections,
            accepting,
        }
    }

    /// A proxy for the database at `url` (`scheme://user@host:port/database`), and the same
    /// URL through the proxy.
    ///
    /// # Panics
    ///
    /// As [`start`](FaultProxy::start), and for a URL without `host:port`.
    pub async fn for_url(url: &str) -> (FaultProxy, String) {
        let (scheme, rest) = url.split_once("://").expect("a URL with a scheme");
        let (authority, path) = rest.split_at(rest.find('/').unwrap_or(rest.len()));
        let (user, host_port) = match authority.rsplit_once('@') {
            Some((user, host_port)) => (format!("{user}@"), host_port),
            None => (String::new(), authority),
        };
        let proxy = FaultProxy::start(host_port).await;
        let url = format!("{scheme}://{user}{}{path}", proxy.address);
        (proxy, url)
    }

    /// Switches every connection, open or new, to `fault`.
    pub fn set(&self, fault: Fault) {
        if fault != Fault::Freeze {
            self.frozen.store(false, Ordering::SeqCst);
        }
        self.fault.send_replace(fault);
    }

    /// Resets every open connection (a TCP RST to the client, then closes the server's
    /// side); new connections are carried as the fault says.
    pub fn reset_all(&self) {
        // Aborting a connection's task drops its sockets; the client's was set to linger 0,
        // so it closes with a reset.
        self.connections.lock().unwrap().abort_all();
    }
}

impl Drop for FaultProxy {
    fn drop(&mut self) {
        self.accepting.abort();
        self.connections.lock().unwrap().abort_all();
    }
}

/// Which way bytes go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Way {
    /// Client to server: statements.
    Up,
    /// Server to client: replies.
    Down,
}

/// Carries one client connection to `upstream` until either side closes (or the task is
/// aborted: a reset).
async fn carry(
    client: TcpStream,
    upstream: SocketAddr,
    fault: watch::Receiver<Fault>,
    frozen: Arc<AtomicBool>,
) {
    // Closing the client's socket with linger 0 sends a reset: what `reset_all` relies on.
    let _ = client.set_zero_linger();
    let _ = client.set_nodelay(true);
    let Ok(server) = TcpStream::connect(upstream).await else {
        return;
    };
    let _ = server.set_nodelay(true);
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    // This connection holds the freeze.
    let holds_freeze = Arc::new(AtomicBool::new(false));
    let (up_tx, up_rx) = mpsc::unbounded_channel();
    let (down_tx, down_rx) = mpsc::unbounded_channel();
    let mut halves = JoinSet::new();
    halves.spawn(read(client_read, up_tx));
    halves.spawn(read(server_read, down_tx));
    halves.spawn(write(
        Way::Up,
        up_rx,
        server_write,
        fault.clone(),
        Arc::clone(&frozen),
        Arc::clone(&holds_freeze),
    ));
    halves.spawn(write(
        Way::Down,
        down_rx,
        client_write,
        fault,
        frozen,
        holds_freeze,
    ));
    // Until both directions are done (`halves` is dropped, so aborted, with this task).
    while halves.join_next().await.is_some() {}
}

/// Reads chunks as they arrive, stamped with their arrival, until the end or an error.
async fn read(
    mut from: tokio::net::tcp::OwnedReadHalf,
    to: mpsc::UnboundedSender<(Instant, Vec<u8>)>,
) {
    let mut buffer = vec![0; 64 * 1024];
    while let Ok(n @ 1..) = from.read(&mut buffer).await {
        if to.send((Instant::now(), buffer[..n].to_vec())).is_err() {
            return;
        }
    }
}

/// Writes the chunks going `way`, as the fault says; shuts the other side's writing down at
/// the end.
async fn write(
    way: Way,
    mut chunks: mpsc::UnboundedReceiver<(Instant, Vec<u8>)>,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    mut fault: watch::Receiver<Fault>,
    frozen: Arc<AtomicBool>,
    holds_freeze: Arc<AtomicBool>,
) {
    while let Some((arrived, chunk)) = chunks.recv().await {
        loop {
            let now = *fault.borrow_and_update();
            let forward = match (now, way) {
                (Fault::None, _) | (Fault::LoseReplies, Way::Up) => true,
                (Fault::LoseReplies, Way::Down) => break,
                (Fault::Latency(delay), _) => {
                    tokio::time::sleep_until(arrived + delay).await;
                    true
                }
                (Fault::BlackHole, _) => false,
                (Fault::Freeze, _) if holds_freeze.load(Ordering::SeqCst) => false,
                // The first statement after the fault was set: through, then frozen.
                (Fault::Freeze, Way::Up) => {
                    if frozen
                        .compare_exchange(false, true, Ordering::SeqCst, Ordering::SeqCst)
                        .is_ok()
                    {
                        holds_freeze.store(true, Ordering::SeqCst);
                    }
                    true
                }
                (Fault::Freeze, Way::Down) => true,
            };
            if forward {
                if to.write_all(&chunk).await.is_err() {
                    return;
                }
                break;
            }
            // Held until the fault changes.
            if fault.changed().await.is_err() {
                return;
            }
            if *fault.borrow() != Fault::Freeze {
                holds_freeze.store(false, Ordering::SeqCst);
            }
        }
    }
    let _ = to.shutdown().await;
}
