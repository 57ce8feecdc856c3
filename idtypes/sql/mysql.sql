-- idtypes: every stored id to its text and back, in MySQL 8 and MariaDB 10.5 and later.
--
-- Generated from the table of formats (idtypes/src/formats/mod.rs) by
-- idtypes/src/integrations/db/sql/generate/: do not edit it, regenerate it with
-- `IDTYPES_BLESS=1 cargo test -p idtypes --lib sql::generate`.
--
-- For every format, `<format>_text(id)` gives the id's canonical text, `<format>_from_text(text)`
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
DELIMITER $$

-- Helpers of v0.1.0 that the functions no longer call.
DROP FUNCTION IF EXISTS idtypes_uid11_text $$
DROP FUNCTION IF EXISTS idtypes_uid11_from_text $$
DROP FUNCTION IF EXISTS idtypes_upper_crockford $$

-- Raises `message` (SQLSTATE 22023), which the server keeps to 128 characters in MySQL and 512
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

-- The decimal text (`sql: decimal`), as Twitter's and Discord's APIs write a Snowflake: no
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

-- atproto TID: 13 base32-sortable characters; the BIGINT is its integer.
DROP FUNCTION IF EXISTS tid_text $$
CREATE FUNCTION tid_text(id BIGINT) RETURNS VARCHAR(13) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(idtypes_check_natural(id, 'atproto TID'),
  '234567abcdefghijklmnopqrstuvwxyz', 13) $$

DROP FUNCTION IF EXISTS tid_from_prefixed_text $$
CREATE FUNCTION tid_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL
RETURN idtypes_to_bigint(idtypes_decode(t, prefix,
    '234567abcdefghijklmnopqrstuvwxyz', 13, 'atproto TID'),
  FALSE, 'atproto TID', t) $$
DROP FUNCTION IF EXISTS tid_from_text $$
CREATE FUNCTION tid_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN tid_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS tid_prefixed_text $$
CREATE FUNCTION tid_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, tid_text(id)) $$

-- TimeId: 13 characters of base32-sortable of the i64 sign-extended to 65 bits; the BIGINT is
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

DROP FUNCTION IF EXISTS time_id_from_text $$
CREATE FUNCTION time_id_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN time_id_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS time_id_prefixed_text $$
CREATE FUNCTION time_id_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, time_id_text(id)) $$

-- uid11: 11 Base58 characters; the BIGINT is its bits with the top one flipped.
DROP FUNCTION IF EXISTS uid11_text $$
CREATE FUNCTION uid11_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(CAST(id AS DECIMAL(21, 0)) + 9223372036854775808,
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11) $$

DROP FUNCTION IF EXISTS uid11_from_prefixed_text $$
CREATE FUNCTION uid11_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL
RETURN idtypes_to_bigint(idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'uid11'),
  TRUE, 'uid11', t) $$
DROP FUNCTION IF EXISTS uid11_from_text $$
CREATE FUNCTION uid11_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN uid11_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS uid11_prefixed_text $$
CREATE FUNCTION uid11_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, uid11_text(id)) $$

-- uid11 xid: 11 Base58 characters; the BIGINT is its bits with the top one flipped.
DROP FUNCTION IF EXISTS uid11_xid_text $$
CREATE FUNCTION uid11_xid_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(CAST(id AS DECIMAL(21, 0)) + 9223372036854775808,
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11) $$

DROP FUNCTION IF EXISTS uid11_xid_from_prefixed_text $$
CREATE FUNCTION uid11_xid_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL
RETURN idtypes_to_bigint(idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'uid11 xid'),
  TRUE, 'uid11 xid', t) $$
DROP FUNCTION IF EXISTS uid11_xid_from_text $$
CREATE FUNCTION uid11_xid_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN uid11_xid_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS uid11_xid_prefixed_text $$
CREATE FUNCTION uid11_xid_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, uid11_xid_text(id)) $$

-- snowish uid11: 11 Base58 characters; the BIGINT is its integer.
DROP FUNCTION IF EXISTS snowish_text $$
CREATE FUNCTION snowish_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(idtypes_check_natural(id, 'snowish uid11'),
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11) $$

DROP FUNCTION IF EXISTS snowish_from_prefixed_text $$
CREATE FUNCTION snowish_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL
RETURN idtypes_to_bigint(idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'snowish uid11'),
  FALSE, 'snowish uid11', t) $$
DROP FUNCTION IF EXISTS snowish_from_text $$
CREATE FUNCTION snowish_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN snowish_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS snowish_prefixed_text $$
CREATE FUNCTION snowish_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, snowish_text(id)) $$

-- ts-seq-rand uid11: 11 Base58 characters; the BIGINT is its bits with the top one flipped.
DROP FUNCTION IF EXISTS ts_seq_rand_text $$
CREATE FUNCTION ts_seq_rand_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(CAST(id AS DECIMAL(21, 0)) + 9223372036854775808,
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11) $$

DROP FUNCTION IF EXISTS ts_seq_rand_from_prefixed_text $$
CREATE FUNCTION ts_seq_rand_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL
RETURN idtypes_to_bigint(idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'ts-seq-rand uid11'),
  TRUE, 'ts-seq-rand uid11', t) $$
DROP FUNCTION IF EXISTS ts_seq_rand_from_text $$
CREATE FUNCTION ts_seq_rand_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN ts_seq_rand_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS ts_seq_rand_prefixed_text $$
CREATE FUNCTION ts_seq_rand_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, ts_seq_rand_text(id)) $$

-- fullrand uid11: 11 Base58 characters; the BIGINT is its bits with the top one flipped.
DROP FUNCTION IF EXISTS fullrand_text $$
CREATE FUNCTION fullrand_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(CAST(id AS DECIMAL(21, 0)) + 9223372036854775808,
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11) $$

DROP FUNCTION IF EXISTS fullrand_from_prefixed_text $$
CREATE FUNCTION fullrand_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL
RETURN idtypes_to_bigint(idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'fullrand uid11'),
  TRUE, 'fullrand uid11', t) $$
DROP FUNCTION IF EXISTS fullrand_from_text $$
CREATE FUNCTION fullrand_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN fullrand_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS fullrand_prefixed_text $$
CREATE FUNCTION fullrand_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, fullrand_text(id)) $$

-- Snowflake: 1 to 19 decimal digits, without sign or leading zeros (at most 2^63 - 1); the
-- BIGINT is its integer.
DROP FUNCTION IF EXISTS snowflake_text $$
CREATE FUNCTION snowflake_text(id BIGINT) RETURNS VARCHAR(19) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CAST(idtypes_check_natural(id, 'Snowflake') AS CHAR) $$
DROP FUNCTION IF EXISTS snowflake_from_prefixed_text $$
CREATE FUNCTION snowflake_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL RETURN idtypes_decimal_from_text(t, prefix, 'Snowflake') $$
DROP FUNCTION IF EXISTS snowflake_from_text $$
CREATE FUNCTION snowflake_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN snowflake_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS snowflake_prefixed_text $$
CREATE FUNCTION snowflake_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, snowflake_text(id)) $$

-- TBSL: 20 uppercase hex characters; the column holds its 10 bytes (BINARY(10)).
DROP FUNCTION IF EXISTS tbsl_text $$
CREATE FUNCTION tbsl_text(id VARBINARY(16)) RETURNS VARCHAR(20) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN IF(LENGTH(id) = 10, HEX(id),
  CAST(idtypes_bytes_value(id, 10, 'TBSL') AS CHAR)) $$

DROP FUNCTION IF EXISTS tbsl_from_prefixed_text $$
CREATE FUNCTION tbsl_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BINARY(10) DETERMINISTIC NO SQL
RETURN IF(idtypes_decode(t, prefix,
    '0123456789ABCDEF', 20, 'TBSL') IS NULL, NULL,
  UNHEX(SUBSTRING(t, CHAR_LENGTH(prefix) + 1))) $$
DROP FUNCTION IF EXISTS tbsl_from_text $$
CREATE FUNCTION tbsl_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BINARY(10)
DETERMINISTIC NO SQL RETURN tbsl_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS tbsl_prefixed_text $$
CREATE FUNCTION tbsl_prefixed_text(id VARBINARY(16), prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, tbsl_text(id)) $$

-- ULID: 26 Crockford base32 characters, read in either case, at most
-- 7ZZZZZZZZZZZZZZZZZZZZZZZZZ; the column holds its 16 bytes (BINARY(16)).
DROP FUNCTION IF EXISTS ulid_text $$
CREATE FUNCTION ulid_text(id VARBINARY(16)) RETURNS VARCHAR(26) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(idtypes_bytes_value(id, 16, 'ULID'),
  '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26) $$

DROP FUNCTION IF EXISTS ulid_from_prefixed_text $$
CREATE FUNCTION ulid_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BINARY(16) DETERMINISTIC NO SQL
BEGIN
  DECLARE v DECIMAL(50, 0);
  IF t IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  -- Its letters in the other case read as its own, and nothing else: another character is
  -- refused as written.
  SET v = idtypes_decode(CONCAT(LEFT(t, CHAR_LENGTH(prefix)),
                         idtypes_translate(SUBSTRING(t, CHAR_LENGTH(prefix) + 1),
                         'abcdefghjkmnpqrstvwxyz', 'ABCDEFGHJKMNPQRSTVWXYZ')), prefix,
    '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26, 'ULID');
  IF v >= 340282366920938463463374607431768211456 THEN
    CALL idtypes_raise(CONCAT('invalid ULID: ''', t, ''' is above the largest ULID, ',
                              '7ZZZZZZZZZZZZZZZZZZZZZZZZZ'));
  END IF;
  RETURN UNHEX(idtypes_encode(v, '0123456789ABCDEF', 32));
END $$
DROP FUNCTION IF EXISTS ulid_from_text $$
CREATE FUNCTION ulid_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BINARY(16)
DETERMINISTIC NO SQL RETURN ulid_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS ulid_prefixed_text $$
CREATE FUNCTION ulid_prefixed_text(id VARBINARY(16), prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, ulid_text(id)) $$

-- KSUID: 27 base62 characters, at most aWgEPTl1tmebfsQzFP4bxwgy80V; the column holds its 20
-- bytes (BINARY(20)).
DROP FUNCTION IF EXISTS ksuid_text $$
CREATE FUNCTION ksuid_text(id VARBINARY(32)) RETURNS VARCHAR(27) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(idtypes_bytes_value(id, 20, 'KSUID'),
  '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27) $$

DROP FUNCTION IF EXISTS ksuid_from_prefixed_text $$
CREATE FUNCTION ksuid_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BINARY(20) DETERMINISTIC NO SQL
BEGIN
  DECLARE v DECIMAL(50, 0);
  IF t IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  SET v = idtypes_decode(t, prefix,
    '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27, 'KSUID');
  IF v >= 1461501637330902918203684832716283019655932542976 THEN
    CALL idtypes_raise(CONCAT('invalid KSUID: ''', t, ''' is above the largest KSUID, ',
                              'aWgEPTl1tmebfsQzFP4bxwgy80V'));
  END IF;
  RETURN UNHEX(idtypes_encode(v, '0123456789ABCDEF', 40));
END $$
DROP FUNCTION IF EXISTS ksuid_from_text $$
CREATE FUNCTION ksuid_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BINARY(20)
DETERMINISTIC NO SQL RETURN ksuid_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS ksuid_prefixed_text $$
CREATE FUNCTION ksuid_prefixed_text(id VARBINARY(32), prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, ksuid_text(id)) $$

-- Sonyflake: 1 to 19 decimal digits, without sign or leading zeros (at most 2^63 - 1); the
-- BIGINT is its integer.
DROP FUNCTION IF EXISTS sonyflake_text $$
CREATE FUNCTION sonyflake_text(id BIGINT) RETURNS VARCHAR(19) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CAST(idtypes_check_natural(id, 'Sonyflake') AS CHAR) $$
DROP FUNCTION IF EXISTS sonyflake_from_prefixed_text $$
CREATE FUNCTION sonyflake_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BIGINT DETERMINISTIC NO SQL RETURN idtypes_decimal_from_text(t, prefix, 'Sonyflake') $$
DROP FUNCTION IF EXISTS sonyflake_from_text $$
CREATE FUNCTION sonyflake_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN sonyflake_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS sonyflake_prefixed_text $$
CREATE FUNCTION sonyflake_prefixed_text(id BIGINT, prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, sonyflake_text(id)) $$

-- rs/xid XID: 20 lowercase base32hex characters, the value times 16 (the last character 0 or
-- g); the column holds its 12 bytes (BINARY(12)).
DROP FUNCTION IF EXISTS rs_xid_text $$
CREATE FUNCTION rs_xid_text(id VARBINARY(16)) RETURNS VARCHAR(20) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN idtypes_encode(idtypes_bytes_value(id, 12, 'rs/xid XID') * 16,
  '0123456789abcdefghijklmnopqrstuv', 20) $$

DROP FUNCTION IF EXISTS rs_xid_from_prefixed_text $$
CREATE FUNCTION rs_xid_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BINARY(12) DETERMINISTIC NO SQL
BEGIN
  DECLARE v DECIMAL(50, 0);
  IF t IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  SET v = idtypes_decode(t, prefix,
    '0123456789abcdefghijklmnopqrstuv', 20, 'rs/xid XID');
  IF MOD(v, 16) <> 0 THEN
    CALL idtypes_raise(CONCAT('invalid rs/xid XID: ''', t, ''' ends in ''', RIGHT(t, 1),
                              ''' (position ', CHAR_LENGTH(t), '), expected 0 or g there'));
  END IF;
  RETURN UNHEX(idtypes_encode((v - MOD(v, 16)) / 16, '0123456789ABCDEF', 24));
END $$
DROP FUNCTION IF EXISTS rs_xid_from_text $$
CREATE FUNCTION rs_xid_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BINARY(12)
DETERMINISTIC NO SQL RETURN rs_xid_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS rs_xid_prefixed_text $$
CREATE FUNCTION rs_xid_prefixed_text(id VARBINARY(16), prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, rs_xid_text(id)) $$

-- ObjectId: 24 hexadecimal digits, read in either case; the column holds its 12 bytes
-- (BINARY(12)).
DROP FUNCTION IF EXISTS object_id_text $$
CREATE FUNCTION object_id_text(id VARBINARY(16)) RETURNS VARCHAR(24) CHARACTER SET utf8mb4
COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN IF(LENGTH(id) = 12, LOWER(HEX(id)),
  CAST(idtypes_bytes_value(id, 12, 'ObjectId') AS CHAR)) $$

DROP FUNCTION IF EXISTS object_id_from_prefixed_text $$
CREATE FUNCTION object_id_from_prefixed_text(t VARCHAR(255) CHARACTER SET utf8mb4,
    prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS BINARY(12) DETERMINISTIC NO SQL
RETURN IF(idtypes_decode(CONCAT(LEFT(t, CHAR_LENGTH(prefix)),
                         idtypes_translate(SUBSTRING(t, CHAR_LENGTH(prefix) + 1),
                         'ABCDEF', 'abcdef')), prefix,
    '0123456789abcdef', 24, 'ObjectId') IS NULL, NULL,
  UNHEX(SUBSTRING(t, CHAR_LENGTH(prefix) + 1))) $$
DROP FUNCTION IF EXISTS object_id_from_text $$
CREATE FUNCTION object_id_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BINARY(12)
DETERMINISTIC NO SQL RETURN object_id_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS object_id_prefixed_text $$
CREATE FUNCTION object_id_prefixed_text(id VARBINARY(16), prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, object_id_text(id)) $$

-- UUID: written hyphenated in lowercase (`01890a5d-ac96-774b-bcce-b302099a8057`), as
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
DROP FUNCTION IF EXISTS uuid_from_text $$
CREATE FUNCTION uuid_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BINARY(16)
DETERMINISTIC NO SQL RETURN uuid_from_prefixed_text(t, '') $$
DROP FUNCTION IF EXISTS uuid_prefixed_text $$
CREATE FUNCTION uuid_prefixed_text(id VARBINARY(16), prefix VARCHAR(255) CHARACTER SET utf8mb4)
RETURNS VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin DETERMINISTIC NO SQL
RETURN CONCAT(prefix, uuid_text(id)) $$

-- A UUID's TypeID text (the TypeID specification, v0.3.0): the prefix, 0 to 63 characters of
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

-- Deprecated: the names of v0.1.0, kept for one release (renamed uid11_xid_*, so that no one
-- takes them for rs/xid's XID, whose functions are rs_xid_*).
DROP FUNCTION IF EXISTS xid_text $$
CREATE FUNCTION xid_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET utf8mb4 COLLATE utf8mb4_bin
DETERMINISTIC NO SQL RETURN uid11_xid_text(id) $$
DROP FUNCTION IF EXISTS xid_from_text $$
CREATE FUNCTION xid_from_text(t VARCHAR(255) CHARACTER SET utf8mb4) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN uid11_xid_from_text(t) $$

DELIMITER ;
