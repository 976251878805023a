/// Disposes the disposable it wraps when it is released (RAC `-asScopedDisposable`).
///
/// Keep one in a property to tie a subscription to the owner's lifetime:
///
/// ```swift
/// final class Screen {
///     let updates: ScopedDisposable
///     init(model: Signal<Int, Never>) {
///         updates = model.subscribe(next: { print($0) }).scoped()
///     }
/// }
/// ```
public final class ScopedDisposable: Disposable {
    /// The disposable disposed with this one, or when this one is released.
    public let inner: any Disposable

    /// Wraps `inner`, disposing it when this disposable is released.
    public init(_ inner: any Disposable) {
        self.inner = inner
    }

    deinit { inner.dispose() }

    public var isDisposed: Bool { inner.isDisposed }

    public func dispose() { inner.dispose() }
}

extension Disposable {
    /// A disposable that disposes this one when it is released (RAC `-asScopedDisposable`).
    public func scoped() -> ScopedDisposable {
        ScopedDisposable(self)
    }

    /// Adds this disposable to `bag`, which disposes it when the bag is released.
    public func store(in bag: DisposeBag) {
        bag.insert(self)
    }
}
