/// What the flatten strategies other than merging share: one serialized output for the outer
/// and every inner signal, one lifetime holding their subscriptions, and the outer signal's
/// handling. Each strategy decides what an arriving inner signal does and when it is done.
@usableFromInline
protocol FlattenRun: AnyObject, Sendable {
    associatedtype Inner: Sendable
    associatedtype Failure: Error
    associatedtype State: Sendable

    var delivery: SerialDelivery<Inner, Failure, State> { get }
    /// Holds the outer signal's subscription and every running inner signal's.
    var parts: CompositeDisposable { get }

    /// Handles an inner signal sent by the outer signal.
    func receive(_ signal: Signal<Inner, Failure>)

    /// Records that the outer signal completed; returns whether the result is complete.
    static func finishOuter(_ state: inout State) -> Bool
}

extension FlattenRun {
    @inlinable
    func subscribe(to outer: Signal<Signal<Inner, Failure>, Failure>) {
        let outerLifetime = parts.child()
        outer.subscribe(
            Observer(handlingInPlace: { [self] event in
                switch event {
                case .next(let signal):
                    guard !parts.isDisposed else { return }
                    receive(signal)
                case .error(let failure):
                    fail(failure)
                case .completed:
                    outerLifetime.dispose()
                    delivery.send { state, outbox in
                        if Self.finishOuter(&state) { outbox.sendCompleted() }
                    }
                }
            }),
            in: outerLifetime)
    }

    /// Detaches the output when `lifetime` ends and drops what `take` moves out of the state,
    /// the inner signals not yet running, after the lock: releasing runs deinitializers.
    @inlinable
    func detach<Held: Sendable>(
        whenDisposing lifetime: CompositeDisposable,
        dropping take: @escaping @Sendable (inout State) -> Held
    ) {
        lifetime.add(
            ActionDisposable { [delivery] in
                delivery.detach()
                let dropped = delivery.withState(take)
                _ = dropped
            })
    }

    @inlinable
    func fail(_ failure: Failure) {
        // As in RAC, everything is disposed before the error is passed on.
        parts.dispose()
        delivery.send(.error(failure))
    }
}
