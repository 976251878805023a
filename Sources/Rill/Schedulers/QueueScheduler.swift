import Dispatch
import Foundation
import Synchronization

/// Runs actions asynchronously on a `DispatchQueue`, one at a time and in the order they were
/// scheduled, even on a concurrent queue (RAC `RACTargetQueueScheduler`).
public final class QueueScheduler: Scheduler {
    /// The main queue, always on its next turn: what ``Schedulers/current`` is on the main queue,
    /// as RAC's main-thread scheduler. Where a scheduler is expected, `.main` is
    /// ``MainScheduler/main`` instead, which runs an action at once when it is scheduled on the main
    /// queue with nothing of its own waiting, so that a value already on the main queue is not
    /// held back a turn.
    public static let main = QueueScheduler(serialQueue: .main)

    /// The serial queue actions run on. For a scheduler made with ``init(queue:)``, a queue of
    /// the scheduler's own, with the same label, whose work runs on the queue given.
    public let queue: DispatchQueue

    /// Creates a scheduler whose actions run on `queue`, one at a time and in order: a queue
    /// of the scheduler's own, serial, stands in front of `queue`, so that on a concurrent queue
    /// (`.global()`) an action does not start before the one scheduled ahead of it has ended.
    public convenience init(queue: DispatchQueue) {
        self.init(serialQueue: DispatchQueue(label: queue.label, target: queue))
    }

    /// Creates a scheduler on a new serial queue.
    public convenience init(qos: DispatchQoS = .default, name: String = "rill.QueueScheduler") {
        self.init(serialQueue: DispatchQueue(label: name, qos: qos))
    }

    private init(serialQueue: DispatchQueue) {
        self.queue = serialQueue
    }

    public var now: Date { Date() }

    /// Runs `action` on the queue as soon as possible.
    ///
    /// - Returns: A disposable that cancels the action if it has not started and releases it
    ///   at once, with everything it captured.
    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let scheduled = ScheduledAction(action)
        queue.async { [self] in
            guard let action = scheduled.takeForRunning() else { return }
            Schedulers.perform(on: self, action)
        }
        return scheduled
    }

    /// Runs `action` on the queue at `date`, by the wall clock.
    ///
    /// A date in the past runs the action as soon as possible; a date after the year 2255, or
    /// an infinite one, never runs it (it stays cancellable).
    ///
    /// - Precondition: `date` is not NaN.
    @discardableResult
    public func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let scheduled = ScheduledAction(action)
        guard let deadline = Self.wallTime(date, caller: "schedule(after:_:)") else { return scheduled }
        queue.asyncAfter(wallDeadline: deadline) { [self] in
            guard let action = scheduled.takeForRunning() else { return }
            Schedulers.perform(on: self, action)
        }
        return scheduled
    }

    /// Runs `action` on the queue at `date`, then every `interval` seconds.
    ///
    /// An `interval` longer than about 285 years, or infinite, runs the action once; a date
    /// after the year 2255 never runs it. A `leeway` that long is shortened to that length.
    ///
    /// - Precondition: `interval` is positive and `leeway` is not negative; neither is NaN.
    @discardableResult
    public func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        let caller = "schedule(after:repeatingEvery:withLeeway:_:)"
        precondition(interval > 0, "QueueScheduler.\(caller): interval must be positive, got \(interval)")
        precondition(leeway >= 0, "QueueScheduler.\(caller): leeway must not be negative, got \(leeway)")
        let scheduled = ScheduledAction(action)
        guard let deadline = Self.wallTime(date, caller: caller) else { return scheduled }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            wallDeadline: deadline, repeating: Self.dispatchInterval(interval) ?? .never,
            leeway: Self.dispatchInterval(min(leeway, Self.longestInterval)) ?? .never)
        timer.setEventHandler { [self] in
            guard let action = scheduled.forRepeatedRunning() else { return }
            Schedulers.perform(on: self, action)
        }
        timer.resume()
        let running = RunningTimer(timer)
        scheduled.onCancel { running.cancel() }
        return scheduled
    }

    /// The longest wait a dispatch deadline can express with room to spare: 64-bit nanosecond
    /// counts end in 2262.
    private static let longestInterval: TimeInterval = 9_000_000_000

    private static func dispatchInterval(_ seconds: TimeInterval) -> DispatchTimeInterval? {
        seconds <= longestInterval ? .nanoseconds(Int(seconds * 1_000_000_000)) : nil
    }

    /// The dispatch deadline of `date`, or `nil` for a date too far ahead to ever come.
    private static func wallTime(_ date: Date, caller: String) -> DispatchWallTime? {
        let seconds = date.timeIntervalSince1970
        precondition(!seconds.isNaN, "QueueScheduler.\(caller): date must not be NaN")
        guard seconds < longestInterval else { return nil }
        let clamped = max(seconds, 0)
        let whole = clamped.rounded(.down)
        let spec = timespec(tv_sec: Int(whole), tv_nsec: Int((clamped - whole) * 1_000_000_000))
        return DispatchWallTime(timespec: spec)
    }
}

/// Owns a dispatch timer, which is not `Sendable`, so that a disposable may cancel it from any thread.
private final class RunningTimer: Sendable {
    private let timer: Lock<(any DispatchSourceTimer)?>

    init(_ timer: sending any DispatchSourceTimer) {
        self.timer = Lock(timer)
    }

    func cancel() {
        timer.withLock { timer in
            timer?.cancel()
            timer = nil
        }
    }
}
