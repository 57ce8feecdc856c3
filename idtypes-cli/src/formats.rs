//! Every id format the tool knows, one block each, and the forms and options that belong to
//! some of them. This is the only file that names a format: the commands are written once,
//! over [`Format`] and [`Id`](crate::format::Id).
//!
//! What `idtypes` says of every format is not repeated here: a format's name is its
//! [`IdFormat::SLUG`], its time is chrono's `From` the id, at the precision its [`Spec::TIME`]
//! names (`idtypes` does not make the precision public), and most items of [`Spec`] have a
//! default (no aliases, forms, options or time). A block states what is the format's own: the
//! line of `--help`, its integer (mostly [`Numbers::RAW`] or [`Numbers::BYTES`]), its ranges
//! (the format's inherent `range_for_prefix` and `ranges_for_time`, which no trait of
//! `idtypes` gathers), its parts, its generator, and whatever it does differently.
//!
//! Adding a format is adding its [`Spec`] block, its line in [`FORMATS`] (the `--help` order)
//! and its place in [`GUESS_ORDER`] (`inspect`'s), and its forms and options if it brings new
//! ones; `the_table_is_consistent` checks that the lists agree.

use std::sync::OnceLock;

use chrono::DateTime;
use clap::{Args, ValueEnum};
use idtypes::NanoId;
use idtypes::RsXid;
use idtypes::cuid2::Cuid2Generator;
use idtypes::record_key::RecordKeyType;
use idtypes::rs_xid::RsXidGenerator;
use idtypes::snowflake::{SnowflakeEpoch, SnowflakeGenerator};
use idtypes::tbsl::{TbslGenerator, TransportBase};
use idtypes::tid::TidGenerator;
use idtypes::time_id::{NodeId, TimeIdGenerator};
use idtypes::uid11::{SnowishGenerator, TsSeqRandGenerator, Uid11XidGenerator};
use idtypes::ulid::UlidGenerator;
use idtypes::uuids::{DynTypeId, UuidV7Generator, parse_hyphenated};
use idtypes::{
    Cuid2, FullRand, IdFormat, RecordKey, Snowflake, Snowish, Tbsl, Tid, TimeId, TsSeqRand, Uid11,
    Uid11Xid, Ulid, Uuid,
};
use idtypes::{Ksuid, ksuid::KsuidGenerator};
use idtypes::{ObjectId, object_id::ObjectIdGenerator};

use crate::describe::{Encoding, Encodings, IdInfo};
use crate::error::Failure;
use crate::format::{Format, Place, of};
use crate::spec::{Generator, Numbers, Ranges, Spec, Time, decimal};

/// The formats, in the order `--help` lists them (`inspect`'s is [`GUESS_ORDER`]).
pub static FORMATS: &[&dyn Format] = &[
    of::<Tid>(),
    of::<TimeId>(),
    of::<Uid11>(),
    of::<Uid11Xid>(),
    of::<Snowish>(),
    of::<TsSeqRand>(),
    of::<FullRand>(),
    of::<Snowflake>(),
    of::<Tbsl>(),
    of::<Ulid>(),
    of::<Uuid>(),
    of::<RecordKey>(),
    of::<Ksuid>(),
    of::<idtypes::Sonyflake>(),
    of::<RsXid>(),
    of::<ObjectId>(),
    of::<NanoId>(),
    of::<Cuid2>(),
];

/// Where readings go among readings as plausible, best first: `inspect`'s best guess (see
/// `inspect::rank`). Every format has its place, and a format whose ids can hint at it
/// ([`Spec::hinted`]) a second, hinted one. `inspect` also tries the formats in this order,
/// the order in which it lists the formats that refused a text.
pub static GUESS_ORDER: &[Place] = &[
    Place::Of(of::<Tbsl>()),
    Place::Of(of::<Tid>()),
    Place::Of(of::<TimeId>()),
    // A small sequence number: the uid11 profiles that count (below, `SMALL_SEQUENCE`).
    Place::Hinted(of::<Snowish>()),
    Place::Hinted(of::<TsSeqRand>()),
    Place::Of(of::<Uid11Xid>()),
    Place::Of(of::<TsSeqRand>()),
    Place::Of(of::<Snowish>()),
    Place::Of(of::<Uid11>()),
    Place::Of(of::<FullRand>()),
    Place::Of(of::<Snowflake>()),
    Place::Of(of::<Uuid>()),
    Place::Of(of::<Ulid>()),
    // 24 hex digits: a CUID2 of 24 characters is all hex once in 10^8.
    Place::Of(of::<ObjectId>()),
    // A CUID2 of `createId`'s 24 characters (no ULID's length), before a record key.
    Place::Hinted(of::<Cuid2>()),
    Place::Of(of::<RecordKey>()),
    // No other format's text has 27 characters but a record key's, which has no time: a KSUID
    // of a plausible time is ranked first anyway.
    Place::Of(of::<Ksuid>()),
    Place::Of(of::<idtypes::Sonyflake>()),
    // A real XID has a plausible time, which ranks it before a record key anyway.
    Place::Of(of::<RsXid>()),
    Place::Of(of::<NanoId>()),
    Place::Of(of::<Cuid2>()),
];

/// Names the command line refuses with a message instead of "invalid value": a name two
/// formats could be taken for.
pub const AMBIGUOUS: &[(&str, &str)] = &[(
    "xid",
    "`xid` is ambiguous: rs-xid (rs/xid's 12-byte id, 20 chars of base32hex, as the Go \
     github.com/rs/xid and the Rust `xid` crate make them) or uid11-xid (the uid11 profile \
     xid, 11 chars of Base58)",
)];

impl Spec for Tid {
    const ABOUT: &'static str =
        "atproto timestamp identifier: 13 chars base32-sortable (53-bit µs + 10-bit clock id)";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    const FORMS: &'static [Form] = &[Form::Uuid, Form::Typeid];
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        Tid::range_for_prefix,
        Tid::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::micros;
    const OPTIONS: &'static [&'static str] = &["--clock-id"];

    fn parts(&self, info: &mut IdInfo) {
        info.clock_id = Some(self.clock_id());
        info.uuid_v7 = Some(self.to_uuid_v7().to_string());
    }

    fn write(&self, form: Form) -> Option<String> {
        uuid_form(form, self.to_uuid_v7())
    }

    fn read(form: Form, text: &str) -> Result<Self, Failure> {
        match uuid_of_form(form, text)? {
            Some(uuid) => Ok(Tid::from_uuid_v7(uuid)?),
            None => Ok(text.parse()?),
        }
    }

    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        let tids = origin.tids()?;
        Ok(Box::new(move || tids.try_next()))
    }
}

impl Spec for TimeId {
    const ALIASES: &'static [&'static str] = &["timeid"];
    const ABOUT: &'static str =
        "draft-goldman Time-Ordered ID: 13 chars (or dashed 16), signed µs + 10-bit node id";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    // Its text parses plain or dashed: `read` needs nothing of its own.
    const FORMS: &'static [Form] = &[Form::Dashed, Form::Uuid, Form::Typeid];
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        TimeId::range_for_prefix,
        TimeId::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::micros;
    const OPTIONS: &'static [&'static str] = &["--node"];

    /// The dashes of `3kxn-lhr-3gxq-23` are the TimeId's own display form: a TimeId whatever
    /// its time.
    fn telltale(text: &str) -> bool {
        text.contains('-')
    }

    fn parts(&self, info: &mut IdInfo) {
        info.dashed = Some(self.to_dashed().to_string());
        let node = self.node();
        info.node = Some(node.get());
        info.node_code = Some(node.code().to_string());
        info.node_class = Some(node.class().to_string());
        info.uuid_v6 = Some(self.to_uuid_v6().to_string());
        // Before 1970 there is no UUIDv7 (its milliseconds are unsigned).
        info.uuid_v7 = self.to_uuid_v7().ok().map(|uuid| uuid.to_string());
    }

    fn write(&self, form: Form) -> Option<String> {
        match form {
            Form::Dashed => Some(self.to_dashed().to_string()),
            // Before 1970 there is no UUIDv7.
            _ => uuid_form(form, self.to_uuid_v7().ok()?),
        }
    }

    fn read(form: Form, text: &str) -> Result<Self, Failure> {
        match uuid_of_form(form, text)? {
            Some(uuid) => Ok(TimeId::from_uuid_v7(uuid)?),
            None => Ok(text.parse()?),
        }
    }

    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        let mut generator = TimeIdGenerator::new();
        if let Some(node) = origin.node {
            generator = generator.with_node(NodeId::new(node)?);
        }
        Ok(Box::new(move || generator.try_next()))
    }
}

impl Spec for Uid11 {
    const ABOUT: &'static str =
        "uid11: 11 chars Base58, any 64-bit value (the codec the profiles below share)";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    const RANGES: Result<Ranges<Self>, &'static str> =
        Ok(Ranges::by_prefix(Uid11::range_for_prefix));

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        Err(Failure::msg(
            "a plain uid11 has no generator: choose a profile (uid11-xid, snowish, ts-seq-rand or fullrand)",
        ))
    }
}

// The uid11 profiles read the same texts (all but snowish, whose top bit is reserved, read
// every uid11). Among readings of the same time, a small sequence number is the hint: a
// snowish id's low 12 bits, or a ts-seq-rand id's bits 10..22, are rarely below 16 in an xid's
// random part (about 0.4%), but usually are in the ids of those generators.

/// Below this, a sequence number suggests a generator that counts.
const SMALL_SEQUENCE: u16 = 16;

impl Spec for Uid11Xid {
    const ABOUT: &'static str = "uid11 profile xid (not rs/xid's): 42-bit ms since 2011-11-11T11:11:11.111Z + 22 random bits";
    const TEXT_OF: Option<&'static str> = Some(<Uid11 as IdFormat>::SLUG);
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        Uid11Xid::range_for_prefix,
        Uid11Xid::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::millis;

    fn parts(&self, info: &mut IdInfo) {
        info.random = Some(self.random());
    }

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        let generator = Uid11XidGenerator::new();
        Ok(Box::new(move || generator.try_next()))
    }
}

impl Spec for Snowish {
    const ABOUT: &'static str =
        "uid11 profile snowish: 41-bit ms, 10-bit machine id, 12-bit sequence";
    const TEXT_OF: Option<&'static str> = Some(<Uid11 as IdFormat>::SLUG);
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        Snowish::range_for_prefix,
        Snowish::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::millis;
    const OPTIONS: &'static [&'static str] = &["--machine"];

    fn hinted(&self) -> bool {
        self.sequence() < SMALL_SEQUENCE
    }

    fn parts(&self, info: &mut IdInfo) {
        info.machine_id = Some(self.machine_id());
        info.sequence = Some(self.sequence());
    }

    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        let generator =
            SnowishGenerator::new(origin.machine(<Self as IdFormat>::SLUG, "0..=1023")?)?;
        Ok(Box::new(move || generator.try_next()))
    }
}

impl Spec for TsSeqRand {
    const ABOUT: &'static str =
        "uid11 profile ts-seq-rand: 42-bit ms, 12-bit sequence, 10 random bits";
    const TEXT_OF: Option<&'static str> = Some(<Uid11 as IdFormat>::SLUG);
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        TsSeqRand::range_for_prefix,
        TsSeqRand::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::millis;

    fn hinted(&self) -> bool {
        self.sequence() < SMALL_SEQUENCE
    }

    fn parts(&self, info: &mut IdInfo) {
        info.sequence = Some(self.sequence());
        info.random = Some(u32::from(self.random()));
    }

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        let generator = TsSeqRandGenerator::new();
        Ok(Box::new(move || generator.try_next()))
    }
}

impl Spec for FullRand {
    const ABOUT: &'static str = "uid11 profile fullrand: 64 random bits";
    const TEXT_OF: Option<&'static str> = Some(<Uid11 as IdFormat>::SLUG);
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    const RANGES: Result<Ranges<Self>, &'static str> =
        Ok(Ranges::by_prefix(FullRand::range_for_prefix));

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        Ok(Box::new(|| Ok(FullRand::random())))
    }
}

impl Spec for Snowflake {
    const ABOUT: &'static str = "Snowflake (Twitter, Discord): decimal, 41-bit ms since the \
                                 service's epoch (--epoch), 10-bit worker id, 12-bit sequence";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_time(|span| {
        // `range` asks `time_context` first: the epoch is set.
        Snowflake::ranges_for_time(epoch().unwrap_or(SnowflakeEpoch::TWITTER), span)
    }));
    /// Only with `--epoch`: the id does not say which service's it is.
    const TIME: fn(&Self) -> Option<Time> = |id| {
        let millis = id.timestamp_millis(epoch()?);
        DateTime::from_timestamp_millis(i64::try_from(millis).ok()?).map(Time::Millis)
    };
    const OPTIONS: &'static [&'static str] = &["--machine"];

    fn parts(&self, info: &mut IdInfo) {
        info.millis_since_epoch = Some(self.millis_since_epoch());
        info.worker_id = Some(self.worker_id());
        info.sequence = Some(self.sequence());
    }

    fn time_context() -> Result<(), Failure> {
        epoch().map(drop).ok_or_else(no_epoch)
    }

    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        let epoch = epoch().ok_or_else(no_epoch)?;
        let worker = origin.machine(<Self as IdFormat>::SLUG, "its worker id, 0..=1023")?;
        let generator = SnowflakeGenerator::new(epoch, worker)?;
        Ok(Box::new(move || generator.try_next()))
    }
}

/// The Snowflake epoch of `--epoch`, set once by `main`.
static EPOCH: OnceLock<SnowflakeEpoch> = OnceLock::new();

/// Sets the Snowflake epoch (`--epoch`).
pub fn set_epoch(epoch: SnowflakeEpoch) {
    // Set once, before any command runs.
    let _ = EPOCH.set(epoch);
}

/// The Snowflake epoch, when `--epoch` gave one.
fn epoch() -> Option<SnowflakeEpoch> {
    EPOCH.get().copied()
}

/// Why a Snowflake's times cannot be read or made.
fn no_epoch() -> Failure {
    Failure::Usage(
        "snowflake ids count their time from their service's epoch: give --epoch twitter, \
         discord or <unix milliseconds>"
            .to_owned(),
    )
}

/// Reads `--epoch`: `twitter`, `discord` or Unix milliseconds.
pub fn parse_epoch(text: &str) -> Result<SnowflakeEpoch, String> {
    match text.to_ascii_lowercase().as_str() {
        "twitter" | "x" => Ok(SnowflakeEpoch::TWITTER),
        "discord" => Ok(SnowflakeEpoch::DISCORD),
        millis => {
            let millis: u64 = millis.parse().map_err(|_| {
                "expected twitter, discord or Unix milliseconds (0..=253402300799999)".to_owned()
            })?;
            SnowflakeEpoch::from_unix_millis(millis).map_err(|err| err.to_string())
        }
    }
}

impl Spec for Tbsl {
    const ABOUT: &'static str =
        "TBSL: 20 uppercase hex chars, µs * 100 + machine id, 20-bit suffix";
    // 80 bits: the integer is a u128 (the raw form is the bytes).
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::new(
        |id| id.to_u128().to_string(),
        |text| {
            let range = format!("0..={}", (1u128 << 80) - 1);
            Ok(Tbsl::try_from_u128(decimal(text, range)?)?)
        },
    ));
    const FORMS: &'static [Form] = &[
        Form::Base10,
        Form::Base16,
        Form::Base32,
        Form::Base36,
        Form::Base58,
        Form::Base62,
    ];
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        Tbsl::range_for_prefix,
        Tbsl::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::micros;
    const OPTIONS: &'static [&'static str] = &["--machine"];

    fn parts(&self, info: &mut IdInfo) {
        info.machine_id = Some(u16::from(self.machine_id()));
        info.suffix = Some(self.suffix());
        let bases = TRANSPORT.iter().map(|&(form, label, base)| Encoding {
            key: form.name(),
            label,
            text: self.to_base(base).to_string(),
        });
        info.transport = Some(Encodings(bases.collect()));
    }

    fn write(&self, form: Form) -> Option<String> {
        transport_base(form).map(|base| self.to_base(base).to_string())
    }

    fn read(form: Form, text: &str) -> Result<Self, Failure> {
        Ok(match transport_base(form) {
            Some(base) => Tbsl::from_base(base, text)?,
            None => Tbsl::parse(text)?,
        })
    }

    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        let machine = origin.machine(<Self as IdFormat>::SLUG, "0..=99")?;
        let machine = u8::try_from(machine).map_err(|_| {
            Failure::msg(format!(
                "TBSL machine id out of range: found {machine}, expected 0..=99"
            ))
        })?;
        // Boxed anyway: a TBSL generator holds its sequence table (over 1.5 KB).
        let generator = TbslGenerator::new(machine)?;
        Ok(Box::new(move || generator.try_next()))
    }
}

impl Spec for Ulid {
    const ABOUT: &'static str =
        "ULID: 26 chars Crockford base32 (48-bit ms + 80 random bits), the 128 bits of a UUID";
    // 128 bits: the raw form is the bytes.
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::BYTES);
    const FORMS: &'static [Form] = &[Form::Uuid, Form::Typeid];
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        Ulid::range_for_prefix,
        Ulid::ranges_for_time,
    ));
    // chrono holds every ULID's time (to the year 10889), where `datetime` is an `Option` for
    // the types that do not.
    const TIME: fn(&Self) -> Option<Time> = Time::millis;

    fn parts(&self, info: &mut IdInfo) {
        info.random_hex = Some(format!("{:020x}", self.random()));
        info.uuid = Some(self.to_uuid().to_string());
    }

    fn write(&self, form: Form) -> Option<String> {
        uuid_form(form, self.to_uuid())
    }

    fn read(form: Form, text: &str) -> Result<Self, Failure> {
        match uuid_of_form(form, text)? {
            Some(uuid) => Ok(Ulid::from_uuid(uuid)),
            None => Ok(Ulid::parse(text)?),
        }
    }

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        let generator = UlidGenerator::new();
        Ok(Box::new(move || generator.try_next()))
    }
}

impl Spec for RsXid {
    const ABOUT: &'static str = "rs/xid's XID (Go github.com/rs/xid, Rust xid crate): 20 chars \
         base32hex, 12 bytes (32-bit seconds, machine, pid, counter)";
    // 96 bits: the raw form is the bytes.
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::BYTES);
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        RsXid::range_for_prefix,
        RsXid::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::seconds;

    fn parts(&self, info: &mut IdInfo) {
        info.machine_id_hex = Some(crate::describe::hex(&self.machine_id()));
        info.process_id = Some(self.process_id());
        info.counter = Some(self.counter());
    }

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        let generator = RsXidGenerator::new();
        Ok(Box::new(move || generator.try_next()))
    }
}

impl Spec for ObjectId {
    const ABOUT: &'static str = "MongoDB's ObjectId: 24 hex chars (read in either case), 12 bytes \
         (32-bit seconds, random per process, counter)";
    // 96 bits: the raw form is the bytes.
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::BYTES);
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        ObjectId::range_for_prefix,
        ObjectId::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::seconds;

    fn parts(&self, info: &mut IdInfo) {
        info.random_hex = Some(crate::describe::hex(&self.process_unique()));
        info.counter = Some(self.counter());
    }

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        let generator = ObjectIdGenerator::new();
        Ok(Box::new(move || generator.try_next()))
    }
}

/// `uuid` in `form`, if it is one of the UUID forms (`uuid`, `typeid`).
fn uuid_form(form: Form, uuid: Uuid) -> Option<String> {
    match form {
        Form::Uuid => Some(uuid.to_string()),
        Form::Typeid => Some(IdFormat::encode(&uuid).to_string()),
        _ => None,
    }
}

/// The UUID `text` holds in `form`, if `form` is a UUID form: the hyphenated UUID, or any
/// TypeID (its prefix dropped).
fn uuid_of_form(form: Form, text: &str) -> Result<Option<Uuid>, Failure> {
    match form {
        Form::Uuid => Ok(Some(parse_hyphenated(text)?)),
        Form::Typeid => Ok(Some(DynTypeId::parse(text)?.uuid())),
        _ => Ok(None),
    }
}

impl Spec for Uuid {
    const ABOUT: &'static str =
        "UUID (RFC 9562): hyphenated hex, or a TypeID (prefix_ and 26 lowercase base32 chars)";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::BYTES);
    const FORMS: &'static [Form] = &[Form::Typeid];
    const OPTIONS: &'static [&'static str] = &["--v4"];
    // By a prefix of the TypeID suffix, and by time for version 7 (its first 48 bits).
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        idtypes::uuids::range_for_prefix,
        idtypes::uuids::ranges_for_time,
    ));
    // Version 7's time.
    const TIME: fn(&Self) -> Option<Time> = |id| idtypes::uuids::datetime(*id).map(Time::Millis);

    fn show(&self) -> String {
        self.to_string()
    }

    /// The hyphenated text, or a TypeID with any prefix (the prefix is left out: `inspect`
    /// shows it as a typed id's).
    fn read_text(text: &str) -> Result<Self, idtypes::Error> {
        if text.len() == uuid::fmt::Hyphenated::LENGTH {
            parse_hyphenated(text)
        } else {
            DynTypeId::parse(text).map(|id| id.uuid())
        }
    }

    fn parts(&self, info: &mut IdInfo) {
        info.version = Some(self.get_version_num() as u8);
        info.typeid = Some(IdFormat::encode(self).to_string());
    }

    fn write(&self, form: Form) -> Option<String> {
        uuid_form(form, *self)
    }

    fn read(form: Form, text: &str) -> Result<Self, Failure> {
        match uuid_of_form(form, text)? {
            Some(uuid) => Ok(uuid),
            None => Ok(Self::read_text(text)?),
        }
    }

    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        if origin.v4 {
            return Ok(Box::new(|| Ok(idtypes::uuids::new_v4())));
        }
        let generator = UuidV7Generator::new();
        Ok(Box::new(move || generator.try_next()))
    }
}

/// TBSL's transport bases: the form, its label in `inspect`, the base.
const TRANSPORT: [(Form, &str, TransportBase); 6] = [
    (Form::Base10, "base 10", TransportBase::Base10),
    (Form::Base16, "base 16", TransportBase::Base16),
    (Form::Base32, "base 32", TransportBase::Base32),
    (Form::Base36, "base 36", TransportBase::Base36),
    (Form::Base58, "base 58", TransportBase::Base58),
    (Form::Base62, "base 62", TransportBase::Base62),
];

/// The TBSL transport base `form` is, if it is one.
fn transport_base(form: Form) -> Option<TransportBase> {
    TRANSPORT
        .iter()
        .find(|(base_form, _, _)| *base_form == form)
        .map(|&(_, _, base)| base)
}

impl Spec for RecordKey {
    const ALIASES: &'static [&'static str] = &["rkey"];
    const ABOUT: &'static str = "atproto record key: 1 to 512 chars of `A-Za-z0-9.-_~:`";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Err("record keys have only a text form");
    const RANGES: Result<Ranges<Self>, &'static str> =
        Err("record keys have no ranges: their order is not the order of any time or number");
    const OPTIONS: &'static [&'static str] = &["--clock-id"];

    fn parts(&self, info: &mut IdInfo) {
        info.length = Some(self.as_str().len());
        let types = [
            ("tid", RecordKeyType::Tid),
            ("nsid", RecordKeyType::Nsid),
            ("any", RecordKeyType::Any),
        ];
        let types = types
            .into_iter()
            .filter(|(_, key_type)| key_type.matches(self));
        info.key_types = Some(types.map(|(name, _)| name).collect());
    }

    /// New record keys are TIDs.
    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        let tids = origin.tids()?;
        Ok(Box::new(move || tids.try_next().map(RecordKey::from)))
    }
}

/// The default NanoID: 21 chars of the URL-safe alphabet. (Other alphabets and lengths are
/// types of the library, `NanoId<A, LEN>`, not options here.)
impl Spec for NanoId {
    const ABOUT: &'static str = "NanoID: 21 random chars of `A-Za-z0-9_-` (nanoid's default)";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Err("NanoIDs have only a text form");
    const RANGES: Result<Ranges<Self>, &'static str> =
        Err("NanoIDs have no ranges: they are random, in no order of time or number");

    fn parts(&self, info: &mut IdInfo) {
        info.length = Some(self.as_str().len());
    }

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        Ok(Box::new(|| Ok(NanoId::new())))
    }
}

impl Spec for Cuid2 {
    const ABOUT: &'static str =
        "CUID2 (@paralleldrive/cuid2): 2 to 32 chars, a letter then base 36 of a SHA3-512 hash";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Err("CUID2s have only a text form");
    const RANGES: Result<Ranges<Self>, &'static str> =
        Err("CUID2s have no ranges: they are hashes, in no order of time or number");
    const OPTIONS: &'static [&'static str] = &["--length"];

    /// 24 characters is `createId`'s length: more likely a CUID2 than a record key (whose
    /// reading of the same text stays).
    fn hinted(&self) -> bool {
        self.len() == Cuid2::DEFAULT_LEN
    }

    fn parts(&self, info: &mut IdInfo) {
        info.length = Some(self.len());
    }

    /// New CUID2s of `--length` characters (24 by default), as the reference makes them.
    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        let length = origin.length.unwrap_or(Cuid2::DEFAULT_LEN);
        let generator = Cuid2Generator::new().with_length(length)?;
        Ok(Box::new(move || Ok(generator.next())))
    }
}

/// A form an id can be written in (`convert --from`, `--to`), in the order `convert` prints
/// them. Every format has a text; every format but the record key an integer and bytes; the
/// others are some formats' own ([`Spec::FORMS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Form {
    /// The canonical text (every format; a TimeId is read plain or dashed).
    Text,
    /// TimeId's dashed display form (`3kxn-lhr-3gxq-23`).
    Dashed,
    /// The integer, in decimal (u64; TimeId: i64; TBSL: 80 bits).
    #[value(alias = "int")]
    Integer,
    /// The big-endian bytes in hex (8 bytes, TBSL 10); reads either case and a `0x` or `\x`
    /// prefix, writes lowercase.
    #[value(alias = "bytes")]
    Hex,
    /// The UUID of the id, hyphenated: a ULID's own 128 bits, a TID's or a TimeId's UUIDv7
    /// mapping (`idtypes::tid`, `idtypes::time_id`).
    Uuid,
    /// The TypeID of the id's UUID, without a prefix (26 lowercase Crockford base32
    /// characters); any prefix is read and dropped.
    #[value(alias = "type-id")]
    Typeid,
    /// TBSL transport base 10.
    Base10,
    /// TBSL transport base 16 (lowercase, minimal length; `hex` is the fixed-length bytes).
    Base16,
    /// TBSL transport base 32 (`0-9a-v`).
    Base32,
    /// TBSL transport base 36 (`0-9a-z`).
    Base36,
    /// TBSL transport base 58 (Bitcoin alphabet).
    Base58,
    /// TBSL transport base 62 (`0-9A-Za-z`).
    Base62,
}

impl Form {
    /// The command-line (and JSON) name.
    pub fn name(self) -> &'static str {
        match self {
            Form::Text => "text",
            Form::Dashed => "dashed",
            Form::Integer => "integer",
            Form::Hex => "hex",
            Form::Uuid => "uuid",
            Form::Typeid => "typeid",
            Form::Base10 => "base10",
            Form::Base16 => "base16",
            Form::Base32 => "base32",
            Form::Base36 => "base36",
            Form::Base58 => "base58",
            Form::Base62 => "base62",
        }
    }

    /// Why `format`, which has no such form, cannot be converted to or from this one of some
    /// other formats' own forms.
    pub fn lacking(self, format: &dyn Format) -> String {
        let owners: Vec<&str> = FORMATS
            .iter()
            .filter(|owner| owner.forms().contains(&self))
            .map(|owner| owner.name())
            .collect();
        let owners = owners.join(", ");
        match self {
            Form::Dashed => format!("{format} has no dashed form ({owners} has)"),
            Form::Uuid => format!("{format} has no UUID form ({owners} have)"),
            Form::Typeid => format!("{format} has no TypeID form ({owners} have)"),
            _ => {
                format!("{format} has no transport bases ({owners} has): use text, integer or hex")
            }
        }
    }
}

/// The options of `new` that say who makes the ids: each format takes the ones in its
/// [`Spec::OPTIONS`].
#[derive(Debug, Clone, Copy, Default, Args)]
pub struct Origin {
    /// The TID clock id, 0..=1023 (tid, record-key).
    #[arg(long, value_name = "ID")]
    pub clock_id: Option<u16>,
    /// The TimeId node id, 0..=1023 (time-id).
    #[arg(long, value_name = "ID")]
    pub node: Option<u16>,
    /// The machine id: 0..=1023 for snowish, the worker id 0..=1023 for snowflake, 0..=99 for
    /// tbsl (required by each).
    #[arg(long, value_name = "ID")]
    pub machine: Option<u16>,
    /// Random (version 4) UUIDs instead of time-ordered version 7 ones (uuid).
    #[arg(long)]
    pub v4: bool,
    /// The ids' length: 2..=32 for cuid2 (24 by default).
    #[arg(long, value_name = "N")]
    pub length: Option<usize>,
}

impl Origin {
    /// A usage mistake unless every option given is one `format` takes.
    pub fn check(&self, format: &dyn Format) -> Result<(), Failure> {
        let allowed = format.options();
        let given = [
            ("--clock-id", self.clock_id.is_some()),
            ("--node", self.node.is_some()),
            ("--machine", self.machine.is_some()),
            ("--v4", self.v4),
            ("--length", self.length.is_some()),
        ];
        for (option, is_given) in given {
            if is_given && !allowed.contains(&option) {
                let takes = if allowed.is_empty() {
                    format!("{format} ids have no clock, node or machine id")
                } else {
                    format!("{format} takes {}", allowed.join(" or "))
                };
                return Err(Failure::Usage(format!(
                    "{option} does not apply to {format}: {takes}"
                )));
            }
        }
        Ok(())
    }

    /// `--machine`, which the ids of `format` (machine ids `range`) require.
    fn machine(&self, format: &str, range: &str) -> Result<u16, Failure> {
        self.machine.ok_or_else(|| {
            Failure::Usage(format!(
                "{format} ids name the machine that made them: give --machine <ID> ({range})"
            ))
        })
    }

    /// A TID generator with `--clock-id`, or a random clock id.
    fn tids(&self) -> Result<TidGenerator, Failure> {
        let generator = TidGenerator::new();
        Ok(match self.clock_id {
            Some(clock_id) => generator.with_clock_id(clock_id)?,
            None => generator,
        })
    }
}

impl Spec for Ksuid {
    const ABOUT: &'static str =
        "KSUID (segmentio): 27 chars base62 (32-bit seconds since 2014-05-13 + 128-bit payload)";
    // 160 bits: wider than any Rust integer; the raw form is the bytes.
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::BYTES);
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_prefix_and_time(
        Ksuid::range_for_prefix,
        Ksuid::ranges_for_time,
    ));
    const TIME: fn(&Self) -> Option<Time> = Time::seconds;

    fn parts(&self, info: &mut IdInfo) {
        info.random_hex = Some(format!("{:032x}", self.payload()));
    }

    fn generator(_: &Origin) -> Result<Generator<Self>, Failure> {
        // Monotonic: the ids of one `new --count` rise, as the other formats' do.
        let generator = KsuidGenerator::monotonic();
        Ok(Box::new(move || generator.try_next()))
    }
}

/// The CLI reads and makes Sonyflakes of sony/sonyflake v1's layout, the one its ids have
/// unless a service set others (v2's settings).
const SONYFLAKE_LAYOUT: idtypes::sonyflake::SonyflakeLayout =
    idtypes::sonyflake::SonyflakeLayout::V1;

impl Spec for idtypes::Sonyflake {
    const ABOUT: &'static str = "Sonyflake (sony/sonyflake, v1 layout): decimal, 39-bit time in \
                                 10 ms units since 2014-09-01, 8-bit sequence, 16-bit machine id";
    const NUMBERS: Result<Numbers<Self>, &'static str> = Ok(Numbers::RAW);
    const RANGES: Result<Ranges<Self>, &'static str> = Ok(Ranges::by_time(|span| {
        idtypes::Sonyflake::ranges_for_time(SONYFLAKE_LAYOUT, span)
    }));
    const OPTIONS: &'static [&'static str] = &["--machine"];
    // No TIME: every decimal number is a v1 Sonyflake of 2014..2188, a time too plausible to
    // count as evidence against the Snowflake reading (whose time needs --epoch). Its Unix
    // milliseconds are among its parts instead.

    fn parts(&self, info: &mut IdInfo) {
        info.timestamp_millis = i64::try_from(self.timestamp_millis(SONYFLAKE_LAYOUT)).ok();
        let parts = self.decompose(SONYFLAKE_LAYOUT);
        // v1's sequence has 8 bits and its machine id 16.
        info.sequence = u16::try_from(parts.sequence).ok();
        info.machine_id = u16::try_from(parts.machine_id).ok();
    }

    fn generator(origin: &Origin) -> Result<Generator<Self>, Failure> {
        let machine = origin.machine(<Self as IdFormat>::SLUG, "0..=65535")?;
        let generator = idtypes::sonyflake::SonyflakeGenerator::new(SONYFLAKE_LAYOUT, machine)?;
        Ok(Box::new(move || generator.try_next()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a new block could get wrong without any command noticing at once.
    #[test]
    fn the_table_is_consistent() {
        let mut names: Vec<&str> = FORMATS
            .iter()
            .flat_map(|format| {
                std::iter::once(format.name()).chain(format.aliases().iter().copied())
            })
            .collect();
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a name or alias used twice");

        // Each format has one place in the guess order, and at most one hinted place.
        for hinted in [false, true] {
            let mut places: Vec<&str> = GUESS_ORDER
                .iter()
                .filter(|place| place.is_hinted() == hinted)
                .map(|place| place.format().name())
                .collect();
            let count = places.len();
            places.sort_unstable();
            places.dedup();
            assert_eq!(
                places.len(),
                count,
                "a format with two places in GUESS_ORDER"
            );
            if !hinted {
                assert_eq!(
                    count,
                    FORMATS.len(),
                    "a format with no place in GUESS_ORDER"
                );
            }
        }

        for format in FORMATS {
            let place = GUESS_ORDER
                .iter()
                .find(|place| place.format().name() == format.name());
            assert!(place.is_some(), "{format} has no place in GUESS_ORDER");
            if let Some(base) = format.text_of() {
                assert!(names.contains(&base), "{format}: TEXT_OF names no format");
            }
            for option in format.options() {
                assert!(
                    ["--clock-id", "--node", "--machine", "--v4", "--length"].contains(option),
                    "{format}: {option} is not an option of `new`"
                );
            }
            for form in format.forms() {
                assert!(
                    ![Form::Text, Form::Integer, Form::Hex].contains(form),
                    "{format}: {form:?} is every format's"
                );
            }
        }
        // Every form is some format's.
        for form in Form::value_variants() {
            let generic = [Form::Text, Form::Integer, Form::Hex].contains(form);
            let owned = FORMATS.iter().any(|format| format.forms().contains(form));
            assert!(generic || owned, "{form:?} is no format's");
        }
    }
}
