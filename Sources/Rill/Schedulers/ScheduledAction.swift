import Synchronization

/// An action waiting on a queue or a timer. Disposing it releases the closure at once, so
/// whatever the closure captured (a value held by `delay`, a whole `repeat` chain) is freed now,
/// not when the queue reaches the action, which on an idle main queue may be never.
final class ScheduledAction: Disposable {
    private struct State {
        var action: (@Sendable () -> Void)?
        /// Stops the underlying timer, for a repeating action.
        var cancel: (@Sendable () -> Void)?
    }

    private let state: Lock<State>
    private let disposed = Atomic<Bool>(false)

    init(_ action: @escaping @Sendable () -> Void) {
        state = Lock(State(action: action))
    }

    var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Sets what stops the timer that runs a repeating action; runs it at once if already
    /// disposed.
    func onCancel(_ cancel: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { state in
            guard !isDisposed else { return true }
            state.cancel = cancel
            return false
        }
        if runNow { cancel() }
    }

    /// The action, taken out so that it runs once and is released right after; `nil` once
    /// disposed.
    func takeForRunning() -> (@Sendable () -> Void)? {
        state.withLock { state in
            defer { state.action = nil }
            return state.action
        }
    }

    /// The action, left in place for the next run of a repeating timer; `nil` once disposed.
    func forRepeatedRunning() -> (@Sendable () -> Void)? {
        state.withLock { $0.action }
    }

    func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Moved out under the lock, released and run outside it: releasing the closure can run
        // arbitrary deinitializers.
        let released = state.withLock { state in
            defer { state = State() }
            return state
        }
        released.cancel?()
    }
}
