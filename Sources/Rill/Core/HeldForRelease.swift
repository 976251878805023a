/// Holds a signal that a checkpoint of a long chain captures, and hands it to the thread's release
/// queue when the holder dies, so that releasing the chain does not recurse through it.
@usableFromInline
final class HeldSignal<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline let held: Lock<Signal<Value, Failure>?>

    @inlinable
    init(_ signal: Signal<Value, Failure>) {
        held = Lock(signal)
    }

    /// The signal; only `deinit` takes it away.
    @inlinable
    var signal: Signal<Value, Failure> {
        held.withLock { $0! }  // set until deinit
    }

    deinit {
        var signal = held.withLock { $0.take() }
        ThreadState.withCurrent { $0.release(&signal) }
    }
}

/// Holds the producer of a signal made with ``Signal/init(producer:)``, and hands it to the
/// thread's release queue when the holder dies. An operator's producer captures its upstream
/// signal, so a chain of them is a chain of closures; releasing it through these holders does
/// not recurse through the whole chain.
@usableFromInline
final class HeldProducer<Value: Sendable, Failure: Error>: Sendable {
    /// The producer, in a struct: a bare function type in the generic lock would be reabstracted
    /// on every `inout` access, and each access would wrap the stored closure in one more thunk.
    @usableFromInline
    struct Producer: Sendable {
        @usableFromInline let run: @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void

        @inlinable
        init(_ run: @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void) {
            self.run = run
        }
    }

    @usableFromInline let held: Lock<Producer?>

    @inlinable
    init(_ producer: @escaping @Sendable (Observer<Value, Failure>, CompositeDisposable) -> Void) {
        held = Lock(Producer(producer))
    }

    /// Runs the producer; only `deinit` takes it away.
    @inlinable
    func run(_ observer: Observer<Value, Failure>, _ lifetime: CompositeDisposable) {
        let producer = held.withLock { $0.unsafelyUnwrapped }  // set until deinit
        producer.run(observer, lifetime)
    }

    deinit {
        var producer = held.withLock { $0.take() }
        ThreadState.withCurrent { $0.release(&producer) }
    }
}

/// A signal that can be put behind a holder released without recursion, whatever its type: what
/// ``Signal/just(_:)`` asks of a value that may be a signal.
@usableFromInline
protocol ReleasedWithoutRecursion {
    /// The same signal, with the same name, subscribed through a holder that releases it from
    /// the thread's release queue.
    func heldForRelease() -> Self
}

extension Signal: ReleasedWithoutRecursion {
    @inlinable @inline(never)
    func heldForRelease() -> Signal {
        let held = HeldSignal(self)
        return Signal(
            source: .producer { observer, lifetime in held.signal.subscribe(observer, in: lifetime) },
            name: SignalName { depth in held.signal.name(depth: depth) })
    }
}
