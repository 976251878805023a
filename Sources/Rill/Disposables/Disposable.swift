/// Something that can be torn down: a subscription, a scheduled action, a resource.
///
/// Every disposable in Rill is thread-safe, and disposing it more than once has no further effect.
public protocol Disposable: AnyObject, Sendable {
    /// Whether ``dispose()`` has been called.
    var isDisposed: Bool { get }
    /// Tears the resource down. Calls after the first do nothing.
    func dispose()
}
