extension Signal {
    /// Creates a cold signal whose `body` runs once per subscription (RAC `+createSignal:`).
    ///
    /// The body sends events through the ``Subscriber`` from any thread, synchronously or
    /// later, and returns what to dispose when the subscription ends (or `nil`). The subscriber
    /// enforces the event contract: see ``Subscriber``.
    ///
    /// ```swift
    /// let ticks = Signal<Int, Never>.create { subscriber in
    ///     subscriber.sendNext(1)
    ///     subscriber.sendNext(2)
    ///     subscriber.sendCompleted()
    ///     return nil
    /// }
    /// ```
    @inlinable
    public static func create(
        _ body: @escaping @Sendable (Subscriber<Value, Failure>) -> (any Disposable)?
    ) -> Signal {
        // Held like every producer: the body may capture a signal made with `create`, over and
        // over, and such a chain is released one link at a time.
        Signal(producer: { observer, lifetime in
            let subscriber = Subscriber(observer)
            lifetime.add(subscriber)
            subscriber.attach(body(subscriber))
        })
    }
}
