/// One subscription of a flatten that runs only the latest inner signal: `switchToLatest`.
///
/// Each inner signal gets a generation number. A new one disposes the one before it, and
/// events still arriving from a replaced inner signal (from another thread, after its disposal
/// began) are recognised by their old generation and dropped, so a replaced signal can neither
/// send, fail nor complete the result.
///
/// RAC builds `-switchToLatest` from `-publish`, `-flattenMap:` and `-takeUntil:`; this run
/// keeps its semantics: the result completes when the outer signal and the latest inner signal
/// have completed, and any failure of either ends it.
@usableFromInline
final class LatestFlattenRun<Inner: Sendable, Failure: Error>: FlattenRun {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var generation = 0
        @usableFromInline var isLatestRunning = false
        @usableFromInline var isOuterFinished = false

        @inlinable init() {}
    }

    @usableFromInline let delivery: SerialDelivery<Inner, Failure, State>
    /// Holds the outer signal's subscription and the latest inner signal's.
    @usableFromInline let parts: CompositeDisposable
    /// The latest inner signal's subscription; replacing it disposes the one before.
    @usableFromInline let latest = SerialDisposable()

    @inlinable
    init(_ downstream: Observer<Inner, Failure>, _ lifetime: CompositeDisposable) {
        delivery = SerialDelivery(downstream, state: State())
        parts = lifetime.child()
        parts.add(latest)
        detach(whenDisposing: lifetime) { _ in () }
    }

    @inlinable
    static func finishOuter(_ state: inout State) -> Bool {
        state.isOuterFinished = true
        return !state.isLatestRunning
    }

    @inlinable
    func receive(_ signal: Signal<Inner, Failure>) {
        let generation = delivery.withState { state in
            state.generation += 1
            state.isLatestRunning = true
            return state.generation
        }
        let innerLifetime = parts.child()
        // The replaced inner signal is disposed before the new one is subscribed.
        latest.inner = innerLifetime
        signal.subscribe(
            Observer { [self] event in
                switch event {
                case .next:
                    delivery.send { state, outbox in
                        if state.generation == generation { outbox.send(event) }
                    }
                case .error(let failure):
                    guard delivery.withState({ $0.generation == generation }) else { return }
                    fail(failure)
                case .completed:
                    innerLifetime.dispose()
                    delivery.send { state, outbox in
                        guard state.generation == generation else { return }
                        state.isLatestRunning = false
                        if state.isOuterFinished { outbox.sendCompleted() }
                    }
                }
            },
            in: innerLifetime)
    }
}
