#!/bin/sh
# Times the SQL functions of `idtypes::sql` whose text is their bytes in hex (TBSL's), on
# PostgreSQL, beside the general number encoding the other byte formats go through: the
# figures the generator's comments and the CHANGELOG give (50,000 TBSLs).
#
#   benches-db/sql-functions.sh    # IDTYPES_TEST_POSTGRES_URL, default the local server
#
# It creates the functions with the CLI (`idtypes sql postgres`) in a schema of its own, and
# drops that schema at the end.
set -eu
# Only the timings and the counts: no notices of what the DROPs cascade to.
export PGOPTIONS='-c client_min_messages=warning'
url=${IDTYPES_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}
cd "$(dirname "$0")/.."
schema=idtypes_sql_functions_bench

psql "$url" -q -c "DROP SCHEMA IF EXISTS $schema CASCADE" -c "CREATE SCHEMA $schema"
cargo run -q -p idtypes-cli -- sql postgres --schema "$schema" | psql "$url" -q -1 >/dev/null
psql "$url" -q <<SQL
SET search_path = $schema;
CREATE TABLE ids AS
  SELECT decode(lpad(to_hex(g), 20, '0'), 'hex') AS id FROM generate_series(1, 50000) g;
-- tbsl_text as a SQL function with a CASE body, which PostgreSQL does not inline.
CREATE FUNCTION case_text(id bytea) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS \$\$
  SELECT CASE WHEN length(id) = 10 THEN upper(encode(id, 'hex'))
              ELSE idtypes_bytes_value(id, 10, 'TBSL')::text END
\$\$;
\timing on
\echo tbsl_text, by encode:
SELECT count(tbsl_text(id)) FROM ids;
\echo the general number encoding:
SELECT count(idtypes_encode(idtypes_bytes_value(id, 10, 'TBSL'), '0123456789ABCDEF', 20)) FROM ids;
\echo encode in a SQL function with a CASE body:
SELECT count(case_text(id)) FROM ids;
\echo tbsl_from_text of each text, by decode:
SELECT count(tbsl_from_text(tbsl_text(id))) FROM ids;
\echo the general way back:
SELECT count(decode(idtypes_encode(idtypes_decode(tbsl_text(id), '', '0123456789ABCDEF', 20,
  'TBSL'), '0123456789abcdef', 20), 'hex')) FROM ids;
\timing off
SQL
psql "$url" -q -c "DROP SCHEMA $schema CASCADE"
