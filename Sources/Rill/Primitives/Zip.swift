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
            let run = ZipRun<Value, Other, Failure>(observer)
            lifetime.add(ActionDisposable { run.detach() })
            let firstLifetime = lifetime.child()
            let secondLifetime = lifetime.child()
            self.subscribe(
                Observer(handlingInPlace: { event in
                    run.send(.first(event))
                    if event.isTerminal { firstLifetime.dispose() }
                }),
                in: firstLifetime)
            // As in RAC, `other` is subscribed even when this signal already ended the zip
            // synchronously; that subscription is disposed at once.
            let otherLifetime = secondLifetime.isDisposed ? CompositeDisposable() : secondLifetime
            other.subscribe(
                Observer(handlingInPlace: { event in
                    run.send(.second(event))
                    if event.isTerminal { secondLifetime.dispose() }
                }),
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

    /// The pair `value` completes, or `nil` after queueing `value`.
    @inlinable @inline(__always)
    mutating func receiveFirst(_ value: First) -> (First, Second)? {
        guard let partner = second.popFirst() else {
            first.append(value)
            return nil
        }
        return (value, partner)
    }

    /// The pair `value` completes, or `nil` after queueing `value`.
    @inlinable @inline(__always)
    mutating func receiveSecond(_ value: Second) -> (First, Second)? {
        guard let partner = first.popFirst() else {
            second.append(value)
            return nil
        }
        return (partner, value)
    }

    /// RAC's rule: done once a completed side has nothing left to pair.
    @inlinable
    var isDone: Bool {
        (isFirstCompleted && first.isEmpty) || (isSecondCompleted && second.isEmpty)
    }
}
