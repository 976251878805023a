// The spec language cannot call a method on a connection (only operators of `Signal`), so these
// are declared primitives; each body is RAC's composition of `multicast` and `connect`.

extension Signal {
    /// Subscribes to this signal once, now, and shares that subscription: every subscription to
    /// the result receives all the values so far, then the live events (RAC `-replay`).
    ///
    /// The source is never disposed, even when every subscription to the result is: it runs to
    /// its end, remembering every value.
    @inlinable
    public func replay() -> Signal<Value, Failure> {
        let connection = multicast(ReplaySubject())
        connection.connect()
        return connection.signal.named(.derived(from: self, "-replay"))
    }

    /// ``replay()`` remembering only the latest value (RAC `-replayLast`).
    @inlinable
    public func replayLast() -> Signal<Value, Failure> {
        let connection = multicast(ReplaySubject(capacity: 1))
        connection.connect()
        return connection.signal.named(.derived(from: self, "-replayLast"))
    }

    /// Subscribes to this signal once, on the first subscription to the result, and shares that
    /// subscription: every subscription receives all the values so far, then the live events
    /// (RAC `-replayLazily`).
    ///
    /// The source is never disposed, even when every subscription to the result is.
    @inlinable
    public func replayLazily() -> Signal<Value, Failure> {
        let connection = multicast(ReplaySubject())
        return Signal.defer {
            connection.connect()
            return connection.signal
        }
        .named(.derived(from: self, "-replayLazily"))
    }
}
