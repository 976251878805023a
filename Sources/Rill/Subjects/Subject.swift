import Synchronization

/// A hot signal that you send events into by hand: every event goes to the subscriptions that
/// exist at that moment (RAC `RACSubject`).
///
/// A subject does not remember anything, not even its end: a subscription made after a value
/// does not see it, and one made after the subject completed or failed receives nothing at all
/// and waits, as in RAC. For late subscribers to see the end, use a ``ReplaySubject``; with a
/// capacity of 0 it remembers only the end.
///
/// Events may be sent from any thread; each subscription receives them serially, and all
/// subscriptions in the same order. A subject follows the grammar: what is sent after its
/// terminal event is dropped. A subject can be fed by signals (`signal.subscribe(subject)`);
/// when it terminates it disposes those subscriptions.
public final class Subject<Value: Sendable, Failure: Error>: SubjectProtocol {
    @usableFromInline let broadcast: Broadcast<Value, Failure>

    /// Creates a subject with no subscriptions.
    @inlinable
    public init() {
        broadcast = Broadcast(memory: .nothing)
        signal = broadcast.signal(named: { _ in "+subject" })
    }

    /// The subject as a signal: each subscription receives the events sent from then on.
    public let signal: Signal<Value, Failure>

    /// Sends `event` to every current subscription.
    @inlinable
    public func send(_ event: Event<Value, Failure>) {
        broadcast.send(event)
    }

    deinit {
        broadcast.isOwnerReleased.store(true, ordering: .releasing)
    }

    public func didSubscribe(with subscription: CompositeDisposable) {
        broadcast.didSubscribe(with: subscription)
    }
}
