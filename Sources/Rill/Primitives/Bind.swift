/// What a `bind` block decides for one value of the source (RAC's returned signal and `stop` flag).
public enum BindStep<Output: Sendable, Failure: Error> {
    /// Merge this signal into the output and keep consuming the source.
    case merge(Signal<Output, Failure>)
    /// Merge this signal into the output, then stop consuming the source (RAC: a signal and
    /// `*stop = YES`).
    case mergeThenStop(Signal<Output, Failure>)
    /// Stop consuming the source (RAC: returning `nil`).
    case stop
}

extension Signal {
    /// The primitive every value-transforming operator derives from (RAC `-bind:`).
    ///
    /// On each subscription `makeBlock` runs once, so the block it returns may keep
    /// per-subscription state. The block is called serially with each value of this signal and
    /// answers with a ``BindStep``. The signals it returns are subscribed at once and *merged*:
    /// their events interleave as they arrive (rule G8).
    ///
    /// The result completes when this signal has completed (or the block has stopped it) and every
    /// merged signal has completed. An error from this signal or from any merged signal disposes
    /// everything and ends the result.
    ///
    /// Returning ``Signal/just(_:)`` or ``Signal/empty`` costs no subscription: the value is
    /// forwarded in place.
    @inlinable
    public func bind<Output>(
        _ makeBlock: @escaping @Sendable () -> (Value) -> BindStep<Output, Failure>
    ) -> Signal<Output, Failure> {
        // Lifted: subscribing the source is the last thing a subscription does, so a chain of
        // binds is subscribed in bounded stack depth like any lifted chain, and a short one is
        // run by the optimizer as one function with its source and the signals it merges.
        Signal<Output, Failure>(
            lifting: self,
            subscribingIn: { observer, lifetime in
                let block = makeBlock()
                let run = BindRun(observer, lifetime)
                let sourceLifetime = run.parts.child()
                return (
                    Observer<Value, Failure> { event in
                        switch event {
                        case .next(let value):
                            guard !run.parts.isDisposed else { return }
                            switch block(value) {
                            case .merge(let signal):
                                run.merge(signal)
                            case .mergeThenStop(let signal):
                                run.merge(signal)
                                run.finishSource(sourceLifetime)
                            case .stop:
                                run.finishSource(sourceLifetime)
                            }
                        case .error(let failure):
                            run.fail(failure)
                        case .completed:
                            run.finishSource(sourceLifetime)
                        }
                    },
                    sourceLifetime
                )
            }
        ).named(.derived(from: self, "-bind:"))
    }
}

/// The shared state of one `bind` subscription: how many signals (the source and each merged
/// one) are still running, and the serialized output they all feed.
@usableFromInline
final class BindRun<Output: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    struct State: Sendable {
        /// The source counts as one until it completes or is stopped.
        @usableFromInline var active = 1
        @usableFromInline var isSourceFinished = false
        @inlinable init() {}
    }

    @usableFromInline let delivery: SerialDelivery<Output, Failure, State>
    /// Holds the source's and every merged signal's subscription.
    @usableFromInline let parts: CompositeDisposable

    @inlinable
    init(_ downstream: Observer<Output, Failure>, _ lifetime: CompositeDisposable) {
        delivery = SerialDelivery(downstream, state: State())
        parts = lifetime.child()
        lifetime.add(ActionDisposable { [delivery] in delivery.detach() })
    }

    @inlinable
    func merge(_ signal: Signal<Output, Failure>) {
        switch signal.source {
        case .just(let value):
            delivery.send(.next(value))
        case .empty:
            break
        case .failure(let failure):
            fail(failure)
        case .sequence(_, let makeIterator):
            mergeBurst(makeIterator())
        default:
            delivery.withState { $0.active += 1 }
            let innerLifetime = parts.child()
            signal.subscribeFromEvent(
                Observer(handlingInPlace: { [self] event in
                    switch event {
                    case .next:
                        delivery.send(event)
                    case .error(let failure):
                        fail(failure)
                    case .completed:
                        innerLifetime.dispose()
                        finishOne()
                    }
                }),
                in: innerLifetime)
        }
    }

    /// Merges the values of a sequence (``Signal/from(_:)``), which it pulls, as one burst.
    @inlinable
    func mergeBurst(_ next: () -> Output?) {
        delivery.deliverBurst(next, while: { !parts.isDisposed })
    }

    @inlinable
    func finishSource(_ sourceLifetime: CompositeDisposable) {
        let wasRunning = delivery.withState { state in
            defer { state.isSourceFinished = true }
            return !state.isSourceFinished
        }
        guard wasRunning else { return }
        sourceLifetime.dispose()
        finishOne()
    }

    @inlinable
    func finishOne() {
        delivery.send { state, outbox in
            state.active -= 1
            if state.active == 0 { outbox.sendCompleted() }
        }
    }

    @inlinable
    func fail(_ failure: Failure) {
        // As in RAC, everything is disposed before the error is passed on.
        parts.dispose()
        delivery.send(.error(failure))
    }
}
