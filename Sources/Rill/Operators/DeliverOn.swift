extension Signal {
    /// Sends every event, including the failure and the completion, from an action on
    /// `scheduler`; the work of this signal, and its side effects, stay where they are (RAC
    /// `-deliverOn:`).
    ///
    /// Each event is scheduled on its own, in the order it arrives, as RAC does, with one
    /// exception for speed: on a ``QueueScheduler``, events that arrive while an action of this
    /// subscription is already waiting on the queue are delivered by that action, so a burst
    /// costs one dispatch rather than one per event, and work that others put on the same queue
    /// in between runs after the burst. Disposal cancels the events still waiting.
    @inlinable
    public func deliver(on scheduler: any Scheduler) -> Signal {
        let name = SignalName.derived(from: self, "-deliverOn: \(type(of: scheduler))")
        guard scheduler is QueueScheduler else {
            return Signal(
                name: name, lifting: self,
                subscribingIn: { downstream, lifetime in
                    let delivery = SerialDelivery(downstream, state: ())
                    let pending = PendingActions()
                    lifetime.add(pending)
                    lifetime.add(ActionDisposable { delivery.detach() })
                    let upstream = lifetime.child()
                    let immediate = scheduler as? any ImmediateRunning
                    let observer = Observer<Value, Failure> { event in
                        if event.isTerminal { upstream.dispose() }
                        if let immediate, immediate.runIfImmediate({ delivery.send(event) }) { return }
                        pending.schedule(on: scheduler) { delivery.send(event) }
                    }
                    return (observer, upstream)
                })
        }
        return Signal(
            name: name, lifting: self,
            subscribingIn: { downstream, lifetime in
                let batch = ScheduledBatch(downstream, on: scheduler)
                lifetime.add(batch)
                let upstream = lifetime.child()
                let observer = Observer<Value, Failure> { event in
                    if event.isTerminal { upstream.dispose() }
                    batch.append(event)
                }
                return (observer, upstream)
            })
    }
}
