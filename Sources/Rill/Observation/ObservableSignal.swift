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
    ///             .flattenMap(search)
    ///             .deliver(on: .main)
    ///             .subscribe(next: { self.results = $0 })
    ///     }
    /// }
    /// ```
    ///
    /// Every event is sent on the main queue, where the value is read:
    ///
    /// - **Current value:** read when the signal is subscribed, not when it is created. Subscribed
    ///   on the main queue, the value is sent before `subscribe` returns; subscribed elsewhere, it is
    ///   read and sent on the main queue soon after.
    /// - **Changes:** the first change after a read schedules one new read on the main queue,
    ///   behind the work already queued there. Observation reports a change before the new value
    ///   is stored, so the value cannot be read at the change itself; the read that follows sees
    ///   every change made before it. Changes made in one turn of the main queue (one main-actor
    ///   job, or the code between two suspension points) therefore arrive as one value, the
    ///   latest. Values are not compared: a property set back to the value last sent sends it
    ///   again; use ``Signal/distinctUntilChanged()`` to drop repeats.
    /// - **Completion:** the signal holds neither the object nor `observer`. Subscribed after
    ///   either is gone, it completes at once. When the object is deallocated, the signal
    ///   completes on the main queue soon after; when `observer` is deallocated, at the next change
    ///   of the value. For a nested key path such as `\.settings.name`, an object along the path
    ///   that outlives the observed one keeps the signal running until its own next change or
    ///   deallocation.
    /// - **Disposal:** stops the observation at once. What is still registered with the object
    ///   holds nothing strongly, and goes at the object's next change or deallocation.
    ///
    /// The object's tracked properties must change on the main actor, as those of a `@MainActor`
    /// class always do. A change made on another thread stops the program with a message:
    /// Observation reports it before the value is stored, so a read on the main queue could miss it.
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
