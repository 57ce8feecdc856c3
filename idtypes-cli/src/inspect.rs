//! `idtypes inspect`: which formats a text is valid in, best guess first, and each reading's
//! parts.

use serde::Serialize;

use crate::describe::{IdInfo, describe};
use crate::error::Failure;
use crate::format::{AnyId, Format};
use crate::formats::FORMATS;
use crate::input;
use crate::output::Printer;

/// The longest typed-id prefix and separator the derive macros accept.
const MAX_PREFIX_LEN: usize = 63;
const MAX_SEPARATOR_LEN: usize = 8;

/// A format that refused the text, and its reason (the `idtypes` error message).
#[derive(Debug, Clone, Serialize)]
pub struct Rejection {
    /// The format's name.
    pub format: &'static str,
    /// Why it refused the text.
    pub error: String,
}

/// One reading of the input: the id in one format, and whether it is the whole input read
/// in a text-only format after the id part was read as a typed id.
struct Reading {
    id: AnyId,
    info: IdInfo,
    whole_text: bool,
}

/// What `inspect` found in one input.
struct Inspection {
    /// `prefix` and separator when the input is typed-id text (`post_3jzf...`).
    typed: Option<(String, String)>,
    /// The id part (the whole input unless typed).
    id: String,
    /// The valid readings, best guess first.
    readings: Vec<Reading>,
    /// The formats that refused the id part.
    rejected: Vec<Rejection>,
}

/// The JSON object printed for each input (one per line).
#[derive(Serialize)]
struct InspectJson<'a> {
    input: &'a str,
    valid: bool,
    prefix: Option<&'a str>,
    separator: Option<&'a str>,
    id: &'a str,
    best_guess: Option<&'static str>,
    candidates: Vec<&'a IdInfo>,
    rejected: &'a [Rejection],
}

/// Runs `inspect` on `values` (or standard input): prints each, and fails at the end if any
/// input was invalid.
pub fn run(printer: &mut Printer, values: Vec<String>, local: bool) -> Result<(), Failure> {
    let mut failed = false;
    let mut first = true;
    for value in input::values(values) {
        let text = match value {
            Ok(text) => text,
            Err(message) => {
                printer.flush()?;
                crate::output::error_line(message);
                failed = true;
                continue;
            }
        };
        let inspection = inspect(&text, local);
        if printer.json {
            print_json(printer, &text, &inspection)?;
        } else if !inspection.readings.is_empty() {
            if !first {
                printer.line("")?;
            }
            first = false;
            print_human(printer, &text, &inspection)?;
        }
        if inspection.readings.is_empty() {
            failed = true;
            printer.flush()?;
            report_invalid(&text, &inspection, printer.json);
        }
    }
    printer.flush()?;
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// Reads `text` in every format; a typed-id text is split into prefix, separator and id.
fn inspect(text: &str, local: bool) -> Inspection {
    let (readings, rejected) = read_all(text, local);
    // A text valid in a fixed-size format is taken as it is; `post_3jzf...` is valid only as
    // a whole in a text-only format (which may allow `_`, `-`, `.`, `~`, `:`), so look for a
    // typed id.
    let fixed = |readings: &[Reading]| {
        readings
            .iter()
            .any(|reading| reading.id.format().text_only().is_none())
    };
    // A TypeID with a prefix (`user_01h455...`) is valid as a whole (the uuid reading is the
    // TypeID's), and split as any typed id's text is: its prefix, `_`, its suffix; the other
    // readings (a record key) are of the whole text.
    if readings.iter().any(|reading| reading.info.format == "uuid") {
        if let Some((prefix, suffix)) = typeid_prefix(text) {
            return Inspection {
                typed: Some((prefix.to_owned(), "_".to_owned())),
                id: suffix.to_owned(),
                readings: readings
                    .into_iter()
                    .map(|reading| Reading {
                        whole_text: reading.info.format != "uuid",
                        ..reading
                    })
                    .collect(),
                rejected,
            };
        }
    }
    if !fixed(&readings) {
        if let Some((prefix, separator, id)) = split_typed(text, |id| fixed(&read_all(id, local).0))
        {
            let (mut typed_readings, typed_rejected) = read_all(id, local);
            // The whole text in a text-only format stays a (last) reading.
            typed_readings.extend(readings.into_iter().map(|reading| Reading {
                whole_text: true,
                ..reading
            }));
            return Inspection {
                typed: Some((prefix.to_owned(), separator.to_owned())),
                id: id.to_owned(),
                readings: typed_readings,
                rejected: typed_rejected,
            };
        }
    }
    Inspection {
        typed: None,
        id: text.to_owned(),
        readings,
        rejected,
    }
}

/// The prefix and suffix of `text` when it is a TypeID with a prefix.
fn typeid_prefix(text: &str) -> Option<(&str, &str)> {
    let typeid = idtypes::uuids::DynTypeId::parse(text).ok()?;
    // A TypeID's suffix has no `_`: the last one ends the prefix.
    let (prefix, suffix) = text.rsplit_once('_')?;
    (!typeid.prefix().is_empty()).then_some((prefix, suffix))
}

/// Splits typed-id text at the last run of ASCII punctuation that has a valid id after it and
/// a valid prefix before it (`user_profile_3jzf...` -> `user_profile`, `_`, `3jzf...`).
pub fn split_typed(text: &str, is_id: impl Fn(&str) -> bool) -> Option<(&str, &str, &str)> {
    let bytes = text.as_bytes();
    for end in (1..bytes.len().saturating_sub(1)).rev() {
        if !bytes[end].is_ascii_punctuation() {
            continue;
        }
        let mut start = end;
        while start > 1
            && bytes[start - 1].is_ascii_punctuation()
            && end + 1 - start < MAX_SEPARATOR_LEN
        {
            start -= 1;
        }
        // Slicing at ASCII bytes is always at a character boundary.
        let (prefix, separator, id) = (&text[..start], &text[start..=end], &text[end + 1..]);
        if separator.len() <= MAX_SEPARATOR_LEN && valid_prefix(prefix) && is_id(id) {
            return Some((prefix, separator, id));
        }
    }
    None
}

/// A typed-id prefix: a letter, then letters, digits and `_`, at most 63 (the derive macros
/// want lowercase; inspecting is lenient).
fn valid_prefix(prefix: &str) -> bool {
    let mut chars = prefix.chars();
    prefix.len() <= MAX_PREFIX_LEN
        && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Every valid reading of `text`, best guess first, and every refusal.
fn read_all(text: &str, local: bool) -> (Vec<Reading>, Vec<Rejection>) {
    let mut formats: Vec<&dyn Format> = FORMATS.to_vec();
    formats.sort_by_key(|format| format.guess());
    let results: Vec<_> = formats
        .into_iter()
        .map(|format| (format, format.parse(text)))
        .collect();
    // A format that reads another's text first (a uid11 profile) leaves a text that one
    // refuses to it, to be reported once.
    let refused: Vec<&str> = results
        .iter()
        .filter(|(_, result)| result.is_err())
        .map(|(format, _)| format.name())
        .collect();
    let mut readings = Vec::new();
    let mut rejected = Vec::new();
    for (format, result) in results {
        match result {
            Ok(id) => readings.push(Reading {
                info: describe(id.as_ref(), local),
                id,
                whole_text: false,
            }),
            Err(_) if format.text_of().is_some_and(|name| refused.contains(&name)) => {}
            Err(err) => rejected.push(Rejection {
                format: format.name(),
                error: err.to_string(),
            }),
        }
    }
    readings.sort_by_key(|reading| rank(text, &reading.id, &reading.info));
    (readings, rejected)
}

/// The sort key of a reading of `text`, smallest first: a plausible time (1990..2100), or a
/// text written as only the reading's format writes ids, beats a format without time, which
/// beats an implausible time; then the formats' [`guess`](Format::guess) order.
fn rank(text: &str, id: &AnyId, info: &IdInfo) -> (u8, u8) {
    let evidence = match info.plausible_time {
        _ if id.format().telltale(text) => 0,
        Some(true) => 0,
        None => 1,
        Some(false) => 2,
    };
    (evidence, id.guess())
}

/// The name of a reading in the human output.
fn reading_name(reading: &Reading) -> String {
    let name = reading.info.format;
    if reading.whole_text {
        format!("{name} (whole text)")
    } else {
        name.to_owned()
    }
}

/// The human output for one valid input.
fn print_human(printer: &mut Printer, text: &str, inspection: &Inspection) -> Result<(), Failure> {
    printer.line(text)?;
    if let Some((prefix, separator)) = &inspection.typed {
        printer.field(
            2,
            "typed id",
            format!(
                "prefix `{prefix}`, separator `{separator}`, id {}",
                inspection.id
            ),
        )?;
    }
    let names: Vec<String> = inspection
        .readings
        .iter()
        .enumerate()
        .map(|(index, reading)| {
            let name = reading_name(reading);
            if index == 0 && inspection.readings.len() > 1 {
                format!("{name} (best guess)")
            } else {
                name
            }
        })
        .collect();
    printer.field(2, "valid as", names.join(", "))?;
    for (index, reading) in inspection.readings.iter().enumerate() {
        printer.line("")?;
        let best = if index == 0 && inspection.readings.len() > 1 {
            " (best guess)"
        } else {
            ""
        };
        printer.line(format!("  {}{best}", reading_name(reading)))?;
        printer.info(4, &reading.info)?;
    }
    // Why not the others: often the answer to "why is this not a TID?".
    if !inspection.rejected.is_empty() {
        printer.line("")?;
        printer.line("  not valid as")?;
        for rejection in &inspection.rejected {
            printer.field(4, rejection.format, &rejection.error)?;
        }
    }
    Ok(())
}

/// The JSON object for one input, valid or not.
fn print_json(printer: &mut Printer, text: &str, inspection: &Inspection) -> Result<(), Failure> {
    let (prefix, separator) = match &inspection.typed {
        Some((prefix, separator)) => (Some(prefix.as_str()), Some(separator.as_str())),
        None => (None, None),
    };
    printer.json_line(&InspectJson {
        input: text,
        valid: !inspection.readings.is_empty(),
        prefix,
        separator,
        id: &inspection.id,
        best_guess: inspection
            .readings
            .first()
            .map(|reading| reading.info.format),
        candidates: inspection
            .readings
            .iter()
            .map(|reading| &reading.info)
            .collect(),
        rejected: &inspection.rejected,
    })?;
    Ok(())
}

/// The message on standard error for an input no format accepts: each format's reason (in
/// JSON mode they are in the object already, so just the headline).
fn report_invalid(text: &str, inspection: &Inspection, json: bool) {
    crate::output::error_line(format!("{text:?} is not a valid id in any format"));
    if !json {
        for rejection in &inspection.rejected {
            crate::output::stderr_line(format!("  {}: {}", rejection.format, rejection.error));
        }
    }
}
