/// The machinery every subject shares: its subscriptions, what it remembers for late ones, and
/// the subscriptions that feed it.
///
/// Each subscription has its own ``SerialDelivery``. An event is queued into every subscription's
/// delivery while the subject's lock is held, and delivered after the lock is dropped. Queuing
/// under one lock gives every subscription, and the replay memory, the same order of events even
/// when they are sent from several threads; delivering outside it lets a handler send into the
/// subject (the event is queued behind the one being handled) and subscribe to it.
@usableFromInline
final class Broadcast<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline typealias Delivery = SerialDelivery<Value, Failure, Void>

    @usableFromInline
    struct State: Sendable {
        var memory: SubjectMemory<Value>
        var nextID = 0
        var subscriptions: [(id: Int, delivery: Delivery)] = []
        var terminal: Event<Value, Failure>?
    }

    private let state: Lock<State>
    /// The subscriptions feeding this subject, disposed when it terminates (as in RAC).
    private let feeds = CompositeDisposable()

    @usableFromInline
    init(memory: SubjectMemory<Value>) {
        state = Lock(State(memory: memory))
    }

    deinit { feeds.dispose() }

    /// The most recent value remembered, for ``BehaviorSubject/value``.
    var latest: Value? {
        state.withLock { state in
            if case .latest(let value) = state.memory { value } else { nil }
        }
    }

    @usableFromInline
    func send(_ event: Event<Value, Failure>) {
        let claimed: [Delivery]? = state.withLock { state in
            // A subject follows the grammar too: nothing after its terminal event.
            guard state.terminal == nil else { return nil }
            if case .next(let value) = event {
                state.memory.record(value)
            } else {
                state.terminal = event
            }
            // Only the subscriptions nobody is delivering to need this thread; the others get the
            // event from the thread already delivering, which is how a re-entrant send returns
            // at once.
            var claimed: [Delivery] = []
            for subscription in state.subscriptions where subscription.delivery.enqueueClaiming(event) {
                claimed.append(subscription.delivery)
            }
            if event.isTerminal { state.subscriptions = [] }
            return claimed
        }
        guard let claimed else { return }
        if event.isTerminal { feeds.dispose() }
        for delivery in claimed { delivery.deliverClaimed() }
    }

    /// A signal whose subscriptions are subscriptions to this broadcast.
    func signal(named name: String) -> Signal<Value, Failure> {
        Signal(
            name: SignalName(name),
            producer: { [self] downstream, lifetime in subscribe(downstream, in: lifetime) })
    }

    @usableFromInline
    func subscribe(_ downstream: Observer<Value, Failure>, in lifetime: CompositeDisposable) {
        let delivery = Delivery(downstream, state: ())
        let id: Int? = state.withLock { state in
            state.memory.replay(terminal: state.terminal, into: delivery)
            // After the end nothing more can arrive; a late subscription is not kept.
            guard state.terminal == nil else { return nil }
            defer { state.nextID += 1 }
            state.subscriptions.append((state.nextID, delivery))
            return state.nextID
        }
        lifetime.add { [weak self] in
            delivery.detach()
            if let id, let self { self.remove(id) }
        }
        delivery.flush()
    }

    private func remove(_ id: Int) {
        let removed: Delivery? = state.withLock { state in
            guard let index = state.subscriptions.lastIndex(where: { $0.id == id }) else { return nil }
            return state.subscriptions.remove(at: index).delivery
        }
        _ = removed
    }

    @usableFromInline
    func didSubscribe(with subscription: CompositeDisposable) {
        feeds.addRemovable(subscription)
    }
}

/// What a subject remembers for the subscriptions that come after an event.
@usableFromInline
enum SubjectMemory<Value: Sendable>: Sendable {
    /// Nothing, not even its end (RAC `RACSubject`).
    case nothing
    /// The latest value, sent to every new subscription, even after the end; the end itself is
    /// not remembered (RAC `RACBehaviorSubject`).
    case latest(Value)
    /// The last values up to a capacity, then the end (RAC `RACReplaySubject`).
    case values(ReplayBuffer<Value>)

    mutating func record(_ value: Value) {
        switch self {
        case .nothing:
            break
        case .latest:
            self = .latest(value)
        case .values(var buffer):
            // Reset first, so that the buffer is uniquely referenced and appended in place.
            self = .nothing
            buffer.append(value)
            self = .values(buffer)
        }
    }

    func replay<Failure>(
        terminal: Event<Value, Failure>?, into delivery: SerialDelivery<Value, Failure, Void>
    ) {
        switch self {
        case .nothing:
            break
        case .latest(let value):
            delivery.enqueue(.next(value))
        case .values(let buffer):
            buffer.forEach { delivery.enqueue(.next($0)) }
            if let terminal { delivery.enqueue(terminal) }
        }
    }
}

/// The values a replay subject remembers: all of them, or the last `capacity`, in a ring.
@usableFromInline
struct ReplayBuffer<Value: Sendable>: Sendable {
    let capacity: Int?
    private var values: ContiguousArray<Value> = []
    /// Where the oldest value is once a bounded buffer is full.
    private var start = 0

    init(capacity: Int?) {
        self.capacity = capacity
    }

    mutating func append(_ value: Value) {
        guard let capacity else {
            values.append(value)
            return
        }
        if values.count < capacity {
            values.append(value)
        } else if capacity > 0 {
            values[start] = value
            start = (start + 1) % capacity
        }
    }

    func forEach(_ body: (Value) -> Void) {
        for offset in 0..<values.count { body(values[(start + offset) % values.count]) }
    }
}

extension CompositeDisposable {
    /// Adds `part`, which removes itself from this composite when it is disposed on its own, so
    /// that finished parts do not accumulate.
    func addRemovable(_ part: CompositeDisposable) {
        add(part)
        part.add { [weak self, weak part] in
            if let self, let part { self.remove(part) }
        }
    }
}
