extension Signal {
    /// Sends every element of `values` synchronously on subscription, then completes.
    ///
    /// The sequence is iterated afresh for each subscription. Iteration stops as soon as the
    /// subscription is disposed, so `take(3)` on an infinite sequence terminates.
    @inlinable
    public static func from<Values: Sequence & Sendable>(_ values: Values) -> Signal
    where Values.Element == Value {
        Signal(producer: { observer, lifetime in
            for value in values {
                guard !lifetime.isDisposed else { return }
                observer.sendNext(value)
            }
            guard !lifetime.isDisposed else { return }
            observer.sendCompleted()
        }).named(SignalName { _ in "+from: \(Values.self)" })
    }
}
