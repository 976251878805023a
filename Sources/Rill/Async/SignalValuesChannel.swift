/// Hands the values of one subscription to the task that iterates them.
///
/// The signal pushes from whatever thread it delivers on; the task pulls with `next`. Between the
/// two sit a buffer, the terminal event, and at most one waiting task, all behind one lock.
final class SignalValuesChannel<Value: Sendable, Failure: Error>: Sendable {
    private struct State {
        var buffer = RingBuffer<Value>()
        /// The terminal event, once received and until it has been handed to the task.
        var terminal: Result<Value?, Failure>?
        /// Set once the iteration is over: after the terminal event was handed out, or after
        /// cancellation. Every later `next` returns `nil`.
        var isFinished = false
        var hasStarted = false
        var waiter: CheckedContinuation<Result<Value?, Failure>, Never>?
        var subscription: (any Disposable)?
    }

    private let signal: Signal<Value, Failure>
    private let bufferingPolicy: BufferingPolicy
    private let state = Lock(State())

    init(_ signal: Signal<Value, Failure>, bufferingPolicy: BufferingPolicy) {
        self.signal = signal
        self.bufferingPolicy = bufferingPolicy
    }

    /// The next value, `nil` at the end, or the failure.
    func next(isolation actor: isolated (any Actor)?) async -> Result<Value?, Failure> {
        // A task cancelled before it asks ends at once, without subscribing.
        if Task.isCancelled { cancel() }
        startIfNeeded()
        return await withTaskCancellationHandler(
            operation: {
                await withCheckedContinuation(isolation: actor) { continuation in
                    let ready = state.withLock { state -> Result<Value?, Failure>? in
                        if let value = state.buffer.popFirst() { return .success(value) }
                        if state.isFinished { return .success(nil) }
                        if let terminal = state.terminal {
                            state.terminal = nil
                            state.isFinished = true
                            return terminal
                        }
                        state.waiter = continuation
                        return nil
                    }
                    if let ready { continuation.resume(returning: ready) }
                }
            },
            onCancel: { cancel() },
            isolation: actor)
    }

    /// Ends the iteration: disposes the subscription and ends a waiting `next` with `nil`.
    func cancel() {
        let (waiter, subscription) = state.withLock { state in
            state.isFinished = true
            state.hasStarted = true
            state.buffer.removeAll()
            state.terminal = nil
            defer {
                state.waiter = nil
                state.subscription = nil
            }
            return (state.waiter, state.subscription)
        }
        subscription?.dispose()
        waiter?.resume(returning: .success(nil))
    }

    private func startIfNeeded() {
        let shouldStart = state.withLock { state in
            defer { state.hasStarted = true }
            return !state.hasStarted
        }
        guard shouldStart else { return }
        // The subscription may deliver synchronously, so it is made outside the lock.
        let subscription = signal.subscribe(
            next: { self.receive(value: $0) },
            error: { self.receive(terminal: .failure($0)) },
            completed: { self.receive(terminal: .success(nil)) })
        let isFinished = state.withLock { state in
            if !state.isFinished { state.subscription = subscription }
            return state.isFinished
        }
        if isFinished { subscription.dispose() }
    }

    private func receive(value: Value) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Value?, Failure>, Never>? in
            guard !state.isFinished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            switch bufferingPolicy {
            case .unbounded:
                state.buffer.append(value)
            case .bufferingOldest(let limit):
                if state.buffer.count < limit { state.buffer.append(value) }
            case .bufferingNewest(let limit):
                guard limit > 0 else { break }
                if state.buffer.count == limit { _ = state.buffer.popFirst() }
                state.buffer.append(value)
            }
            return nil
        }
        waiter?.resume(returning: .success(value))
    }

    private func receive(terminal: Result<Value?, Failure>) {
        let waiter = state.withLock { state -> CheckedContinuation<Result<Value?, Failure>, Never>? in
            guard !state.isFinished else { return nil }
            state.subscription = nil
            if let waiter = state.waiter {
                state.waiter = nil
                state.isFinished = true
                return waiter
            }
            state.terminal = terminal
            return nil
        }
        waiter?.resume(returning: terminal)
    }
}
