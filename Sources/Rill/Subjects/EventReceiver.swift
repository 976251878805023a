/// Something a signal can be subscribed to: it receives the signal's events, from any thread
/// (RAC's `RACSubscriber` protocol).
///
/// Subjects and ``Subscriber`` are event receivers, so `signal.subscribe(subject)` feeds a subject
/// from a signal, and `other.subscribe(subscriber)` inside a ``Signal/create(_:)`` body forwards
/// another signal's events.
public protocol EventReceiver<Value, Failure>: Sendable {
    associatedtype Value: Sendable
    associatedtype Failure: Error

    /// Receives one event. Events of one subscription arrive serially; several subscriptions may
    /// feed the same receiver from different threads.
    func send(_ event: Event<Value, Failure>)

    /// Called by ``Signal/subscribe(_:)`` with the lifetime of a subscription that is about to feed
    /// this receiver, before the signal starts (RAC `-didSubscribeWithDisposable:`). A receiver that
    /// ends (a subject that completes, a subscriber that is disposed) disposes the subscriptions
    /// feeding it; one that has already ended disposes `subscription` at once.
    func didSubscribe(with subscription: CompositeDisposable)
}

extension EventReceiver {
    /// Does nothing: the subscription ends only on its own or when disposed.
    public func didSubscribe(with subscription: CompositeDisposable) {}

    /// Sends a value.
    @inlinable
    public func sendNext(_ value: Value) { send(.next(value)) }

    /// Sends a value: `subject.send(1)`, as with Combine's subjects.
    @inlinable
    public func send(_ value: Value) { send(.next(value)) }

    /// Sends a `Void` value: `taps.send()`, as with Combine's subjects.
    @inlinable
    public func send() where Value == Void { send(.next(())) }

    /// Sends a failure, ending the receiver.
    @inlinable
    public func sendError(_ failure: Failure) { send(.error(failure)) }

    /// Sends completion, ending the receiver.
    @inlinable
    public func sendCompleted() { send(.completed) }
}

/// A hot signal that is also an event receiver: what ``Signal/multicast(_:)`` shares a signal
/// through. ``Subject``, ``ReplaySubject`` and ``BehaviorSubject`` are subjects.
public protocol SubjectProtocol<Value, Failure>: EventReceiver, SignalConvertible {
    /// The subject as a signal: each subscription receives what the subject sends from then on,
    /// plus what the subject remembers.
    var signal: Signal<Value, Failure> { get }
}

extension Signal {
    /// Subscribes `receiver` to this signal: a subject, a ``Subscriber``, any ``EventReceiver``
    /// (RAC `-subscribe:`).
    ///
    /// The receiver first gets the subscription's lifetime through
    /// ``EventReceiver/didSubscribe(with:)``, then every event. A terminal event disposes the
    /// subscription before it is passed on (rule G2).
    ///
    /// ```swift
    /// let subject = ReplaySubject<Int, Never>()
    /// let feed = Signal<Int, Never>.from([1, 2]).subscribe(subject)
    /// ```
    ///
    /// - Returns: The subscription. Disposing it stops the feed; the receiver is not told.
    @inlinable
    @discardableResult
    public func subscribe(_ receiver: some EventReceiver<Value, Failure>) -> any Disposable {
        let lifetime = CompositeDisposable()
        receiver.didSubscribe(with: lifetime)
        subscribe(
            Observer(handlingInPlace: { event in
                guard !lifetime.isDisposed else { return }
                if event.isTerminal { lifetime.dispose() }
                receiver.send(event)
            }),
            in: lifetime)
        return lifetime
    }
}
