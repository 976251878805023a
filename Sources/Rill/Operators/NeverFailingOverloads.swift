// The overloads for signals that cannot fail, of inner signals that cannot fail either. They
// exist only so that such a call is not ambiguous between the operator and its overload that
// promotes `Never` to the inner signals' failure; each calls the operator's implementation by
// a name of its own, since calling the operator by its name would call itself.
extension Signal where Failure == Never {
    /// ``flatten(_:)`` when neither the outer nor the inner signals can fail.
    @inlinable
    public func flatten<Inner: Sendable>(_ strategy: FlattenStrategy) -> Signal<Inner, Never>
    where Value == Signal<Inner, Never> {
        flattening(strategy)
    }

    /// ``switchToLatest()`` when neither the outer nor the inner signals can fail.
    @inlinable
    public func switchToLatest<Inner: Sendable>() -> Signal<Inner, Never>
    where Value == Signal<Inner, Never> {
        flattening(.latest)
    }

    /// ``flatMap(_:_:)`` when neither this signal nor the signals it maps to can fail.
    @inlinable
    public func flatMap<Output: Sendable>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> Signal<Output, Never>
    ) -> Signal<Output, Never> {
        map(transform).flattening(strategy)
    }

    /// ``flatMapLatest(_:)`` when neither this signal nor the signals it maps to can fail.
    @inlinable
    public func flatMapLatest<Output: Sendable>(
        _ transform: @escaping @Sendable (Value) -> Signal<Output, Never>
    ) -> Signal<Output, Never> {
        map(transform).flattening(.latest)
    }

    /// ``combineLatest(with:)`` when neither signal can fail.
    @inlinable
    public func combineLatest<Other: Sendable>(with other: Signal<Other, Never>) -> Signal<
        (Value, Other), Never
    > {
        combinedLatest(with: other)
    }
}
