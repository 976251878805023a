import Synchronization

/// A subject that remembers the values it sent and its end, and replays them to every new
/// subscription before the live events (RAC `RACReplaySubject`).
///
/// A subscription made after the subject completed or failed receives the remembered values,
/// then the completion or the failure. With a capacity, only the last `capacity` values are
/// remembered; the end always is.
///
/// ```swift
/// let latest = ReplaySubject<Int, Never>(capacity: 1)
/// latest.sendNext(1)
/// latest.sendNext(2)
/// latest.signal.subscribe(next: { print($0) })   // 2
/// ```
public final class ReplaySubject<Value: Sendable, Failure: Error>: SubjectProtocol {
    @usableFromInline let broadcast: Broadcast<Value, Failure>

    /// Creates a replay subject that remembers every value (RAC `+subject`).
    @inlinable
    public init() {
        broadcast = Broadcast(memory: .values(ReplayBuffer(capacity: nil)))
        signal = broadcast.signal(named: { _ in "+replaySubject" })
    }

    /// Creates a replay subject that remembers the last `capacity` values (RAC
    /// `+replaySubjectWithCapacity:`). A capacity of 0 remembers only the end.
    @inlinable
    public init(capacity: Int) {
        precondition(capacity >= 0, "ReplaySubject(capacity:): capacity must be 0 or more, got \(capacity)")
        broadcast = Broadcast(memory: .values(ReplayBuffer(capacity: capacity)))
        signal = broadcast.signal(named: { _ in "+replaySubject" })
    }

    /// The subject as a signal: each subscription receives the remembered values, then the end
    /// if there was one, else the events sent from then on.
    public let signal: Signal<Value, Failure>

    /// Remembers `event` and sends it to every current subscription.
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
