#!/usr/bin/env bash
# Rill's demo: operators at work on a virtual clock, then the regenerate-from-spec workflow
# (add an operator to Specs/, build, test; break the spec; fix and rename it; remove it) run in a
# scratch copy of the package, so this checkout is never touched.
set -euo pipefail
cd "$(dirname "$0")/.."
package=$(pwd)

echo "════ 1. Operators on a virtual clock: swift run rill-demo"
swift run rill-demo

echo
echo "════ 2. Adding an operator is editing a spec"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# A copy of the package without build products.
tar -C "$package" --exclude='./.build*' --exclude='./.swiftpm' --exclude='./.git' -cf - . | tar -C "$scratch" -xf -
cd "$scratch"

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
echo "── Specs/Sampling.ops:"
cat Specs/Sampling.ops
echo
echo "── swift build (the plugin regenerates the operators)"
swift build 2>&1 | grep -E "Generating|error|warning|Build complete" || true
echo
echo "── the generated operator, in Rill:"
generated=$(find .build/plugins/outputs -name 'Rill+GeneratedOperators.swift' | head -n 1)
sed -n '/every(_:): Specs\/Sampling.ops/,/^}/p' "$generated"
echo
echo "── swift test --filter Spec_every (its generated tests)"
swift test --filter Spec_every 2>&1 | grep -E "✔|✘|error" || true

echo
echo "════ 3. A broken spec fails the build with a located message"
sed -i.bak 's/derive: bind {/derive: bnd {/' Specs/Sampling.ops && rm Specs/Sampling.ops.bak
status=0
output=$(swift build 2>&1) || status=$?
echo "$output" | grep -E "Sampling.ops:[0-9]+:[0-9]+: (error|note)" || true
if [ "$status" -eq 0 ] || ! echo "$output" | grep -qE "Sampling.ops:[0-9]+:[0-9]+: error"; then
    echo "error: the broken spec did not fail the build with a located message" >&2
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
