#!/usr/bin/env bash
# Deterministic figures beside the noisy ones: CPU instructions and heap allocations per request, counted by
# valgrind's callgrind on the real release binary, so a change of a few percent shows on a shared machine where
# requests/s moves ±15%.
#
#   Benchmarks/instructions.sh                      # 20 requests a page
#   BENCH_REQUESTS=50 Benchmarks/instructions.sh
#   BENCH_PAGES="/todos /books" Benchmarks/instructions.sh
#
# One seeded database (10,000 to-dos, 1,000 recipes, 5,000 books with 500 authors); the server runs under
# `valgrind --tool=callgrind --instr-atstart=no` (about 50× slower while counting, so only counts are reported).
# For each page: 5 warming requests, then counting switched on (`callgrind_control -i on`) and zeroed, BENCH_REQUESTS
# requests one after another with a query string that never repeats (every one misses the page cache, as in
# uncached.lua), and a dump. Instructions per request = the dump's total Ir ÷ requests, every thread of the server
# included; allocations per request = calls to malloc, calloc, realloc and posix_memalign ÷ requests.
# Results: Benchmarks/results/instructions-<time>.md (git-ignored) and standard output.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

REQUESTS=${BENCH_REQUESTS:-20}
NAME=instructions.sh
KIND=instructions
source "$ROOT/Benchmarks/common.sh"
work_folder
if ! command -v valgrind >/dev/null || ! command -v callgrind_control >/dev/null; then
    log "installing valgrind (Debian package)"
    sudo=()
    [[ $(id -u) -eq 0 ]] || sudo=(sudo)
    "${sudo[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends valgrind \
        </dev/null >/dev/null
fi

build_release

DB=$WORK/data.sqlite
log "seeding 10,000 to-dos, 1,000 recipes and 5,000 books"
"$BIN/parsnip-seed" --database "$DB" --count 10000 --recipes 1000 --books 5000 --authors 500 --publishers 100 \
    --genres 50 --ids-out "$WORK/book-ids.txt" | tail -n 1 >&2
BOOK=$(head -n 1 "$WORK/book-ids.txt")
PAGES=${BENCH_PAGES:-"/health /todos /todos?q=dentist /recipes /books /books/$BOOK /books?q=garcia /authors"}

PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
URL=http://127.0.0.1:$PORT
log "starting parsnip under callgrind (a minute or two)"
valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$WORK/callgrind.out" \
    "$BIN/parsnip" --host 127.0.0.1 --port "$PORT" --database "$DB" >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'kill $SERVER 2>/dev/null || true; rm -f "$DB" "$DB"-wal "$DB"-shm' EXIT
for _ in $(seq 1 1500); do
    curl -fsS -o /dev/null "$URL/health" 2>/dev/null && break
    kill -0 "$SERVER" 2>/dev/null || die "parsnip exited; see $WORK/server.log"
    sleep 0.2
done
curl -fsS -o /dev/null "$URL/health" || die "parsnip did not answer /health; see $WORK/server.log"

RAW=$WORK/counts.tsv
printf 'page\trequests\tinstructions\tallocations\n' >"$RAW"
number=0
for page in $PAGES; do
    number=$((number + 1))
    separator='?'
    [[ $page == *\?* ]] && separator='&'
    for i in 1 2 3 4 5; do
        curl -fsS -o /dev/null "$URL$page${separator}v=warm-$number-$i" || die "$page did not answer"
    done
    callgrind_control -i on "$SERVER" >/dev/null
    curl -fsS -o /dev/null "$URL$page${separator}v=warm-$number-6"
    callgrind_control -z "$SERVER" >/dev/null
    for i in $(seq 1 "$REQUESTS"); do
        curl -fsS -o /dev/null "$URL$page${separator}v=count-$number-$i" || die "$page did not answer"
    done
    callgrind_control -d "page-$number" "$SERVER" >/dev/null
    callgrind_control -i off "$SERVER" >/dev/null
    dump=$(ls -t "$WORK"/callgrind.out.* | head -n 1)
    python3 - "$dump" "$page" "$REQUESTS" >>"$RAW" <<'PY'
import re, sys
dump, page, requests = sys.argv[1], sys.argv[2], int(sys.argv[3])
names, current, total, allocations = {}, None, 0, 0
allocators = {"malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc"}
for line in open(dump, errors="replace"):
    if line.startswith(("summary:", "totals:")):
        total = max(total, int(line.split()[1]))
    elif line.startswith("fn="):
        match = re.match(r"fn=\((\d+)\) (.*)", line.strip())
        if match:
            names[match.group(1)] = match.group(2)
    elif line.startswith("cfn="):
        match = re.match(r"cfn=\((\d+)\)(?: (.*))?", line.strip())
        if match:
            if match.group(2):
                names[match.group(1)] = match.group(2)
            current = names.get(match.group(1))
        else:
            current = line.strip()[4:]
    elif line.startswith("calls=") and current is not None:
        if current in allocators:
            allocations += int(line.split()[0][6:])
        current = None
print(f"{page}\t{requests}\t{total // requests}\t{allocations / requests:.0f}")
PY
    log "$(tail -n 1 "$RAW")"
done

python3 - "$RAW" "$REQUESTS" <<'PY' | tee "$TABLE"
import csv, sys
raw, requests = sys.argv[1], sys.argv[2]
print(f"callgrind, {requests} requests a page, each missing the page cache; per request, every server thread counted.\n")
print("| request | instructions | allocations |")
print("| --- | ---: | ---: |")
for row in csv.DictReader(open(raw), delimiter="\t"):
    print(f"| `{row['page']}` | {int(row['instructions']):,} | {int(row['allocations']):,} |")
PY
