# Shared by the benchmark scripts that need PostgreSQL (backends.sh, postgres-floor.sh), sourced from the checkout's
# root: sets PG_URL to BENCH_POSTGRES_URL when given, else starts a throw-away cluster (scripts/postgres-test-cluster:
# fsync and synchronous_commit off) and sets CLUSTER to its folder, for stop_postgres_cluster to remove.

CLUSTER=""
if [[ -n ${BENCH_POSTGRES_URL:-} ]]; then
    PG_URL=$BENCH_POSTGRES_URL
else
    CLUSTER=$(mktemp -d /tmp/parsnip-bench-pg.XXXXXX)
    PG_URL=$(scripts/postgres-test-cluster start "$CLUSTER" | tail -n 1)
fi

# stop_postgres_cluster: stops and removes the throw-away cluster, if one was started.
stop_postgres_cluster() {
    [[ -z $CLUSTER ]] || scripts/postgres-test-cluster stop --remove "$CLUSTER" >/dev/null || true
}
