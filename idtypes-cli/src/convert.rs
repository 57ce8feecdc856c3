//! `idtypes convert`: one id between its forms: the canonical text, the integer, the
//! big-endian bytes in hex, and the forms some formats have of their own.

use clap::ValueEnum;
use serde::{Serialize, Serializer};

use crate::describe::hex;
use crate::error::Failure;
use crate::format::{AnyId, Format};
use crate::formats::Form;
use crate::input;
use crate::output::Printer;
use crate::spec::IntegerError;

/// Every form of one id, in [`Form`] order; a JSON object.
struct Forms(Vec<(Form, String)>);

impl Serialize for Forms {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_map(self.0.iter().map(|(form, value)| (form.name(), value)))
    }
}

/// The JSON object printed for each value (one per line).
#[derive(Serialize)]
struct ConvertJson<'a> {
    format: &'static str,
    input: &'a str,
    from: &'static str,
    to: Option<&'static str>,
    value: Option<String>,
    forms: Forms,
}

/// Converts each of `values` (or standard input) from `from` to `to`, or to every form when
/// `to` is `None`; fails at the end if any value was invalid.
pub fn run(
    printer: &mut Printer,
    format: &dyn Format,
    values: Vec<String>,
    from: Form,
    to: Option<Form>,
) -> Result<(), Failure> {
    for (option, form) in [("--from", Some(from)), ("--to", to)] {
        if let Some(reason) = form.and_then(|form| unsupported(format, form)) {
            return Err(Failure::Usage(format!("{option}: {reason}")));
        }
    }
    let mut failed = false;
    let mut first = true;
    for value in input::values(values) {
        let converted = value
            .map_err(Failure::Message)
            .and_then(|text| Ok((decode(format, from, &text)?, text)));
        let (id, text) = match converted {
            Ok(converted) => converted,
            Err(failure) => {
                printer.flush()?;
                if let Failure::Message(message) = failure {
                    crate::output::error_line(message);
                }
                failed = true;
                continue;
            }
        };
        let value = to.map(|to| encode(&id, to));
        if printer.json {
            printer.json_line(&ConvertJson {
                format: format.name(),
                input: &text,
                from: from.name(),
                to: to.map(Form::name),
                value,
                forms: forms(&id),
            })?;
        } else if let Some(value) = value {
            printer.line(value)?;
        } else {
            if !first {
                printer.line("")?;
            }
            first = false;
            for (form, value) in forms(&id).0 {
                printer.field(0, form.name(), value)?;
            }
        }
    }
    printer.flush()?;
    if failed {
        Err(Failure::Reported)
    } else {
        Ok(())
    }
}

/// Why `format` has no such form, if it has none.
fn unsupported(format: &dyn Format, form: Form) -> Option<String> {
    if form == Form::Text || format.forms().contains(&form) {
        return None;
    }
    if let Some(why) = format.text_only() {
        return Some(why.to_owned());
    }
    match form {
        Form::Integer | Form::Hex => None,
        _ => Some(form.lacking(format)),
    }
}

/// Reads `value` written in `form` as an id of `format`.
fn decode(format: &dyn Format, form: Form, value: &str) -> Result<AnyId, Failure> {
    match form {
        Form::Text => match format.parse(value) {
            Ok(id) => Ok(id),
            // Typed-id text (`post_3jzf...`), as `inspect` reads it: the id after the prefix.
            Err(err) => match crate::inspect::split_typed(value, |id| format.parse(id).is_ok()) {
                Some((_, _, id)) => Ok(format.parse(id)?),
                None => Err(err.into()),
            },
        },
        Form::Integer => format.read_integer(value).map_err(|err| match err {
            IntegerError::NotANumber(range) => Failure::msg(format!(
                "invalid {format} integer `{value}`: expected a decimal number in {range}"
            )),
            IntegerError::Refused(err) => err.into(),
        }),
        Form::Hex => decode_hex(format, value),
        _ => Ok(format.read(form, value)?),
    }
}

/// Reads the big-endian bytes in hex (either case, optional `0x` or `\x`) as an id of
/// `format`.
fn decode_hex(format: &dyn Format, value: &str) -> Result<AnyId, Failure> {
    let Some(len) = format.byte_len() else {
        return Err(Failure::msg(format.text_only().unwrap_or_default()));
    };
    let digits = value
        .strip_prefix("0x")
        .or_else(|| value.strip_prefix("\\x"))
        .unwrap_or(value);
    let invalid = || {
        Failure::msg(format!(
            "invalid {format} bytes `{value}`: expected {} hex digits ({len} bytes)",
            len * 2
        ))
    };
    if digits.len() != len * 2 || !digits.bytes().all(|byte| byte.is_ascii_hexdigit()) {
        return Err(invalid());
    }
    let bytes = (0..len)
        .map(|index| u8::from_str_radix(&digits[index * 2..index * 2 + 2], 16))
        .collect::<Result<Vec<u8>, _>>()
        .map_err(|_| invalid())?;
    Ok(format.read_bytes(&bytes).ok_or_else(invalid)??)
}

/// `id` written in `form`, if its format has the form.
fn write(id: &AnyId, form: Form) -> Option<String> {
    match form {
        Form::Text => Some(id.text()),
        Form::Integer => id.integer(),
        Form::Hex => id.bytes().map(|bytes| hex(&bytes)),
        _ => id.write(form),
    }
}

/// `id` written in `form` (which [`unsupported`] has allowed for its format).
fn encode(id: &AnyId, form: Form) -> String {
    write(id, form).unwrap_or_else(|| id.text())
}

/// Every form of `id`, in [`Form`] order.
fn forms(id: &AnyId) -> Forms {
    let forms = Form::value_variants()
        .iter()
        .filter_map(|&form| Some((form, write(id, form)?)));
    Forms(forms.collect())
}
