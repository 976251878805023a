/// A cold stream of values over time that ends with completion or a typed failure.
///
/// A signal does nothing until it is subscribed to. Every subscription runs the signal's work
/// again from the start, with fresh state (rule G4 in `docs/Contracts.md`), and receives
/// `next* (error | completed)?`. A signal that cannot fail has `Failure == Never`.
///
/// Signals are values: cheap to copy, `Sendable`, and immutable. Operators return new signals.
///
/// ```swift
/// let evens = Signal<Int, Never>.from(1...10).filter { $0 % 2 == 0 }
/// let subscription = evens.subscribe(next: { print($0) })
/// ```
public struct Signal<Value: Sendable, Failure: Error>: Sendable {
    /// How a subscription is started. The cases other than `producer` let the core run common
    /// shapes without allocating or recursing: `just` is forwarded in place by `bind`, a
    /// `concat` chain of any length is walked with an explicit stack, `zip` pulls from two
    /// `sequence`s in step instead of buffering one of them whole, a chain of `lifted` signals
    /// of any length is subscribed and released without recursing all the way, and a
    /// subscription with closures to a subject or a property is the `broadcast`'s own receiver,
    /// with no lifetime around it.
    @usableFromInline
    enum Source: Sendable {
        case just(Value)
        case empty
        case failure(Failure)
        case never
        case producer(@Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void)
        /// A synchronous, side-effect-free source: the producer pushes every element, and
        /// `makeIterator` lets a consumer pull them instead.
        case sequence(
            producer: @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void,
            makeIterator: @Sendable () -> () -> Value?)
        case concat(ConcatParts.Reference)
        /// A producer that subscribes one upstream as its last act (see
        /// ``Signal/init(name:lifting:_:)``), and where it stands in a stack of such signals.
        case lifted(
            producer: @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void, LiftTrace)
        /// The subscriptions to a subject or a property: each receives what the broadcast
        /// remembers, then the events it sends from then on.
        case broadcast(Broadcast<Value, Failure>)
    }

    @usableFromInline let source: Source
    /// Whether the explicit name holds other signals (``SignalName/holdsSignals``). Declared
    /// here, it takes a byte of the padding after `source`: the signal stays 56 bytes.
    @usableFromInline let explicitNameHoldsSignals: Bool
    /// The explicit name's renderer. Held as an optional closure rather than a `SignalName?`:
    /// the compiler copies an optional struct held in memory through a run-time value witness,
    /// about 80 instructions for each copy of a signal, and an optional closure with two moves
    /// and a retain.
    @usableFromInline let explicitNameRenderer: (@Sendable (_ depth: Int) -> String)?

    @inlinable
    init(source: Source, name: SignalName? = nil) {
        self.source = source
        self.explicitNameRenderer = name?.render
        self.explicitNameHoldsSignals = name?.holdsSignals ?? false
    }

    /// Creates a signal from a producer: the building block for operators.
    ///
    /// The producer runs once per subscription with the downstream observer and the
    /// subscription's lifetime. It must follow the contract in `docs/Contracts.md`: call the
    /// observer serially, follow the grammar, add what it holds to `lifetime`, and stop when
    /// `lifetime` is disposed. Use ``create(_:)`` when the events come from arbitrary code;
    /// it enforces all of this for you.
    @inlinable
    public init(producer: @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void) {
        self.init(source: Self.releasedWithoutRecursion(producer))
    }

    /// Creates a named signal from a producer (see ``init(producer:)``). Naming at creation,
    /// rather than with ``named(_:)-(SignalName)`` afterwards, keeps the producer visible to the
    /// optimizer, which matters for operators on hot paths.
    @inlinable
    public init(
        name: SignalName,
        producer: @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void
    ) {
        self.init(source: Self.releasedWithoutRecursion(producer), name: name)
    }

    /// A producer source whose release does not recurse into the signals the producer captures:
    /// an operator's producer captures its upstream, and a chain of a million operators would
    /// otherwise be released a million frames deep. Sources that capture no signal, such as a
    /// subject's, use `.producer` directly.
    @inlinable
    static func releasedWithoutRecursion(
        _ producer: @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void
    ) -> Source {
        let held = HeldProducer(producer)
        return .producer { observer, lifetime in held.run(observer, lifetime) }
    }

    /// Starts a subscription that delivers to `observer` for as long as `lifetime` is not
    /// disposed: the entry point operators use to subscribe to their upstream.
    ///
    /// Whoever subscribes disposes `lifetime` once it has received a terminal event (rule G2),
    /// or hands that duty on: ``subscribe(next:error:completed:)`` does it for you.
    @inlinable
    public func subscribe(_ observer: Observer<Value, Failure>, in lifetime: CompositeDisposable) {
        guard !lifetime.isDisposed else { return }
        switch source {
        case .just(let value):
            observer.sendNext(value)
            observer.sendCompleted()
        case .empty:
            observer.sendCompleted()
        case .failure(let failure):
            observer.sendError(failure)
        case .never:
            break
        case .producer(let producer):
            #if DEBUG
            LiveSubscriptionCounter.opened(lifetime)
            #endif
            run(producer, observer, in: lifetime)
        case .sequence(let producer, _):
            // A sequence subscribes nothing and runs at once, as `just` does: the subscriptions
            // its observer makes for its values are checked where they are made.
            producer(observer, lifetime)
        case .lifted(let producer, _):
            // A chain of lifted signals has checkpoints of its own (`LiftCheckpoint.interval`).
            producer(observer, lifetime)
        case .concat(let parts):
            ConcatRun.start(parts.buffer, observer, lifetime)
        case .broadcast(let broadcast):
            #if DEBUG
            LiveSubscriptionCounter.opened(lifetime)
            #endif
            run({ broadcast.subscribe($0, in: $1) }, observer, in: lifetime)
        }
    }
}
