/// One subscription of a flatten that runs at most `limit` inner signals at once: `concat`,
/// `concurrent(limit:)` and `exhaust`.
///
/// Inner signals that find the limit reached either wait in arrival order (`concat`,
/// `concurrent`) or are ignored (`exhaust`). Starting waiting signals is a loop, not a
/// recursion: an inner signal that completes while the loop is subscribing another only frees
/// its slot, and the loop starts the next one, so any number of synchronous inner signals runs
/// in constant stack depth.
@usableFromInline
final class LimitedFlattenRun<Inner: Sendable, Failure: Error>: FlattenRun {
    /// What happens to an inner signal that arrives while `limit` are running.
    @usableFromInline
    enum WhenFull: Sendable {
        /// It waits for a free slot, after the ones that arrived before it.
        case wait
        /// It is dropped without being subscribed.
        case ignore
    }

    @usableFromInline
    struct State: Sendable {
        @usableFromInline var running = 0
        @usableFromInline var waiting = RingBuffer<Signal<Inner, Failure>>()
        @usableFromInline var isOuterFinished = false
        /// Whether some thread is in the loop that starts waiting signals.
        @usableFromInline var isStarting = false

        @inlinable init() {}

        @inlinable var isDone: Bool { isOuterFinished && running == 0 && waiting.isEmpty }
    }

    @usableFromInline let limit: Int
    @usableFromInline let whenFull: WhenFull
    @usableFromInline let delivery: SerialDelivery<Inner, Failure, State>
    /// Holds the outer signal's and every running inner signal's subscription.
    @usableFromInline let parts: CompositeDisposable

    @inlinable
    init(
        _ downstream: Observer<Inner, Failure>, _ lifetime: CompositeDisposable, limit: Int,
        whenFull: WhenFull
    ) {
        self.limit = limit
        self.whenFull = whenFull
        delivery = SerialDelivery(downstream, state: State())
        parts = lifetime.child()
        detach(whenDisposing: lifetime) { state in
            defer { state.waiting = RingBuffer() }
            return state.waiting
        }
    }

    @inlinable
    static func finishOuter(_ state: inout State) -> Bool {
        state.isOuterFinished = true
        return state.isDone
    }

    @inlinable
    func receive(_ signal: Signal<Inner, Failure>) {
        let isAccepted = delivery.withState { state in
            switch whenFull {
            case .wait:
                state.waiting.append(signal)
                return true
            case .ignore:
                guard state.running + state.waiting.count < limit else { return false }
                state.waiting.append(signal)
                return true
            }
        }
        if isAccepted { startWaiting() }
    }

    /// Starts waiting signals while slots are free, unless another call is already doing so.
    @inlinable
    func startWaiting() {
        let isStarter = delivery.withState { state in
            defer { state.isStarting = true }
            return !state.isStarting
        }
        guard isStarter else { return }
        while let next = nextToStart() {
            run(next)
        }
    }

    @inlinable
    func nextToStart() -> Signal<Inner, Failure>? {
        delivery.withState { state in
            if state.running < limit, let next = state.waiting.popFirst() {
                state.running += 1
                return next
            }
            state.isStarting = false
            return nil
        }
    }

    @inlinable
    func run(_ signal: Signal<Inner, Failure>) {
        if case .sequence(_, let makeIterator) = signal.source {
            // A sequence sends its values at once and then completes: one burst, and no
            // subscription of its own.
            delivery.deliverBurst(makeIterator(), while: { !parts.isDisposed })
            return finishOne()
        }
        let innerLifetime = parts.child()
        signal.subscribe(
            Observer(handlingInPlace: { [self] event in
                switch event {
                case .next:
                    delivery.send(event)
                case .error(let failure):
                    fail(failure)
                case .completed:
                    innerLifetime.dispose()
                    finishOne()
                }
            }),
            in: innerLifetime)
    }

    /// Frees the slot of an inner signal that completed, and starts the next one waiting.
    @inlinable
    func finishOne() {
        delivery.send { state, outbox in
            state.running -= 1
            if state.isDone { outbox.sendCompleted() }
        }
        startWaiting()
    }
}
