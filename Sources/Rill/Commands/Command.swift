/// Work that a user starts, such as a button's: enabled or not, executing or not, with the values,
/// failures and completions of every execution in one place (RAC `RACCommand`, ReactiveSwift
/// `Action`).
///
/// A command is built from a closure that turns an input into a signal of work, and optionally an
/// enabling input. Each execution runs that signal once:
///
/// - ``isExecuting`` is `true` from the start of an execution until every execution has ended,
///   and ``isEnabled`` is `false` while the enabling input says so and, unless concurrent
///   execution is allowed, while an execution runs. Both change *before* the work delivers
///   anything, and send only real changes.
/// - ``values``, ``errors``, ``completions``, ``events`` and ``executions`` carry what every
///   execution does, whoever started it. A failure of the work arrives on ``errors`` as a value:
///   it ends that execution, never the command.
/// - Executing while not enabled starts nothing: the caller's signal fails with
///   ``CommandError/notEnabled`` and ``disabledAttempts`` sends the input.
///
/// Everything is delivered synchronously, on the thread that executes the command or on which
/// the work delivers, as ReactiveSwift's `Action` does (RAC delivers on the main thread; see
/// `docs/Contracts.md`, "Commands"). A view applies `deliver(on: .main)` to what it displays.
///
/// Releasing the command ends it: the enabling input is disposed, the running executions are
/// disposed and complete, and every signal of the command completes.
///
/// ```swift
/// let signIn = Command<Credentials, Session, SignInError>(enabledIf: form.isValid) { credentials in
///     api.signIn(credentials)
/// }
/// signIn.execute(credentials)
/// ```
public final class Command<Input: Sendable, Output: Sendable, Failure: Error>: Sendable {
    /// The work of one execution, for its input.
    public typealias Work = @Sendable (Input) -> Signal<Output, Failure>

    let core: CommandCore<Input, Output, Failure>
    /// Ends ``lifetime`` when the command is released.
    private let lifetimeToken: Lifetime.Token
    /// The property the command is enabled by or takes its state from, kept alive as long as the
    /// command is, as ReactiveSwift's `Action` keeps it: a command made from a property that
    /// nobody else holds keeps following it.
    private let followedProperty: (any PropertyProtocol)?

    /// Ends when the command is released: bindings into the command end with it.
    public let lifetime: Lifetime

    /// Whether an execution is running: `true` from the start of the first until the end of the
    /// last (RAC `executing`).
    public let isExecuting: Property<Bool>

    /// Whether executing now would start the work (RAC `enabled`).
    public let isEnabled: Property<Bool>

    /// Whether executions may overlap. When they may not, the command is not enabled while one
    /// runs (RAC `allowsConcurrentExecution`).
    public let allowsConcurrentExecution: Bool

    /// Creates a command that is always enabled, unless an execution runs and concurrent
    /// execution is not allowed.
    public convenience init(allowsConcurrentExecution: Bool = false, execute work: @escaping Work) {
        self.init(work: work, following: nil, allowsConcurrentExecution: allowsConcurrentExecution)
    }

    /// Creates a command that is enabled while the latest value of `isEnabled` is `true` (RAC
    /// `-initWithEnabled:signalBlock:`).
    ///
    /// Until `isEnabled` sends its first value, the command counts as enabled, as in RAC. The
    /// command holds its subscription to `isEnabled` until it is released.
    public convenience init(
        enabledIf isEnabled: Signal<Bool, Never>, allowsConcurrentExecution: Bool = false,
        execute work: @escaping Work
    ) {
        self.init(
            work: work, following: isEnabled.map { $0 ? work : nil },
            allowsConcurrentExecution: allowsConcurrentExecution)
    }

    /// Creates a command that is enabled while `isEnabled` is `true` (ReactiveSwift
    /// `Action(enabledIf:execute:)`). The command keeps `isEnabled` alive until it is released.
    public convenience init(
        enabledIf isEnabled: some PropertyProtocol<Bool>, allowsConcurrentExecution: Bool = false,
        execute work: @escaping Work
    ) {
        self.init(
            work: work, following: isEnabled.signal.map { $0 ? work : nil },
            allowsConcurrentExecution: allowsConcurrentExecution, keeping: isEnabled)
    }

    /// Creates a command whose work uses the current value of `state`, and which is enabled while
    /// `isEnabled` says so for that value, or always when `isEnabled` is left out (ReactiveSwift
    /// `Action(state:enabledIf:execute:)` and `Action(state:execute:)`).
    ///
    /// The work receives the very value that enabled the command: the check and the value are
    /// taken together, so a change of `state` cannot slip between them. The command keeps
    /// `state` alive until it is released.
    public convenience init<State: Sendable>(
        state: some PropertyProtocol<State>,
        enabledIf isEnabled: @escaping @Sendable (State) -> Bool = { _ in true },
        allowsConcurrentExecution: Bool = false,
        execute work: @escaping @Sendable (State, Input) -> Signal<Output, Failure>
    ) {
        self.init(
            work: nil,
            following: state.signal.map { (current: State) -> Work? in
                guard isEnabled(current) else { return nil }
                return { input in work(current, input) }
            },
            allowsConcurrentExecution: allowsConcurrentExecution, keeping: state)
    }

    /// Creates a command that is enabled while `state` is not `nil`, and whose work receives the
    /// unwrapped value (ReactiveSwift `Action(unwrapping:execute:)`). The command keeps `state`
    /// alive until it is released.
    public convenience init<State: Sendable>(
        unwrapping state: some PropertyProtocol<State?>, allowsConcurrentExecution: Bool = false,
        execute work: @escaping @Sendable (State, Input) -> Signal<Output, Failure>
    ) {
        self.init(
            work: nil,
            following: state.signal.map { (current: State?) -> Work? in
                guard let current else { return nil }
                return { input in work(current, input) }
            },
            allowsConcurrentExecution: allowsConcurrentExecution, keeping: state)
    }

    init(
        work: Work?, following availableWork: Signal<Work?, Never>?, allowsConcurrentExecution: Bool,
        keeping followedProperty: (any PropertyProtocol)? = nil
    ) {
        core = CommandCore(work: work, allowsConcurrentExecution: allowsConcurrentExecution)
        self.followedProperty = followedProperty
        (lifetime, lifetimeToken) = Lifetime.make()
        self.allowsConcurrentExecution = allowsConcurrentExecution
        isExecuting = Property(flag: core.executing, named: "Command.isExecuting")
        isEnabled = Property(flag: core.enabled, named: "Command.isEnabled")
        if let availableWork { core.follow(availableWork) }
    }

    deinit {
        core.end()
    }

    /// The values of every execution, as they arrive (ReactiveSwift `values`).
    public var values: Signal<Output, Never> { core.values.signal(named: { _ in "Command.values" }) }

    /// The failure of every execution that fails, as a value: a failure ends its execution, never
    /// the command (RAC `errors`). Executions started before the subscription count too.
    public var errors: Signal<Failure, Never> { core.errors.signal(named: { _ in "Command.errors" }) }

    /// A value each time an execution completes (ReactiveSwift `completed`). An execution that
    /// fails, is disposed, or was not started because the command was not enabled does not count.
    public var completions: Signal<Void, Never> {
        core.completions.signal(named: { _ in "Command.completions" })
    }

    /// Every event of every execution, failures and completions as values (ReactiveSwift `events`).
    public var events: Signal<Event<Output, Failure>, Never> {
        core.events.signal(named: { _ in "Command.events" })
    }

    /// The input of each attempt to execute while not enabled (ReactiveSwift `disabledErrors`).
    public var disabledAttempts: Signal<Input, Never> {
        core.disabledAttempts.signal(named: { _ in "Command.disabledAttempts" })
    }

    /// Each execution as it starts: a signal that replays its values and completes when it ends,
    /// however it ends (RAC `executionSignals`; a failure goes to ``errors``).
    public var executions: Signal<Signal<Output, Never>, Never> {
        core.executions.signal(named: { _ in "Command.executions" })
    }

    /// A signal that executes the command once for each subscription, with `input` (ReactiveSwift
    /// `apply(_:)`).
    ///
    /// Each subscription checks ``isEnabled`` when it starts: if the command is not enabled it
    /// fails with ``CommandError/notEnabled`` and starts nothing; otherwise it runs the work and
    /// passes its events on, a failure as ``CommandError/failed(_:)``. Disposing the subscription
    /// disposes the work and ends the execution. If the command is released first, the execution
    /// is disposed and completes.
    public func apply(_ input: Input) -> Signal<Output, CommandError<Failure>> {
        let core = core
        return Signal(
            name: SignalName("Command.apply(_:)"),
            producer: { downstream, lifetime in
                core.execute(input, downstream: downstream, lifetime: lifetime)
            })
    }

    /// Executes the command now with `input`, and returns a signal that replays the execution's
    /// events to every subscriber (RAC `-execute:`).
    ///
    /// The work starts whether or not anyone subscribes to the result, and runs until it ends or
    /// the command is released. To be able to cancel it, subscribe to ``apply(_:)`` instead.
    @discardableResult
    public func execute(_ input: Input) -> Signal<Output, CommandError<Failure>> {
        apply(input).replay().named("Command.execute(_:)")
    }
}

extension Command where Input == Void {
    /// A signal that executes the command once for each subscription (see ``apply(_:)``).
    public func apply() -> Signal<Output, CommandError<Failure>> {
        apply(())
    }

    /// Executes the command now (see ``execute(_:)``).
    @discardableResult
    public func execute() -> Signal<Output, CommandError<Failure>> {
        execute(())
    }
}

extension Command: LifetimeProviding {}

extension Command: BindingTargetProvider {
    /// Executes the command with each value bound, as ``execute(_:)`` does, without keeping the
    /// command alive: bindings end when it is released. A value that arrives while the command
    /// is not enabled starts nothing and is sent on ``disabledAttempts``.
    public var bindingTarget: BindingTarget<Input> {
        BindingTarget(lifetime: lifetime) { [weak self] input in self?.execute(input) }
    }
}

extension Property where Value == Bool {
    /// A read-only view of a flag kept by its owner, such as a command's.
    convenience init(flag: Broadcast<Bool, Never>, named name: String) {
        self.init(
            broadcast: flag, viewed: nil, upstream: nil, signal: flag.signal(named: { _ in name }),
            changes: flag.changes(named: name + ".changes"))
    }
}
