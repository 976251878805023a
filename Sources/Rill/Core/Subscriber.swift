import Synchronization

/// The handle a ``Signal/create(_:)`` body uses to send events to one subscription.
///
/// A subscriber may be used from any thread. It enforces the event contract for the code that
/// drives it: events are delivered serially (concurrent sends are queued, not interleaved), a
/// send from inside the subscription's own handlers is queued until the handler returns instead
/// of nesting, and anything sent after a terminal event or after disposal is dropped.
///
/// A subscriber is also an ``EventReceiver``: `other.subscribe(subscriber)` forwards another
/// signal's events, and the subscriptions fed this way are disposed when the subscriber ends.
public final class Subscriber<Value: Sendable, Failure: Error>: Disposable, EventReceiver {
    @usableFromInline let delivery: SerialDelivery<Value, Failure, Void>
    /// What the `create` body returned: disposed on a terminal event or on disposal.
    @usableFromInline let resource = SerialDisposable()
    @usableFromInline let stopped = Atomic<Bool>(false)
    /// The subscriptions feeding this subscriber, created on first use.
    @usableFromInline let feeds = Lock<CompositeDisposable?>(nil)

    @inlinable
    init(_ downstream: Observer<Value, Failure>) {
        delivery = SerialDelivery(downstream, state: ())
    }

    /// Creates a subscriber that calls the closures serially, whichever threads send to it. Feed
    /// it with `signal.subscribe(subscriber)`; dispose it to stop every feed.
    public convenience init(
        next: @escaping @Sendable (Value) -> Void = { _ in },
        error: @escaping @Sendable (Failure) -> Void = { _ in },
        completed: @escaping @Sendable () -> Void = {}
    ) {
        self.init(Observer(next: next, error: error, completed: completed))
    }

    /// Whether the subscription has ended, by a terminal event or by disposal. A producer
    /// that loops should stop when this becomes `true`.
    public var isDisposed: Bool { stopped.load(ordering: .acquiring) }

    /// Sends a value.
    @inlinable
    public func sendNext(_ value: Value) {
        delivery.send(.next(value))
    }

    /// Sends a failure and ends the subscription.
    @inlinable
    public func sendError(_ failure: Failure) {
        send(.error(failure))
    }

    /// Sends completion and ends the subscription.
    @inlinable
    public func sendCompleted() {
        send(.completed)
    }

    /// Sends any event.
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        if event.isTerminal {
            stopped.store(true, ordering: .releasing)
            // As in RAC, the body's resources are released before the terminal event is passed on.
            resource.dispose()
            disposeFeeds()
        }
        delivery.send(event)
    }

    /// Ends the subscription without an event and releases everything it holds.
    public func dispose() {
        stopped.store(true, ordering: .releasing)
        delivery.detach()
        resource.dispose()
        disposeFeeds()
    }

    public func didSubscribe(with subscription: CompositeDisposable) {
        let accepted = feeds.withLock { feeds in
            guard !isDisposed else { return false }
            if feeds == nil { feeds = CompositeDisposable() }
            feeds?.addRemovable(subscription)
            return true
        }
        if !accepted { subscription.dispose() }
    }

    @usableFromInline
    func disposeFeeds() {
        let ended = feeds.withLock { feeds in
            defer { feeds = nil }
            return feeds
        }
        ended?.dispose()
    }

    /// Takes ownership of what the body returned, disposing it at once if the subscription
    /// already ended while the body ran.
    @usableFromInline
    func attach(_ disposable: (any Disposable)?) {
        resource.inner = disposable
    }
}
