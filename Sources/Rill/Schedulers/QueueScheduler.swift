import Dispatch
import Foundation
import Synchronization

/// Runs actions asynchronously on a `DispatchQueue` (RAC `RACQueueScheduler`).
public final class QueueScheduler: Scheduler {
    /// The scheduler of the main queue.
    public static let main = QueueScheduler(queue: .main)

    /// The queue actions run on.
    public let queue: DispatchQueue

    /// Creates a scheduler on `queue`.
    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    /// Creates a scheduler on a new serial queue.
    public convenience init(qos: DispatchQoS = .default, name: String = "rill.QueueScheduler") {
        self.init(queue: DispatchQueue(label: name, qos: qos))
    }

    public var now: Date { Date() }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let cancellation = ActionDisposable()
        queue.async { [self] in
            guard !cancellation.isDisposed else { return }
            Schedulers.perform(on: self, action)
        }
        return cancellation
    }

    @discardableResult
    public func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        let cancellation = ActionDisposable()
        queue.asyncAfter(wallDeadline: Self.wallTime(date)) { [self] in
            guard !cancellation.isDisposed else { return }
            Schedulers.perform(on: self, action)
        }
        return cancellation
    }

    @discardableResult
    public func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        precondition(
            interval > 0,
            "QueueScheduler.schedule(after:repeatingEvery:withLeeway:): interval must be positive, got \(interval)"
        )
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(
            wallDeadline: Self.wallTime(date), repeating: interval,
            leeway: .nanoseconds(Int(max(0, leeway) * 1_000_000_000)))
        timer.setEventHandler { [self] in Schedulers.perform(on: self, action) }
        timer.resume()
        let running = RunningTimer(timer)
        return ActionDisposable { running.cancel() }
    }

    private static func wallTime(_ date: Date) -> DispatchWallTime {
        let seconds = date.timeIntervalSince1970
        let whole = seconds.rounded(.down)
        let spec = timespec(tv_sec: Int(whole), tv_nsec: Int((seconds - whole) * 1_000_000_000))
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
