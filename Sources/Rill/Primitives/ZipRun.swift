import Synchronization

/// One subscription of ``Signal/zip(with:)``: pairs the values of its two inputs and delivers the
/// pairs serially, whichever threads the inputs send on.
///
/// Whoever raises `pending` from zero owns the run: it alone touches the queued values and calls
/// the downstream observer, and it handles every input that arrives meanwhile before it gives the
/// run up. An input that arrives while the run is owned, from another thread or re-entrantly from
/// the observer, waits in the inbox, so re-entrancy does not grow the stack (rule G7). When the
/// inputs take turns on one thread, as two synchronous signals do, each input costs one
/// compare-and-swap to take the run and one to give it back, and no lock.
@usableFromInline
final class ZipRun<First: Sendable, Second: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked: `state`, `downstream` and `isTerminated` are touched only by the owner, and
    // ownership passes through `pending` (taken with acquiring, given back with releasing
    // ordering), which is their lock; `inbox` has a lock of its own.

    @usableFromInline
    enum Input: Sendable {
        case first(Event<First, Failure>)
        case second(Event<Second, Failure>)
        /// The subscription was disposed: release the observer and the queued values.
        case detach
    }

    @exclusivity(unchecked) @usableFromInline var state = ZipState<First, Second>()
    /// The observer, owned by the run (one retain, given back on detach or in `deinit`). Held
    /// unmanaged so that a delivery does not retain and release the observer's closure around
    /// each call, which a plain `var` would need in case the call reassigned it; only the owner
    /// reads or clears it, so it cannot change mid-call.
    @exclusivity(unchecked) @usableFromInline
    var downstream: Unmanaged<HeldDownstream<(First, Second), Failure>>?
    @exclusivity(unchecked) @usableFromInline var isTerminated = false
    /// Inputs that arrived while the run was owned, in order.
    @usableFromInline let inbox = Lock(RingBuffer<Input>())
    /// The inputs taken on and not yet handled; the run is owned while it is not zero.
    @usableFromInline let pending = Atomic<Int>(0)
    /// Set by ``detach()`` before the owner learns of it, so that nothing is delivered after a
    /// disposal even while the owner still works through earlier inputs.
    @usableFromInline let isDetached = Atomic<Bool>(false)

    @inlinable
    init(_ downstream: Observer<(First, Second), Failure>) {
        self.downstream = .passRetained(HeldDownstream(downstream))
    }

    deinit {
        downstream?.release()
    }

    /// Handles `input` now if nobody owns the run, or leaves it to the owner.
    @inlinable
    func send(_ input: Input) {
        if pending.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
            handle(input)
            if pending.compareExchange(expected: 1, desired: 0, ordering: .releasing).exchanged { return }
            drain(accountedFor: 1)
            return
        }
        // Queued before it is counted, so that whoever sees the count finds the input.
        inbox.withLock { $0.append(input) }
        guard pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 else { return }
        drain(accountedFor: 1)
    }

    /// Handles queued inputs until every input counted in `pending` has been handled; called by
    /// the owner, which has handled `accountedFor` of them already or finds them in the inbox.
    @usableFromInline
    func drain(accountedFor handled: Int) {
        var accounted = handled
        while true {
            while let input = inbox.withLock({ $0.popFirst() }) { handle(input) }
            accounted = pending.wrappingSubtract(accounted, ordering: .acquiringAndReleasing).newValue
            if accounted == 0 { return }
        }
    }

    /// Stops delivery at once and has the owner release the observer and the queued values.
    @inlinable
    func detach() {
        isDetached.store(true, ordering: .releasing)
        send(.detach)
    }

    @inlinable
    func handle(_ input: Input) {
        if case .detach = input {
            let released = downstream
            downstream = nil
            state = ZipState()
            released?.release()
            return
        }
        guard !isTerminated, !isDetached.load(ordering: .acquiring) else { return }
        switch input {
        case .first(.next(let value)):
            if let pair = state.receiveFirst(value) { deliver(.next(pair)) }
        case .second(.next(let value)):
            if let pair = state.receiveSecond(value) { deliver(.next(pair)) }
        case .first(.completed):
            state.isFirstCompleted = true
        case .second(.completed):
            state.isSecondCompleted = true
        case .first(.error(let failure)), .second(.error(let failure)):
            return deliver(.error(failure))
        case .detach:
            return
        }
        if state.isDone { deliver(.completed) }
    }

    @inlinable
    func deliver(_ event: Event<(First, Second), Failure>) {
        if event.isTerminal { isTerminated = true }
        downstream?._withUnsafeGuaranteedRef { $0.observer.send(event) }
    }
}
