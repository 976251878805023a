import Foundation
import Rill
import Synchronization

/// A counting semaphore for tasks: a task waiting for a turn is suspended, not blocked. The turns
/// of ``onDedicatedThread(stackBytes:_:)``.
final class DedicatedThreadTurns: Sendable {
    static let shared = DedicatedThreadTurns(ProcessInfo.processInfo.activeProcessorCount)

    private struct State {
        var free: Int
        var waiting: [CheckedContinuation<Void, Never>] = []
    }

    // Rill's `Lock`, not a bare `Mutex`: a contended `Mutex` hands over through the kernel,
    // which ThreadSanitizer cannot see, and it would report the state as raced.
    private let state: Lock<State>

    init(_ count: Int) {
        state = Lock(State(free: max(1, count)))
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

/// Runs a long synchronous `body` on a thread of its own and suspends until it returns.
///
/// Swift Testing runs tests on the cooperative pool, which has one thread per core; a test that
/// computes for minutes (more under a sanitizer) would hold one of them and starve the async
/// tests. Assertions belong after the call, in the test, where Swift Testing attributes them.
///
/// No more of these threads run at once than there are cores; the rest wait their turn,
/// suspended. Their bodies are the scale tests, chains of a million operators and the like, that
/// each hold up to gigabytes until they end: the parallel suite starts dozens of them at once,
/// and all of them alive together took 10 GB and more, where more of them at a time than cores
/// finish no sooner. When a body returns, the memory it freed goes back to the system before the
/// next turn starts (``startScaleThread(stackBytes:running:then:)``). The `async` form of
/// `expectStackSafeChain` runs here, and so do Rill's own scale tests, which see this through a
/// testable import.
func onDedicatedThread<Result: Sendable>(
    stackBytes: Int = 8 * 1024 * 1024, _ body: @escaping @Sendable () -> Result
) async -> Result {
    await DedicatedThreadTurns.shared.take()
    let result = await withCheckedContinuation { continuation in
        startScaleThread(stackBytes: stackBytes, running: body) { continuation.resume(returning: $0) }
    }
    DedicatedThreadTurns.shared.give()
    return result
}

/// Starts a thread with a `stackBytes` stack that runs `body`, hands the memory it freed back to
/// the system (``returnFreedMemoryToSystem()``), and then passes the result to `finish`, so that
/// whoever waits for the result starts its next scale test with that memory returned.
func startScaleThread<Result: Sendable>(
    stackBytes: Int, running body: @escaping @Sendable () -> Result,
    then finish: @escaping @Sendable (Result) -> Void
) {
    let thread = Thread {
        let result = body()
        returnFreedMemoryToSystem()
        finish(result)
    }
    thread.stackSize = stackBytes
    thread.start()
}
