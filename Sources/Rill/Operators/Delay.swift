import Foundation

extension Signal {
    /// Sends each value and the completion `interval` seconds after it arrives, on
    /// `scheduler`; a failure is passed on at once, and the values still waiting are dropped
    /// (RAC `-delay:`, with a scheduler).
    ///
    /// Events keep their order even where `scheduler` runs actions due together in another
    /// order, as dispatch timers do: each event waits for the ones before it.
    /// `delay(0, on:)` moves every event to `scheduler`'s next turn, in order. An infinite
    /// interval, or one longer than about 285 years, delays values for ever: only a failure
    /// gets through.
    ///
    /// - Precondition: `interval` is not negative or NaN, and `scheduler` is not the immediate
    ///   scheduler, which would block the sending thread.
    @inlinable
    public func delay(_ interval: TimeInterval, on scheduler: any Scheduler) -> Signal {
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.delay(_:on:): the immediate scheduler would block the sending thread; use a queue scheduler"
        )
        return delayed(by: ArgumentCheck.interval(interval, of: "delay(_:on:)"), "\(interval)") { scheduler }
    }

    /// Sends each value and the completion `interval` seconds after it arrives; a failure is
    /// passed on at once, and the values still waiting are dropped (RAC `-delay:`).
    ///
    /// Like RAC's, it takes no scheduler: it schedules on the scheduler that is current when
    /// each event arrives, or ``Schedulers/background`` when there is none (rule G9). Prefer
    /// `delay(_:on:)`: on the main thread of a program without a run loop, the current
    /// scheduler is the main queue, which never runs.
    ///
    /// - Precondition: `interval` is not negative or NaN.
    @inlinable
    public func delay(_ interval: TimeInterval) -> Signal {
        delayed(by: ArgumentCheck.interval(interval, of: "delay(_:)"), "\(interval)") {
            Schedulers.currentOrBackground
        }
    }

    /// Sends each value and the completion `duration` after it arrives, on `scheduler`; see
    /// `delay(_:on:)`.
    @inlinable
    public func delay(_ duration: Duration, on scheduler: any Scheduler) -> Signal {
        delay(duration.timeInterval, on: scheduler)
    }

    /// Sends each value and the completion `duration` after it arrives, on the current
    /// scheduler; see ``delay(_:)``.
    @inlinable
    public func delay(_ duration: Duration) -> Signal {
        delay(duration.timeInterval)
    }

    /// `delay` with a checked interval (`nil` is "never") and a scheduler chosen per event.
    @inlinable
    func delayed(
        by interval: TimeInterval?, _ description: String,
        scheduler: @escaping @Sendable () -> any Scheduler
    ) -> Signal {
        Signal(
            name: .derived(from: self, "-delay: \(description)"),
            lifting: self,
            subscribingIn: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: DelayedEvents<Value, Failure>())
                lifetime.add(
                    ActionDisposable {
                        delivery.detach()
                        _ = delivery.withState { $0.dropAll() }
                    })
                let pending = PendingActions()
                lifetime.add(pending)
                let observer = Observer<Value, Failure> { event in
                    if case .error = event {
                        pending.dispose()
                        var dropped = RingBuffer<(event: Event<Value, Failure>, isDue: Bool)>()
                        delivery.send { delayed, outbox in
                            dropped = delayed.dropAll()
                            outbox.send(event)
                        }
                        _ = dropped
                        return
                    }
                    guard let interval else { return }
                    let number = delivery.withState { $0.hold(event) }
                    pending.schedule(on: scheduler(), afterDelay: interval) {
                        delivery.send { delayed, outbox in
                            delayed.markDue(number)
                            while let due = delayed.popDue() { outbox.send(due) }
                        }
                    }
                }
                return (observer, lifetime.child())
            })
    }
}
