/// A scheduler that may run an action before `schedule(_:)` returns, and can do so for an action
/// that does not escape: `deliver(on:)` hands it each event that way, and keeps no record for
/// disposal to cancel, since an action that ran at once never waits.
@usableFromInline
protocol ImmediateRunning: Scheduler {
    /// Runs `action` before returning, as ``Scheduler/schedule(_:)`` would have, if that would
    /// have run it at once; otherwise runs nothing and returns `false`.
    func runIfImmediate(_ action: () -> Void) -> Bool
}

extension ImmediateScheduler: ImmediateRunning {
    /// Runs `action` now, as every action of this scheduler is run: without becoming
    /// ``Schedulers/current``.
    @usableFromInline
    func runIfImmediate(_ action: () -> Void) -> Bool {
        action()
        return true
    }
}

extension MainScheduler: ImmediateRunning {}
