extension Signal {
    /// Sends an array of the latest values of all `signals` whenever one sends a value, once each
    /// has sent one (RAC `+combineLatest:`).
    ///
    /// RAC nests pairwise `combineLatestWith:`s; this is the same operator run flat, with the
    /// latest values in one array behind one lock, so any number of signals subscribes in
    /// constant stack depth and each array costs O(n). The events are the nested version's: the
    /// signals are subscribed in order until the result has ended; it completes when all have
    /// completed, even those that never sent a value; any error ends it. The sequence is read
    /// once, when the operator is called.
    @inlinable
    public static func combineLatest(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<
        [Value], Failure
    > {
        let inputs = Array(signals)
        if inputs.isEmpty { return Signal<[Value], Failure>.empty.named(SignalName("+combineLatest:")) }
        return Signal<[Value], Failure>(
            name: SignalName("+combineLatest:"),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(
                    downstream, state: CombineLatestAllState<Value>(count: inputs.count))
                lifetime.add(ActionDisposable { delivery.detach() })
                // One lifetime per input, not children of `lifetime`: a child removes itself from
                // its parent's list when it ends, which costs O(n) per input among n siblings.
                let inputLifetimes = inputs.map { _ in CompositeDisposable() }
                lifetime.add { for inputLifetime in inputLifetimes { inputLifetime.dispose() } }
                for (index, input) in inputs.enumerated() {
                    let inputLifetime = inputLifetimes[index]
                    guard !inputLifetime.isDisposed else { return }
                    input.subscribe(
                        Observer(handlingInPlace: { event in
                            delivery.send { state, outbox in state.receive(event, from: index, into: &outbox)
                            }
                            if event.isTerminal { inputLifetime.dispose() }
                        }),
                        in: inputLifetime)
                }
            })
    }
}

/// The latest values of one n-ary `combineLatest` subscription.
@usableFromInline
struct CombineLatestAllState<Value: Sendable>: Sendable {
    @usableFromInline var latest: [Value?]
    /// How many inputs have sent a value: arrays are sent once all have.
    @usableFromInline var filledCount = 0
    @usableFromInline var completedCount = 0

    @inlinable
    init(count: Int) {
        latest = Array(repeating: nil, count: count)
    }

    @inlinable
    mutating func receive<Failure>(
        _ event: Event<Value, Failure>, from index: Int,
        into outbox: inout SerialDelivery<[Value], Failure, CombineLatestAllState>.Outbox
    ) {
        switch event {
        case .next(let value):
            if latest[index] == nil { filledCount += 1 }
            latest[index] = value
            if filledCount == latest.count { outbox.sendNext(latest.map { $0! }) }  // all filled
        case .error(let failure):
            outbox.sendError(failure)
        case .completed:
            completedCount += 1
            if completedCount == latest.count { outbox.sendCompleted() }
        }
    }
}
