-- idtypes: every stored id to its text and back, in PostgreSQL (PL/pgSQL, 11 and later).
-- `<format>_text(id)` gives the id's canonical text, `<format>_from_text(text)` the value its
-- column holds: a BIGINT (a TID's, a snowish id's or a Snowflake's own integer; the other
-- 64-bit formats' bits with the top one flipped, which keeps the order), a TBSL's 10 bytes as
-- BYTEA, a ULID as a UUID, a KSUID's 20 bytes as BYTEA,
-- an rs/xid XID's 12 bytes as BYTEA.
-- Invalid input raises an error naming the format (SQLSTATE 22P02); NULL gives NULL.

CREATE OR REPLACE FUNCTION idtypes_encode(v numeric, alphabet text, width int)
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

CREATE OR REPLACE FUNCTION idtypes_decode(t text, alphabet text, width int, name text)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  base int := length(alphabet);
  v numeric := 0;
  d int;
BEGIN
  IF length(t) <> width THEN
    RAISE EXCEPTION 'invalid %: expected % characters, found %', name, width, length(t)
      USING ERRCODE = '22P02';
  END IF;
  FOR i IN 1..width LOOP
    d := strpos(alphabet, substr(t, i, 1));
    IF d = 0 THEN
      RAISE EXCEPTION 'invalid %: % at position % is not a character of the format',
        name, quote_literal(substr(t, i, 1)), i USING ERRCODE = '22P02';
    END IF;
    v := v * base + (d - 1);
  END LOOP;
  RETURN v;
END $$;

CREATE OR REPLACE FUNCTION idtypes_check_natural(id bigint, name text)
RETURNS numeric LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF id < 0 THEN
    RAISE EXCEPTION 'invalid %: its column holds the ids'' own integers, 0 to 2^63 - 1; found %',
      name, id USING ERRCODE = '22P02';
  END IF;
  RETURN id::numeric;
END $$;

CREATE OR REPLACE FUNCTION idtypes_to_bigint(v numeric, flipped boolean, name text, t text)
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

-- atproto TID: 13 characters of base32-sortable; the BIGINT is its integer.
CREATE OR REPLACE FUNCTION tid_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT idtypes_encode(idtypes_check_natural(id, 'atproto TID'),
                        '234567abcdefghijklmnopqrstuvwxyz', 13)
$$;

CREATE OR REPLACE FUNCTION tid_from_text(t text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT idtypes_to_bigint(idtypes_decode(t, '234567abcdefghijklmnopqrstuvwxyz', 13, 'atproto TID'),
                           false, 'atproto TID', t)
$$;

-- TimeId: 13 characters of base32-sortable of the i64 sign-extended to 65 bits; the BIGINT is
-- its bits with the top one flipped. Reads the dashed form (STTT-TTT-TTTT-CC) too.
CREATE OR REPLACE FUNCTION time_id_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT idtypes_encode(CASE WHEN id < 0 THEN id::numeric + 9223372036854775808
                             ELSE id::numeric + 27670116110564327424 END,
                        '234567abcdefghijklmnopqrstuvwxyz', 13)
$$;

CREATE OR REPLACE FUNCTION time_id_from_text(t text)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  plain text := t;
  v numeric;
BEGIN
  IF length(t) = 16 AND substr(t, 5, 1) = '-' AND substr(t, 9, 1) = '-'
     AND substr(t, 14, 1) = '-' THEN
    plain := substr(t, 1, 4) || substr(t, 6, 3) || substr(t, 10, 4) || substr(t, 15, 2);
  END IF;
  v := idtypes_decode(plain, '234567abcdefghijklmnopqrstuvwxyz', 13, 'TimeId');
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

-- uid11 and its profiles: 11 characters of Base58; the BIGINT is the bits with the top one
-- flipped, except a snowish id's, whose top bit is reserved (0): its own integer.
CREATE OR REPLACE FUNCTION idtypes_uid11_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT idtypes_encode(id::numeric + 9223372036854775808,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11)
$$;

CREATE OR REPLACE FUNCTION idtypes_uid11_from_text(t text, name text, flipped boolean)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT idtypes_to_bigint(idtypes_decode(t,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, name), flipped, name, t)
$$;

CREATE OR REPLACE FUNCTION uid11_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_text(id) $$;
CREATE OR REPLACE FUNCTION uid11_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_from_text(t, 'uid11', true) $$;
CREATE OR REPLACE FUNCTION uid11_xid_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_text(id) $$;
CREATE OR REPLACE FUNCTION uid11_xid_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_from_text(t, 'uid11 xid', true) $$;
-- Deprecated: the names of v0.1.0, kept for one release (renamed uid11_xid_*, so that no one
-- takes them for rs/xid's XID, whose functions are rs_xid_*).
CREATE OR REPLACE FUNCTION xid_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT uid11_xid_text(id) $$;
CREATE OR REPLACE FUNCTION xid_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT uid11_xid_from_text(t) $$;
CREATE OR REPLACE FUNCTION ts_seq_rand_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_text(id) $$;
CREATE OR REPLACE FUNCTION ts_seq_rand_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_from_text(t, 'ts-seq-rand uid11', true) $$;
CREATE OR REPLACE FUNCTION fullrand_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_text(id) $$;
CREATE OR REPLACE FUNCTION fullrand_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_from_text(t, 'fullrand uid11', true) $$;
CREATE OR REPLACE FUNCTION snowish_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT idtypes_encode(idtypes_check_natural(id, 'snowish uid11'),
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11)
$$;
CREATE OR REPLACE FUNCTION snowish_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT idtypes_uid11_from_text(t, 'snowish uid11', false) $$;

-- Snowflake: the decimal number, as Twitter's and Discord's APIs write it (no sign, no leading
-- zeros, at most 2^63 - 1); the BIGINT is its integer.
CREATE OR REPLACE FUNCTION snowflake_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT idtypes_check_natural(id, 'Snowflake')::text
$$;

CREATE OR REPLACE FUNCTION snowflake_from_text(t text)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF t !~ '^(0|[1-9][0-9]{0,18})$' THEN
    RAISE EXCEPTION
      'invalid Snowflake: expected 1 to 19 digits without sign or leading zeros, found %',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  IF t::numeric > 9223372036854775807 THEN
    RAISE EXCEPTION 'invalid Snowflake: % is above the largest, 9223372036854775807',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  RETURN t::bigint;
END $$;

-- TBSL: 20 uppercase hex digits; the column holds its 10 bytes.
CREATE OR REPLACE FUNCTION tbsl_text(id bytea)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF length(id) <> 10 THEN
    RAISE EXCEPTION 'invalid TBSL: expected 10 bytes, found %', length(id) USING ERRCODE = '22P02';
  END IF;
  RETURN upper(encode(id, 'hex'));
END $$;

CREATE OR REPLACE FUNCTION tbsl_from_text(t text)
RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF t !~ '^[0-9A-F]{20}$' THEN
    RAISE EXCEPTION 'invalid TBSL: expected 20 characters 0-9 and A-F, found %', quote_literal(t)
      USING ERRCODE = '22P02';
  END IF;
  RETURN decode(t, 'hex');
END $$;

-- ULID: 26 characters of Crockford base32, written in uppercase and read in either case; the
-- column is a UUID (its 16 bytes are the ULID's).
CREATE OR REPLACE FUNCTION ulid_text(id uuid)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  h text := replace(id::text, '-', '');
  v numeric := 0;
BEGIN
  FOR i IN 1..32 LOOP
    v := v * 16 + (strpos('0123456789abcdef', substr(h, i, 1)) - 1);
  END LOOP;
  RETURN idtypes_encode(v, '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26);
END $$;

CREATE OR REPLACE FUNCTION ulid_from_text(t text)
RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric;
BEGIN
  -- Either case, of ASCII letters only (`upper` of another letter may be an ASCII one).
  v := idtypes_decode(CASE WHEN t ~ '^[0-9A-Za-z]*$' THEN upper(t) ELSE t END,
                      '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26, 'ULID');
  IF v >= 340282366920938463463374607431768211456 THEN
    RAISE EXCEPTION 'invalid ULID: % is above the largest ULID, 7ZZZZZZZZZZZZZZZZZZZZZZZZZ',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  RETURN idtypes_encode(v, '0123456789abcdef', 32)::uuid;
END $$;

-- KSUID: 27 characters of base62 (0-9A-Za-z, nothing else), at most
-- aWgEPTl1tmebfsQzFP4bxwgy80V; the column holds its 20 bytes.
CREATE OR REPLACE FUNCTION ksuid_text(id bytea)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric := 0;
BEGIN
  IF length(id) <> 20 THEN
    RAISE EXCEPTION 'invalid KSUID: expected 20 bytes, found %', length(id) USING ERRCODE = '22P02';
  END IF;
  FOR i IN 0..19 LOOP
    v := v * 256 + get_byte(id, i);
  END LOOP;
  RETURN idtypes_encode(v, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27);
END $$;

CREATE OR REPLACE FUNCTION ksuid_from_text(t text)
RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric;
BEGIN
  v := idtypes_decode(t, '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27,
                      'KSUID');
  IF v >= 1461501637330902918203684832716283019655932542976 THEN
    RAISE EXCEPTION 'invalid KSUID: % is above the largest KSUID, aWgEPTl1tmebfsQzFP4bxwgy80V',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  RETURN decode(idtypes_encode(v, '0123456789abcdef', 40), 'hex');
END $$;

-- Sonyflake: the decimal number, as Snowflake's (no sign, no leading zeros, at most 2^63 - 1);
-- the BIGINT is its integer.
CREATE OR REPLACE FUNCTION sonyflake_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT idtypes_check_natural(id, 'Sonyflake')::text
$$;

CREATE OR REPLACE FUNCTION sonyflake_from_text(t text)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF t !~ '^(0|[1-9][0-9]{0,18})$' THEN
    RAISE EXCEPTION 'invalid Sonyflake: expected 1 to 19 digits without sign or leading zeros, found %',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  IF t::numeric > 9223372036854775807 THEN
    RAISE EXCEPTION 'invalid Sonyflake: % is above the largest, 9223372036854775807',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  RETURN t::bigint;
END $$;

-- rs/xid XID: 20 characters of lowercase base32hex (0-9, a-v), the 96 bits of its 12 bytes then
-- 4 zero bits (so the last character is 0 or g); the column holds the 12 bytes.
CREATE OR REPLACE FUNCTION rs_xid_text(id bytea)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric := 0;
BEGIN
  IF length(id) <> 12 THEN
    RAISE EXCEPTION 'invalid rs/xid XID: expected 12 bytes, found %', length(id)
      USING ERRCODE = '22P02';
  END IF;
  FOR i IN 0..11 LOOP
    v := v * 256 + get_byte(id, i);
  END LOOP;
  RETURN idtypes_encode(v * 16, '0123456789abcdefghijklmnopqrstuv', 20);
END $$;

CREATE OR REPLACE FUNCTION rs_xid_from_text(t text)
RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric;
BEGIN
  -- Lowercase only, as rs/xid reads it.
  v := idtypes_decode(t, '0123456789abcdefghijklmnopqrstuv', 20, 'rs/xid XID');
  IF mod(v, 16) <> 0 THEN
    RAISE EXCEPTION 'invalid rs/xid XID: % ends in %, expected 0 or g there',
      quote_literal(t), quote_literal(substr(t, 20, 1)) USING ERRCODE = '22P02';
  END IF;
  RETURN decode(idtypes_encode(div(v, 16), '0123456789abcdef', 24), 'hex');
END $$;
