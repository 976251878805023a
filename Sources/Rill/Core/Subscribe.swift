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
        next: consuming @escaping @Sendable (Value) -> Void = { _ in },
        error: consuming @escaping @Sendable (Failure) -> Void = { _ in },
        completed: consuming @escaping @Sendable () -> Void = {}
    ) -> any Disposable {
        // The closures are handed on, not copied: a copy of each is a retain and a release of
        // its context for every subscription.
        if isBroadcast { return subscribeToBroadcast(next: next, error: error, completed: completed) }
        return subscribeWithObserver(next: next, error: error, completed: completed)
    }

    /// Whether this signal is a subject's, a property's or a command's, whose subscriptions a
    /// broadcast makes.
    @inlinable
    var isBroadcast: Bool {
        if case .broadcast = source { return true }
        return false
    }

    /// ``subscribe(next:error:completed:)`` through an observer made of the closures, in a
    /// lifetime of its own.
    @inlinable
    func subscribeWithObserver(
        next: @escaping @Sendable (Value) -> Void, error: @escaping @Sendable (Failure) -> Void,
        completed: @escaping @Sendable () -> Void
    ) -> any Disposable {
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
