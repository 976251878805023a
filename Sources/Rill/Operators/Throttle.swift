import Foundation

extension Signal {
    /// Holds back each value that satisfies `predicate` until `interval` seconds pass with no
    /// newer value, then sends it: a trailing debounce (RAC `-throttle:valuesPassingTest:`).
    ///
    /// Each new value discards the one held back. A value that fails `predicate` is sent at
    /// once, and the value held back is dropped. Completion sends the value held back at once,
    /// then completes; a failure drops it. Timers run on the current scheduler when the value
    /// arrives, or a background one (rule G9).
    @inlinable
    public func throttle(
        _ interval: TimeInterval, valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal {
        Signal(
            name: .derived(from: self, "-throttle: \(interval) valuesPassingTest:"),
            producer: { downstream, lifetime in
                // The state is the value held back.
                let delivery = SerialDelivery(downstream, state: Value?.none)
                lifetime.add(ActionDisposable { delivery.detach() })
                let timer = SerialDisposable()
                lifetime.add(timer)
                self.subscribe(
                    Observer { event in
                        switch event {
                        case .next(let value):
                            let scheduler = Schedulers.currentOrBackground
                            guard predicate(value) else {
                                timer.inner = nil
                                return delivery.send { pending, outbox in
                                    pending = nil
                                    outbox.sendNext(value)
                                }
                            }
                            delivery.send { pending, _ in pending = value }
                            timer.inner = scheduler.schedule(afterDelay: interval) {
                                delivery.send { pending, outbox in
                                    if let value = pending { outbox.sendNext(value) }
                                    pending = nil
                                }
                            }
                        case .error:
                            timer.dispose()
                            delivery.send { pending, outbox in
                                pending = nil
                                outbox.send(event)
                            }
                        case .completed:
                            timer.dispose()
                            delivery.send { pending, outbox in
                                if let value = pending { outbox.sendNext(value) }
                                pending = nil
                                outbox.sendCompleted()
                            }
                        }
                    },
                    in: lifetime.child())
            })
    }

    /// Holds back each value until `interval` seconds pass with no newer value, then sends it:
    /// a trailing debounce (RAC `-throttle:`). Completion sends the value held back at once; a
    /// failure drops it.
    @inlinable
    public func throttle(_ interval: TimeInterval) -> Signal {
        throttle(interval, valuesPassingTest: { _ in true })
    }
}
