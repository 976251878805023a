extension Signal {
    /// Creates a signal that subscribes to `upstream` through an observer it makes for each
    /// subscription: the building block for operators with one input that transform, drop or end
    /// its events, such as `map`, `filter` and `take`.
    ///
    /// For each subscription, `makeObserver` receives the downstream observer and the
    /// subscription's lifetime and returns the observer that `upstream` is then subscribed with,
    /// in the same lifetime. It may set up per-subscription state, but must not subscribe to
    /// anything itself; the observer it returns must follow the contract in
    /// `docs/Contracts.md` like any operator's.
    ///
    /// Unlike a signal made with ``init(producer:)``, a chain of lifted signals of any length is
    /// subscribed and released in constant stack depth: a hundred thousand `map`s run on a
    /// 512 KiB thread. A short chain costs the same as one made of producers.
    @inlinable
    public init<Input, InputFailure>(
        name: SignalName? = nil, lifting upstream: Signal<Input, InputFailure>,
        _ makeObserver:
            @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Observer<
                Input, InputFailure
            >
    ) {
        let below = upstream.liftTrace
        let depth = (below?.depth ?? 0) + 1
        guard depth % LiftCheckpoint.interval == 0 else {
            self.init(
                source: .lifted(
                    producer: { downstream, lifetime in
                        upstream.subscribe(makeObserver(downstream, lifetime), in: lifetime)
                    },
                    LiftTrace(depth: depth, checkpoint: below?.checkpoint)),
                name: name)
            return
        }
        self = Self.checkpoint(
            name: name, lifting: upstream, makeObserver, depth: depth, below: below?.checkpoint)
    }

    /// A lifted signal that is a checkpoint: it holds its upstream and its downstream observers
    /// in holders that release them later, and subscribes its upstream through the trampoline.
    @inlinable
    static func checkpoint<Input, InputFailure>(
        name: SignalName?, lifting upstream: Signal<Input, InputFailure>,
        _ makeObserver:
            @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Observer<
                Input, InputFailure
            >,
        depth: Int, below: LiftCheckpoint?
    ) -> Signal {
        let checkpoint = LiftCheckpoint(lower: below)
        let held = HeldSignal(upstream)
        return Signal(
            source: .lifted(
                producer: { downstream, lifetime in
                    let upstreamObserver = makeObserver(HeldObserver(downstream).forwarding, lifetime)
                    checkpoint.subscribe { held.signal.subscribe(upstreamObserver, in: lifetime) }
                },
                LiftTrace(depth: depth, checkpoint: checkpoint)),
            name: name)
    }

    /// Where this signal stands in a stack of lifted signals, if it is one.
    @inlinable
    var liftTrace: LiftTrace? {
        if case .lifted(_, let trace) = source { return trace }
        return nil
    }
}

/// Where a lifted signal stands in a stack of lifted signals.
@usableFromInline
struct LiftTrace: Sendable {
    /// How many lifted signals are stacked here, this one included, down to one that is not.
    @usableFromInline let depth: Int
    /// The nearest checkpoint at or below this signal.
    @usableFromInline let checkpoint: LiftCheckpoint?

    @inlinable
    init(depth: Int, checkpoint: LiftCheckpoint?) {
        self.depth = depth
        self.checkpoint = checkpoint
    }
}
