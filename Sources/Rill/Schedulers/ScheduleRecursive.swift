import Foundation

extension Scheduler {
    /// Runs `action` on this scheduler, and again each time it calls the `reschedule` closure it
    /// is given, until the returned disposable is disposed (RAC `-scheduleRecursiveBlock:`).
    ///
    /// Calls to `reschedule` made while the action runs are held until it returns, then
    /// scheduled one by one; a call made later schedules at once. Runs that a scheduler performs
    /// synchronously (the immediate scheduler, or the main scheduler on the main queue) are run
    /// in a loop rather than nested, so a million recursions take constant stack depth on every
    /// scheduler.
    ///
    /// ```swift
    /// let remaining = Atomic(3)
    /// scheduler.scheduleRecursive { reschedule in
    ///     if remaining.subtract(1, ordering: .relaxed).newValue > 0 { reschedule() }
    /// }
    /// ```
    @discardableResult
    public func scheduleRecursive(
        _ action: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
    ) -> any Disposable {
        let recursion = RecursiveSchedule(on: self, action)
        recursion.scheduleRun()
        return recursion
    }
}

/// One ``Scheduler/scheduleRecursive(_:)``: its pending runs, and the trampoline that keeps
/// synchronous runs from nesting.
private final class RecursiveSchedule: Disposable {
    private struct State {
        /// A thread is inside `run()`; a run starting meanwhile is left to it.
        var isRunning = false
        /// Runs handed to the running thread by schedulers that ran them synchronously.
        var handedOver = 0
        var isDisposed = false
        /// Counts the runs of the action, so that a `reschedule` knows whether its run is over.
        var generation: UInt64 = 0
        /// Whether run `generation` of the action is in progress.
        var isInAction = false
        /// The `reschedule` calls made during the run in progress, scheduled once it returns.
        var held = 0
        /// Dropped on disposal, so that what it captures is released at once.
        var action: Action?
    }

    typealias Action = @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void

    private let scheduler: any Scheduler
    private let state: Lock<State>
    private let pending = PendingActions()

    init(
        on scheduler: any Scheduler,
        _ action: @escaping @Sendable (_ reschedule: @escaping @Sendable () -> Void) -> Void
    ) {
        self.scheduler = scheduler
        state = Lock(State(action: action))
    }

    var isDisposed: Bool { state.withLock { $0.isDisposed } }

    func dispose() {
        let action = state.withLock { state in
            state.isDisposed = true
            defer { state.action = nil }
            return state.action
        }
        pending.dispose()
        // Released here, outside the lock: what the action captures may run deinitializers.
        _ = action
    }

    func scheduleRun() {
        // The scheduled action keeps the recursion alive, so it continues when the caller drops the
        // disposable; disposal cancels the action and so releases it.
        pending.schedule(on: scheduler) { self.run() }
    }

    /// One scheduled run, and every run scheduled synchronously from inside it.
    private func run() {
        let isFirst: Bool = state.withLock { state in
            guard !state.isDisposed else { return false }
            if state.isRunning {
                state.handedOver += 1
                return false
            }
            state.isRunning = true
            return true
        }
        guard isFirst else { return }
        var runs = 1
        while runs > 0 {
            runs -= 1
            let started: (action: Action, generation: UInt64)? = state.withLock { state in
                guard !state.isDisposed, let action = state.action else { return nil }
                state.generation += 1
                state.isInAction = true
                state.held = 0
                return (action, state.generation)
            }
            guard let (action, generation) = started else { return }
            action { self.reschedule(from: generation) }
            let held = state.withLock { state in
                state.isInAction = false
                return state.held
            }
            for _ in 0..<held { scheduleRun() }
            runs += state.withLock { state in
                let handedOver = state.isDisposed ? 0 : state.handedOver
                state.handedOver = 0
                if handedOver == 0 && runs == 0 { state.isRunning = false }
                return handedOver
            }
        }
    }

    /// A `reschedule` call: held until run `generation` returns, or scheduled at once if it has.
    private func reschedule(from generation: UInt64) {
        let isHeld = state.withLock { state in
            guard state.isInAction && state.generation == generation else { return false }
            state.held += 1
            return true
        }
        if !isHeld { scheduleRun() }
    }
}
