extension Signal {
    /// Sends this signal's latest value each time `sampler` sends a value, if this signal has
    /// sent one yet (RAC `-sample:`).
    ///
    /// Either signal completing or failing ends the result and disposes the other. This signal
    /// is subscribed first.
    @inlinable
    public func sample<Sampler: Sendable>(with sampler: Signal<Sampler, Failure>) -> Signal {
        Signal(
            name: .derived(from: self, "-sample:", sampler),
            producer: { downstream, lifetime in
                // The state is the latest value.
                let delivery = SerialDelivery(downstream, state: Value?.none)
                lifetime.add(ActionDisposable { delivery.detach() })
                let sourceLifetime = lifetime.child()
                let samplerLifetime = lifetime.child()
                self.subscribe(
                    Observer(handlingInPlace: { event in
                        switch event {
                        case .next(let value):
                            delivery.send { latest, _ in latest = value }
                        case .error, .completed:
                            samplerLifetime.dispose()
                            delivery.send(event)
                        }
                    }),
                    in: sourceLifetime)
                sampler.subscribe(
                    Observer(handlingInPlace: { event in
                        switch event {
                        case .next:
                            delivery.send { latest, outbox in if let latest { outbox.sendNext(latest) } }
                        case .error(let failure):
                            sourceLifetime.dispose()
                            delivery.send(.error(failure))
                        case .completed:
                            sourceLifetime.dispose()
                            delivery.send(.completed)
                        }
                    }),
                    in: samplerLifetime)
            })
    }
}
