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
/// read-modify-write (see ``BroadcastToken``). The sender reads the list of subscriptions
/// without retaining it (see ``ReceiverList``); the list is copied only when it changes while a
/// sender may be reading it or a queued event holds it, never when a value is sent. A disposed
/// subscription receives nothing more and releases its observer at once, or, while a sender is
/// delivering, as soon as the sender has delivered the event in hand (before its `send`
/// returns); its empty receiver leaves the list when a send finds disposed receivers to be half
/// of it, or when a subscription finds the list grown to twice its size at the last pruning.
@usableFromInline
final class Broadcast<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline typealias Receiver = BroadcastReceiver<Value, Failure>
    @usableFromInline typealias Receivers = ReceiverList<Value, Failure>

    /// The subscriptions an event goes to: the current list, which the sender reads without
    /// retaining it while it holds the token, or a list the sender owns and releases.
    @usableFromInline
    struct Recipients {
        @usableFromInline let list: Unmanaged<Receivers>
        @usableFromInline let isOwned: Bool

        @inlinable
        init(list: Unmanaged<Receivers>, isOwned: Bool) {
            self.list = list
            self.isOwned = isOwned
        }
    }

    @usableFromInline
    struct State: Sendable {
        @usableFromInline var memory: SubjectMemory<Value>
        /// `nil` before the first subscription and after the end.
        @usableFromInline var subscriptions: Receivers?
        /// Lists replaced while the sender may have been reading them, which it releases when
        /// it gives the token back.
        @usableFromInline var retired: [Receivers] = []
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
    /// Whether the subject that owns this broadcast was released: a binding into the subject
    /// holds the broadcast, not the subject, and ends at the first value that finds it set.
    @usableFromInline let isOwnerReleased = Atomic<Bool>(false)

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
        let recipients: Recipients? = state.withLock { state in
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
        guard let recipients else { return }
        deliver(event, to: recipients)
    }

    /// Makes the caller the sender of `event`, returning the subscriptions to deliver it to, or
    /// queues it behind the sender's and returns `nil`; called under the lock, once `event` is
    /// recorded. Without subscriptions there is nothing to deliver or queue.
    @inlinable
    func admit(_ event: Event<Value, Failure>, _ state: inout State) -> Recipients? {
        // A terminal event takes the list with it: nothing is delivered after it.
        var owned: Receivers?
        if event.isTerminal {
            swap(&owned, &state.subscriptions)
            guard owned != nil else { return nil }
        } else {
            guard let count = state.subscriptions?.count, count > 0 else { return nil }
        }
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
                if isFree {
                    if let owned { return Recipients(list: .passRetained(owned), isOwned: true) }
                    return Recipients(
                        list: .passUnretained(state.subscriptions.unsafelyUnwrapped), isOwned: false)
                }
                state.queued.append((event, owned ?? state.subscriptions.unsafelyUnwrapped))
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
    ///
    /// A delivery made inside more than a few others is a checkpoint of the recursion (see
    /// ``DeepChain``): a chain of subjects or properties, each feeding the next, has no
    /// subscription on the path of its events to place one on.
    ///
    /// Not inlined into the code that sends: inlined, it made a property's update too large to
    /// inline where the property is set, and a derived property's update took a sixth more
    /// instructions (660 against 564).
    @inlinable @inline(never)
    func deliver(_ event: Event<Value, Failure>, to recipients: Recipients) {
        let nesting = DeepChain.enterBroadcast()
        defer { DeepChain.leaveBroadcast(nesting) }
        if nesting >= DeepChain.uncheckedBroadcastNesting && !DeepChain.mayRunNested() {
            return deliverAtCheckpoint(event, to: recipients)
        }
        deliverNow(event, to: recipients)
    }

    /// Delivers now, as the thread's outermost core frame if it has none, or leaves the
    /// delivery to that frame. Left, it keeps the token: what is sent meanwhile, from any thread,
    /// queues behind `event`, as it does behind any sender.
    @usableFromInline @inline(never)
    func deliverAtCheckpoint(_ event: Event<Value, Failure>, to recipients: Recipients) {
        let entry = DeepChain.enterDelivery()
        if entry == DeepChain.Entry.deferred {
            return DeepChain.leave { [self] in deliverNow(event, to: recipients) }
        }
        deliverNow(event, to: recipients)
        if entry == DeepChain.Entry.outermost { DeepChain.leaveOutermost() }
    }

    @inlinable @inline(__always)
    func deliverNow(_ event: Event<Value, Failure>, to recipients: Recipients) {
        var mustPrune = recipients.list._withUnsafeGuaranteedRef { $0.send(event) }
        if recipients.isOwned { recipients.list.release() }
        var backlog = RingBuffer<(event: Event<Value, Failure>, receivers: Receivers)>()
        var retired: [Receivers] = []
        while true {
            if !mustPrune,
                token.flags.compareExchange(expected: Flag.sending, desired: 0, ordering: .releasing)
                    .exchanged
            {
                return
            }
            if token.flags.load(ordering: .relaxed) & Flag.releasing != 0 { token.releasePending() }
            let hasBacklog: Bool? = state.withLock { state in
                if mustPrune { prune(&state, bySender: true) }
                // The sender reads no list now, so the lists it may have read can go.
                if token.flags.load(ordering: .relaxed) & Flag.retired != 0 {
                    swap(&retired, &state.retired)
                    token.flags.bitwiseAnd(~Flag.retired, ordering: .relaxed)
                }
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
            retired.removeAll()
            mustPrune = false
            switch hasBacklog {
            case false?: return
            case nil: continue
            case true?: break
            }
            while let (event, receivers) = backlog.popFirst() {
                if receivers.send(event) { mustPrune = true }
            }
        }
    }

    /// A signal whose subscriptions are subscriptions to this broadcast, named with the fixed
    /// text that `name` renders.
    ///
    /// It holds no signal, so it needs no holder to be released without recursion, and a
    /// subscription to it takes no holder's lock; ``Signal/subscribe(next:error:completed:)``
    /// makes its receiver the subscription (``Signal/subscribeToBroadcast(next:error:completed:)``).
    /// Pass a closure literal that captures nothing (`{ _ in "+subject" }`): it has no context,
    /// so making the signal allocates nothing for its name, and copying it retains nothing for
    /// it.
    @inlinable
    func signal(named name: @escaping @Sendable (_ depth: Int) -> String) -> Signal<Value, Failure> {
        Signal(source: .broadcast(self), name: .fixed(name))
    }

    /// Subscribes `downstream`; with `replaying` false it receives no remembered value, only the
    /// end if there was one, then the events sent from now on.
    @inlinable
    func subscribe(
        _ downstream: Observer<Value, Failure>, in lifetime: CompositeDisposable, replaying: Bool = true
    ) {
        let receiver = Receiver(BroadcastDestination(downstream), token: token)
        register(receiver, replaying: replaying)
        lifetime.add(receiver)
        receiver.flush()
    }

    /// Queues for `receiver` what the broadcast remembers (with `replaying` false, only its end)
    /// and adds it to the subscriptions, unless the broadcast has ended; the receiver delivers
    /// the queue when it is flushed.
    @inlinable
    func register(_ receiver: Receiver, replaying: Bool) {
        state.withLock { state in
            if replaying {
                state.memory.replay(terminal: state.terminal, into: receiver)
            } else if let terminal = state.terminal {
                receiver.enqueueForFlush(terminal)
            }
            // After the end nothing more can arrive; a late subscription is not kept.
            guard state.terminal == nil else { return }
            add(receiver, &state)
        }
    }

    /// Appends `receiver` to the list of subscriptions; called under the lock.
    @inlinable
    func add(_ receiver: Receiver, _ state: inout State) {
        guard let count = state.subscriptions?.count else {
            state.subscriptions = Receivers(capacity: 4)
            return state.subscriptions.unsafelyUnwrapped.append(receiver)
        }
        if count >= state.pruneAt { prune(&state, bySender: false) }
        // Asked before the list is bound to a name, which would make it look shared.
        if !canWriteInPlace(&state, bySender: false) || state.subscriptions.unsafelyUnwrapped.isFull {
            let list = state.subscriptions.unsafelyUnwrapped
            let capacity = list.isFull ? 2 * list.count : list.capacity
            replaceSubscriptions(&state, with: list.copyOfLive(capacity: capacity), bySender: false)
        }
        state.subscriptions.unsafelyUnwrapped.append(receiver)
    }

    /// Whether the list of subscriptions can be written in place: no sender may be reading it
    /// (`bySender`: the sender itself asks, between two deliveries) and no queued event holds it.
    @inlinable
    func canWriteInPlace(_ state: inout State, bySender: Bool) -> Bool {
        // Acquiring: a sender that gave the token back read the list before it did.
        (bySender || token.flags.load(ordering: .acquiring) & Flag.sending == 0)
            && isKnownUniquelyReferenced(&state.subscriptions)
    }

    /// Puts `list` in place of the list of subscriptions, which, if the sender may be reading
    /// it, stays alive until the sender gives the token back; called under the lock.
    @inlinable
    func replaceSubscriptions(_ state: inout State, with list: Receivers, bySender: Bool) {
        var replaced: Receivers? = list
        swap(&replaced, &state.subscriptions)
        if !bySender, let replaced, token.retireIfSending() { state.retired.append(replaced) }
    }

    /// Drops disposed receivers from the list, so that it stays within twice its live
    /// subscriptions plus a few; called under the lock.
    @inlinable
    func prune(_ state: inout State, bySender: Bool) {
        // Releasing a detached receiver here runs no user code: its observer and queued events
        // went when it was detached, or go with the sender that still holds it.
        guard state.subscriptions != nil else { return }
        let live: Int
        if canWriteInPlace(&state, bySender: bySender) {
            live = state.subscriptions.unsafelyUnwrapped.removeDetached()
        } else {
            let list = state.subscriptions.unsafelyUnwrapped
            let copy = list.copyOfLive(capacity: list.capacity)
            live = copy.count
            replaceSubscriptions(&state, with: copy, bySender: bySender)
        }
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

extension Signal {
    /// ``subscribe(next:error:completed:)`` on a broadcast's signal: the subscription is a
    /// receiver with the closures, which needs no lifetime, as nothing else is subscribed for
    /// it, so it costs one object fewer and no lifetime's lock. Each event is delivered as
    /// through an observer, and a terminal event disposes the receiver before its closure runs
    /// (rule G2). Where the core would put a delivery checkpoint on the subscription or leave
    /// it for later, the signal is subscribed through an observer instead, which does either.
    ///
    /// Not inlined into the caller, and the broadcast reached here rather than passed: either
    /// way, the broadcast or the closures were retained and released once more for each
    /// subscription.
    @inlinable @inline(never)
    func subscribeToBroadcast(
        next: consuming @escaping @Sendable (Value) -> Void,
        error: consuming @escaping @Sendable (Failure) -> Void,
        completed: consuming @escaping @Sendable () -> Void
    ) -> any Disposable {
        guard case .broadcast(let broadcast) = source, let entry = DeepChain.enterUnlessCheckpointed() else {
            return subscribeWithObserver(next: next, error: error, completed: completed)
        }
        let receiver = BroadcastReceiver(
            BroadcastDestination(next: next, error: error, completed: completed), token: broadcast.token)
        broadcast.register(receiver, replaying: true)
        receiver.flush()
        DeepChain.leaveSubscription(entry)
        return receiver
    }
}
