import Foundation
import Rill

/// Virtual time written as an offset from the scheduler's start: `1.2` is 1.2 seconds after
/// ``TestScheduler/startDate``, and so is `.milliseconds(1200)`.
extension TestScheduler {
    /// The date `time` seconds after ``startDate``.
    public func date(at time: TimeInterval) -> Date {
        startDate.addingTimeInterval(time)
    }

    /// The date `time` after ``startDate``.
    public func date(at time: Duration) -> Date {
        date(at: VirtualTime.seconds(time))
    }

    /// Seconds from ``startDate`` to `date`: where `date` falls on this scheduler's clock.
    public func time(of date: Date) -> TimeInterval {
        date.timeIntervalSince(startDate)
    }

    /// Moves the clock forward to `time` seconds after the start, running the actions that fall
    /// due on the way (see ``advance(to:)-(Date)``).
    ///
    /// - Precondition: `time` is not in the past.
    public func advance(to time: TimeInterval) {
        precondition(
            time >= elapsed,
            "TestScheduler.advance(to:): \(time) s is in the past (the clock is at \(elapsed) s)")
        advance(to: date(at: time))
    }

    /// Moves the clock forward to `time` after the start (see ``advance(to:)-(TimeInterval)``).
    public func advance(to time: Duration) {
        advance(to: VirtualTime.seconds(time))
    }

    /// Moves the clock forward by `duration`, running the actions that fall due on the way
    /// (see ``advance(by:)-(TimeInterval)``).
    public func advance(by duration: Duration) {
        advance(by: VirtualTime.seconds(duration))
    }

    /// Queues `action` to run when the clock reaches `time` seconds after the start; a time in
    /// the past counts as now.
    @discardableResult
    public func schedule(at time: TimeInterval, _ action: @escaping @Sendable () -> Void) -> (any Disposable)?
    {
        schedule(after: date(at: time), action)
    }

    /// Queues `action` to run when the clock reaches `time` after the start.
    @discardableResult
    public func schedule(at time: Duration, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        schedule(after: date(at: time), action)
    }
}

/// Seconds as schedulers count them.
enum VirtualTime {
    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
