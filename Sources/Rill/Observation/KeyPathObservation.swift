import Dispatch
import Observation

/// One subscription to a signal of an `Observable` object's key path: reads the value on the main
/// queue, registers for its next change, and sends it.
///
/// `withObservationTracking` reports only the first change after each registration, and reports
/// it before the new value is stored. So a change does not send anything itself: it schedules one
/// read on the main queue, and that read both sends the value and registers again. Changes made
/// before the read runs are all seen by it, which is what coalesces a turn's changes into one value.
@MainActor
final class KeyPathObservation<Root: AnyObject, Value: Sendable> {
    private let target: ObservedKeyPath<Root, Value>
    private let subscriber: Subscriber<Value, Never>

    nonisolated init(_ target: ObservedKeyPath<Root, Value>, _ subscriber: Subscriber<Value, Never>) {
        self.target = target
        self.subscriber = subscriber
    }

    /// Sends the current value: before returning when called on the main queue, as RAC sends it
    /// during subscription, and otherwise from the main queue, the only place it can be read.
    nonisolated func start() {
        if MainScheduler.isOnMainQueue {
            MainActor.assumeIsolated { refresh() }
        } else {
            Self.onMainQueue(self) { $0.refresh() }
        }
    }

    /// Reads the value, registers for its next change, and sends it; completes if the object or
    /// the observer is gone.
    private func refresh() {
        guard !subscriber.isDisposed else { return }
        let value = target.read { root, keyPath in
            // Dropped by the registrar without a change when the object is deallocated, and at once
            // when the key path reads no tracked property.
            let registration = TrackingRegistration { [weak self] in
                Self.onMainQueue(self) { $0.completeIfGone() }
            }
            return withObservationTracking {
                root[keyPath: keyPath]
            } onChange: { [weak self] in
                registration.markChanged()
                precondition(
                    MainScheduler.isOnMainQueue,
                    "Observable.signal(for:observer:): the observed value changed off the main actor; "
                        + "Observation reports a change before storing it, so only a change on the main "
                        + "actor can be read reliably")
                Self.onMainQueue(self) { $0.refresh() }
            }
        }
        guard let value else {
            subscriber.sendCompleted()
            return
        }
        subscriber.sendNext(value)
    }

    /// Completes if the object or the observer is gone, and otherwise sends nothing: a key path
    /// that reads no tracked property drops its registration at once, with the object alive.
    private func completeIfGone() {
        guard !subscriber.isDisposed, target.read({ _, _ in () }) == nil else { return }
        subscriber.sendCompleted()
    }

    /// Runs `action` in a later turn of the main queue, unless the observation has been released
    /// by then, which it is once its subscription ends.
    private nonisolated static func onMainQueue(
        _ observation: KeyPathObservation?, _ action: @escaping @MainActor (KeyPathObservation) -> Void
    ) {
        DispatchQueue.main.async { [weak observation] in
            MainActor.assumeIsolated {
                guard let observation else { return }
                action(observation)
            }
        }
    }
}
