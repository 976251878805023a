/// A weak reference for closures that run per value.
///
/// A closure's `[weak object]` capture is mutable storage, so every read of it starts a dynamic
/// exclusivity access (`swift_beginAccess`): about a tenth of a binding's time per value. This
/// one is captured as a constant, and reading it costs only the weak load.
@usableFromInline
struct WeakReference<Object: AnyObject & Sendable>: Sendable {
    @usableFromInline weak var object: Object?

    @inlinable
    init(_ object: Object) {
        self.object = object
    }
}
