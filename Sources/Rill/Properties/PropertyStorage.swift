/// What a property keeps in its ``Broadcast``: the current value (``SubjectMemory/current(_:)``),
/// changed and delivered in one step under the broadcast's lock, so that every subscription
/// sees the changes in the order they were made and ``PropertyProtocol/value`` is already the
/// new value when an observer runs.
extension Broadcast where Failure == Never {
    /// The current value.
    @inlinable
    func current(_ api: StaticString) -> Value {
        guard let value = latest else { preconditionFailure("\(api): the property has no value") }
        return value
    }

    /// Makes `value` the current value and delivers it to every subscription.
    @inlinable
    func set(_ value: Value, _ api: StaticString) {
        update(api) { (current: inout Value?) in current = value }
    }

    /// Changes the current value with `body`, the first one included when there is none yet, and
    /// delivers the result to every subscription. `body` runs under the lock: it must not touch
    /// this broadcast.
    @inlinable
    func update<Outcome, E: Error>(
        _ api: StaticString, _ body: (inout Value?) throws(E) -> Outcome
    ) throws(E) -> Outcome {
        var outcome: Result<Outcome, E>?
        let delivery: (value: Value, recipients: Recipients?)? = state.withLock { state in
            var current: Value?
            if case .current(let value) = state.memory { current = value }
            // After the end the property keeps the last value it sent, which later subscriptions
            // receive before the end: a change made then (a binding's, on another thread, as the
            // property is released) changes a copy and is dropped.
            let hasEnded = state.terminal != nil
            // Dropped from the memory first, so that `body` changes a uniquely held value in place.
            if !hasEnded { state.memory = .nothing }
            outcome = Result { () throws(E) in try body(&current) }
            guard !hasEnded else { return nil }
            guard let current else { preconditionFailure("\(api): the property has no value") }
            state.memory = .current(current)
            return (current, admit(.next(current), &state))
        }
        if let delivery, let recipients = delivery.recipients {
            deliver(.next(delivery.value), to: recipients)
        }
        // `outcome` is always set: `body` ran, or the lock's closure trapped.
        return try outcome.unsafelyUnwrapped.get()
    }

    /// Calls `body` with the current value while no change can be made.
    @inlinable
    func withCurrent<Outcome, E: Error>(
        _ api: StaticString, _ body: (Value) throws(E) -> Outcome
    ) throws(E) -> Outcome {
        var outcome: Result<Outcome, E>?
        state.withLock { state in
            guard case .current(let value) = state.memory else {
                preconditionFailure("\(api): the property has no value")
            }
            outcome = Result { () throws(E) in try body(value) }
        }
        return try outcome.unsafelyUnwrapped.get()
    }

    /// A signal of the changes only: subscriptions receive no current value, only the end if
    /// there was one, then what is sent from then on.
    @inlinable
    func changes(named name: String) -> Signal<Value, Never> {
        Signal(
            name: SignalName(name),
            producer: { [self] downstream, lifetime in subscribe(downstream, in: lifetime, replaying: false) }
        )
    }
}

extension Broadcast where Failure == Never, Value: Equatable {
    /// Sets the current value to what `newValue` computes and delivers it, unless it is the value
    /// already there: for flags derived from other state, which a change of that state may leave
    /// as they were. `newValue` runs under the lock: it must not touch this broadcast.
    @inlinable
    func update(ifChangedTo newValue: () -> Value) {
        let delivery: (value: Value, recipients: Recipients?)? = state.withLock { state in
            guard state.terminal == nil, case .current(let old) = state.memory else { return nil }
            let new = newValue()
            guard new != old else { return nil }
            state.memory = .current(new)
            return (new, admit(.next(new), &state))
        }
        if let delivery, let recipients = delivery.recipients {
            deliver(.next(delivery.value), to: recipients)
        }
    }
}
