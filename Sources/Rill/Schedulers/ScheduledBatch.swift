import Synchronization

/// Events waiting to be delivered from one action on a scheduler: the queue of one
/// `deliver(on:)` subscription.
///
/// The first event appended while no action is scheduled schedules one; the action delivers
/// everything appended until it finds the queue empty. Upstream appends serially (rule G6) and
/// one action at a time takes events out, so the queue has one producer and one consumer and
/// neither takes a lock: events travel in ``EventSegment``s, and the two sides meet only in the
/// `phase` of the queue, when an action is scheduled or gives up.
///
/// The downstream observer belongs to the consumer's side, as the queued events do: only the
/// action draining calls it, so it is called serially without a delivery token, and whoever
/// holds that side when the subscription is disposed releases both.
@usableFromInline
final class ScheduledBatch<Value: Sendable, Failure: Error>: Disposable, @unchecked Sendable {
    // @unchecked: two locks guard the mutable state. `phase` is the lock of `head`, `downstream`
    // and the segments' `taken`: whoever moves it, by compare-and-swap or exchange, to
    // `draining` (an action) or to `disposed` from `idle` or `scheduled` (a disposal) holds them,
    // and the acquiring and releasing orderings of those steps hand them over. Upstream's serial
    // delivery (rule G6) is the lock of `tail` and of the slots it writes, which pass to the
    // holder of `phase` through each segment's atomic count.

    @usableFromInline typealias Segment = EventSegment<Event<Value, Failure>>

    /// The values of ``phase``.
    @usableFromInline
    enum Phase {
        /// No action is scheduled: the next append schedules one.
        @inlinable static var idle: Int { 0 }
        /// An action is scheduled and has not started.
        @inlinable static var scheduled: Int { 1 }
        /// An action is taking events out.
        @inlinable static var draining: Int { 2 }
        /// Disposed: nothing more is delivered or scheduled.
        @inlinable static var disposed: Int { 3 }
    }

    @usableFromInline let phase = Atomic<Int>(Phase.idle)
    // Both ends are unmanaged: each side reaches its segment without a retain and release,
    // which on a segment both sides use would move its reference count between the cores for
    // every event.
    /// Where the producer writes. Not retained: `head` and the links between segments hold it.
    @exclusivity(unchecked) @usableFromInline var tail: Unmanaged<Segment>
    /// Where the consumer reads; retained.
    @exclusivity(unchecked) @usableFromInline var head: Unmanaged<Segment>
    /// Held unmanaged so that a delivery does not retain and release the observer around the
    /// call; `nil` once released.
    @exclusivity(unchecked) @usableFromInline var downstream: Unmanaged<HeldDownstream<Value, Failure>>?
    @usableFromInline let scheduler: any Scheduler
    /// The scheduled action, to cancel on disposal.
    @usableFromInline let action = Lock<(any Disposable)?>(nil)

    @inlinable
    init(_ downstream: Observer<Value, Failure>, on scheduler: any Scheduler) {
        let segment = Segment()
        head = .passRetained(segment)
        tail = .passUnretained(segment)
        self.downstream = .passRetained(HeldDownstream(downstream))
        self.scheduler = scheduler
    }

    deinit {
        head.release()
        downstream?.release()
    }

    @inlinable
    var isDisposed: Bool { phase.load(ordering: .acquiring) == Phase.disposed }

    /// Queues `event`, scheduling an action to deliver it unless one is scheduled or draining.
    @inlinable
    func append(_ event: Event<Value, Failure>) {
        var index = tail._withUnsafeGuaranteedRef { $0.count.load(ordering: .relaxed) }
        if index == tail._withUnsafeGuaranteedRef({ $0.capacity }) {
            let next = tail._withUnsafeGuaranteedRef { full in
                let next = full.makeSuccessor()
                full.successor.store(.passRetained(next), ordering: .releasing)
                return next
            }
            tail = .passUnretained(next)
            index = 0
        }
        tail._withUnsafeGuaranteedRef { segment in
            (segment.slots + index).initialize(to: event)
            // Sequentially consistent, as is the action's giving up in `drain()`: either the
            // action sees this event, or this append sees the queue idle and schedules another.
            segment.count.store(index + 1, ordering: .sequentiallyConsistent)
        }
        guard phase.load(ordering: .sequentiallyConsistent) == Phase.idle,
            phase.compareExchange(
                expected: Phase.idle, desired: Phase.scheduled, ordering: .acquiringAndReleasing
            ).exchanged
        else { return }
        schedule()
    }

    @inlinable
    func schedule() {
        let scheduled = scheduler.schedule { [self] in drain() }
        // Kept for cancelling; a disposal that came first did not find it, so it is cancelled
        // here.
        let cancelled: (any Disposable)? = action.withLock { stored in
            stored = scheduled
            return phase.load(ordering: .acquiring) == Phase.disposed ? stored.take() : nil
        }
        cancelled?.dispose()
    }

    /// Delivers the queue until it is empty; the scheduled action.
    @inlinable
    func drain() {
        guard
            phase.compareExchange(
                expected: Phase.scheduled, desired: Phase.draining, ordering: .acquiringAndReleasing
            ).exchanged
        else { return }
        while true {
            while let event = takeNext() {
                guard phase.load(ordering: .relaxed) != Phase.disposed else {
                    _ = consume event
                    return releaseAll()
                }
                downstream?._withUnsafeGuaranteedRef { $0.observer.send(event) }
            }
            // Retained: once this action gives up, another may release the segment.
            let last = head.takeUnretainedValue()
            let taken = last.taken
            guard
                phase.compareExchange(
                    expected: Phase.draining, desired: Phase.idle, ordering: .sequentiallyConsistent
                ).exchanged
            else { return releaseAll() }
            // One more look, at what this action saw last: an append that did not see the
            // queue idle must be seen here. Another action may hold the consumer's side by now,
            // so `head` is not read again.
            let hasMore =
                last.count.load(ordering: .sequentiallyConsistent) > taken
                || last.successor.load(ordering: .sequentiallyConsistent) != nil
            guard hasMore,
                phase.compareExchange(
                    expected: Phase.idle, desired: Phase.draining, ordering: .acquiringAndReleasing
                ).exchanged
            else { return }
        }
    }

    /// The oldest event not yet taken, moving to the next segment when this one is used up;
    /// called by the consumer.
    @inlinable
    func takeNext() -> Event<Value, Failure>? {
        while true {
            let event: Event<Value, Failure>? = head._withUnsafeGuaranteedRef { segment in
                guard segment.taken < segment.count.load(ordering: .acquiring) else { return nil }
                defer { segment.taken += 1 }
                return (segment.slots + segment.taken).move()
            }
            if let event { return event }
            // A used-up segment is released once the next one holds the head.
            let next: Unmanaged<Segment>? = head._withUnsafeGuaranteedRef { segment in
                guard segment.taken == segment.capacity else { return nil }
                return segment.successor.exchange(nil, ordering: .acquiring)
            }
            guard let next else { return nil }
            let usedUp = head
            head = next
            usedUp.release()
        }
    }

    /// Releases every event still queued, then the downstream observer; called by the consumer
    /// once disposed.
    @inlinable
    func releaseAll() {
        while let event = takeNext() { _ = consume event }
        let released = downstream
        downstream = nil
        released?.release()
    }

    @inlinable
    func dispose() {
        let before = phase.exchange(Phase.disposed, ordering: .acquiringAndReleasing)
        guard before != Phase.disposed else { return }
        // An action draining releases the queue and the observer itself, once the event in hand
        // is delivered; otherwise no action will, and this disposal holds the consumer's side.
        if before != Phase.draining { releaseAll() }
        action.withLock { $0.take() }?.dispose()
    }
}
