extension PropertyProtocol where Value == Bool {
    /// A property whose value is the opposite of this one's (RAC `-not`).
    @inlinable
    public func negate() -> Property<Bool> {
        lift("PropertyProtocol.negate()") { $0.not() }
    }

    /// A property that is `true` while both this property and `other` are.
    @inlinable
    public func and(_ other: some PropertyProtocol<Bool>) -> Property<Bool> {
        lift("PropertyProtocol.and(_:)") { $0.combineLatest(with: other.signal).map { $0 && $1 } }
    }

    /// A property that is `true` while this property or `other` is.
    @inlinable
    public func or(_ other: some PropertyProtocol<Bool>) -> Property<Bool> {
        lift("PropertyProtocol.or(_:)") { $0.combineLatest(with: other.signal).map { $0 || $1 } }
    }
}

extension Property where Value == Bool {
    /// A property that is `true` while every one of `properties` is; of none, `true` (RAC
    /// `-and` on the combined values).
    @inlinable
    public static func all<Properties: Sequence>(
        _ properties: Properties
    ) -> Property<Bool> where Properties.Element: PropertyProtocol<Bool> {
        combineLatest(properties).lift("Property.all(_:)") { $0.and() }
    }

    /// A property that is `true` while every one of `properties` is (`Property.all(a, b)`).
    @inlinable
    public static func all(_ properties: any PropertyProtocol<Bool>...) -> Property<Bool> {
        all(properties.map { Property($0) })
    }

    /// A property that is `true` while any of `properties` is (`Property.any(a, b)`).
    @inlinable
    public static func any(_ properties: any PropertyProtocol<Bool>...) -> Property<Bool> {
        any(properties.map { Property($0) })
    }

    /// A property that is `true` while any of `properties` is; of none, `false` (RAC `-or` on
    /// the combined values).
    @inlinable
    public static func any<Properties: Sequence>(
        _ properties: Properties
    ) -> Property<Bool> where Properties.Element: PropertyProtocol<Bool> {
        combineLatest(properties).lift("Property.any(_:)") { $0.or() }
    }
}
