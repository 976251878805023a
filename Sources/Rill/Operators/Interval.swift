import Foundation

extension Signal where Value == Date {
    /// Sends `scheduler.now` every `interval` seconds, the first time one interval after
    /// subscription, and never completes (RAC `+interval:onScheduler:withLeeway:`). `leeway` is
    /// how late each tick may be.
    ///
    /// An infinite `interval`, or one longer than about 285 years, never ticks. A `leeway` that
    /// long is shortened to that length.
    ///
    /// - Precondition: `interval` is positive and `leeway` is not negative, neither is NaN (as
    ///   RAC asserts), and `scheduler` is not the immediate scheduler, which cannot repeat.
    @inlinable
    public static func interval(
        _ interval: TimeInterval, on scheduler: any Scheduler, leeway: TimeInterval = 0
    ) -> Signal {
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.interval(_:on:leeway:): the immediate scheduler cannot repeat")
        let period = ArgumentCheck.period(interval, of: "interval(_:on:leeway:)")
        let leeway = ArgumentCheck.interval(leeway, of: "interval(_:on:leeway:)", argument: "leeway")
        return Signal(
            name: SignalName("+interval: \(interval)"),
            producer: { downstream, lifetime in
                guard let period else { return }
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                let ticks = scheduler.schedule(
                    after: scheduler.now.addingTimeInterval(period), repeatingEvery: period,
                    withLeeway: leeway ?? ArgumentCheck.longestInterval
                ) { delivery.send(.next(scheduler.now)) }
                lifetime.add(ticks)
            })
    }

    /// ``interval(_:on:leeway:)`` with the period and the leeway given as `Duration`s.
    @inlinable
    public static func interval(
        _ interval: Duration, on scheduler: any Scheduler, leeway: Duration = .zero
    ) -> Signal {
        Self.interval(interval.timeInterval, on: scheduler, leeway: leeway.timeInterval)
    }
}
