import Synchronization

/// Delivers events to one observer serially, whichever threads produce them.
///
/// Producers call ``send(_:)`` with a transition that runs under a lock, updates the operator's
/// `State` and queues zero or more events. The first thread to find no delivery in progress
/// becomes the *drainer*: it delivers the queued events one by one, outside the lock, until the
/// queue is empty. Everyone else only queues. This gives three guarantees at once:
///
/// - the observer is never called concurrently (rule G6);
/// - a re-entrant send from inside the observer is queued, not nested, so re-entrancy does not
///   grow the stack (rule G7);
/// - the grammar holds: nothing is queued after a terminal event (rule G1).
///
/// ``detach()`` drops the observer and anything queued; it is how a disposed subscription
/// releases its downstream closures (rule G3).
@usableFromInline
final class SerialDelivery<Value: Sendable, Failure: Error, State: Sendable>: @unchecked Sendable {
    // @unchecked: `downstream`, the one non-Sendable field, is read and written only inside
    // `inner.withLock`, and called only by the thread that holds the draining token.
    @usableFromInline
    struct Inner: Sendable {
        @usableFromInline var state: State
        @usableFromInline var outbox = Outbox()
        @usableFromInline var isDraining = false
        @usableFromInline var isDetached = false

        @inlinable
        init(state: State) {
            self.state = state
        }
    }

    /// Events queued for delivery; refuses anything after a terminal event.
    @usableFromInline
    struct Outbox: Sendable {
        @usableFromInline var events = RingBuffer<Event<Value, Failure>>()
        @usableFromInline var isTerminated = false

        @inlinable init() {}

        @inlinable
        mutating func send(_ event: Event<Value, Failure>) {
            guard !isTerminated else { return }
            if event.isTerminal { isTerminated = true }
            events.append(event)
        }

        @inlinable mutating func sendNext(_ value: Value) { send(.next(value)) }
        @inlinable mutating func sendError(_ failure: Failure) { send(.error(failure)) }
        @inlinable mutating func sendCompleted() { send(.completed) }
    }

    @usableFromInline let inner: Lock<Inner>
    @usableFromInline var downstream: Observer<Value, Failure>?

    @inlinable
    init(_ downstream: Observer<Value, Failure>, state: State) {
        self.downstream = downstream
        inner = Lock(Inner(state: state))
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
        let start: (Observer<Value, Failure>, Event<Value, Failure>)? = inner.withLock { inner in
            guard !inner.isDetached else { return nil }
            transition(&inner.state, &inner.outbox)
            guard !inner.isDraining, let downstream, let first = inner.outbox.events.popFirst()
            else { return nil }
            inner.isDraining = true
            return (downstream, first)
        }
        guard let (observer, first) = start else { return }
        observer.send(first)
        drain(observer)
    }

    /// Queues one event and delivers it unless another thread is delivering.
    @inlinable
    func send(_ event: Event<Value, Failure>) {
        send { _, outbox in outbox.send(event) }
    }

    @inlinable
    func drain(_ observer: Observer<Value, Failure>) {
        while true {
            let next: Event<Value, Failure>? = inner.withLock { inner in
                if !inner.isDetached, let event = inner.outbox.events.popFirst() {
                    return event
                }
                inner.isDraining = false
                return nil
            }
            guard let next else { return }
            observer.send(next)
        }
    }

    /// Releases the observer and drops queued events; later sends are ignored.
    @inlinable
    func detach() {
        // The observer and the queue are moved out and released after the lock is dropped:
        // releasing them can run arbitrary deinitializers.
        var released: Observer<Value, Failure>? = nil
        let queued = inner.withLock { inner in
            defer {
                inner.isDetached = true
                inner.outbox.events = RingBuffer()
                inner.outbox.isTerminated = true
            }
            swap(&released, &downstream)
            return inner.outbox.events
        }
        _ = (released, queued)
    }
}
