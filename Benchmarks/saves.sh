#!/usr/bin/env bash
# Whether a save grows with the data: saves a second for every class the apps write, on a small and a large
# database, through the Parse REST API with the master key (the same write path, record rules, history and search
# index as the pages' forms). Issue 28's target: each class's save at the large size within 2× of the small size.
#
#   Benchmarks/saves.sh                     # 5 s a run
#   BENCH_DURATION=10s Benchmarks/saves.sh
#
# Sizes: small = 100 to-dos, 50 recipes, 50 books (5 authors, 2 publishers, 2 genres); large = 10,000 to-dos,
# 1,000 recipes, 5,000 books (500 authors, 100 publishers, 50 genres) — seeded with parsnip-seed. Each run is
# `wrk -t2 -c32` with Benchmarks/saves.lua (bodies that never repeat). A new book names a genre, so every book save
# also keeps that genre's `books` Relation (the upkeep that used to grow with the genre). "To-do, edited again" puts
# new titles on one to-do for a run and measures the next run on the same to-do, thousands of History entries
# later. Results: Benchmarks/results/saves-<time>.md (git-ignored) and standard output.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
DURATION=${BENCH_DURATION:-5s}
NAME=saves.sh
KIND=saves
source "$ROOT/Benchmarks/common.sh"
work_folder
build_release
RAW=$WORK/runs.tsv
printf 'size\tsave\treq_s\tp99\n' >"$RAW"

# measure SIZE NAME PATH METHOD BODY: one wrk run of saves, its rate and p99 appended to runs.tsv.
measure() {
    local out rate p99
    out=$(PARSNIP_PATH=$3 PARSNIP_METHOD=$4 PARSNIP_BODY=$5 PARSNIP_KEY=$KEY \
        wrk -t2 -c32 -d"$DURATION" --latency -s "$ROOT/Benchmarks/saves.lua" "$URL")
    grep -q "Non-2xx" <<<"$out" && die "$2 ($1) answered with errors: $(curl -s -X "$4" "$URL$3" \
        -H "X-Parse-Application-Id: parsnip" -H "X-Parse-Master-Key: $KEY" -d "${5//%s/check}")"
    rate=$(awk '/Requests\/sec/ { printf "%d", $2 }' <<<"$out")
    p99=$(awk '$1 == "99%" { print $2 }' <<<"$out")
    printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$rate" "$p99" >>"$RAW"
    log "$1: $2 — $rate saves/s, p99 $p99"
}

for size in small large; do
    DB=$WORK/$size.sqlite
    if [[ $size == small ]]; then
        seed=(--count 100 --recipes 50 --books 50 --authors 5 --publishers 2 --genres 2)
    else
        seed=(--count 10000 --recipes 1000 --books 5000 --authors 500 --publishers 100 --genres 50)
    fi
    log "seeding the $size database"
    "$BIN/parsnip-seed" --database "$DB" "${seed[@]}" | tail -n 1 >&2
    start_parsnip "$DB" "$WORK/server-$size.log"
    KEY=$("$BIN/parsnip" api-keys --database "$DB" | awk '/^Master key:/ {print $3}')
    api=(-H "X-Parse-Application-Id: parsnip" -H "X-Parse-Master-Key: $KEY")
    # The genre with the most books: its `books` Relation is the largest a book save keeps.
    GENRE=$(python3 - "$DB" <<'PY'
import sqlite3, sys
con = sqlite3.connect(f"file:{sys.argv[1]}?mode=ro", uri=True)
print(con.execute('SELECT "genre" FROM "Book" GROUP BY "genre" ORDER BY count(*) DESC LIMIT 1').fetchone()[0])
PY
)
    [[ -n $GENRE ]] || die "no genre in $DB"
    TODO=$(curl -fsS "${api[@]}" -H "Content-Type: application/json" -d '{"title":"Edited again"}' \
        "$URL/parse/classes/TodoListItem" | python3 -c 'import json, sys; print(json.load(sys.stdin)["objectId"])')

    measure "$size" "to-do" /parse/classes/TodoListItem POST '{"title":"Save %s"}'
    measure "$size" "recipe" /parse/classes/Recipe POST '{"name":"Recipe %s","servings":2}'
    measure "$size" "book" /parse/classes/Book POST \
        '{"title":"Book %s","genre":{"__type":"Pointer","className":"Genre","objectId":"'"$GENRE"'"}}'
    measure "$size" "author" /parse/classes/Author POST '{"name":"Author %s"}'
    measure "$size" "genre" /parse/classes/Genre POST '{"name":"Genre %s"}'
    measure "$size" "publisher" /parse/classes/Publisher POST '{"name":"Publisher %s"}'
    measure "$size" "to-do, edited (first run)" "/parse/classes/TodoListItem/$TODO" PUT '{"title":"Edited %s"}'
    measure "$size" "to-do, edited again (after the first run's history)" "/parse/classes/TodoListItem/$TODO" PUT \
        '{"title":"Edited %s"}'
    kill "$SERVER"
    wait "$SERVER" 2>/dev/null || true
    rm -f "$DB" "$DB-wal" "$DB-shm"
done

python3 - "$RAW" "$DURATION" <<'PY' | tee "$TABLE"
import csv, sys
raw, duration = sys.argv[1], sys.argv[2]
rows = {}
order = []
for row in csv.DictReader(open(raw), delimiter="\t"):
    if row["save"] not in order:
        order.append(row["save"])
    rows[(row["save"], row["size"])] = (int(row["req_s"]), row["p99"])
print(f"`wrk -t2 -c32`, {duration} a run, POST or PUT through the Parse REST API with the master key.")
print("Small: 100 to-dos, 50 recipes, 50 books; large: 10,000 to-dos, 1,000 recipes, 5,000 books (500 authors).")
print("The last column is the small database's rate divided by the large one's (target ≤ 2).\n")
print("| save | small: saves/s, p99 | large: saves/s, p99 | small ÷ large |")
print("| --- | ---: | ---: | ---: |")
for save in order:
    small, large = rows[(save, "small")], rows[(save, "large")]
    print(f"| {save} | {small[0]:,}, {small[1]} | {large[0]:,}, {large[1]} | {small[0] / max(1, large[0]):.2f} |")
PY
