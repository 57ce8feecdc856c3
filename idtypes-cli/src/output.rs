//! Printing: aligned `label  value` lines for people, one JSON object per line for scripts.

use std::fmt::Display;
use std::io::{self, BufWriter, StdoutLock, Write};

use serde::Serialize;

use crate::describe::IdInfo;

/// Width of the label column in the human output.
const LABEL_WIDTH: usize = 14;

/// Standard output, buffered (`new -n 1000000` writes a lot), in the chosen style.
pub struct Printer {
    out: BufWriter<StdoutLock<'static>>,
    /// `--json`: one JSON object per line instead of the human output.
    pub json: bool,
}

impl Printer {
    /// A printer on standard output.
    pub fn new(json: bool) -> Printer {
        Printer {
            out: BufWriter::new(io::stdout().lock()),
            json,
        }
    }

    /// One line of text.
    pub fn line(&mut self, text: impl Display) -> io::Result<()> {
        writeln!(self.out, "{text}")
    }

    /// Text as it is (its own line ends).
    pub fn text(&mut self, text: &str) -> io::Result<()> {
        self.out.write_all(text.as_bytes())
    }

    /// `label  value`, indented by `indent` spaces, labels aligned.
    pub fn field(&mut self, indent: usize, label: &str, value: impl Display) -> io::Result<()> {
        writeln!(
            self.out,
            "{:indent$}{label:<LABEL_WIDTH$}{value}",
            "",
            indent = indent
        )
    }

    /// `value` as one line of JSON (JSON Lines: one object per line).
    pub fn json_line(&mut self, value: &impl Serialize) -> io::Result<()> {
        serde_json::to_writer(&mut self.out, value)?;
        writeln!(self.out)
    }

    /// Every part of an id, one `label  value` line each, indented by `indent`.
    pub fn info(&mut self, indent: usize, info: &IdInfo) -> io::Result<()> {
        for (label, value) in info_lines(info) {
            self.field(indent, label, value)?;
        }
        Ok(())
    }

    /// Writes out what is buffered.
    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }
}

/// The human labels and values of `info`, in the order they are printed.
pub fn info_lines(info: &IdInfo) -> Vec<(&'static str, String)> {
    let mut lines = vec![("text", info.text.clone())];
    let mut add = |label: &'static str, value: Option<String>| {
        if let Some(value) = value {
            lines.push((label, value));
        }
    };
    add("dashed", info.dashed.clone());
    add(
        "time (UTC)",
        info.time.as_ref().map(|time| {
            if info.implausible() {
                format!("{time}  (implausible: outside 1990..2100)")
            } else {
                time.clone()
            }
        }),
    );
    add("time (local)", info.local_time.clone());
    add("seconds", info.timestamp_seconds.map(|n| n.to_string()));
    add("microseconds", info.timestamp_micros.map(|n| n.to_string()));
    add("milliseconds", info.timestamp_millis.map(|n| n.to_string()));
    add("clock id", info.clock_id.map(|n| n.to_string()));
    add(
        "node",
        info.node.map(|node| {
            format!(
                "{node} (code {}, {})",
                info.node_code.as_deref().unwrap_or("?"),
                info.node_class.as_deref().unwrap_or("?")
            )
        }),
    );
    add("machine id", info.machine_id.map(|n| n.to_string()));
    add("machine id", info.machine_id_hex.clone());
    add("process id", info.process_id.map(|n| n.to_string()));
    add("counter", info.counter.map(|n| n.to_string()));
    add("worker id", info.worker_id.map(|n| n.to_string()));
    add(
        "since epoch",
        info.millis_since_epoch.map(|n| format!("{n} ms")),
    );
    add("sequence", info.sequence.map(|n| n.to_string()));
    add("random", info.random.map(|n| n.to_string()));
    add("random (hex)", info.random_hex.clone());
    add("suffix", info.suffix.map(|n| format!("{n} (0x{n:05X})")));
    add("integer", info.integer.clone());
    add("bytes (hex)", info.hex.clone());
    add("version", info.version.map(|n| n.to_string()));
    add("TypeID", info.typeid.clone());
    add("UUID", info.uuid.clone());
    add("UUIDv6", info.uuid_v6.clone());
    add("UUIDv7", info.uuid_v7.clone());
    for encoding in info.transport.iter().flat_map(|encodings| &encodings.0) {
        add(encoding.label, Some(encoding.text.clone()));
    }
    add("length", info.length.map(|n| n.to_string()));
    add(
        "key types",
        info.key_types.as_ref().map(|types| types.join(", ")),
    );
    lines
}

/// `error: <message>` on standard error. A failure to write it is ignored (`eprintln!`
/// would panic): there is nowhere left to report it.
pub fn error_line(message: impl Display) {
    let _ = writeln!(io::stderr(), "error: {message}");
}

/// A line on standard error (details under an `error:` line, hints), failures ignored.
pub fn stderr_line(message: impl Display) {
    let _ = writeln!(io::stderr(), "{message}");
}
