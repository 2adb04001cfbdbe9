#!/usr/bin/env bash
# Two parsnip binaries side by side on the same database: the uncached pages, in interleaved rounds, so a slow
# minute on a shared machine falls on both. For a change's before and after (build the "before" binary from its
# commit, copy it aside, then build the "after").
#
#   Benchmarks/compare.sh /path/to/parsnip-before [/path/to/parsnip-after]   # after: this checkout's release build
#   BENCH_ROUNDS=3 BENCH_DURATION=10s Benchmarks/compare.sh before/parsnip
#   BENCH_PAGES="/todos /books" Benchmarks/compare.sh before/parsnip
#
# One seeded database (10,000 to-dos, 1,000 recipes, 5,000 books with 500 authors, parsnip-seed); each round
# starts each binary in turn on a free loopback port and runs, per page, 2 s of warming and BENCH_DURATION of
# `wrk -t2 -c32 --latency -s Benchmarks/uncached.lua` (a query string that never repeats, so the page cache never
# answers). Prints requests/s and p99 per binary, page and round.
# Results: Benchmarks/results/compare-<time>.md (git-ignored) and standard output.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

ROUNDS=${BENCH_ROUNDS:-2}
DURATION=${BENCH_DURATION:-5s}
NAME=compare.sh
KIND=compare
source "$ROOT/Benchmarks/common.sh"
[[ $# -ge 1 ]] || die "name the binary to compare with (and, optionally, the second one)"
BEFORE=$(realpath "$1")
[[ -x $BEFORE ]] || die "$1 is not an executable"
work_folder
build_release
AFTER=$(realpath "${2:-$BIN/parsnip}")
PAGES=${BENCH_PAGES:-"/todos /todos?q=dentist /recipes /books /books?q=garcia"}

DB=$WORK/data.sqlite
log "seeding 10,000 to-dos, 1,000 recipes and 5,000 books"
"$BIN/parsnip-seed" --database "$DB" --count 10000 --recipes 1000 --books 5000 --authors 500 --publishers 100 \
    --genres 50 | tail -n 1 >&2
trap 'kill $SERVER 2>/dev/null || true; rm -f "$DB" "$DB"-wal "$DB"-shm' EXIT

printf '| round | binary | page | requests/s | p99 |\n| ---: | --- | --- | ---: | ---: |\n' >"$TABLE"
for round in $(seq 1 "$ROUNDS"); do
    for side in before after; do
        exe=$BEFORE
        [[ $side == after ]] && exe=$AFTER
        PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
        URL=http://127.0.0.1:$PORT
        "$exe" --host 127.0.0.1 --port "$PORT" --database "$DB" >"$WORK/server-$side-$round.log" 2>&1 &
        SERVER=$!
        for _ in $(seq 1 300); do
            curl -fsS -o /dev/null "$URL/health" 2>/dev/null && break
            kill -0 "$SERVER" 2>/dev/null || die "$exe exited; see $WORK/server-$side-$round.log"
            sleep 0.2
        done
        for page in $PAGES; do
            export PARSNIP_PATH=$page
            wrk -t2 -c32 -d2s -s "$ROOT/Benchmarks/uncached.lua" "$URL" >/dev/null
            out=$(wrk -t2 -c32 -d"$DURATION" --latency -s "$ROOT/Benchmarks/uncached.lua" "$URL")
            grep -q "Non-2xx" <<<"$out" && die "$page answered with errors: $out"
            rate=$(awk '/Requests\/sec/ { printf "%d", $2 }' <<<"$out")
            p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
            printf '| %s | %s | `%s` | %s | %s |\n' "$round" "$side" "$page" "$rate" "$p99" >>"$TABLE"
            log "round $round, $side, $page: $rate req/s, p99 $p99"
        done
        kill "$SERVER"
        wait "$SERVER" 2>/dev/null || true
    done
done
cat "$TABLE"
