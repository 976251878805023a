import Foundation
import Synchronization

/// A counting semaphore for tasks: a task waiting for a turn is suspended, not blocked.
///
/// The turns of the threads that run scale work, chains of a hundred thousand operators and
/// more that hold up to gigabytes each until they end: the parallel suite starts dozens of them
/// at once, and more of them at a time than there are cores finish no sooner. The `async` form
/// of `expectStackSafeChain` takes one, and so do Rill's own
/// scale tests, which see it through a testable import.
final class DedicatedThreadTurns: Sendable {
    static let shared = DedicatedThreadTurns(ProcessInfo.processInfo.activeProcessorCount)

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    init(_ count: Int) {
        state = Mutex(State(free: max(1, count)))
    }

    func take() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiting.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    func give() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiting.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiting.removeFirst()
        }
        next?.resume()
    }
}
