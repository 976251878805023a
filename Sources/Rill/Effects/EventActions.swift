extension Signal {
    /// Calls `action` with each value before sending it on (RAC `-doNext:`).
    @inlinable
    public func on(next action: @escaping @Sendable (Value) -> Void) -> Signal {
        Signal(name: .derived(from: self, "-doNext:"), lifting: self) { downstream, _ in
            Observer(handlingInPlace: { event in
                if case .next(let value) = event { action(value) }
                downstream.send(event)
            })
        }
    }

    /// Calls `action` with the failure before sending it on (RAC `-doError:`). Disposal is not
    /// a failure and does not call `action`.
    @inlinable
    public func on(error action: @escaping @Sendable (Failure) -> Void) -> Signal {
        Signal(name: .derived(from: self, "-doError:"), lifting: self) { downstream, _ in
            Observer(handlingInPlace: { event in
                if case .error(let failure) = event { action(failure) }
                downstream.send(event)
            })
        }
    }

    /// Calls `action` on completion before sending it on (RAC `-doCompleted:`). Disposal is
    /// not completion and does not call `action`.
    @inlinable
    public func on(completed action: @escaping @Sendable () -> Void) -> Signal {
        Signal(name: .derived(from: self, "-doCompleted:"), lifting: self) { downstream, _ in
            Observer(handlingInPlace: { event in
                if case .completed = event { action() }
                downstream.send(event)
            })
        }
    }
}
