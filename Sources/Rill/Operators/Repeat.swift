import Synchronization

extension Signal {
    /// Subscribes to this signal again each time it completes, forever; an error ends the
    /// result (RAC `-repeat`).
    ///
    /// Each new subscription is scheduled on the current scheduler (or a background one), never
    /// made from inside the completion, so a synchronous signal repeated any number of times
    /// runs in constant stack depth, and `repeat().take(n)` stops.
    @inlinable
    public func `repeat`() -> Signal {
        resubscribing(name: .derived(from: self, "-repeat")) { event, _ in
            if case .error = event { return .forward }
            return .resubscribe
        }
    }

    /// Subscribes to this signal again each time it fails, up to `count` more times, so it is
    /// subscribed at most `count + 1` times; `count == 0` retries forever (RAC `-retry:`).
    ///
    /// The count never resets, and values sent by failed attempts are kept. Completion ends the
    /// result. New subscriptions are scheduled as ``repeat()``'s are.
    @inlinable
    public func retry(_ count: Int) -> Signal {
        precondition(count >= 0, "Signal.retry(_:): count must not be negative, got \(count)")
        return resubscribing(name: .derived(from: self, "-retry: \(count)")) { event, retries in
            guard case .error = event, count == 0 || retries < count else { return .forward }
            retries += 1
            return .resubscribe
        }
    }

    /// Subscribes to this signal again each time it fails, forever (RAC `-retry`).
    @inlinable
    public func retry() -> Signal {
        retry(0)
    }

    @inlinable
    func resubscribing(
        name: SignalName,
        decide: @escaping @Sendable (Event<Value, Failure>, inout Int) -> ResubscriptionDecision
    ) -> Signal {
        Signal(
            name: name,
            producer: { downstream, lifetime in
                let delivery = SerialDelivery(downstream, state: ())
                lifetime.add(ActionDisposable { delivery.detach() })
                Resubscription(self, delivery: delivery, lifetime: lifetime, decide: decide).subscribe()
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
@usableFromInline
final class Resubscription<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline let source: Signal<Value, Failure>
    @usableFromInline let delivery: SerialDelivery<Value, Failure, Void>
    @usableFromInline let lifetime: CompositeDisposable
    @usableFromInline let decide: @Sendable (Event<Value, Failure>, inout Int) -> ResubscriptionDecision
    /// How many times the source was resubscribed; only the subscription in progress touches it.
    @usableFromInline let resubscriptions = Atomic<Int>(0)
    /// The scheduled next subscription, replaced each time.
    @usableFromInline let next = SerialDisposable()

    @inlinable
    init(
        _ source: Signal<Value, Failure>, delivery: SerialDelivery<Value, Failure, Void>,
        lifetime: CompositeDisposable,
        decide: @escaping @Sendable (Event<Value, Failure>, inout Int) -> ResubscriptionDecision
    ) {
        self.source = source
        self.delivery = delivery
        self.lifetime = lifetime
        self.decide = decide
        lifetime.add(next)
    }

    @inlinable
    func subscribe() {
        let attempt = lifetime.child()
        source.subscribe(
            Observer { [self] event in
                guard event.isTerminal else { return delivery.send(event) }
                attempt.dispose()
                var count = resubscriptions.load(ordering: .acquiring)
                let decision = decide(event, &count)
                resubscriptions.store(count, ordering: .releasing)
                switch decision {
                case .forward:
                    delivery.send(event)
                case .resubscribe:
                    guard !lifetime.isDisposed else { return }
                    next.inner = Schedulers.currentOrBackground.schedule { [self] in subscribe() }
                }
            },
            in: attempt)
    }
}
