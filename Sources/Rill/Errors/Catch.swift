extension Signal {
    /// Recovers from a failure (RAC `-catch:`, Combine's `catch(_:)`): when this signal fails,
    /// subscribes to the signal `handler` makes from the failure and sends its events instead.
    ///
    /// Values sent before the failure stay sent, and completion is passed on unchanged. This
    /// signal's subscription is disposed before the recovery signal is subscribed.
    @inlinable
    public func `catch`<NewFailure: Error>(
        _ handler: @escaping @Sendable (Failure) -> Signal<Value, NewFailure>
    ) -> Signal<Value, NewFailure> {
        Signal<Value, NewFailure>(
            name: .derived(from: self, "-catch:"), lifting: self,
            subscribingIn: {
                downstream, lifetime in
                let upstream = lifetime.child()
                let observer = Observer<Value, Failure> { event in
                    switch event {
                    case .next(let value):
                        downstream.sendNext(value)
                    case .completed:
                        upstream.dispose()
                        downstream.sendCompleted()
                    case .error(let failure):
                        upstream.dispose()
                        handler(failure).subscribe(downstream, in: lifetime)
                    }
                }
                return (observer, upstream)
            })
    }
}
