/// The debug name of a signal, in RAC's `setNameWithFormat:` style: `[[source] -map:] -filter:`.
///
/// Names are rendered on demand, so naming costs nothing until someone looks. A name nested
/// deeper than ``SignalName/maximumDepth`` levels is abbreviated to `…`, which keeps very long
/// chains (a million `concat`s) printable.
public struct SignalName: Sendable, CustomStringConvertible {
    /// How many levels of nested names are rendered before abbreviating.
    public static let maximumDepth = 32

    @usableFromInline let render: @Sendable (_ depth: Int) -> String
    /// Whether rendering reads the names of other signals, which the name then holds: a name
    /// derived from signals, not a fixed text. A signal named so may hold a chain of signals
    /// through its name alone.
    @usableFromInline let holdsSignals: Bool

    @inlinable
    init(render: @escaping @Sendable (_ depth: Int) -> String, holdsSignals: Bool = true) {
        self.render = render
        self.holdsSignals = holdsSignals
    }

    /// A fixed name.
    public init(_ text: String) {
        render = { _ in text }
        holdsSignals = false
    }

    /// A fixed name, which `render` renders without reading other signals' names.
    @inlinable
    static func fixed(_ render: @escaping @Sendable (_ depth: Int) -> String) -> SignalName {
        SignalName(render: render, holdsSignals: false)
    }

    /// `[receiver] selector`, as RAC names a derived signal (`[+return: 1] -map:`).
    @inlinable
    public static func derived<Input, InputFailure>(
        from receiver: Signal<Input, InputFailure>, _ selector: String
    ) -> SignalName {
        // The name of a checkpoint of a long chain of lifted signals holds its receiver like
        // the checkpoint holds its upstream, so that releasing the names does not recurse either.
        // So does the name over the first signal of a stack of lifted signals: a chain that
        // alternates lifted signals with others restarts the stack at every step.
        if let trace = receiver.liftTrace {
            if trace.depth == 1 || (trace.depth + 1) % LiftCheckpoint.interval == 0 {
                return held(receiver, selector)
            }
            return over(receiver, selector)
        }
        // A producer's or a concatenation's receiver is held like a checkpoint's: a chain of them
        // holds a chain of names.
        if receiver.mayHoldChain { return held(receiver, selector) }
        return over(receiver, selector)
    }

    /// `[receiver] selector`. A receiver's explicit name is captured alone: the receiver itself
    /// is a reference to its source too, one more retain and release for each operator made.
    @inlinable
    static func over<Input, InputFailure>(_ receiver: Signal<Input, InputFailure>, _ selector: String)
        -> SignalName
    {
        if let render = receiver.explicitNameRenderer {
            return SignalName { depth in "[\(depth > 1 ? render(depth - 1) : "…")] \(selector)" }
        }
        return SignalName { depth in "[\(receiver.name(depth: depth - 1))] \(selector)" }
    }

    /// `[receiver] selector`, with the receiver in a holder released without recursion. Out of
    /// line, so that the operators of a short lifted chain stay small enough for the optimizer
    /// to fuse.
    @inlinable @inline(never)
    static func held<Input, InputFailure>(_ receiver: Signal<Input, InputFailure>, _ selector: String)
        -> SignalName
    {
        let held = HeldSignal(receiver)
        return SignalName { depth in "[\(held.signal.name(depth: depth - 1))] \(selector)" }
    }

    /// `[receiver] selector argument`, for operators that take another signal (`-zipWith:`).
    @inlinable
    public static func derived<Input, InputFailure, Argument, ArgumentFailure>(
        from receiver: Signal<Input, InputFailure>, _ selector: String,
        _ argument: Signal<Argument, ArgumentFailure>
    ) -> SignalName {
        if receiver.mayHoldChain || argument.mayHoldChain {
            let held = HeldSignal(receiver)
            let heldArgument = HeldSignal(argument)
            return SignalName { depth in
                "[\(held.signal.name(depth: depth - 1))] \(selector) \(heldArgument.signal.name(depth: depth - 1))"
            }
        }
        return SignalName { depth in
            "[\(receiver.name(depth: depth - 1))] \(selector) \(argument.name(depth: depth - 1))"
        }
    }

    public var description: String { render(Self.maximumDepth) }
}

extension Signal: CustomStringConvertible, CustomDebugStringConvertible {
    /// The signal's debug name (see ``SignalName``).
    public var name: String { name(depth: SignalName.maximumDepth) }

    /// Returns the same signal under a new debug name, as RAC's `-setNameWithFormat:` does.
    @inlinable
    public func named(_ name: String) -> Signal {
        Signal(source: source, name: SignalName(name))
    }

    /// Returns the same signal under a new debug name.
    @inlinable
    public func named(_ name: SignalName) -> Signal {
        Signal(source: source, name: name)
    }

    @usableFromInline
    func name(depth: Int) -> String {
        guard depth > 0 else { return "…" }
        if let explicitNameRenderer { return explicitNameRenderer(depth) }
        switch source {
        case .just(let value): return "+return: \(value)"
        case .empty: return "+empty"
        case .failure(let failure): return "+error: \(failure)"
        case .never: return "+never"
        case .producer, .lifted, .broadcast: return "+createSignal:"
        case .sequence: return "+from: sequence"
        case .concat(let parts): return parts.buffer.name(of: Signal.self, depth: depth)
        }
    }

    public var description: String { name }
    public var debugDescription: String { "Signal<\(Value.self), \(Failure.self)>(\(name))" }
}
