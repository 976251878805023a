import Foundation

extension TestScheduler {
    /// The date at which `frame` of a marble diagram falls: `startDate + frame * frameDuration`.
    public func date(ofFrame frame: Int) -> Date {
        startDate.addingTimeInterval(Double(frame) * frameDuration)
    }

    /// Moves the clock forward to `frame`, running the actions that fall due on the way
    /// (see ``advance(to:)``).
    ///
    /// - Precondition: `frame` is not in the past.
    public func advance(toFrame frame: Int) {
        let date = date(ofFrame: frame)
        precondition(
            date >= now,
            "TestScheduler.advance(toFrame:): frame \(frame) is in the past (the clock is at \(FrameTime.describe(elapsed, frameDuration: frameDuration)) frames)"
        )
        advance(to: date)
    }

    /// Moves the clock forward by `frames` frames of ``frameDuration`` each, running the
    /// actions that fall due on the way (see ``advance(by:)``).
    ///
    /// - Precondition: `frames` is not negative.
    public func advance(byFrames frames: Int) {
        precondition(
            frames >= 0,
            "TestScheduler.advance(byFrames:): the virtual clock cannot go back, got \(frames) frames")
        advance(by: Double(frames) * frameDuration)
    }
}

/// Conversions between virtual time (seconds since a scheduler's start) and marble frames.
enum FrameTime {
    /// Times closer than this fraction of a frame are the same time.
    static let tolerance = 1e-6

    /// The frame `time` falls in, rounding down; a time a hair before a frame counts as that frame.
    static func frame(of time: TimeInterval, frameDuration: TimeInterval) -> Int {
        Int((time / frameDuration + tolerance).rounded(.down))
    }

    /// Whether two times are the same frame position.
    static func isSame(_ first: TimeInterval, _ second: TimeInterval, frameDuration: TimeInterval) -> Bool {
        abs(first - second) / frameDuration < tolerance
    }

    /// The frame position of `time` as text: `3` on a frame, `2.5` between frames.
    static func describe(_ time: TimeInterval, frameDuration: TimeInterval) -> String {
        let position = time / frameDuration
        let nearest = position.rounded()
        if abs(position - nearest) < tolerance { return String(Int(nearest)) }
        return String(position)
    }
}
