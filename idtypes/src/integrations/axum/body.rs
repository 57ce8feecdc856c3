//! The text of a problem's body: a flat JSON object of strings and numbers, written in the
//! order RFC 9457 lists its members (no serializer needed for so little), and JSON pointers
//! in URI fragment form for the `pointer` member.

use std::fmt::Write as _;
use std::string::String;

/// A JSON object being written, member by member.
pub(super) struct Object {
    text: String,
}

impl Object {
    pub(super) fn new() -> Object {
        Object {
            text: String::from("{"),
        }
    }

    /// The member `name` (a plain ASCII name), with a string value.
    pub(super) fn string(&mut self, name: &str, value: &str) {
        self.name(name);
        write_string(&mut self.text, value);
    }

    /// The member `name`, with a whole number.
    pub(super) fn number(&mut self, name: &str, value: u64) {
        self.name(name);
        let _ = write!(self.text, "{value}");
    }

    fn name(&mut self, name: &str) {
        if self.text.len() > 1 {
            self.text.push(',');
        }
        write_string(&mut self.text, name);
        self.text.push(':');
    }

    /// The object's text.
    pub(super) fn finish(mut self) -> String {
        self.text.push('}');
        self.text
    }
}

/// `value` as a JSON string (RFC 8259): quotes, backslashes and control characters escaped.
fn write_string(out: &mut String, value: &str) {
    out.push('"');
    for c in value.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if u32::from(c) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", u32::from(c));
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A JSON pointer (RFC 6901) in URI fragment form (its section 6), as RFC 9457 writes one:
/// `#`, then `/` and each token, `~` and `/` in a token escaped as `~0` and `~1`, and every
/// byte a fragment may not hold percent-encoded (`#/a%20b` for the key `a b`).
pub(super) struct Pointer {
    text: String,
}

impl Pointer {
    /// The pointer to the whole document: `#`.
    pub(super) fn root() -> Pointer {
        Pointer {
            text: String::from("#"),
        }
    }

    /// The pointer one level down, to the member or element `token`.
    pub(super) fn push(&mut self, token: &str) {
        self.text.push('/');
        for byte in token.bytes() {
            match byte {
                b'~' => self.text.push_str("~0"),
                b'/' => self.text.push_str("~1"),
                byte if in_fragment(byte) => self.text.push(char::from(byte)),
                byte => {
                    let _ = write!(self.text, "%{byte:02X}");
                }
            }
        }
    }

    pub(super) fn into_string(self) -> String {
        self.text
    }
}

/// Whether a fragment holds `byte` as it is (RFC 3986: `pchar`, `/` and `?`, without `%`,
/// which starts an escape).
fn in_fragment(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || b"-._~!$&'()*+,;=:@/?".contains(&byte)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::string::ToString;

    #[test]
    fn strings_escape_what_json_requires() {
        let mut object = Object::new();
        object.string("detail", "a \"b\" \\ c\n\u{1}é`x`");
        object.number("status", 400);
        assert_eq!(
            object.finish(),
            "{\"detail\":\"a \\\"b\\\" \\\\ c\\n\\u0001é`x`\",\"status\":400}"
        );
        assert_eq!(Object::new().finish(), "{}");
    }

    #[test]
    fn pointers_escape_tokens_then_the_fragment() {
        let mut pointer = Pointer::root();
        assert_eq!(Pointer::root().into_string(), "#");
        pointer.push("posts");
        pointer.push(&0.to_string());
        pointer.push("a/b~c d%é");
        assert_eq!(pointer.into_string(), "#/posts/0/a~1b~0c%20d%25%C3%A9");
    }
}
