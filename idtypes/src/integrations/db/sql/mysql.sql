-- idtypes: every stored id to its text and back, in MySQL 8 and MariaDB 10.5 and later.
-- `<format>_text(id)` gives the id's canonical text, `<format>_from_text(text)` the value its
-- column holds: a BIGINT (a TID's, a snowish id's or a Snowflake's own integer; the other
-- 64-bit formats' bits with the top one flipped, which keeps the order), a TBSL's 10 bytes as
-- BINARY(10), a ULID's 16 bytes as BINARY(16),
-- a KSUID's 20 bytes as BINARY(20), an rs/xid XID's 12 bytes as BINARY(12).
-- Invalid input raises SQLSTATE 22023 with a message naming the format; NULL gives NULL.
-- In the mysql client, run it as it is (it sets its own DELIMITER). With binary logging on,
-- creating functions needs `log_bin_trust_function_creators = 1` or the SUPER privilege.
DELIMITER $$

DROP FUNCTION IF EXISTS idtypes_encode $$
CREATE FUNCTION idtypes_encode(v DECIMAL(50, 0), alphabet VARCHAR(64), width INT)
RETURNS VARCHAR(40) CHARACTER SET ascii COLLATE ascii_bin DETERMINISTIC NO SQL
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

DROP FUNCTION IF EXISTS idtypes_decode $$
CREATE FUNCTION idtypes_decode(t VARCHAR(64), alphabet VARCHAR(64), width INT, name VARCHAR(32))
RETURNS DECIMAL(50, 0) DETERMINISTIC NO SQL
BEGIN
  DECLARE base INT DEFAULT CHAR_LENGTH(alphabet);
  DECLARE v DECIMAL(50, 0) DEFAULT 0;
  DECLARE d INT;
  DECLARE i INT DEFAULT 1;
  DECLARE message VARCHAR(255);
  IF CHAR_LENGTH(t) <> width THEN
    SET message = CONCAT('invalid ', name, ': expected ', width, ' characters, found ',
                         CHAR_LENGTH(t));
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  WHILE i <= width DO
    -- Bytes, not the collation's letters: `a` is not `A`.
    SET d = INSTR(CAST(alphabet AS BINARY), CAST(SUBSTRING(t, i, 1) AS BINARY));
    IF d = 0 THEN
      SET message = CONCAT('invalid ', name, ': ''', SUBSTRING(t, i, 1), ''' at position ', i,
                           ' is not a character of the format');
      SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
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
  DECLARE message VARCHAR(255);
  IF id < 0 THEN
    SET message = CONCAT('invalid ', name, ': its column holds the ids'' own integers, ',
                         '0 to 2^63 - 1; found ', id);
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN id;
END $$

DROP FUNCTION IF EXISTS idtypes_to_bigint $$
CREATE FUNCTION idtypes_to_bigint(v DECIMAL(21, 0), flipped BOOLEAN, name VARCHAR(32),
                                  t VARCHAR(64))
RETURNS BIGINT DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  IF v >= 18446744073709551616 THEN
    SET message = CONCAT('invalid ', name, ': ''', t, ''' is above the largest id');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  IF flipped THEN
    RETURN CAST(v - 9223372036854775808 AS SIGNED);
  END IF;
  IF v >= 9223372036854775808 THEN
    SET message = CONCAT('invalid ', name, ': ''', t,
                         ''' has the top bit set, which a BIGINT column does not hold');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN CAST(v AS SIGNED);
END $$

-- atproto TID: 13 characters of base32-sortable; the BIGINT is its integer.
DROP FUNCTION IF EXISTS tid_text $$
CREATE FUNCTION tid_text(id BIGINT) RETURNS VARCHAR(13) CHARACTER SET ascii
DETERMINISTIC NO SQL
RETURN idtypes_encode(idtypes_check_natural(id, 'atproto TID'),
                      '234567abcdefghijklmnopqrstuvwxyz', 13) $$

DROP FUNCTION IF EXISTS tid_from_text $$
CREATE FUNCTION tid_from_text(t VARCHAR(64)) RETURNS BIGINT DETERMINISTIC NO SQL
RETURN idtypes_to_bigint(
  idtypes_decode(t, '234567abcdefghijklmnopqrstuvwxyz', 13, 'atproto TID'), FALSE,
  'atproto TID', t) $$

-- TimeId: 13 characters of base32-sortable of the i64 sign-extended to 65 bits; the BIGINT is
-- its bits with the top one flipped. Reads the dashed form too.
DROP FUNCTION IF EXISTS time_id_text $$
CREATE FUNCTION time_id_text(id BIGINT) RETURNS VARCHAR(13) CHARACTER SET ascii
DETERMINISTIC NO SQL
RETURN idtypes_encode(IF(id < 0, CAST(id AS DECIMAL(21, 0)) + 9223372036854775808,
                         CAST(id AS DECIMAL(21, 0)) + 27670116110564327424),
                      '234567abcdefghijklmnopqrstuvwxyz', 13) $$

DROP FUNCTION IF EXISTS time_id_from_text $$
CREATE FUNCTION time_id_from_text(t VARCHAR(64)) RETURNS BIGINT DETERMINISTIC NO SQL
BEGIN
  DECLARE plain VARCHAR(64) DEFAULT t;
  DECLARE v DECIMAL(21, 0);
  DECLARE message VARCHAR(255);
  IF CHAR_LENGTH(t) = 16 AND SUBSTRING(t, 5, 1) = '-' AND SUBSTRING(t, 9, 1) = '-'
     AND SUBSTRING(t, 14, 1) = '-' THEN
    SET plain = CONCAT(SUBSTRING(t, 1, 4), SUBSTRING(t, 6, 3), SUBSTRING(t, 10, 4),
                       SUBSTRING(t, 15, 2));
  END IF;
  SET v = idtypes_decode(plain, '234567abcdefghijklmnopqrstuvwxyz', 13, 'TimeId');
  IF v >= 9223372036854775808 AND v < 27670116110564327424 THEN
    SET message = CONCAT('invalid TimeId: ''', t, ''' is out of range (its first character is c to r)');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  -- The bits (v, less 2^64 for a negative i64), with the top one flipped.
  RETURN CAST(IF(v < 9223372036854775808, v - 9223372036854775808,
                 v - 27670116110564327424) AS SIGNED);
END $$

-- uid11 and its profiles: 11 characters of Base58; the BIGINT is the bits with the top one
-- flipped, except a snowish id's, whose top bit is reserved (0): its own integer.
DROP FUNCTION IF EXISTS idtypes_uid11_text $$
CREATE FUNCTION idtypes_uid11_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET ascii
DETERMINISTIC NO SQL
RETURN idtypes_encode(CAST(id AS DECIMAL(21, 0)) + 9223372036854775808,
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11) $$

DROP FUNCTION IF EXISTS idtypes_uid11_from_text $$
CREATE FUNCTION idtypes_uid11_from_text(t VARCHAR(64), name VARCHAR(32), flipped BOOLEAN)
RETURNS BIGINT DETERMINISTIC NO SQL
RETURN idtypes_to_bigint(idtypes_decode(t,
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, name), flipped, name, t) $$

DROP FUNCTION IF EXISTS uid11_text $$
CREATE FUNCTION uid11_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET ascii
DETERMINISTIC NO SQL RETURN idtypes_uid11_text(id) $$
DROP FUNCTION IF EXISTS uid11_from_text $$
CREATE FUNCTION uid11_from_text(t VARCHAR(64)) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN idtypes_uid11_from_text(t, 'uid11', TRUE) $$
DROP FUNCTION IF EXISTS uid11_xid_text $$
CREATE FUNCTION uid11_xid_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET ascii
DETERMINISTIC NO SQL RETURN idtypes_uid11_text(id) $$
DROP FUNCTION IF EXISTS uid11_xid_from_text $$
CREATE FUNCTION uid11_xid_from_text(t VARCHAR(64)) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN idtypes_uid11_from_text(t, 'uid11 xid', TRUE) $$
-- Deprecated: the names of v0.1.0, kept for one release (renamed uid11_xid_*, so that no one
-- takes them for rs/xid's XID, whose functions are rs_xid_*).
DROP FUNCTION IF EXISTS xid_text $$
CREATE FUNCTION xid_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET ascii
DETERMINISTIC NO SQL RETURN uid11_xid_text(id) $$
DROP FUNCTION IF EXISTS xid_from_text $$
CREATE FUNCTION xid_from_text(t VARCHAR(64)) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN uid11_xid_from_text(t) $$
DROP FUNCTION IF EXISTS ts_seq_rand_text $$
CREATE FUNCTION ts_seq_rand_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET ascii
DETERMINISTIC NO SQL RETURN idtypes_uid11_text(id) $$
DROP FUNCTION IF EXISTS ts_seq_rand_from_text $$
CREATE FUNCTION ts_seq_rand_from_text(t VARCHAR(64)) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN idtypes_uid11_from_text(t, 'ts-seq-rand uid11', TRUE) $$
DROP FUNCTION IF EXISTS fullrand_text $$
CREATE FUNCTION fullrand_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET ascii
DETERMINISTIC NO SQL RETURN idtypes_uid11_text(id) $$
DROP FUNCTION IF EXISTS fullrand_from_text $$
CREATE FUNCTION fullrand_from_text(t VARCHAR(64)) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN idtypes_uid11_from_text(t, 'fullrand uid11', TRUE) $$
DROP FUNCTION IF EXISTS snowish_text $$
CREATE FUNCTION snowish_text(id BIGINT) RETURNS VARCHAR(11) CHARACTER SET ascii
DETERMINISTIC NO SQL
RETURN idtypes_encode(idtypes_check_natural(id, 'snowish uid11'),
  '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11) $$
DROP FUNCTION IF EXISTS snowish_from_text $$
CREATE FUNCTION snowish_from_text(t VARCHAR(64)) RETURNS BIGINT
DETERMINISTIC NO SQL RETURN idtypes_uid11_from_text(t, 'snowish uid11', FALSE) $$

-- Snowflake: the decimal number, as Twitter's and Discord's APIs write it (no sign, no leading
-- zeros, at most 2^63 - 1); the BIGINT is its integer.
DROP FUNCTION IF EXISTS snowflake_text $$
CREATE FUNCTION snowflake_text(id BIGINT) RETURNS VARCHAR(19) CHARACTER SET ascii
DETERMINISTIC NO SQL RETURN CAST(idtypes_check_natural(id, 'Snowflake') AS CHAR) $$

DROP FUNCTION IF EXISTS snowflake_from_text $$
CREATE FUNCTION snowflake_from_text(t VARCHAR(64)) RETURNS BIGINT DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  IF CAST(t AS BINARY) NOT REGEXP BINARY '^(0|[1-9][0-9]{0,18})$' THEN
    SET message = CONCAT('invalid Snowflake: expected 1 to 19 digits without sign or leading ',
                         'zeros, found ''', t, '''');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  IF CAST(t AS DECIMAL(21, 0)) > 9223372036854775807 THEN
    SET message = CONCAT('invalid Snowflake: ''', t,
                         ''' is above the largest, 9223372036854775807');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN CAST(t AS SIGNED);
END $$

-- TBSL: 20 uppercase hex digits; the column holds its 10 bytes.
DROP FUNCTION IF EXISTS tbsl_text $$
CREATE FUNCTION tbsl_text(id VARBINARY(16)) RETURNS VARCHAR(20) CHARACTER SET ascii
DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  IF LENGTH(id) <> 10 THEN
    SET message = CONCAT('invalid TBSL: expected 10 bytes, found ', LENGTH(id));
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN HEX(id);
END $$

DROP FUNCTION IF EXISTS tbsl_from_text $$
CREATE FUNCTION tbsl_from_text(t VARCHAR(64)) RETURNS VARBINARY(10) DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  IF CAST(t AS BINARY) NOT REGEXP BINARY '^[0-9A-F]{20}$' THEN
    SET message = CONCAT('invalid TBSL: expected 20 characters 0-9 and A-F, found ''', t, '''');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN UNHEX(t);
END $$

-- ULID: 26 characters of Crockford base32, written in uppercase and read in either case; the
-- column holds its 16 bytes (PostgreSQL's is a UUID).
DROP FUNCTION IF EXISTS ulid_text $$
CREATE FUNCTION ulid_text(id VARBINARY(16)) RETURNS VARCHAR(26) CHARACTER SET ascii
DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  DECLARE v DECIMAL(40, 0) DEFAULT 0;
  DECLARE i INT DEFAULT 1;
  IF LENGTH(id) <> 16 THEN
    SET message = CONCAT('invalid ULID: expected 16 bytes, found ', LENGTH(id));
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  WHILE i <= 16 DO
    SET v = v * 256 + ORD(SUBSTRING(id, i, 1));
    SET i = i + 1;
  END WHILE;
  RETURN idtypes_encode(v, '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26);
END $$

DROP FUNCTION IF EXISTS ulid_from_text $$
CREATE FUNCTION ulid_from_text(t VARCHAR(64)) RETURNS BINARY(16) DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  DECLARE v DECIMAL(40, 0);
  -- Either case, of ASCII letters only (`UPPER` of another letter may be an ASCII one).
  IF CAST(t AS BINARY) REGEXP BINARY '^[0-9A-Za-z]*$' THEN
    SET t = UPPER(t);
  END IF;
  SET v = idtypes_decode(t, '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26, 'ULID');
  IF v >= 340282366920938463463374607431768211456 THEN
    SET message = CONCAT('invalid ULID: ''', t, ''' is above the largest ULID, ',
                         '7ZZZZZZZZZZZZZZZZZZZZZZZZZ');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN UNHEX(idtypes_encode(v, '0123456789ABCDEF', 32));
END $$

-- KSUID: 27 characters of base62 (0-9A-Za-z, nothing else), at most
-- aWgEPTl1tmebfsQzFP4bxwgy80V; the column holds its 20 bytes.
DROP FUNCTION IF EXISTS ksuid_text $$
CREATE FUNCTION ksuid_text(id VARBINARY(32)) RETURNS VARCHAR(27) CHARACTER SET ascii
DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  DECLARE v DECIMAL(50, 0) DEFAULT 0;
  DECLARE i INT DEFAULT 1;
  IF LENGTH(id) <> 20 THEN
    SET message = CONCAT('invalid KSUID: expected 20 bytes, found ', LENGTH(id));
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  WHILE i <= 20 DO
    SET v = v * 256 + ORD(SUBSTRING(id, i, 1));
    SET i = i + 1;
  END WHILE;
  RETURN idtypes_encode(v, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27);
END $$

DROP FUNCTION IF EXISTS ksuid_from_text $$
CREATE FUNCTION ksuid_from_text(t VARCHAR(64)) RETURNS BINARY(20) DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  DECLARE v DECIMAL(50, 0);
  SET v = idtypes_decode(t, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz',
                         27, 'KSUID');
  IF v >= 1461501637330902918203684832716283019655932542976 THEN
    SET message = CONCAT('invalid KSUID: ''', t, ''' is above the largest KSUID, ',
                         'aWgEPTl1tmebfsQzFP4bxwgy80V');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN UNHEX(idtypes_encode(v, '0123456789ABCDEF', 40));
END $$

-- Sonyflake: the decimal number, as Snowflake's (no sign, no leading zeros, at most 2^63 - 1);
-- the BIGINT is its integer.
DROP FUNCTION IF EXISTS sonyflake_text $$
CREATE FUNCTION sonyflake_text(id BIGINT) RETURNS VARCHAR(19) CHARACTER SET ascii
DETERMINISTIC NO SQL RETURN CAST(idtypes_check_natural(id, 'Sonyflake') AS CHAR) $$

DROP FUNCTION IF EXISTS sonyflake_from_text $$
CREATE FUNCTION sonyflake_from_text(t VARCHAR(64)) RETURNS BIGINT DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  IF CAST(t AS BINARY) NOT REGEXP BINARY '^(0|[1-9][0-9]{0,18})$' THEN
    SET message = CONCAT('invalid Sonyflake: expected 1 to 19 digits without sign or leading ',
                         'zeros, found ''', t, '''');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  IF CAST(t AS DECIMAL(21, 0)) > 9223372036854775807 THEN
    SET message = CONCAT('invalid Sonyflake: ''', t,
                         ''' is above the largest, 9223372036854775807');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN CAST(t AS SIGNED);
END $$

-- rs/xid XID: 20 characters of lowercase base32hex (0-9, a-v), the 96 bits of its 12 bytes then
-- 4 zero bits (so the last character is 0 or g); the column holds the 12 bytes.
DROP FUNCTION IF EXISTS rs_xid_text $$
CREATE FUNCTION rs_xid_text(id VARBINARY(16)) RETURNS VARCHAR(20) CHARACTER SET ascii
DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  DECLARE v DECIMAL(40, 0) DEFAULT 0;
  DECLARE i INT DEFAULT 1;
  IF LENGTH(id) <> 12 THEN
    SET message = CONCAT('invalid rs/xid XID: expected 12 bytes, found ', LENGTH(id));
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  WHILE i <= 12 DO
    SET v = v * 256 + ORD(SUBSTRING(id, i, 1));
    SET i = i + 1;
  END WHILE;
  RETURN idtypes_encode(v * 16, '0123456789abcdefghijklmnopqrstuv', 20);
END $$

DROP FUNCTION IF EXISTS rs_xid_from_text $$
CREATE FUNCTION rs_xid_from_text(t VARCHAR(64)) RETURNS BINARY(12) DETERMINISTIC NO SQL
BEGIN
  DECLARE message VARCHAR(255);
  DECLARE v DECIMAL(40, 0);
  -- Lowercase only, as rs/xid reads it (idtypes_decode compares bytes).
  SET v = idtypes_decode(t, '0123456789abcdefghijklmnopqrstuv', 20, 'rs/xid XID');
  IF MOD(v, 16) <> 0 THEN
    SET message = CONCAT('invalid rs/xid XID: ''', t, ''' ends in ''', SUBSTRING(t, 20, 1),
                         ''', expected 0 or g there');
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = message;
  END IF;
  RETURN UNHEX(idtypes_encode((v - MOD(v, 16)) / 16, '0123456789ABCDEF', 24));
END $$

DELIMITER ;
