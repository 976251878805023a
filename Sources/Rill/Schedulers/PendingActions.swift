import Foundation

/// The actions an operator has handed to a scheduler and that have not started yet, so that
/// disposing the operator's subscription cancels them all.
///
/// Each action forgets its own entry when it starts, so the bookkeeping stays as small as the
/// backlog however long the stream runs. Cancelling through the scheduler's disposable lets a
/// scheduler that can (``TestScheduler`` does) release the closures at once (rule G3).
@usableFromInline
final class PendingActions: Disposable {
    private struct State {
        var nextID: UInt64 = 0
        var pending: [UInt64: any Disposable] = [:]
        /// Actions whose `schedule` call has not returned yet.
        var registering: Set<UInt64> = []
        /// Actions among `registering` that already started (the immediate scheduler, or
        /// another thread winning the race): their disposables must not be kept.
        var startedEarly: Set<UInt64> = []
        var isDisposed = false
    }

    private let state = Lock(State())

    @usableFromInline init() {}

    /// How many actions are waiting.
    var count: Int { state.withLock { $0.pending.count + $0.registering.count } }

    @usableFromInline var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// Schedules `action` on `scheduler`, cancelled if this is disposed before it starts.
    @usableFromInline
    func schedule(on scheduler: any Scheduler, _ action: @escaping @Sendable () -> Void) {
        track { id in
            scheduler.schedule { [weak self] in
                self?.started(id)
                action()
            }
        }
    }

    /// Schedules `action` on `scheduler` once `delay` seconds have passed on its clock, cancelled
    /// if this is disposed before it starts.
    @usableFromInline
    func schedule(
        on scheduler: any Scheduler, afterDelay delay: TimeInterval, _ action: @escaping @Sendable () -> Void
    ) {
        schedule(on: scheduler, after: scheduler.now.addingTimeInterval(delay), action)
    }

    /// Schedules `action` on `scheduler` at `date`, cancelled if this is disposed before it starts.
    @usableFromInline
    func schedule(on scheduler: any Scheduler, after date: Date, _ action: @escaping @Sendable () -> Void) {
        track { id in
            scheduler.schedule(after: date) { [weak self] in
                self?.started(id)
                action()
            }
        }
    }

    private func track(_ schedule: (UInt64) -> (any Disposable)?) {
        let id: UInt64? = state.withLock { state in
            guard !state.isDisposed else { return nil }
            state.nextID += 1
            state.registering.insert(state.nextID)
            return state.nextID
        }
        guard let id else { return }
        let disposable = schedule(id)
        let cancelled: (any Disposable)? = state.withLock { state in
            state.registering.remove(id)
            let hasStarted = state.startedEarly.remove(id) != nil
            guard let disposable, !hasStarted else { return nil }
            if state.isDisposed { return disposable }
            state.pending[id] = disposable
            return nil
        }
        cancelled?.dispose()
    }

    private func started(_ id: UInt64) {
        state.withLock { state in
            if state.pending.removeValue(forKey: id) == nil, state.registering.contains(id) {
                state.startedEarly.insert(id)
            }
        }
    }

    @usableFromInline
    func dispose() {
        let cancelled: [any Disposable] = state.withLock { state in
            state.isDisposed = true
            defer {
                state.pending = [:]
            }
            return Array(state.pending.values)
        }
        for disposable in cancelled { disposable.dispose() }
    }
}
