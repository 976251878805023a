extension Signal {
    /// Subscribes to this signal from an action on `scheduler`, so that its work and side
    /// effects run there; its events are passed on from wherever it sends them, without being
    /// scheduled again (RAC `-subscribeOn:`).
    ///
    /// Disposing before the action runs cancels the subscription.
    @inlinable
    public func subscribe(on scheduler: any Scheduler) -> Signal {
        Signal(
            name: .derived(from: self, "-subscribeOn: \(type(of: scheduler))"),
            producer: { downstream, lifetime in
                // The observer moves to the scheduler's thread, so it travels inside the
                // serializing delivery, which is Sendable.
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                let subscription = scheduler.schedule {
                    let upstream = lifetime.child()
                    self.subscribe(
                        Observer(handlingInPlace: { event in
                            if event.isTerminal { upstream.dispose() }
                            delivery.send(event)
                        }),
                        in: upstream)
                }
                lifetime.add(subscription)
            })
    }
}
