extension Signal {
    /// Subscribes to this signal again after a failure when the signal that `handler` makes sends
    /// a value; that signal's completion completes the result, and its failure fails it, at once,
    /// even before a retry it asked for has started.
    ///
    /// `handler` is called once per subscription to the result, with a signal of this signal's
    /// failures, and its signal is subscribed before this one. Each failure waits for the next
    /// value of the handler's signal, which may come later (a delay, a retry button) or never; a
    /// value sent while no failure waits does nothing. Values sent by failed attempts are kept.
    /// The signal of failures completes when the result ends, however it ends, so that whatever
    /// else the handler subscribed to it ends too.
    /// To give up, make the handler's signal fail, typically with the failure it was given:
    ///
    /// ```swift
    /// request.retry { failures in
    ///     failures.flatMap(.concat) { failure in
    ///         failure.isTransient ? Signal<Void, APIError>.just(()) : .error(failure)
    ///     }
    /// }
    /// ```
    ///
    /// A trigger sent while the failed subscription is being made is answered after it returns,
    /// so a signal that fails synchronously is retried in constant stack depth.
    /// ``retry(upTo:backoff:on:)`` is the common case of waiting longer after each failure.
    @inlinable
    public func retry<Trigger: Sendable>(
        when handler: @escaping @Sendable (Signal<Failure, Never>) -> Signal<Trigger, Failure>
    ) -> Signal<Value, Failure> {
        Signal(
            name: .derived(from: self, "retry(when:)"),
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                let retrying = TriggeredRetry(self, delivery: delivery, lifetime: lifetime)
                retrying.subscribeTrigger(handler(retrying.failures.signal))
                retrying.start()
            })
    }
}

/// One subscription of ``Signal/retry(when:)``: the source's current attempt, the signal of its
/// failures, and the trigger that answers them.
@usableFromInline
final class TriggeredRetry<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    struct State: Sendable {
        /// A subscription is being made on some stack; a trigger for the next one waits for it.
        @usableFromInline var isSubscribing = false
        /// A trigger arrived while a subscription was being made.
        @usableFromInline var isRequested = false
        /// The last attempt failed and no trigger has answered it yet.
        @usableFromInline var isWaiting = false

        @inlinable init() {}
    }

    @usableFromInline let source: Signal<Value, Failure>
    @usableFromInline let delivery: SerialDelivery<Value, Failure, Void>
    @usableFromInline let lifetime: CompositeDisposable
    @usableFromInline let failures = Subject<Failure, Never>()
    @usableFromInline let attempt = SerialDisposable()
    @usableFromInline let state = Lock(State())

    @inlinable
    init(
        _ source: Signal<Value, Failure>, delivery: SerialDelivery<Value, Failure, Void>,
        lifetime: CompositeDisposable
    ) {
        self.source = source
        self.delivery = delivery
        self.lifetime = lifetime
        lifetime.add(attempt)
    }

    @inlinable
    func subscribeTrigger<Trigger>(_ trigger: Signal<Trigger, Failure>) {
        let subscription = lifetime.child()
        trigger.subscribe(
            Observer(handlingInPlace: { [self] event in
                switch event {
                case .next:
                    let isAnswer = state.withLock { state in
                        guard state.isWaiting else { return false }
                        state.isWaiting = false
                        return true
                    }
                    if isAnswer { start() }
                case .error(let failure):
                    end(with: .error(failure))
                case .completed:
                    end(with: .completed)
                }
            }),
            in: subscription)
        // Added after the trigger's subscription, so that it is disposed before the failures end.
        lifetime.add { [failures] in failures.sendCompleted() }
    }

    /// Makes a subscription now, or, if one is being made further down this stack or on another
    /// thread, asks that one's loop to make another when it returns.
    @inlinable
    func start() {
        let isFirst = state.withLock { state in
            if state.isSubscribing {
                state.isRequested = true
                return false
            }
            state.isSubscribing = true
            return true
        }
        guard isFirst else { return }
        repeat {
            guard !lifetime.isDisposed else { return }
            subscribe()
        } while state.withLock { state in
            if state.isRequested {
                state.isRequested = false
                return true
            }
            state.isSubscribing = false
            return false
        }
    }

    @inlinable
    func subscribe() {
        let current = lifetime.child()
        attempt.inner = current
        source.subscribe(
            Observer(handlingInPlace: { [self] event in
                switch event {
                case .next:
                    delivery.send(event)
                case .completed:
                    end(with: event)
                case .error(let failure):
                    current.dispose()
                    state.withLock { $0.isWaiting = true }
                    failures.sendNext(failure)
                }
            }),
            in: current)
    }

    @inlinable
    func end(with event: Event<Value, Failure>) {
        delivery.send(event)
        lifetime.dispose()
    }
}
