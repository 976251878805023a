import Dispatch
import Foundation
import Synchronization

/// Runs actions on the main queue, which is the main actor's executor (RAC
/// `-deliverOnMainThread`'s scheduling).
///
/// ``schedule(_:)`` runs the action at once, before returning, when it is called on the main
/// queue and no action this scheduler queued earlier is still waiting; otherwise it queues the
/// action on the main queue. Actions therefore run in the order they were scheduled, and a value
/// produced on the main thread reaches the user interface without waiting for the next turn of
/// the run loop. Delayed and repeating actions always go through the main queue.
///
/// Every action runs on the main actor, so code it calls may be `@MainActor`. To hand events to
/// `@MainActor` code, use ``Signal/deliver(on:)-(MainScheduler)``, whose subscription takes
/// `@MainActor` handlers.
public final class MainScheduler: Scheduler {
    /// The shared main-queue scheduler.
    public static let main = MainScheduler()

    /// Actions queued by ``schedule(_:)`` that have not finished: while any is waiting, a new
    /// action must queue behind it to keep the order.
    private let waiting = Atomic<Int>(0)

    /// Creates a main-queue scheduler with its own count of waiting actions.
    public init() {}

    public var now: Date { Date() }

    /// Whether the calling code runs on the main queue. On Linux, once `main` has handed the main
    /// queue to Dispatch, its work runs on a thread that is not the process's main thread, so the
    /// queue is identified by a queue-specific key rather than by `Thread.isMainThread`.
    public static var isOnMainQueue: Bool {
        isMainThread || DispatchQueue.getSpecific(key: MainQueueKey.key) != nil
    }

    /// `Thread.isMainThread`, asked once per thread.
    private static var isMainThread: Bool {
        ThreadState.withCurrent { thread in
            if let known = thread.isMainThread { return known }
            let isMain = Thread.isMainThread
            thread.isMainThread = isMain
            return isMain
        }
    }

    /// Runs `action` before returning if ``schedule(_:)`` would: on the main queue, with no action
    /// of this scheduler waiting. Otherwise runs nothing and returns `false` (`ImmediateRunning`).
    @usableFromInline
    func runIfImmediate(_ action: () -> Void) -> Bool {
        if runAtOnceIfFirst(action) { return true }
        waiting.subtract(1, ordering: .acquiringAndReleasing)
        return false
    }

    /// Counts `action` as waiting and, if nothing else of this scheduler waits and the caller is
    /// on the main queue, runs it at once and uncounts it. Returns whether it ran; if it did not,
    /// the caller owns the count.
    private func runAtOnceIfFirst(_ action: () -> Void) -> Bool {
        let position = waiting.add(1, ordering: .acquiringAndReleasing).newValue
        guard position == 1 && Self.isOnMainQueue else { return false }
        defer { waiting.subtract(1, ordering: .acquiringAndReleasing) }
        Schedulers.perform(on: self, action)
        return true
    }

    @discardableResult
    public func schedule(_ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        if runAtOnceIfFirst(action) { return nil }
        let cancellation = ActionDisposable()
        DispatchQueue.main.async { [self] in
            defer { waiting.subtract(1, ordering: .acquiringAndReleasing) }
            guard !cancellation.isDisposed else { return }
            Schedulers.perform(on: self, action)
        }
        return cancellation
    }

    @discardableResult
    public func schedule(after date: Date, _ action: @escaping @Sendable () -> Void) -> (any Disposable)? {
        QueueScheduler.main.schedule(after: date) { [self] in Schedulers.perform(on: self, action) }
    }

    @discardableResult
    public func schedule(
        after date: Date, repeatingEvery interval: TimeInterval, withLeeway leeway: TimeInterval,
        _ action: @escaping @Sendable () -> Void
    ) -> (any Disposable)? {
        QueueScheduler.main.schedule(after: date, repeatingEvery: interval, withLeeway: leeway) { [self] in
            Schedulers.perform(on: self, action)
        }
    }
}

/// Marks the main queue so that ``MainScheduler/isOnMainQueue`` can recognise it from any thread.
private enum MainQueueKey {
    static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()
}

extension Scheduler where Self == MainScheduler {
    /// The main-queue scheduler, ``MainScheduler/main``, wherever a scheduler is expected:
    /// `throttle(0.3, on: .main)`, `delay(1, on: .main)`, `deliver(on: .main)`.
    // Disfavored so that `deliver(on: .main)` keeps choosing its `MainScheduler` overload, which
    // returns a `MainActorSignal`, over the one taking `any Scheduler`.
    @_disfavoredOverload
    public static var main: MainScheduler { MainScheduler.main }
}
