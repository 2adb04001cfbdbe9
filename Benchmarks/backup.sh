#!/usr/bin/env bash
# Backup and restore of a big household: wall time and peak memory of `parsnip backup` and `parsnip restore`, and
# the sizes, on a database seeded with to-dos (1,000,000 by default).
#
#   Benchmarks/backup.sh
#   BACKUP_TODOS=100000 Benchmarks/backup.sh
#   BACKUP_PAGE=1 Benchmarks/backup.sh     # also Back up now and Restore through the Backups page of a running server
#
# Uses the release binaries and GNU time; the database and backups live in a temporary folder, deleted at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
count=${BACKUP_TODOS:-1000000}
# shellcheck source=Benchmarks/measure.sh
source Benchmarks/measure.sh
build_and_seed "$count"

mb() { python3 -c "import sys; print(f'{int(sys.argv[1]) / 1e6:,.1f} MB')" "$1"; }

echo
echo "database: $(mb "$(stat -c %s "$folder/parsnip.sqlite")") with $count to-dos"
echo
echo "| step | wall time | peak memory |"
echo "| --- | ---: | ---: |"
measure "parsnip backup (copy, SHA-256, zip)" \
    .build/release/parsnip backup "$folder/backup.zip" --database "$folder/parsnip.sqlite"
measure "parsnip restore into a new database (check, unpack)" \
    .build/release/parsnip restore "$folder/backup.zip" --database "$folder/new/parsnip.sqlite" --yes
measure "parsnip restore over the database (safety backup first)" \
    .build/release/parsnip restore "$folder/backup.zip" --database "$folder/parsnip.sqlite" --yes
if [[ ${BACKUP_PAGE:-0} == 1 ]]; then
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    .build/release/parsnip --port "$port" --database "$folder/parsnip.sqlite" --no-daily-backups \
        --log-level error >/dev/null &
    server=$!
    for _ in $(seq 1 300); do
        curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
        sleep 0.1
    done
    python3 Benchmarks/backup_page.py --url "http://127.0.0.1:$port" --pid "$server"
    kill "$server"
    wait "$server" 2>/dev/null || true
fi
echo
echo "backup file: $(mb "$(stat -c %s "$folder/backup.zip")")"
