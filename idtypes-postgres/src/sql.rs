//! The SQL of each type, written once for every format: the type, its input and output,
//! its operators and operator classes (the storage type's own C functions, so the order is
//! the crate's `Ord` and an index of a native column is an index of today's column), its
//! casts, and its time, parts, ranges and generator functions where it has them.
//!
//! pgrx writes the extension's script from the Rust code (`cargo pgrx schema`): each format's
//! block is the SQL of one marker function (`#[pg_extern(sql = ...)]`), built here from the
//! row's facts.

use core::fmt::Write;

/// What one format's block says.
pub(crate) struct Block {
    /// The SQL type's name (`atproto_tid`).
    pub name: &'static str,
    /// The format's name, for comments (`atproto TID`).
    pub format: &'static str,
    /// The storage type it is like: `int8`, `uuid` or `bytea`.
    pub like: &'static str,
    /// Whether its ids carry a timestamp (`_time`, `_first_at`, `_last_before`).
    pub timed: bool,
    /// Its parts: the function's suffix and SQL type.
    pub parts: &'static [(&'static str, &'static str)],
    /// Its generator's parameters after none (a process's own generator), or after the
    /// lease namespace (`Some`): `""`, or `", epoch timestamptz"`.
    pub generator: Generator,
}

/// How a format's ids are made in SQL.
pub(crate) enum Generator {
    /// None: a format with nothing to make ids from (uid11 is the profiles' container).
    None,
    /// By the backend's own generator (random parts): `{name}_generate()`.
    Own,
    /// Under a lease of the application's table: `{name}_generate(namespace text, ...)`,
    /// with these parameters after the namespace.
    Leased(&'static str),
}

/// The storage type's C functions that the native type's operators reuse.
struct Builtins {
    eq: &'static str,
    ne: &'static str,
    lt: &'static str,
    le: &'static str,
    gt: &'static str,
    ge: &'static str,
    cmp: &'static str,
    sortsupport: &'static str,
    hash: &'static str,
    hash_extended: &'static str,
}

fn builtins(like: &str) -> Builtins {
    match like {
        "int8" => Builtins {
            eq: "int8eq",
            ne: "int8ne",
            lt: "int8lt",
            le: "int8le",
            gt: "int8gt",
            ge: "int8ge",
            cmp: "btint8cmp",
            sortsupport: "btint8sortsupport",
            hash: "hashint8",
            hash_extended: "hashint8extended",
        },
        "uuid" => Builtins {
            eq: "uuid_eq",
            ne: "uuid_ne",
            lt: "uuid_lt",
            le: "uuid_le",
            gt: "uuid_gt",
            ge: "uuid_ge",
            cmp: "uuid_cmp",
            sortsupport: "uuid_sortsupport",
            hash: "uuid_hash",
            hash_extended: "uuid_hash_extended",
        },
        _ => Builtins {
            eq: "byteaeq",
            ne: "byteane",
            lt: "bytealt",
            le: "byteale",
            gt: "byteagt",
            ge: "byteage",
            cmp: "byteacmp",
            sortsupport: "bytea_sortsupport",
            hash: "hashvarlena",
            hash_extended: "hashvarlenaextended",
        },
    }
}

/// The C function `{function}` of this library (pgrx's wrapper of the Rust function).
pub(crate) fn c(function: &str) -> String {
    format!("LANGUAGE C AS '@MODULE_PATHNAME@', '{function}_wrapper'")
}

/// The type, its I/O functions, and what makes it a type PostgreSQL compares, sorts, hashes
/// and indexes as the crate orders the ids: written for a type of a given storage, shared by
/// the formats and by `typeid`.
pub(crate) fn type_and_operators(name: &str, like: &str, comment: &str, out: &mut String) {
    let b = builtins(like);
    let pure = "IMMUTABLE STRICT PARALLEL SAFE";
    let _ = write!(
        out,
        "\
CREATE TYPE {name};
CREATE FUNCTION {name}_in(cstring) RETURNS {name} {pure} {in_};
CREATE FUNCTION {name}_out({name}) RETURNS cstring {pure} {out_};
CREATE FUNCTION {name}_recv(internal) RETURNS {name} {pure} {recv};
CREATE FUNCTION {name}_send({name}) RETURNS bytea {pure} {send};
CREATE TYPE {name} (INPUT = {name}_in, OUTPUT = {name}_out, RECEIVE = {name}_recv, SEND = {name}_send, LIKE = {like}, CATEGORY = 'U');
COMMENT ON TYPE {name} IS '{comment}';
CREATE FUNCTION {name}_eq({name}, {name}) RETURNS boolean {pure} LEAKPROOF LANGUAGE internal AS '{eq}';
CREATE FUNCTION {name}_ne({name}, {name}) RETURNS boolean {pure} LEAKPROOF LANGUAGE internal AS '{ne}';
CREATE FUNCTION {name}_lt({name}, {name}) RETURNS boolean {pure} LEAKPROOF LANGUAGE internal AS '{lt}';
CREATE FUNCTION {name}_le({name}, {name}) RETURNS boolean {pure} LEAKPROOF LANGUAGE internal AS '{le}';
CREATE FUNCTION {name}_gt({name}, {name}) RETURNS boolean {pure} LEAKPROOF LANGUAGE internal AS '{gt}';
CREATE FUNCTION {name}_ge({name}, {name}) RETURNS boolean {pure} LEAKPROOF LANGUAGE internal AS '{ge}';
CREATE FUNCTION {name}_cmp({name}, {name}) RETURNS integer {pure} LEAKPROOF LANGUAGE internal AS '{cmp}';
CREATE FUNCTION {name}_sortsupport(internal) RETURNS void {pure} LANGUAGE internal AS '{sortsupport}';
CREATE FUNCTION {name}_hash({name}) RETURNS integer {pure} LEAKPROOF LANGUAGE internal AS '{hash}';
CREATE FUNCTION {name}_hash_extended({name}, bigint) RETURNS bigint {pure} LEAKPROOF LANGUAGE internal AS '{hash_extended}';
CREATE OPERATOR = (LEFTARG = {name}, RIGHTARG = {name}, FUNCTION = {name}_eq, COMMUTATOR = =, NEGATOR = <>, RESTRICT = eqsel, JOIN = eqjoinsel, HASHES, MERGES);
CREATE OPERATOR <> (LEFTARG = {name}, RIGHTARG = {name}, FUNCTION = {name}_ne, COMMUTATOR = <>, NEGATOR = =, RESTRICT = neqsel, JOIN = neqjoinsel);
CREATE OPERATOR < (LEFTARG = {name}, RIGHTARG = {name}, FUNCTION = {name}_lt, COMMUTATOR = >, NEGATOR = >=, RESTRICT = scalarltsel, JOIN = scalarltjoinsel);
CREATE OPERATOR <= (LEFTARG = {name}, RIGHTARG = {name}, FUNCTION = {name}_le, COMMUTATOR = >=, NEGATOR = >, RESTRICT = scalarlesel, JOIN = scalarlejoinsel);
CREATE OPERATOR > (LEFTARG = {name}, RIGHTARG = {name}, FUNCTION = {name}_gt, COMMUTATOR = <, NEGATOR = <=, RESTRICT = scalargtsel, JOIN = scalargtjoinsel);
CREATE OPERATOR >= (LEFTARG = {name}, RIGHTARG = {name}, FUNCTION = {name}_ge, COMMUTATOR = <=, NEGATOR = <, RESTRICT = scalargesel, JOIN = scalargejoinsel);
CREATE OPERATOR CLASS {name}_ops DEFAULT FOR TYPE {name} USING btree AS
  OPERATOR 1 <, OPERATOR 2 <=, OPERATOR 3 =, OPERATOR 4 >=, OPERATOR 5 >,
  FUNCTION 1 {name}_cmp({name}, {name}), FUNCTION 2 {name}_sortsupport(internal);
CREATE OPERATOR CLASS {name}_hash_ops DEFAULT FOR TYPE {name} USING hash AS
  OPERATOR 1 =, FUNCTION 1 {name}_hash({name}), FUNCTION 2 {name}_hash_extended({name}, bigint);
",
        in_ = c(&format!("{name}_in")),
        out_ = c(&format!("{name}_out")),
        recv = c(&format!("{name}_recv")),
        send = c(&format!("{name}_send")),
        eq = b.eq,
        ne = b.ne,
        lt = b.lt,
        le = b.le,
        gt = b.gt,
        ge = b.ge,
        cmp = b.cmp,
        sortsupport = b.sortsupport,
        hash = b.hash,
        hash_extended = b.hash_extended,
    );
}

impl Block {
    /// The block's SQL.
    pub(crate) fn sql(&self) -> String {
        let Block {
            name,
            format,
            like,
            timed,
            parts,
            ref generator,
        } = *self;
        let pure = "IMMUTABLE STRICT PARALLEL SAFE";
        let mut out = String::with_capacity(8192);
        let _ = writeln!(out, "-- {format}: the type {name}, stored as {like}");
        type_and_operators(
            name,
            like,
            &format!(
                "{format} ids: the text of the idtypes crate, stored as a {like} holds them, ordered as the crate orders them"
            ),
            &mut out,
        );
        // The casts to and from the column the crate uses today: the same bytes, so no
        // function and no rewrite. From the storage type implicitly (a bound `bigint`, `uuid`
        // or `bytea` compares with a native column), to it by assignment.
        let _ = writeln!(
            out,
            "CREATE CAST ({like} AS {name}) WITHOUT FUNCTION AS IMPLICIT;\n\
             CREATE CAST ({name} AS {like}) WITHOUT FUNCTION AS ASSIGNMENT;"
        );
        if timed {
            let _ = writeln!(
                out,
                "CREATE FUNCTION {name}_time({name}) RETURNS timestamptz {pure} {time};\n\
                 COMMENT ON FUNCTION {name}_time({name}) IS 'The time of the id''s timestamp.';\n\
                 CREATE FUNCTION {name}_first_at(timestamptz) RETURNS {name} {pure} {first};\n\
                 COMMENT ON FUNCTION {name}_first_at(timestamptz) IS 'The first id at or after a time: WHERE id BETWEEN {name}_first_at(a) AND {name}_last_before(b) is the span a <= time < b, an index range scan.';\n\
                 CREATE FUNCTION {name}_last_before(timestamptz) RETURNS {name} {pure} {last};\n\
                 COMMENT ON FUNCTION {name}_last_before(timestamptz) IS 'The last id before a time (see {name}_first_at).';",
                time = c(&format!("{name}_time")),
                first = c(&format!("{name}_first_at")),
                last = c(&format!("{name}_last_before")),
            );
        }
        for (part, sql_type) in parts {
            let _ = writeln!(
                out,
                "CREATE FUNCTION {name}_{part}({name}) RETURNS {sql_type} {pure} {f};",
                f = c(&format!("{name}_{part}")),
            );
        }
        match generator {
            Generator::None => {}
            Generator::Own => {
                let _ = writeln!(
                    out,
                    "CREATE FUNCTION {name}_generate() RETURNS {name} VOLATILE PARALLEL RESTRICTED {f};\n\
                     COMMENT ON FUNCTION {name}_generate() IS 'A new id from this backend''s generator: usable as a column''s DEFAULT.';",
                    f = c(&format!("{name}_generate")),
                );
            }
            Generator::Leased(parameters) => {
                let _ = writeln!(
                    out,
                    "CREATE FUNCTION {name}_generate(namespace text{parameters}) RETURNS {name} VOLATILE STRICT PARALLEL UNSAFE {f};\n\
                     COMMENT ON FUNCTION {name}_generate(text{types}) IS 'A new id from this backend''s generator, on a value leased from the namespace of the application''s lease table (idtypes.lease_table): usable as a column''s DEFAULT.';",
                    f = c(&format!("{name}_generate")),
                    types = parameter_types(parameters),
                );
            }
        }
        out
    }
}

/// `", epoch timestamptz"` → `", timestamptz"`: a parameter list's types, for `COMMENT ON`.
fn parameter_types(parameters: &str) -> String {
    parameters
        .split(',')
        .filter(|parameter| !parameter.trim().is_empty())
        .map(|parameter| {
            let words: Vec<&str> = parameter.split_whitespace().collect();
            format!(", {}", words.get(1).copied().unwrap_or(""))
        })
        .collect()
}
