#!/usr/bin/env bash
# The same to-do list on both backends, side by side: seeds BENCH_ITEMS (default 10,000) to-dos into a SQLite file
# and into a PostgreSQL schema with parsnip-seed, starts the release binary on each in turn, and runs wrk against:
#   /todos                 the list, from the rendered-page cache
#   /todos uncached        the list with the page cache always missing (the store and the template every request)
#   /todos?q=WORD uncached a search the page cache cannot answer
#   POST /todos            saves, 32 connections at once
#   GET /parse/classes/TodoListItem?limit=100 (master key)   an app's list through the Parse API, answers cached
#   the same, uncached     with a `where` that never repeats
# and then the same on PostgreSQL with two parsnip processes on the one database behind HAProxy (round robin, the
# "simple proxy"; installed with apt-get when missing): "postgres x2". The machine's two cores then hold two
# servers, PostgreSQL, HAProxy and wrk, so that row says what sharing costs, not what a second computer would add.
# Each line also gives the CPU time, in milliseconds a request, that the servers (with HAProxy) and PostgreSQL's
# processes used while wrk ran (parsnip_cpu_ms, postgres_cpu_ms; the latter 0 for a server on another machine).
# PostgreSQL runs on this machine: BENCH_POSTGRES_URL names a server, else a throw-away cluster is started
# (scripts/postgres-test-cluster: fsync and synchronous_commit off, as SQLite's WAL with synchronous = NORMAL does
# not sync each commit either) and removed afterwards. Results: Benchmarks/results/backends-<stamp>/results.tsv.
#
#   Benchmarks/backends.sh                          # 10,000 to-dos, 10 s a run
#   BENCH_ITEMS=100000 BENCH_DURATION=5s Benchmarks/backends.sh
#   BENCH_ROUNDS=3 BENCH_DURATION=5s Benchmarks/backends.sh     # SQLite and PostgreSQL in 3 alternating rounds;
#                                                               # medians in medians.tsv beside results.tsv
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

ITEMS=${BENCH_ITEMS:-10000}
DURATION=${BENCH_DURATION:-10s}
ROUNDS=${BENCH_ROUNDS:-1}
SEARCH_WORD=${BENCH_SEARCH_WORD:-dentist}
OUT=$ROOT/Benchmarks/results/backends-$(date +%Y%m%d-%H%M%S)
RESULTS=$OUT/results.tsv
mkdir -p "$OUT"

log() { printf '==> %s\n' "$*" >&2; }
die() { printf 'backends.sh: %s\n' "$*" >&2; exit 1; }

command -v wrk >/dev/null || die "wrk is needed (Benchmarks/run.sh installs it)"
if ! command -v haproxy >/dev/null; then
    log "installing haproxy"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq haproxy >/dev/null || die "haproxy could not be installed"
fi
swift build -c release --product parsnip >&2
swift build -c release --product parsnip-seed >&2
BIN=$(swift build -c release --show-bin-path)

SERVER_PIDS=()
# shellcheck source=Benchmarks/postgres-server.sh
source "$ROOT/Benchmarks/postgres-server.sh"
cleanup() {
    for pid in "${SERVER_PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done
    stop_postgres_cluster
}
trap cleanup EXIT
PG_SCHEMA=bench_$(date +%s)
PG_DATABASE="$PG_URL$([[ $PG_URL == *\?* ]] && echo '&' || echo '?')schema=$PG_SCHEMA"
SQLITE_DATABASE=$OUT/todos.sqlite

printf 'backend\tscenario\trequests_per_s\tp50_ms\tp99_ms\terrors\tparsnip_cpu_ms\tpostgres_cpu_ms\n' >"$RESULTS"

# cpu_ticks PID…: the CPU time (user + system, in clock ticks) the processes have used so far.
cpu_ticks() {
    local total=0 pid ticks
    for pid in "$@"; do
        ticks=$(awk '{print $14 + $15}' "/proc/$pid/stat" 2>/dev/null || echo 0)
        total=$((total + ticks))
    done
    echo "$total"
}
# postgres_pids: the local PostgreSQL server's processes (none when BENCH_POSTGRES_URL names another machine's).
postgres_pids() { pgrep -x postgres || true; }

# run_wrk BACKEND NAME URL [wrk options…]: one wrk run, one line of results.
run_wrk() {
    local backend=$1 name=$2 url=$3
    shift 3
    local raw=$OUT/wrk-$backend-${name//[^A-Za-z0-9]/_}.txt
    log "$backend: wrk $name"
    # The CPU the servers (and HAProxy) and PostgreSQL spend while wrk runs, counted per answered request below:
    # what a request costs each side, whatever the waiting between them.
    local servers_before postgres_before
    servers_before=$(cpu_ticks "${SERVER_PIDS[@]}")
    # shellcheck disable=SC2046
    postgres_before=$(cpu_ticks $(postgres_pids))
    wrk --threads 2 --connections 32 --duration "$DURATION" --timeout 10s --latency "$@" "$url" >"$raw" 2>&1 ||
        die "wrk failed for $name; see $raw"
    local servers_ticks postgres_ticks
    servers_ticks=$(($(cpu_ticks "${SERVER_PIDS[@]}") - servers_before))
    # shellcheck disable=SC2046
    postgres_ticks=$(($(cpu_ticks $(postgres_pids)) - postgres_before))
    awk -v backend="$backend" -v name="$name" -v servers="$servers_ticks" -v postgres="$postgres_ticks" \
        -v hertz="$(getconf CLK_TCK)" '
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
        /requests in / { requests = $1 }
        function per_request(ticks) { return requests > 0 ? sprintf("%.3f", ticks * 1000 / hertz / requests) : "" }
        END {
            printf "%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", backend, name, rps, p50, p99, errors,
                per_request(servers), per_request(postgres)
        }
    ' "$raw" >>"$RESULTS"
}

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# serve DATABASE LOG: starts parsnip on a free port and sets SERVED to its URL once /health answers (not printed:
# a command substitution would start it in a subshell, whose SERVER_PIDS cleanup never sees).
serve() {
    local database=$1 log=$2 port url
    port=$(free_port)
    url=http://127.0.0.1:$port
    "$BIN/parsnip" --host 127.0.0.1 --port "$port" --database "$database" >"$log" 2>&1 &
    SERVER_PIDS+=($!)
    for _ in $(seq 1 1200); do
        curl -fsS "$url/health" >/dev/null 2>&1 && break
        sleep 0.5
    done
    curl -fsS "$url/health" >/dev/null || die "parsnip did not start; see $log"
    SERVED=$url
}

# stop_servers: stops every parsnip (and HAProxy) started so far.
stop_servers() {
    for pid in "${SERVER_PIDS[@]}"; do
        kill "$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    done
    SERVER_PIDS=()
}

# proxy URL…: HAProxy on a free port, round robin over the URLs; sets SERVED to its URL.
proxy() {
    local port config=$OUT/haproxy.cfg number=0
    port=$(free_port)
    {
        printf 'global\n    maxconn 4096\ndefaults\n    mode http\n    timeout connect 5s\n'
        printf '    timeout client 60s\n    timeout server 60s\n    option http-keep-alive\n'
        printf 'frontend parsnip\n    bind 127.0.0.1:%s\n    default_backend servers\n' "$port"
        printf 'backend servers\n    balance roundrobin\n'
        for url in "$@"; do
            number=$((number + 1))
            printf '    server parsnip%s %s\n' "$number" "${url#http://}"
        done
    } >"$config"
    haproxy -f "$config" >"$OUT/haproxy.log" 2>&1 &
    SERVER_PIDS+=($!)
    for _ in $(seq 1 100); do
        curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
        sleep 0.1
    done
    SERVED=http://127.0.0.1:$port
}

# master_key BACKEND DATABASE: the Parse API's master key, read from the database (a person reads it on the Apps
# page).
master_key() {
    local sql="SELECT value FROM \"_ServerSettings\" WHERE name = 'parseMasterKey'"
    if [[ $1 == sqlite ]]; then
        python3 - "$2" "$sql" <<'PY'
import sqlite3, sys
print(sqlite3.connect(sys.argv[1]).execute(sys.argv[2]).fetchone()[0])
PY
    else
        local plain=${2%%\?*} schema=${2##*schema=}
        psql "$plain" -At -c "SET search_path TO \"$schema\"; $sql" | tail -n 1
    fi
}

# settle DATABASE: VACUUM (ANALYZE) of every table in the PostgreSQL schema, once the servers have started (and
# built the search index): what autovacuum does within a minute or two of the seeding, so the figures are those of a
# server that has been running, not of one whose tables autovacuum is still going through while wrk runs (the
# uncached list made 797 and 818 a second in two runs before this step, 976 to 1,218 in the five runs after).
settle() {
    local plain=${1%%\?*} schema=${1##*schema=} tables
    tables=$(psql "$plain" -At -c "SELECT string_agg(format('%I.%I', schemaname, relname), ', ')
        FROM pg_stat_user_tables WHERE schemaname = '$schema'")
    [[ -z $tables ]] || psql "$plain" -q -c "VACUUM (ANALYZE) $tables" >/dev/null
}

# scenarios BACKEND URL DATABASE: every scenario against the server (or proxy) at URL.
scenarios() {
    local backend=$1 url=$2 database=$3
    run_wrk "$backend" "/todos" "$url/todos"
    PARSNIP_PATH=/todos run_wrk "$backend" "/todos uncached" "$url" --script "$ROOT/Benchmarks/uncached.lua"
    PARSNIP_PATH="/todos?q=$SEARCH_WORD" run_wrk "$backend" "/todos?q=$SEARCH_WORD uncached" "$url" \
        --script "$ROOT/Benchmarks/uncached.lua"
    local key
    key=$(master_key "${backend%% *}" "$database")
    [[ -n $key ]] || die "$backend: no master key in the database"
    PARSNIP_KEY=$key run_wrk "$backend" "API list" "$url" --script "$ROOT/Benchmarks/api.lua"
    PARSNIP_KEY=$key PARSNIP_VARY=1 run_wrk "$backend" "API list uncached" "$url" --script "$ROOT/Benchmarks/api.lua"

    local jar=$OUT/cookies-${backend// /_}.txt form token cookie
    form=$(curl -fsS -c "$jar" "$url/todos/new")
    token=$(grep -o 'name="_csrf"[^>]*value="[^"]*"\|value="[^"]*"[^>]*name="_csrf"' <<<"$form" | head -n 1 |
        sed -E 's/.*value="([^"]*)".*/\1/')
    cookie=$(awk '$6 == "parsnip_csrf" {print $7}' "$jar")
    PARSNIP_CSRF=$cookie PARSNIP_FORM_TOKEN=$token PARSNIP_ORIGIN=$url \
        run_wrk "$backend" "POST /todos" "$url/todos" --script "$ROOT/Benchmarks/create.lua"
}

# bench BACKEND DATABASE [SERVERS]: seeds, starts SERVERS parsnip processes (behind HAProxy when more than one),
# runs every scenario, stops them.
bench() {
    local backend=$1 database=$2 servers=${3:-1} urls=() url
    log "$backend: seeding $ITEMS to-dos"
    "$BIN/parsnip-seed" --database "$database" --count "$ITEMS" | tail -n 1 >&2
    for number in $(seq 1 "$servers"); do
        serve "$database" "$OUT/server-${backend// /_}-$number.log"
        urls+=("$SERVED")
    done
    url=${urls[0]}
    if ((servers > 1)); then
        proxy "${urls[@]}"
        url=$SERVED
    fi
    [[ $backend == sqlite ]] || settle "$database"
    scenarios "$backend" "$url" "$database"
    stop_servers
}

# Each round seeds a fresh SQLite file and a fresh PostgreSQL schema (parsnip-seed adds to what is there) and runs
# SQLite then PostgreSQL, so a slow minute on a shared machine falls on both across the rounds.
for round in $(seq 1 "$ROUNDS"); do
    suffix=$( ((ROUNDS > 1)) && echo "_r$round" || true)
    bench sqlite "${SQLITE_DATABASE%.sqlite}$suffix.sqlite"
    bench postgres "$PG_DATABASE$suffix"
    [[ ${BENCH_KEEP_DB:-0} == 1 ]] || rm -f "${SQLITE_DATABASE%.sqlite}$suffix.sqlite"{,-wal,-shm}
done
# The two-server run, once, in a schema of its own.
bench "postgres x2" "${PG_DATABASE}_x2" 2

log "results: $RESULTS"
if ((ROUNDS > 1)); then
    # The median of the rounds for each backend and scenario (the middle one, or the lower middle of an even count).
    MEDIANS=$OUT/medians.tsv
    python3 - "$RESULTS" >"$MEDIANS" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
runs = {}
for row in rows:
    runs.setdefault((row["backend"], row["scenario"]), []).append(row)
def median(values):
    ordered = sorted(values)
    return ordered[(len(ordered) - 1) // 2] if ordered else ""
print("backend\tscenario\trounds\tmedian_requests_per_s\tmedian_parsnip_cpu_ms\tmedian_postgres_cpu_ms\tall")
for (backend, scenario), rounds in runs.items():
    rates = [int(row["requests_per_s"]) for row in rounds]
    parsnip = median([float(row["parsnip_cpu_ms"]) for row in rounds if row["parsnip_cpu_ms"]])
    postgres = median([float(row["postgres_cpu_ms"]) for row in rounds if row["postgres_cpu_ms"]])
    print(f"{backend}\t{scenario}\t{len(rounds)}\t{median(rates)}\t{parsnip}\t{postgres}\t{' '.join(map(str, rates))}")
PY
    log "medians: $MEDIANS"
    column -t -s $'\t' "$MEDIANS"
else
    column -t -s $'\t' "$RESULTS"
fi
