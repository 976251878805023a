import Synchronization

/// One subscription to a signal, shared through a subject by any number of subscribers (RAC
/// `RACMulticastConnection`). Made by ``Signal/multicast(_:)`` and ``Signal/publish()``.
///
/// Subscribing to ``signal`` subscribes to the subject, not to the source: nothing runs until
/// ``connect()`` subscribes the subject to the source, once. Subscribe first, then connect, so
/// that no subscriber misses the first events.
///
/// ```swift
/// let connection = request.publish()
/// connection.signal.subscribe(next: { show($0) })
/// connection.signal.subscribe(next: { cache($0) })
/// let running = connection.connect()   // the request runs once, for both
/// ```
public final class MulticastConnection<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline let subject: any SubjectProtocol<Value, Failure>
    /// Subscribes the subject to the source. Made where the subject's type is known, so that
    /// each value is sent into it by code specialized for that subject: through the existential
    /// it was sent by the subject's generic implementation, which looked up type metadata for
    /// every value.
    @usableFromInline let subscribeSubject: @Sendable () -> any Disposable
    /// The subject's signal, taken where the subject's type is known: through the existential,
    /// every subscription (each of `replayLazily()`'s) asked the subject's generic implementation
    /// for it, which looked up type metadata.
    @usableFromInline let subjectSignal: Signal<Value, Failure>
    @usableFromInline let hasConnected = Atomic<Bool>(false)
    @usableFromInline let connection = SerialDisposable()

    /// Shares `source` through `subject`; see ``Signal/multicast(_:)``.
    @inlinable
    init(source: Signal<Value, Failure>, subject: some SubjectProtocol<Value, Failure>) {
        self.subject = subject
        subscribeSubject = { source.subscribe(subject) }
        subjectSignal = subject.signal
    }

    /// The shared signal: a subscription to the subject. It receives the source's events once
    /// the connection is connected, and what the subject remembers.
    @inlinable
    public var signal: Signal<Value, Failure> { subjectSignal }

    /// Subscribes the subject to the source, the first time it is called, and returns that
    /// subscription (RAC `-connect`).
    ///
    /// Later calls return the same subscription and do not subscribe again, even after it was
    /// disposed or the source ended: a connection never reconnects. Dispose the returned
    /// subscription to disconnect: the source is disposed, and the subscribers of ``signal``
    /// receive nothing more (disconnecting is not an event).
    @inlinable
    @discardableResult
    public func connect() -> any Disposable {
        if !hasConnected.exchange(true, ordering: .acquiringAndReleasing) {
            connection.inner = subscribeSubject()
        }
        return connection
    }

    /// A signal that connects on its first subscription and disconnects when its last
    /// subscription ends, by disposal or a terminal event (RAC `-autoconnect`).
    ///
    /// As in RAC it connects only once: after it disconnected, new subscriptions subscribe to the
    /// subject alone and receive only what the subject remembers.
    @inlinable
    public func autoconnect() -> Signal<Value, Failure> {
        let subscribers = SubscriberCount()
        return Signal(
            name: .derived(from: signal, "-autoconnect"),
            producer: { [self] downstream, lifetime in
                subscribers.increment()
                signal.subscribe(downstream, in: lifetime)
                let connection = connect()
                lifetime.add {
                    if subscribers.decrement() == 0 { connection.dispose() }
                }
            })
    }
}

/// How many subscriptions an ``MulticastConnection/autoconnect()`` signal has.
@usableFromInline
final class SubscriberCount: Sendable {
    @usableFromInline let count = Atomic<Int>(0)

    @inlinable init() {}

    @inlinable
    func increment() {
        count.wrappingAdd(1, ordering: .acquiringAndReleasing)
    }

    @inlinable
    func decrement() -> Int {
        count.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue
    }
}
