import Dispatch
import Foundation

extension Signal {
    /// Subscribes, blocks the calling thread until the first event or until `timeout` seconds
    /// have passed, disposes the subscription and returns that event.
    @usableFromInline
    func waitForFirstEvent(timeout: TimeInterval, operation: String) throws(WaitError<Failure>) -> Event<
        Value, Failure
    > {
        precondition(
            timeout >= 0, "Signal.\(operation): timeout must not be negative, got \(timeout)")
        let wait = FirstEventWait<Value, Failure>()
        // Isolated, so that what the subscription would leave for this thread's outermost core
        // frame runs before the thread blocks (see `DeepChain`).
        let subscription = DeepChain.isolated {
            subscribe(
                next: { wait.receive(.next($0)) },
                error: { wait.receive(.error($0)) },
                completed: { wait.receive(.completed) })
        }
        // Remembered before waiting: a thread running a scheduler's action cannot run that
        // scheduler's other actions while it waits.
        let blockedScheduler = Self.blockedSchedulerDescription()
        let deadline: DispatchTime =
            timeout > Self.longestTimedWait ? .distantFuture : .now() + timeout
        let received = wait.semaphore.wait(timeout: deadline) == .success
        subscription.dispose()
        guard received, let event = wait.event else {
            throw .timedOut(after: timeout, blockedScheduler: blockedScheduler)
        }
        return event
    }

    /// What a wait on this thread blocks, as ``WaitError/timedOut(after:blockedScheduler:)``
    /// reports it.
    static func blockedSchedulerDescription() -> String? {
        if Thread.isMainThread { return "the main thread" }
        guard let scheduler = Schedulers.current else { return nil }
        if let queueScheduler = scheduler as? QueueScheduler {
            return "the queue '\(queueScheduler.queue.label)'"
        }
        return "the scheduler \(scheduler)"
    }

    /// Longer timeouts wait forever: `DispatchTime` cannot count further.
    static var longestTimedWait: TimeInterval { 60 * 60 * 24 * 365 * 100 }
}

/// The first event a blocking wait receives, handed from the delivering thread to the waiting one.
final class FirstEventWait<Value: Sendable, Failure: Error>: Sendable {
    private let first = Lock<Event<Value, Failure>?>(nil)
    let semaphore = DispatchSemaphore(value: 0)

    func receive(_ event: Event<Value, Failure>) {
        let isFirst = first.withLock { first in
            guard first == nil else { return false }
            first = event
            return true
        }
        if isFirst { semaphore.signal() }
    }

    var event: Event<Value, Failure>? { first.withLock { $0 } }
}
