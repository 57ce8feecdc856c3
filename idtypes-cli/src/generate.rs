//! `idtypes new`: fresh ids from the crate's generators.

use crate::describe::describe;
use crate::error::Failure;
use crate::format::Format;
use crate::formats::Origin;
use crate::output::Printer;

/// Prints `count` fresh ids of `format`, made as `origin` says: their text, one per line, or
/// with `--json` one object per line (the `candidates` objects of `inspect`).
pub fn run(
    printer: &mut Printer,
    format: &dyn Format,
    count: u32,
    origin: Origin,
    local: bool,
) -> Result<(), Failure> {
    origin.check(format)?;
    let generator = format.generator(&origin)?;
    for _ in 0..count {
        let id = generator()?;
        if printer.json {
            printer.json_line(&describe(id.as_ref(), local))?;
        } else {
            printer.line(id.text())?;
        }
    }
    printer.flush()?;
    Ok(())
}
