#!/usr/bin/env bash
# Rill's demo: operators at work on a virtual clock, then the regenerate-from-spec workflow
# (add an operator to Specs/, build, test; break the spec; fix and rename it; remove it) in a
# package of your own that applies Rill's plugin: a scratch copy of Examples/CustomOperators, so
# this checkout is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
package=$(pwd)
# A build or test that SwiftPM itself crashes in (a libdispatch bug) runs once more.
source scripts/rerun-if-swiftpm-crashed.sh

echo "════ 1. Operators on a virtual clock: swift run rill-demo"
rerun_if_swiftpm_crashed swift run rill-demo

echo
echo "════ 2. Adding an operator is editing a spec"
# A package of your own that generates operators over Rill with Rill's plugin: a scratch copy of
# Examples/CustomOperators, depending on this checkout by path, so this checkout is never touched.
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
tar -C Examples/CustomOperators --exclude='./.build*' --exclude='./.swiftpm' -cf - . | tar -C "$scratch" -xf -
cd "$scratch"
sed -i.bak "s#path: \"../..\"#path: \"$package\"#" Package.swift && rm Package.swift.bak
grep -q "path: \"$package\"" Package.swift

cat > Specs/Sampling.ops <<'SPEC'
# A new family of operators, added by a user.

operator every
    signature: func every(_ step: Int) -> Signal<Value, Failure>
    doc:
        Sends every `step`-th value: the `step`-th, the `2 × step`-th, and so on.
    state: var position = 0
    derive: bind { value in
            position += 1
            return position % step == 0 ? just(value) : empty
        }
    example: "-a-b-c-d-|" => every(2) => "---b---d-|"
    model: every(3) ~ values.enumerated().filter { ($0.offset + 1) % 3 == 0 }.map(\.element)
SPEC
echo "── Specs/Sampling.ops, in a package that depends on Rill and applies its plugin:"
cat Specs/Sampling.ops
echo
echo "── swift build (the plugin generates the package's operators, over Rill's)"
swift build 2>&1 | grep -E "Generating|error|warning|Build complete" || true
echo
echo "── the generated operator:"
generated=$(find .build/plugins/outputs -name 'MyOperators+GeneratedOperators.swift' | head -n 1)
sed -n '/every(_:): Specs\/Sampling.ops/,/^}/p' "$generated"
echo
echo "── swift test --filter Spec_every/ (its generated tests)"
output=$(rerun_if_swiftpm_crashed swift test --filter Spec_every/ 2>&1) || { echo "$output" >&2; exit 1; }
echo "$output" | grep -E "✔|✘|error" || true
echo "$output" | grep -q 'Test "every(_:), Specs/Sampling.ops' || {
    echo "error: the generated tests of every(_:) did not run" >&2
    exit 1
}

echo
echo "════ 3. A broken spec fails the build with a located message"
sed -i.bak 's/derive: bind {/derive: bnd {/' Specs/Sampling.ops && rm Specs/Sampling.ops.bak
status=0
output=$(rerun_if_swiftpm_crashed swift build 2>&1) || status=$?
echo "$output" | grep -E "Sampling.ops:[0-9]+:[0-9]+: (error|note)" || true
if [ "$status" -eq 0 ] || ! echo "$output" | grep -qE "Sampling.ops:[0-9]+:[0-9]+: error"; then
    echo "error: the broken spec did not fail the build with a located message (exit status $status); the build printed:" >&2
    echo "$output" >&2
    exit 1
fi
echo "(the build failed, as it should)"

echo
echo "════ 4. Fixing and renaming the spec file needs no other step"
sed -i.bak 's/derive: bnd {/derive: bind {/' Specs/Sampling.ops && rm Specs/Sampling.ops.bak
mv Specs/Sampling.ops Specs/Every.ops
swift build 2>&1 | grep -E "error|Build complete"
grep -q "every(_:): Specs/Every.ops" "$generated"
echo "(every(_:) now comes from Specs/Every.ops)"

echo
echo "════ 5. Removing the spec file needs no other step either"
rm Specs/Every.ops
swift build 2>&1 | grep -E "error|Build complete"
if grep -q "every(_:)" "$generated"; then
    echo "error: every(_:) outlived its spec" >&2
    exit 1
fi
echo "(every(_:) is gone)"
echo
echo "Done: the demo ran, and the operator came and went with its spec."
