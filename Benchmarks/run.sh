#!/usr/bin/env bash
# Parsnip's load benchmark: the real release binary on 127.0.0.1, measured with wrk.
#
#   Benchmarks/run.sh                 # 10,000 then 1,000,000 to-dos (a few minutes on 2 cores)
#   BENCH_SIZES="10000" Benchmarks/run.sh
#   BENCH_DURATION=5s Benchmarks/run.sh
#
# For each size: seed a fresh database with parsnip-seed, start parsnip on a free loopback port, run wrk
# (2 threads, 32 connections, 10 s, --latency) against /health, /todos (first page), a page 90% of the way
# down the list (?after=<cursor>), a search (/todos?q=dentist) and the create POST (Benchmarks/create.lua
# with the CSRF cookie, the _csrf field and Origin), then read the server's peak RSS (VmHWM).
# The server caches rendered list pages, so the three GET pages are measured twice: as written (mostly cache
# hits) and "uncached" (Benchmarks/uncached.lua adds a never-repeating `v=` parameter, so every request
# queries SQLite and renders the template).
# The seeded database is deleted after its run (306 MB at 1,000,000); BENCH_KEEP_DB=1 keeps it.
# Prints a table and checks the targets (PASS/MISS with the margin). Everything lands in
# Benchmarks/results/<timestamp>/ (git-ignored): raw wrk output, the server log, summary.md.
# Exits 0 when every run completed, whatever the targets say (they are reported, not enforced);
# non-zero when a run could not be made (server did not start, wrong status, wrk errors).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

SIZES=${BENCH_SIZES:-"10000 1000000"}
DURATION=${BENCH_DURATION:-10s}
THREADS=2
CONNECTIONS=32
SEARCH_WORD=${BENCH_SEARCH_WORD:-dentist}
STAMP=$(date +%Y%m%d-%H%M%S)
OUT=$ROOT/Benchmarks/results/$STAMP
mkdir -p "$OUT"

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'run.sh: %s\n' "$*" >&2; exit 1; }

if ! command -v wrk >/dev/null; then
    log "installing wrk (Debian package)"
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends wrk </dev/null >/dev/null
fi
command -v curl >/dev/null || die "curl is needed"
command -v python3 >/dev/null || die "python3 is needed (to read a deep cursor from the database)"

log "building release binaries"
swift build -c release --product parsnip
swift build -c release --product parsnip-seed
BIN=$ROOT/.build/release

SERVER_PID=
stop_server() {
    if [[ -n $SERVER_PID ]] && kill -0 "$SERVER_PID" 2>/dev/null; then
        kill -TERM "$SERVER_PID"
        for _ in $(seq 1 100); do kill -0 "$SERVER_PID" 2>/dev/null || break; sleep 0.1; done
        kill -0 "$SERVER_PID" 2>/dev/null && kill -KILL "$SERVER_PID"
        wait "$SERVER_PID" 2>/dev/null || true
    fi
    SERVER_PID=
}
trap stop_server EXIT

free_port() {
    python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# The cursor of the to-do at `fraction` of the newest-first list: `<createdAt ms>-<objectId>` (PageCursor.swift).
deep_cursor() {
    python3 - "$1" "$2" <<'PY'
import sqlite3, sys
from datetime import datetime, timezone
db, fraction = sys.argv[1], float(sys.argv[2])
con = sqlite3.connect(f"file:{db}?mode=ro", uri=True)
total = con.execute('SELECT count(*) FROM "TodoListItem"').fetchone()[0]
created, object_id = con.execute(
    'SELECT "createdAt", "objectId" FROM "TodoListItem" ORDER BY "createdAt" DESC, "objectId" DESC LIMIT 1 OFFSET ?',
    (int(total * fraction),),
).fetchone()
ms = round(datetime.strptime(created, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc).timestamp() * 1000)
print(f"{ms}-{object_id}")
PY
}

# Milliseconds from a wrk latency such as 812.00us, 1.23ms or 2.01s.
to_ms() {
    awk -v v="$1" 'BEGIN {
        n = v + 0
        if (v ~ /us$/) n = n / 1000; else if (v ~ /ms$/) n = n; else if (v ~ /m$/) n = n * 60000; else if (v ~ /s$/) n = n * 1000
        printf "%.2f", n }'
}

RESULTS=$OUT/results.tsv
printf 'endpoint\titems\treq_s\tp50_ms\tp99_ms\terrors\tpeak_rss_mb\n' >"$RESULTS"

# run_wrk NAME ITEMS URL [wrk args...]: one bounded wrk run; appends a row (RSS is filled in per server run).
run_wrk() {
    local name=$1 items=$2 url=$3
    shift 3
    local raw=$OUT/wrk-$items-${name//[^A-Za-z0-9]/_}.txt
    log "wrk $name ($items items): $url"
    wrk --threads "$THREADS" --connections "$CONNECTIONS" --duration "$DURATION" --timeout 10s --latency \
        "$@" "$url" >"$raw" 2>&1 || die "wrk failed for $name; see $raw"
    local rps p50 p99 socket_errors status_errors
    rps=$(awk '/^Requests\/sec:/ {printf "%.0f", $2}' "$raw")
    p50=$(to_ms "$(awk '$1 == "50%" {print $2}' "$raw")")
    p99=$(to_ms "$(awk '$1 == "99%" {print $2}' "$raw")")
    socket_errors=$(awk '/Socket errors:/ {gsub(",", ""); print $4 + $6 + $8 + $10}' "$raw")
    status_errors=$(awk '/Non-2xx or 3xx responses:/ {print $5}' "$raw")
    local errors=$((${socket_errors:-0} + ${status_errors:-0}))
    [[ -n $rps ]] || die "could not read wrk's output for $name; see $raw"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t-\n' "$name" "$items" "$rps" "$p50" "$p99" "$errors" >>"$RESULTS"
    [[ $errors -eq 0 ]] || log "WARNING: $errors errors during $name ($items items); see $raw"
}

# expect_page URL PATTERN: the endpoint answers 200 and its body contains PATTERN (checked before timing it).
expect_page() {
    local body status
    body=$(curl -sS -o - -w '\n%{http_code}' "$1") || die "curl $1 failed"
    status=${body##*$'\n'}
    [[ $status == 200 ]] || die "$1 answered $status"
    grep -q -- "$2" <<<"$body" || die "$1 does not contain $2"
}

for ITEMS in $SIZES; do
    DB=$OUT/todos-$ITEMS.sqlite
    rm -f "$DB" "$DB-wal" "$DB-shm"
    log "seeding $ITEMS to-dos into $DB"
    seed_start=$(date +%s.%N)
    "$BIN/parsnip-seed" --database "$DB" --count "$ITEMS" | tail -n 1
    seed_seconds=$(awk -v a="$seed_start" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
    db_mb=$(du -m "$DB" | cut -f1)
    printf '%s\t%s\t%s\n' "$ITEMS" "$seed_seconds" "$db_mb" >>"$OUT/seeding.tsv"

    PORT=$(free_port)
    URL=http://127.0.0.1:$PORT
    log "starting parsnip on $URL"
    "$BIN/parsnip" --host 127.0.0.1 --port "$PORT" --database "$DB" >"$OUT/server-$ITEMS.log" 2>&1 &
    SERVER_PID=$!
    for _ in $(seq 1 300); do
        curl -fsS "$URL/health" >/dev/null 2>&1 && break
        kill -0 "$SERVER_PID" 2>/dev/null || die "parsnip exited; see $OUT/server-$ITEMS.log"
        sleep 0.1
    done
    curl -fsS "$URL/health" >/dev/null || die "parsnip did not answer /health; see $OUT/server-$ITEMS.log"

    CURSOR=$(deep_cursor "$DB" 0.9)
    DEEP="/todos?after=$CURSOR"
    SEARCH="/todos?q=$SEARCH_WORD"
    expect_page "$URL/health" '"status"'
    expect_page "$URL/todos" 'class="todo'
    expect_page "$URL$DEEP" 'class="todo'
    expect_page "$URL$SEARCH" 'class="todo'
    log "deep page (90% down the list): $DEEP"

    run_wrk "/health" "$ITEMS" "$URL/health"
    run_wrk "/todos" "$ITEMS" "$URL/todos"
    run_wrk "/todos?after= (90%)" "$ITEMS" "$URL$DEEP"
    run_wrk "/todos?q=$SEARCH_WORD" "$ITEMS" "$URL$SEARCH"
    # The same two list pages with the rendered-page cache always missing: SQLite + template on every request.
    expect_page "$URL/todos?v=check" 'class="todo'
    PARSNIP_PATH=/todos run_wrk "/todos uncached" "$ITEMS" "$URL" --script "$ROOT/Benchmarks/uncached.lua"
    PARSNIP_PATH=$DEEP run_wrk "/todos?after= (90%) uncached" "$ITEMS" "$URL" \
        --script "$ROOT/Benchmarks/uncached.lua"

    # The create POST needs the CSRF cookie and the matching hidden field from a real form.
    JAR=$OUT/cookies-$ITEMS.txt
    FORM=$(curl -fsS -c "$JAR" "$URL/todos/new")
    TOKEN=$(grep -o 'name="_csrf"[^>]*value="[^"]*"\|value="[^"]*"[^>]*name="_csrf"' <<<"$FORM" | head -n 1 |
        sed -E 's/.*value="([^"]*)".*/\1/')
    COOKIE=$(awk '$6 == "parsnip_csrf" {print $7}' "$JAR")
    [[ -n $TOKEN && -n $COOKIE ]] || die "no CSRF token or cookie from /todos/new"
    [[ $TOKEN == "$COOKIE" ]] || log "note: form token and cookie differ (token is not the raw cookie value)"
    status=$(curl -sS -o /dev/null -w '%{http_code}' -b "parsnip_csrf=$COOKIE" -H "Origin: $URL" \
        --data-urlencode "title=Benchmark check" --data-urlencode "_csrf=$TOKEN" "$URL/todos")
    [[ $status == 303 ]] || die "a create POST with the CSRF token answered $status, not 303"
    PARSNIP_CSRF=$COOKIE PARSNIP_FORM_TOKEN=$TOKEN PARSNIP_ORIGIN=$URL \
        run_wrk "POST /todos" "$ITEMS" "$URL/todos" --script "$ROOT/Benchmarks/create.lua"

    # Last: a search the cache cannot answer scans every to-do (seconds each at 1,000,000), and the server
    # goes on working through the requests still queued when wrk stops, which would slow any run after it.
    PARSNIP_PATH=$SEARCH run_wrk "/todos?q=$SEARCH_WORD uncached" "$ITEMS" "$URL" \
        --script "$ROOT/Benchmarks/uncached.lua"

    RSS_KB=$(awk '/^VmHWM:/ {print $2}' "/proc/$SERVER_PID/status")
    RSS_MB=$(awk -v k="$RSS_KB" 'BEGIN {printf "%.1f", k / 1024}')
    # Fill in this server run's peak RSS on its rows.
    awk -F'\t' -v OFS='\t' -v items="$ITEMS" -v rss="$RSS_MB" '$2 == items {$7 = rss} {print}' "$RESULTS" \
        >"$RESULTS.tmp" && mv "$RESULTS.tmp" "$RESULTS"
    stop_server
    rm -f "$JAR"
    [[ ${BENCH_KEEP_DB:-0} == 1 ]] || rm -f "$DB" "$DB-wal" "$DB-shm"
done

# ---- report ---------------------------------------------------------------------------------------------
python3 - "$RESULTS" "$OUT/seeding.tsv" "$OUT/summary.md" "$DURATION" "$THREADS" "$CONNECTIONS" <<'PY'
import csv, sys
results, seeding, summary, duration, threads, connections = sys.argv[1:]
rows = list(csv.DictReader(open(results), delimiter="\t"))
def get(endpoint, items):
    """The row for `endpoint` (exact name, else the first whose name starts with it) at `items`."""
    same = [r for r in rows if r["items"] == str(items)]
    return next((r for r in same if r["endpoint"] == endpoint), None) or next(
        (r for r in same if r["endpoint"].startswith(endpoint)), None)

lines = [f"wrk: {threads} threads, {connections} connections, {duration} per endpoint, 127.0.0.1, release build", ""]
lines += ["| endpoint | items | requests/s | p50 | p99 | errors | server peak RSS |",
          "| --- | ---: | ---: | ---: | ---: | ---: | ---: |"]
for r in rows:
    lines.append(f"| {r['endpoint']} | {int(r['items']):,} | {int(r['req_s']):,} | {r['p50_ms']} ms | {r['p99_ms']} ms "
                 f"| {r['errors']} | {r['peak_rss_mb']} MB |")
lines.append("")
for items, seconds, mb in csv.reader(open(seeding), delimiter="\t"):
    lines.append(f"Seeding {int(items):,} to-dos took {seconds} s; database file {mb} MB.")
lines.append("The create run adds its to-dos to the database (requests/s × duration), so the uncached search, "
             "measured last, scans that many more rows than the items column says.")
lines += ["", "Targets:"]

def verdict(ok, text):
    lines.append(f"- {'PASS' if ok else 'MISS'}: {text}")

sizes = sorted({int(r["items"]) for r in rows})
for n in sizes:
    health, first, create = get("/health", n), get("/todos", n), get("POST /todos", n)
    if health and first:
        share = float(first["req_s"]) / float(health["req_s"])
        p99 = float(first["p99_ms"])
        verdict(share >= 0.25 and p99 < 10,
                f"/todos at {n:,}: {int(first['req_s']):,} req/s = {share:.0%} of /health (target ≥ 25%, margin "
                f"{(share - 0.25) * 100:+.0f} points); p99 {p99:.2f} ms (target < 10 ms, margin {10 - p99:+.2f} ms)")
    uncached = get("/todos uncached", n)
    if health and uncached:
        share = float(uncached["req_s"]) / float(health["req_s"])
        p99 = float(uncached["p99_ms"])
        verdict(share >= 0.25 and p99 < 10,
                f"/todos with the page cache missing at {n:,}: {int(uncached['req_s']):,} req/s = {share:.0%} of "
                f"/health (target ≥ 25%, margin {(share - 0.25) * 100:+.0f} points); p99 {p99:.2f} ms "
                f"(target < 10 ms, margin {10 - p99:+.2f} ms)")
    if create:
        rate = float(create["req_s"])
        verdict(rate >= 3000, f"creates at {n:,}: {rate:,.0f}/s (target ≥ 3,000/s, margin {rate - 3000:+,.0f}/s)")
    rss = next((float(r["peak_rss_mb"]) for r in rows if r["items"] == str(n) and r["peak_rss_mb"] != "-"), None)
    if rss is not None:
        verdict(rss < 64, f"peak RSS at {n:,}: {rss:.1f} MB (target < 64 MB, margin {64 - rss:+.1f} MB)")

# Scaling: compare requests/s under the same load (at saturation p50 is about connections ÷ throughput,
# so the two say the same thing; req/s is the steadier number).
small, large = (10000, 1000000) if {10000, 1000000} <= set(sizes) else (sizes[0], sizes[-1])
for suffix in ["", " uncached"]:
    base = get("/todos" + suffix, small)
    if not base or large == small:
        continue
    for endpoint, label in [("/todos" + suffix, "first page" + suffix),
                            ("/todos?after= (90%)" + suffix, "deep page (90%)" + suffix)]:
        row = get(endpoint, large)
        if row:
            ratio = float(base["req_s"]) / float(row["req_s"])
            verdict(ratio <= 1.5,
                    f"{label} at {large:,}: {int(row['req_s']):,} req/s vs first page at {small:,}: "
                    f"{int(base['req_s']):,} req/s — {ratio:.2f}× slower by requests/s (target ≤ 1.5×, "
                    f"margin {1.5 - ratio:+.2f}×)")
text = "\n".join(lines) + "\n"
open(summary, "w").write(text)
print(text)
PY
log "results in ${OUT#$ROOT/}"
