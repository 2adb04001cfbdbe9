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
# shellcheck source=Benchmarks/measure.sh
source Benchmarks/measure.sh
build_and_seed "$count"

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
