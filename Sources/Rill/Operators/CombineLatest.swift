extension Signal {
    /// Sends a pair of the latest values of this signal and `other` whenever either sends a
    /// value, once both have sent one (RAC `-combineLatestWith:`).
    ///
    /// Completes when both have completed, even if one never sent a value; an error from either
    /// ends it at once. This signal is subscribed first.
    @inlinable
    public func combineLatest<Other: Sendable>(with other: Signal<Other, Failure>) -> Signal<
        (Value, Other), Failure
    > {
        Signal<(Value, Other), Failure>(
            name: .derived(from: self, "-combineLatestWith:", other),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: CombineLatestState<Value, Other>())
                lifetime.add(ActionDisposable { delivery.detach() })
                let firstLifetime = lifetime.child()
                self.subscribe(
                    Observer { event in
                        delivery.send { state, outbox in
                            switch event {
                            case .next(let value):
                                state.first = value
                                state.emitPair(into: &outbox)
                            case .error(let failure):
                                outbox.sendError(failure)
                            case .completed:
                                state.isFirstCompleted = true
                                if state.isSecondCompleted { outbox.sendCompleted() }
                            }
                        }
                        if event.isTerminal { firstLifetime.dispose() }
                    },
                    in: firstLifetime)
                let secondLifetime = lifetime.child()
                other.subscribe(
                    Observer { event in
                        delivery.send { state, outbox in
                            switch event {
                            case .next(let value):
                                state.second = value
                                state.emitPair(into: &outbox)
                            case .error(let failure):
                                outbox.sendError(failure)
                            case .completed:
                                state.isSecondCompleted = true
                                if state.isFirstCompleted { outbox.sendCompleted() }
                            }
                        }
                        if event.isTerminal { secondLifetime.dispose() }
                    },
                    in: secondLifetime)
            })
    }
}

/// The latest values of one `combineLatest` subscription.
@usableFromInline
struct CombineLatestState<First: Sendable, Second: Sendable>: Sendable {
    @usableFromInline var first: First?
    @usableFromInline var second: Second?
    @usableFromInline var isFirstCompleted = false
    @usableFromInline var isSecondCompleted = false

    @inlinable init() {}

    @inlinable
    func emitPair<Failure>(
        into outbox: inout SerialDelivery<(First, Second), Failure, CombineLatestState>.Outbox
    ) {
        if let first, let second { outbox.sendNext((first, second)) }
    }
}
