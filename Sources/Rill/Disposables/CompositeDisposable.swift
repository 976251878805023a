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
    /// The entries in the order they were added. Most lifetimes hold none or one, so the first
    /// entry has a slot of its own and the array is only allocated for a second.
    private struct Entries {
        var first: (any Disposable)?
        var rest: [any Disposable] = []

        mutating func append(_ disposable: any Disposable) {
            if first == nil && rest.isEmpty {
                first = disposable
            } else {
                rest.append(disposable)
            }
        }

        mutating func remove(_ disposable: any Disposable) {
            // Parts are usually removed in the reverse order of their addition: search from the end.
            if let index = rest.lastIndex(where: { $0 === disposable }) {
                rest.remove(at: index)
            } else if first === disposable {
                first = nil
            }
        }
    }

    /// The bits of ``flags``.
    @usableFromInline
    enum Flag {
        @inlinable static var disposed: Int { 1 }
        /// Set, under the lock, before the first entry is added: without it, disposal needs no lock.
        @inlinable static var hasEntries: Int { 2 }
    }

    private let entries = Lock(Entries())
    @usableFromInline let flags = Atomic<Int>(0)
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

    @inlinable
    public var isDisposed: Bool { flags.load(ordering: .acquiring) & Flag.disposed != 0 }

    /// Adds `disposable`, or disposes it at once if this composite is already disposed.
    public func add(_ disposable: (any Disposable)?) {
        guard let disposable else { return }
        let accepted = entries.withLock { entries in
            // Announcing the entry and reading the disposed bit in one step orders this add
            // against `dispose`: either it sees `hasEntries` and waits for this lock, or this
            // add sees `disposed` and refuses.
            let before = flags.bitwiseOr(Flag.hasEntries, ordering: .acquiringAndReleasing).oldValue
            guard before & Flag.disposed == 0 else { return false }
            entries.append(disposable)
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
        entries.withLock { $0.remove(disposable) }
    }

    /// A nested lifetime: disposed with this one, and removed from it when disposed on its own.
    public func child() -> CompositeDisposable {
        let child = CompositeDisposable(parent: self)
        add(child)
        return child
    }

    public func dispose() {
        // A second disposal, common when a terminal event has already disposed the lifetime,
        // costs one load.
        guard flags.load(ordering: .acquiring) & Flag.disposed == 0 else { return }
        let before = flags.bitwiseOr(Flag.disposed, ordering: .acquiringAndReleasing).oldValue
        guard before & Flag.disposed == 0 else { return }
        if before & Flag.hasEntries != 0 {
            let taken = entries.withLock { entries in
                defer { entries = Entries() }
                return entries
            }
            ThreadState.withCurrent { $0.dispose(taken.first, taken.rest) }
        }
        parent?.remove(self)
    }
}
