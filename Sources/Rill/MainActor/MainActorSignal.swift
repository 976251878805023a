/// A signal whose events arrive on the main actor, so that its subscription takes `@MainActor`
/// handlers: what ``Signal/deliver(on:)-(MainScheduler)`` returns.
///
/// A `@MainActor` type subscribes with closures that use its state directly, in Swift 6
/// language mode, with nothing unchecked:
///
/// ```swift
/// @MainActor final class SearchModel {
///     var results: [String] = []
///     private var subscription: (any Disposable)?
///
///     func bind(_ queries: Signal<String, Never>) {
///         subscription = queries
///             .throttle(0.3)
///             .flatMapLatest(search)
///             .deliver(on: .main)
///             .subscribe(next: { [weak self] in self?.results = $0 })
///     }
/// }
/// ```
///
/// After `deliver(on: .main)`, `map`, `filter`, `removeDuplicates` and `bind(to:)` keep a
/// main-actor signal and take `@MainActor` closures; apply other operators before
/// `deliver(on: .main)`. ``signal`` gives the plain signal back.
public struct MainActorSignal<Value: Sendable, Failure: Error>: Sendable {
    /// The same events as a plain ``Signal``, still delivered on the main queue.
    public let signal: Signal<Value, Failure>

    /// Wraps a signal that delivers every event on the main queue. ``MainActorSignal/subscribe(next:error:completed:)``
    /// stops with a message if an event arrives anywhere else.
    @inlinable
    init(deliveringOnMain signal: Signal<Value, Failure>) {
        self.signal = signal
    }

    /// Subscribes with `@MainActor` handlers and returns the subscription.
    ///
    /// The handlers run on the main actor, serially, in the order of the events. As with
    /// ``Signal/subscribe(next:error:completed:)``, disposal stops delivery at once and calls no
    /// handler; the subscription's resources are disposed before `error` or `completed` runs.
    @inlinable
    @discardableResult
    public func subscribe(
        next: @escaping @MainActor (Value) -> Void = { _ in },
        error: @escaping @MainActor (Failure) -> Void = { _ in },
        completed: @escaping @MainActor () -> Void = {}
    ) -> any Disposable {
        let api = "MainActorSignal.subscribe(next:error:completed:)"
        return signal.subscribe(
            next: { value in MainActorSignal.onMainActor(api) { next(value) } },
            error: { failure in MainActorSignal.onMainActor(api) { error(failure) } },
            completed: { MainActorSignal.onMainActor(api) { completed() } })
    }

    /// Runs `handler` on the main actor, which the caller is on: every event of ``signal`` is
    /// delivered by ``MainScheduler``, on the main queue, and the operators on a main-actor
    /// signal deliver where they receive.
    @inlinable
    static func onMainActor<Result: Sendable>(_ api: String, _ handler: @MainActor () -> Result) -> Result {
        precondition(MainScheduler.isOnMainQueue, "\(api): an event arrived off the main queue")
        return MainActor.assumeIsolated(handler)
    }
}

extension Signal {
    /// Sends every event on the main queue and returns a ``MainActorSignal``, whose
    /// subscription takes `@MainActor` handlers (RAC `-deliverOnMainThread`).
    ///
    /// As in RAC, an event produced on the main queue while no earlier event of the same
    /// subscription is waiting there is sent at once, without waiting for the next turn of the
    /// run loop; any other event is queued on the main queue behind the ones waiting. Each
    /// subscription keeps its own count of waiting events, so other traffic on the main queue
    /// does not delay it. This signal's work and side effects stay where they are.
    ///
    /// `scheduler` selects this overload; pass `.main`. Use `deliver(on:)` with an `any Scheduler`
    /// with `MainScheduler.main` to keep a plain ``Signal``.
    @inlinable
    public func deliver(on scheduler: MainScheduler) -> MainActorSignal<Value, Failure> {
        MainActorSignal(deliveringOnMain: .defer { self.deliver(on: MainScheduler() as any Scheduler) })
    }
}
