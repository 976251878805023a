import Foundation

extension Signal {
    /// Subscribes to this signal again each time it fails, at most `count` more times, each time
    /// after waiting as `backoff` says on `scheduler`; the failure after the last retry is passed
    /// on, and completion ends the result.
    ///
    /// The waits count from the first failure of each subscription to the result; values sent
    /// by failed attempts are kept. `retry(upTo: 0, backoff:on:)` does not retry.
    ///
    /// - Precondition: `count` is not negative, and `scheduler` is not the immediate scheduler,
    ///   which would block the failing thread for the wait.
    @inlinable
    public func retry(upTo count: Int, backoff: Backoff, on scheduler: any Scheduler) -> Signal<
        Value, Failure
    > {
        let limit = ArgumentCheck.count(count, of: "retry(upTo:backoff:on:)")
        precondition(
            !(scheduler is ImmediateScheduler),
            "Signal.retry(upTo:backoff:on:): the immediate scheduler would block the failing thread for the wait; use a queue scheduler"
        )
        return retry(when: { failures in
            failures
                .scanIndexed(
                    (retry: 0, failure: Failure?.none), { _, failure, index in (index + 1, failure) }
                )
                .setFailureType(to: Failure.self)
                .flatMap(.concat) { retry, failure -> Signal<Void, Failure> in
                    if retry > limit, let failure { return .error(failure) }
                    return Signal<Void, Failure>.just(()).delay(
                        backoff.interval(beforeRetry: retry), on: scheduler)
                }
        })
        .named(.derived(from: self, "retry(upTo: \(count), backoff:on:)"))
    }
}
