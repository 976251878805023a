import Foundation

extension Signal {
    /// Collects values into arrays: the first value starts an `interval`-second window on
    /// `scheduler`, and the window's values are sent together when it closes. Completion sends
    /// what is collected at once, then completes (RAC `-bufferWithTime:onScheduler:`).
    ///
    /// `buffer(every: 0, on:)` closes each window on `scheduler`'s next turn. An infinite
    /// interval, or one longer than about 285 years, never closes a window: everything is sent
    /// together at completion.
    ///
    /// - Precondition: `interval` is not negative or NaN, and `scheduler` is not the immediate
    ///   scheduler, which cannot time a window (as RAC asserts).
    @inlinable
    public func buffer(every interval: TimeInterval, on scheduler: any Scheduler) -> Signal<[Value], Failure>
    {
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.buffer(every:on:): the immediate scheduler cannot time a window")
        let window = ArgumentCheck.interval(interval, of: "buffer(every:on:)")
        return Signal<[Value], Failure>(
            name: .derived(from: self, "-bufferWithTime: \(interval)"),
            lifting: self,
            subscribingIn: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: [Value]())
                lifetime.add(
                    ActionDisposable {
                        delivery.detach()
                        delivery.withState { $0 = [] }
                    })
                let timer = SerialDisposable()
                lifetime.add(timer)
                let flush: @Sendable () -> Void = {
                    delivery.send { collected, outbox in
                        if !collected.isEmpty { outbox.sendNext(collected) }
                        collected = []
                    }
                }
                let observer = Observer<Value, Failure> { event in
                    switch event {
                    case .next(let value):
                        var opensWindow = false
                        delivery.send { collected, _ in
                            opensWindow = collected.isEmpty
                            collected.append(value)
                        }
                        if opensWindow, let window {
                            timer.inner = scheduler.schedule(afterDelay: window, flush)
                        }
                    case .error(let failure):
                        timer.dispose()
                        delivery.send { collected, outbox in
                            collected = []
                            outbox.sendError(failure)
                        }
                    case .completed:
                        timer.dispose()
                        flush()
                        delivery.send(.completed)
                    }
                }
                return (observer, lifetime.child())
            })
    }

    /// ``buffer(every:on:)`` with the window's length given as a `Duration`.
    @inlinable
    public func buffer(every duration: Duration, on scheduler: any Scheduler) -> Signal<[Value], Failure> {
        buffer(every: duration.timeInterval, on: scheduler)
    }
}
