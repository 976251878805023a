import Synchronization

/// Delivers events to one observer serially, whichever threads produce them.
///
/// Producers call ``send(_:)`` with a transition that runs under a lock, updates the operator's
/// `State` and queues zero or more events. Whoever takes the *delivery token* delivers the queued
/// events one by one, outside the lock, until the queue is empty; everyone else only queues. This
/// gives three guarantees at once:
///
/// - the observer is never called concurrently (rule G6);
/// - a re-entrant send from inside the observer is queued, not nested, so re-entrancy does not
///   grow the stack (rule G7);
/// - the grammar holds: nothing is queued after a terminal event (rule G1).
///
/// A value sent while nobody is delivering and nothing is queued is delivered in place: taking and
/// returning the token are then one atomic exchange each, with no lock and no queue.
///
/// ``detach()`` drops the observer and anything queued; it is how a disposed subscription
/// releases its downstream closures (rule G3).
@usableFromInline
final class SerialDelivery<Value: Sendable, Failure: Error, State: Sendable>: @unchecked Sendable {
    // @unchecked: `downstream`, the one non-Sendable field, is read and written only by the thread
    // holding the delivery token (the `delivering` bit of `flags`, taken with acquiring and given
    // back with releasing ordering), which is a lock for it. Everything else is in `inner`.
    @usableFromInline
    struct Inner: Sendable {
        @usableFromInline var state: State
        @usableFromInline var outbox = Outbox()
        @usableFromInline var isDetached = false

        @inlinable
        init(state: State) {
            self.state = state
        }
    }

    /// Events queued for delivery; refuses anything after a terminal event.
    @usableFromInline
    struct Outbox: Sendable {
        /// The oldest queued event when it was queued into an empty outbox: most transitions
        /// queue one event, which then needs no ring buffer.
        @usableFromInline var oldest: Event<Value, Failure>?
        /// The events queued after `oldest`, or after an `oldest` already taken.
        @usableFromInline var later = RingBuffer<Event<Value, Failure>>()
        @usableFromInline var isTerminated = false

        @inlinable init() {}

        @inlinable var isEmpty: Bool { oldest == nil && later.isEmpty }

        /// Whether more than one event is queued.
        @inlinable var hasSeveral: Bool { later.count > (oldest == nil ? 1 : 0) }

        @inlinable
        mutating func send(_ event: Event<Value, Failure>) {
            guard !isTerminated else { return }
            if event.isTerminal { isTerminated = true }
            if isEmpty {
                oldest = event
            } else {
                later.append(event)
            }
        }

        @inlinable
        mutating func popFirst() -> Event<Value, Failure>? {
            if let event = oldest.take() { return event }
            return later.popFirst()
        }

        /// Empties the outbox, returning what was queued so that it is released outside the lock.
        @inlinable
        mutating func takeAll() -> (Event<Value, Failure>?, RingBuffer<Event<Value, Failure>>) {
            defer {
                oldest = nil
                later = RingBuffer()
            }
            return (oldest, later)
        }

        @inlinable mutating func sendNext(_ value: Value) { send(.next(value)) }
        @inlinable mutating func sendError(_ failure: Failure) { send(.error(failure)) }
        @inlinable mutating func sendCompleted() { send(.completed) }
    }

    /// The bits of ``flags``.
    @usableFromInline
    enum Flag {
        /// A thread holds the delivery token: it alone calls and releases `downstream`.
        @inlinable static var delivering: Int { 1 }
        /// Events wait in the outbox. Only set and cleared under the lock.
        @inlinable static var queued: Int { 2 }
        /// A terminal event was queued, or the observer was detached: no more fast path.
        @inlinable static var closed: Int { 4 }
    }

    @usableFromInline let inner: Lock<Inner>
    @usableFromInline let flags = Atomic<Int>(0)
    /// The observer, owned by this delivery (one retain, given back by ``releaseDownstream()``
    /// or `deinit`). Held unmanaged so that delivering an event does not retain and release the
    /// observer's closure around each call, which a plain `var` would need in case the call
    /// reassigned it: only the token holder reads or clears it, so it cannot change mid-call.
    /// Exclusivity is guaranteed by the delivery token, so the per-access dynamic check is dropped.
    @exclusivity(unchecked) @usableFromInline var downstream: Unmanaged<HeldDownstream<Value, Failure>>?

    @inlinable
    init(_ downstream: Observer<Value, Failure>, state: State) {
        self.downstream = .passRetained(HeldDownstream(downstream))
        inner = Lock(Inner(state: state))
    }

    deinit {
        downstream?.release()
    }

    /// Calls the observer, unless it was released; called by the token holder.
    @inlinable
    func deliver(_ event: Event<Value, Failure>) {
        downstream?._withUnsafeGuaranteedRef { $0.observer.send(event) }
    }

    /// Whether a terminal event has been queued or the observer was detached.
    @inlinable
    var isTerminated: Bool {
        inner.withLock { $0.outbox.isTerminated || $0.isDetached }
    }

    /// Reads the operator state under the lock.
    @inlinable
    func withState<Result: Sendable>(_ body: (inout State) -> Result) -> Result {
        inner.withLock { body(&$0.state) }
    }

    /// Runs `transition` under the lock, then delivers whatever it queued.
    @inlinable
    func send(_ transition: (inout State, inout Outbox) -> Void) {
        let first: Event<Value, Failure>? = inner.withLock { inner in
            guard !inner.isDetached else { return nil }
            transition(&inner.state, &inner.outbox)
            if inner.outbox.isTerminated { flags.bitwiseOr(Flag.closed, ordering: .relaxed) }
            guard !inner.outbox.isEmpty else { return nil }
            guard takeToken(leavingQueued: inner.outbox.hasSeveral) else { return nil }
            return inner.outbox.popFirst()
        }
        guard let first else { return }
        deliver(first)
        finishDelivering()
    }

    /// Takes the delivery token for the first queued event, or, if another thread holds it,
    /// leaves the events to that thread, which finds `queued` set. Called under the lock, with
    /// the outbox not empty.
    ///
    /// `queued` is set along with the token only if events remain after the first, so that a
    /// transition that queued one event gives the token back with one exchange instead of
    /// taking the lock again to find the outbox empty. One atomic operation decides both, so a
    /// holder giving the token back meanwhile cannot miss what is queued.
    @inlinable
    func takeToken(leavingQueued hasSeveral: Bool) -> Bool {
        var before = flags.load(ordering: .relaxed)
        while true {
            let isFree = before & Flag.delivering == 0
            let desired =
                isFree ? before | Flag.delivering | (hasSeveral ? Flag.queued : 0) : before | Flag.queued
            let (exchanged, original) = flags.compareExchange(
                expected: before, desired: desired, ordering: .acquiring)
            if exchanged { return isFree }
            before = original
        }
    }

    /// Delivers one event unless another thread is delivering, in which case it is queued.
    @inlinable
    func send(_ event: Event<Value, Failure>) {
        if case .next = event,
            flags.compareExchange(expected: 0, desired: Flag.delivering, ordering: .acquiring).exchanged
        {
            deliver(event)
            finishDelivering()
            return
        }
        send { _, outbox in outbox.send(event) }
    }

    /// Delivers the values `next` pulls, until it returns `nil` or `isWanted` is false, as one
    /// burst: the token is taken once, not twice per value. Events that another thread, or the
    /// observer itself, queues meanwhile still go out in order between two of the burst's
    /// values; a value that finds the token taken is handed to `queue`, which sends it the
    /// ordinary way.
    ///
    /// For an operator that pulls a sequence (``Signal/from(_:)``), which sends its values at
    /// once and then completes.
    @inlinable
    func deliverBurst(_ next: () -> Value?, while isWanted: () -> Bool, queue: (Value) -> Void) {
        var holdsToken = false
        while isWanted(), let value = next() {
            if holdsToken || takeTokenForBurst() {
                holdsToken = deliverInBurst(value)
            } else {
                queue(value)
            }
        }
        if holdsToken { finishDelivering() }
    }

    /// Delivers the values `next` pulls as one burst; a value that finds the token taken is sent
    /// the ordinary way, queued behind the events already waiting.
    @inlinable
    func deliverBurst(_ next: () -> Value?, while isWanted: () -> Bool) {
        deliverBurst(next, while: isWanted, queue: { send(.next($0)) })
    }

    /// Takes the delivery token if nobody holds it, nothing is queued and the observer is
    /// attached: for a caller that then delivers a synchronous burst of values with
    /// ``deliverInBurst(_:)`` and gives the token back with ``finishDelivering()``.
    @inlinable
    func takeTokenForBurst() -> Bool {
        flags.compareExchange(expected: 0, desired: Flag.delivering, ordering: .acquiring).exchanged
    }

    /// Delivers `value` as the token holder, and keeps the token if nothing was queued and the
    /// observer was not detached meanwhile: one atomic load per value instead of two exchanges.
    /// Otherwise delivers what was queued and gives the token back, and returns `false`, so that
    /// events another thread or the observer itself queued are delivered in order, before the
    /// burst's next value.
    @inlinable
    func deliverInBurst(_ value: Value) -> Bool {
        deliver(.next(value))
        if flags.load(ordering: .acquiring) == Flag.delivering { return true }
        finishDelivering()
        return false
    }

    /// Gives the token back, or, if events were queued meanwhile or the observer was detached,
    /// goes on delivering.
    @inlinable
    func finishDelivering() {
        guard
            !flags.compareExchange(expected: Flag.delivering, desired: 0, ordering: .releasing).exchanged
        else { return }
        drain()
    }

    /// Delivers queued events until none is left; called by the token holder.
    @inlinable
    func drain() {
        while true {
            let next: Event<Value, Failure>?? = inner.withLock { inner in
                if inner.isDetached { return .some(nil) }
                if let event = inner.outbox.popFirst() { return event }
                flags.bitwiseAnd(~(Flag.delivering | Flag.queued), ordering: .releasing)
                return nil
            }
            switch next {
            case .none:
                return
            case .some(.none):
                return releaseDownstream()
            case .some(.some(let event)):
                deliver(event)
            }
        }
    }

    /// Releases the observer and gives the token back for good; called by the token holder once
    /// detached. Releasing the observer can run arbitrary deinitializers, so no lock is held.
    @inlinable
    func releaseDownstream() {
        let released = downstream
        downstream = nil
        flags.bitwiseAnd(~(Flag.delivering | Flag.queued), ordering: .releasing)
        released?.release()
    }

    /// Queues `event` without delivering it; ``flush()`` delivers it, outside any other lock.
    @inlinable
    func enqueue(_ event: Event<Value, Failure>) {
        inner.withLock { inner in
            guard !inner.isDetached else { return }
            queue(event, in: &inner)
        }
    }

    /// Queues `event` and returns whether the caller took the delivery token and must deliver
    /// the queue with ``deliverClaimed()``, because no other thread is delivering.
    @inlinable
    func enqueueClaiming(_ event: Event<Value, Failure>) -> Bool {
        inner.withLock { inner in
            guard !inner.isDetached else { return false }
            queue(event, in: &inner)
            let before = flags.bitwiseOr(Flag.delivering, ordering: .acquiring).oldValue
            return before & Flag.delivering == 0
        }
    }

    /// Delivers the queue, after ``enqueueClaiming(_:)`` returned `true`.
    @inlinable
    func deliverClaimed() {
        drain()
    }

    /// Delivers what is queued, unless another thread is already delivering it.
    @inlinable
    func flush() {
        send { _, _ in }
    }

    /// Queues `event` under the lock, keeping `flags` in step with the outbox.
    @inlinable
    func queue(_ event: Event<Value, Failure>, in inner: inout Inner) {
        inner.outbox.send(event)
        if inner.outbox.isTerminated { flags.bitwiseOr(Flag.closed, ordering: .relaxed) }
        if !inner.outbox.isEmpty { flags.bitwiseOr(Flag.queued, ordering: .relaxed) }
    }

    /// Releases the observer and drops queued events; later sends are ignored.
    @inlinable
    func detach() {
        var dropped: (Event<Value, Failure>?, RingBuffer<Event<Value, Failure>>) = (nil, RingBuffer())
        let holdsToken = inner.withLock { inner in
            inner.isDetached = true
            inner.outbox.isTerminated = true
            dropped = inner.outbox.takeAll()
            let before = flags.bitwiseOr(Flag.closed | Flag.delivering, ordering: .acquiring).oldValue
            return before & Flag.delivering == 0
        }
        // Otherwise the thread delivering finds the observer detached when it next takes the lock,
        // and releases it then.
        if holdsToken { releaseDownstream() }
        _ = dropped
    }
}

/// The observer of a ``SerialDelivery``, in a box that the delivery holds unmanaged.
@usableFromInline
final class HeldDownstream<Value, Failure: Error> {
    @usableFromInline let observer: Observer<Value, Failure>

    @inlinable
    init(_ observer: Observer<Value, Failure>) {
        self.observer = observer
    }
}
