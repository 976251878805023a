import Testing

/// Expects `run` to take linear time in the size it is given: four times `size` must take less
/// than eight times as long as `size`, where an algorithm quadratic in it takes about sixteen.
/// Each size is measured three times, alternately, and the fastest run counts, so that a burst of
/// load from the tests running beside this one does not count as the algorithm's time.
///
/// `run` returns the time of the part that must be linear, measured with `ContinuousClock`.
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
