extension PropertyProtocol {
    /// A property made of this one's ``PropertyProtocol/signal`` transformed by `transform`:
    /// how every signal operator becomes a property operator.
    ///
    /// `transform` receives the current value and then every change, and the signal it returns
    /// must send a value during subscription, synchronously: that is the new property's first
    /// value. Operators that hold values back, such as `delay` or `filter`, break this rule;
    /// give them an initial value with ``Property/init(initial:then:)`` instead.
    ///
    /// The result does not keep this property alive; see ``Property`` for its lifetime.
    @inlinable
    public func lift<Output>(
        _ transform: (Signal<Value, Never>) -> Signal<Output, Never>
    ) -> Property<Output> {
        Property(composing: transform(signal), "PropertyProtocol.lift(_:)")
    }

    /// ``lift(_:)`` for an operator named `api` in precondition messages.
    @inlinable
    func lift<Output>(
        _ api: StaticString, _ transform: (Signal<Value, Never>) -> Signal<Output, Never>
    ) -> Property<Output> {
        Property(composing: transform(signal), api)
    }
}
