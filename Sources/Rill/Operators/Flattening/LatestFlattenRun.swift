import Synchronization

/// One subscription of a flatten that runs only the latest inner signal: `switchToLatest`.
///
/// Each inner signal gets a generation number. As in RAC, a new inner signal is subscribed
/// first (its synchronous values are delivered then) and the one before it is disposed after:
/// a resource the two share, such as a reference-counted connection, is handed over instead of
/// being torn down and rebuilt. From the moment the new signal's generation is taken, events of
/// the replaced one (still subscribed, or arriving from another thread while its disposal runs)
/// are recognised by their old generation and dropped, so a replaced signal can neither send,
/// fail nor complete the result.
///
/// RAC builds `-switchToLatest` from `-publish`, `-flattenMap:` and `-takeUntil:`: the outer
/// value reaches `-flattenMap:`, which subscribes the new inner signal, before it reaches the
/// `-takeUntil:` that ends the previous one. This run keeps that order and those semantics: the
/// result completes when the outer signal and the latest inner signal have completed, and any
/// failure of either ends it.
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
    /// `State.generation`, stored under the lock whenever it changes: what a burst of values
    /// from a sequence checks before each value, without the lock.
    @usableFromInline let latestGeneration = Atomic<Int>(0)

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
            latestGeneration.store(state.generation, ordering: .releasing)
            return state.generation
        }
        if case .sequence(_, let makeIterator) = signal.source {
            return receiveSequence(makeIterator(), generation: generation)
        }
        let innerLifetime = parts.child()
        signal.subscribe(
            Observer(handlingInPlace: { [self] event in
                switch event {
                case .next:
                    sendValue(event, of: generation)
                case .error(let failure):
                    guard delivery.withState({ $0.generation == generation }) else { return }
                    fail(failure)
                case .completed:
                    innerLifetime.dispose()
                    finish(generation)
                }
            }),
            in: innerLifetime)
        // Only now is the replaced inner signal disposed. An inner signal that arrived during
        // this one's subscription (re-entrantly) has replaced it already, and disposed the one
        // before: this one is then stale and goes too.
        if delivery.withState({ $0.generation == generation }) {
            latest.inner = innerLifetime
        } else {
            innerLifetime.dispose()
        }
    }

    /// Runs a sequence (``Signal/from(_:)``) as the inner signal of `generation`. It sends its
    /// values at once and then completes, so they go out as one burst, each checked against the
    /// latest generation without the lock, and it needs no subscription of its own.
    @inlinable
    func receiveSequence(_ next: () -> Inner?, generation: Int) {
        delivery.deliverBurst(
            next, while: { !parts.isDisposed && latestGeneration.load(ordering: .acquiring) == generation },
            queue: { sendValue(.next($0), of: generation) })
        finish(generation)
        // As after a subscription, the replaced inner signal is disposed only now.
        if delivery.withState({ $0.generation == generation }) { latest.inner = nil }
    }

    /// Sends a value of the inner signal of `generation`, unless a later one replaced it.
    @inlinable
    func sendValue(_ event: Event<Inner, Failure>, of generation: Int) {
        delivery.send { state, outbox in
            if state.generation == generation { outbox.send(event) }
        }
    }

    /// Ends the inner signal of `generation`, and the result if the outer signal has finished,
    /// unless a later inner signal replaced it.
    @inlinable
    func finish(_ generation: Int) {
        delivery.send { state, outbox in
            guard state.generation == generation else { return }
            state.isLatestRunning = false
            if state.isOuterFinished { outbox.sendCompleted() }
        }
    }
}
