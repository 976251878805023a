/// Events waiting to be delivered from one action on a scheduler: the queue of one
/// `deliver(on:)` subscription.
///
/// The first event appended while no action is waiting schedules one; the action delivers
/// everything appended until it finds the queue empty. The queue holds only what is in flight,
/// and two buffers that are swapped, not reallocated, carry it across the lock.
@usableFromInline
final class ScheduledBatch<Value: Sendable, Failure: Error>: Disposable {
    @usableFromInline
    struct State: Sendable {
        @usableFromInline var events: ContiguousArray<Event<Value, Failure>> = []
        /// Whether an action is scheduled or running: it takes what is appended.
        @usableFromInline var isScheduled = false
        /// The scheduled action, to cancel on disposal.
        @usableFromInline var action: (any Disposable)?
        @usableFromInline var isDisposed = false

        @inlinable init() {}
    }

    @usableFromInline let state = Lock(State())
    @usableFromInline let delivery: SerialDelivery<Value, Failure, Void>
    @usableFromInline let scheduler: any Scheduler

    @inlinable
    init(_ downstream: Observer<Value, Failure>, on scheduler: any Scheduler) {
        delivery = SerialDelivery(downstream, state: ())
        self.scheduler = scheduler
    }

    @inlinable
    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Queues `event`, scheduling an action to deliver it unless one is waiting.
    @inlinable
    func append(_ event: Event<Value, Failure>) {
        let mustSchedule: Bool = state.withLock { state in
            guard !state.isDisposed else { return false }
            state.events.append(event)
            guard !state.isScheduled else { return false }
            state.isScheduled = true
            return true
        }
        guard mustSchedule else { return }
        let action = scheduler.schedule { [self] in drain() }
        // Kept for cancelling only while it may still be waiting; an action that already ran,
        // as the immediate scheduler's does, is not kept.
        let cancelNow: Bool = state.withLock { state in
            if state.isDisposed { return true }
            if state.isScheduled { state.action = action }
            return false
        }
        if cancelNow { action?.dispose() }
    }

    /// Delivers the queue until it is empty; the scheduled action.
    @inlinable
    func drain() {
        var taken: ContiguousArray<Event<Value, Failure>> = []
        while true {
            let hasEvents: Bool = state.withLock { state in
                guard !state.isDisposed, !state.events.isEmpty else {
                    state.isScheduled = false
                    state.action = nil
                    return false
                }
                swap(&taken, &state.events)
                return true
            }
            guard hasEvents else { return }
            for event in taken { delivery.send(event) }
            taken.removeAll(keepingCapacity: true)
        }
    }

    @inlinable
    func dispose() {
        let (dropped, action): (ContiguousArray<Event<Value, Failure>>, (any Disposable)?) = state.withLock {
            state in
            guard !state.isDisposed else { return ([], nil) }
            state.isDisposed = true
            defer {
                state.events = []
                state.action = nil
            }
            return (state.events, state.action)
        }
        // Outside the lock: cancelling releases the action's closure, and the events may hold
        // the last references to anything.
        action?.dispose()
        delivery.detach()
        _ = dropped
    }
}
