extension Signal {
    /// Subscribes with closures for each kind of event and returns the subscription.
    ///
    /// The closures are called serially, on whichever thread the signal delivers on. After a
    /// terminal event, or once the returned disposable is disposed, nothing more is delivered;
    /// the subscription's resources are disposed *before* `error` or `completed` runs (rule G2).
    /// Disposal is not an event: it calls none of the closures.
    ///
    /// - Returns: The subscription. Dispose it to stop receiving events and release the
    ///   resources of the whole chain.
    @inlinable
    @discardableResult
    public func subscribe(
        next: @escaping @Sendable (Value) -> Void = { _ in },
        error: @escaping @Sendable (Failure) -> Void = { _ in },
        completed: @escaping @Sendable () -> Void = {}
    ) -> any Disposable {
        if case .broadcast(let broadcast) = source,
            let subscription = DeepChain.subscribeUnlessCheckpointed({
                broadcast.subscribe(next: next, error: error, completed: completed)
            })
        {
            return subscription
        }
        let lifetime = CompositeDisposable()
        subscribe(
            Observer(handlingInPlace: { event in
                Self.handle(
                    event, next: next, error: error, completed: completed,
                    unlessDisposed: { lifetime.isDisposed }, disposing: { lifetime.dispose() })
            }),
            in: lifetime)
        return lifetime
    }

    /// Calls the closure for `event`, unless the subscription `isDisposed`; a terminal event
    /// disposes it first. So this one check enforces both the grammar (G1) and silence after
    /// disposal (G3), and resources go before `error` or `completed` runs (G2).
    ///
    /// The subscription is reached through closures rather than passed: passing a subject's
    /// receiver, which calls this from its own methods, would retain it for every event.
    @inlinable @inline(__always)
    static func handle(
        _ event: Event<Value, Failure>,
        next: (Value) -> Void, error: (Failure) -> Void, completed: () -> Void,
        unlessDisposed isDisposed: () -> Bool, disposing dispose: () -> Void
    ) {
        guard !isDisposed() else { return }
        switch event {
        case .next(let value):
            next(value)
        case .error(let failure):
            dispose()
            error(failure)
        case .completed:
            dispose()
            completed()
        }
    }
}
