import Synchronization

/// A point in a chain where an event's recursion may stop and go on from the thread's outermost
/// core frame (see ``DeepChain``).
///
/// An event arriving while the stack is shallow, and while nothing waits here, goes straight
/// on. Otherwise it waits in this checkpoint's queue, and one piece of work left for the
/// outermost frame of the thread that queued first delivers the queue in order; a thread
/// arriving meanwhile only queues. So the observer below is still called serially and in the
/// order its events arrived (rule G6), whichever threads send.
@usableFromInline
final class DeliveryCheckpoint<Value, Failure: Error>: @unchecked Sendable {
    // @unchecked: `downstream` is called only by the one thread that may deliver, the one whose
    // send found `isQueueing` clear, or the one running the queue it set; `queue` is in a Lock.
    // `downstream` is cleared only by deinit, which hands it to the thread's release queue: the
    // observers below a checkpoint form a chain as long as the rest of the signal chain.
    @exclusivity(unchecked) @usableFromInline var downstream: Observer<Value, Failure>?
    /// Set while events wait in ``queue`` or are being delivered from it.
    @usableFromInline let isQueueing = Atomic<Bool>(false)
    @usableFromInline let queue = Lock<Queue>(Queue())

    @usableFromInline
    struct Queue: @unchecked Sendable {
        // @unchecked: the events are only touched under the checkpoint's lock, and handed from
        // the thread that queued them to the one that delivers them as upstream's serial order
        // requires.
        var events = RingBuffer<Event<Value, Failure>>()
        @usableFromInline init() {}
    }

    @inlinable
    init(_ downstream: Observer<Value, Failure>) {
        self.downstream = downstream
    }

    deinit {
        ThreadState.withCurrent { $0.release(&downstream) }
    }

    /// The observer that upstream sends to.
    @inlinable
    var observer: Observer<Value, Failure> {
        Observer(handlingInPlace: { [self] event in receive(event) })
    }

    /// Sends `event` on at once when the stack is shallow and nothing waits here: the common
    /// case, small enough to inline into the observer.
    @inlinable
    func receive(_ event: Event<Value, Failure>) {
        if !isQueueing.load(ordering: .acquiring) && DeepChain.mayRunNested() {
            return downstream.unsafelyUnwrapped.send(event)
        }
        receiveChecked(event)
    }

    /// The other cases: this thread has no outermost core frame yet, it is leaving work for it,
    /// the stack is past the budget, or events wait here.
    @usableFromInline @inline(never)
    func receiveChecked(_ event: Event<Value, Failure>) {
        if !isQueueing.load(ordering: .acquiring) {
            let entry = DeepChain.enterDelivery()
            if entry == DeepChain.Entry.nested {
                return downstream.unsafelyUnwrapped.send(event)
            }
            if entry == DeepChain.Entry.outermost {
                downstream.unsafelyUnwrapped.send(event)
                return DeepChain.leaveOutermost()
            }
        }
        enqueue(event)
    }

    /// Queues `event`, and if the queue was idle, leaves its delivery to this thread's outermost
    /// core frame.
    @usableFromInline
    func enqueue(_ event: Event<Value, Failure>) {
        let isFirst = queue.withLock { queue in
            queue.events.append(event)
            return !isQueueing.exchange(true, ordering: .acquiringAndReleasing)
        }
        guard isFirst else { return }
        // The queue may have emptied between the check in `receive` and this: then no frame of
        // this thread may be waiting to run it, and this send delivers it as the outermost one.
        if DeepChain.hasOutermostFrame {
            DeepChain.leave { [self] in deliverQueue() }
        } else {
            DeepChain.runAsOutermost { deliverQueue() }
        }
    }

    /// Delivers the queue until it is empty, then lets events go straight on again.
    func deliverQueue() {
        while true {
            let next: Event<Value, Failure>? = queue.withLock { queue in
                guard let event = queue.events.popFirst() else {
                    isQueueing.store(false, ordering: .releasing)
                    return nil
                }
                return event
            }
            guard let next else { return }
            downstream.unsafelyUnwrapped.send(next)
        }
    }
}
