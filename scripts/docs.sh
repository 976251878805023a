#!/usr/bin/env bash
# Builds Rill's documentation site from Sources/Rill/Rill.docc and the library's symbols, with the
# toolchain's own docc, into .build/docs (static hosting layout). Fails on any DocC warning.
set -euo pipefail
cd "$(dirname "$0")/.."

output=${1:-.build/docs}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# Run once more if SwiftPM itself crashes (a libdispatch bug).
source scripts/rerun-if-swiftpm-crashed.sh

echo "== symbol graph of Rill"
rerun_if_swiftpm_crashed swift package dump-symbol-graph --minimum-access-level public >"$work/dump.log" 2>&1 || {
    cat "$work/dump.log" >&2
    exit 1
}
graphs=$(sed -n 's/^Files written to //p' "$work/dump.log" | tail -n 1)
mkdir -p "$work/graphs"
cp "$graphs"/Rill.symbols.json "$work/graphs/"
# Extensions Rill declares on other modules' types have graphs of their own (Rill@Swift…).
find "$graphs" -maxdepth 1 -name 'Rill@*.symbols.json' -exec cp {} "$work/graphs/" \;

echo "== the operator pages, generated from Specs/ into docs/operators, as articles"
catalog="$work/Rill.docc"
cp -R Sources/Rill/Rill.docc "$catalog"
mkdir -p "$catalog/Operators" "$catalog/Resources"
cp docs/operators/marbles/*.svg "$catalog/Resources/"
{
    echo "# Operator catalogue"
    echo
    echo "Every operator Rill ships, one page per family, generated from the specs in \`Specs/\`."
    echo
    echo "## Overview"
    echo
    echo "Each page gives an operator's declaration, its RAC selector, its documentation, its"
    echo "derivation in spec notation, and its marble examples as pictures and as text."
    echo
    echo "## Topics"
    echo
    echo "### Families"
    echo
    for page in docs/operators/*.md; do
        name=$(basename "$page" .md)
        case "$name" in README | Migration | MigratingFrom*) continue ;; esac
        # Symbol links in the specs' docs are relative to Signal, which an article is not. DocC finds
        # images by file name among the catalog's resources, so a picture is named without its folder.
        sed -E -e 's/``([^`]+)``/`\1`/g' -e 's#\]\(marbles/([^)]+)\.svg\)#](\1)#g' \
            -e 's#\[the migration map\]\(Migration\.md\)#<doc:Migration>#g' \
            "$page" >"$catalog/Operators/${name}Operators.md"
        echo "- <doc:${name}Operators>"
    done
    echo
    echo "### Coming from another library"
    echo
    echo "- <doc:Migration>"
    for guide in docs/operators/MigratingFrom*.md; do
        echo "- <doc:$(basename "$guide" .md)>"
    done
} >"$catalog/Operators/OperatorCatalogue.md"
# The migration map and the guides link each operator to its entry on a family page by Markdown
# anchor, and each other by file; in the catalog they link to the articles instead.
for page in docs/operators/Migration.md docs/operators/MigratingFrom*.md; do
    sed -E -e 's#\[(`[^`]+`)\]\(([A-Za-z]+)\.md\#[^)]*\)#\1 in <doc:\2Operators>#g' \
        -e 's#\[[^]]+\]\((Migration|MigratingFrom[A-Za-z]+)\.md\)#<doc:\1>#g' \
        "$page" >"$catalog/Operators/$(basename "$page")"
done

echo "== docc convert"
rm -rf "$output"
docc convert "$catalog" \
    --additional-symbol-graph-dir "$work/graphs" \
    --fallback-display-name Rill --fallback-bundle-identifier org.rill.Rill \
    --transform-for-static-hosting --hosting-base-path Rill \
    --output-path "$output" 2>&1 | tee "$work/docc.log"

if grep -qE "^(warning|error):" "$work/docc.log"; then
    echo "error: DocC reported the warnings above" >&2
    exit 1
fi
echo "Documentation written to $output"
