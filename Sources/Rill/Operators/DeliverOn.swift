import Foundation

extension Signal {
    /// Sends every event, including the failure and the completion, from an action on
    /// `scheduler`; the work of this signal, and its side effects, stay where they are (RAC
    /// `-deliverOn:`).
    ///
    /// Each event is scheduled on its own, in the order it arrives, as RAC does. Disposal cancels
    /// the events still waiting for `scheduler`.
    public func deliver(on scheduler: any Scheduler) -> Signal {
        Signal(
            name: .derived(from: self, "-deliverOn: \(type(of: scheduler))"),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                let pending = PendingActions()
                lifetime.add(pending)
                lifetime.add(ActionDisposable { delivery.detach() })
                let upstream = lifetime.child()
                self.subscribe(
                    Observer { event in
                        if event.isTerminal { upstream.dispose() }
                        pending.schedule(on: scheduler) { delivery.send(event) }
                    },
                    in: upstream)
            })
    }
}
