import Foundation

/// Runs every action synchronously, on the calling thread, before `schedule` returns
/// (RAC `+immediateScheduler`).
///
/// `schedule(after:)` blocks the calling thread until the date, as RAC's does. Repeating
/// actions cannot run synchronously and are a programming error.
public final class ImmediateScheduler: Scheduler {
    public init() {}

    public var now: Date { Date() }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        Schedulers.perform(on: self, action)
        return nil
    }

    @discardableResult
    public func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
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
