//! `idtypes new`: fresh ids from the crate's generators.

use idtypes::{FullRand, RecordKey};

use idtypes::time_id::{NodeId, TimeIdGenerator};

use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator, XidGenerator};

use idtypes::tbsl::TbslGenerator;

use idtypes::tid::TidGenerator;

use crate::describe::describe;
use crate::error::Failure;
use crate::format::Format;
use crate::id::AnyId;
use crate::output::Printer;

/// The options of `new` that name who makes the ids.
#[derive(Debug, Clone, Copy, Default)]
pub struct Origin {
    /// `--clock-id` (tid).
    pub clock_id: Option<u16>,
    /// `--node` (time-id).
    pub node: Option<u16>,
    /// `--machine` (snowish, tbsl).
    pub machine: Option<u16>,
}

/// A generator of one format, configured.
enum Generator {
    Tid(TidGenerator),
    TimeId(TimeIdGenerator),
    Xid(XidGenerator),
    Snowish(SnowishGenerator),
    TsSeqRand(TsSeqRandGenerator),
    FullRand,
    /// Boxed: a TBSL generator holds its sequence table (over 1.5 KB).
    Tbsl(Box<TbslGenerator>),
    RecordKey(TidGenerator),
}

impl Generator {
    /// The next id.
    fn next(&self) -> Result<AnyId, idtypes::Error> {
        Ok(match self {
            Generator::Tid(generator) => AnyId::Tid(generator.try_next()?),
            Generator::TimeId(generator) => AnyId::TimeId(generator.try_next()?),
            Generator::Xid(generator) => AnyId::Xid(generator.try_next()?),
            Generator::Snowish(generator) => AnyId::Snowish(generator.try_next()?),
            Generator::TsSeqRand(generator) => AnyId::TsSeqRand(generator.try_next()?),
            Generator::FullRand => AnyId::FullRand(FullRand::random()),
            Generator::Tbsl(generator) => AnyId::Tbsl(generator.try_next()?),
            Generator::RecordKey(generator) => {
                AnyId::RecordKey(RecordKey::from(generator.try_next()?))
            }
        })
    }
}

/// Prints `count` fresh ids of `format`: their text, one per line, or with `--json` one
/// object per line (the `candidates` objects of `inspect`).
pub fn run(
    printer: &mut Printer,
    format: Format,
    count: u32,
    origin: Origin,
    local: bool,
    usage: impl Fn(String) -> Failure,
) -> Result<(), Failure> {
    let generator = generator(format, origin, usage)?;
    for _ in 0..count {
        let id = generator.next()?;
        if printer.json {
            printer.json_line(&describe(&id, local))?;
        } else {
            printer.line(id.text())?;
        }
    }
    printer.flush()?;
    Ok(())
}

/// The generator for `format`, after checking that the options given are the format's.
fn generator(
    format: Format,
    origin: Origin,
    usage: impl Fn(String) -> Failure,
) -> Result<Generator, Failure> {
    let allowed: &[&str] = match format {
        Format::Tid | Format::RecordKey => &["--clock-id"],
        Format::TimeId => &["--node"],
        Format::Snowish | Format::Tbsl => &["--machine"],
        _ => &[],
    };
    let given = [
        ("--clock-id", origin.clock_id.is_some()),
        ("--node", origin.node.is_some()),
        ("--machine", origin.machine.is_some()),
    ];
    for (option, is_given) in given {
        if is_given && !allowed.contains(&option) {
            let takes = if allowed.is_empty() {
                format!("{format} ids have no clock, node or machine id")
            } else {
                format!("{format} takes {}", allowed.join(" or "))
            };
            return Err(usage(format!(
                "{option} does not apply to {format}: {takes}"
            )));
        }
    }
    let machine = |range: &str| {
        origin.machine.ok_or_else(|| {
            usage(format!(
                "{format} ids name the machine that made them: give --machine <ID> ({range})"
            ))
        })
    };
    Ok(match format {
        Format::Tid | Format::RecordKey => {
            let mut generator = TidGenerator::new();
            if let Some(clock_id) = origin.clock_id {
                generator = generator.with_clock_id(clock_id)?;
            }
            if format == Format::Tid {
                Generator::Tid(generator)
            } else {
                Generator::RecordKey(generator)
            }
        }
        Format::TimeId => {
            let mut generator = TimeIdGenerator::new();
            if let Some(node) = origin.node {
                generator = generator.with_node(NodeId::new(node)?);
            }
            Generator::TimeId(generator)
        }
        Format::Xid => Generator::Xid(XidGenerator::new()),
        Format::TsSeqRand => Generator::TsSeqRand(TsSeqRandGenerator::new()),
        Format::Fullrand => Generator::FullRand,
        Format::Snowish => Generator::Snowish(SnowishGenerator::new(machine("0..=1023")?)?),
        Format::Tbsl => {
            let machine = machine("0..=99")?;
            let machine = u8::try_from(machine).map_err(|_| {
                Failure::msg(format!(
                    "TBSL machine id out of range: found {machine}, expected 0..=99"
                ))
            })?;
            Generator::Tbsl(Box::new(TbslGenerator::new(machine)?))
        }
        Format::Uid11 => {
            return Err(Failure::msg(
                "a plain uid11 has no generator: choose a profile (xid, snowish, ts-seq-rand or fullrand)",
            ));
        }
    })
}
