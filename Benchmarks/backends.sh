#!/usr/bin/env bash
# The same to-do list on both backends, side by side: seeds BENCH_ITEMS (default 10,000) to-dos into a SQLite file
# and into a PostgreSQL schema with parsnip-seed, starts the release binary on each in turn, and runs wrk against:
#   /todos                 the list, from the rendered-page cache
#   /todos uncached        the list with the page cache always missing (the store and the template every request)
#   /todos?q=WORD uncached a search the page cache cannot answer
#   POST /todos            saves, 32 connections at once
# PostgreSQL runs on this machine: BENCH_POSTGRES_URL names a server, else a throw-away cluster is started
# (scripts/postgres-test-cluster: fsync and synchronous_commit off, as SQLite's WAL with synchronous = NORMAL does
# not sync each commit either) and removed afterwards. Results: Benchmarks/results/backends-<stamp>/results.tsv.
#
#   Benchmarks/backends.sh                          # 10,000 to-dos, 10 s a run
#   BENCH_ITEMS=100000 BENCH_DURATION=5s Benchmarks/backends.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

ITEMS=${BENCH_ITEMS:-10000}
DURATION=${BENCH_DURATION:-10s}
SEARCH_WORD=${BENCH_SEARCH_WORD:-dentist}
OUT=$ROOT/Benchmarks/results/backends-$(date +%Y%m%d-%H%M%S)
RESULTS=$OUT/results.tsv
mkdir -p "$OUT"

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'backends.sh: %s\n' "$*" >&2; exit 1; }

command -v wrk >/dev/null || die "wrk is needed (Benchmarks/run.sh installs it)"
swift build -c release --product parsnip >&2
swift build -c release --product parsnip-seed >&2
BIN=$(swift build -c release --show-bin-path)

SERVER_PID=""
CLUSTER=""
cleanup() {
    [[ -z $SERVER_PID ]] || kill "$SERVER_PID" 2>/dev/null || true
    [[ -z $CLUSTER ]] || scripts/postgres-test-cluster stop --remove "$CLUSTER" >/dev/null || true
}
trap cleanup EXIT

if [[ -n ${BENCH_POSTGRES_URL:-} ]]; then
    PG_URL=$BENCH_POSTGRES_URL
else
    CLUSTER=$(mktemp -d /tmp/parsnip-bench-pg.XXXXXX)
    PG_URL=$(scripts/postgres-test-cluster start "$CLUSTER" | tail -n 1)
fi
PG_SCHEMA=bench_$(date +%s)
PG_DATABASE="$PG_URL$([[ $PG_URL == *\?* ]] && echo '&' || echo '?')schema=$PG_SCHEMA"
SQLITE_DATABASE=$OUT/todos.sqlite

printf 'backend\tscenario\trequests_per_s\tp50_ms\tp99_ms\terrors\n' >"$RESULTS"

# run_wrk BACKEND NAME URL [wrk options…]: one wrk run, one line of results.
run_wrk() {
    local backend=$1 name=$2 url=$3
    shift 3
    local raw=$OUT/wrk-$backend-${name//[^A-Za-z0-9]/_}.txt
    log "$backend: wrk $name"
    wrk --threads 2 --connections 32 --duration "$DURATION" --timeout 10s --latency "$@" "$url" >"$raw" 2>&1 ||
        die "wrk failed for $name; see $raw"
    awk -v backend="$backend" -v name="$name" '
        function ms(value) {
            if (value ~ /us$/) return sprintf("%.2f", value / 1000)
            if (value ~ /ms$/) return sprintf("%.2f", value + 0)
            if (value ~ /s$/) return sprintf("%.2f", value * 1000)
            return value
        }
        /^Requests\/sec:/ { rps = sprintf("%.0f", $2) }
        $1 == "50%" { p50 = ms($2) }
        $1 == "99%" { p99 = ms($2) }
        /Socket errors:/ { gsub(",", ""); errors += $4 + $6 + $8 + $10 }
        /Non-2xx or 3xx responses:/ { errors += $5 }
        END { printf "%s\t%s\t%s\t%s\t%s\t%d\n", backend, name, rps, p50, p99, errors }
    ' "$raw" >>"$RESULTS"
}

# bench BACKEND DATABASE: seeds, starts parsnip, runs every scenario, stops it.
bench() {
    local backend=$1 database=$2 port url
    log "$backend: seeding $ITEMS to-dos"
    "$BIN/parsnip-seed" --database "$database" --count "$ITEMS" | tail -n 1 >&2
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    url=http://127.0.0.1:$port
    "$BIN/parsnip" --host 127.0.0.1 --port "$port" --database "$database" >"$OUT/server-$backend.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 1200); do
        curl -fsS "$url/health" >/dev/null 2>&1 && break
        sleep 0.5
    done
    curl -fsS "$url/health" >/dev/null || die "$backend: parsnip did not start; see $OUT/server-$backend.log"
    run_wrk "$backend" "/todos" "$url/todos"
    PARSNIP_PATH=/todos run_wrk "$backend" "/todos uncached" "$url" --script "$ROOT/Benchmarks/uncached.lua"
    PARSNIP_PATH="/todos?q=$SEARCH_WORD" run_wrk "$backend" "/todos?q=$SEARCH_WORD uncached" "$url" \
        --script "$ROOT/Benchmarks/uncached.lua"

    local jar=$OUT/cookies.txt form token cookie
    form=$(curl -fsS -c "$jar" "$url/todos/new")
    token=$(grep -o 'name="_csrf"[^>]*value="[^"]*"\|value="[^"]*"[^>]*name="_csrf"' <<<"$form" | head -n 1 |
        sed -E 's/.*value="([^"]*)".*/\1/')
    cookie=$(awk '$6 == "parsnip_csrf" {print $7}' "$jar")
    PARSNIP_CSRF=$cookie PARSNIP_FORM_TOKEN=$token PARSNIP_ORIGIN=$url \
        run_wrk "$backend" "POST /todos" "$url/todos" --script "$ROOT/Benchmarks/create.lua"

    kill "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
    SERVER_PID=""
}

bench sqlite "$SQLITE_DATABASE"
bench postgres "$PG_DATABASE"
[[ ${BENCH_KEEP_DB:-0} == 1 ]] || rm -f "$SQLITE_DATABASE" "$SQLITE_DATABASE-wal" "$SQLITE_DATABASE-shm"

log "results: $RESULTS"
column -t -s $'\t' "$RESULTS"
