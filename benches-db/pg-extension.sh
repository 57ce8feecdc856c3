#!/bin/sh
# Measures the `idtypes` PostgreSQL extension (idtypes-postgres/) beside what a database
# holds today, on one server: the text of a native column against the PL/pgSQL functions
# (`idtypes sql postgres`) and against a column of text; COPY out and in; the sizes of the
# tables and their primary keys; the generators; and ALTER COLUMN ... TYPE from today's
# column to the native type, without a rewrite.
#
#   benches-db/pg-extension.sh    # IDTYPES_TEST_POSTGRES_URL, default the local server
#
#   ROWS=1000000   rows per table
#   RUNS=5         timed runs of each query (after one untimed): the report gives the median
#   SLOW_RUNS=3    timed runs of the PL/pgSQL functions that take seconds (no untimed one)
#
# The extension must be installed in the server, as a release build (a debug build is many
# times slower; the script stops if the server's library on this machine is one, and says if
# it changed during the run):
#   cd idtypes-postgres && cargo pgrx install --release --pg-config "$(command -v pg_config)"
# It needs a superuser (postgres): CREATE EXTENSION, and COPY to and from the server's files.
#
# It works in a database of its own (idtypes_pg_extension_bench), dropped at the end, with the
# PL/pgSQL functions in its schema `plsql`; COPY FROM reads files the server writes in its
# /tmp (idtypes-pg-extension-bench-<pid>-*), removed at the end. Every query runs on one core
# (max_parallel_workers_per_gather = 0) and without JIT, so that a figure is a per-row cost,
# not the number of cores or a compilation. The report goes to stdout, progress to stderr.
set -eu
export PGOPTIONS='-c client_min_messages=warning -c max_parallel_workers_per_gather=0 -c jit=off'
url=${IDTYPES_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}
rows=${ROWS:-1000000}
runs=${RUNS:-5}
slow_runs=${SLOW_RUNS:-3}
cd "$(dirname "$0")/.."

db=idtypes_pg_extension_bench
# The same server and user, the bench's database (any query string kept).
bench_url=$(printf '%s\n' "$url" | sed -E "s#^(postgres(ql)?://[^/?]*)(/[^?]*)?#\\1/$db#")
files=/tmp/idtypes-pg-extension-bench-$$
tmp=$(mktemp -d)
results=$tmp/results
: >"$results"

psql_admin() { psql "$url" -X -q -At -v ON_ERROR_STOP=1 "$@"; }
psql_bench() { psql "$bench_url" -X -q -At -v ON_ERROR_STOP=1 "$@"; }
say() { printf '%s\n' "$*" >&2; }

cleanup() {
    set +e
    psql_admin -c "COPY (SELECT 1) TO PROGRAM 'rm -f $files-*'" >/dev/null 2>&1
    psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1
    rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# The extension's library, if this machine has the server's: its size, time and build (a
# debug build's has debug_info). Each psql session below is a new backend, which loads the
# file as it is then: the report says if it changed during the run (someone else's install).
library=$(pg_config --pkglibdir 2>/dev/null || true)/idtypes.so
library_identity() {
    if [ ! -f "$library" ]; then
        echo "not this machine's server: the library's build unknown"
        return
    fi
    build=release
    if command -v file >/dev/null && file -L "$library" | grep -q 'with debug_info'; then
        build=DEBUG
    fi
    echo "$library: $(ls -lL --time-style='+%Y-%m-%d %H:%M:%S' "$library" |
        awk '{ print $5, "bytes,", $6, $7 }'), $build build"
}
library_before=$(library_identity)
case $library_before in
*DEBUG*)
    say "$library_before: its figures would mean nothing. Install a release build:"
    say "  cd idtypes-postgres && cargo pgrx install --release --pg-config \"\$(command -v pg_config)\""
    say "(or IDTYPES_BENCH_ANY_BUILD=1 to measure it anyway)"
    [ "${IDTYPES_BENCH_ANY_BUILD:-}" = 1 ] || exit 1
    ;;
esac

psql_admin -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" -c "CREATE DATABASE $db"
if ! psql_bench -c 'CREATE EXTENSION idtypes' 2>"$tmp/create.err"; then
    cat "$tmp/create.err" >&2
    say "The idtypes extension is not installed in this server. Install a release build:"
    say "  cd idtypes-postgres && cargo pgrx install --release --pg-config \"\$(command -v pg_config)\""
    say "(pg_config of the server's PostgreSQL; cargo-pgrx 0.16.1: cargo install cargo-pgrx --version 0.16.1 --locked)"
    exit 1
fi
psql_bench -c 'CREATE SCHEMA plsql'
cargo run -q -p idtypes-cli -- sql postgres --schema plsql | psql_bench -1 >/dev/null

# measure KEY RUNS WARMUPS PREP SQL: in one session, PREP and SQL WARMUPS times untimed,
# then RUNS times with SQL timed (psql's \timing; PREP, if any, untimed before each).
# Records the key, the median, the best, the count of runs, and what the server's library was
# after them: a debug build (`debug`), another than at the start (`changed`: someone else's
# install meanwhile), or the same (`.`).
measure() {
    key=$1 n=$2 warm=$3 prep=$4 sql=$5
    say "  $key"
    {
        i=0
        while [ "$i" -lt "$warm" ]; do
            printf '%s\n%s;\n' "$prep" "$sql"
            i=$((i + 1))
        done
        i=0
        while [ "$i" -lt "$n" ]; do
            printf '%s\n\\timing on\n%s;\n\\timing off\n' "$prep" "$sql"
            i=$((i + 1))
        done
    } | psql_bench >"$tmp/$key.out"
    after=$(library_identity)
    case $after in
    *DEBUG*) flag=debug ;;
    "$library_before") flag=. ;;
    *) flag=changed ;;
    esac
    sed -n 's/^Time: \([0-9.]*\) ms.*/\1/p' "$tmp/$key.out" | sort -n | awk -v k="$key" -v f="$flag" '
        { t[NR] = $1 }
        END { m = NR % 2 ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
              printf "%s %.1f %.1f %d %s\n", k, m, t[1], NR, f }' >>"$results"
}

# line KEY LABEL [BASE [WORDS]]: KEY's median, best, ns a row, and KEY / BASE.
line() {
    awk -v k="$1" -v label="$2" -v base="${3:-}" -v words="${4:-}" -v rows="$rows" '
        $1 == k { m = $2; b = $3; n = $4; f = $5 }
        base != "" && $1 == base { bm = $2; bf = $5 }
        END {
            printf "  %-44s %9.1f ms  (best %8.1f, %d runs) %7.0f ns/row", label, m, b, n, m * 1e6 / rows
            if (base != "") printf "  %6.2fx%s", m / bm, words == "" ? "" : " " words
            if (f != ".") printf "  [LIBRARY %s DURING IT]", toupper(f)
            if (base != "" && bf != ".") printf "  [LIBRARY %s DURING THE BASE]", toupper(bf)
            printf "\n"
        }' "$results"
}

# ratio KEY BASE: KEY / BASE, of the medians.
ratio() {
    awk -v k="$1" -v base="$2" '$1 == k { m = $2 } $1 == base { bm = $2 }
        END { printf "%.1f", m / bm }' "$results"
}

say "loading $rows rows a table..."
psql_bench <<SQL
-- TIDs 100 µs apart, ending now, with a clock id that changes: bigint, native and text.
CREATE TABLE t_big AS
  SELECT (((extract(epoch FROM now()) * 1e6)::bigint - $rows * 100 + g * 100) << 10)
         | (g % 1024) AS id
  FROM generate_series(1, $rows) g;
CREATE TABLE t_tid AS SELECT id::atproto_tid AS id FROM t_big;
CREATE TABLE t_text AS SELECT id::atproto_tid::text COLLATE "C" AS id FROM t_big;
-- ULIDs of the extension's generator: as uuid, as ulid, and as typeids of the same UUIDs.
CREATE TABLE t_uuid AS SELECT ulid_generate()::uuid AS id FROM generate_series(1, $rows);
CREATE TABLE t_ulid AS SELECT id::ulid AS id FROM t_uuid;
CREATE TABLE t_typeid AS SELECT typeid('user', id) AS id FROM t_uuid;
-- TBSLs (10 bytes) of the extension's generator: bytea and native.
CREATE TABLE t_tbsl_bytea AS SELECT tbsl_generate('bench-tbsl')::bytea AS id
  FROM generate_series(1, $rows);
CREATE TABLE t_tbsl AS SELECT id::tbsl AS id FROM t_tbsl_bytea;
ALTER TABLE t_big ADD PRIMARY KEY (id);
ALTER TABLE t_tid ADD PRIMARY KEY (id);
ALTER TABLE t_text ADD PRIMARY KEY (id);
ALTER TABLE t_uuid ADD PRIMARY KEY (id);
ALTER TABLE t_ulid ADD PRIMARY KEY (id);
ALTER TABLE t_typeid ADD PRIMARY KEY (id);
ALTER TABLE t_tbsl_bytea ADD PRIMARY KEY (id);
ALTER TABLE t_tbsl ADD PRIMARY KEY (id);
-- The tables of COPY FROM: no index, so that a load is the input function and the heap.
CREATE TABLE load_tid (id atproto_tid);
CREATE TABLE load_text (id text COLLATE "C");
CREATE TABLE load_big (id bigint);
CREATE TABLE load_ulid (id ulid);
CREATE TABLE load_uuid (id uuid);
-- Their files, written by the server: texts of TIDs, the same ids as bigint numbers.
COPY t_text TO '$files-tids';
COPY t_big TO '$files-numbers';
COPY t_ulid TO '$files-ulids';
COPY t_uuid TO '$files-uuids';
-- The tables of ALTER COLUMN ... TYPE: a key and a body.
CREATE TABLE posts AS SELECT id, md5(id::text) AS body FROM t_big;
ALTER TABLE posts ADD PRIMARY KEY (id);
CREATE TABLE uposts AS SELECT id, md5(id::text) AS body FROM t_uuid;
ALTER TABLE uposts ADD PRIMARY KEY (id);
VACUUM ANALYZE;
SQL

say "checking that the native texts are the PL/pgSQL functions' (10,000 rows each)..."
mismatches=$(psql_bench <<'SQL'
SELECT (SELECT count(*) FROM (SELECT id FROM t_big LIMIT 10000) s
         WHERE id::atproto_tid::text IS DISTINCT FROM plsql.tid_text(id)
            OR plsql.tid_from_text(id::atproto_tid::text) IS DISTINCT FROM id)
     + (SELECT count(*) FROM (SELECT id FROM t_uuid LIMIT 10000) s
         WHERE id::ulid::text IS DISTINCT FROM plsql.ulid_text(id))
     + (SELECT count(*) FROM (SELECT id FROM t_tbsl_bytea LIMIT 10000) s
         WHERE id::tbsl::text IS DISTINCT FROM plsql.tbsl_text(id))
     + (SELECT count(*) FROM (SELECT id FROM t_uuid LIMIT 10000) s
         WHERE typeid('user', id)::text IS DISTINCT FROM plsql.uuid_typeid_text(id, 'user'));
SQL
)
if [ "$mismatches" != 0 ]; then
    say "$mismatches ids whose native text is not the PL/pgSQL function's: stopping"
    exit 1
fi

say "1. text: the native types and the built-in ones..."
measure tid_native "$runs" 1 '' 'SELECT sum(length(id::text)) FROM t_tid'
measure tid_textcol "$runs" 1 '' 'SELECT sum(length(id)) FROM t_text'
measure tid_parse_native "$runs" 1 '' 'SELECT count(id::atproto_tid) FROM t_text'
measure ulid_native "$runs" 1 '' 'SELECT sum(length(id::text)) FROM t_ulid'
measure uuid_text "$runs" 1 '' 'SELECT sum(length(id::text)) FROM t_uuid'
measure tbsl_native "$runs" 1 '' 'SELECT sum(length(id::text)) FROM t_tbsl'
measure tbsl_encode "$runs" 1 '' "SELECT sum(length(upper(encode(id, 'hex')))) FROM t_tbsl_bytea"
measure typeid_native "$runs" 1 '' 'SELECT sum(length(id::text)) FROM t_typeid'

say "2. COPY..."
measure out_tid "$runs" 1 '' "COPY t_tid TO '/dev/null'"
measure out_big "$runs" 1 '' "COPY t_big TO '/dev/null'"
measure out_text "$runs" 1 '' "COPY t_text TO '/dev/null'"
measure out_ulid "$runs" 1 '' "COPY t_ulid TO '/dev/null'"
measure out_uuid "$runs" 1 '' "COPY t_uuid TO '/dev/null'"
measure in_tid "$runs" 1 'TRUNCATE load_tid;' "COPY load_tid FROM '$files-tids'"
measure in_text "$runs" 1 'TRUNCATE load_text;' "COPY load_text FROM '$files-tids'"
measure in_big "$runs" 1 'TRUNCATE load_big;' "COPY load_big FROM '$files-numbers'"
measure in_ulid "$runs" 1 'TRUNCATE load_ulid;' "COPY load_ulid FROM '$files-ulids'"
measure in_uuid "$runs" 1 'TRUNCATE load_uuid;' "COPY load_uuid FROM '$files-uuids'"

say "4. generators..."
measure gen_tid "$runs" 1 '' "SELECT count(atproto_tid_generate('bench')) FROM generate_series(1, $rows)"
measure gen_uuid "$runs" 1 '' "SELECT count(gen_random_uuid()) FROM generate_series(1, $rows)"
measure gen_ulid "$runs" 1 '' "SELECT count(ulid_generate()) FROM generate_series(1, $rows)"
measure gen_typeid "$runs" 1 '' "SELECT count(typeid_generate('user')) FROM generate_series(1, $rows)"
measure gen_seq "$runs" 1 'CREATE SEQUENCE IF NOT EXISTS s;' "SELECT count(nextval('s')) FROM generate_series(1, $rows)"
measure gen_none "$runs" 1 '' "SELECT count(g) FROM generate_series(1, $rows) g"
distinct=$(psql_bench -c "SELECT count(DISTINCT id) FROM (SELECT atproto_tid_generate('bench') AS id
  FROM generate_series(1, $rows)) s")

# The PL/pgSQL functions last: they do not call the library, and take most of the time.
say "1. text: the PL/pgSQL functions..."
measure tid_plsql "$slow_runs" 0 '' 'SELECT sum(length(plsql.tid_text(id))) FROM t_big'
measure tid_parse_plsql "$slow_runs" 0 '' 'SELECT count(plsql.tid_from_text(id)) FROM t_text'
measure ulid_plsql "$slow_runs" 0 '' 'SELECT sum(length(plsql.ulid_text(id))) FROM t_uuid'
measure tbsl_plsql "$runs" 1 '' 'SELECT sum(length(plsql.tbsl_text(id))) FROM t_tbsl_bytea'

say "3. sizes..."
# size KIND TABLE: the table's bytes, its primary key's, and an id's average bytes.
psql_bench >"$tmp/sizes" <<'SQL'
SELECT 'id', (SELECT avg(pg_column_size(id)) FROM t_big), (SELECT avg(pg_column_size(id)) FROM t_tid),
  (SELECT avg(pg_column_size(id)) FROM t_text), (SELECT avg(pg_column_size(id)) FROM t_uuid),
  (SELECT avg(pg_column_size(id)) FROM t_ulid), (SELECT avg(pg_column_size(id)) FROM t_typeid),
  (SELECT avg(pg_column_size(id)) FROM t_tbsl_bytea), (SELECT avg(pg_column_size(id)) FROM t_tbsl);
SELECT c.relname, pg_relation_size(c.oid), pg_relation_size(c.relname || '_pkey')
FROM pg_class c WHERE c.relname LIKE 't\_%' AND c.relkind = 'r';
SQL
size() {
    awk -F'|' -v k="$1" -v base="${2:-}" -v label="$3" '
        $1 == k { t = $2; i = $3 }
        $1 == base { bt = $2; bi = $3 }
        END {
            printf "  %-28s table %7.2f MB", label, t / 1048576
            if (base != "") printf " (%.2fx)", t / bt
            printf "   primary key %7.2f MB", i / 1048576
            if (base != "") printf " (%.2fx)", i / bi
            printf "\n"
        }' "$tmp/sizes"
}

say "5. ALTER COLUMN ... TYPE..."
# alter LABEL TABLE INDEX SQL: the time of SQL (after a CHECKPOINT), and the files of the
# table and of its index (or '-') before and after: the same file is no rewrite.
alter() {
    label=$1 table=$2 index=$3 sql=$4
    say "  $label"
    if [ "$index" = - ]; then node="NULL::oid"; else node="pg_relation_filenode('$index')"; fi
    psql_bench >"$tmp/alter" <<SQL
SELECT 'before', pg_relation_filenode('$table'), $node;
CHECKPOINT;
\timing on
$sql;
\timing off
SELECT 'after', pg_relation_filenode('$table'), $node;
SQL
    awk -F'|' -v label="$label" '
        $1 == "before" { t0 = $2; i0 = $3 }
        $1 == "after" { t1 = $2; i1 = $3 }
        /^Time: / { split($0, w, " "); ms = w[2] }
        END {
            printf "  %-44s %9.1f ms  table %s -> %s (%s)", label, ms, t0, t1,
                t0 == t1 ? "kept" : "REWRITTEN"
            if (i0 != "") printf ", index %s -> %s (%s)", i0, i1, i0 == i1 ? "kept" : "rebuilt"
            printf "\n"
        }' "$tmp/alter" >>"$tmp/alters"
}
: >"$tmp/alters"
alter 'posts: bigint -> atproto_tid' posts posts_pkey 'ALTER TABLE posts ALTER COLUMN id TYPE atproto_tid'
alter 'posts: atproto_tid -> bigint' posts posts_pkey 'ALTER TABLE posts ALTER COLUMN id TYPE bigint'
alter 'posts: bigint -> numeric (a rewrite)' posts posts_pkey 'ALTER TABLE posts ALTER COLUMN id TYPE numeric'
alter 'uposts: uuid -> ulid' uposts uposts_pkey 'ALTER TABLE uposts ALTER COLUMN id TYPE ulid'
alter 'uposts: ulid -> uuid' uposts uposts_pkey 'ALTER TABLE uposts ALTER COLUMN id TYPE uuid'
alter 'uposts: uuid -> text (a rewrite)' uposts uposts_pkey 'ALTER TABLE uposts ALTER COLUMN id TYPE text'
alter 'no index: bigint -> atproto_tid' load_big - 'ALTER TABLE load_big ALTER COLUMN id TYPE atproto_tid'

settings=$(psql_bench -c "SELECT string_agg(name || '=' || current_setting(name), ' ' ORDER BY name)
  FROM pg_settings WHERE name IN ('shared_buffers', 'work_mem', 'maintenance_work_mem',
  'synchronous_commit', 'max_parallel_workers_per_gather', 'jit', 'max_wal_size')")
version=$(psql_bench -c 'SHOW server_version')
library_after=$(library_identity)
if [ "$library_after" != "$library_before" ]; then
    library_note="# THE LIBRARY CHANGED DURING THE RUN (another install?): the figures mix two builds
#   before: $library_before
#   after:  $library_after"
else
    library_note="# $library_before"
fi

tid_x=$(ratio tid_plsql tid_native)
goal=$(awk -v x="$tid_x" 'BEGIN { print x >= 20 ? "met" : "NOT MET" }')
cat <<EOF
# idtypes extension on PostgreSQL $version: $rows rows
# median of $runs runs after one untimed (PL/pgSQL of seconds: median of $slow_runs, none untimed)
# $settings
$library_note

1. text (sum(length(...)) over the column; x = time / the native's)
$(line tid_native 'atproto_tid::text (native)')
$(line tid_plsql 'tid_text(bigint) (PL/pgSQL)' tid_native "the native: goal >= 20x $goal")
$(line tid_textcol 'text column, read as stored' tid_native)
$(line tid_parse_native "text::atproto_tid (native, parse)")
$(line tid_parse_plsql 'tid_from_text(text) (PL/pgSQL, parse)' tid_parse_native)
$(line ulid_native 'ulid::text (native)')
$(line ulid_plsql 'ulid_text(uuid) (PL/pgSQL)' ulid_native)
$(line uuid_text 'uuid::text (the uuid column, built in)' ulid_native)
$(line tbsl_native 'tbsl::text (native)')
$(line tbsl_plsql 'tbsl_text(bytea) (PL/pgSQL)' tbsl_native)
$(line tbsl_encode "upper(encode(bytea, 'hex')) (built in)" tbsl_native)
$(line typeid_native "typeid::text (native, 'user_' + 26)" uuid_text 'uuid::text')

2. COPY, server-side, text format (x = time / the native's)
$(line out_tid 'COPY atproto_tid column TO /dev/null')
$(line out_big 'COPY bigint column TO /dev/null' out_tid)
$(line out_text 'COPY text column TO /dev/null' out_tid)
$(line out_ulid 'COPY ulid column TO /dev/null')
$(line out_uuid 'COPY uuid column TO /dev/null' out_ulid)
$(line in_tid 'COPY TID texts FROM file: atproto_tid' )
$(line in_text 'COPY TID texts FROM file: text' in_tid)
$(line in_big 'COPY bigint numbers FROM file: bigint' in_tid)
$(line in_ulid 'COPY ULID texts FROM file: ulid')
$(line in_uuid 'COPY UUID texts FROM file: uuid' in_ulid)

3. sizes ($rows rows, one id column, its primary key; x = / the column of today)
$(size t_big '' 'bigint')
$(size t_tid t_big 'atproto_tid')
$(size t_text t_big 'text (TID)')
$(size t_uuid '' 'uuid')
$(size t_ulid t_uuid 'ulid')
$(size t_typeid t_uuid "typeid ('user' prefix)")
$(size t_tbsl_bytea '' 'bytea (TBSL)')
$(size t_tbsl t_tbsl_bytea 'tbsl')
$(awk -F'|' '$1 == "id" { printf "  an id (pg_column_size): bigint %g, atproto_tid %g, text %g, uuid %g, ulid %g, typeid %g, bytea %g, tbsl %g bytes\n", $2, $3, $4, $5, $6, $7, $8, $9 }' "$tmp/sizes")

4. generators (SELECT count(f()) FROM generate_series; x = time / gen_random_uuid's)
$(line gen_uuid 'gen_random_uuid() (built in)')
$(line gen_tid "atproto_tid_generate('bench') (leased)" gen_uuid)
$(line gen_ulid 'ulid_generate()' gen_uuid)
$(line gen_typeid "typeid_generate('user')" gen_uuid)
$(line gen_seq "nextval('s') (a sequence)" gen_uuid)
$(line gen_none 'generate_series alone' gen_uuid)
  atproto_tid_generate: $distinct distinct of $rows in one statement

5. ALTER COLUMN ... TYPE ($rows rows of (id PRIMARY KEY, body text); one run each)
$(cat "$tmp/alters")
EOF
