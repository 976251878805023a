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

run() {
    local name=$1 corpus=$2
    shift 2
    echo "== $name for ${seconds}s"
    "$build/$name" "$corpus" "$@" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
        -artifact_prefix="$build/findings/$name-" -print_final_stats=1 2>&1 | tail -n 12
}

corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
mkdir -p "$corpus/spec" "$corpus/marble"
cp Specs/*.ops Fuzz/Reproducers/Spec/* "$corpus/spec/"
cp Fuzz/Reproducers/Marble/* "$corpus/marble/"
RILL_FUZZ_CATALOGUE="$PWD/Specs" run spec-pipeline-fuzzer "$corpus/spec"
run marble-fuzzer "$corpus/marble"
echo "== no findings"
