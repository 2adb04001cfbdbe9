#!/usr/bin/env bash
# Export and import of a big household: wall time and peak memory of `parsnip export` and of `parsnip import` into an
# empty Parsnip (a dry run, then the import itself), on a database seeded with to-dos (100,000 by default).
#
#   Benchmarks/import.sh
#   IMPORT_TODOS=1000000 Benchmarks/import.sh
#
# Uses the release binaries and GNU time; everything lives in a temporary folder, deleted at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${IMPORT_TODOS:-100000}
echo "==> swift build -c release (parsnip, parsnip-seed)"
swift build -c release --product parsnip >/dev/null
swift build -c release --product parsnip-seed >/dev/null
folder=$(mktemp -d)
trap 'rm -rf "$folder"' EXIT
echo "==> seeding $count to-dos"
.build/release/parsnip-seed --database "$folder/parsnip.sqlite" --count "$count" >/dev/null

measure() {
    local label=$1
    shift
    /usr/bin/time -f "%e %M" -o "$folder/time" "$@" >/dev/null
    read -r seconds kilobytes <"$folder/time"
    printf '| %s | %s s | %s MB |\n' "$label" "$seconds" "$((kilobytes / 1024))"
}

echo
echo "| step ($count to-dos) | wall time | peak memory |"
echo "| --- | ---: | ---: |"
measure "parsnip export (Parse JSON and CSV, one zip)" \
    .build/release/parsnip export "$folder/export.zip" --database "$folder/parsnip.sqlite"
measure "parsnip import --dry-run into an empty Parsnip" \
    .build/release/parsnip import "$folder/export.zip" --database "$folder/new/parsnip.sqlite" --dry-run
measure "parsnip import --yes (dry run, safety backup, import)" \
    .build/release/parsnip import "$folder/export.zip" --database "$folder/new/parsnip.sqlite" --yes
echo
echo "export file: $(stat -c %s "$folder/export.zip") bytes"
