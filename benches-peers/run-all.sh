#!/bin/sh
# Regenerates the figures of idtypes/docs/performance.md in one run: every bench behind its
# tables (idtypes' own in the workspace, the other crates' in benches-peers), then
# `perf-report`, which prints the tables as Markdown from criterion's results.
#
#   benches-peers/run-all.sh [OUTPUT.md]
#
# The tables go to OUTPUT.md (default: standard output); the benches' own output goes to
# standard error. Earlier results are removed first, so that every figure is from this run.
# The criterion settings are the benches' own (half a second of warm-up, two seconds of
# measurement per benchmark, `benches/support/mod.rs`, which also holds the method every codec
# row follows: 1,024 inputs cycled, the same output kept from every side): the whole run takes
# about a quarter of an hour on two cores, plus the first build.
set -eu

out=${1:-/dev/stdout}
case "$out" in /*) ;; *) out="$(pwd)/$out" ;; esac
cd "$(dirname "$0")/.."

if [ -n "${CARGO_TARGET_DIR:-}" ]; then
    rm -rf "$CARGO_TARGET_DIR/criterion"
else
    rm -rf target/criterion benches-peers/target/criterion
fi

# The `typed` bench needs `derive` and `serde`; none needs another feature.
cargo bench -p idtypes --features derive,serde \
    --bench tid --bench ulid --bench time_id --bench uid11 --bench tbsl \
    --bench process --bench typed --bench contention 1>&2
cargo bench --manifest-path benches-peers/Cargo.toml \
    --bench uuids --bench record_key --bench snowflake --bench sonyflake --bench nanoid \
    --bench object_id --bench generate 1>&2

cargo run --quiet --manifest-path benches-peers/Cargo.toml --bin perf-report >"$out"
# The run-ahead table (how far ahead of the clock each generator's ids run under load): not a
# criterion figure, a count and a largest lead, printed as Markdown.
cargo run --quiet --release --manifest-path benches-peers/Cargo.toml --example run_ahead >>"$out"
