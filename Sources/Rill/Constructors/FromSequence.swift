extension Signal {
    /// Sends every element of `values` synchronously on subscription, then completes.
    ///
    /// The sequence is iterated afresh for each subscription, so it should be a multi-pass
    /// collection or a sequence whose iteration has no side effects. Iteration stops as soon as
    /// the subscription is disposed, so `take(3)` of an infinite sequence terminates.
    @inlinable
    public static func from<Values: Sequence & Sendable>(_ values: Values) -> Signal
    where Values.Element == Value {
        Signal(
            source: .sequence(
                producer: { observer, lifetime in
                    for value in values {
                        guard !lifetime.isDisposed else { return }
                        observer.sendNext(value)
                    }
                    guard !lifetime.isDisposed else { return }
                    observer.sendCompleted()
                },
                makeIterator: {
                    let iterator = SequenceIterator(values.makeIterator())
                    return { iterator.next() }
                }))
    }
}

/// One subscription's position in a ``Signal/from(_:)`` sequence, pulled by one consumer at a time.
@usableFromInline
final class SequenceIterator<Base: IteratorProtocol> {
    // Only the single consumer that created it calls `next()`, serially; the dynamic
    // exclusivity check would cost more than the iteration itself.
    @exclusivity(unchecked) @usableFromInline var base: Base

    @inlinable
    init(_ base: Base) {
        self.base = base
    }

    @inlinable
    func next() -> Base.Element? {
        base.next()
    }
}
