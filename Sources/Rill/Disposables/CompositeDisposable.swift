import Synchronization

/// A bag of disposables that are disposed together.
///
/// Every subscription owns one composite disposable, its *lifetime*: operators add the resources
/// they hold to it and check ``isDisposed`` to stop work early. ``child()`` makes a nested lifetime
/// for a part of the subscription (an inner signal of `bind`, one part of `concat`) that can end on
/// its own and removes itself from its parent when it does, so a long-lived subscription does not
/// accumulate finished parts.
///
/// Anything added after disposal is disposed at once.
public final class CompositeDisposable: Disposable {
    private struct State {
        var entries: [any Disposable] = []
        var isDisposed = false
    }

    private let state = Lock(State())
    /// Mirrors `state.isDisposed` so that the per-event check is one atomic load, not a lock.
    private let disposed = Atomic<Bool>(false)
    private let parent: CompositeDisposable?

    /// Creates an empty composite disposable.
    public convenience init() {
        self.init(parent: nil)
    }

    /// Creates a composite disposable holding `disposables`.
    public convenience init(_ disposables: [any Disposable]) {
        self.init(parent: nil)
        for disposable in disposables { add(disposable) }
    }

    private init(parent: CompositeDisposable?) {
        self.parent = parent
    }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    /// Adds `disposable`, or disposes it at once if this composite is already disposed.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        let accepted = state.withLock { state in
            guard !state.isDisposed else { return false }
            state.entries.append(disposable)
            return true
        }
        if !accepted { disposable.dispose() }
    }

    /// Adds an action to run on disposal, or runs it at once if already disposed.
    public func add(_ action: @escaping @Sendable () -> Void) {
        add(ActionDisposable(action))
    }

    /// Removes `disposable` without disposing it.
    public func remove(_ disposable: any Disposable) {
        state.withLock { state in
            // Parts are usually removed in the reverse order of their addition: search from the end.
            if let index = state.entries.lastIndex(where: { $0 === disposable }) {
                state.entries.remove(at: index)
            }
        }
    }

    /// A nested lifetime: disposed with this one, and removed from it when disposed on its own.
    public func child() -> CompositeDisposable {
        let child = CompositeDisposable(parent: self)
        add(child)
        return child
    }

    public func dispose() {
        let entries: [any Disposable]? = state.withLock { state in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            disposed.store(true, ordering: .releasing)
            defer { state.entries = [] }
            return state.entries
        }
        guard let entries else { return }
        for entry in entries { entry.dispose() }
        parent?.remove(self)
    }
}
