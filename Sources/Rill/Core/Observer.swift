/// The receiving end of one subscription: where a signal sends its events.
///
/// An observer is a plain value wrapping one closure. It is deliberately not `Sendable`: the
/// core guarantees that an observer is called serially (rule G6 in `docs/Contracts.md`), so
/// the state an operator keeps per subscription needs no lock. Code that must call an observer
/// from another thread goes through a serializing type such as ``Subscriber``.
///
/// Operator authors receive an observer in ``Signal/init(producer:)`` and must send it events
/// that follow the grammar `next* (error | completed)?`.
public struct Observer<Value, Failure: Error> {
    /// Delivers one event.
    public let send: (Event<Value, Failure>) -> Void

    /// Creates an observer from a closure that receives every event.
    @inlinable
    public init(_ send: @escaping (Event<Value, Failure>) -> Void) {
        self.send = send
    }

    /// Creates an observer from one closure per kind of event.
    @inlinable
    public init(
        next: @escaping (Value) -> Void,
        error: @escaping (Failure) -> Void,
        completed: @escaping () -> Void
    ) {
        self.send = { event in
            switch event {
            case .next(let value): next(value)
            case .error(let failure): error(failure)
            case .completed: completed()
            }
        }
    }

    /// Sends a value.
    @inlinable
    public func sendNext(_ value: Value) { send(.next(value)) }

    /// Sends a failure, ending the subscription.
    @inlinable
    public func sendError(_ failure: Failure) { send(.error(failure)) }

    /// Sends completion, ending the subscription.
    @inlinable
    public func sendCompleted() { send(.completed) }
}
