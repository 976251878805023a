#!/usr/bin/env bash
# The quick loop: builds, then runs only the checks that a change to the given files affects, plus
# the event-contract suites (Tests/RillTests/Contracts). With no file, the files changed since the
# last commit. Takes well under a minute after a one-file change; `swift test` runs everything, and
# `bash .ci/run` everything CI runs.
#
#   bash scripts/check.sh Specs/Filtering.ops              # the generated checks of its operators
#   bash scripts/check.sh Sources/Rill/Multicast/Share.swift  # the specs it implements, its tests
#   bash scripts/check.sh                                   # whatever changed since HEAD
set -euo pipefail
cd "$(dirname "$0")/.."

files=("$@")
if [ ${#files[@]} -eq 0 ]; then
    mapfile -t files < <({ git diff --name-only HEAD; git ls-files --others --exclude-standard; } | sort -u)
fi

# The generated suites of a spec file's operators: Spec_<name>, Spec_<name>_2, ...
spec_suites() {
    sed -n 's/^operator \([A-Za-z_][A-Za-z0-9_]*\).*/\1/p' "$1" | sort -u | sed 's/.*/Spec_&(_[0-9]+)?\//'
}

patterns=()
for file in "${files[@]}"; do
    case "$file" in
    Specs/*.ops)
        [ -f "$file" ] && while read -r suite; do patterns+=("$suite"); done < <(spec_suites "$file")
        ;;
    Sources/RillSpec/* | Sources/RillOps/* | Plugins/*)
        patterns+=("RillSpecTests\.")
        ;;
    Sources/RillTesting/*)
        patterns+=("RillTestingTests\.")
        ;;
    Sources/*.swift | Tests/*.swift)
        name=$(basename "$file" .swift)
        # The specs implemented by this file, and the test suites named after it.
        for spec in $(grep -l "primitive: $file" Specs/*.ops 2>/dev/null || true); do
            while read -r entry; do
                patterns+=("$entry")
            done < <(awk -v path="primitive: $file" '
                /^operator / { name = $2 }
                index($0, path) { print "Spec_" name "(_[0-9]+)?/" }' "$spec" | sort -u)
        done
        patterns+=("${name%Tests}[A-Za-z]*Tests/")
        ;;
    esac
done
contracts=$(sed -n 's/^struct \([A-Za-z0-9_]*Tests\).*/\1\//p' Tests/RillTests/Contracts/*.swift | paste -sd'|' -)
patterns+=("$contracts")
filter=$(printf '%s\n' "${patterns[@]}" | sort -u | paste -sd'|' -)

echo "== swift build --build-tests"
swift build --build-tests
echo "== swift test --skip-build --filter '$filter'"
swift test --skip-build --filter "$filter"
