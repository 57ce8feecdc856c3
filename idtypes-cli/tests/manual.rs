//! Runs the examples of the manual, `README.md`, so that it cannot drift from the tool: each
//! `$ idtypes ...` line of a ```` ```console ```` block is run, and what it prints (standard
//! output and error, as a terminal shows them) must be the lines that follow it. `new` makes
//! ids from the clock, so its examples are checked by their shape: as many lines, each as
//! long, with the same JSON keys.

use std::fs::File;
use std::io::Read;
use std::process::{Command, Stdio};

use serde_json::Value;

/// The manual.
const MANUAL: &str = include_str!("../README.md");

/// One example: the command line after `$ `, and the output the manual shows.
struct Example {
    line: String,
    expected: String,
}

/// Every example of every console block, in order.
fn examples() -> Vec<Example> {
    let mut examples: Vec<Example> = Vec::new();
    let mut in_console = false;
    for line in MANUAL.lines() {
        if !in_console {
            in_console = line == "```console";
            continue;
        }
        if line == "```" {
            in_console = false;
        } else if let Some(command) = line.strip_prefix("$ ") {
            examples.push(Example {
                line: command.to_owned(),
                expected: String::new(),
            });
        } else if let Some(example) = examples.last_mut() {
            example.expected.push_str(line);
            example.expected.push('\n');
        } else {
            panic!("output before any command in a console block: {line:?}");
        }
    }
    for example in &mut examples {
        // A blank line may separate one example from the next.
        example.expected = example.expected.trim_end_matches('\n').to_owned();
    }
    examples
}

/// The words of a command line: split at spaces, with `'...'` quoting (no pipes or
/// redirections: examples that need them go in a `sh` block, which is not run).
fn words(line: &str) -> Vec<String> {
    assert!(
        !line.contains(['|', '<', '>', '"']),
        "only plain commands can be run: {line}"
    );
    let mut words = Vec::new();
    for (index, part) in line.split('\'').enumerate() {
        if index % 2 == 1 {
            words.push(part.to_owned());
        } else {
            words.extend(part.split_whitespace().map(str::to_owned));
        }
    }
    words
}

/// Runs `args` with standard output and error into one file, as a terminal interleaves them
/// (the tool flushes its output before each error line); the text and whether it succeeded.
fn run(args: &[String], name: &str) -> (String, bool) {
    let path =
        std::env::temp_dir().join(format!("idtypes-manual-{}-{name}.txt", std::process::id()));
    let file = File::create(&path).expect("a file for the output");
    let status = Command::new(assert_cmd::cargo::cargo_bin("idtypes"))
        .args(args)
        .env("TZ", "UTC")
        .stdin(Stdio::null())
        .stdout(file.try_clone().expect("the file again"))
        .stderr(file)
        .status()
        .expect("the idtypes binary runs");
    let mut output = String::new();
    File::open(&path)
        .and_then(|mut file| file.read_to_string(&mut output))
        .expect("UTF-8 output");
    let _ = std::fs::remove_file(&path);
    (output.trim_end_matches('\n').to_owned(), status.success())
}

/// Whether `actual` has the shape of `expected`: as many lines, each as long, and for JSON
/// lines the same keys.
fn same_shape(actual: &str, expected: &str) -> bool {
    let keys = |line: &str| match serde_json::from_str::<Value>(line) {
        Ok(Value::Object(object)) => Some(object.keys().cloned().collect::<Vec<_>>()),
        _ => None,
    };
    actual.lines().count() == expected.lines().count()
        && actual
            .lines()
            .zip(expected.lines())
            .all(|(actual, expected)| match keys(expected) {
                Some(expected_keys) => keys(actual) == Some(expected_keys),
                None => actual.len() == expected.len(),
            })
}

#[test]
fn the_manual_shows_what_the_tool_prints() {
    let examples = examples();
    assert!(examples.len() >= 20, "the manual lost its examples");
    let mut wrong = Vec::new();
    for (index, example) in examples.iter().enumerate() {
        let words = words(&example.line);
        assert_eq!(
            words[0], "idtypes",
            "an example of another tool: {}",
            example.line
        );
        let (actual, success) = run(&words[1..], &index.to_string());
        // The tool fails exactly when it says `error:`.
        let errors = example
            .expected
            .lines()
            .any(|line| line.starts_with("error:"));
        let clock = words[1] == "new" && !errors;
        let matches = if clock {
            same_shape(&actual, &example.expected)
        } else {
            actual == example.expected
        };
        if !matches || success == errors {
            wrong.push(format!(
                "$ {}\n--- the manual shows:\n{}\n--- the tool prints ({}):\n{actual}\n",
                example.line,
                example.expected,
                if success { "success" } else { "failure" }
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "the manual is out of date:\n\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_helpers_read_commands_and_shapes() {
    assert!(same_shape(
        "3n2y2bsc7uc2b\n3n2y2bsc7uj2b",
        "3n34ynjq4yryg\n3n34ynjq4z2yg"
    ));
    assert!(!same_shape("3n2y2bsc7uc2b", "3n34ynjq4yryg\n3n34ynjq4z2yg"));
    assert!(!same_shape("3n2y2bsc7uc2", "3n34ynjq4yryg"));
    assert!(same_shape(r#"{"a":1,"b":"x"}"#, r#"{"a":2,"b":"yy"}"#));
    assert!(!same_shape(r#"{"a":1}"#, r#"{"a":2,"b":"yy"}"#));
    assert_eq!(
        words("idtypes inspect 'a b' c"),
        ["idtypes", "inspect", "a b", "c"]
    );
}
