extension Signal {
    /// Turns every event into a value (RAC `-materialize`).
    ///
    /// A failure becomes an `.error` value followed by completion, so the result never fails.
    @inlinable
    public func materialize() -> Signal<Event<Value, Failure>, Never> {
        Signal<Event<Value, Failure>, Never>(name: .derived(from: self, "-materialize"), lifting: self) {
            downstream, _ in
            Observer(handlingInPlace: { event in
                downstream.sendNext(event)
                if event.isTerminal { downstream.sendCompleted() }
            })
        }
    }
}
