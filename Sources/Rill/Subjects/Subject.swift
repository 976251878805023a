/// A hot signal that you send events into by hand: every event goes to the subscriptions that
/// exist at that moment (RAC `RACSubject`).
///
/// A subject does not remember anything: a subscription made after a value, or after the
/// subject completed, does not see it. Events may be sent from any thread; each subscription
/// still receives them serially, in the order they were sent.
public final class Subject<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline typealias Delivery = SerialDelivery<Value, Failure, Void>

    @usableFromInline let subscribers = Lock<(nextID: Int, active: [(id: Int, delivery: Delivery)])>((0, []))

    /// Creates a subject with no subscriptions.
    public init() {}

    /// The subject as a signal: each subscription receives the events sent from then on.
    public var signal: Signal<Value, Failure> {
        Signal(
            name: SignalName("+subject"),
            producer: { [self] downstream, lifetime in
                let delivery = Delivery(downstream, state: ())
                let id = subscribers.withLock { state in
                    defer { state.nextID += 1 }
                    state.active.append((state.nextID, delivery))
                    return state.nextID
                }
                lifetime.add { [self] in
                    delivery.detach()
                    subscribers.withLock { state in state.active.removeAll { $0.id == id } }
                }
            })
    }

    /// Sends a value to every current subscription.
    public func sendNext(_ value: Value) {
        send(.next(value))
    }

    /// Sends a failure to every current subscription, ending them.
    public func sendError(_ failure: Failure) {
        send(.error(failure))
    }

    /// Sends completion to every current subscription, ending them.
    public func sendCompleted() {
        send(.completed)
    }

    /// Sends `event` to every current subscription.
    public func send(_ event: Event<Value, Failure>) {
        let current = subscribers.withLock { $0.active.map(\.delivery) }
        for delivery in current { delivery.send(event) }
    }
}
