extension Signal {
    /// Ignores this signal's values and, once it completes, calls `makeNext` and sends the events
    /// of the signal it returns (RAC `-then:`).
    ///
    /// A chain of `then`s is one concatenation whose run drops the values of every part but the
    /// last, so it subscribes, runs and ends in constant stack depth whatever its length. Built
    /// one link at a time (`chain = chain.then { … }`), with the same value type throughout, it
    /// is extended in place; a copy of it kept elsewhere is never changed, but nested whole.
    @inlinable
    public consuming func then<Output: Sendable>(
        _ makeNext: @escaping @Sendable () -> Signal<Output, Failure>
    ) -> Signal<Output, Failure> {
        let next = Signal<Output, Failure>.defer(makeNext)
        guard Output.self == Value.self else {
            // A change of value type needs one signal between, which drops the values.
            return .thenChain(ignoringValues(as: Output.self), next)
        }
        // `Output` is `Value`: the cast only tells the compiler so.
        return unsafeBitCast(consume self, to: Signal<Output, Failure>.self).then(appending: next)
    }

    /// This chain of `then`s extended with `next`, or a new chain of this signal and `next`.
    @inlinable
    consuming func then(appending next: Signal) -> Signal {
        guard explicitNameRenderer == nil, case .concat(var parts) = source, parts.buffer.isThenChain else {
            return .thenChain(self, next)
        }
        _ = consume self
        guard isKnownUniquelyReferenced(&parts.buffer) else {
            return .thenChain(Signal(source: .concat(parts)), next)
        }
        let extended = parts.buffer.appending(next)
        // A full buffer becomes the first part of a new one, whose values are dropped in turn.
        extended.isThenChain = true
        return Signal(source: .concat(.init(extended)))
    }

    /// `first`'s end, without its values, then `next`.
    @inlinable
    static func thenChain(_ first: Signal, _ next: Signal) -> Signal {
        let parts = ConcatParts.pair(first, next)
        parts.isThenChain = true
        return Signal(source: .concat(.init(parts)))
    }

    /// This signal's end, without its values, as a signal of any value type.
    @inlinable
    func ignoringValues<Output>(as _: Output.Type) -> Signal<Output, Failure> {
        Signal<Output, Failure>(
            name: .derived(from: self, "-ignoreValues"),
            lifting: self,
            { downstream, _ in
                Observer(handlingInPlace: { event in
                    switch event {
                    case .next: break
                    case .error(let failure): downstream.send(.error(failure))
                    case .completed: downstream.send(.completed)
                    }
                })
            })
    }
}
