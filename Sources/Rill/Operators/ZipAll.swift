extension Signal {
    /// Sends an array of the n-th values of all `signals` once each has sent its n-th value (RAC
    /// `+zip:`).
    ///
    /// RAC nests pairwise `zipWith:`s; this is the same operator run flat, with one queue per
    /// signal behind one lock, so any number of signals subscribes in constant stack depth and
    /// each array costs O(n). The events are the nested version's: the signals are subscribed in
    /// order (all of them, even when an earlier one already ended the zip, as RAC does); the
    /// result completes as soon as a completed signal has no value left waiting; any error ends
    /// it. The sequence is read once, when the operator is called.
    @inlinable
    public static func zip(_ signals: some Sequence<Signal<Value, Failure>>) -> Signal<[Value], Failure> {
        let inputs = Array(signals)
        if inputs.isEmpty { return Signal<[Value], Failure>.empty.named(SignalName("+zip:")) }
        if let iterators = sequenceIterators(of: inputs) {
            return zipAllInStep(iterators).named(SignalName("+zip:"))
        }
        return Signal<[Value], Failure>(
            name: SignalName("+zip:"),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ZipAllState<Value>(count: inputs.count))
                lifetime.add(ActionDisposable { delivery.detach() })
                // One lifetime per input, not children of `lifetime`: a child removes itself from
                // its parent's list when it ends, which costs O(n) per input among n siblings.
                let inputLifetimes = inputs.map { _ in CompositeDisposable() }
                lifetime.add { for inputLifetime in inputLifetimes { inputLifetime.dispose() } }
                for (index, input) in inputs.enumerated() {
                    // As in RAC, every input is subscribed even when the zip has already ended;
                    // such a subscription is disposed at once.
                    let inputLifetime = lifetime.isDisposed ? CompositeDisposable() : inputLifetimes[index]
                    input.subscribe(
                        Observer(handlingInPlace: { event in
                            delivery.send { state, outbox in state.receive(event, from: index, into: &outbox)
                            }
                            if event.isTerminal { inputLifetime.dispose() }
                        }),
                        in: inputLifetime)
                    if inputLifetime !== inputLifetimes[index] { inputLifetime.dispose() }
                }
            })
    }

    /// The pull iterators of `signals` if every one is a ``from(_:)`` sequence.
    @inlinable
    static func sequenceIterators(of signals: [Signal]) -> [@Sendable () -> () -> Value?]? {
        var iterators: [@Sendable () -> () -> Value?] = []
        iterators.reserveCapacity(signals.count)
        for signal in signals {
            guard case .sequence(_, let makeIterator) = signal.source else { return nil }
            iterators.append(makeIterator)
        }
        return iterators
    }

    /// Zips ``from(_:)`` sequences element by element, buffering nothing; the result is again
    /// such a sequence (see ``zip(with:)``).
    @inlinable
    static func zipAllInStep(_ makeIterators: [@Sendable () -> () -> Value?]) -> Signal<[Value], Failure> {
        @Sendable func pull(_ iterators: [() -> Value?]) -> [Value]? {
            var values: [Value] = []
            values.reserveCapacity(iterators.count)
            for iterator in iterators {
                guard let value = iterator() else { return nil }
                values.append(value)
            }
            return values
        }
        return Signal<[Value], Failure>(
            source: .sequence(
                producer: { observer, lifetime in
                    let iterators = makeIterators.map { $0() }
                    while !lifetime.isDisposed {
                        guard let values = pull(iterators) else {
                            observer.sendCompleted()
                            return
                        }
                        observer.sendNext(values)
                    }
                },
                makeIterator: {
                    let iterators = makeIterators.map { $0() }
                    return { pull(iterators) }
                }))
    }
}

/// The queues of one n-ary `zip` subscription.
@usableFromInline
struct ZipAllState<Value: Sendable>: Sendable {
    @usableFromInline var queues: [RingBuffer<Value>]
    @usableFromInline var isCompleted: [Bool]
    /// How many queues hold at least one value: a tuple is ready when all do.
    @usableFromInline var filledCount = 0

    @inlinable
    init(count: Int) {
        queues = Array(repeating: RingBuffer(), count: count)
        isCompleted = Array(repeating: false, count: count)
    }

    @inlinable
    mutating func receive<Failure>(
        _ event: Event<Value, Failure>, from index: Int,
        into outbox: inout SerialDelivery<[Value], Failure, ZipAllState>.Outbox
    ) {
        switch event {
        case .next(let value):
            if queues[index].isEmpty { filledCount += 1 }
            queues[index].append(value)
            guard filledCount == queues.count else { return }
            var values: [Value] = []
            values.reserveCapacity(queues.count)
            var exhaustedCompleted = false
            for queueIndex in queues.indices {
                values.append(queues[queueIndex].popFirst()!)  // every queue is filled
                if queues[queueIndex].isEmpty {
                    filledCount -= 1
                    if isCompleted[queueIndex] { exhaustedCompleted = true }
                }
            }
            outbox.sendNext(values)
            // RAC's rule: done once a completed input has nothing left to pair.
            if exhaustedCompleted { outbox.sendCompleted() }
        case .error(let failure):
            outbox.sendError(failure)
        case .completed:
            isCompleted[index] = true
            if queues[index].isEmpty { outbox.sendCompleted() }
        }
    }
}
