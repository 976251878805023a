import Foundation

extension Signal {
    /// Collects values into arrays: the first value starts an `interval`-second window on
    /// `scheduler`, and the window's values are sent together when it closes. Completion sends
    /// what is collected at once, then completes (RAC `-bufferWithTime:onScheduler:`).
    @inlinable
    public func buffer(every interval: TimeInterval, on scheduler: any Scheduler) -> Signal<[Value], Failure>
    {
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.buffer(every:on:): the immediate scheduler cannot time a window")
        return Signal<[Value], Failure>(
            name: .derived(from: self, "-bufferWithTime: \(interval)"),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: [Value]())
                lifetime.add(ActionDisposable { delivery.detach() })
                let timer = SerialDisposable()
                lifetime.add(timer)
                let flush: @Sendable () -> Void = {
                    delivery.send { collected, outbox in
                        if !collected.isEmpty { outbox.sendNext(collected) }
                        collected = []
                    }
                }
                self.subscribe(
                    Observer { event in
                        switch event {
                        case .next(let value):
                            var opensWindow = false
                            delivery.send { collected, _ in
                                opensWindow = collected.isEmpty
                                collected.append(value)
                            }
                            if opensWindow { timer.inner = scheduler.schedule(afterDelay: interval, flush) }
                        case .error(let failure):
                            timer.dispose()
                            delivery.send(.error(failure))
                        case .completed:
                            timer.dispose()
                            flush()
                            delivery.send(.completed)
                        }
                    },
                    in: lifetime.child())
            })
    }
}
