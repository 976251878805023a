extension Signal {
    /// Sends a pair of the latest values of `first` and `second` whenever one sends a value, once
    /// both have sent one (RAC `+combineLatest:` over two signals).
    ///
    /// The events are those of the array form `combineLatest(_:)` over the same signals: they are
    /// subscribed in order until the result has ended; it completes when all have completed, even
    /// those that never sent a value; any error ends it. Up to six signals are combined by
    /// overloads like this one, which keep each latest value in a cell of its own type, so an
    /// update costs no cast and no array; more go through the variadic form.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable>(
        _ first: Signal<A, Failure>, _ second: Signal<B, Failure>
    ) -> Signal<(A, B), Failure> where Value == (A, B) {
        combiningLatest(count: 2) { combiner in
            let (a, b) = (LatestValueCell<A>(), LatestValueCell<B>())
            let combined = { @Sendable in (a.latest, b.latest) }
            combiner.subscribe(first, into: a, combined)
            combiner.subscribe(second, into: b, combined)
        }
    }

    /// Sends a tuple of the latest values of three signals; see the two-signal form.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable>(
        _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>
    ) -> Signal<(A, B, C), Failure> where Value == (A, B, C) {
        combiningLatest(count: 3) { combiner in
            let (a, b, c) = (LatestValueCell<A>(), LatestValueCell<B>(), LatestValueCell<C>())
            let combined = { @Sendable in (a.latest, b.latest, c.latest) }
            combiner.subscribe(first, into: a, combined)
            combiner.subscribe(second, into: b, combined)
            combiner.subscribe(third, into: c, combined)
        }
    }

    /// Sends a tuple of the latest values of four signals; see the two-signal form.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable>(
        _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
        _ fourth: Signal<D, Failure>
    ) -> Signal<(A, B, C, D), Failure> where Value == (A, B, C, D) {
        combiningLatest(count: 4) { combiner in
            let (a, b, c, d) = (
                LatestValueCell<A>(), LatestValueCell<B>(), LatestValueCell<C>(), LatestValueCell<D>()
            )
            let combined = { @Sendable in (a.latest, b.latest, c.latest, d.latest) }
            combiner.subscribe(first, into: a, combined)
            combiner.subscribe(second, into: b, combined)
            combiner.subscribe(third, into: c, combined)
            combiner.subscribe(fourth, into: d, combined)
        }
    }

    /// Sends a tuple of the latest values of five signals; see the two-signal form.
    @inlinable
    public static func combineLatest<A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable>(
        _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
        _ fourth: Signal<D, Failure>, _ fifth: Signal<E, Failure>
    ) -> Signal<(A, B, C, D, E), Failure> where Value == (A, B, C, D, E) {
        combiningLatest(count: 5) { combiner in
            let (a, b, c, d, e) = (
                LatestValueCell<A>(), LatestValueCell<B>(), LatestValueCell<C>(), LatestValueCell<D>(),
                LatestValueCell<E>()
            )
            let combined = { @Sendable in (a.latest, b.latest, c.latest, d.latest, e.latest) }
            combiner.subscribe(first, into: a, combined)
            combiner.subscribe(second, into: b, combined)
            combiner.subscribe(third, into: c, combined)
            combiner.subscribe(fourth, into: d, combined)
            combiner.subscribe(fifth, into: e, combined)
        }
    }

    /// Sends a tuple of the latest values of six signals; see the two-signal form.
    @inlinable
    public static func combineLatest<
        A: Sendable, B: Sendable, C: Sendable, D: Sendable, E: Sendable, F: Sendable
    >(
        _ first: Signal<A, Failure>, _ second: Signal<B, Failure>, _ third: Signal<C, Failure>,
        _ fourth: Signal<D, Failure>, _ fifth: Signal<E, Failure>, _ sixth: Signal<F, Failure>
    ) -> Signal<(A, B, C, D, E, F), Failure> where Value == (A, B, C, D, E, F) {
        combiningLatest(count: 6) { combiner in
            let (a, b, c, d, e, f) = (
                LatestValueCell<A>(), LatestValueCell<B>(), LatestValueCell<C>(), LatestValueCell<D>(),
                LatestValueCell<E>(), LatestValueCell<F>()
            )
            let combined = { @Sendable in (a.latest, b.latest, c.latest, d.latest, e.latest, f.latest) }
            combiner.subscribe(first, into: a, combined)
            combiner.subscribe(second, into: b, combined)
            combiner.subscribe(third, into: c, combined)
            combiner.subscribe(fourth, into: d, combined)
            combiner.subscribe(fifth, into: e, combined)
            combiner.subscribe(sixth, into: f, combined)
        }
    }

    /// A `combineLatest` of `count` inputs, which `subscribeInputs` subscribes in order through
    /// the combiner of each subscription.
    @inlinable
    static func combiningLatest(
        name: SignalName = SignalName("+combineLatest:"), count: Int,
        _ subscribeInputs: @escaping @Sendable (LatestCombiner<Value, Failure>) -> Void
    ) -> Signal {
        Signal(
            name: name,
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(
                    downstream, state: LatestCombiner<Value, Failure>.State(count: count))
                lifetime.add(ActionDisposable { delivery.detach() })
                subscribeInputs(LatestCombiner(delivery: delivery, lifetime: lifetime))
            })
    }
}

/// One subscription of a fixed-arity `combineLatest`: its delivery and lifetime.
@usableFromInline
struct LatestCombiner<Output: Sendable, Failure: Error>: Sendable {
    /// How many inputs have sent a value, and how many have completed.
    @usableFromInline
    struct State: Sendable {
        @usableFromInline let count: Int
        @usableFromInline var filledCount = 0
        @usableFromInline var completedCount = 0

        @inlinable
        init(count: Int) {
            self.count = count
        }
    }

    @usableFromInline let delivery: SerialDelivery<Output, Failure, State>
    @usableFromInline let lifetime: CompositeDisposable

    @inlinable
    init(delivery: SerialDelivery<Output, Failure, State>, lifetime: CompositeDisposable) {
        self.delivery = delivery
        self.lifetime = lifetime
    }

    /// Subscribes one input, keeping its latest value in `cell`; `combined` reads every cell.
    @inlinable
    func subscribe<Input: Sendable>(
        _ input: Signal<Input, Failure>, into cell: LatestValueCell<Input>,
        _ combined: @escaping @Sendable () -> Output
    ) {
        let delivery = delivery
        let inputLifetime = lifetime.child()
        input.subscribe(
            Observer(handlingInPlace: { event in
                delivery.send { state, outbox in
                    switch event {
                    case .next(let value):
                        if cell.value == nil { state.filledCount += 1 }
                        cell.value = value
                        if state.filledCount == state.count { outbox.sendNext(combined()) }
                    case .error(let failure):
                        outbox.sendError(failure)
                    case .completed:
                        state.completedCount += 1
                        if state.completedCount == state.count { outbox.sendCompleted() }
                    }
                }
                if event.isTerminal { inputLifetime.dispose() }
            }),
            in: inputLifetime)
    }
}

/// The latest value of one input of a fixed-arity `combineLatest`.
@usableFromInline
final class LatestValueCell<Value: Sendable>: @unchecked Sendable {
    // @unchecked: `value` is read and written only inside the transitions of its combineLatest's
    // SerialDelivery, which run under that delivery's lock.
    @exclusivity(unchecked) @usableFromInline var value: Value?

    @inlinable init() {}

    /// The value; read only once every input has sent one.
    @inlinable var latest: Value { value! }
}
