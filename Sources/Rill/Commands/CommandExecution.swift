import Synchronization

/// One run of a ``Command``'s work: passes its events to the caller and to the command's streams,
/// and ends exactly once, whether the work terminates, the caller disposes its subscription or
/// the command is released, whichever comes first.
///
/// It is a ``Disposable`` only for its command, which holds the running executions in a
/// composite and disposes them when it is released: disposal completes the execution.
final class CommandExecution<Input: Sendable, Output: Sendable, Failure: Error>: Disposable {
    let core: CommandCore<Input, Output, Failure>
    let delivery: SerialDelivery<Output, CommandError<Failure>, Void>
    /// The execution's values for ``Command/executions``, replayed to late subscribers; it
    /// completes however the execution ends, the failure going to ``Command/errors``.
    let replay = ReplaySubject<Output, Never>()
    /// The subscription to the work.
    let work = CompositeDisposable()
    let hasEnded = Atomic<Bool>(false)

    init(core: CommandCore<Input, Output, Failure>, downstream: Observer<Output, CommandError<Failure>>) {
        self.core = core
        delivery = SerialDelivery(downstream, state: ())
    }

    /// Claims the end of the execution; only the first caller gets `true`.
    private func claimEnd() -> Bool {
        !hasEnded.exchange(true, ordering: .acquiringAndReleasing)
    }

    func receive(_ event: Event<Output, Failure>) {
        switch event {
        case .next(let value):
            replay.send(.next(value))
            core.values.send(.next(value))
            core.events.send(.next(event))
            delivery.send(.next(value))
        case .error(let failure):
            guard claimEnd() else { return }
            // The flags first: an observer of the failure may execute again at once.
            core.didEnd(self)
            replay.send(.completed)
            core.errors.send(.next(failure))
            core.events.send(.next(event))
            delivery.send(.error(.failed(failure)))
        case .completed:
            guard claimEnd() else { return }
            core.didEnd(self)
            replay.send(.completed)
            core.completions.send(.next(()))
            core.events.send(.next(event))
            delivery.send(.completed)
        }
    }

    /// The caller disposed its subscription: the work stops, and the execution ends silently.
    func cancel() {
        work.dispose()
        delivery.detach()
        guard claimEnd() else { return }
        core.didEnd(self)
        replay.send(.completed)
    }

    var isDisposed: Bool { hasEnded.load(ordering: .acquiring) }

    /// The command was released: the work stops and the execution completes.
    func dispose() {
        work.dispose()
        guard claimEnd() else { return }
        core.didEnd(self)
        replay.send(.completed)
        delivery.send(.completed)
    }
}
