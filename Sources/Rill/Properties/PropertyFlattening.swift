extension PropertyProtocol {
    /// A property whose value is that of the property `transform` makes of this one's current
    /// value, combined over time with `strategy` (see ``FlattenStrategy``).
    ///
    /// With ``FlattenStrategy/latest``, the usual choice, the result follows the property made
    /// of the latest value and lets go of the one before. The inner properties' signals are
    /// subscribed, so an inner property that is released at once (made inside `transform` and
    /// kept nowhere) contributes its value and ends.
    @inlinable
    public func flatMap<Inner: PropertyProtocol>(
        _ strategy: FlattenStrategy, _ transform: @escaping @Sendable (Value) -> Inner
    ) -> Property<Inner.Value> {
        lift("PropertyProtocol.flatMap(_:_:)") { $0.flatMap(strategy) { transform($0).signal } }
    }

    /// A property whose value is that of its current inner property, combined over time with
    /// `strategy`: ``flatMap(_:_:)`` without a transform.
    @inlinable
    public func flatten<Inner: PropertyProtocol>(_ strategy: FlattenStrategy) -> Property<Inner.Value>
    where Value == Inner {
        flatMap(strategy) { $0 }
    }
}
