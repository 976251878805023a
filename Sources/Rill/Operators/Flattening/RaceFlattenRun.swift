/// One subscription of a flatten whose inner signals race: the first to send any event wins,
/// the others are disposed, and inner signals arriving after that are ignored.
@usableFromInline
final class RaceFlattenRun<Inner: Sendable, Failure: Error>: FlattenRun {
    @usableFromInline
    struct State: Sendable {
        /// The racers still running before a winner is known, by arrival number.
        @usableFromInline var racers: [Int: CompositeDisposable] = [:]
        @usableFromInline var arrivals = 0
        @usableFromInline var winner: Int?
        @usableFromInline var isWinnerFinished = false
        @usableFromInline var isOuterFinished = false

        @inlinable init() {}

        @inlinable var isDone: Bool {
            isOuterFinished && (winner == nil ? racers.isEmpty : isWinnerFinished)
        }
    }

    @usableFromInline let delivery: SerialDelivery<Inner, Failure, State>
    /// Holds the outer signal's and every racer's subscription.
    @usableFromInline let parts: CompositeDisposable

    @inlinable
    init(_ downstream: Observer<Inner, Failure>, _ lifetime: CompositeDisposable) {
        delivery = SerialDelivery(downstream, state: State())
        parts = lifetime.child()
        detach(whenDisposing: lifetime) { state in
            defer { state.racers = [:] }
            return state.racers
        }
    }

    @inlinable
    static func finishOuter(_ state: inout State) -> Bool {
        state.isOuterFinished = true
        return state.isDone
    }

    @inlinable
    func receive(_ signal: Signal<Inner, Failure>) {
        let racerLifetime = parts.child()
        let number: Int? = delivery.withState { state in
            guard state.winner == nil else { return nil }
            state.arrivals += 1
            state.racers[state.arrivals] = racerLifetime
            return state.arrivals
        }
        guard let number else {
            racerLifetime.dispose()
            return
        }
        signal.subscribe(
            Observer(handlingInPlace: { [self] event in
                guard isWinner(number) else { return }
                switch event {
                case .next:
                    delivery.send(event)
                case .error(let failure):
                    fail(failure)
                case .completed:
                    racerLifetime.dispose()
                    delivery.send { state, outbox in
                        state.isWinnerFinished = true
                        if state.isDone { outbox.sendCompleted() }
                    }
                }
            }),
            in: racerLifetime)
    }

    /// Whether racer `number` has won, deciding the race in its favour if it is still open.
    @inlinable
    func isWinner(_ number: Int) -> Bool {
        let verdict: (isWinner: Bool, losers: [CompositeDisposable]) = delivery.withState { state in
            if let winner = state.winner { return (winner == number, []) }
            state.winner = number
            defer { state.racers = [:] }
            return (true, state.racers.filter { $0.key != number }.map(\.value))
        }
        for loser in verdict.losers { loser.dispose() }
        return verdict.isWinner
    }
}
