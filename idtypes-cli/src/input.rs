//! Where the ids come from: the command line, or standard input one per line.

use std::io::{self, BufRead, IsTerminal};

/// One input id, or why a line of standard input could not be read as one.
pub type Input = Result<String, String>;

/// The command-line `values`, or, when there are none, the lines of standard input (read as
/// they come, so `tail -f log | idtypes inspect` works), surrounding whitespace trimmed and
/// blank lines skipped. Arguments are taken exactly as given.
pub fn values(values: Vec<String>) -> Box<dyn Iterator<Item = Input>> {
    if !values.is_empty() {
        return Box::new(values.into_iter().map(Ok));
    }
    let stdin = io::stdin();
    if stdin.is_terminal() {
        // Otherwise a bare `idtypes inspect` looks like a hang.
        crate::output::stderr_line(
            "reading ids from standard input, one per line (end with Ctrl-D)",
        );
    }
    let mut lines = stdin.lock().split(b'\n');
    let mut number = 0usize;
    let mut failed = false;
    Box::new(std::iter::from_fn(move || {
        loop {
            if failed {
                return None;
            }
            number += 1;
            let line = match lines.next()? {
                Ok(line) => line,
                Err(err) => {
                    // A read error ends the input after saying so.
                    failed = true;
                    return Some(Err(format!("standard input: {err}")));
                }
            };
            let Ok(line) = String::from_utf8(line) else {
                return Some(Err(format!("line {number} of standard input is not UTF-8")));
            };
            let line = line.trim();
            if !line.is_empty() {
                return Some(Ok(line.to_owned()));
            }
        }
    }))
}
