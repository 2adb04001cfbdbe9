# Shared by Benchmarks/backup.sh and Benchmarks/import.sh (sourced, not run): build the release binaries, seed
# to-dos into a fresh temporary folder, and time commands with GNU time.

# build_and_seed COUNT: builds parsnip and parsnip-seed, makes $folder (deleted at exit) and seeds COUNT to-dos
# into $folder/parsnip.sqlite.
build_and_seed() {
    echo "==> swift build -c release (parsnip, parsnip-seed)"
    swift build -c release --product parsnip >/dev/null
    swift build -c release --product parsnip-seed >/dev/null
    folder=$(mktemp -d)
    trap 'rm -rf "$folder"' EXIT
    echo "==> seeding $1 to-dos"
    .build/release/parsnip-seed --database "$folder/parsnip.sqlite" --count "$1" >/dev/null
}

# measure LABEL COMMAND...: one table row with the wall time and the peak resident memory.
measure() {
    local label=$1
    shift
    /usr/bin/time -f "%e %M" -o "$folder/time" "$@" >/dev/null
    read -r seconds kilobytes <"$folder/time"
    printf '| %s | %s s | %s MB |\n' "$label" "$seconds" "$((kilobytes / 1024))"
}
