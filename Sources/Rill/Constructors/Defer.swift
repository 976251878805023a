extension Signal {
    /// Calls `factory` on every subscription and subscribes to the signal it returns (RAC `+defer:`).
    ///
    /// Use it to postpone side effects, or the choice of a signal, until someone subscribes.
    @inlinable
    public static func `defer`(_ factory: @escaping @Sendable () -> Signal) -> Signal {
        Signal(producer: { observer, lifetime in
            factory().subscribe(observer, in: lifetime)
        }).named(SignalName("+defer:"))
    }
}
