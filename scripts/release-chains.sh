#!/usr/bin/env bash
# Every operator's chain check (the generated `chain:` tests), the table of chains of every kind
# of operator (ChainStackDepthTests) and the hot chains (HotChainStackDepthTests), a million links
# each, in an optimized build: the stack-depth promise of docs/Contracts.md for release builds,
# which `swift test` checks in a debug build; then the suites of bindings, properties and
# multicasts, whose code the optimized build rewrites most, and the test kit's scheduler.
# .ci/run runs it. About 3 minutes to build the tests optimized and 6 to run them on an idle
# 2-core machine (docs/Reliability.md says where the time goes), with up to 6 GB of memory in
# the generated checks' run, where two chains of a million operators are alive at once.
#
#   bash scripts/release-chains.sh              # a million links
#   RILL_CHAIN_DEPTH=100000 bash scripts/release-chains.sh   # a hundred thousand
#
# The optimized build places a lifted chain's checkpoints every 128th signal instead of every
# 32nd, and fuses operators the debug build calls one by one, so its frames and its paths differ
# from the debug build's: this is the run that finds a release-only recursion.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each `swift test` below runs once more if SwiftPM itself crashes (the script says when).
source scripts/rerun-if-swiftpm-crashed.sh

depth=${RILL_CHAIN_DEPTH:-1000000}

# Testable imports, which some test targets use, need -enable-testing in an optimized build.
release=(-c release -Xswiftc -enable-testing)
# Only the suites this script runs are built optimized: the rest of RillTests, and the spec
# language's tests, would take minutes of whole-module optimization for nothing. Package.swift
# lists those suites' files; a suite that a filter below selects must have its file there, or it
# is not built and the filter silently runs without it.
export RILL_OPTIMIZED_SUITES_ONLY=1
# A file or folder of that list that no longer exists is only a warning to SwiftPM; here it fails.
if swift package describe 2>&1 >/dev/null | grep -F "Invalid Source" >&2; then
    echo "error: Package.swift names an optimized suite that does not exist" >&2
    exit 1
fi

# RILL_CHAIN_DEPTH is ten times the generated checks' length (RillTesting's stackSafeChainDepth)
# and the table's own length.
RILL_CHAIN_DEPTH=$((depth * 10)) rerun_if_swiftpm_crashed swift test "${release[@]}" --filter 'Spec_'
RILL_CHAIN_DEPTH=$depth rerun_if_swiftpm_crashed swift test "${release[@]}" --skip-build --filter 'RillTests\.ChainStackDepthTests'
# The hot chains (properties derived from properties, subjects feeding subjects), one at a time.
RILL_HOT_CHAIN_DEPTH=$depth rerun_if_swiftpm_crashed swift test "${release[@]}" --skip-build --filter 'HotChainStackDepthTests'
# The bindings', properties' and multicasts' suites too: in this build only, the optimizer turns
# a literal key path into a call of its setter and specializes what a multicast sends. And the
# test kit's scheduler, whose reports a test observes through a task-local value: binding a
# closure that way crashes an optimized build (TestSchedulerIssue.Reporter). Not the misuse
# suite: an optimized build traps without the precondition's message, which it checks.
rerun_if_swiftpm_crashed swift test "${release[@]}" --skip-build \
    --filter 'BindTests|BindingTargetTests|BindingEndTests|MainActorBinding|MainActorDelivery|Propert|MulticastConnection|RillTestingTests\.TestScheduler' \
    --skip 'PropertyMisuseTests'
