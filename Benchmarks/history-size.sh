#!/usr/bin/env bash
# What History costs on disk: bytes per change, measured through the pages of the real release binary.
#
#   Benchmarks/history-size.sh              # 200 to-dos and 200 recipes, then 1,000 edits of each
#   HISTORY_EDITS=5000 Benchmarks/history-size.sh
#
# Starts parsnip on a free loopback port with a fresh temporary database (no sign-in), runs
# Benchmarks/history_size.py (stdlib Python) against it, prints a table and deletes the database.
set -euo pipefail
cd "$(dirname "$0")/.."
echo "==> swift build -c release --product parsnip"
swift build -c release --product parsnip >/dev/null
folder=$(mktemp -d)
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
.build/release/parsnip --port "$port" --database "$folder/history.sqlite" --log-level error &
server=$!
trap 'kill $server 2>/dev/null; wait $server 2>/dev/null; rm -rf "$folder"' EXIT
for _ in $(seq 1 100); do
    curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
    sleep 0.1
done
python3 Benchmarks/history_size.py --url "http://127.0.0.1:$port" --database "$folder/history.sqlite" \
    --records "${HISTORY_RECORDS:-200}" --edits "${HISTORY_EDITS:-1000}"
