#!/usr/bin/env bash
# The spec workflow in a package that uses Rill's operator plugin: in a scratch copy of
# Examples/CustomOperators (depending on this checkout of Rill by path), a spec file is added, edited
# in place, renamed and deleted, with a plain `swift build --build-tests` after each step. Each step
# checks the generated API by compiling code that calls it.
set -euo pipefail
cd "$(dirname "$0")/.."
rill=$(pwd)

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar -C Examples/CustomOperators --exclude='./.build*' --exclude='./.swiftpm' -cf - . | tar -C "$scratch" -xf -
cd "$scratch"
sed -i.bak "s#path: \"../..\"#path: \"$rill\"#" Package.swift && rm Package.swift.bak
grep -q "path: \"$rill\"" Package.swift

fail() {
    echo "error: $*" >&2
    exit 1
}

build() {
    local output
    if ! output=$(swift build --build-tests 2>&1); then
        echo "$output" | grep -E "error" >&2 || echo "$output" >&2
        fail "swift build --build-tests failed after: $1"
    fi
    if echo "$output" | grep -E "(^|: )warning: "; then
        fail "the build printed warnings after: $1"
    fi
    echo "   $(echo "$output" | grep "Build complete")"
}

# Code in the package's library that calls the operators it expects.
calls() {
    {
        echo "import Rill"
        for name in "$@"; do
            echo "func call_$name(_ signal: Signal<Int, Never>) -> Signal<Int, Never> { signal.$name() }"
        done
    } > Sources/MyOperators/Calls.swift
}

generated() {
    find .build/plugins/outputs -name 'MyOperators+GeneratedOperators.swift' | head -n 1
}

echo "── 1. add Specs/Scaling.ops with triple()"
cat > Specs/Scaling.ops <<'SPEC'
# Scaling operators.

operator triple
    signature: func triple() -> Signal<Int, Failure> where Value == Int
    doc:
        Triples each value.
    derive: map { $0 * 3 }
    example(Int): "-1-2-|" => triple() => "-3-6-|"
    model: triple() ~ values.map { $0 * 3 }
SPEC
calls double triple
build "adding Specs/Scaling.ops"
grep -q "triple(): Specs/Scaling.ops" "$(generated)" || fail "triple() was not generated from Specs/Scaling.ops"

echo "── 2. edit Specs/Scaling.ops in place: append quadruple()"
cat >> Specs/Scaling.ops <<'SPEC'

operator quadruple
    signature: func quadruple() -> Signal<Int, Failure> where Value == Int
    doc:
        Quadruples each value.
    derive: map { $0 * 4 }
    example(Int): "-1-2-|" => quadruple() => "-4-8-|"
    model: quadruple() ~ values.map { $0 * 4 }
SPEC
calls double triple quadruple
build "appending to Specs/Scaling.ops"
output=$(swift test --filter 'Spec_triple|Spec_quadruple|Spec_evens' 2>&1) || { echo "$output" >&2; fail "the generated tests failed"; }
for test in "quadruple(), Specs/Scaling.ops" "evens(), Specs/Mine.ops"; do
    echo "$output" | grep -qF "Test \"$test" || { echo "$output" >&2; fail "the generated tests of $test did not run"; }
done
echo "   generated tests of triple(), quadruple() and evens() (examples written with just and empty) pass"

echo "── 3. rename Specs/Scaling.ops to Specs/Multiplying.ops"
mv Specs/Scaling.ops Specs/Multiplying.ops
build "renaming the spec file"
grep -q "quadruple(): Specs/Multiplying.ops" "$(generated)" || fail "quadruple() does not come from Specs/Multiplying.ops"

echo "── 4. delete Specs/Multiplying.ops"
rm Specs/Multiplying.ops
if output=$(swift build 2>&1); then
    fail "code calling triple() still compiles after its spec was deleted"
elif echo "$output" | grep -q "no member 'triple'"; then
    echo "   code calling triple() no longer compiles, as it should"
else
    echo "$output" | grep -E "error" >&2 || true
    fail "the build failed for another reason than the missing triple()"
fi
calls double
build "deleting the spec file"
if grep -qE "triple|quadruple" "$(generated)"; then
    fail "the deleted operators are still generated"
fi
echo "Done: operators came and went with their spec file, with a plain swift build each time."
