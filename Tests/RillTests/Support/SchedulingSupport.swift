import Dispatch
import Foundation
import Rill
import Synchronization

/// A serial queue that knows when code runs on it, wrapped in a scheduler.
final class LabelledQueue: Sendable {
    let queue: DispatchQueue
    let scheduler: QueueScheduler
    private let key = DispatchSpecificKey<String>()

    init(_ label: String) {
        queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: label)
        scheduler = QueueScheduler(queue: queue)
    }

    /// Whether the calling code runs on this queue.
    var isCurrent: Bool { DispatchQueue.getSpecific(key: key) != nil }
}

/// A one-shot gate: a handler opens it, a test waits for it, no longer than the hang guard. Never
/// a sleep: a blocking wait uses a semaphore, an asynchronous one a continuation.
final class Gate: Sendable {
    private struct State {
        var result: Bool?
        var continuation: CheckedContinuation<Bool, Never>?
    }

    // Rill's `Lock`, not a bare `Mutex`: a contended `Mutex` hands over through the kernel,
    // which ThreadSanitizer cannot see, and it would report the state as raced.
    private let state = Lock(State())
    private let semaphore = DispatchSemaphore(value: 0)

    func open() { finish(true) }

    /// Blocks until the gate opens; false if it did not within `seconds`.
    func wait(seconds: Double = HangGuard.seconds) -> Bool {
        if semaphore.wait(timeout: .now() + seconds) == .success {
            semaphore.signal()
            return true
        }
        return false
    }

    /// Suspends until the gate opens; false if it did not within `seconds`.
    func value(seconds: Double = HangGuard.seconds) async -> Bool {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            let result: Bool? = state.withLock { state in
                if let result = state.result { return result }
                state.continuation = continuation
                return nil
            }
            if let result { return continuation.resume(returning: result) }
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { self.finish(false) }
        }
    }

    private func finish(_ result: Bool) {
        let continuation: CheckedContinuation<Bool, Never>? = state.withLock { state in
            guard state.result == nil else { return nil }
            state.result = result
            defer { state.continuation = nil }
            return state.continuation
        }
        if result { semaphore.signal() }
        continuation?.resume(returning: result)
    }
}
