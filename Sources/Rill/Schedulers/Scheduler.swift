import Foundation

/// Runs actions now, later, or repeatedly, on some thread or queue of its choosing.
///
/// Every action a scheduler runs sees that scheduler as ``Schedulers/current`` (rule G9 in
/// `docs/Contracts.md`), which is how time operators that take no scheduler find one.
/// Implementations call ``Schedulers/perform(on:_:)`` around each action to provide it.
public protocol Scheduler: AnyObject, Sendable {
    /// The scheduler's idea of the current time. A virtual-time scheduler returns its clock.
    var now: Date { get }

    /// Runs `action` as soon as possible, never synchronously on a queue that is not the
    /// scheduler's own (the immediate scheduler excepted).
    ///
    /// - Returns: A disposable that cancels the action if it has not started, or `nil` if the
    ///   action cannot be cancelled.
    @discardableResult
    func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)?

    /// Runs `action` at `date` or as soon as possible after it.
    @discardableResult
    func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)?

    /// Runs `action` at `date`, then every `interval` seconds until the returned disposable is
    /// disposed. `leeway` is how late each run may be, which lets the system coalesce timers.
    @discardableResult
    func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)?
}

extension Scheduler {
    /// Runs `action` once `delay` seconds have passed on this scheduler's clock.
    @discardableResult
    public func schedule(afterDelay delay: TimeInterval, _ action: @escaping @Sendable () -> Void)
        -> (any Disposable)?
    {
        schedule(after: now.addingTimeInterval(delay), action)
    }

    /// Runs `action` at `date`, then every `interval` seconds, with no leeway.
    @discardableResult
    public func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        schedule(after: date, repeatingEvery: interval, withLeeway: 0, action)
    }
}
