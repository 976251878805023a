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
        ThreadState.current.release(&signal)
    }
}

/// Holds the observer that a checkpoint of a long chain subscribes its upstream with, and hands
/// it to the thread's release queue when the holder dies, so that releasing the observers of the
/// chain does not recurse through it.
///
/// Not `Sendable`: like the observer it holds, it is used by one subscription's serial event path.
@usableFromInline
final class HeldObserver<Value, Failure: Error> {
    // Touched only by the serial event path of one subscription (rule G6) and by deinit, which
    // runs after that path let go; the dynamic exclusivity check would cost more than the call.
    @exclusivity(unchecked) @usableFromInline var observer: Observer<Value, Failure>?

    @inlinable
    init(_ observer: Observer<Value, Failure>) {
        self.observer = observer
    }

    /// An observer that forwards to the held one.
    @inlinable
    var forwarding: Observer<Value, Failure> {
        Observer { [self] event in observer.unsafelyUnwrapped.send(event) }  // set until deinit
    }

    deinit {
        ThreadState.current.release(&observer)
    }
}
