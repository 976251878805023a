extension PropertyProtocol {
    /// A property whose value is `transform` applied to this one's.
    @inlinable
    public func map<Output: Sendable>(_ transform: @escaping @Sendable (Value) -> Output) -> Property<Output>
    {
        lift("PropertyProtocol.map(_:)") { $0.map(transform) }
    }

    /// A property whose value is the value at `keyPath` of this one's.
    @inlinable
    public func map<Output: Sendable>(_ keyPath: any KeyPath<Value, Output> & Sendable) -> Property<Output> {
        lift("PropertyProtocol.map(_:)") { $0.map { $0[keyPath: keyPath] } }
    }

    /// A property whose value is always `value`, but which changes (to the same value) each
    /// time this one changes, and ends when this one does.
    @inlinable
    @_disfavoredOverload
    public func map<Output: Sendable>(value: Output) -> Property<Output> {
        // Disfavored: a trailing closure can fill `value:`, and would otherwise be taken for a
        // constant whenever `map(_:)` needs its tuple argument split into `$0` and `$1`.
        lift("PropertyProtocol.map(value:)") { $0.mapReplace(value) }
    }

    /// A property that takes this one's values that satisfy `isIncluded`, starting with
    /// `initial` until one does. The current value counts: if it satisfies `isIncluded`, the
    /// result starts with it.
    @inlinable
    public func filter(
        initial: Value, _ isIncluded: @escaping @Sendable (Value) -> Bool
    ) -> Property<Value> {
        Property(initial: initial, then: signal.filter(isIncluded))
    }

    /// A property whose value pairs the value before each change with the value after it;
    /// the first pair is `(initial, value)`.
    @inlinable
    public func combinePrevious(_ initial: Value) -> Property<(previous: Value, current: Value)> {
        lift("PropertyProtocol.combinePrevious(_:)") { $0.combinePrevious(initial) { ($0, $1) } }
    }

    /// A property that changes only when this one changes to a value different from its
    /// previous one (ReactiveSwift `skipRepeats()`, RAC `-distinctUntilChanged`).
    @inlinable
    public func removeDuplicates() -> Property<Value> where Value: Equatable {
        lift("PropertyProtocol.removeDuplicates()") { $0.distinctUntilChanged() }
    }

    /// A property that changes only when `isDuplicate(previous, new)` says a change does not
    /// repeat the value before it (ReactiveSwift `skipRepeats(_:)`, Combine
    /// `removeDuplicates(by:)`).
    @inlinable
    public func removeDuplicates(
        by isDuplicate: @escaping @Sendable (Value, Value) -> Bool
    ) -> Property<Value> {
        lift("PropertyProtocol.removeDuplicates(by:)") { $0.removeDuplicates(by: isDuplicate) }
    }

    /// A property that changes only to values it has never had before (ReactiveSwift
    /// `uniqueValues()`).
    @inlinable
    public func uniqueValues() -> Property<Value> where Value: Hashable {
        lift("PropertyProtocol.uniqueValues()") { $0.distinct() }
    }

    /// A property that changes only to values whose `identity` it has never had before
    /// (ReactiveSwift `uniqueValues(_:)`).
    @inlinable
    public func uniqueValues<Identity: Hashable & Sendable>(
        _ identity: @escaping @Sendable (Value) -> Identity
    ) -> Property<Value> {
        lift("PropertyProtocol.uniqueValues(_:)") { $0.distinct(by: identity) }
    }
}
