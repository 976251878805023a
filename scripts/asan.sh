#!/usr/bin/env bash
# The whole test suite under AddressSanitizer, as .ci/run runs it (about 6 minutes on 2 cores).
#
# LeakSanitizer is off: every block it reports at exit belongs to a TestScheduler left in a cycle
# with the actions still queued on it when a test ends (docs/Reliability.md). Releases by Rill
# itself are checked by the leak suite, Tests/RillTests/Leaks, with weak references.
set -euo pipefail
cd "$(dirname "$0")/.."
ASAN_OPTIONS=detect_leaks=0 swift test --sanitize=address "$@"
