import Foundation

extension Signal {
    /// Holds back each value that satisfies `predicate` until `interval` seconds pass on
    /// `scheduler` with no newer value, then sends it: a trailing debounce (RAC
    /// `-throttle:valuesPassingTest:`, with a scheduler).
    ///
    /// Each new value discards the one held back and restarts the wait; a value is never sent
    /// less than `interval` after it arrived. A value that fails `predicate` is sent at once,
    /// and the value held back is dropped. Completion sends the value held back at once, then
    /// completes; a failure drops it. `throttle(0, on:)` sends a value on `scheduler`'s next
    /// turn unless a newer one arrives first. An infinite interval, or one longer than about
    /// 285 years, holds values back until completion.
    ///
    /// - Precondition: `interval` is not negative or NaN, and `scheduler` is not the immediate
    ///   scheduler, which cannot wait without blocking the sending thread.
    @inlinable
    public func throttle(
        _ interval: TimeInterval, on scheduler: any Scheduler,
        valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal {
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.throttle(_:on:valuesPassingTest:): the immediate scheduler cannot wait without blocking; use a queue scheduler"
        )
        let checked = ArgumentCheck.interval(interval, of: "throttle(_:on:valuesPassingTest:)")
        return throttled(by: checked, "\(interval)", predicate: predicate) { scheduler }
    }

    /// Holds back each value until `interval` seconds pass on `scheduler` with no newer value,
    /// then sends it: a trailing debounce (RAC `-throttle:`, with a scheduler). Completion sends
    /// the value held back at once; a failure drops it. See
    /// `throttle(_:on:valuesPassingTest:)` for what `0` and infinite intervals do.
    ///
    /// - Precondition: `interval` is not negative or NaN, and `scheduler` is not the immediate
    ///   scheduler.
    @inlinable
    public func throttle(_ interval: TimeInterval, on scheduler: any Scheduler) -> Signal {
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.throttle(_:on:): the immediate scheduler cannot wait without blocking; use a queue scheduler"
        )
        let checked = ArgumentCheck.interval(interval, of: "throttle(_:on:)")
        return throttled(by: checked, "\(interval)", predicate: { _ in true }, scheduler: { scheduler })
    }

    /// Holds back each value that satisfies `predicate` until `interval` seconds pass with no
    /// newer value, then sends it: a trailing debounce (RAC `-throttle:valuesPassingTest:`).
    ///
    /// Like RAC's, it takes no scheduler: each wait runs on the scheduler that is current when
    /// the value arrives, or ``Schedulers/background`` when there is none (rule G9). Prefer
    /// `throttle(_:on:valuesPassingTest:)`, which also describes the behaviour.
    ///
    /// - Precondition: `interval` is not negative or NaN.
    @inlinable
    public func throttle(
        _ interval: TimeInterval, valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal {
        let checked = ArgumentCheck.interval(interval, of: "throttle(_:valuesPassingTest:)")
        return throttled(by: checked, "\(interval)", predicate: predicate) { Schedulers.currentOrBackground }
    }

    /// Holds back each value until `interval` seconds pass with no newer value, then sends it:
    /// a trailing debounce (RAC `-throttle:`), on the current scheduler or a background one
    /// (rule G9). Completion sends the value held back at once; a failure drops it.
    ///
    /// - Precondition: `interval` is not negative or NaN.
    @inlinable
    public func throttle(_ interval: TimeInterval) -> Signal {
        let checked = ArgumentCheck.interval(interval, of: "throttle(_:)")
        return throttled(
            by: checked, "\(interval)", predicate: { _ in true },
            scheduler: { Schedulers.currentOrBackground })
    }

    /// ``throttle(_:on:)`` with the interval given as a `Duration`.
    @inlinable
    public func throttle(_ duration: Duration, on scheduler: any Scheduler) -> Signal {
        throttle(duration.timeInterval, on: scheduler)
    }

    /// `throttle(_:on:valuesPassingTest:)` with the interval given as a `Duration`.
    @inlinable
    public func throttle(
        _ duration: Duration, on scheduler: any Scheduler,
        valuesPassingTest predicate: @escaping @Sendable (Value) -> Bool
    ) -> Signal {
        throttle(duration.timeInterval, on: scheduler, valuesPassingTest: predicate)
    }

    /// ``throttle(_:)`` with the interval given as a `Duration`.
    @inlinable
    public func throttle(_ duration: Duration) -> Signal {
        throttle(duration.timeInterval)
    }

    /// `throttle` with a checked interval (`nil` is "never") and a scheduler chosen per value.
    ///
    /// Each value held back gets a new generation number, and its timer sends only if its
    /// generation is still the latest: a timer that fires while a newer value arrives cannot
    /// send the newer value early.
    @inlinable
    func throttled(
        by interval: TimeInterval?, _ description: String, predicate: @escaping @Sendable (Value) -> Bool,
        scheduler: @escaping @Sendable () -> any Scheduler
    ) -> Signal {
        Signal(
            name: .derived(from: self, "-throttle: \(description) valuesPassingTest:"), lifting: self,
            subscribingIn: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: (held: Value?.none, generation: UInt64(0)))
                lifetime.add(
                    ActionDisposable {
                        delivery.detach()
                        delivery.withState { $0.held = nil }
                    })
                let timer = SerialDisposable()
                lifetime.add(timer)
                let observer = Observer<Value, Failure> { event in
                    switch event {
                    case .next(let value):
                        guard predicate(value) else {
                            timer.inner = nil
                            return delivery.send { state, outbox in
                                state.held = nil
                                state.generation &+= 1
                                outbox.sendNext(value)
                            }
                        }
                        var generation: UInt64 = 0
                        delivery.send { state, _ in
                            state.held = value
                            state.generation &+= 1
                            generation = state.generation
                        }
                        guard let interval else {
                            timer.inner = nil
                            return
                        }
                        timer.inner = scheduler().schedule(afterDelay: interval) { [generation] in
                            delivery.send { state, outbox in
                                guard state.generation == generation, let held = state.held else {
                                    return
                                }
                                state.held = nil
                                outbox.sendNext(held)
                            }
                        }
                    case .error:
                        timer.dispose()
                        delivery.send { state, outbox in
                            state.held = nil
                            outbox.send(event)
                        }
                    case .completed:
                        timer.dispose()
                        delivery.send { state, outbox in
                            if let held = state.held { outbox.sendNext(held) }
                            state.held = nil
                            outbox.sendCompleted()
                        }
                    }
                }
                return (observer, lifetime.child())
            })
    }
}
