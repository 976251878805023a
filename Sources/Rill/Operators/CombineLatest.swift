extension Signal {
    /// Sends a pair of the latest values of this signal and `other` whenever either sends a
    /// value, once both have sent one (RAC `-combineLatestWith:`).
    ///
    /// Completes when both have completed, even if one never sent a value; an error from either
    /// ends it at once. This signal is subscribed first.
    @inlinable
    public func combineLatest<Other: Sendable>(with other: Signal<Other, Failure>) -> Signal<
        (Value, Other), Failure
    > {
        Signal<(Value, Other), Failure>.combiningLatest(
            name: .derived(from: self, "-combineLatestWith:", other), count: 2
        ) { combiner in
            let (first, second) = (LatestValueCell<Value>(), LatestValueCell<Other>())
            let combined = { @Sendable in (first.latest, second.latest) }
            combiner.subscribe(self, into: first, combined)
            combiner.subscribe(other, into: second, combined)
        }
    }
}
