extension Signal {
    /// Sends this signal's values and failure until `replacement` sends any event; from then on
    /// sends only `replacement`'s events (RAC `-takeUntilReplacement:`).
    ///
    /// This signal's completion is not passed on: only the replacement ends the result. The
    /// replacement is subscribed first.
    @inlinable
    public func take(untilReplacement replacement: Signal) -> Signal {
        Signal(
            name: .derived(from: self, "-takeUntilReplacement:", replacement),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                let receiverLifetime = lifetime.child()
                replacement.subscribe(
                    Observer(handlingInPlace: { event in
                        receiverLifetime.dispose()
                        delivery.send(event)
                    }),
                    in: lifetime.child())
                self.subscribe(
                    Observer(handlingInPlace: { event in
                        switch event {
                        case .next, .error:
                            delivery.send(event)
                        case .completed:
                            // RAC concatenates `never`: the receiver's completion is swallowed.
                            receiverLifetime.dispose()
                        }
                    }),
                    in: receiverLifetime)
            })
    }
}
