/// What a signal of an `Observable` object's key path reads, held without keeping the object or
/// the observer alive (RAC's observation holds both weakly).
///
/// Isolated to the main actor, where every read happens: that is what lets it keep a key path to
/// main-actor-isolated state, which is not `Sendable`.
@MainActor
final class ObservedKeyPath<Root: AnyObject, Value: Sendable> {
    private weak var root: Root?
    private weak var observer: AnyObject?
    /// Whether an observer was given, so that its absence can be told from its deallocation.
    private let hasObserver: Bool
    private let keyPath: KeyPath<Root, Value>

    init(_ root: Root, _ keyPath: KeyPath<Root, Value>, observer: AnyObject?) {
        self.root = root
        self.keyPath = keyPath
        self.observer = observer
        hasObserver = observer != nil
    }

    /// The value now, or `nil` once the object or the observer is gone; `body` runs while the
    /// object is held, so that it cannot be deallocated half-way through a read.
    func read<Result>(_ body: (Root, KeyPath<Root, Value>) -> Result) -> Result? {
        guard let root, !hasObserver || observer != nil else { return nil }
        return body(root, keyPath)
    }

    /// A signal that starts a new observation of the value for each subscription.
    nonisolated var signal: Signal<Value, Never> {
        Signal.create { subscriber in
            let observation = KeyPathObservation(self, subscriber)
            observation.start()
            // The observation lives as long as the subscription: the object's registrar only holds
            // it weakly.
            return ActionDisposable { withExtendedLifetime(observation) {} }
        }.named("-rac_valuesForKeyPath:observer:")
    }
}
