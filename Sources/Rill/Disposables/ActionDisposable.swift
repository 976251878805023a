import Synchronization

/// Runs a closure the first time it is disposed, then releases the closure.
public final class ActionDisposable: Disposable {
    private let action: Lock<(@Sendable () -> Void)?>
    private let disposed = Atomic<Bool>(false)

    /// Creates a disposable that runs `action` once, on the first call to ``dispose()``.
    public init(_ action: @escaping @Sendable () -> Void) {
        self.action = Lock(action)
    }

    /// A disposable with no action, already usable as a "nothing to tear down" marker.
    public convenience init() {
        self.init {}
    }

    public var isDisposed: Bool { disposed.load(ordering: .acquiring) }

    public func dispose() {
        guard !disposed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        // Take the closure out first so that it runs, and is released, outside the lock.
        let action = self.action.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
    }
}
