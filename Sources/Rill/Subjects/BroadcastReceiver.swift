import Synchronization

/// One subscription to a ``Broadcast``: it delivers to its observer serially, and disposing it
/// detaches the observer. The broadcast drops detached receivers from its list when it next
/// comes across them; a receiver holds no reference back, so that the broadcast needs no weak
/// references, whose side table would slow every retain and release of it.
///
/// The same token protocol as ``SerialDelivery``, without operator state: whoever takes the
/// `delivering` bit calls the observer, everyone else queues. Once caught up (no flag set: what
/// the subscription replays is delivered, and nobody else is delivering), only the broadcast's
/// sender can call the observer, so the sender calls it without taking the bit, and a disposal
/// asks the broadcast's ``BroadcastToken`` whether the sender may be inside the observer.
///
/// Disposing and releasing a receiver run in unspecialized code (the witness of `Disposable`,
/// a class's deinit), where each generic type a call or a destruction names is looked up in
/// the runtime's metadata cache, several hundred instructions each. So every stored property
/// has the same layout whatever `Value` is, and the lock protects no generic value (the queue
/// sits beside it): a receiver is disposed and destroyed without a lookup.
@usableFromInline
final class BroadcastReceiver<Value: Sendable, Failure: Error>: Disposable, BroadcastObserverReleasing,
    @unchecked Sendable
{
    // @unchecked: `observer` is read and cleared only by the thread holding the `delivering` bit
    // of `flags` (taken acquiring, given back releasing), which is a lock for it, or by the
    // broadcast's sender while no flag is set, which a disposal excludes through the
    // broadcast's token; `queue` is read and written only while `lock` is held.

    /// The bits of ``flags``.
    @usableFromInline
    enum Flag {
        /// A thread holds the delivery token: it alone calls and releases the observer.
        @inlinable static var delivering: Int { 1 }
        /// Events wait in the queue. Only set and cleared under the lock.
        @inlinable static var queued: Int { 2 }
        /// A terminal event was accepted: nothing more is.
        @inlinable static var ended: Int { 4 }
        /// Disposed: the observer is released and nothing more is delivered.
        @inlinable static var detached: Int { 8 }
    }

    @usableFromInline let flags = Atomic<Int>(0)
    @usableFromInline let lock = Lock(())
    /// The broadcast's: a disposal reads it to learn whether the sender may be calling the
    /// observer.
    @usableFromInline let token: BroadcastToken
    /// The events waiting for the token holder; guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var queue = RingBuffer<Event<Value, Failure>>()
    /// Held unmanaged so that a delivery does not retain and release the observer around the
    /// call; owned by this receiver until the token holder releases it.
    @exclusivity(unchecked) @usableFromInline var observer: Unmanaged<BroadcastDestination<Value, Failure>>?

    /// A receiver that delivers to `destination`: an observer, or the closures of a
    /// subscription made with closures, whose terminal event disposes the receiver before its
    /// closure runs (rule G2).
    @inlinable
    init(_ destination: BroadcastDestination<Value, Failure>, token: BroadcastToken) {
        self.observer = .passRetained(destination)
        self.token = token
    }

    deinit {
        observer?.release()
    }

    @inlinable
    var isDetached: Bool { flags.load(ordering: .relaxed) & Flag.detached != 0 }

    @inlinable
    var isDisposed: Bool { flags.load(ordering: .acquiring) & Flag.detached != 0 }

    /// Delivers `event`, or queues it behind what another thread is delivering; returns `false`
    /// when this receiver is disposed. Called only by the broadcast's sender, which holds the
    /// broadcast's token.
    @inlinable
    func send(_ event: Event<Value, Failure>) -> Bool {
        // Sequentially consistent, after the sender took the broadcast's token: see
        // BroadcastToken. On x86 and ARM it is a plain load.
        let current = flags.load(ordering: .sequentiallyConsistent)
        if current == 0, case .next = event {
            deliver(event)
            return true
        }
        guard current & Flag.detached == 0 else { return false }
        if enqueue(event) { drain() }
        return true
    }

    /// Calls the observer or the closures; called by the token holder, or by the sender while
    /// no flag is set.
    @inlinable @inline(__always)
    func deliver(_ event: Event<Value, Failure>) {
        observer?._withUnsafeGuaranteedRef { destination in
            guard destination.callsClosures else { return destination.observer.send(event) }
            destination.callClosures(with: event, from: self)
        }
    }

    /// Queues `event` and returns whether the caller took the token and must ``drain()``.
    @inlinable
    func enqueue(_ event: Event<Value, Failure>) -> Bool {
        var dropped: RingBuffer<Event<Value, Failure>>?
        let mustDrain: Bool = lock.withLock { _ in
            let before = flags.load(ordering: .relaxed)
            guard before & (Flag.ended | Flag.detached) == 0 else { return false }
            queue.append(event)
            let marks = Flag.queued | (event.isTerminal ? Flag.ended : 0)
            let previous = flags.bitwiseOr(marks | Flag.delivering, ordering: .acquiring).oldValue
            // Disposed meanwhile, without the lock (see `dispose`): the event goes, after the lock.
            if previous & Flag.detached != 0 {
                dropped = queue.takeAll()
                return false
            }
            return previous & Flag.delivering == 0
        }
        _ = dropped
        return mustDrain
    }

    /// Queues `event` for a later ``flush()``; for the events a subject replays.
    @inlinable
    func enqueueForFlush(_ event: Event<Value, Failure>) {
        lock.withLock { _ in
            guard flags.load(ordering: .relaxed) & (Flag.ended | Flag.detached) == 0 else { return }
            queue.append(event)
            flags.bitwiseOr(Flag.queued | (event.isTerminal ? Flag.ended : 0), ordering: .relaxed)
        }
    }

    /// Delivers what is queued, unless another thread is delivering.
    @inlinable
    func flush() {
        guard flags.load(ordering: .relaxed) & Flag.queued != 0 else { return }
        let before = flags.bitwiseOr(Flag.delivering, ordering: .acquiring).oldValue
        if before & Flag.delivering == 0 { drain() }
    }

    /// Delivers queued events until none is left; called by the token holder.
    @inlinable
    func drain() {
        while true {
            let next: Event<Value, Failure>?? = lock.withLock { _ in
                if flags.load(ordering: .relaxed) & Flag.detached != 0 { return .some(nil) }
                if let event = queue.popFirst() { return event }
                let before = flags.bitwiseAnd(
                    ~(Flag.delivering | Flag.queued), ordering: .acquiringAndReleasing
                )
                .oldValue
                // Disposed since the check above, without the lock: it left the observer to
                // this thread, which held the bit. Nobody else takes the bit once detached.
                return before & Flag.detached != 0 ? .some(nil) : nil
            }
            switch next {
            case .none:
                return
            case .some(.none):
                return releaseObserver()
            case .some(.some(let event)):
                deliver(event)
            }
        }
    }

    /// Releases the observer and gives the token back for good; called by the token holder once
    /// detached. No lock is held: releasing the observer can run any deinit.
    @inlinable
    func releaseObserver() {
        let released = observer
        observer = nil
        flags.bitwiseAnd(~(Flag.delivering | Flag.queued), ordering: .releasing)
        released?.release()
    }

    @inlinable
    func dispose() {
        // With nothing queued, one compare-and-exchange detaches the receiver without the lock:
        // a thread queueing meanwhile finds the mark when it sets its own and drops its event,
        // and the token holder finds it when it gives the bit back.
        var current = flags.load(ordering: .relaxed)
        while current & (Flag.queued | Flag.detached) == 0 {
            // Sequentially consistent, before the token is read: see BroadcastToken.
            let (exchanged, original) = flags.compareExchange(
                expected: current, desired: current | Flag.detached | Flag.delivering,
                ordering: .sequentiallyConsistent)
            if exchanged { return releaseObserverUnlessDelivering(before: current) }
            current = original
        }
        // What was queued is released after the lock is dropped: it may run any deinit.
        var dropped: RingBuffer<Event<Value, Failure>>?
        let before: Int = lock.withLock { _ in
            let current = flags.load(ordering: .relaxed)
            guard current & Flag.detached == 0 else { return Flag.detached }
            // The flag, not the queue, is asked: this runs unspecialized, where touching the
            // queue's generic type costs a metadata lookup.
            if current & Flag.queued != 0 { dropped = queue.takeAll() }
            // Sequentially consistent, before the token is read: see BroadcastToken.
            return flags.bitwiseOr(Flag.detached | Flag.delivering, ordering: .sequentiallyConsistent)
                .oldValue
        }
        guard before & Flag.detached == 0 else { return }
        releaseObserverUnlessDelivering(before: before)
        _ = dropped
    }

    /// Releases the observer once this receiver is detached, given its flags `before` it was:
    /// unless a thread holding the bit finds the receiver detached when it next takes the lock
    /// or gives the bit back, and releases the observer then; so does a sender that may be
    /// calling it.
    @inlinable
    func releaseObserverUnlessDelivering(before: Int) {
        if before & Flag.delivering == 0, !token.releaseAfterDelivery(self) { releaseObserver() }
    }
}
