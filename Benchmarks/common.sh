# Shared by the benchmark scripts that run one server of their own (language-cost.sh, contention.sh, saves.sh):
# sourced after the script sets NAME (its name, for messages) and KIND (its results folder's prefix).
#   work_folder            sets STAMP, WORK (Benchmarks/results/<KIND>-<time>/) and TABLE (<WORK>.md)
#   build_release          builds parsnip and parsnip-seed in release mode; sets BIN
#   start_parsnip DB LOG   starts parsnip on a free loopback port and waits for /health; sets SERVER, PORT, URL

log() { printf '==> %s\n' "$*" >&2; }
die() { printf '%s: %s\n' "$NAME" "$*" >&2; exit 1; }
command -v wrk >/dev/null || die "wrk is missing (Benchmarks/run.sh installs it)"

work_folder() {
    STAMP=$(date +%Y%m%d-%H%M%S)
    WORK=$ROOT/Benchmarks/results/$KIND-$STAMP
    TABLE=$WORK.md
    mkdir -p "$WORK"
}

build_release() {
    # BENCH_BIN=<folder with parsnip and parsnip-seed> measures binaries built elsewhere (a commit before a change).
    if [[ -n ${BENCH_BIN:-} ]]; then
        BIN=$BENCH_BIN
        log "using the binaries in $BIN"
        return
    fi
    log "building release binaries"
    swift build -c release --product parsnip >/dev/null
    swift build -c release --product parsnip-seed >/dev/null
    BIN=$(swift build -c release --show-bin-path)
}

start_parsnip() {
    PORT=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    "$BIN/parsnip" --host 127.0.0.1 --port "$PORT" --database "$1" >"$2" 2>&1 &
    SERVER=$!
    URL=http://127.0.0.1:$PORT
    for _ in $(seq 1 600); do
        curl -fsS -o /dev/null "$URL/health" 2>/dev/null && return 0
        kill -0 "$SERVER" 2>/dev/null || die "parsnip exited; see $2"
        sleep 0.2
    done
    die "parsnip did not answer /health; see $2"
}
