import Foundation

extension Signal {
    /// Passes on this signal's events, but fails with `failure` if it has not completed or
    /// failed within `interval` seconds of the subscription, measured on `scheduler` (RAC
    /// `-timeout:onScheduler:`).
    ///
    /// The clock starts at subscription and values do not restart it. When it runs out, this
    /// signal is disposed and `failure` is sent from an action on `scheduler`.
    ///
    /// - Precondition: `interval` is not negative, and `scheduler` is not the immediate
    ///   scheduler, which would block the subscribing thread for the whole interval.
    @inlinable
    public func timeout(_ interval: TimeInterval, on scheduler: any Scheduler, failure: Failure) -> Signal {
        precondition(
            interval >= 0 && !interval.isNaN,
            "Signal.timeout(_:on:failure:): interval must not be negative, got \(interval)")
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.timeout(_:on:failure:): the immediate scheduler would block the subscribing thread for the whole interval; pass a QueueScheduler, MainScheduler or TestScheduler"
        )
        return Signal(
            name: .derived(from: self, "-timeout: \(interval) onScheduler: \(type(of: scheduler))"),
            lifting: self,
            subscribingIn: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                let upstream = lifetime.child()
                let timer = scheduler.schedule(afterDelay: interval) {
                    upstream.dispose()
                    delivery.send(.error(failure))
                }
                lifetime.add(timer)
                let observer = Observer<Value, Failure> { event in
                    if event.isTerminal {
                        timer?.dispose()
                        upstream.dispose()
                    }
                    delivery.send(event)
                }
                return (observer, upstream)
            })
    }

    /// Passes on this signal's events, but fails with `failure` if it has not terminated within
    /// `duration` of the subscription (see `timeout(_:on:failure:)` in seconds).
    @inlinable
    public func timeout(_ duration: Duration, on scheduler: any Scheduler, failure: Failure) -> Signal {
        timeout(TimeoutInterval.seconds(duration), on: scheduler, failure: failure)
    }
}

extension Signal where Failure == Never {
    /// Passes on this signal's values and completion, but fails with `failure` if it has not
    /// completed within `interval` seconds of the subscription, measured on `scheduler` (RAC
    /// `-timeout:onScheduler:`). The failure type is the one `failure` has.
    @inlinable
    public func timeout<NewFailure: Error>(
        _ interval: TimeInterval, on scheduler: any Scheduler, failure: NewFailure
    ) -> Signal<Value, NewFailure> {
        setFailureType(to: NewFailure.self).timeout(interval, on: scheduler, failure: failure)
    }

    /// Passes on this signal's values and completion, but fails with `failure` if it has not
    /// completed within `duration` of the subscription (see ``timeout(_:on:failure:)``).
    @inlinable
    public func timeout<NewFailure: Error>(
        _ duration: Duration, on scheduler: any Scheduler, failure: NewFailure
    ) -> Signal<Value, NewFailure> {
        setFailureType(to: NewFailure.self).timeout(duration, on: scheduler, failure: failure)
    }
}

/// Converts a `Duration` into the seconds schedulers count in.
@usableFromInline
enum TimeoutInterval {
    @inlinable
    static func seconds(_ duration: Duration) -> TimeInterval {
        let (seconds, attoseconds) = duration.components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
