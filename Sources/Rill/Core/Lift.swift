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
        let (link, trace) = upstream.liftedLink()
        self.init(
            source: .lifted(
                producer: { [link] downstream, lifetime in
                    link.subscribe(makeObserver(downstream, lifetime), in: lifetime)
                },
                trace),
            name: name)
    }

    /// A lifted signal (see ``init(name:lifting:_:)``) whose upstream subscription has a
    /// lifetime of its own, which `makeSubscription` makes inside the subscription's lifetime
    /// (usually `lifetime.child()`) and returns with the observer: for an operator that ends its
    /// upstream subscription before its own, as `bind` stops consuming its source while the
    /// signals it merged still run, and as `take(_:)` disposes its source as soon as it has its
    /// values, before it completes, however late the completion reaches the subscriber.
    @inlinable
    public init<Input, InputFailure>(
        name: SignalName? = nil, lifting upstream: Signal<Input, InputFailure>,
        subscribingIn makeSubscription:
            @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> (
                Observer<Input, InputFailure>, CompositeDisposable
            )
    ) {
        let (link, trace) = upstream.liftedLink()
        self.init(
            source: .lifted(
                producer: { [link] downstream, lifetime in
                    let (observer, upstreamLifetime) = makeSubscription(downstream, lifetime)
                    link.subscribe(observer, in: upstreamLifetime)
                },
                trace),
            name: name)
    }

    /// What a lifted signal over this one subscribes, and where it stands in its stack of lifted
    /// signals.
    ///
    /// Every lifted signal has the same producer; a checkpoint differs only in the upstream it
    /// subscribes, made out of line. The trace holds its checkpoint unmanaged. Both keep the
    /// init free of reference counting on its common path, so that the optimizer inlines the
    /// operators of a short chain and fuses them into one loop.
    @inlinable
    func liftedLink() -> (Signal, LiftTrace) {
        let below = liftTrace
        let depth = (below?.depth ?? 0) + 1
        var link = self
        var checkpoint = below?.checkpoint
        if depth % LiftCheckpoint.interval == 0 {
            (link, checkpoint) = checkpointed(below: checkpoint)
        } else if isConcat {
            link = heldForRelease()
        }
        return (link, LiftTrace(depth: depth, checkpoint: checkpoint))
    }

    /// This signal behind a new checkpoint above `below`, and that checkpoint. The signal holds
    /// this one and each subscription's observer in holders that release them later, and
    /// subscribes this one through the checkpoint's trampoline; it owns the checkpoint.
    @inlinable @inline(never)
    func checkpointed(below: Unmanaged<LiftCheckpoint>?) -> (Signal, Unmanaged<LiftCheckpoint>) {
        let checkpoint = LiftCheckpoint(lower: below?.takeUnretainedValue())
        let held = HeldSignal(self)
        let signal = Signal(producer: { observer, lifetime in
            // Also where an event's recursion down the chain may stop (see `DeepChain`).
            let forwarding = DeliveryCheckpoint(observer).observer
            checkpoint.subscribe { held.signal.subscribe(forwarding, in: lifetime) }
        })
        return (signal, .passUnretained(checkpoint))
    }

    /// Whether this signal runs a producer, a sequence or a concatenation, or has a name derived
    /// from other signals: what it holds may be a chain of signals as long as the program made
    /// it (`merge` of a sequence holds its signals in a `from` sequence; `replay()` over and over
    /// names each multicast after the signal before it), so whatever holds it must not release
    /// it by recursion.
    ///
    /// A subject's or a property's signal named with a fixed text holds only its broadcast,
    /// which a lifted signal over it holds directly anyway: holding it again, for the name of
    /// each `map` over it, cost that `map` a holder whose release runs unspecialized code.
    ///
    /// A constant's value is not asked about here: whether it holds references is known only
    /// once the optimizer has lowered the code to machine types, long after it has decided
    /// whether a lifted chain over a constant (`just(value).map`) fuses, and a branch it cannot
    /// rule out costs every such chain its fusion (W3 went from 24 ns to 115). A constant
    /// whose value is a signal holds that signal for release instead (``just(_:)``).
    @inlinable
    var mayHoldChain: Bool {
        switch source {
        case .producer, .sequence, .concat: true
        case .lifted: false
        // A constant's or a broadcast's derived name may be a chain of names: an operator that
        // returns its receiver renamed (`skip(0)`), applied over and over.
        case .just, .empty, .failure, .never, .broadcast: explicitNameHoldsSignals
        }
    }

    /// Whether this signal is a concatenation, which a lifted signal over it holds in a holder
    /// released without recursion.
    ///
    /// A property of its own, not a condition written out in `liftedLink()`: written out there,
    /// the optimizer no longer fuses a short lifted chain over a sequence into one loop, and W1
    /// goes from about 1 ns an element to 25.
    @inlinable
    var isConcat: Bool {
        if case .concat = source { return true }
        return false
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
    /// The nearest checkpoint at or below this signal. Unmanaged, so that making and copying a
    /// trace costs no reference counting: the checkpoint lives as long as this signal, whose
    /// producer holds its upstream down to the signal that owns the checkpoint.
    @usableFromInline let checkpoint: Unmanaged<LiftCheckpoint>?

    @inlinable
    init(depth: Int, checkpoint: Unmanaged<LiftCheckpoint>?) {
        self.depth = depth
        self.checkpoint = checkpoint
    }
}
