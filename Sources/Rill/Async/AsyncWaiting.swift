import Dispatch
import Foundation

extension Signal {
    /// Waits without blocking for the first value, and returns it; returns `defaultValue` if the
    /// signal completes without one. Gives up after `timeout` (RAC
    /// `-asynchronousFirstOrDefault:success:error:`, whose timeout is 10 seconds).
    ///
    /// Meant for tests: where ``first()`` waits as long as it takes, this fails a test that
    /// would otherwise hang. The subscription is disposed once the wait ends, whichever way.
    ///
    /// - Throws: ``WaitError/failed(_:)`` if the signal fails first, and
    ///   ``WaitError/timedOut(after:blockedScheduler:)`` if nothing arrives within `timeout`,
    ///   or if the calling task is cancelled first (with the time waited until then).
    public func asynchronousFirst(
        default defaultValue: Value? = nil, timeout: Duration = .seconds(10)
    ) async throws(WaitError<Failure>) -> Value? {
        switch await AsyncWait.firstEvent(
            of: take(1), timeout: timeout, "asynchronousFirst(default:timeout:)")
        {
        case .event(.next(let value)): return value
        case .event(.completed): return defaultValue
        case .event(.error(let failure)): throw .failed(failure)
        case .gaveUp(let waited): throw .timedOut(after: waited, blockedScheduler: nil)
        }
    }

    /// Waits without blocking until the signal completes, ignoring its values. Gives up after
    /// `timeout` (RAC `-asynchronouslyWaitUntilCompleted:`, whose timeout is 10 seconds).
    ///
    /// - Throws: As ``asynchronousFirst(default:timeout:)`` does.
    public func asynchronouslyWaitUntilCompleted(
        timeout: Duration = .seconds(10)
    ) async throws(WaitError<Failure>) {
        let completion = Signal<Never, Failure>(producer: { downstream, lifetime in
            self.subscribe(
                Observer(handlingInPlace: { event in
                    switch event {
                    case .next: break
                    case .error(let failure): downstream.send(.error(failure))
                    case .completed: downstream.send(.completed)
                    }
                }),
                in: lifetime)
        })
        switch await AsyncWait.firstEvent(
            of: completion, timeout: timeout, "asynchronouslyWaitUntilCompleted(timeout:)")
        {
        case .event(.completed), .event(.next): return
        case .event(.error(let failure)): throw .failed(failure)
        case .gaveUp(let waited): throw .timedOut(after: waited, blockedScheduler: nil)
        }
    }
}

/// The first event of one subscription, handed to a suspended task, or the end of the wait when
/// the timeout fires or the task is cancelled, whichever happens first.
final class AsyncWait<Value: Sendable, Failure: Error>: Sendable {
    enum Outcome: Sendable {
        case event(Event<Value, Failure>)
        /// The timeout fired or the task was cancelled, after waiting this many seconds.
        case gaveUp(TimeInterval)
    }

    private struct State: Sendable {
        var outcome: Outcome?
        var continuation: CheckedContinuation<Outcome, Never>?
    }

    private let state = Lock(State())
    private let subscription = CompositeDisposable()
    private let start = DispatchTime.now()

    static func firstEvent(
        of signal: Signal<Value, Failure>, timeout: Duration, _ api: StaticString
    ) async -> Outcome {
        precondition(timeout >= .zero, "\(api): the timeout must not be negative, got \(timeout)")
        let wait = AsyncWait()
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                wait.suspend(continuation)
                let seconds =
                    Double(timeout.components.seconds) + Double(timeout.components.attoseconds) * 1e-18
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { wait.giveUp() }
                signal.subscribe(
                    Observer(handlingInPlace: { event in wait.finish(.event(event)) }), in: wait.subscription)
            }
        } onCancel: {
            wait.giveUp()
        }
    }

    private func suspend(_ continuation: CheckedContinuation<Outcome, Never>) {
        let outcome: Outcome? = state.withLock { state in
            guard let outcome = state.outcome else {
                state.continuation = continuation
                return nil
            }
            return outcome
        }
        if let outcome { continuation.resume(returning: outcome) }
    }

    private func giveUp() {
        let waited = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        finish(.gaveUp(waited))
    }

    /// Ends the wait with `outcome` unless it has ended already.
    private func finish(_ outcome: Outcome) {
        let continuation: CheckedContinuation<Outcome, Never>?? = state.withLock { state in
            guard state.outcome == nil else { return .none }
            state.outcome = outcome
            defer { state.continuation = nil }
            return .some(state.continuation)
        }
        guard case .some(let continuation) = continuation else { return }
        subscription.dispose()
        continuation?.resume(returning: outcome)
    }
}
