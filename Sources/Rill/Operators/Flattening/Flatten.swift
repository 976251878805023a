extension Signal {
    /// Flattens a signal of signals with `strategy`: which inner signals are subscribed to, when,
    /// and when the result completes (see ``FlattenStrategy``).
    ///
    /// Every strategy sends the values of the inner signals it runs, fails with the first failure
    /// of the outer signal or of a running inner signal (disposing everything else first), and
    /// runs in constant stack depth however many inner signals arrive or complete synchronously.
    /// Disposing the result disposes the outer signal and every running inner signal, and drops
    /// the inner signals still waiting.
    @inlinable
    public func flatten<Inner: Sendable>(_ strategy: FlattenStrategy) -> Signal<Inner, Failure>
    where Value == Signal<Inner, Failure> {
        switch strategy.kind {
        case .merge:
            // Merging is what `bind` does: the shared machinery of every merging operator.
            return bind { { .merge($0) } }.named(.derived(from: self, "-flatten"))
        case .concurrent(let limit):
            return flattenLimited(limit: limit, whenFull: .wait, name: "-flatten: \(limit)")
        case .exhaust:
            return flattenLimited(limit: 1, whenFull: .ignore, name: "-flatten: .exhaust")
        case .latest:
            return Signal<Inner, Failure>(
                name: .derived(from: self, "-switchToLatest"),
                producer: { downstream, lifetime in
                    let run = LatestFlattenRun(downstream, lifetime)
                    run.subscribe(to: self)
                })
        case .race:
            return Signal<Inner, Failure>(
                name: .derived(from: self, "-flatten: .race"),
                producer: { downstream, lifetime in
                    let run = RaceFlattenRun(downstream, lifetime)
                    run.subscribe(to: self)
                })
        }
    }

    @inlinable
    func flattenLimited<Inner: Sendable>(
        limit: Int, whenFull: LimitedFlattenRun<Inner, Failure>.WhenFull, name: String
    ) -> Signal<Inner, Failure> where Value == Signal<Inner, Failure> {
        Signal<Inner, Failure>(
            name: .derived(from: self, name),
            producer: { downstream, lifetime in
                let run = LimitedFlattenRun(downstream, lifetime, limit: limit, whenFull: whenFull)
                run.subscribe(to: self)
            })
    }
}
