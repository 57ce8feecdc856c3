-- idtypes: every stored id to its text and back, in PostgreSQL (PL/pgSQL, 11 and later).
--
-- Generated from the table of formats (idtypes/src/formats/mod.rs) by
-- idtypes/src/integrations/db/sql/generate/: do not edit it, regenerate it with
-- `IDTYPES_BLESS=1 cargo test -p idtypes --lib sql::generate`.
--
-- A template: `@extschema@` stands for the schema the functions go in (the name PostgreSQL's
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

-- The helpers of v0.1.0 whose arguments changed: nothing but these functions called them.
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

-- The decimal text (`sql: decimal`), as Twitter's and Discord's APIs write a Snowflake: no
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

-- atproto TID: 13 base32-sortable characters; the BIGINT is its integer.
CREATE OR REPLACE FUNCTION @extschema@.tid_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(@extschema@.idtypes_check_natural(id, 'atproto TID'),
    '234567abcdefghijklmnopqrstuvwxyz', 13)
$$;

CREATE OR REPLACE FUNCTION @extschema@.tid_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_to_bigint(@extschema@.idtypes_decode(t, prefix,
    '234567abcdefghijklmnopqrstuvwxyz', 13, 'atproto TID'),
    false, 'atproto TID', t)
$$;
CREATE OR REPLACE FUNCTION @extschema@.tid_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.tid_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.tid_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.tid_text(id) $$;

-- TimeId: 13 characters of base32-sortable of the i64 sign-extended to 65 bits; the BIGINT is
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
CREATE OR REPLACE FUNCTION @extschema@.time_id_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.time_id_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.time_id_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.time_id_text(id) $$;

-- uid11: 11 Base58 characters; the BIGINT is its bits with the top one flipped.
CREATE OR REPLACE FUNCTION @extschema@.uid11_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(id::numeric + 9223372036854775808,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11)
$$;

CREATE OR REPLACE FUNCTION @extschema@.uid11_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_to_bigint(@extschema@.idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'uid11'),
    true, 'uid11', t)
$$;
CREATE OR REPLACE FUNCTION @extschema@.uid11_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.uid11_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.uid11_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.uid11_text(id) $$;

-- uid11 xid: 11 Base58 characters; the BIGINT is its bits with the top one flipped.
CREATE OR REPLACE FUNCTION @extschema@.uid11_xid_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(id::numeric + 9223372036854775808,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11)
$$;

CREATE OR REPLACE FUNCTION @extschema@.uid11_xid_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_to_bigint(@extschema@.idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'uid11 xid'),
    true, 'uid11 xid', t)
$$;
CREATE OR REPLACE FUNCTION @extschema@.uid11_xid_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.uid11_xid_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.uid11_xid_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.uid11_xid_text(id) $$;

-- snowish uid11: 11 Base58 characters; the BIGINT is its integer.
CREATE OR REPLACE FUNCTION @extschema@.snowish_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(@extschema@.idtypes_check_natural(id, 'snowish uid11'),
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11)
$$;

CREATE OR REPLACE FUNCTION @extschema@.snowish_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_to_bigint(@extschema@.idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'snowish uid11'),
    false, 'snowish uid11', t)
$$;
CREATE OR REPLACE FUNCTION @extschema@.snowish_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.snowish_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.snowish_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.snowish_text(id) $$;

-- ts-seq-rand uid11: 11 Base58 characters; the BIGINT is its bits with the top one flipped.
CREATE OR REPLACE FUNCTION @extschema@.ts_seq_rand_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(id::numeric + 9223372036854775808,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11)
$$;

CREATE OR REPLACE FUNCTION @extschema@.ts_seq_rand_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_to_bigint(@extschema@.idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'ts-seq-rand uid11'),
    true, 'ts-seq-rand uid11', t)
$$;
CREATE OR REPLACE FUNCTION @extschema@.ts_seq_rand_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.ts_seq_rand_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.ts_seq_rand_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.ts_seq_rand_text(id) $$;

-- fullrand uid11: 11 Base58 characters; the BIGINT is its bits with the top one flipped.
CREATE OR REPLACE FUNCTION @extschema@.fullrand_text(id bigint)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(id::numeric + 9223372036854775808,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11)
$$;

CREATE OR REPLACE FUNCTION @extschema@.fullrand_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_to_bigint(@extschema@.idtypes_decode(t, prefix,
    '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz', 11, 'fullrand uid11'),
    true, 'fullrand uid11', t)
$$;
CREATE OR REPLACE FUNCTION @extschema@.fullrand_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.fullrand_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.fullrand_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.fullrand_text(id) $$;

-- Snowflake: 1 to 19 decimal digits, without sign or leading zeros (at most 2^63 - 1); the
-- BIGINT is its integer.
CREATE OR REPLACE FUNCTION @extschema@.snowflake_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_check_natural(id, 'Snowflake')::text
$$;
CREATE OR REPLACE FUNCTION @extschema@.snowflake_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_decimal_from_text(t, prefix, 'Snowflake')
$$;
CREATE OR REPLACE FUNCTION @extschema@.snowflake_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.snowflake_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.snowflake_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.snowflake_text(id) $$;

-- TBSL: 20 uppercase hex characters; the column holds its 10 bytes (BYTEA).
CREATE OR REPLACE FUNCTION @extschema@.tbsl_text(id bytea)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF length(id) <> 10 THEN
    RAISE EXCEPTION 'invalid TBSL: expected 10 bytes, found %', length(id)
      USING ERRCODE = '22P02';
  END IF;
  RETURN upper(encode(id, 'hex'));
END $$;

CREATE OR REPLACE FUNCTION @extschema@.tbsl_from_prefixed_text(t text, prefix text)
RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN left(t, length(prefix)) = prefix
                   AND substr(t, length(prefix) + 1) ~ '^[0-9A-F]{20}$'
              THEN decode(substr(t, length(prefix) + 1), 'hex')
              ELSE decode(@extschema@.idtypes_encode(@extschema@.idtypes_decode(t, prefix,
    '0123456789ABCDEF', 20, 'TBSL'), '0123456789abcdef', 20), 'hex') END
$$;
CREATE OR REPLACE FUNCTION @extschema@.tbsl_from_text(t text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.tbsl_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.tbsl_prefixed_text(id bytea, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.tbsl_text(id) $$;

-- ULID: 26 Crockford base32 characters, read in either case, at most
-- 7ZZZZZZZZZZZZZZZZZZZZZZZZZ; the column is a UUID (its 16 bytes).
CREATE OR REPLACE FUNCTION @extschema@.ulid_text(id uuid)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(@extschema@.idtypes_uuid_value(id),
    '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26)
$$;

CREATE OR REPLACE FUNCTION @extschema@.ulid_from_prefixed_text(t text, prefix text)
RETURNS uuid LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric;
BEGIN
  -- Its letters in the other case read as its own, and nothing else: another character is
  -- refused as written.
  v := @extschema@.idtypes_decode(left(t, length(prefix))
         || translate(substr(t, length(prefix) + 1), 'abcdefghjkmnpqrstvwxyz',
                      'ABCDEFGHJKMNPQRSTVWXYZ'), prefix,
    '0123456789ABCDEFGHJKMNPQRSTVWXYZ', 26, 'ULID');
  IF v >= 340282366920938463463374607431768211456 THEN
    RAISE EXCEPTION 'invalid ULID: % is above the largest ULID, 7ZZZZZZZZZZZZZZZZZZZZZZZZZ',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  RETURN @extschema@.idtypes_value_uuid(v);
END $$;
CREATE OR REPLACE FUNCTION @extschema@.ulid_from_text(t text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.ulid_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.ulid_prefixed_text(id uuid, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.ulid_text(id) $$;

-- KSUID: 27 base62 characters, at most aWgEPTl1tmebfsQzFP4bxwgy80V; the column holds its 20
-- bytes (BYTEA).
CREATE OR REPLACE FUNCTION @extschema@.ksuid_text(id bytea)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(@extschema@.idtypes_bytes_value(id, 20, 'KSUID'),
    '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27)
$$;

CREATE OR REPLACE FUNCTION @extschema@.ksuid_from_prefixed_text(t text, prefix text)
RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric;
BEGIN
  v := @extschema@.idtypes_decode(t, prefix,
    '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 27, 'KSUID');
  IF v >= 1461501637330902918203684832716283019655932542976 THEN
    RAISE EXCEPTION 'invalid KSUID: % is above the largest KSUID, aWgEPTl1tmebfsQzFP4bxwgy80V',
      quote_literal(t) USING ERRCODE = '22P02';
  END IF;
  RETURN decode(@extschema@.idtypes_encode(v, '0123456789abcdef', 40), 'hex');
END $$;
CREATE OR REPLACE FUNCTION @extschema@.ksuid_from_text(t text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.ksuid_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.ksuid_prefixed_text(id bytea, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.ksuid_text(id) $$;

-- Sonyflake: 1 to 19 decimal digits, without sign or leading zeros (at most 2^63 - 1); the
-- BIGINT is its integer.
CREATE OR REPLACE FUNCTION @extschema@.sonyflake_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_check_natural(id, 'Sonyflake')::text
$$;
CREATE OR REPLACE FUNCTION @extschema@.sonyflake_from_prefixed_text(t text, prefix text)
RETURNS bigint LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_decimal_from_text(t, prefix, 'Sonyflake')
$$;
CREATE OR REPLACE FUNCTION @extschema@.sonyflake_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.sonyflake_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.sonyflake_prefixed_text(id bigint, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.sonyflake_text(id) $$;

-- rs/xid XID: 20 lowercase base32hex characters, the value times 16 (the last character 0 or
-- g); the column holds its 12 bytes (BYTEA).
CREATE OR REPLACE FUNCTION @extschema@.rs_xid_text(id bytea)
RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT @extschema@.idtypes_encode(@extschema@.idtypes_bytes_value(id, 12, 'rs/xid XID') * 16,
    '0123456789abcdefghijklmnopqrstuv', 20)
$$;

CREATE OR REPLACE FUNCTION @extschema@.rs_xid_from_prefixed_text(t text, prefix text)
RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  v numeric;
BEGIN
  v := @extschema@.idtypes_decode(t, prefix,
    '0123456789abcdefghijklmnopqrstuv', 20, 'rs/xid XID');
  IF mod(v, 16) <> 0 THEN
    RAISE EXCEPTION 'invalid rs/xid XID: % ends in % (position %), expected 0 or g there',
      quote_literal(t), quote_literal(right(t, 1)), length(t) USING ERRCODE = '22P02';
  END IF;
  RETURN decode(@extschema@.idtypes_encode(div(v, 16), '0123456789abcdef', 24), 'hex');
END $$;
CREATE OR REPLACE FUNCTION @extschema@.rs_xid_from_text(t text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.rs_xid_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.rs_xid_prefixed_text(id bytea, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.rs_xid_text(id) $$;

-- ObjectId: 24 hexadecimal digits, read in either case; the column holds its 12 bytes (BYTEA).
CREATE OR REPLACE FUNCTION @extschema@.object_id_text(id bytea)
RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
BEGIN
  IF length(id) <> 12 THEN
    RAISE EXCEPTION 'invalid ObjectId: expected 12 bytes, found %', length(id)
      USING ERRCODE = '22P02';
  END IF;
  RETURN encode(id, 'hex');
END $$;

CREATE OR REPLACE FUNCTION @extschema@.object_id_from_prefixed_text(t text, prefix text)
RETURNS bytea LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE WHEN left(t, length(prefix)) = prefix
                   AND substr(t, length(prefix) + 1) ~ '^[0-9A-Fa-f]{24}$'
              THEN decode(substr(t, length(prefix) + 1), 'hex')
              ELSE decode(@extschema@.idtypes_encode(@extschema@.idtypes_decode(left(t, length(prefix))
         || translate(substr(t, length(prefix) + 1), 'ABCDEF',
                      'abcdef'), prefix,
    '0123456789abcdef', 24, 'ObjectId'), '0123456789abcdef', 24), 'hex') END
$$;
CREATE OR REPLACE FUNCTION @extschema@.object_id_from_text(t text) RETURNS bytea
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.object_id_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.object_id_prefixed_text(id bytea, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.object_id_text(id) $$;

-- UUID: written hyphenated in lowercase (`01890a5d-ac96-774b-bcce-b302099a8057`), as PostgreSQL
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
CREATE OR REPLACE FUNCTION @extschema@.uuid_from_text(t text) RETURNS uuid
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.uuid_from_prefixed_text(t, '') $$;
CREATE OR REPLACE FUNCTION @extschema@.uuid_prefixed_text(id uuid, prefix text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT prefix || @extschema@.uuid_text(id) $$;

-- A UUID's TypeID text (the TypeID specification, v0.3.0): the prefix, 0 to 63 characters of
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

-- Deprecated: the names of v0.1.0, kept for one release (renamed uid11_xid_*, so that no one
-- takes them for rs/xid's XID, whose functions are rs_xid_*).
CREATE OR REPLACE FUNCTION @extschema@.xid_text(id bigint) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.uid11_xid_text(id) $$;
CREATE OR REPLACE FUNCTION @extschema@.xid_from_text(t text) RETURNS bigint
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT @extschema@.uid11_xid_from_text(t) $$;
