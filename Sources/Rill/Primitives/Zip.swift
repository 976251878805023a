extension Signal {
    /// Pairs the n-th value of this signal with the n-th value of `other` (RAC `-zipWith:`).
    ///
    /// Values wait in a queue until their partner arrives. The result completes as soon as one
    /// side has completed and has no value left waiting, even if the other side still runs; an
    /// error from either side ends it at once, dropping whatever was waiting. This signal is
    /// subscribed before `other`. Each value costs O(1) time; the queues are unbounded.
    ///
    /// Two ``from(_:)`` sequences are zipped in step, element by element, with nothing buffered:
    /// the events are the same as buffering one side whole, since iterating a sequence has no
    /// side effects. The result is again such a sequence.
    @inlinable
    public func zip<Other>(with other: Signal<Other, Failure>) -> Signal<(Value, Other), Failure> {
        if case .sequence(_, let makeFirst) = source, case .sequence(_, let makeSecond) = other.source {
            return Self.zipInStep(makeFirst, makeSecond).named(.derived(from: self, "-zipWith:", other))
        }
        return Signal<(Value, Other), Failure>(producer: { observer, lifetime in
            let delivery = SerialDelivery(observer, state: ZipState<Value, Other>())
            lifetime.add(ActionDisposable { delivery.detach() })
            let firstLifetime = lifetime.child()
            let secondLifetime = lifetime.child()
            self.subscribe(
                Observer { event in
                    delivery.send { state, outbox in
                        switch event {
                        case .next(let value):
                            state.receiveFirst(value, into: &outbox)
                        case .error(let failure):
                            outbox.sendError(failure)
                        case .completed:
                            state.isFirstCompleted = true
                            state.emitCompletionIfDone(into: &outbox)
                        }
                    }
                    if event.isTerminal { firstLifetime.dispose() }
                },
                in: firstLifetime)
            // As in RAC, `other` is subscribed even when this signal already ended the zip
            // synchronously; that subscription is disposed at once.
            let otherLifetime = secondLifetime.isDisposed ? CompositeDisposable() : secondLifetime
            other.subscribe(
                Observer { event in
                    delivery.send { state, outbox in
                        switch event {
                        case .next(let value):
                            state.receiveSecond(value, into: &outbox)
                        case .error(let failure):
                            outbox.sendError(failure)
                        case .completed:
                            state.isSecondCompleted = true
                            state.emitCompletionIfDone(into: &outbox)
                        }
                    }
                    if event.isTerminal { secondLifetime.dispose() }
                },
                in: otherLifetime)
            if otherLifetime !== secondLifetime { otherLifetime.dispose() }
        }).named(.derived(from: self, "-zipWith:", other))
    }
}

extension Signal {
    @inlinable
    static func zipInStep<Other>(
        _ makeFirst: @escaping @Sendable () -> () -> Value?,
        _ makeSecond: @escaping @Sendable () -> () -> Other?
    ) -> Signal<(Value, Other), Failure> {
        Signal<(Value, Other), Failure>(
            source: .sequence(
                producer: { observer, lifetime in
                    let first = makeFirst()
                    let second = makeSecond()
                    while !lifetime.isDisposed {
                        guard let value = first(), let otherValue = second() else {
                            observer.sendCompleted()
                            return
                        }
                        observer.sendNext((value, otherValue))
                    }
                },
                makeIterator: {
                    let first = makeFirst()
                    let second = makeSecond()
                    return {
                        guard let value = first(), let otherValue = second() else { return nil }
                        return (value, otherValue)
                    }
                }))
    }
}

/// The two queues of one `zip` subscription.
@usableFromInline
struct ZipState<First: Sendable, Second: Sendable>: Sendable {
    @usableFromInline var first = RingBuffer<First>()
    @usableFromInline var second = RingBuffer<Second>()
    @usableFromInline var isFirstCompleted = false
    @usableFromInline var isSecondCompleted = false

    @inlinable init() {}

    // Pairs are sent as soon as both sides have a value, so at most one side has values
    // waiting: a value either pairs with the oldest waiting value of the other side, or waits.

    @inlinable
    mutating func receiveFirst<Failure>(
        _ value: First, into outbox: inout SerialDelivery<(First, Second), Failure, ZipState>.Outbox
    ) {
        if let (value, partner) = Self.match(value, partners: &second, orWaitIn: &first) {
            outbox.sendNext((value, partner))
        }
        emitCompletionIfDone(into: &outbox)
    }

    @inlinable
    mutating func receiveSecond<Failure>(
        _ value: Second, into outbox: inout SerialDelivery<(First, Second), Failure, ZipState>.Outbox
    ) {
        if let (value, partner) = Self.match(value, partners: &first, orWaitIn: &second) {
            outbox.sendNext((partner, value))
        }
        emitCompletionIfDone(into: &outbox)
    }

    /// `value` with the oldest of `partners`, or `nil` after queueing `value` in `waiting`.
    @inlinable @inline(__always)
    static func match<Arriving, Partner>(
        _ value: Arriving, partners: inout RingBuffer<Partner>, orWaitIn waiting: inout RingBuffer<Arriving>
    ) -> (Arriving, Partner)? {
        guard let partner = partners.popFirst() else {
            waiting.append(value)
            return nil
        }
        return (value, partner)
    }

    /// RAC's rule: done once a completed side has nothing left to pair.
    @inlinable
    mutating func emitCompletionIfDone<Failure>(
        into outbox: inout SerialDelivery<(First, Second), Failure, ZipState>.Outbox
    ) {
        if (isFirstCompleted && first.isEmpty) || (isSecondCompleted && second.isEmpty) {
            outbox.sendCompleted()
        }
    }
}
