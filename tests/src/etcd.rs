//! etcd for the lease tests: the server `.ci/run` starts (`IDTYPES_TEST_ETCD_URL`), clients of
//! it, and clusters of `etcd` processes on loopback that a test starts and kills itself.

use std::{
    net::TcpListener,
    path::PathBuf,
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
};

use etcd_client::{Client, ConnectOptions};

/// `IDTYPES_TEST_ETCD_URL`, e.g. `http://127.0.0.1:2379` (skipped, saying why, when unset;
/// a failure under `IDTYPES_REQUIRE_DATABASES=1`).
pub fn etcd_url() -> Option<String> {
    crate::database_url("IDTYPES_TEST_ETCD_URL")
}

/// How much longer than a lease's duration etcd may take to expire it: its TTL is whole
/// seconds, at least the server's minimum (2 s with etcd's default election timeout), and
/// its expiry is checked every 500 ms.
pub const EXPIRY_EXTRA: Duration = Duration::from_millis(2600);

/// A key prefix no other test (or concurrent test process) uses.
pub fn unique_prefix(name: &str) -> String {
    format!("{}/", crate::unique_table(&format!("idtypes-test/{name}")))
}

/// The client options of the tests: connections that give up within a second, and HTTP/2
/// pings that drop a connection silent for a second (as the lease docs advise).
pub fn options() -> ConnectOptions {
    ConnectOptions::new()
        .with_connect_timeout(Duration::from_secs(1))
        .with_keep_alive(Duration::from_millis(500), Duration::from_millis(500))
}

/// A client of the etcd at `endpoints`.
///
/// # Panics
///
/// When the client cannot be made (a bad URL).
pub async fn client(endpoints: &[String]) -> Client {
    Client::connect(endpoints, Some(options()))
        .await
        .unwrap_or_else(|err| panic!("connect to etcd at {endpoints:?}: {err}"))
}

/// The `etcd` server program: `IDTYPES_TEST_ETCD_BIN`, or `etcd` on the `PATH` (Debian's
/// `etcd-server`). `None`, saying why, when there is none; a failure under
/// `IDTYPES_REQUIRE_DATABASES=1`.
pub fn etcd_program() -> Option<PathBuf> {
    if let Ok(path) = std::env::var("IDTYPES_TEST_ETCD_BIN") {
        return Some(PathBuf::from(path));
    }
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("etcd"))
            .find(|path| path.is_file())
    });
    if found.is_none() {
        let required = std::env::var("IDTYPES_REQUIRE_DATABASES").is_ok_and(|v| v == "1");
        assert!(
            !required,
            "no etcd program (IDTYPES_TEST_ETCD_BIN, or etcd on the PATH), and \
             IDTYPES_REQUIRE_DATABASES=1 requires the etcd tests"
        );
        eprintln!("skipping: no etcd program (install etcd-server, or set IDTYPES_TEST_ETCD_BIN)");
    }
    found
}

/// A free port on 127.0.0.1 (free when asked; etcd binds it a moment later).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// One member of a [`Cluster`].
struct Member {
    name: String,
    peer_port: u16,
    client_url: String,
    process: Option<Child>,
}

/// A cluster of `etcd` processes on loopback, in a directory of its own; the processes are
/// killed and the directory removed when it is dropped.
pub struct Cluster {
    program: PathBuf,
    dir: PathBuf,
    members: Vec<Member>,
}

impl Cluster {
    /// Starts `size` members and waits until the cluster answers (at most 30 s).
    ///
    /// # Panics
    ///
    /// When a member does not start, or the cluster does not answer in time.
    pub async fn start(program: PathBuf, size: usize) -> Cluster {
        let dir = std::env::temp_dir().join(crate::unique_table("idtypes_etcd_cluster"));
        std::fs::create_dir_all(&dir).unwrap();
        let members: Vec<Member> = (0..size)
            .map(|i| Member {
                name: format!("m{i}"),
                peer_port: free_port(),
                client_url: format!("http://127.0.0.1:{}", free_port()),
                process: None,
            })
            .collect();
        let mut cluster = Cluster {
            program,
            dir,
            members,
        };
        for i in 0..size {
            cluster.start_member(i, "new");
        }
        cluster.wait_until_healthy().await;
        cluster
    }

    /// The initial cluster setting: every member's peer URL.
    fn initial_cluster(&self) -> String {
        self.members
            .iter()
            .map(|m| format!("{}=http://127.0.0.1:{}", m.name, m.peer_port))
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Starts member `i` (again, after a kill: `state` "existing", its data kept).
    fn start_member(&mut self, i: usize, state: &str) {
        let initial_cluster = self.initial_cluster();
        let member = &self.members[i];
        let peer_url = format!("http://127.0.0.1:{}", member.peer_port);
        let log = std::fs::File::create(self.dir.join(format!("{}.log", member.name))).unwrap();
        let process = Command::new(&self.program)
            .args(["--name", &member.name])
            .arg("--data-dir")
            .arg(self.dir.join(&member.name))
            .args(["--listen-client-urls", &member.client_url])
            .args(["--advertise-client-urls", &member.client_url])
            .args(["--listen-peer-urls", &peer_url])
            .args(["--initial-advertise-peer-urls", &peer_url])
            .args(["--initial-cluster", &initial_cluster])
            .args(["--initial-cluster-state", state])
            .args(["--initial-cluster-token", "idtypes-test"])
            // etcd's defaults (100 ms heartbeats, 1 s election timeout): a leader lost is
            // replaced within a few seconds, as in a real deployment.
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap_or_else(|err| panic!("start {}: {err}", self.program.display()));
        self.members[i].process = Some(process);
    }

    /// Kills member `i` (SIGKILL: no goodbye to its peers).
    pub fn kill(&mut self, i: usize) {
        if let Some(mut process) = self.members[i].process.take() {
            let _ = process.kill();
            let _ = process.wait();
        }
    }

    /// Starts member `i` again after [`kill`](Cluster::kill), with its data.
    pub fn restart(&mut self, i: usize) {
        self.start_member(i, "existing");
    }

    /// Every member's client URL.
    pub fn endpoints(&self) -> Vec<String> {
        self.members.iter().map(|m| m.client_url.clone()).collect()
    }

    /// The index of the member that leads now, by asking the members that run.
    pub async fn leader(&self) -> usize {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            for (i, member) in self.members.iter().enumerate() {
                if member.process.is_none() {
                    continue;
                }
                let asked = async {
                    let mut client = Client::connect([&member.client_url], Some(options()))
                        .await
                        .ok()?;
                    let status = client.status().await.ok()?;
                    let header = status.header()?;
                    (status.leader() != 0 && status.leader() == header.member_id()).then_some(())
                };
                if tokio::time::timeout(Duration::from_secs(2), asked)
                    .await
                    .ok()
                    .flatten()
                    .is_some()
                {
                    return i;
                }
            }
            assert!(Instant::now() < deadline, "no member of the cluster leads");
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// Waits until a write through any member succeeds.
    async fn wait_until_healthy(&self) {
        let deadline = Instant::now() + Duration::from_secs(30);
        let endpoints = self.endpoints();
        loop {
            let written = async {
                let mut client = Client::connect(&endpoints, Some(options())).await.ok()?;
                client.put("idtypes-test/health", "ok", None).await.ok()
            };
            if tokio::time::timeout(Duration::from_secs(2), written)
                .await
                .ok()
                .flatten()
                .is_some()
            {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the etcd cluster in {} did not answer within 30 s (see its logs)",
                self.dir.display()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        for i in 0..self.members.len() {
            self.kill(i);
        }
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}
