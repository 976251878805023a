import Foundation

/// Runs every action synchronously, on the calling thread, before `schedule` returns
/// (RAC `+immediateScheduler`).
///
/// Unlike every other scheduler, it does not make itself ``Schedulers/current`` while an action
/// runs, as in RAC: inside an action of a background scheduler, a block run through `immediate`
/// still sees the background scheduler as current, so a `delay` or `throttle` there schedules
/// on that scheduler instead of blocking the thread (rule G9).
///
/// `schedule(after:)` blocks the calling thread until the date, as RAC's does. Repeating
/// actions cannot run synchronously and are a programming error. Nothing is ever left
/// scheduled, so the returned disposables are `nil`: there is nothing to cancel or release.
public final class ImmediateScheduler: Scheduler {
    public init() {}

    public var now: Date { Date() }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        action()
        return nil
    }

    /// Blocks the calling thread until `date`, then runs `action`.
    ///
    /// - Precondition: `date` is not NaN and not infinitely far ahead, since the action would
    ///   block the thread forever.
    @discardableResult
    public func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let seconds = date.timeIntervalSinceReferenceDate
        precondition(
            seconds.isFinite, "ImmediateScheduler.schedule(after:_:): date must be finite, got \(seconds)")
        Thread.sleep(until: date)
        return schedule(action)
    }

    public func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        preconditionFailure(
            "ImmediateScheduler.schedule(after:repeatingEvery:withLeeway:): the immediate scheduler cannot repeat an action"
        )
    }
}
