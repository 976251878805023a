import Observation

extension Observable where Self: AnyObject {
    /// A signal of the value at `keyPath`: the current value when the signal is subscribed, then
    /// the latest value after each turn of the main queue in which it changed (RAC `RACObserve`,
    /// `-rac_valuesForKeyPath:observer:`; Combine's `publisher(for:)`).
    ///
    /// ```swift
    /// @MainActor @Observable final class SearchModel {
    ///     var query = ""
    ///     var results: [String] = []
    ///     private var subscription: (any Disposable)?
    ///
    ///     func start(search: @escaping @Sendable (String) -> Signal<[String], Never>) {
    ///         subscription = signal(for: \.query)
    ///             .throttle(0.3)
    ///             .flatMapLatest(search)
    ///             .deliver(on: .main)
    ///             .subscribe(next: { [weak self] in self?.results = $0 })
    ///     }
    /// }
    /// ```
    ///
    /// Every event is sent on the main queue, where the value is read:
    ///
    /// - **Current value:** read when the signal is subscribed, not when it is created. Subscribed
    ///   on the main queue, the value is sent before `subscribe` returns, as RAC sends it;
    ///   subscribed elsewhere, it is read and sent in a later turn of the main queue.
    /// - **Changes:** asynchronous and coalesced per turn of the main queue. Observation reports a
    ///   change before the new value is stored, so the value cannot be read at the change itself:
    ///   the first change after a read schedules one new read on the main queue, behind the work
    ///   already queued there, and that read sees every change made before it. Changes made in
    ///   one turn (one main-actor job, or the code between two suspension points) therefore arrive
    ///   as one value, the latest, never during the mutation. Values are not compared: a value
    ///   changed and changed back in one turn is sent again. (The `@Observable` macro reports no
    ///   change when an `Equatable` property is set to an equal value.) Use
    ///   `distinctUntilChanged()` to drop repeats.
    /// - **Completion:** the signal holds neither the object nor `observer`. Subscribed after
    ///   either is gone, it completes with no value, where it would have sent the current value.
    ///   When the object is deallocated, the signal completes in a later turn of the main queue;
    ///   when `observer` is deallocated, at the next change of the value, since nothing reports an
    ///   observer's deallocation. For a nested key path such as `\.settings.name`, an object along
    ///   the path that outlives the observed one keeps the signal running until its own next
    ///   change or deallocation.
    /// - **Disposal:** stops the observation at once and releases the subscription. What is left
    ///   registered with the object holds nothing strongly, and goes at the object's next change
    ///   or deallocation (Observation has no public way to cancel a registration).
    ///
    /// The object's tracked properties must change on the main actor, as those of a `@MainActor`
    /// class always do; other threads change them by hopping there. A change made on another
    /// thread stops the program with a message: Observation reports it before the value is
    /// stored, so a read on the main queue could miss it.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe; every observable property read on the way is tracked.
    ///   - observer: An object whose deallocation also ends the signal, as in RAC; `nil` for none.
    @MainActor
    public func signal<Value: Sendable>(
        for keyPath: KeyPath<Self, Value>, observer: AnyObject? = nil
    ) -> Signal<Value, Never> {
        ObservedKeyPath(self, keyPath, observer: observer).signal
    }
}
