extension Signal {
    /// Sends this signal's events until `trigger` sends a value or completes, then completes
    /// and disposes both (RAC `-takeUntil:`).
    ///
    /// The trigger is subscribed first, so a value that fires the trigger at the same moment as
    /// this signal sends one wins. A failure of the trigger is ignored.
    @inlinable
    public func take<Trigger: Sendable, TriggerFailure: Error>(
        untilTrigger trigger: Signal<Trigger, TriggerFailure>
    ) -> Signal {
        Signal(
            name: .derived(from: self, "-takeUntil:", trigger),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                let parts = lifetime.child()
                let triggerLifetime = parts.child()
                trigger.subscribe(
                    Observer(handlingInPlace: { event in
                        switch event {
                        case .next, .completed:
                            // As in RAC, both subscriptions end before completion is passed on.
                            parts.dispose()
                            delivery.send(.completed)
                        case .error:
                            triggerLifetime.dispose()
                        }
                    }),
                    in: triggerLifetime)
                self.subscribe(
                    Observer(handlingInPlace: { event in delivery.send(event) }), in: parts.child())
            })
    }
}
