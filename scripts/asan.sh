#!/usr/bin/env bash
# The whole test suite under AddressSanitizer, as .ci/run runs it (about 6 minutes on 2 cores).
#
# LeakSanitizer is off: every block it reports at exit belongs to a TestScheduler left in a cycle
# with the actions still queued on it when a test ends (docs/Reliability.md). Releases by Rill
# itself are checked by the leak suite, Tests/RillTests/Leaks, with weak references.
#
# The chains of every kind of operator (ChainStackDepthTests) are a tenth as long here as in the
# plain suite: the instrumentation makes each operator many times slower, and a hundred thousand
# operators are still far past where a recursion would overflow their 512 KiB thread.
set -euo pipefail
cd "$(dirname "$0")/.."
RILL_CHAIN_DEPTH=100000 ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address "$@"
