import Synchronization

/// A subject with a current value, which every new subscription receives first (RAC
/// `RACBehaviorSubject`).
///
/// Sending a value makes it the current value. As in RAC, the end is not remembered: a
/// subscription made after the subject completed or failed receives the current value, then
/// waits. Use ``ReplaySubject`` with a capacity of 1 for late subscribers to see the end.
///
/// ```swift
/// let temperature = BehaviorSubject<Double, Never>(20)
/// temperature.signal.subscribe(next: { print($0) })   // 20
/// temperature.sendNext(21)                            // 21
/// ```
public final class BehaviorSubject<Value: Sendable, Failure: Error>: SubjectProtocol {
    @usableFromInline let broadcast: Broadcast<Value, Failure>

    /// Creates a subject whose current value is `value` (RAC `+behaviorSubjectWithDefaultValue:`).
    @inlinable
    public init(_ value: Value) {
        broadcast = Broadcast(memory: .latest(value))
        signal = broadcast.signal(named: { _ in "+behaviorSubject" })
    }

    /// The current value: the latest value sent, or the initial one.
    @inlinable
    public var value: Value {
        guard let value = broadcast.latest else { preconditionFailure("BehaviorSubject: no current value") }
        return value
    }

    /// The subject as a signal: each subscription receives the current value, then the events
    /// sent from then on.
    public let signal: Signal<Value, Failure>

    /// Sends `event` to every current subscription; a value becomes the current value.
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
