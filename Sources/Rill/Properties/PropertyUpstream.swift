/// The subscription that feeds a composed ``Property``, held by the property, by its signals
/// and by each subscription to them: it runs while any of them is left, as a ReactiveSwift
/// composed property's upstream runs while its producer or an observer is.
///
/// When the last holder goes, the upstream is disposed and the property's signals complete.
@usableFromInline
final class PropertyUpstream: Sendable {
    /// The upstream subscription's lifetime.
    @usableFromInline let lifetime = CompositeDisposable()

    @inlinable
    init() {}

    deinit {
        lifetime.dispose()
    }

    /// Keeps the upstream running until `subscription` is disposed.
    @inlinable
    func hold(until subscription: CompositeDisposable) {
        subscription.add { [self] in withExtendedLifetime(self) {} }
    }
}
