#!/usr/bin/env bash
# What PostgreSQL itself can take on this machine, without Parsnip: pgbench, 32 clients for BENCH_DURATION seconds
# (default 8), each transaction BEGIN, one INSERT of a to-do-sized row, COMMIT — the floor under a save's cost in
# Benchmarks/backends.sh. Runs against a throw-away cluster (scripts/postgres-test-cluster: fsync and
# synchronous_commit off, as backends.sh uses) unless BENCH_POSTGRES_URL names a server.
#
#   Benchmarks/postgres-floor.sh
set -euo pipefail
cd "$(dirname "$0")/.."

DURATION=${BENCH_DURATION:-8}
PGBENCH=$(ls /usr/lib/postgresql/*/bin/pgbench 2>/dev/null | tail -n 1)
[[ -x $PGBENCH ]] || { echo "postgres-floor.sh: pgbench is needed (Debian's postgresql package)" >&2; exit 1; }

# shellcheck source=Benchmarks/postgres-server.sh
source Benchmarks/postgres-server.sh
trap 'stop_postgres_cluster' EXIT
URL=$PG_URL

TABLE=floor_$(date +%s)
SCRIPT=$(mktemp /tmp/parsnip-floor.XXXXXX.sql)
psql "$URL" -q -c "CREATE TABLE $TABLE (\"objectId\" text PRIMARY KEY, \"createdAt\" timestamptz,
    \"updatedAt\" timestamptz, \"title\" text)"
printf 'BEGIN;\nINSERT INTO %s VALUES (md5(random()::text), now(), now(), %s);\nCOMMIT;\n' \
    "$TABLE" "'Benchmark to-do'" >"$SCRIPT"
"$PGBENCH" -n -c 32 -j 2 -T "$DURATION" -M simple -f "$SCRIPT" "$URL" 2>&1 | grep -E '^(tps|latency average)'
psql "$URL" -q -c "DROP TABLE $TABLE"
rm -f "$SCRIPT"
