/// Holds subscriptions and disposes all of them when it is released.
///
/// Give an object a bag and store its subscriptions in it; they end with the object:
///
/// ```swift
/// @MainActor final class ViewModel {
///     private let bag = DisposeBag()
///     init(prices: Signal<Double, Never>) {
///         prices.subscribe(next: { print($0) }).store(in: bag)
///     }
/// }
/// ```
///
/// A subscription that ends on its own stays in the bag, already disposed, until the bag goes.
/// ``dispose()`` empties the bag early; what is inserted after that is disposed at once.
public final class DisposeBag: Disposable {
    private let contents = CompositeDisposable()

    /// Creates an empty bag.
    public init() {}

    deinit { contents.dispose() }

    /// Adds `disposable`, disposing it at once if the bag was disposed.
    public func insert(_ disposable: any Disposable) {
        contents.add(disposable)
    }

    public var isDisposed: Bool { contents.isDisposed }

    /// Disposes everything in the bag now.
    public func dispose() { contents.dispose() }
}
