#!/usr/bin/env bash
# The same benchmark in every language: Benchmarks/run.sh once per language (BENCH_LANGUAGE, sent as
# Accept-Language on every request), then one table of requests/s per page and language, each compared with
# English (issue 27's target: every language within 10% of English).
#
#   Benchmarks/languages.sh                                  # the to-do scenario at 10,000, 10 s a page, six languages
#   BENCH_ONLY=recipes Benchmarks/languages.sh               # the recipe scenario instead
#   BENCH_LANGUAGES="en ja" BENCH_DURATION=5s Benchmarks/languages.sh
#
# Every other BENCH_* setting is passed on to run.sh. The table lands in Benchmarks/results/languages-<time>.md
# (git-ignored) and on standard output. The machine's load moves from run to run; a row that misses by a little
# is worth running again before it is believed.
set -euo pipefail
cd "$(dirname "$0")/.."

LANGUAGES=${BENCH_LANGUAGES:-"en es pt fr ko ja"}
export BENCH_ONLY=${BENCH_ONLY:-todos}
export BENCH_SIZES=${BENCH_SIZES:-10000}
TABLE=Benchmarks/results/languages-$(date +%Y%m%d-%H%M%S).md
mkdir -p Benchmarks/results
declare -A RUN

for language in $LANGUAGES; do
    before=$(ls -d Benchmarks/results/*/ 2>/dev/null | sort | tail -n 1 || true)
    BENCH_LANGUAGE=$language Benchmarks/run.sh >/dev/null
    after=$(ls -d Benchmarks/results/*/ | sort | tail -n 1)
    [[ $after != "$before" ]] || { echo "languages.sh: run.sh left no results for $language" >&2; exit 1; }
    RUN[$language]=$after/results.tsv
    printf '==> %s: %s\n' "$language" "$after" >&2
done

{
    printf 'Requests/s per page and language (`BENCH_ONLY=%s`, `wrk -t2 -c32`, %s a page); in brackets, the share of\n' \
        "$BENCH_ONLY" "${BENCH_DURATION:-10s}"
    printf "English's figure for the same page (target: every language at least 90%%).\n\n"
    printf '| page |'
    for language in $LANGUAGES; do printf ' %s |' "$language"; done
    printf '\n| --- |'
    for _ in $LANGUAGES; do printf ' ---: |'; done
    printf '\n'
    english=${RUN[en]:-}
    # One row per endpoint, in run.sh's order (the first language's file gives the order).
    first=${RUN[${LANGUAGES%% *}]}
    tail -n +2 "$first" | cut -f2 | while IFS= read -r endpoint; do
        [[ $endpoint == /health ]] && continue
        printf '| `%s` |' "$endpoint"
        base=""
        [[ -n $english ]] && base=$(awk -F'\t' -v e="$endpoint" '$2 == e { print $4; exit }' "$english")
        for language in $LANGUAGES; do
            value=$(awk -F'\t' -v e="$endpoint" '$2 == e { print $4; exit }' "${RUN[$language]}")
            if [[ -n $base && $language != en && -n $value ]]; then
                printf ' %s (%s%%) |' "$value" "$(awk -v v="$value" -v b="$base" 'BEGIN { printf "%d", (v / b) * 100 + 0.5 }')"
            else
                printf ' %s |' "${value:-–}"
            fi
        done
        printf '\n'
    done
} | tee "$TABLE"
