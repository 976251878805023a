import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Expects `run` to take linear time in the size it is given: four times `size` must take less
/// than eight times as long as `size`, where an algorithm quadratic in it takes about sixteen.
/// Each size is measured three times, alternately, and the fastest run counts, so that a cache
/// or allocator warming up does not count as the algorithm's time.
///
/// `run` returns the time of the part that must be linear, measured with
/// `measureThreadTime(_:)`: processor time, not wall time, since on a loaded machine a run
/// longer than the scheduler's time slice waits for the processor in proportion to the other
/// threads, while a shorter one may finish within its slice.
func expectLinearTime(
    from size: Int, of what: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ run: (Int) -> Duration
) {
    var small = Duration.seconds(Int.max)
    var large = Duration.seconds(Int.max)
    for _ in 0..<3 {
        small = min(small, run(size))
        large = min(large, run(4 * size))
    }
    let ratio = large.seconds / max(small.seconds, 1e-6)
    #expect(
        ratio < 8, "\(size) \(what) took \(small), \(4 * size) took \(large)", sourceLocation: sourceLocation)
}

/// The processor time the calling thread spends in `body`, in user and kernel mode; `body` must
/// do its work on the calling thread.
func measureThreadTime(_ body: () -> Void) -> Duration {
    let start = threadTime()
    body()
    return threadTime() - start
}

private func threadTime() -> Duration {
    var time = timespec()
    let status = clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    precondition(status == 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed")
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
}
