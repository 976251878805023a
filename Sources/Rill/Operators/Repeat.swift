import Synchronization

extension Signal {
    /// Subscribes to this signal again each time it completes, forever; an error ends the
    /// result (RAC `-repeat`).
    ///
    /// Like RAC's, each new subscription is scheduled on the scheduler that is current when this
    /// signal completes, or ``Schedulers/background`` when there is none, never made from inside
    /// the completion. ``repeat(on:)`` names the scheduler.
    @inlinable
    public func `repeat`() -> Signal {
        repeating(name: "-repeat") { Schedulers.currentOrBackground }
    }

    /// Subscribes to this signal again each time it completes, forever, each new subscription
    /// scheduled on `scheduler`; an error ends the result.
    ///
    /// A synchronous signal repeated any number of times runs in constant stack depth on every
    /// scheduler, the immediate one included, and `repeat(on:).take(n)` stops.
    @inlinable
    public func `repeat`(on scheduler: any Scheduler) -> Signal {
        repeating(name: "-repeat") { scheduler }
    }

    /// Subscribes to this signal again each time it fails, forever; completion ends the result
    /// (RAC `-retry`, and `-retry:` with a count of 0). Values sent by failed attempts are kept.
    ///
    /// New subscriptions are scheduled as ``repeat()``'s are. ``retry(on:)`` names the
    /// scheduler; ``retry(upTo:)`` bounds the number of retries.
    @inlinable
    public func retry() -> Signal {
        retrying(upTo: nil, name: "-retry") { Schedulers.currentOrBackground }
    }

    /// Subscribes to this signal again each time it fails, forever, each new subscription
    /// scheduled on `scheduler`; completion ends the result.
    @inlinable
    public func retry(on scheduler: any Scheduler) -> Signal {
        retrying(upTo: nil, name: "-retry") { scheduler }
    }

    /// Subscribes to this signal again each time it fails, at most `count` more times, so at
    /// most `count + 1` times in all (RAC `-retry:` with a positive count); the last failure is
    /// passed on. `retry(upTo: 0)`, and a negative count, do not retry: unlike RAC's
    /// `-retry:0`, which is ``retry()``.
    ///
    /// The count never resets, and values sent by failed attempts are kept. Completion ends the
    /// result. New subscriptions are scheduled as ``repeat()``'s are.
    @inlinable
    public func retry(upTo count: Int) -> Signal {
        retrying(upTo: count, name: "-retry: \(count)") { Schedulers.currentOrBackground }
    }

    /// ``retry(upTo:)``, each new subscription scheduled on `scheduler`.
    @inlinable
    public func retry(upTo count: Int, on scheduler: any Scheduler) -> Signal {
        retrying(upTo: count, name: "-retry: \(count)") { scheduler }
    }

    @inlinable
    func repeating(name: String, scheduler: @escaping @Sendable () -> any Scheduler) -> Signal {
        resubscribing(name: .derived(from: self, name), scheduler: scheduler) { event, _ in
            if case .error = event { return .forward }
            return .resubscribe
        }
    }

    /// `retry`, forever when `limit` is `nil`.
    @inlinable
    func retrying(upTo limit: Int?, name: String, scheduler: @escaping @Sendable () -> any Scheduler)
        -> Signal
    {
        resubscribing(name: .derived(from: self, name), scheduler: scheduler) { event, retries in
            guard case .error = event else { return .forward }
            if let limit, retries >= limit { return .forward }
            retries += 1
            return .resubscribe
        }
    }

    @inlinable
    func resubscribing(
        name: SignalName, scheduler: @escaping @Sendable () -> any Scheduler,
        decide: @escaping @Sendable (Event<Value, Failure>, inout Int) -> ResubscriptionDecision
    ) -> Signal {
        Signal(
            name: name,
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                Resubscription(
                    self, delivery: delivery, lifetime: lifetime, scheduler: scheduler, decide: decide
                )
                .start()
            })
    }
}

/// What `repeat` or `retry` does with a terminal event of the source.
@usableFromInline
enum ResubscriptionDecision: Sendable {
    case resubscribe
    case forward
}

/// One subscription of `repeat` or `retry`: subscribes to the source, and on a terminal event
/// either passes it on or schedules the next subscription.
///
/// Subscriptions run in a trampoline: a subscription asked for while one is being made on this
/// stack (a synchronous scheduler, a source that completes while subscribing) is made by the
/// loop that is already running, after the current one returns. The stack depth stays
/// constant whatever the scheduler.
@usableFromInline
final class Resubscription<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline
    struct Trampoline: Sendable {
        @usableFromInline var isRunning = false
        @usableFromInline var isRequested = false

        @inlinable init() {}
    }

    @usableFromInline let source: Signal<Value, Failure>
    @usableFromInline let delivery: SerialDelivery<Value, Failure, Void>
    @usableFromInline let lifetime: CompositeDisposable
    @usableFromInline let scheduler: @Sendable () -> any Scheduler
    @usableFromInline let decide: @Sendable (Event<Value, Failure>, inout Int) -> ResubscriptionDecision
    /// How many times the source was resubscribed; only the subscription in progress touches it.
    @usableFromInline let resubscriptions = Atomic<Int>(0)
    /// The scheduled next subscription, replaced each time.
    @usableFromInline let next = SerialDisposable()
    @usableFromInline let trampoline = Lock(Trampoline())

    @inlinable
    init(
        _ source: Signal<Value, Failure>, delivery: SerialDelivery<Value, Failure, Void>,
        lifetime: CompositeDisposable, scheduler: @escaping @Sendable () -> any Scheduler,
        decide: @escaping @Sendable (Event<Value, Failure>, inout Int) -> ResubscriptionDecision
    ) {
        self.source = source
        self.delivery = delivery
        self.lifetime = lifetime
        self.scheduler = scheduler
        self.decide = decide
        lifetime.add(next)
    }

    /// Makes a subscription now, or, if one is being made further down this stack, asks that
    /// loop to make another when it returns.
    @inlinable
    func start() {
        let isFirst = trampoline.withLock { state in
            if state.isRunning {
                state.isRequested = true
                return false
            }
            state.isRunning = true
            return true
        }
        guard isFirst else { return }
        repeat {
            guard !lifetime.isDisposed else {
                trampoline.withLock { $0 = Trampoline() }
                return
            }
            subscribe()
        } while trampoline.withLock { state in
            if state.isRequested {
                state.isRequested = false
                return true
            }
            state.isRunning = false
            return false
        }
    }

    @inlinable
    func subscribe() {
        let attempt = lifetime.child()
        source.subscribe(
            Observer(handlingInPlace: { [self] event in
                guard event.isTerminal else { return delivery.send(event) }
                attempt.dispose()
                var count = resubscriptions.load(ordering: .acquiring)
                let decision = decide(event, &count)
                resubscriptions.store(count, ordering: .releasing)
                switch decision {
                case .forward:
                    delivery.send(event)
                case .resubscribe:
                    // After the source's last value has reached whatever it was left on its way
                    // to: an operator there (`take`) may dispose this subscription when it gets it.
                    DeepChain.runAfterLeftWork { [self] in
                        guard !lifetime.isDisposed else { return }
                        next.inner = scheduler().schedule { [self] in start() }
                    }
                }
            }),
            in: attempt)
    }
}
