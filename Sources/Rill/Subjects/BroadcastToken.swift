import Synchronization

/// Who is delivering a ``Broadcast``'s events, shared with its receivers.
///
/// A caught-up receiver is called by the sender without taking the receiver's own token: that
/// would be two atomic read-modify-writes per subscription and value, most of the cost of a
/// fan-out. So a receiver being disposed cannot tell from its own flags whether the sender is
/// inside its observer. It asks here instead: it marks itself detached, then reads ``flags``,
/// and the sender takes ``Flag/sending`` before it reads a receiver's flags, all sequentially
/// consistent, so at least one of the two sees the other. If the sender may be inside, the
/// receiver leaves the release of its observer to the sender, which releases it before it
/// gives the token back; otherwise it releases the observer itself.
///
/// Not generic, so that a disposal, which runs in unspecialized code, reaches it without a
/// metadata lookup.
@usableFromInline
final class BroadcastToken: Sendable {
    /// The bits of ``flags``.
    @usableFromInline
    enum Flag {
        /// A thread is delivering events: it takes what is queued before it stops.
        @inlinable static var sending: Int { 1 }
        /// Events wait in the broadcast's queue. Set only under the broadcast's lock.
        @inlinable static var queued: Int { 2 }
        /// Receivers disposed during the delivery wait for the sender to release their
        /// observers. Set only under ``pendingReleases``'s lock.
        @inlinable static var releasing: Int { 4 }
        /// Lists of subscriptions replaced while the sender may have been reading one wait in
        /// the broadcast for the sender to release them. Set and cleared only under the
        /// broadcast's lock.
        @inlinable static var retired: Int { 8 }
    }

    /// Who is sending, and what waits for the sender: the sender gives the token back with one
    /// compare-and-exchange, which fails when anything waits.
    @usableFromInline let flags = Atomic<Int>(0)
    /// Receivers disposed while the token was taken, whose observers the sender releases.
    @usableFromInline let pendingReleases = Lock<[any BroadcastObserverReleasing]>([])

    @usableFromInline
    init() {}

    /// Hands `receiver`'s observer to the sender if one is delivering, and returns whether it
    /// did; otherwise no delivery can be inside the observer, nor start to call it (the
    /// receiver is already marked detached), and the caller releases it.
    @usableFromInline
    func releaseAfterDelivery(_ receiver: any BroadcastObserverReleasing) -> Bool {
        // Without the lock when nobody is sending, the common case: the lock only keeps the
        // hand-over and the sender's check of the pending list from crossing.
        if flags.load(ordering: .sequentiallyConsistent) & Flag.sending == 0 { return false }
        return pendingReleases.withLock { pending in
            guard markWhileSending(Flag.releasing) else { return false }
            pending.append(receiver)
            return true
        }
    }

    /// Marks that a list of subscriptions waits for the sender to release it, and returns
    /// whether one is sending; called under the broadcast's lock. A list replaced while nobody
    /// sends is released at once: no sender can be reading it.
    @inlinable
    func retireIfSending() -> Bool {
        markWhileSending(Flag.retired)
    }

    /// Sets `flag` if a sender holds the token, in one atomic step with the check, so that the
    /// sender's give-back fails and it attends to what `flag` marks; returns whether it did.
    @inlinable
    func markWhileSending(_ flag: Int) -> Bool {
        var current = flags.load(ordering: .sequentiallyConsistent)
        while current & Flag.sending != 0 {
            let (exchanged, original) = flags.compareExchange(
                expected: current, desired: current | flag, ordering: .sequentiallyConsistent)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Releases the observers handed over by ``releaseAfterDelivery(_:)``; called by the sender
    /// between two deliveries, when it is inside no observer.
    @usableFromInline
    func releasePending() {
        let released: [any BroadcastObserverReleasing] = pendingReleases.withLock { pending in
            flags.bitwiseAnd(~Flag.releasing, ordering: .relaxed)
            var taken: [any BroadcastObserverReleasing] = []
            swap(&taken, &pending)
            return taken
        }
        // Outside the lock: releasing an observer can run any deinit, which may dispose more.
        for receiver in released { receiver.releaseObserver() }
    }
}

/// A subscription whose observer the sender of a ``Broadcast`` can release.
@usableFromInline
protocol BroadcastObserverReleasing: AnyObject, Sendable {
    /// Releases the observer and gives the subscription's token back for good.
    func releaseObserver()
}
