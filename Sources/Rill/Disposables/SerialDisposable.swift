import Synchronization

/// Holds one inner disposable at a time.
///
/// Assigning ``inner`` disposes the previous one, as ReactiveSwift's `SerialDisposable` does;
/// RAC 2.5's `-setDisposable:` only replaces it. ``swap(_:)`` hands it back undisposed, as RAC's
/// `-swapInDisposable:` does. Once the serial disposable is disposed, anything assigned to it is
/// disposed at once.
public final class SerialDisposable: Disposable {
    private struct State {
        var inner: (any Disposable)?
        var isDisposed = false
    }

    private let state: Lock<State>

    /// Creates a serial disposable, optionally holding `inner`.
    public init(_ inner: (any Disposable)? = nil) {
        state = Lock(State(inner: inner))
    }

    public var isDisposed: Bool { state.withLock { $0.isDisposed } }

    /// The disposable currently held. Setting it disposes the one it replaces.
    public var inner: (any Disposable)? {
        get { state.withLock { $0.inner } }
        set { swap(newValue)?.dispose() }
    }

    /// Replaces the held disposable and returns the old one without disposing it.
    ///
    /// If this serial disposable is already disposed, `newInner` is disposed and `nil` is returned.
    @discardableResult
    public func swap(_ newInner: (any Disposable)?) -> (any Disposable)? {
        let (old, rejected): ((any Disposable)?, Bool) = state.withLock { state in
            if state.isDisposed { return (nil, true) }
            defer { state.inner = newInner }
            return (state.inner, false)
        }
        if rejected { newInner?.dispose() }
        return old
    }

    public func dispose() {
        let inner: (any Disposable)? = state.withLock { state in
            guard !state.isDisposed else { return nil }
            state.isDisposed = true
            defer { state.inner = nil }
            return state.inner
        }
        inner?.dispose()
    }
}
