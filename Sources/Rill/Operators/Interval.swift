import Foundation

extension Signal where Value == Date {
    /// Sends `scheduler.now` every `interval` seconds, the first time one interval after
    /// subscription, and never completes (RAC `+interval:onScheduler:withLeeway:`). `leeway` is
    /// how late each tick may be.
    @inlinable
    public static func interval(
        _ interval: TimeInterval, on scheduler: any Scheduler, leeway: TimeInterval = 0
    ) -> Signal {
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.interval(_:on:leeway:): the immediate scheduler cannot repeat")
        precondition(
            interval > 0, "Signal.interval(_:on:leeway:): interval must be positive, got \(interval)")
        return Signal(
            name: SignalName("+interval: \(interval)"),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                let ticks = scheduler.schedule(
                    after: scheduler.now.addingTimeInterval(interval), repeatingEvery: interval,
                    withLeeway: leeway
                ) { delivery.send(.next(scheduler.now)) }
                lifetime.add(ticks)
            })
    }
}
