//! PostgreSQL's script: a template, `@extschema@` standing for the schema, which every
//! function it creates and every call between them names. Each function is `IMMUTABLE STRICT
//! PARALLEL SAFE`; those of one expression are `LANGUAGE sql`, so that PostgreSQL inlines them.

use alloc::{format, string::String};

use super::{FOLD_NOTE, Radix, Row, rows};
use crate::Column;

/// The script: the head, the helpers, every row's functions, the UUID's, the deprecated names.
pub(super) fn script() -> String {
    let mut out = String::from(
        "-- idtypes: every stored id to its text and back, in PostgreSQL (PL/pgSQL, 11 and later).\n\
         --\n\
         -- Generated from the table of formats (idtypes/src/formats/mod.rs) by\n\
         -- idtypes/src/integrations/db/sql/generate/: do not edit it, regenerate it with\n\
         -- `IDTYPES_BLESS=1 cargo test -p idtypes --lib sql::generate`.\n\
         --\n",
    );
    out.push_str(HEADER);
    out.push('\n');
    out.push_str(HELPERS);
    out.push('\n');
    out.push_str(DECIMAL);
    for row in rows() {
        out.push('\n');
        out.push_str(&super::functions::<Postgres>(&row));
    }
    out.push('\n');
    out.push_str(UUID);
    out.push_str(&wrappers("uuid", "uuid", "uuid"));
    out.push('\n');
    out.push_str(TYPEID);
    out.push('\n');
    out.push_str(DEPRECATED);
    out
}

/// This database's templates, for [`super::functions`].
pub(super) struct Postgres;

impl super::Dialect for Postgres {
    fn radix(row: &Row, facts: &Radix) -> String {
        radix(row, facts)
    }

    fn decimal(row: &Row) -> String {
        let (f, name) = (&row.function, row.name);
        let comment = super::decimal_comment(row);
        format!(
            "{comment}\
             CREATE OR REPLACE FUNCTION @extschema@.{f}_text(id bigint) RETURNS text\n\
             LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$\n  \
             SELECT @extschema@.idtypes_check_natural(id, '{name}')::text\n\
             $$;\n\
             CREATE OR REPLACE FUNCTION @extschema@.{f}_from_prefixed_text(t text, prefix text)\n\
             RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$\n  \
             SELECT @extschema@.idtypes_decimal_from_text(t, prefix, '{name}')\n\
             $$;\n"
        )
    }

    fn own(function: &str) -> Option<&'static str> {
        (function == "time_id").then_some(TIME_ID)
    }

    fn wrappers(row: &Row) -> String {
        let ty = column_type(row.column);
        wrappers(&row.function, ty, ty)
    }
}

/// A `radix` row's `_text` and `_from_prefixed_text`.
fn radix(row: &Row, facts: &Radix) -> String {
    let f = &row.function;
    let name = row.name;
    let ty = column_type(row.column);
    let (alphabet, width) = (&facts.alphabet, row.width);
    let value = match row.column {
        Column::Natural => format!("@extschema@.idtypes_check_natural(id, '{name}')"),
        Column::Flipped => String::from("id::numeric + 9223372036854775808"),
        Column::Bytes => format!(
            "@extschema@.idtypes_bytes_value(id, {}, '{name}')",
            row.bytes
        ),
        Column::Uuid => String::from("@extschema@.idtypes_uuid_value(id)"),
    };
    let value = match &facts.pad {
        Some(pad) => format!("{value} * {pad}"),
        None => value,
    };
    let text = match facts.hex {
        // The bytes in hex, by PostgreSQL's `encode`. PL/pgSQL: a SQL function whose body is
        // a `CASE` is not inlined (STRICT needs a strict body), and runs 2.7 times as long
        // (`benches-db/sql-functions.sh`).
        Some(upper) => format!(
            "CREATE OR REPLACE FUNCTION @extschema@.{f}_text(id {ty})\n\
             RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$\n\
             BEGIN\n  \
             IF length(id) <> {n} THEN\n    \
             RAISE EXCEPTION 'invalid {name}: expected {n} bytes, found %', length(id)\n      \
             USING ERRCODE = '22P02';\n  \
             END IF;\n  \
             RETURN {open}encode(id, 'hex'){close};\n\
             END $$;\n",
            n = row.bytes,
            open = if upper { "upper(" } else { "" },
            close = if upper { ")" } else { "" },
        ),
        None => format!(
            "CREATE OR REPLACE FUNCTION @extschema@.{f}_text(id {ty})\n\
             RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$\n  \
             SELECT @extschema@.idtypes_encode({value},\n    '{alphabet}', {width})\n\
             $$;\n"
        ),
    };

    // Reading: the number the text spells (`v`), its checks, and the column's value of it.
    let input = match &facts.fold {
        Some((lower, upper)) => format!(
            "left(t, length(prefix))\n         || translate(substr(t, length(prefix) + 1), \
             '{lower}',\n                      '{upper}')"
        ),
        None => String::from("t"),
    };
    let decode = format!(
        "@extschema@.idtypes_decode({input}, prefix,\n    '{alphabet}', {width}, '{name}')"
    );
    let note = if facts.fold.is_some() { FOLD_NOTE } else { "" };
    let mut checks = String::new();
    if let Some(limit) = &facts.limit {
        checks.push_str(&format!(
            "  IF v >= {limit} THEN\n    \
             RAISE EXCEPTION 'invalid {name}: % is above the largest {name}, {largest}',\n      \
             quote_literal(t) USING ERRCODE = '22P02';\n  \
             END IF;\n",
            largest = row.largest,
        ));
    }
    let mut v = String::from("v");
    if let Some(pad) = &facts.pad {
        checks.push_str(&format!(
            "  IF mod(v, {pad}) <> 0 THEN\n    \
             RAISE EXCEPTION 'invalid {name}: % ends in % (position %), expected {ends} there',\n      \
             quote_literal(t), quote_literal(right(t, 1)), length(t) USING ERRCODE = '22P02';\n  \
             END IF;\n",
            ends = facts.pad_ends,
        ));
        v = format!("div(v, {pad})");
    }
    let result = |v: &str| match row.column {
        Column::Natural | Column::Flipped => format!(
            "@extschema@.idtypes_to_bigint({v},\n    {flipped}, '{name}', t)",
            flipped = row.column == Column::Flipped,
        ),
        Column::Bytes => format!(
            "decode(@extschema@.idtypes_encode({v}, '0123456789abcdef', {}), 'hex')",
            2 * row.bytes
        ),
        Column::Uuid => format!("@extschema@.idtypes_value_uuid({v})"),
    };
    let read = if let (Some(upper), true) = (facts.hex, checks.is_empty()) {
        // Valid hex after the prefix: PostgreSQL's `decode`; anything else goes the general
        // way, which says what is wrong.
        let digits = match (upper, facts.fold.is_some()) {
            (_, true) => "0-9A-Fa-f",
            (true, false) => "0-9A-F",
            (false, false) => "0-9a-f",
        };
        format!(
            "CREATE OR REPLACE FUNCTION @extschema@.{f}_from_prefixed_text(t text, prefix text)\n\
             RETURNS {ty} LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$\n  \
             SELECT CASE WHEN left(t, length(prefix)) = prefix\n                   \
             AND substr(t, length(prefix) + 1) ~ '^[{digits}]{{{width}}}$'\n              \
             THEN decode(substr(t, length(prefix) + 1), 'hex')\n              \
             ELSE {} END\n\
             $$;\n",
            result(&decode)
        )
    } else if checks.is_empty() {
        format!(
            "CREATE OR REPLACE FUNCTION @extschema@.{f}_from_prefixed_text(t text, prefix text)\n\
             RETURNS {ty} LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$\n  \
             SELECT {}\n\
             $$;\n",
            result(&decode)
        )
    } else {
        format!(
            "CREATE OR REPLACE FUNCTION @extschema@.{f}_from_prefixed_text(t text, prefix text)\n\
             RETURNS {ty} LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$\n\
             DECLARE\n  \
             v numeric;\n\
             BEGIN\n\
             {note}  v := {decode};\n\
             {checks}  RETURN {};\n\
             END $$;\n",
            result(&v),
        )
    };
    format!(
        "{}{text}\n{read}",
        facts.comment(
            row,
            &match row.column {
                Column::Uuid => String::from("the column is a UUID (its 16 bytes)"),
                _ => format!("the column holds its {} bytes (BYTEA)", row.bytes),
            }
        )
    )
}

/// `_from_text(t)`, which is `_from_prefixed_text(t, '')`, and `_prefixed_text(id, prefix)`.
fn wrappers(f: &str, id: &str, value: &str) -> String {
    format!(
        "CREATE OR REPLACE FUNCTION @extschema@.{f}_from_text(t text) RETURNS {value}\n\
         LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.{f}_from_prefixed_text(t, '') $$;\n\
         CREATE OR REPLACE FUNCTION @extschema@.{f}_prefixed_text(id {id}, prefix text) RETURNS text\n\
         LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.{f}_text(id) $$;\n"
    )
}

/// The PostgreSQL type of a column.
fn column_type(column: Column) -> &'static str {
    match column {
        Column::Natural | Column::Flipped => "bigint",
        Column::Bytes => "bytea",
        Column::Uuid => "uuid",
    }
}

/// The script's head, after its first line: what the functions are.
const HEADER: &str = r##"-- A template: `@extschema@` stands for the schema the functions go in (the name PostgreSQL's
-- extension scripts use), replaced by its quoted name (`idtypes::sql::postgres_script`).
-- Every call between these functions names that schema, so they work from any search_path,
-- an empty one included (pg_dump's, while a dump is restored). Pinning each function's
-- search_path (`SET search_path = ...`) would work too, but it is set and reset on every
-- call and keeps the SQL functions from being inlined: measured on 30,000 rows, snowflake_text
-- took 7 to 10 times as long, uid11_text and tid_from_text 2 to 4 times.
--
-- For every format, `<format>_text(id)` gives the id's canonical text, `<format>_from_text(text)`
-- the value its column holds: a BIGINT (a TID's, a snowish id's, a Snowflake's or a
-- Sonyflake's own integer; the other 64-bit formats' bits with the top one flipped, which
-- keeps the order), the bytes of a format of bytes as BYTEA (each format's comment below says
-- which), a ULID or a UUID as a UUID. A typed id's text is its prefix (separator included) and
-- its id's text:
-- `<format>_prefixed_text(id, 'post_')` writes it, `<format>_from_prefixed_text(text, 'post_')`
-- reads it, and `<format>_from_text(text)` is `<format>_from_prefixed_text(text, '')`. A UUID
-- also has its TypeID text: `uuid_typeid_text(id, 'user')`, `uuid_from_typeid(text, 'user')`.
-- Invalid input raises an error naming the format (SQLSTATE 22P02), with lengths and positions
-- in characters of the whole text, from 1, as SQL counts (idtypes' own errors, in Rust and in
-- its SQLite functions, give byte offsets from 0 instead); NULL gives NULL.
"##;

/// The helpers every format's functions call.
const HELPERS: &str = r##"-- The helpers of v0.1.0 whose arguments changed: nothing but these functions called them.
DROP FUNCTION IF EXISTS @extschema@.idtypes_decode(text, text, integer, text);
DROP FUNCTION IF EXISTS @extschema@.idtypes_uid11_from_text(text, text, boolean);
-- Helpers of v0.1.0 that the functions no longer call.
DROP FUNCTION IF EXISTS @extschema@.idtypes_uid11_text(bigint);
DROP FUNCTION IF EXISTS @extschema@.idtypes_uid11_from_text(text, text, text, boolean);

CREATE OR REPLACE FUNCTION @extschema@.idtypes_encode(v numeric, alphabet text, width int)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  base int := length(alphabet);
  result text := '';
BEGIN
  FOR i IN 1..width LOOP
    result := substr(alphabet, mod(v, base)::int + 1, 1) || result;
    v := div(v, base);
  END LOOP;
  RETURN result;
END $$;

-- What errors say was expected of a text that is `prefix` and then one of `lengths`
-- characters: '13 characters', or '18 characters (`post_` and 13)'.
CREATE OR REPLACE FUNCTION @extschema@.idtypes_expected(lengths int[], prefix text)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  n int := cardinality(lengths);
  own text := '';
  whole text := '';
  sep text;
BEGIN
  FOR i IN 1..n LOOP
    sep := CASE WHEN i = 1 THEN '' WHEN i = n THEN ' or ' ELSE ', ' END;
    own := own || sep || lengths[i];
    whole := whole || sep || (lengths[i] + length(prefix));
  END LOOP;
  IF prefix = '' THEN
    RETURN own || ' characters';
  END IF;
  RETURN whole || ' characters (`' || prefix || '` and ' || own || ')';
END $$;

-- The text after `prefix`, which must start it.
CREATE OR REPLACE FUNCTION @extschema@.idtypes_unprefix(t text, prefix text, name text)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF left(t, length(prefix)) <> prefix THEN
    RAISE EXCEPTION 'invalid %: expected the prefix `%`, found `%`', name, prefix,
      left(t, length(prefix)) USING ERRCODE = '22P02';
  END IF;
  RETURN substr(t, length(prefix) + 1);
END $$;

-- The number `t` spells after `prefix`: `width` characters of `alphabet`, the first one
-- worth most.
CREATE OR REPLACE FUNCTION @extschema@.idtypes_decode(t text, prefix text, alphabet text,
                                                      width int, name text)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  base int := length(alphabet);
  skip int := length(prefix);
  v numeric := 0;
  d int;
BEGIN
  IF skip > 0 THEN
    t := @extschema@.idtypes_unprefix(t, prefix, name);
  END IF;
  IF length(t) <> width THEN
    RAISE EXCEPTION 'invalid %: expected %, found %', name,
      @extschema@.idtypes_expected(ARRAY[width], prefix), skip + length(t)
      USING ERRCODE = '22P02';
  END IF;
  FOR i IN 1..width LOOP
    d := strpos(alphabet, substr(t, i, 1));
    IF d = 0 THEN
      RAISE EXCEPTION 'invalid %: unexpected character % at position %, expected one of `%`',
        name, quote_literal(substr(t, i, 1)), skip + i, alphabet USING ERRCODE = '22P02';
    END IF;
    v := v * base + (d - 1);
  END LOOP;
  RETURN v;
END $$;

CREATE OR REPLACE FUNCTION @extschema@.idtypes_check_natural(id bigint, name text)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF id < 0 THEN
    RAISE EXCEPTION 'invalid %: its column holds the ids'' own integers, 0 to 2^63 - 1; found %',
      name, id USING ERRCODE = '22P02';
  END IF;
  RETURN id::numeric;
END $$;

CREATE OR REPLACE FUNCTION @extschema@.idtypes_to_bigint(v numeric, flipped boolean, name text,
                                                         t text)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF v >= 18446744073709551616 THEN
    RAISE EXCEPTION 'invalid %: % is above the largest id', name, quote_literal(t)
      USING ERRCODE = '22P02';
  END IF;
  IF flipped THEN
    RETURN (v - 9223372036854775808)::bigint;
  END IF;
  IF v >= 9223372036854775808 THEN
    RAISE EXCEPTION 'invalid %: % has the top bit set, which a BIGINT column does not hold',
      name, quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  RETURN v::bigint;
END $$;

-- The number the bytes `id` spell, the first one worth most, after checking there are `n`.
CREATE OR REPLACE FUNCTION @extschema@.idtypes_bytes_value(id bytea, n int, name text)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric := 0;
BEGIN
  IF length(id) <> n THEN
    RAISE EXCEPTION 'invalid %: expected % bytes, found %', name, n, length(id)
      USING ERRCODE = '22P02';
  END IF;
  FOR i IN 0..n - 1 LOOP
    v := v * 256 + get_byte(id, i);
  END LOOP;
  RETURN v;
END $$;

-- A UUID's 128 bits as a number, and back.
CREATE OR REPLACE FUNCTION @extschema@.idtypes_uuid_value(id uuid)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  h text := replace(id::text, '-', '');
  v numeric := 0;
BEGIN
  FOR i IN 1..32 LOOP
    v := v * 16 + (strpos('0123456789abcdef', substr(h, i, 1)) - 1);
  END LOOP;
  RETURN v;
END $$;

CREATE OR REPLACE FUNCTION @extschema@.idtypes_value_uuid(v numeric)
RETURNS uuid LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(v, '0123456789abcdef', 32)::uuid
$$;
"##;

/// The decimal text's reader (Snowflake, Sonyflake).
const DECIMAL: &str = r##"-- The decimal text (`sql: decimal`), as Twitter's and Discord's APIs write a Snowflake: no
-- sign, no leading zeros, at most 2^63 - 1.
CREATE OR REPLACE FUNCTION @extschema@.idtypes_decimal_from_text(t text, prefix text, name text)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  rest text := CASE WHEN prefix = '' THEN t
                    ELSE @extschema@.idtypes_unprefix(t, prefix, name) END;
BEGIN
  IF rest !~ '^(0|[1-9][0-9]{0,18})$' THEN
    RAISE EXCEPTION 'invalid %: expected %1 to 19 digits without sign or leading zeros, found %',
      name, CASE WHEN prefix = '' THEN '' ELSE '`' || prefix || '` and ' END, quote_literal(t)
      USING ERRCODE = '22P02';
  END IF;
  IF rest::numeric > 9223372036854775807 THEN
    RAISE EXCEPTION 'invalid %: % is above the largest, 9223372036854775807', name,
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  RETURN rest::bigint;
END $$;
"##;

/// TimeId's own text: sign extension, and the dashed form read too.
const TIME_ID: &str = r##"-- TimeId: 13 characters of base32-sortable of the i64 sign-extended to 65 bits; the BIGINT is
-- its bits with the top one flipped. Reads the dashed form (STTT-TTT-TTTT-CC) too.
CREATE OR REPLACE FUNCTION @extschema@.time_id_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(CASE WHEN id < 0 THEN id::numeric + 9223372036854775808
                                         ELSE id::numeric + 27670116110564327424 END,
                                    '234567abcdefghijklmnopqrstuvwxyz', 13)
$$;

CREATE OR REPLACE FUNCTION @extschema@.time_id_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  alphabet text := '234567abcdefghijklmnopqrstuvwxyz';
  skip int := length(prefix);
  rest text := CASE WHEN prefix = '' THEN t
                    ELSE @extschema@.idtypes_unprefix(t, prefix, 'TimeId') END;
  c text;
  v numeric;
BEGIN
  IF length(rest) = 16 THEN
    -- Dashed: each character where it stands, then the 13 without the dashes.
    FOR i IN 1..16 LOOP
      c := substr(rest, i, 1);
      IF i IN (5, 9, 14) THEN
        IF c <> '-' THEN
          RAISE EXCEPTION 'invalid TimeId: unexpected character % at position %, expected ''-'' (a TimeId of % characters is dashed, STTT-TTT-TTTT-CC)',
            quote_literal(c), skip + i, skip + 16 USING ERRCODE = '22P02';
        END IF;
      ELSIF strpos(alphabet, c) = 0 THEN
        RAISE EXCEPTION 'invalid TimeId: unexpected character % at position %, expected one of `%`',
          quote_literal(c), skip + i, alphabet USING ERRCODE = '22P02';
      END IF;
    END LOOP;
    rest := substr(rest, 1, 4) || substr(rest, 6, 3) || substr(rest, 10, 4) || substr(rest, 15, 2);
  ELSIF length(rest) <> 13 THEN
    RAISE EXCEPTION 'invalid TimeId: expected %, found %',
      @extschema@.idtypes_expected(ARRAY[13, 16], prefix), skip + length(rest)
      USING ERRCODE = '22P02';
  END IF;
  v := @extschema@.idtypes_decode(prefix || rest, prefix, alphabet, 13, 'TimeId');
  IF v >= 9223372036854775808 AND v < 27670116110564327424 THEN
    RAISE EXCEPTION 'invalid TimeId: % is out of range (its first character is c to r)',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  -- The bits (v, less 2^64 for a negative i64), with the top one flipped.
  IF v < 9223372036854775808 THEN
    RETURN (v - 9223372036854775808)::bigint;
  END IF;
  RETURN (v - 27670116110564327424)::bigint;
END $$;
"##;

/// The `uuid` crate's `Uuid`: hyphenated text, read as `Uuid::parse_str` reads it.
const UUID: &str = r##"-- UUID: written hyphenated in lowercase (`01890a5d-ac96-774b-bcce-b302099a8057`), as PostgreSQL
-- and the `uuid` crate write it; read as the `uuid` crate's `Uuid::parse_str` reads it: 32 hex
-- digits, hyphenated (36), braced (38) or after `urn:uuid:` (45), in either case.
CREATE OR REPLACE FUNCTION @extschema@.uuid_text(id uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT id::text $$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_from_prefixed_text(t text, prefix text)
RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  rest text := CASE WHEN prefix = '' THEN t
                    ELSE @extschema@.idtypes_unprefix(t, prefix, 'UUID') END;
  -- The 32 or 36 characters of hex digits and hyphens, after `skip` characters of `t`.
  body text := rest;
  skip int := length(prefix);
  c text;
BEGIN
  IF length(rest) = 38 THEN
    -- In braces.
    IF left(rest, 1) <> '{' THEN
      RAISE EXCEPTION 'invalid UUID: unexpected character % at position %, expected ''{'' (a UUID of % characters is in braces)',
        quote_literal(left(rest, 1)), skip + 1, skip + 38 USING ERRCODE = '22P02';
    END IF;
    IF right(rest, 1) <> '}' THEN
      RAISE EXCEPTION 'invalid UUID: unexpected character % at position %, expected ''}'' (a UUID of % characters is in braces)',
        quote_literal(right(rest, 1)), skip + 38, skip + 38 USING ERRCODE = '22P02';
    END IF;
    body := substr(rest, 2, 36);
    skip := skip + 1;
  ELSIF length(rest) = 45 THEN
    IF left(rest, 9) <> 'urn:uuid:' THEN
      RAISE EXCEPTION 'invalid UUID: expected `urn:uuid:` at position % (a UUID of % characters is a URN), found %',
        skip + 1, skip + 45, quote_literal(left(rest, 9)) USING ERRCODE = '22P02';
    END IF;
    body := substr(rest, 10);
    skip := skip + 9;
  ELSIF length(rest) NOT IN (32, 36) THEN
    RAISE EXCEPTION 'invalid UUID: expected %, found %',
      @extschema@.idtypes_expected(ARRAY[32, 36, 38, 45], prefix), length(t)
      USING ERRCODE = '22P02';
  END IF;
  IF body ~ '^[0-9a-fA-F]{32}$'
     OR body ~ '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' THEN
    RETURN body::uuid;
  END IF;
  -- Why not, where.
  FOR i IN 1..length(body) LOOP
    c := substr(body, i, 1);
    IF length(body) = 36 AND i IN (9, 14, 19, 24) THEN
      IF c <> '-' THEN
        RAISE EXCEPTION 'invalid UUID: unexpected character % at position %, expected ''-''',
          quote_literal(c), skip + i USING ERRCODE = '22P02';
      END IF;
    ELSIF strpos('0123456789abcdefABCDEF', c) = 0 THEN
      RAISE EXCEPTION
        'invalid UUID: unexpected character % at position %, expected one of `0123456789abcdefABCDEF`',
        quote_literal(c), skip + i USING ERRCODE = '22P02';
    END IF;
  END LOOP;
  RAISE EXCEPTION 'invalid UUID: %', quote_literal(t) USING ERRCODE = '22P02';
END $$;
"##;

/// A UUID's TypeID text.
const TYPEID: &str = r##"-- A UUID's TypeID text (the TypeID specification, v0.3.0): the prefix, 0 to 63 characters of
-- a-z and `_` starting and ending with a letter, then `_` (none after an empty prefix), then the
-- 128 bits in 26 characters of lowercase Crockford base32, the first one 0 to 7.

-- The prefix and its separator ('' for none), or why the prefix is not a TypeID prefix.
CREATE OR REPLACE FUNCTION @extschema@.idtypes_typeid_head(prefix text)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  c text;
BEGIN
  IF length(prefix) > 63 THEN
    RAISE EXCEPTION 'invalid TypeID prefix: expected 0 to 63 characters, found %', length(prefix)
      USING ERRCODE = '22P02';
  END IF;
  IF prefix = '' THEN
    RETURN '';
  END IF;
  FOR i IN 1..length(prefix) LOOP
    c := substr(prefix, i, 1);
    IF strpos('abcdefghijklmnopqrstuvwxyz_', c) = 0 THEN
      RAISE EXCEPTION
        'invalid TypeID prefix: unexpected character % at position %, expected one of `abcdefghijklmnopqrstuvwxyz_`',
        quote_literal(c), i USING ERRCODE = '22P02';
    END IF;
  END LOOP;
  IF left(prefix, 1) = '_' OR right(prefix, 1) = '_' THEN
    RAISE EXCEPTION 'invalid TypeID prefix: unexpected character ''_'' at position %, expected a letter a-z (a prefix starts and ends with one)',
      CASE WHEN left(prefix, 1) = '_' THEN 1 ELSE length(prefix) END USING ERRCODE = '22P02';
  END IF;
  RETURN prefix || '_';
END $$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_typeid_text(id uuid, prefix text)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_typeid_head(prefix)
    || @extschema@.idtypes_encode(@extschema@.idtypes_uuid_value(id),
                                  '0123456789abcdefghjkmnpqrstvwxyz', 26)
$$;

CREATE OR REPLACE FUNCTION @extschema@.uuid_from_typeid(t text, prefix text)
RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  head text := @extschema@.idtypes_typeid_head(prefix);
  -- The text's own prefix and separator: up to its last `_`.
  found text := CASE WHEN strpos(t, '_') = 0 THEN ''
                     ELSE left(t, length(t) - strpos(reverse(t), '_') + 1) END;
  v numeric;
BEGIN
  IF found <> head THEN
    RAISE EXCEPTION 'invalid TypeID: expected %, found %',
      CASE WHEN head = '' THEN 'no prefix' ELSE 'the prefix `' || head || '`' END,
      CASE WHEN found = '' THEN 'none' ELSE '`' || found || '`' END USING ERRCODE = '22P02';
  END IF;
  v := @extschema@.idtypes_decode(t, head, '0123456789abcdefghjkmnpqrstvwxyz', 26, 'TypeID');
  IF v >= 340282366920938463463374607431768211456 THEN
    RAISE EXCEPTION 'invalid TypeID: unexpected character % at position %, expected one of `01234567` (a UUID''s suffix starts with 0 to 7)',
      quote_literal(substr(t, length(head) + 1, 1)), length(head) + 1 USING ERRCODE = '22P02';
  END IF;
  RETURN @extschema@.idtypes_value_uuid(v);
END $$;
"##;

/// The deprecated names of v0.1.0.
const DEPRECATED: &str = r##"-- Deprecated: the names of v0.1.0, kept for one release (renamed uid11_xid_*, so that no one
-- takes them for rs/xid's XID, whose functions are rs_xid_*).
CREATE OR REPLACE FUNCTION @extschema@.xid_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.uid11_xid_text(id) $$;
CREATE OR REPLACE FUNCTION @extschema@.xid_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.uid11_xid_from_text(t) $$;
"##;
