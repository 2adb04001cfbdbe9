#!/usr/bin/env bash
# Deterministic figures beside the noisy ones: heap allocations per request for each page (always), and CPU
# instructions per request where the machine exposes hardware counters — so a change of a few percent shows on a
# shared machine where requests/s moves ±15%.
#
#   Benchmarks/counts.sh                        # 200 requests a page
#   BENCH_REQUESTS=500 Benchmarks/counts.sh
#   BENCH_PAGES="/todos /books" Benchmarks/counts.sh
#   BENCH_SAVES=no Benchmarks/counts.sh           # without the row for a save (POST /todos)
#
# One seeded database (10,000 to-dos, 1,000 recipes, 5,000 books with 500 authors) and the release binary with
# Benchmarks/AllocationCounter preloaded (built here with cc): it counts every malloc, calloc, realloc and aligned
# allocation into a shared file the script reads. For each page: 20 warming requests, then BENCH_REQUESTS requests
# one after another (curl) with a query string that never repeats, so each misses the page cache as in
# uncached.lua — and a book's page, cached by its path alone, with a one-time message cookie as recipe-pages.lua
# sends (a page with a message is never cached); allocations per request = the counter's growth ÷ requests, every thread of the server included.
# Instructions come from `perf stat -e instructions:u` on the server over the same requests; virtual machines
# without a PMU (this 2-core one) print "—". valgrind's callgrind would count them anywhere, but Debian 12's
# valgrind 3.19 stops on Swift 6.3 binaries (it cannot read DWARF 5, and crashes even without debug info).
# Results: Benchmarks/results/counts-<time>.md (git-ignored) and standard output.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

REQUESTS=${BENCH_REQUESTS:-200}
NAME=counts.sh
KIND=counts
source "$ROOT/Benchmarks/common.sh"
work_folder
command -v cc >/dev/null || die "a C compiler (cc) is needed for the allocation counter"

build_release
cc -O2 -shared -fPIC -o "$WORK/allocation_counter.so" "$ROOT/Benchmarks/AllocationCounter/allocation_counter.c"

DB=$WORK/data.sqlite
log "seeding 10,000 to-dos, 1,000 recipes and 5,000 books"
"$BIN/parsnip-seed" --database "$DB" --count 10000 --recipes 1000 --books 5000 --authors 500 --publishers 100 \
    --genres 50 --ids-out "$WORK/book-ids.txt" | tail -n 1 >&2
BOOK=$(head -n 1 "$WORK/book-ids.txt")
PAGES=${BENCH_PAGES:-"/health /todos /todos?q=dentist /recipes /books /books/$BOOK /books?q=garcia"}

COUNTER=$WORK/allocations.bin
export PARSNIP_ALLOCATION_COUNTER=$COUNTER
LD_PRELOAD=$WORK/allocation_counter.so start_parsnip "$DB" "$WORK/server.log"
unset PARSNIP_ALLOCATION_COUNTER
trap 'kill $SERVER 2>/dev/null || true; rm -f "$DB" "$DB"-wal "$DB"-shm' EXIT
allocations() { python3 -c 'import struct, sys; print(struct.unpack("<Q", open(sys.argv[1], "rb").read(8))[0])' "$COUNTER"; }
HAS_COUNTERS=no
perf stat -e instructions:u -x, -o "$WORK/probe.txt" true 2>/dev/null && grep -q '^[0-9]' "$WORK/probe.txt" && HAS_COUNTERS=yes

RAW=$WORK/counts.tsv
printf 'page\trequests\tallocations\tinstructions\n' >"$RAW"
number=0
for page in $PAGES; do
    number=$((number + 1))
    separator='?'
    [[ $page == *\?* ]] && separator='&'
    cookie=()
    [[ $page == /books/* ]] && cookie=(-H "Cookie: parsnip_flash=m=Benchmark%20run")
    for i in $(seq 1 20); do
        curl -fsS -o /dev/null "${cookie[@]}" "$URL$page${separator}v=warm-$number-$i" || die "$page did not answer"
    done
    if [[ $HAS_COUNTERS == yes ]]; then
        perf stat -e instructions:u -x, -o "$WORK/perf-$number.txt" -p "$SERVER" &
        PERF=$!
        sleep 0.5
    fi
    before=$(allocations)
    for i in $(seq 1 "$REQUESTS"); do
        curl -fsS -o /dev/null "${cookie[@]}" "$URL$page${separator}v=count-$number-$i" || die "$page did not answer"
    done
    after=$(allocations)
    instructions=—
    if [[ $HAS_COUNTERS == yes ]]; then
        kill -INT "$PERF"
        wait "$PERF" || true
        total=$(awk -F, '/instructions/ { print $1 }' "$WORK/perf-$number.txt")
        instructions=$((total / REQUESTS))
    fi
    per=$(((after - before) / REQUESTS))
    printf '%s\t%s\t%s\t%s\n' "$page" "$REQUESTS" "$per" "$instructions" >>"$RAW"
    log "$page: $per allocations, $instructions instructions a request"
done

# A save: POST /todos as a browser sends it (the CSRF cookie, the form's token, an Origin), one at a time.
if [[ ${BENCH_SAVES:-yes} == yes ]]; then
    jar=$WORK/cookies.txt
    form=$(curl -fsS -c "$jar" "$URL/todos/new") || die "GET /todos/new failed"
    token=$(grep -o 'name="_csrf"[^>]*value="[^"]*"\|value="[^"]*"[^>]*name="_csrf"' <<<"$form" | head -n 1 |
        sed -E 's/.*value="([^"]*)".*/\1/')
    cookie=$(awk '$6 == "parsnip_csrf" {print $7}' "$jar")
    [[ -n $token && -n $cookie ]] || die "no CSRF token or cookie from /todos/new"
    save() {
        local status
        status=$(curl -sS -o /dev/null -w '%{http_code}' -b "parsnip_csrf=$cookie" -H "Origin: $URL" \
            --data-urlencode "title=Counted to-do $1" --data-urlencode "description=Saved to count what a save costs." \
            --data-urlencode "_csrf=$token" "$URL/todos")
        [[ $status == 303 ]] || die "POST /todos answered $status, not 303"
    }
    for i in $(seq 1 20); do save "warm-$i"; done
    before=$(allocations)
    for i in $(seq 1 "$REQUESTS"); do save "$i"; done
    after=$(allocations)
    per=$(((after - before) / REQUESTS))
    printf '%s\t%s\t%s\t%s\n' "POST /todos (a save)" "$REQUESTS" "$per" "—" >>"$RAW"
    log "POST /todos: $per allocations a save"
fi

python3 - "$RAW" "$REQUESTS" <<'PY' | tee "$TABLE"
import csv, sys
raw, requests = sys.argv[1], sys.argv[2]
print(f"{requests} requests a page, one at a time, each missing the page cache; per request, every server thread.\n")
print("| request | allocations | instructions |")
print("| --- | ---: | ---: |")
for row in csv.DictReader(open(raw), delimiter="\t"):
    instructions = row["instructions"]
    if instructions.isdigit():
        instructions = f"{int(instructions):,}"
    print(f"| `{row['page']}` | {int(row['allocations']):,} | {instructions} |")
PY
