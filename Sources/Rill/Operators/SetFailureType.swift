extension Signal where Failure == Never {
    /// The same signal, typed as able to fail with `NewFailure` (Combine's
    /// `setFailureType(to:)`), so that it composes with signals that can fail.
    @inlinable
    public func setFailureType<NewFailure: Error>(to failureType: NewFailure.Type) -> Signal<
        Value, NewFailure
    > {
        Signal<Value, NewFailure>(name: .derived(from: self, "-setFailureType:"), lifting: self) {
            downstream, _ in
            Observer(handlingInPlace: { event in
                switch event {
                case .next(let value): downstream.sendNext(value)
                case .completed: downstream.sendCompleted()
                }
            })
        }
    }
}
