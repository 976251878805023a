# Sourced by .ci/run and the scripts it runs that call SwiftPM (plugin-cycle, release-chains, demo,
# docs).
#
# SwiftPM itself on Linux now and then dies of SIGSEGV in libdispatch's epoll loop while it reads a
# child process's output (swift-corelibs-libdispatch#949), printing no error. A crash in a test or
# a test binary makes `swift test` exit 1, so an exit status of 139 from `swift build` or
# `swift test` is SwiftPM's own crash: such a command runs once more, and says so on stderr. Every
# other status is returned as it is.
rerun_if_swiftpm_crashed() {
    local status=0
    "$@" || status=$?
    if [ "$status" -eq 139 ]; then
        echo "note: SwiftPM crashed (SIGSEGV) during: $*; running it once more" >&2
        "$@"
        return
    fi
    return "$status"
}
