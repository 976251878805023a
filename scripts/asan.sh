#!/usr/bin/env bash
# The whole test suite under AddressSanitizer (about 5 minutes on 2 cores); .ci/run runs it without
# the two suites whose work is a compiler in a child process (its --skip says why).
#
# LeakSanitizer is on: every test ends or disposes everything it subscribes (a subscription to a
# hot or manual source lasts until then: docs/Contracts.md, G3), so a block still allocated at exit
# is memory that a finished or disposed chain failed to release, or a cycle a test made
# (scripts/lsan-suppressions.txt lists the only exceptions, XCTest's and Foundation's own).
# Releases by Rill are also checked by the leak suite, Tests/RillTests/Leaks, with weak references.
#
# The chains of every kind of operator (ChainStackDepthTests) are 30,000 operators long here, not a
# million as in the plain suite, and each operator's generated chain check 3,000, not 100,000. This
# run looks for memory errors, and a chain of 3,000 already passes the 128 KiB stack budget and the
# checkpoints of docs/Contracts.md ("Stack safety") dozens of times: a longer one takes no other
# path, and the plain suite proves the depth. The instrumentation makes each operator many times
# slower: at 100,000 links here the generated checks alone took 805 s of processor time (419 s of
# wall time, 1.9 GB) on an idle machine on 2026-12-01, about a tenth more of CI's. For the same
# reason the other single-threaded scale tests (a million links, recursions, repetitions or events
# on one thread) run a tenth of their length (`RILL_SCALE_DIVISOR`, Tests/RillTests/Support/TestScale.swift).
set -euo pipefail
cd "$(dirname "$0")/.."
export RILL_CHAIN_DEPTH=30000 RILL_SCALE_DIVISOR=10
ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt" \
    swift test --sanitize=address "$@"
