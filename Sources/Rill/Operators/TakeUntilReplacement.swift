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
                // Whether the replacement has sent an event, decided in the order in which the
                // delivery queues events: a value this signal sends on another thread while the
                // replacement sends its first event goes before it or nowhere, never after it.
                let delivery = SerialDelivery(downstream, state: false)
                lifetime.add(ActionDisposable { delivery.detach() })
                let receiverLifetime = lifetime.child()
                replacement.subscribe(
                    Observer(handlingInPlace: { event in
                        receiverLifetime.dispose()
                        delivery.send { isReplaced, outbox in
                            isReplaced = true
                            outbox.send(event)
                        }
                    }),
                    in: lifetime.child())
                self.subscribe(
                    Observer(handlingInPlace: { event in
                        switch event {
                        case .next, .error:
                            delivery.send { isReplaced, outbox in
                                if !isReplaced { outbox.send(event) }
                            }
                        case .completed:
                            // RAC concatenates `never`: the receiver's completion is swallowed.
                            receiverLifetime.dispose()
                        }
                    }),
                    in: receiverLifetime)
            })
    }
}
