#!/usr/bin/env bash
# The spec workflow in a package that uses Rill's operator plugin: in a scratch copy of
# Examples/CustomOperators (depending on this checkout of Rill by path), a spec file is added, edited
# in place, renamed and deleted, with a plain `swift build --build-tests` after each step. Each step
# checks the generated API by compiling code that calls it. Then each kind of mistake in a spec or
# in the package's layout must fail the build with its error exactly where it is: file, line,
# column, and how many times it is printed.
set -euo pipefail
cd "$(dirname "$0")/.."
rill=$(pwd)
source scripts/rerun-if-swiftpm-crashed.sh

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

# `swift build` with the given arguments, its output on stdout and its status as the function's;
# a build in which SwiftPM itself crashes runs once more.
swift_build() {
    rerun_if_swiftpm_crashed swift build "$@" 2>&1
}

build() {
    local output
    if ! output=$(swift_build --build-tests); then
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
if output=$(swift_build); then
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

# The errors of a failing `swift build` with the arguments after the first, one line each: the
# compiler's, the generator's and the plugin's, without the compiler's excerpt of the source under
# each.
build_errors() {
    local what=$1 output status=0
    shift
    output=$(swift_build "$@") || status=$?
    [ "$status" -ne 0 ] || fail "swift build $* succeeded after: $what"
    if ! echo "$output" | grep -qE "error:"; then
        echo "swift build $* failed with status $status and no error after: $what; its output ends:" >&2
        echo "$output" | tail -n 20 >&2
    fi
    echo "$output" | grep -E "error:" | grep -vE "^[[:space:]]*\|" || true
}

# Exactly one error, at FILE:LINE:COL, saying MESSAGE (a fixed string).
expect_one_error() {
    local what=$1 location=$2 message=$3 errors
    errors=$(build_errors "$what" --build-tests)
    if [ "$(echo "$errors" | grep -c .)" -ne 1 ] || ! echo "$errors" | grep -qE "(^|/)$location: error: "; then
        echo "$errors" >&2
        fail "$what: expected one error, at $location"
    fi
    echo "$errors" | grep -qF "$message" || { echo "$errors" >&2; fail "$what: the error does not say: $message"; }
    echo "   $what: one error, at $location"
}

echo "── 5. mistakes are reported once, at their file, line and column"
cat > Specs/Mistakes.ops <<'SPEC'
# Line 1.

operator shout
    signature: func shout() -> Signal<Int, Failure> where Value == Int
    doc:
        Shouts.
    derive: map { $0 * "2" }
    example(Int): "-1|" => shout() => "-2|"
SPEC
expect_one_error "a Swift type error in a one-line derive" "Specs/Mistakes.ops:7:24" \
    "cannot convert value of type 'String'"

cat > Specs/Mistakes.ops <<'SPEC'
# Line 1.

operator tally
    signature: func tally() -> Signal<Int, Failure> where Value == Int
    doc:
        Tallies.
    derive: map { value in
            let doubled = value * 2
            return doubled + "x"
        }
    example(Int): "-1|" => tally() => "-2|"
SPEC
expect_one_error "a Swift type error on the third line of a derive" "Specs/Mistakes.ops:9:30" \
    "cannot convert value of type 'String'"

# The generator rewrites a step of a bind block into statements around the text it copies, and
# hands the block its state: neither may move the column of an error.
cat > Specs/Mistakes.ops <<'SPEC'
# Line 1.

operator every
    signature: func every(_ step: Int) -> Signal<Int, Failure> where Value == Int
    doc:
        Sends every `step`-th value.
    state: var position = 0
    derive: bind { value in
            position += 1
            return position > 0 ? just(value + "x") : empty
        }
    example(Int): "-1-2-|" => every(1) => "-1-2-|"
SPEC
expect_one_error "a Swift type error in the argument of a rewritten step" "Specs/Mistakes.ops:10:48" \
    "cannot convert value of type 'String'"

cat > Specs/Mistakes.ops <<'SPEC'
# Line 1.

operator every
    signature: func every(_ step: Int) -> Signal<Value, Failure>
    doc:
        Sends every `step`-th value.
    state: var position = 0
    derive: bind { value in
            position += "x"
            return position % step == 0 ? just(value) : empty
        }
    example: "-a-b-c-d-|" => every(2) => "---b---d-|"
SPEC
expect_one_error "a Swift type error on a line using state" "Specs/Mistakes.ops:9:25" \
    "cannot convert value of type 'String'"

# A block that answers signal(…) is shipped as a call to bind rather than as a direct sink; its
# text is laid out the same way.
cat > Specs/Mistakes.ops <<'SPEC'
# Line 1.

operator echo
    signature: func echo() -> Signal<Int, Failure> where Value == Int
    doc:
        Sends the first value, and each later one through a signal of its own.
    state: var count = 0
    derive: bind { value in
            count += 1
            return count > 1 ? signal(Signal<Int, Failure>.just(value)) : just(value + "x")
        }
    example(Int): "-1-2-|" => echo() => "-1-2-|"
SPEC
expect_one_error "a Swift type error in a block that answers signal(…)" "Specs/Mistakes.ops:10:88" \
    "cannot convert value of type 'String'"

cat > Specs/Mistakes.ops <<'SPEC'
# Line 1.

operator every
    signature: func every(_ step: Int) -> Signal<Value, Failure>
    doc:
        Sends every `step`-th value.
    state: var position = 0
    derive: bnd { value in
            position += 1
            return position % step == 0 ? just(value) : empty
        }
    example: "-a-b-c-d-|" => every(2) => "---b---d-|"
SPEC
expect_one_error "state with 'bind' misspelt 'bnd'" "Specs/Mistakes.ops:8:13" \
    "'bnd' is not 'bind', and the state on line 7 belongs to a 'bind' block"

sed -i.bak -e 's/derive: bnd {/derive: bind {/' -e 's/just(value) : empty/jst(value) : empty/' Specs/Mistakes.ops
rm Specs/Mistakes.ops.bak
expect_one_error "an unknown step, with the specs used by three targets" "Specs/Mistakes.ops:10:43" \
    "'jst' is not a step"
rm Specs/Mistakes.ops

# The 1-based line of Package.swift that declares the target named $1 (not a product of that name).
declaration_line() {
    grep -n "name: \"$1\"" Package.swift | grep -v '\.library(' | head -n 1 | cut -d: -f1
}

# A plain build, one with the tests, and one of the library alone each fail with the error $3
# times, at the column of `name:` on the line of Package.swift that declares the target to fix (the
# one named by $2, or else the target the error is about), saying each fixed string after the third
# argument. One target reports the error; the others wait for its report.
expect_layout_error() {
    local what=$1 fix=$2 count=$3 arguments errors target at column needle
    shift 3
    for arguments in "" "--build-tests" "--target MyOperators"; do
        # shellcheck disable=SC2086 # the arguments are words
        errors=$(build_errors "$what" $arguments)
        if [ "$(echo "$errors" | grep -c .)" -ne "$count" ] || [ "$(echo "$errors" | sort -u | grep -c .)" -ne 1 ]; then
            echo "$errors" >&2
            fail "$what: swift build $arguments: expected the error $count time(s)"
        fi
        target=${fix:-$(echo "$errors" | sed -nE "s/.*target '([^']+)' of package.*/\1/p" | head -n 1)}
        at=$(declaration_line "$target")
        [ -n "$at" ] || fail "$what: no declaration of '$target' in Package.swift"
        column=$(sed -n "${at}p" Package.swift | awk '{ print index($0, "name:") }')
        # A build command's error carries its location in front; the plugin's own diagnostic,
        # which `swift build` prints without its location, in its text.
        if ! echo "$errors" | grep -qE "((^|/)Package.swift:$at:$column: error: RillOperatorPlugin: |^error: RillOperatorPlugin: Package.swift:$at:$column: )"; then
            echo "$errors" >&2
            fail "$what: swift build $arguments: the error is not at Package.swift:$at:$column"
        fi
        for needle in "$@"; do
            echo "$errors" | grep -qF "$needle" || { echo "$errors" >&2; fail "$what: the error does not say: $needle"; }
        done
    done
    echo "   $what: the error $count time(s), at Package.swift:$at:$column, from swift build, with --build-tests and with --target MyOperators"
}

# SwiftPM leaves a target without a Swift file out of the package, so the plugin cannot see the
# specs target; it reads the manifest to name the file to add. Adding the file changes no folder
# of a target SwiftPM kept, so only an error of the plugin's own, which fails the planning, makes
# the next build plan again; SwiftPM plans twice in a build whose planning fails, and prints the
# error each time.
mv Specs/CustomOperatorsSpecs.swift placeholder.swift.saved
expect_layout_error "no placeholder" CustomOperatorsSpecs 2 \
    "add 'Specs/CustomOperatorsSpecs.swift' with a one-line comment"
mv placeholder.swift.saved Specs/CustomOperatorsSpecs.swift
build "restoring the placeholder"

# Without a target over Specs/, SwiftPM would not notice spec files coming and going; the fix-it
# is the target to add, named after the user's package.
cp Package.swift Package.swift.saved
perl -0pi -e 's/\n\s*\/\/ The specs: a target only.*?\]\),//s' Package.swift
if grep -q CustomOperatorsSpecs Package.swift; then fail "the specs target is still in the manifest"; fi
# A product named like the target, declared before it, is not where the error points.
perl -0pi -e 's/\n(\s*)dependencies:/\n$1products: [.library(name: "MyOperators", targets: ["MyOperators"])],\n$1dependencies:/' Package.swift
grep -q 'products: \[.library(name: "MyOperators"' Package.swift || fail "the product was not added"
expect_layout_error "no target over Specs/" "" 1 "no target of 'CustomOperators' has the path 'Specs'" \
    '.target(name: "CustomOperatorsSpecs", path: "Specs", plugins: [.plugin(name: "RillOperatorPlugin", package: "Rill")])' \
    "'Specs/CustomOperatorsSpecs.swift'"

# Without Specs/ at all. Specs/ is no target's folder here, so SwiftPM would keep the plan of the
# build before and its report, which names the missing target: the manifest changes to re-plan.
holding=$(mktemp -d)
mv Specs "$holding/"
touch Package.swift
expect_layout_error "no Specs/ folder" "" 1 "of package 'CustomOperators' uses the plugin, but the package has no 'Specs/' folder"
mv "$holding/Specs" Specs
rmdir "$holding"
mv Package.swift.saved Package.swift
build "restoring Specs/ and its target"
echo "Done: each mistake was reported where it is."
