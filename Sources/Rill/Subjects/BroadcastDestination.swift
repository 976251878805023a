/// Where a ``BroadcastReceiver`` delivers, in a box the receiver holds unmanaged: an observer,
/// or the closures of a subscription made with closures
/// (``Signal/subscribeToBroadcast(next:error:completed:)``).
///
/// The receiver calls such closures itself, rather than through an observer made of them: the
/// subscription then costs one object fewer (the observer's closure context) and each value one
/// indirect call fewer. Every property is a `let` read in place, with no enum to switch on: a
/// switch over an enum of closures copied its payload, a retain and a release of each closure
/// for every value.
@usableFromInline
final class BroadcastDestination<Value: Sendable, Failure: Error> {
    /// Whether the receiver calls ``next``, ``error`` and ``completed`` rather than ``observer``.
    @usableFromInline let callsClosures: Bool
    @usableFromInline let observer: Observer<Value, Failure>
    @usableFromInline let next: @Sendable (Value) -> Void
    @usableFromInline let error: @Sendable (Failure) -> Void
    @usableFromInline let completed: @Sendable () -> Void

    /// Calls the closure for `event`, as ``Signal/subscribe(next:error:completed:)`` does:
    /// nothing once `receiver` is disposed, and a terminal event disposes it first (rule G2).
    ///
    /// Not inlined: called, this box is guaranteed alive for the call, so its closures are
    /// called without a retain; inlined into the receiver, whose disposal may release the box,
    /// each closure was retained and released around every value.
    @inlinable @inline(never)
    func callClosures(with event: Event<Value, Failure>, from receiver: BroadcastReceiver<Value, Failure>) {
        Signal.handle(
            event, next: next, error: error, completed: completed,
            unlessDisposed: { receiver.isDisposed }, disposing: { receiver.dispose() })
    }

    #if DEBUG
    /// Where a subscription made with closures, which has no lifetime to count it, is counted
    /// as live until this box is released: `nil` if it is counted in the process only, or if
    /// this box holds an observer, whose subscription's lifetime counts it.
    @usableFromInline let countedIn: LiveSubscriptionCounter?

    deinit {
        if callsClosures { LiveSubscriptionCounter.close(countedIn) }
    }
    #endif

    @inlinable
    init(_ observer: Observer<Value, Failure>) {
        callsClosures = false
        self.observer = observer
        next = { @Sendable _ in }
        error = { @Sendable _ in }
        completed = { @Sendable in }
        #if DEBUG
        countedIn = nil
        #endif
    }

    @inlinable
    init(
        next: @escaping @Sendable (Value) -> Void, error: @escaping @Sendable (Failure) -> Void,
        completed: @escaping @Sendable () -> Void
    ) {
        callsClosures = true
        observer = Observer(handlingInPlace: { _ in })
        (self.next, self.error, self.completed) = (next, error, completed)
        #if DEBUG
        countedIn = LiveSubscriptionCounter.open()
        #endif
    }
}
