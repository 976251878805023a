/// One event of a signal.
///
/// A subscription receives any number of `next` events followed by at most one terminal event,
/// `error` or `completed` (see `docs/Contracts.md`, rule G1).
public enum Event<Value, Failure: Error> {
    /// A value.
    case next(Value)
    /// The signal failed. Terminal.
    case error(Failure)
    /// The signal finished successfully. Terminal.
    case completed

    /// Whether this event ends the subscription.
    @inlinable
    public var isTerminal: Bool {
        switch self {
        case .next: false
        case .error, .completed: true
        }
    }

    /// The value carried by a `next` event.
    @inlinable
    public var value: Value? {
        if case .next(let value) = self { value } else { nil }
    }

    /// The failure carried by an `error` event.
    @inlinable
    public var failure: Failure? {
        if case .error(let failure) = self { failure } else { nil }
    }

    /// The same event with its value transformed.
    @inlinable
    public func map<NewValue>(_ transform: (Value) -> NewValue) -> Event<NewValue, Failure> {
        switch self {
        case .next(let value): .next(transform(value))
        case .error(let failure): .error(failure)
        case .completed: .completed
        }
    }
}

extension Event: Sendable where Value: Sendable {}
extension Event: Equatable where Value: Equatable, Failure: Equatable {}
extension Event: Hashable where Value: Hashable, Failure: Hashable {}

extension Event: CustomStringConvertible {
    public var description: String {
        switch self {
        case .next(let value): "next(\(value))"
        case .error(let failure): "error(\(failure))"
        case .completed: "completed"
        }
    }
}
