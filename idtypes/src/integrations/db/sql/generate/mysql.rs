//! MySQL's script, for the mysql client: `DELIMITER $$`, then each routine dropped and created
//! again, in the current database (`mysql_script` names another). The functions are
//! `DETERMINISTIC NO SQL`, their text `utf8mb4_bin`; MySQL's functions are not `STRICT`, so
//! those of more than one statement return NULL for NULL themselves.

use alloc::{format, string::String};

use super::{FOLD_NOTE, Radix, Row, rows};
use crate::Column;

/// The helpers of earlier versions that the functions no longer call: the script drops them.
pub(in crate::integrations::db::sql) const OBSOLETE: [&str; 3] = [
    "idtypes_uid11_text",
    "idtypes_uid11_from_text",
    "idtypes_upper_crockford",
];

/// What the functions take for text.
const TEXT: &str = "VARCHAR(255) CHARACTER SET utf8mb4";

/// The script: the head, the helpers, every row's functions, the UUID's, the deprecated names.
pub(super) fn script() -> String {
    let mut out = String::from(
        "-- idtypes: every stored id to its text and back, in MySQL 8 and MariaDB 10.5 and later.\n\
         --\n\
         -- Generated from the table of formats (idtypes/src/formats/mod.rs) by\n\
         -- idtypes/src/integrations/db/sql/generate/: do not edit it, regenerate it with\n\
         -- `IDTYPES_BLESS=1 cargo test -p idtypes --lib sql::generate`.\n\
         --\n",
    );
    out.push_str(HEADER);
    out.push_str("DELIMITER $$\n\n-- Helpers of v0.1.0 that the functions no longer call.\n");
    for helper in OBSOLETE {
        out.push_str(&format!("DROP FUNCTION IF EXISTS {helper} $$\n"));
    }
    out.push('\n');
    out.push_str(HELPERS);
    out.push('\n');
    out.push_str(DECIMAL);
    for row in rows() {
        out.push('\n');
        out.push_str(&super::functions::<MySql>(&row));
    }
    out.push('\n');
    out.push_str(UUID);
    out.push_str(&wrappers("uuid", "VARBINARY(16)", "BINARY(16)"));
    out.push('\n');
    out.push_str(TYPEID);
    out.push('\n');
    out.push_str(DEPRECATED);
    out.push_str("\nDELIMITER ;\n");
    out
}

/// This database's templates, for [`super::functions`].
pub(super) struct MySql;

impl super::Dialect for MySql {
    fn radix(row: &Row, facts: &Radix) -> String {
        radix(row, facts)
    }

    fn decimal(row: &Row) -> String {
        let (f, name) = (&row.function, row.name);
        let comment = super::decimal_comment(row);
        format!(
            "{comment}\
             DROP FUNCTION IF EXISTS {f}_text $$\n\
             CREATE FUNCTION {f}_text(id BIGINT) RETURNS VARCHAR({width}) CHARACTER SET utf8mb4\n\
             COLLATE utf8mb4_bin DETERMINISTIC NO SQL\n\
             RETURN CAST(idtypes_check_natural(id, '{name}') AS CHAR) $$\n\
             DROP FUNCTION IF EXISTS {f}_from_prefixed_text $$\n\
             CREATE FUNCTION {f}_from_prefixed_text(t {TEXT},\n    prefix {TEXT})\n\
             RETURNS BIGINT DETERMINISTIC NO SQL RETURN idtypes_decimal_from_text(t, prefix, '{name}') $$\n",
            width = row.width,
        )
    }

    fn own(function: &str) -> Option<&'static str> {
        (function == "time_id").then_some(TIME_ID)
    }

    fn wrappers(row: &Row) -> String {
        let (id, value) = column_types(row);
        wrappers(&row.function, &id, &value)
    }
}

/// A `radix` row's `_text` and `_from_prefixed_text`.
fn radix(row: &Row, facts: &Radix) -> String {
    let f = &row.function;
    let name = row.name;
    let (id, returns) = column_types(row);
    let (alphabet, width) = (&facts.alphabet, row.width);
    let value = match row.column {
        Column::Natural => format!("idtypes_check_natural(id, '{name}')"),
        Column::Flipped => String::from("CAST(id AS DECIMAL(21, 0)) + 9223372036854775808"),
        Column::Bytes | Column::Uuid => {
            format!("idtypes_bytes_value(id, {}, '{name}')", row.bytes)
        }
    };
    let value = match &facts.pad {
        Some(pad) => format!("{value} * {pad}"),
        None => value,
    };
    let text = match facts.hex {
        // The bytes in hex, by MySQL's `HEX`; another length is refused as any is.
        Some(upper) => format!(
            "DROP FUNCTION IF EXISTS {f}_text $$\n\
             CREATE FUNCTION {f}_text(id {id}) RETURNS VARCHAR({width}) CHARACTER SET utf8mb4\n\
             COLLATE utf8mb4_bin DETERMINISTIC NO SQL\n\
             RETURN IF(LENGTH(id) = {n}, {open}HEX(id){close},\n  \
             CAST({value} AS CHAR)) $$\n",
            n = row.bytes,
            open = if upper { "" } else { "LOWER(" },
            close = if upper { "" } else { ")" },
        ),
        None => format!(
            "DROP FUNCTION IF EXISTS {f}_text $$\n\
             CREATE FUNCTION {f}_text(id {id}) RETURNS VARCHAR({width}) CHARACTER SET utf8mb4\n\
             COLLATE utf8mb4_bin DETERMINISTIC NO SQL\n\
             RETURN idtypes_encode({value},\n  '{alphabet}', {width}) $$\n"
        ),
    };

    // Reading: the number the text spells (`v`), its checks, and the column's value of it.
    let input = match &facts.fold {
        Some((lower, upper)) => format!(
            "CONCAT(LEFT(t, CHAR_LENGTH(prefix)),\n                         \
             idtypes_translate(SUBSTRING(t, CHAR_LENGTH(prefix) + 1),\n                         \
             '{lower}', '{upper}'))"
        ),
        None => String::from("t"),
    };
    let decode = format!("idtypes_decode({input}, prefix,\n    '{alphabet}', {width}, '{name}')");
    let note = if facts.fold.is_some() { FOLD_NOTE } else { "" };
    let mut checks = String::new();
    if let Some(limit) = &facts.limit {
        checks.push_str(&format!(
            "  IF v >= {limit} THEN\n    \
             CALL idtypes_raise(CONCAT('invalid {name}: ''', t, ''' is above the largest {name}, ',\n                              \
             '{largest}'));\n  \
             END IF;\n",
            largest = row.largest,
        ));
    }
    let mut v = String::from("v");
    if let Some(pad) = &facts.pad {
        checks.push_str(&format!(
            "  IF MOD(v, {pad}) <> 0 THEN\n    \
             CALL idtypes_raise(CONCAT('invalid {name}: ''', t, ''' ends in ''', RIGHT(t, 1),\n                              \
             ''' (position ', CHAR_LENGTH(t), '), expected {ends} there'));\n  \
             END IF;\n",
            ends = facts.pad_ends,
        ));
        v = format!("(v - MOD(v, {pad})) / {pad}");
    }
    let result = |v: &str| match row.column {
        Column::Natural | Column::Flipped => format!(
            "idtypes_to_bigint({v},\n  {flipped}, '{name}', t)",
            flipped = if row.column == Column::Flipped {
                "TRUE"
            } else {
                "FALSE"
            },
        ),
        // Hex after the prefix, once `idtypes_decode` has checked it: its bytes.
        Column::Bytes if facts.hex.is_some() => {
            format!("IF({v} IS NULL, NULL,\n  UNHEX(SUBSTRING(t, CHAR_LENGTH(prefix) + 1)))")
        }
        Column::Bytes | Column::Uuid => format!(
            "UNHEX(idtypes_encode({v}, '0123456789ABCDEF', {}))",
            2 * row.bytes
        ),
    };
    let head = format!(
        "DROP FUNCTION IF EXISTS {f}_from_prefixed_text $$\n\
         CREATE FUNCTION {f}_from_prefixed_text(t {TEXT},\n    prefix {TEXT})\n\
         RETURNS {returns} DETERMINISTIC NO SQL\n"
    );
    let read = if checks.is_empty() {
        // NULL in, NULL out: `idtypes_decode` gives NULL, and every function of it too.
        format!("{head}RETURN {} $$\n", result(&decode))
    } else {
        format!(
            "{head}BEGIN\n  \
             DECLARE v DECIMAL(50, 0);\n  \
             IF t IS NULL OR prefix IS NULL THEN\n    \
             RETURN NULL;\n  \
             END IF;\n\
             {note}  SET v = {decode};\n\
             {checks}  RETURN {};\n\
             END $$\n",
            result(&v),
        )
    };
    format!(
        "{}{text}\n{read}",
        facts.comment(
            row,
            &format!("the column holds its {0} bytes (BINARY({0}))", row.bytes)
        )
    )
}

/// `_from_text(t)`, which is `_from_prefixed_text(t, '')`, and `_prefixed_text(id, prefix)`.
fn wrappers(f: &str, id: &str, value: &str) -> String {
    format!(
        "DROP FUNCTION IF EXISTS {f}_from_text $$\n\
         CREATE FUNCTION {f}_from_text(t {TEXT}) RETURNS {value}\n\
         DETERMINISTIC NO SQL RETURN {f}_from_prefixed_text(t, '') $$\n\
         DROP FUNCTION IF EXISTS {f}_prefixed_text $$\n\
         CREATE FUNCTION {f}_prefixed_text(id {id}, prefix {TEXT})\n\
         RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL\n\
         RETURN CONCAT(prefix, {f}_text(id)) $$\n"
    )
}

/// The MySQL types a row's functions take (`id`) and return (the column's value): `BIGINT`, or
/// the bytes (taken as a `VARBINARY` wider than them, so that a wrong length reaches the
/// check, which names it).
fn column_types(row: &Row) -> (String, String) {
    match row.column {
        Column::Natural | Column::Flipped => (String::from("BIGINT"), String::from("BIGINT")),
        Column::Bytes | Column::Uuid => (
            format!("VARBINARY({})", row.bytes.next_power_of_two().max(16)),
            format!("BINARY({})", row.bytes),
        ),
    }
}

/// The script's head, after its first line: what the functions are, and how to run it.
const HEADER: &str = r##"-- For every format, `<format>_text(id)` gives the id's canonical text, `<format>_from_text(text)`
-- the value its column holds: a BIGINT (a TID's, a snowish id's, a Snowflake's or a
-- Sonyflake's own integer; the other 64-bit formats' bits with the top one flipped, which
-- keeps the order), the bytes of a format of bytes as BINARY(n) (each format's comment below
-- says which), a ULID's or a UUID's 16 as BINARY(16). A typed id's text is its prefix
-- (separator included) and its id's text: `<format>_prefixed_text(id, 'post_')` writes it,
-- `<format>_from_prefixed_text(text, 'post_')` reads it, and `<format>_from_text(text)` is
-- `<format>_from_prefixed_text(text, '')`. A UUID also has its TypeID text:
-- `uuid_typeid_text(id, 'user')`, `uuid_from_typeid(text, 'user')`.
-- Invalid input raises SQLSTATE 22023 with a message naming the format, with lengths and
-- positions in characters of the whole text, from 1, as SQL counts (idtypes' own errors, in
-- Rust and in its SQLite functions, give byte offsets from 0 instead); NULL gives NULL.
--
-- The functions go in the current database (`idtypes::sql::mysql_script` names another one).
-- A stored routine runs in its own database, so the calls between them need no qualifier:
-- `db.tid_text(id)` works from a connection to any database. Text is compared as bytes
-- (`CAST(... AS BINARY)`): the collations would make `a` equal `A`, and `a ` equal `a`; and
-- the functions' text is `utf8mb4_bin`, so that a query comparing it with a string compares
-- bytes too.
-- In the mysql client, run it as it is (it sets its own DELIMITER). With binary logging on,
-- creating functions needs `log_bin_trust_function_creators = 1` or the SUPER privilege.
"##;

/// The helpers every format's functions call.
const HELPERS: &str = r##"-- Raises `message` (SQLSTATE 22023), which the server keeps to 128 characters in MySQL and 512
-- in MariaDB, of the BMP (utf8mb3): a longer one is cut, a character outside the BMP is `?`.
DROP PROCEDURE IF EXISTS idtypes_raise $$
CREATE PROCEDURE idtypes_raise(message TEXT CHARACTER SET utf8mb4) DETERMINISTIC NO SQL
BEGIN
  DECLARE most INT DEFAULT IF(VERSION() LIKE '%MariaDB%', 512, 128);
  DECLARE bmp TEXT CHARACTER SET utf8mb4 DEFAULT '';
  DECLARE c VARCHAR(1) CHARACTER SET utf8mb4;
  DECLARE i INT DEFAULT 1;
  DECLARE m VARCHAR(512) CHARACTER SET utf8mb3;
  WHILE i <= LEAST(CHAR_LENGTH(message), most) DO
    SET c = SUBSTRING(message, i, 1);
    SET bmp = CONCAT(bmp, IF(LENGTH(c) = 4, '?', c));
    SET i = i + 1;
  END WHILE;
  SET m = IF(CHAR_LENGTH(message) > most, CONCAT(LEFT(bmp, most - 3), '...'), bmp);
  SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = m;
END $$

DROP FUNCTION IF EXISTS idtypes_encode $$
CREATE FUNCTION idtypes_encode(v DECIMAL(50, 0), alphabet VARCHAR(64), width INT)
RETURNS VARCHAR(40) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
BEGIN
  DECLARE base INT DEFAULT CHAR_LENGTH(alphabet);
  DECLARE result VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin DEFAULT '';
  DECLARE digit INT;
  DECLARE i INT DEFAULT 0;
  WHILE i < width DO
    SET digit = MOD(v, base);
    SET result = CONCAT(SUBSTRING(alphabet, digit + 1, 1), result);
    SET v = (v - digit) / base;
    SET i = i + 1;
  END WHILE;
  RETURN result;
END $$

-- The position (from 1) of the first character of `t` that is not in `alphabet`, 0 if none.
DROP FUNCTION IF EXISTS idtypes_first_not_in $$
CREATE FUNCTION idtypes_first_not_in(t VARCHAR(255) CHARACTER SET utf8mb4, alphabet VARCHAR(64))
RETURNS INT DETERMINISTIC NO SQL
BEGIN
  DECLARE i INT DEFAULT 1;
  WHILE i <= CHAR_LENGTH(t) DO
    IF INSTR(CAST(alphabet AS BINARY), CAST(SUBSTRING(t, i, 1) AS BINARY)) = 0 THEN
      RETURN i;
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN 0;
END $$

-- What errors say was expected of a text that is `prefix` and then one of `lengths` (a
-- comma-separated list) characters: '13 characters', or '18 characters (`post_` and 13)'.
DROP FUNCTION IF EXISTS idtypes_expected $$
CREATE FUNCTION idtypes_expected(lengths VARCHAR(64), prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(512) CHARACTER SET utf8mb4 DETERMINISTIC NO SQL
BEGIN
  DECLARE n INT DEFAULT 1 + CHAR_LENGTH(lengths) - CHAR_LENGTH(REPLACE(lengths, ',', ''));
  DECLARE i INT DEFAULT 1;
  DECLARE len INT;
  DECLARE sep VARCHAR(4);
  DECLARE own VARCHAR(64) DEFAULT '';
  DECLARE whole VARCHAR(64) DEFAULT '';
  WHILE i <= n DO
    SET len = CAST(SUBSTRING_INDEX(SUBSTRING_INDEX(lengths, ',', i), ',', -1) AS UNSIGNED);
    SET sep = IF(i = 1, '', IF(i = n, ' or ', ', '));
    SET own = CONCAT(own, sep, len);
    SET whole = CONCAT(whole, sep, len + CHAR_LENGTH(prefix));
    SET i = i + 1;
  END WHILE;
  IF CHAR_LENGTH(prefix) = 0 THEN
    RETURN CONCAT(own, ' characters');
  END IF;
  RETURN CONCAT(whole, ' characters (`', prefix, '` and ', own, ')');
END $$

-- The text after `prefix`, which must start it.
DROP FUNCTION IF EXISTS idtypes_unprefix $$
CREATE FUNCTION idtypes_unprefix(t VARCHAR(255) CHARACTER SET utf8mb4,
                                 prefix VARCHAR(255) CHARACTER SET utf8mb4, name VARCHAR(32))
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 DETERMINISTIC NO SQL
BEGIN
  IF CAST(LEFT(t, CHAR_LENGTH(prefix)) AS BINARY) <> CAST(prefix AS BINARY) THEN
    CALL idtypes_raise(CONCAT('invalid ', name, ': expected the prefix `', prefix, '`, found `',
                              LEFT(t, CHAR_LENGTH(prefix)), '`'));
  END IF;
  RETURN SUBSTRING(t, CHAR_LENGTH(prefix) + 1);
END $$

-- The number `t` spells after `prefix`: `width` characters of `alphabet`, the first one
-- worth most.
DROP FUNCTION IF EXISTS idtypes_decode $$
CREATE FUNCTION idtypes_decode(t VARCHAR(255) CHARACTER SET utf8mb4,
                               prefix VARCHAR(255) CHARACTER SET utf8mb4,
                               alphabet VARCHAR(64), width INT, name VARCHAR(32))
RETURNS DECIMAL(50, 0) DETERMINISTIC NO SQL
BEGIN
  DECLARE base INT DEFAULT CHAR_LENGTH(alphabet);
  DECLARE skip INT DEFAULT CHAR_LENGTH(prefix);
  DECLARE v DECIMAL(50, 0) DEFAULT 0;
  DECLARE d INT;
  DECLARE i INT DEFAULT 1;
  IF t IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  IF skip > 0 THEN
    SET t = idtypes_unprefix(t, prefix, name);
  END IF;
  IF CHAR_LENGTH(t) <> width THEN
    CALL idtypes_raise(CONCAT('invalid ', name, ': expected ', idtypes_expected(width, prefix),
                              ', found ', skip + CHAR_LENGTH(t)));
  END IF;
  WHILE i <= width DO
    -- Bytes, not the collation's letters: `a` is not `A`.
    SET d = INSTR(CAST(alphabet AS BINARY), CAST(SUBSTRING(t, i, 1) AS BINARY));
    IF d = 0 THEN
      CALL idtypes_raise(CONCAT('invalid ', name, ': unexpected character ''', SUBSTRING(t, i, 1),
                                ''' at position ', skip + i, ', expected one of `', alphabet, '`'));
    END IF;
    SET v = v * base + (d - 1);
    SET i = i + 1;
  END WHILE;
  RETURN v;
END $$

DROP FUNCTION IF EXISTS idtypes_check_natural $$
CREATE FUNCTION idtypes_check_natural(id BIGINT, name VARCHAR(32))
RETURNS DECIMAL(21, 0) DETERMINISTIC NO SQL
BEGIN
  IF id < 0 THEN
    CALL idtypes_raise(CONCAT('invalid ', name, ': its column holds the ids'' own integers, ',
                              '0 to 2^63 - 1; found ', id));
  END IF;
  RETURN id;
END $$

DROP FUNCTION IF EXISTS idtypes_to_bigint $$
CREATE FUNCTION idtypes_to_bigint(v DECIMAL(21, 0), flipped BOOLEAN, name VARCHAR(32),
                                  t VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL
BEGIN
  IF v IS NULL THEN
    RETURN NULL;
  END IF;
  IF v >= 18446744073709551616 THEN
    CALL idtypes_raise(CONCAT('invalid ', name, ': ''', t, ''' is above the largest id'));
  END IF;
  IF flipped THEN
    RETURN CAST(v - 9223372036854775808 AS SIGNED);
  END IF;
  IF v >= 9223372036854775808 THEN
    CALL idtypes_raise(CONCAT('invalid ', name, ': ''', t,
                              ''' has the top bit set, which a BIGINT column does not hold'));
  END IF;
  RETURN CAST(v AS SIGNED);
END $$

-- The number the bytes `id` spell, the first one worth most, after checking there are `n`.
DROP FUNCTION IF EXISTS idtypes_bytes_value $$
CREATE FUNCTION idtypes_bytes_value(id VARBINARY(32), n INT, name VARCHAR(32))
RETURNS DECIMAL(50, 0) DETERMINISTIC NO SQL
BEGIN
  DECLARE v DECIMAL(50, 0) DEFAULT 0;
  DECLARE i INT DEFAULT 1;
  IF id IS NULL THEN
    RETURN NULL;
  END IF;
  IF LENGTH(id) <> n THEN
    CALL idtypes_raise(CONCAT('invalid ', name, ': expected ', n, ' bytes, found ', LENGTH(id)));
  END IF;
  WHILE i <= n DO
    SET v = v * 256 + ORD(SUBSTRING(id, i, 1));
    SET i = i + 1;
  END WHILE;
  RETURN v;
END $$

-- `t` with each character of `from_set` as the one at its place in `to_set` (compared as
-- bytes), and nothing else changed.
DROP FUNCTION IF EXISTS idtypes_translate $$
CREATE FUNCTION idtypes_translate(t VARCHAR(255) CHARACTER SET utf8mb4, from_set VARCHAR(64),
                                  to_set VARCHAR(64))
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 DETERMINISTIC NO SQL
BEGIN
  DECLARE result VARCHAR(255) CHARACTER SET utf8mb4 DEFAULT '';
  DECLARE c VARCHAR(1) CHARACTER SET utf8mb4;
  DECLARE d INT;
  DECLARE i INT DEFAULT 1;
  WHILE i <= CHAR_LENGTH(t) DO
    SET c = SUBSTRING(t, i, 1);
    SET d = INSTR(CAST(from_set AS BINARY), CAST(c AS BINARY));
    SET result = CONCAT(result, IF(d = 0, c, SUBSTRING(to_set, d, 1)));
    SET i = i + 1;
  END WHILE;
  RETURN result;
END $$
"##;

/// The decimal text's reader (Snowflake, Sonyflake).
const DECIMAL: &str = r##"-- The decimal text (`sql: decimal`), as Twitter's and Discord's APIs write a Snowflake: no
-- sign, no leading zeros, at most 2^63 - 1.
DROP FUNCTION IF EXISTS idtypes_decimal_from_text $$
CREATE FUNCTION idtypes_decimal_from_text(t VARCHAR(255) CHARACTER SET utf8mb4,
                                          prefix VARCHAR(255) CHARACTER SET utf8mb4,
                                          name VARCHAR(32))
RETURNS BIGINT DETERMINISTIC NO SQL
BEGIN
  DECLARE rest VARCHAR(255) CHARACTER SET utf8mb4;
  IF t IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  SET rest = IF(CHAR_LENGTH(prefix) = 0, t, idtypes_unprefix(t, prefix, name));
  IF CHAR_LENGTH(rest) NOT BETWEEN 1 AND 19 OR idtypes_first_not_in(rest, '0123456789') > 0
     OR (CHAR_LENGTH(rest) > 1 AND CAST(LEFT(rest, 1) AS BINARY) = CAST('0' AS BINARY)) THEN
    CALL idtypes_raise(CONCAT('invalid ', name, ': expected ',
                              IF(CHAR_LENGTH(prefix) = 0, '', CONCAT('`', prefix, '` and ')),
                              '1 to 19 digits without sign or leading zeros, found ''', t, ''''));
  END IF;
  IF CAST(rest AS DECIMAL(21, 0)) > 9223372036854775807 THEN
    CALL idtypes_raise(CONCAT('invalid ', name, ': ''', t,
                              ''' is above the largest, 9223372036854775807'));
  END IF;
  RETURN CAST(rest AS SIGNED);
END $$
"##;

/// TimeId's own text: sign extension, and the dashed form read too.
const TIME_ID: &str = r##"-- TimeId: 13 characters of base32-sortable of the i64 sign-extended to 65 bits; the BIGINT is
-- its bits with the top one flipped. Reads the dashed form (STTT-TTT-TTTT-CC) too.
DROP FUNCTION IF EXISTS time_id_text $$
CREATE FUNCTION time_id_text(id BIGINT) RETURNS VARCHAR(13) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin
DETERMINISTIC NO SQL
RETURN idtypes_encode(IF(id < 0, CAST(id AS DECIMAL(21, 0)) + 9223372036854775808,
                         CAST(id AS DECIMAL(21, 0)) + 27670116110564327424),
                      '234567abcdefghijklmnopqrstuvwxyz', 13) $$

DROP FUNCTION IF EXISTS time_id_from_prefixed_text $$
CREATE FUNCTION time_id_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
                                           prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL
BEGIN
  DECLARE alphabet VARCHAR(32) DEFAULT '234567abcdefghijklmnopqrstuvwxyz';
  DECLARE skip INT DEFAULT CHAR_LENGTH(prefix);
  DECLARE rest VARCHAR(255) CHARACTER SET utf8mb4;
  DECLARE c VARCHAR(1) CHARACTER SET utf8mb4;
  DECLARE i INT DEFAULT 1;
  DECLARE v DECIMAL(21, 0);
  IF t IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  SET rest = IF(skip = 0, t, idtypes_unprefix(t, prefix, 'TimeId'));
  IF CHAR_LENGTH(rest) = 16 THEN
    -- Dashed: each character where it stands, then the 13 without the dashes.
    WHILE i <= 16 DO
      SET c = SUBSTRING(rest, i, 1);
      IF i IN (5, 9, 14) THEN
        IF CAST(c AS BINARY) <> CAST('-' AS BINARY) THEN
          CALL idtypes_raise(CONCAT('invalid TimeId: unexpected character ''', c, ''' at position ',
                                    skip + i, ', expected ''-'' (a TimeId of ', skip + 16,
                                    ' characters is dashed, STTT-TTT-TTTT-CC)'));
        END IF;
      ELSEIF INSTR(CAST(alphabet AS BINARY), CAST(c AS BINARY)) = 0 THEN
        CALL idtypes_raise(CONCAT('invalid TimeId: unexpected character ''', c, ''' at position ',
                                  skip + i, ', expected one of `', alphabet, '`'));
      END IF;
      SET i = i + 1;
    END WHILE;
    SET rest = CONCAT(SUBSTRING(rest, 1, 4), SUBSTRING(rest, 6, 3), SUBSTRING(rest, 10, 4),
                      SUBSTRING(rest, 15, 2));
  ELSEIF CHAR_LENGTH(rest) <> 13 THEN
    CALL idtypes_raise(CONCAT('invalid TimeId: expected ', idtypes_expected('13,16', prefix),
                              ', found ', skip + CHAR_LENGTH(rest)));
  END IF;
  SET v = idtypes_decode(CONCAT(prefix, rest), prefix, alphabet, 13, 'TimeId');
  IF v >= 9223372036854775808 AND v < 27670116110564327424 THEN
    CALL idtypes_raise(CONCAT('invalid TimeId: ''', t,
                              ''' is out of range (its first character is c to r)'));
  END IF;
  -- The bits (v, less 2^64 for a negative i64), with the top one flipped.
  RETURN CAST(IF(v < 9223372036854775808, v - 9223372036854775808,
                 v - 27670116110564327424) AS SIGNED);
END $$

"##;

/// The `uuid` crate's `Uuid`: hyphenated text, read as `Uuid::parse_str` reads it.
const UUID: &str = r##"-- UUID: written hyphenated in lowercase (`01890a5d-ac96-774b-bcce-b302099a8057`), as
-- PostgreSQL and the `uuid` crate write it; read as the `uuid` crate's `Uuid::parse_str`
-- reads it: 32 hex digits, hyphenated (36), braced (38) or after `urn:uuid:` (45), in either
-- case. The column holds its 16 bytes (MariaDB's own UUID type is not used).
DROP FUNCTION IF EXISTS uuid_text $$
CREATE FUNCTION uuid_text(id VARBINARY(16)) RETURNS VARCHAR(36) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
BEGIN
  DECLARE h VARCHAR(32) CHARACTER SET ascii;
  IF id IS NULL THEN
    RETURN NULL;
  END IF;
  IF LENGTH(id) <> 16 THEN
    CALL idtypes_raise(CONCAT('invalid UUID: expected 16 bytes, found ', LENGTH(id)));
  END IF;
  SET h = LOWER(HEX(id));
  RETURN CONCAT_WS('-', SUBSTRING(h, 1, 8), SUBSTRING(h, 9, 4), SUBSTRING(h, 13, 4),
                   SUBSTRING(h, 17, 4), SUBSTRING(h, 21, 12));
END $$

DROP FUNCTION IF EXISTS uuid_from_prefixed_text $$
CREATE FUNCTION uuid_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
                                        prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BINARY(16) DETERMINISTIC NO SQL
BEGIN
  DECLARE rest VARCHAR(255) CHARACTER SET utf8mb4;
  -- The 32 or 36 characters of hex digits and hyphens, after `skip` characters of `t`.
  DECLARE body VARCHAR(255) CHARACTER SET utf8mb4;
  DECLARE skip INT DEFAULT CHAR_LENGTH(prefix);
  DECLARE c VARCHAR(1) CHARACTER SET utf8mb4;
  DECLARE i INT DEFAULT 1;
  IF t IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  SET rest = IF(skip = 0, t, idtypes_unprefix(t, prefix, 'UUID'));
  SET body = rest;
  IF CHAR_LENGTH(rest) = 38 THEN
    -- In braces.
    IF CAST(LEFT(rest, 1) AS BINARY) <> CAST('{' AS BINARY) THEN
      CALL idtypes_raise(CONCAT('invalid UUID: unexpected character ''', LEFT(rest, 1),
                                ''' at position ', skip + 1, ', expected ''{'' (a UUID of ',
                                skip + 38, ' characters is in braces)'));
    END IF;
    IF CAST(RIGHT(rest, 1) AS BINARY) <> CAST('}' AS BINARY) THEN
      CALL idtypes_raise(CONCAT('invalid UUID: unexpected character ''', RIGHT(rest, 1),
                                ''' at position ', skip + 38, ', expected ''}'' (a UUID of ',
                                skip + 38, ' characters is in braces)'));
    END IF;
    SET body = SUBSTRING(rest, 2, 36);
    SET skip = skip + 1;
  ELSEIF CHAR_LENGTH(rest) = 45 THEN
    IF CAST(LEFT(rest, 9) AS BINARY) <> CAST('urn:uuid:' AS BINARY) THEN
      CALL idtypes_raise(CONCAT('invalid UUID: expected `urn:uuid:` at position ', skip + 1,
                                ' (a UUID of ', skip + 45, ' characters is a URN), found ''',
                                LEFT(rest, 9), ''''));
    END IF;
    SET body = SUBSTRING(rest, 10);
    SET skip = skip + 9;
  ELSEIF CHAR_LENGTH(rest) NOT IN (32, 36) THEN
    CALL idtypes_raise(CONCAT('invalid UUID: expected ', idtypes_expected('32,36,38,45', prefix),
                              ', found ', CHAR_LENGTH(t)));
  END IF;
  WHILE i <= CHAR_LENGTH(body) DO
    SET c = SUBSTRING(body, i, 1);
    IF CHAR_LENGTH(body) = 36 AND i IN (9, 14, 19, 24) THEN
      IF CAST(c AS BINARY) <> CAST('-' AS BINARY) THEN
        CALL idtypes_raise(CONCAT('invalid UUID: unexpected character ''', c, ''' at position ',
                                  skip + i, ', expected ''-'''));
      END IF;
    ELSEIF INSTR(CAST('0123456789abcdefABCDEF' AS BINARY), CAST(c AS BINARY)) = 0 THEN
      CALL idtypes_raise(CONCAT('invalid UUID: unexpected character ''', c, ''' at position ',
                                skip + i, ', expected one of `0123456789abcdefABCDEF`'));
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN UNHEX(REPLACE(body, '-', ''));
END $$
"##;

/// A UUID's TypeID text.
const TYPEID: &str = r##"-- A UUID's TypeID text (the TypeID specification, v0.3.0): the prefix, 0 to 63 characters of
-- a-z and `_` starting and ending with a letter, then `_` (none after an empty prefix), then the
-- 128 bits in 26 characters of lowercase Crockford base32, the first one 0 to 7.

-- The prefix and its separator ('' for none), or why the prefix is not a TypeID prefix.
DROP FUNCTION IF EXISTS idtypes_typeid_head $$
CREATE FUNCTION idtypes_typeid_head(prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(64) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
BEGIN
  DECLARE bad INT;
  IF prefix IS NULL THEN
    RETURN NULL;
  END IF;
  IF CHAR_LENGTH(prefix) > 63 THEN
    CALL idtypes_raise(CONCAT('invalid TypeID prefix: expected 0 to 63 characters, found ',
                              CHAR_LENGTH(prefix)));
  END IF;
  IF CHAR_LENGTH(prefix) = 0 THEN
    RETURN '';
  END IF;
  SET bad = idtypes_first_not_in(prefix, 'abcdefghijklmnopqrstuvwxyz_');
  IF bad > 0 THEN
    CALL idtypes_raise(CONCAT('invalid TypeID prefix: unexpected character ''',
                              SUBSTRING(prefix, bad, 1), ''' at position ', bad,
                              ', expected one of `abcdefghijklmnopqrstuvwxyz_`'));
  END IF;
  IF LEFT(prefix, 1) = '_' OR RIGHT(prefix, 1) = '_' THEN
    CALL idtypes_raise(CONCAT('invalid TypeID prefix: unexpected character ''_'' at position ',
                              IF(LEFT(prefix, 1) = '_', 1, CHAR_LENGTH(prefix)),
                              ', expected a letter a-z (a prefix starts and ends with one)'));
  END IF;
  RETURN CONCAT(prefix, '_');
END $$

DROP FUNCTION IF EXISTS uuid_typeid_text $$
CREATE FUNCTION uuid_typeid_text(id VARBINARY(16), prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(90) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(idtypes_typeid_head(prefix),
              idtypes_encode(idtypes_bytes_value(id, 16, 'UUID'),
                             '0123456789abcdefghjkmnpqrstvwxyz', 26)) $$

DROP FUNCTION IF EXISTS uuid_from_typeid $$
CREATE FUNCTION uuid_from_typeid(t VARCHAR(255) CHARACTER SET utf8mb4,
                                 prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BINARY(16) DETERMINISTIC NO SQL
BEGIN
  DECLARE head VARCHAR(64) CHARACTER SET utf8mb4;
  -- The text's own prefix and separator: up to its last `_`.
  DECLARE found VARCHAR(255) CHARACTER SET utf8mb4;
  DECLARE v DECIMAL(40, 0);
  IF t IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  SET head = idtypes_typeid_head(prefix);
  SET found = IF(LOCATE('_', t) = 0, '', LEFT(t, CHAR_LENGTH(t) - LOCATE('_', REVERSE(t)) + 1));
  IF CAST(found AS BINARY) <> CAST(head AS BINARY) THEN
    CALL idtypes_raise(CONCAT('invalid TypeID: expected ',
                              IF(CHAR_LENGTH(head) = 0, 'no prefix',
                                 CONCAT('the prefix `', head, '`')),
                              ', found ',
                              IF(CHAR_LENGTH(found) = 0, 'none', CONCAT('`', found, '`'))));
  END IF;
  SET v = idtypes_decode(t, head, '0123456789abcdefghjkmnpqrstvwxyz', 26, 'TypeID');
  IF v >= 340282366920938463463374607431768211456 THEN
    CALL idtypes_raise(CONCAT('invalid TypeID: unexpected character ''',
                              SUBSTRING(t, CHAR_LENGTH(head) + 1, 1), ''' at position ',
                              CHAR_LENGTH(head) + 1, ', expected one of `01234567` ',
                              '(a UUID''s suffix starts with 0 to 7)'));
  END IF;
  RETURN UNHEX(idtypes_encode(v, '0123456789ABCDEF', 32));
END $$
"##;

/// The deprecated names of v0.1.0.
const DEPRECATED: &str = r##"-- Deprecated: the names of v0.1.0, kept for one release (renamed uid11_xid_*, so that no one
-- takes them for rs/xid's XID, whose functions are rs_xid_*).
DROP FUNCTION IF EXISTS xid_text $$
CREATE FUNCTION xid_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin
DETERMINISTIC NO SQL RETURN uid11_xid_text(id) $$
DROP FUNCTION IF EXISTS xid_from_text $$
CREATE FUNCTION xid_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN uid11_xid_from_text(t) $$
"##;
