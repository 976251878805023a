import Foundation

/// The actions one subscription has scheduled and that have not run yet.
///
/// An action leaves the set as it runs, so a subscription that lives long and schedules one
/// action per value (`delay`) holds only the actions still waiting, not one entry per value
/// ever sent. Disposing the set disposes the waiting actions, which releases what they captured.
@usableFromInline
final class PendingActions: Disposable {
    @usableFromInline
    struct State: Sendable {
        /// `nil` for an action being scheduled whose disposable is not known yet.
        @usableFromInline var waiting: [UInt64: (any Disposable)?] = [:]
        @usableFromInline var nextID: UInt64 = 0
        @usableFromInline var isDisposed = false

        @inlinable init() {}
    }

    @usableFromInline let state = Lock(State())

    @inlinable init() {}

    @usableFromInline var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// How many actions are waiting.
    @usableFromInline var count: Int { state.withLock { $0.waiting.count } }

    /// Schedules `action` on `scheduler` after `delay` seconds, and forgets it once it has run.
    @inlinable
    func schedule(
        on scheduler: any Scheduler, afterDelay delay: TimeInterval, _ action: @escaping @Sendable () -> Void
    ) {
        let id: UInt64? = state.withLock { state in
            guard !state.isDisposed else { return nil }
            defer { state.nextID += 1 }
            state.waiting[state.nextID] = .some(nil)
            return state.nextID
        }
        guard let id else { return }
        let scheduled = scheduler.schedule(afterDelay: delay) { [self] in
            action()
            finish(id)
        }
        // The action may already have run (a synchronous scheduler, another thread), or the set
        // may have been disposed meanwhile: keep the disposable only if it is still waiting.
        let isStillWaiting = state.withLock { state in
            guard state.waiting[id] != nil else { return false }
            state.waiting[id] = scheduled
            return true
        }
        if !isStillWaiting, isDisposed { scheduled?.dispose() }
    }

    @inlinable
    func finish(_ id: UInt64) {
        let finished = state.withLock { $0.waiting.removeValue(forKey: id) }
        _ = finished
    }

    @inlinable
    func dispose() {
        let waiting: [UInt64: (any Disposable)?] = state.withLock { state in
            state.isDisposed = true
            defer { state.waiting = [:] }
            return state.waiting
        }
        for case let scheduled? in waiting.values { scheduled.dispose() }
    }
}
