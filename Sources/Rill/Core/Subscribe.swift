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
        let lifetime = CompositeDisposable()
        subscribe(
            Observer(handlingInPlace: { event in
                // A terminal event disposes the lifetime, so this one check enforces both the
                // grammar (G1) and silence after disposal (G3).
                guard !lifetime.isDisposed else { return }
                switch event {
                case .next(let value):
                    next(value)
                case .error(let failure):
                    lifetime.dispose()
                    error(failure)
                case .completed:
                    lifetime.dispose()
                    completed()
                }
            }),
            in: lifetime)
        return lifetime
    }
}
