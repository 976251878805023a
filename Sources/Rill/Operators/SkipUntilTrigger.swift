extension Signal {
    /// Drops this signal's values until `trigger` sends a value or completes, then sends every
    /// later value. A failure of the trigger is ignored; this signal's completion or failure ends
    /// the result either way.
    @inlinable
    public func skip<Trigger: Sendable, TriggerFailure: Error>(
        untilTrigger trigger: Signal<Trigger, TriggerFailure>
    ) -> Signal {
        Signal(
            name: .derived(from: self, "-skipUntil:", trigger),
            producer: { downstream, lifetime in
                // The state says whether the trigger has fired.
                let delivery = SerialDelivery(downstream, state: false)
                lifetime.add(ActionDisposable { delivery.detach() })
                let parts = lifetime.child()
                let triggerLifetime = parts.child()
                trigger.subscribe(
                    Observer(handlingInPlace: { event in
                        if case .error = event {
                            triggerLifetime.dispose()
                        } else {
                            delivery.send { isOpen, _ in isOpen = true }
                        }
                    }),
                    in: triggerLifetime)
                self.subscribe(
                    Observer(handlingInPlace: { event in
                        switch event {
                        case .next(let value):
                            delivery.send { isOpen, outbox in if isOpen { outbox.sendNext(value) } }
                        case .error, .completed:
                            parts.dispose()
                            delivery.send(event)
                        }
                    }),
                    in: parts.child())
            })
    }
}
