//! Running code in a forked child process and collecting what it made (Unix only).

use std::{
    fs::File,
    io::Read,
    os::fd::FromRawFd,
    panic::{AssertUnwindSafe, catch_unwind},
};

/// A forked child that runs a closure and sends back its values through a pipe.
#[derive(Debug)]
pub struct Forked {
    pid: libc::pid_t,
    output: File,
}

/// Forks. The child runs `work`, sends the values it returns to the parent and exits at once
/// (no destructors, no test harness); the parent goes on at once, so both run side by side.
/// Call [`Forked::values`] to collect the child's values.
///
/// Keep `work` to plain computation: the child has only the thread that forked.
///
/// # Panics
///
/// When the pipe or the fork cannot be made.
pub fn fork_with(work: impl FnOnce() -> Vec<u128>) -> Forked {
    let mut fds = [0; 2];
    // SAFETY: `fds` is a valid array of two descriptors for `pipe` to fill.
    assert_eq!(unsafe { libc::pipe(fds.as_mut_ptr()) }, 0, "pipe failed");
    let [read_end, write_end] = fds;
    // SAFETY: the child only runs `work` (plain computation), writes to its pipe and calls
    // `_exit`, which is sound in a child of a multi-threaded process with glibc's allocator.
    let pid = unsafe { libc::fork() };
    assert!(pid >= 0, "fork failed");
    if pid == 0 {
        // SAFETY: the read end is ours to close in the child.
        unsafe { libc::close(read_end) };
        let status = match catch_unwind(AssertUnwindSafe(work)) {
            Ok(values) => {
                let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
                if write_all(write_end, &bytes) { 0 } else { 71 }
            }
            Err(_) => 70,
        };
        // SAFETY: ends the child without running the parent's destructors or atexit handlers.
        unsafe { libc::_exit(status) };
    }
    // SAFETY: the write end belongs to the child now; the read end is ours alone.
    unsafe { libc::close(write_end) };
    Forked {
        pid,
        // SAFETY: `read_end` is an open descriptor that nothing else owns.
        output: unsafe { File::from_raw_fd(read_end) },
    }
}

fn write_all(fd: libc::c_int, mut bytes: &[u8]) -> bool {
    while !bytes.is_empty() {
        // SAFETY: `bytes` is valid for `bytes.len()` bytes.
        let written = unsafe { libc::write(fd, bytes.as_ptr().cast(), bytes.len()) };
        if written <= 0 {
            return false;
        }
        bytes = &bytes[written as usize..];
    }
    true
}

impl Forked {
    /// The values the child sent, once it has exited.
    ///
    /// # Panics
    ///
    /// When the child panicked (exit status 70), could not send (71) or died otherwise.
    pub fn values(mut self) -> Vec<u128> {
        let mut bytes = Vec::new();
        self.output
            .read_to_end(&mut bytes)
            .expect("read the child's values");
        let mut status = 0;
        // SAFETY: `pid` is our child, and `status` is a valid place for its status.
        let waited = unsafe { libc::waitpid(self.pid, &mut status, 0) };
        assert_eq!(waited, self.pid, "waitpid failed");
        assert!(
            libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0,
            "the forked child failed (wait status {status}; 70 = it panicked)"
        );
        bytes
            .chunks_exact(16)
            .map(|chunk| u128::from_le_bytes(chunk.try_into().unwrap()))
            .collect()
    }
}
