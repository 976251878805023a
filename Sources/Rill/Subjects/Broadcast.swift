import Synchronization

/// The machinery every subject shares: its subscriptions, what it remembers for late ones, and
/// the subscriptions that feed it.
///
/// Events are delivered by one thread at a time, the *sender*: whoever sends while nobody else
/// is sending. An event sent meanwhile, from another thread or from inside a handler, is queued
/// with the subscriptions that exist at that moment, and the sender delivers it after the event
/// in hand has reached every subscription. So every subscription, and the replay memory, see
/// the same order of events even when they are sent from several threads, and a re-entrant
/// send returns at once instead of nesting.
///
/// Each subscription is a ``BroadcastReceiver`` that delivers serially on its own: what a subject
/// remembers is replayed on the subscribing thread, which may overlap the sender. Once a
/// subscription is caught up, delivering a value to it takes one load and no lock or atomic
/// read-modify-write (see ``BroadcastToken``). The list of subscriptions is copied when it
/// changes, never when a value is sent. A disposed subscription receives nothing more and
/// releases its observer at once, or, while a sender is delivering, as soon as the sender has
/// delivered the event in hand (before its `send` returns); its empty receiver leaves the list
/// when a send finds disposed receivers to be half of it, or when a subscription finds the list
/// grown to twice its size at the last pruning.
@usableFromInline
final class Broadcast<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline typealias Receiver = BroadcastReceiver<Value, Failure>
    @usableFromInline typealias Receivers = ContiguousArray<Receiver>

    @usableFromInline
    struct State: Sendable {
        @usableFromInline var memory: SubjectMemory<Value>
        @usableFromInline var subscriptions: Receivers = []
        @usableFromInline var terminal: Event<Value, Failure>?
        /// Events sent while a thread was delivering, each with the subscriptions of its moment.
        @usableFromInline var queued = RingBuffer<(event: Event<Value, Failure>, receivers: Receivers)>()
        /// The length at which a subscription prunes the list of disposed receivers.
        @usableFromInline var pruneAt = 8

        @inlinable
        init(memory: SubjectMemory<Value>) {
            self.memory = memory
        }
    }

    @usableFromInline typealias Flag = BroadcastToken.Flag

    /// Who is sending, and whether anything waits; shared with the receivers.
    @usableFromInline let token = BroadcastToken()
    @usableFromInline let state: Lock<State>
    /// The subscriptions feeding this subject, disposed when it terminates (as in RAC).
    @usableFromInline let feeds = CompositeDisposable()

    @inlinable
    init(memory: SubjectMemory<Value>) {
        state = Lock(State(memory: memory))
    }

    deinit { feeds.dispose() }

    /// The most recent value remembered, for ``BehaviorSubject/value``.
    @inlinable
    var latest: Value? {
        state.withLock { state in
            switch state.memory {
            case .latest(let value), .current(let value): value
            case .nothing, .values: nil
            }
        }
    }

    @inlinable
    func send(_ event: Event<Value, Failure>) {
        let receivers: Receivers? = state.withLock { state in
            // A subject follows the grammar too: nothing after its terminal event.
            guard state.terminal == nil else { return nil }
            if case .next(let value) = event {
                state.memory.record(value)
            } else {
                state.terminal = event
            }
            return admit(event, &state)
        }
        if event.isTerminal { feeds.dispose() }
        guard let receivers else { return }
        deliver(event, to: receivers)
    }

    /// Makes the caller the sender of `event`, returning the subscriptions to deliver it to, or
    /// queues it behind the sender's and returns `nil`; called under the lock, once `event` is
    /// recorded.
    @inlinable
    func admit(_ event: Event<Value, Failure>, _ state: inout State) -> Receivers? {
        let receivers = state.subscriptions
        if event.isTerminal { state.subscriptions = [] }
        var before = token.flags.load(ordering: .relaxed)
        while true {
            // One atomic step decides between sending and queueing, so that a sender giving
            // the token back meanwhile cannot miss the queued event. Sequentially consistent:
            // a receiver being disposed reads the token after marking itself (BroadcastToken).
            let isFree = before & Flag.sending == 0
            let (exchanged, original) = token.flags.compareExchange(
                expected: before, desired: before | (isFree ? Flag.sending : Flag.queued),
                ordering: .sequentiallyConsistent)
            if exchanged {
                if isFree { return receivers }
                state.queued.append((event, receivers))
                return nil
            }
            before = original
        }
    }

    /// Delivers `event`, then whatever was queued meanwhile; called by the sender.
    ///
    /// The queue is taken whole, one lock for all the events in it, and its buffer goes back to
    /// the state for reuse: under many senders the sender then contends for the lock once per
    /// batch, not once per event.
    @inlinable
    func deliver(_ event: Event<Value, Failure>, to receivers: Receivers) {
        var mustPrune = deliverOne(event, to: receivers)
        var backlog = RingBuffer<(event: Event<Value, Failure>, receivers: Receivers)>()
        while true {
            if !mustPrune,
                token.flags.compareExchange(expected: Flag.sending, desired: 0, ordering: .releasing)
                    .exchanged
            {
                return
            }
            if token.flags.load(ordering: .relaxed) & Flag.releasing != 0 { token.releasePending() }
            let hasBacklog: Bool? = state.withLock { state in
                if mustPrune { prune(&state) }
                guard !state.queued.isEmpty else {
                    // Fails when a receiver was disposed meanwhile: its observer is released first.
                    let gaveBack = token.flags.compareExchange(
                        expected: Flag.sending, desired: 0, ordering: .releasing
                    ).exchanged
                    return gaveBack ? false : nil
                }
                swap(&backlog, &state.queued)
                token.flags.bitwiseAnd(~Flag.queued, ordering: .relaxed)
                return true
            }
            mustPrune = false
            switch hasBacklog {
            case false?: return
            case nil: continue
            case true?: break
            }
            while let (event, receivers) = backlog.popFirst() {
                if deliverOne(event, to: receivers) { mustPrune = true }
            }
        }
    }

    /// Delivers one event to each receiver still subscribed; returns whether disposed ones make
    /// up more than half of the list, so that it is worth pruning.
    @inlinable
    func deliverOne(_ event: Event<Value, Failure>, to receivers: Receivers) -> Bool {
        var detached = 0
        for receiver in receivers {
            if !receiver.send(event) { detached += 1 }
        }
        return detached * 2 > receivers.count
    }

    /// A signal whose subscriptions are subscriptions to this broadcast.
    ///
    /// Its producer captures no signal, so it is a plain `.producer`, not one held for release
    /// without recursion: a subscription to a subject then takes no holder's lock.
    @inlinable
    func signal(named name: String) -> Signal<Value, Failure> {
        Signal(
            source: .producer { [self] downstream, lifetime in subscribe(downstream, in: lifetime) },
            name: SignalName(name))
    }

    /// Subscribes `downstream`; with `replaying` false it receives no remembered value, only the
    /// end if there was one, then the events sent from now on.
    @inlinable
    func subscribe(
        _ downstream: Observer<Value, Failure>, in lifetime: CompositeDisposable, replaying: Bool = true
    ) {
        let receiver = Receiver(downstream, token: token)
        state.withLock { state in
            if replaying {
                state.memory.replay(terminal: state.terminal, into: receiver)
            } else if let terminal = state.terminal {
                receiver.enqueueForFlush(terminal)
            }
            // After the end nothing more can arrive; a late subscription is not kept.
            guard state.terminal == nil else { return }
            if state.subscriptions.count >= state.pruneAt { prune(&state) }
            state.subscriptions.append(receiver)
        }
        lifetime.add(receiver)
        receiver.flush()
    }

    /// Drops disposed receivers from the list, so that it stays within twice its live
    /// subscriptions plus a few; called under the lock.
    @inlinable
    func prune(_ state: inout State) {
        // Compacted in place, keeping the capacity. Releasing a detached receiver here runs no
        // user code: its observer and queued events went when it was detached, or go with the
        // sender that still holds it.
        var live = 0
        for index in state.subscriptions.indices where !state.subscriptions[index].isDetached {
            state.subscriptions.swapAt(live, index)
            live += 1
        }
        while state.subscriptions.count > live { state.subscriptions.removeLast() }
        state.pruneAt = max(8, 2 * live)
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
    /// The latest value, then the end if there was one: a property's (see ``Property``).
    case current(Value)
    /// The last values up to a capacity, then the end (RAC `RACReplaySubject`).
    case values(ReplayBuffer<Value>)

    @inlinable
    mutating func record(_ value: Value) {
        switch self {
        case .nothing:
            break
        case .latest:
            self = .latest(value)
        case .current:
            self = .current(value)
        case .values(var buffer):
            // Reset first, so that the buffer is uniquely referenced and appended in place.
            self = .nothing
            buffer.append(value)
            self = .values(buffer)
        }
    }

    @inlinable
    func replay<Failure>(
        terminal: Event<Value, Failure>?, into receiver: BroadcastReceiver<Value, Failure>
    ) {
        switch self {
        case .nothing:
            break
        case .latest(let value):
            receiver.enqueueForFlush(.next(value))
        case .current(let value):
            receiver.enqueueForFlush(.next(value))
            if let terminal { receiver.enqueueForFlush(terminal) }
        case .values(let buffer):
            buffer.forEachOldestFirst { receiver.enqueueForFlush(.next($0)) }
            if let terminal { receiver.enqueueForFlush(terminal) }
        }
    }
}

/// The values a replay subject remembers: all of them, or the last `capacity`, in a ring.
@usableFromInline
struct ReplayBuffer<Value: Sendable>: Sendable {
    @usableFromInline let capacity: Int?
    @usableFromInline var values: ContiguousArray<Value> = []
    /// Where the oldest value is once a bounded buffer is full.
    @usableFromInline var start = 0

    @inlinable
    init(capacity: Int?) {
        self.capacity = capacity
    }

    @inlinable
    mutating func append(_ value: Value) {
        guard let capacity else {
            values.append(value)
            return
        }
        if values.count < capacity {
            values.append(value)
        } else if capacity > 0 {
            values[start] = value
            start += 1
            if start == capacity { start = 0 }
        }
    }

    @inlinable
    func forEachOldestFirst(_ body: (Value) -> Void) {
        for value in values[start...] { body(value) }
        for value in values[..<start] { body(value) }
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
