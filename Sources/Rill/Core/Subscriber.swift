import Synchronization

/// The handle a ``Signal/create(_:)`` body uses to send events to one subscription.
///
/// A subscriber may be used from any thread. It enforces the event contract for the code that
/// drives it: events are delivered serially (concurrent sends are queued, not interleaved), a
/// send from inside the subscription's own handlers is queued until the handler returns instead
/// of nesting, and anything sent after a terminal event or after disposal is dropped.
public final class Subscriber<Value: Sendable, Failure: Error>: Disposable {
    @usableFromInline let delivery: SerialDelivery<Value, Failure, Void>
    /// What the `create` body returned: disposed on a terminal event or on disposal.
    @usableFromInline let resource = SerialDisposable()
    @usableFromInline let stopped = Atomic<Bool>(false)

    @inlinable
    init(_ downstream: Observer<Value, Failure>) {
        delivery = SerialDelivery(downstream, state: ())
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
        }
        delivery.send(event)
    }

    /// Ends the subscription without an event and releases everything it holds.
    public func dispose() {
        stopped.store(true, ordering: .releasing)
        delivery.detach()
        resource.dispose()
    }

    /// Takes ownership of what the body returned, disposing it at once if the subscription
    /// already ended while the body ran.
    @usableFromInline
    func attach(_ disposable: (any Disposable)?) {
        resource.inner = disposable
    }
}
