import Rill
import Synchronization

/// Sends each event to every current subscriber, as a hot signal does; a subscriber arriving
/// after the terminal event receives that event at once.
final class HotBroadcast<Value: Sendable, Failure: Error>: Sendable {
    private struct State: Sendable {
        var subscribers: [(id: UInt64, subscriber: Subscriber<Value, Failure>)] = []
        var nextID: UInt64 = 0
        var terminal: Event<Value, Failure>?
    }

    private let state = Lock(State())

    /// Adds `subscriber`.
    ///
    /// - Returns: The id to pass to ``remove(_:)``, or the terminal event if the broadcast has
    ///   already ended (the subscriber is then not added).
    func add(_ subscriber: Subscriber<Value, Failure>) -> Result<UInt64, Terminated> {
        state.withLock { state in
            if let terminal = state.terminal { return .failure(Terminated(event: terminal)) }
            state.nextID += 1
            state.subscribers.append((state.nextID, subscriber))
            return .success(state.nextID)
        }
    }

    /// Removes the subscriber added with `id`.
    func remove(_ id: UInt64) {
        // Released outside the lock: dropping a subscriber may run arbitrary deinitializers.
        let removed: Subscriber<Value, Failure>? = state.withLock { state in
            guard let index = state.subscribers.firstIndex(where: { $0.id == id }) else { return nil }
            return state.subscribers.remove(at: index).subscriber
        }
        _ = removed
    }

    /// Sends `event` to every current subscriber, in the order they subscribed. After a terminal
    /// event nothing more is sent.
    func send(_ event: Event<Value, Failure>) {
        let targets: [Subscriber<Value, Failure>] = state.withLock { state in
            guard state.terminal == nil else { return [] }
            let targets = state.subscribers.map(\.subscriber)
            if event.isTerminal {
                state.terminal = event
                state.subscribers = []
            }
            return targets
        }
        for target in targets { target.send(event) }
    }

    /// The event a broadcast ended with, carried out of ``add(_:)``.
    struct Terminated: Error {
        let event: Event<Value, Failure>
    }
}
