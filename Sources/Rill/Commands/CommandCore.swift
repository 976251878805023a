import Synchronization

/// What a ``Command`` shares with its executions: its state, its flags and its output streams.
///
/// Executions hold the core, never the command, so that releasing the command ends it: the core
/// then stops its enabling input, completes the executions still running and completes every
/// stream.
///
/// Locking: ``state`` is only ever taken alone, or inside a flag's broadcast lock while the
/// flag is recomputed; no event is delivered under either lock. So an observer of a flag may
/// execute the command or change its enabling input without deadlocking, and its change is
/// delivered after the one in hand.
final class CommandCore<Input: Sendable, Output: Sendable, Failure: Error>: Sendable {
    typealias Work = @Sendable (Input) -> Signal<Output, Failure>

    struct State: Sendable {
        /// The work that executing runs now, or `nil` while the enabling input says no.
        var work: Work?
        /// Executions started and not yet ended.
        var running = 0
        /// Set when the command is released.
        var hasEnded = false
    }

    let state: Lock<State>
    let allowsConcurrentExecution: Bool

    let executing = Broadcast<Bool, Never>(memory: .current(false))
    let enabled: Broadcast<Bool, Never>
    let values = Broadcast<Output, Never>(memory: .nothing)
    let errors = Broadcast<Failure, Never>(memory: .nothing)
    let completions = Broadcast<Void, Never>(memory: .nothing)
    let events = Broadcast<Event<Output, Failure>, Never>(memory: .nothing)
    let disabledAttempts = Broadcast<Input, Never>(memory: .nothing)
    let executions = Broadcast<Signal<Output, Never>, Never>(memory: .nothing)

    /// One entry per running execution, which ends it when the command is released.
    let running = CompositeDisposable()
    /// The subscription to the enabling input.
    let input = CompositeDisposable()

    init(work: Work?, allowsConcurrentExecution: Bool) {
        state = Lock(State(work: work))
        self.allowsConcurrentExecution = allowsConcurrentExecution
        enabled = Broadcast(memory: .current(work != nil))
    }

    /// Follows the enabling input: each value is the work to run from then on, or `nil` for
    /// "not enabled".
    func follow(_ availableWork: Signal<Work?, Never>) {
        availableWork.subscribe(
            Observer(handlingInPlace: { [self] event in
                guard case .next(let work) = event else { return }
                state.withLock { $0.work = work }
                publishFlags()
            }),
            in: input.child())
    }

    func isEnabled(_ state: State) -> Bool {
        state.work != nil && !state.hasEnded && (allowsConcurrentExecution || state.running == 0)
    }

    /// Brings both flags up to date with ``state``. Each flag is recomputed under its own lock,
    /// so whichever thread updates it last leaves it matching the latest state, and a flag whose
    /// value did not change sends nothing.
    func publishFlags() {
        executing.update(ifChangedTo: { state.withLock { $0.running > 0 } })
        enabled.update(ifChangedTo: { state.withLock { isEnabled($0) } })
    }

    /// What an attempt to execute finds.
    enum Start {
        case work(Work)
        case disabled
        case ended
    }

    /// Starts one execution for one subscription to ``Command/apply(_:)``.
    func execute(
        _ input: Input, downstream: Observer<Output, CommandError<Failure>>, lifetime: CompositeDisposable
    ) {
        let start = state.withLock { state -> Start in
            if state.hasEnded { return .ended }
            guard isEnabled(state), let work = state.work else { return .disabled }
            state.running += 1
            return .work(work)
        }
        let work: Work
        switch start {
        case .ended:
            // An execution lasts until its command is released, which already happened.
            return downstream.send(.completed)
        case .disabled:
            disabledAttempts.send(.next(input))
            return downstream.send(.error(.notEnabled))
        case .work(let started):
            work = started
        }
        // The flags change before the work can deliver anything.
        publishFlags()
        let execution = CommandExecution(core: self, downstream: downstream)
        lifetime.add(ActionDisposable { execution.cancel() })
        executions.send(.next(execution.replay.signal))
        running.add(execution)
        work(input).subscribe(
            Observer(handlingInPlace: { event in execution.receive(event) }), in: execution.work)
    }

    /// Called once per execution, when it ends for any reason.
    func didEnd(_ execution: CommandExecution<Input, Output, Failure>) {
        running.remove(execution)
        state.withLock { $0.running -= 1 }
        publishFlags()
    }

    /// Ends the command: no more executions, the running ones complete, every stream completes.
    func end() {
        state.withLock { $0.hasEnded = true }
        input.dispose()
        running.dispose()
        publishFlags()
        executing.send(.completed)
        enabled.send(.completed)
        values.send(.completed)
        errors.send(.completed)
        completions.send(.completed)
        events.send(.completed)
        disabledAttempts.send(.completed)
        executions.send(.completed)
    }
}
