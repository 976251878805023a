import Foundation

extension Signal {
    /// Sends each value and the completion `interval` seconds after it arrives; a failure is
    /// passed on at once, and the values still waiting are dropped (RAC `-delay:`).
    ///
    /// Like RAC's, it takes no scheduler: it schedules on the current scheduler when the event
    /// arrives, or a background one (rule G9).
    @inlinable
    public func delay(_ interval: TimeInterval) -> Signal {
        Signal(
            name: .derived(from: self, "-delay: \(interval)"),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                self.subscribe(
                    Observer { event in
                        if case .error = event { return delivery.send(event) }
                        let scheduled = Schedulers.currentOrBackground.schedule(afterDelay: interval) {
                            delivery.send(event)
                        }
                        lifetime.add(scheduled)
                    },
                    in: lifetime.child())
            })
    }
}
