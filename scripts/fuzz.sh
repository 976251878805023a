#!/usr/bin/env bash
# Fuzzes the spec generator and the marble parser with libFuzzer, each for at most SECONDS
# (default 60): the whole pipeline (read, parse, check, lower, emit) seeded with Specs/ and every
# reproducer in Fuzz/Reproducers/Spec, and the marble parser with its round trip, seeded with
# Fuzz/Reproducers/Marble. A finding stops the run with the input saved under .build/fuzz/findings;
# add it to the reproducers once fixed.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${1:-60}
build=.build/fuzz
mkdir -p "$build/findings"
flags=(-sanitize=fuzzer -parse-as-library -swift-version 6 -package-name Rill -O -I "$build" -L "$build")

echo "== building the fuzz targets"
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name RillMarbles \
    -emit-module-path "$build/RillMarbles.swiftmodule" -o "$build/libRillMarbles.a" Sources/RillMarbles/*.swift
swiftc "${flags[@]}" -emit-library -static -emit-module -module-name RillSpec \
    -emit-module-path "$build/RillSpec.swiftmodule" -o "$build/libRillSpec.a" $(find Sources/RillSpec -name '*.swift')
swiftc "${flags[@]}" -lRillSpec -lRillMarbles -o "$build/spec-pipeline-fuzzer" Fuzz/Targets/SpecPipelineFuzzer.swift
swiftc "${flags[@]}" -lRillMarbles -o "$build/marble-fuzzer" Fuzz/Targets/MarbleFuzzer.swift

corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
mkdir -p "$corpus/spec" "$corpus/marble"
cp Specs/*.ops Fuzz/Reproducers/Spec/* "$corpus/spec/"
cp Fuzz/Reproducers/Marble/* "$corpus/marble/"

# Each fuzzer runs on one core, so the two run side by side, each with its own log.
start() {
    local name=$1
    shift
    "$build/$name" "$corpus/$@" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$build/findings/$name-" -print_final_stats=1 >"$corpus/$name.log" 2>&1
}
report() {
    local name=$1 status=$2
    echo "== $name for ${seconds}s"
    tail -n 12 "$corpus/$name.log"
    if [ "$status" -ne 0 ]; then
        echo "error: $name stopped with status $status; its input is under $build/findings" >&2
    fi
}
echo "== spec-pipeline-fuzzer and marble-fuzzer, side by side, for ${seconds}s"
RILL_FUZZ_CATALOGUE="$PWD/Specs" start spec-pipeline-fuzzer spec &
spec_fuzzer=$!
start marble-fuzzer marble &
marble_fuzzer=$!
spec_status=0 marble_status=0
wait "$spec_fuzzer" || spec_status=$?
wait "$marble_fuzzer" || marble_status=$?
report spec-pipeline-fuzzer "$spec_status"
report marble-fuzzer "$marble_status"
[ "$spec_status" -eq 0 ] && [ "$marble_status" -eq 0 ]
echo "== no findings"
