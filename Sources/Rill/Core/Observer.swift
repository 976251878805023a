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
    /// Receives one event in place. `inout` is passed by address at every level of
    /// abstraction, so an observer made in code specialized for concrete types is called from
    /// generic code, and calls the next one, without a thunk that converts the event between
    /// its generic and its concrete form: in a chain of operators that conversion, a load of
    /// the event just stored, was the largest cost of each stage.
    @usableFromInline let handle: (inout Event<Value, Failure>) -> Void

    /// Creates an observer from a closure that receives every event.
    @inlinable
    public init(_ send: @escaping (Event<Value, Failure>) -> Void) {
        self.handle = { event in send(event) }
    }

    /// Creates an observer from a closure that receives every event in place, by reference.
    ///
    /// The same as ``init(_:)`` for the events it receives, and the faster form for an
    /// operator's observers: an event passes from one stage of a chain to the next without
    /// being converted between its generic and its specialized form. What the closure leaves
    /// in the event is not read.
    // Disfavored, so that `Observer { event in … }` keeps meaning `init(_:)`.
    @inlinable @_disfavoredOverload
    public init(handlingInPlace handle: @escaping (inout Event<Value, Failure>) -> Void) {
        self.handle = handle
    }

    /// Creates an observer from one closure per kind of event.
    @inlinable
    public init(
        next: @escaping (Value) -> Void,
        error: @escaping (Failure) -> Void,
        completed: @escaping () -> Void
    ) {
        self.handle = { event in
            switch event {
            case .next(let value): next(value)
            case .error(let failure): error(failure)
            case .completed: completed()
            }
        }
    }

    /// Delivers one event.
    @inlinable
    public func send(_ event: consuming Event<Value, Failure>) {
        handle(&event)
    }

    /// Sends a value.
    @inlinable
    public func sendNext(_ value: consuming Value) { send(.next(value)) }

    /// Sends a failure, ending the subscription.
    @inlinable
    public func sendError(_ failure: consuming Failure) { send(.error(failure)) }

    /// Sends completion, ending the subscription.
    @inlinable
    public func sendCompleted() { send(.completed) }
}
