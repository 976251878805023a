extension PropertyProtocol {
    /// A property whose value pairs the current values of this property and `other`, and
    /// changes when either does.
    @inlinable
    public func combineLatest<Other: PropertyProtocol>(
        with other: Other
    ) -> Property<(Value, Other.Value)> {
        lift("PropertyProtocol.combineLatest(with:)") { $0.combineLatest(with: other.signal) }
    }

    /// A property whose value pairs the n-th values of this property and `other`, counting
    /// each one's value at the moment of zipping as its first; it changes once both have
    /// changed again. A change waiting for its partner is paired with the oldest waiting one.
    @inlinable
    public func zip<Other: PropertyProtocol>(with other: Other) -> Property<(Value, Other.Value)> {
        lift("PropertyProtocol.zip(with:)") { $0.zip(with: other.signal) }
    }
}

extension Property {
    /// A property whose value is the array of the current values of `properties`, changing when
    /// any of them does. Of no properties, a property whose value is `[]` for ever.
    @inlinable
    public static func combineLatest<Properties: Sequence>(
        _ properties: Properties
    ) -> Property<[Value]> where Properties.Element: PropertyProtocol<Value> {
        combining(properties, "Property.combineLatest(_:)") { Signal.combineLatest($0) }
    }

    /// A property whose value is the array of the n-th values of `properties`, counting each
    /// one's value at the moment of zipping as its first. Of no properties, a property whose
    /// value is `[]` for ever.
    @inlinable
    public static func zip<Properties: Sequence>(
        _ properties: Properties
    ) -> Property<[Value]> where Properties.Element: PropertyProtocol<Value> {
        combining(properties, "Property.zip(_:)") { Signal.zip($0) }
    }

    /// A property made of the signals of `properties` combined by `combine`, or `[]` for ever
    /// when there are none (where the signal operators would complete without a value).
    @inlinable
    static func combining<Properties: Sequence>(
        _ properties: Properties, _ api: StaticString,
        _ combine: ([Signal<Value, Never>]) -> Signal<[Value], Never>
    ) -> Property<[Value]> where Properties.Element: PropertyProtocol<Value> {
        let signals = properties.map(\.signal)
        guard !signals.isEmpty else { return Property<[Value]>(value: []) }
        return Property<[Value]>(composing: combine(signals), api)
    }
}
