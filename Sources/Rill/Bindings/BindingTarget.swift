/// Where a binding writes its values, and how long it may: one shape for every kind of target,
/// so that ``Signal/bind(to:)`` and `<~` work the same for all of them (ReactiveSwift
/// `BindingTarget`).
///
/// A binding ends when its target's ``lifetime`` ends. A target that writes into an object it
/// holds weakly can also end itself at the first value that finds the object gone.
///
/// ```swift
/// let (lifetime, token) = Lifetime.make()
/// let log = BindingTarget<String>(lifetime: lifetime) { print($0) }
/// log <~ Signal.from(["a", "b"])   // a, b
/// token.dispose()                  // later bindings to `log` end at once
/// ```
public struct BindingTarget<Value: Sendable>: BindingTargetProvider, Sendable {
    /// How a value reaches the target.
    @usableFromInline
    enum Write: Sendable {
        /// On the thread that delivers; returns `false` when the target is gone for good.
        case anyThread(@Sendable (Value) -> Bool)
        /// On the main actor; returns `false` when the target is gone for good.
        case mainActor(@MainActor @Sendable (Value) -> Bool)
        /// On `scheduler`, in order; returns `false` when the target is gone for good.
        case scheduled(any Scheduler, @Sendable (Value) -> Bool)
    }

    /// Bindings to this target end when it ends.
    public let lifetime: Lifetime
    @usableFromInline let write: Write

    @usableFromInline
    init(lifetime: Lifetime, write: Write) {
        self.lifetime = lifetime
        self.write = write
    }

    /// A target that calls `action` with each value, on the thread that delivers it, until
    /// `lifetime` ends.
    ///
    /// `action` is held strongly for as long as a binding to the target lasts: have it capture
    /// objects weakly if they must not be kept alive by the binding.
    public init(lifetime: Lifetime, action: @escaping @Sendable (Value) -> Void) {
        self.init(
            lifetime: lifetime,
            write: .anyThread { value in
                action(value)
                return true
            })
    }

    /// A target that calls `action` with each value on `scheduler`, in order, until `lifetime`
    /// ends (ReactiveSwift `BindingTarget(on:lifetime:action:)`).
    ///
    /// A binding delivers its values to the target as `deliver(on: scheduler)` does, so
    /// `action` runs on the scheduler's turns: on a `TestScheduler`, when the clock advances.
    /// For the main queue, ``init(on:lifetime:action:)-(MainScheduler,_,_)`` takes an action
    /// isolated to the main actor.
    public init(
        on scheduler: any Scheduler, lifetime: Lifetime, action: @escaping @Sendable (Value) -> Void
    ) {
        self.init(
            lifetime: lifetime,
            write: .scheduled(scheduler) { value in
                action(value)
                return true
            })
    }

    /// A target that calls `action` with each value on the main actor, until `lifetime` ends.
    ///
    /// Values a binding receives off the main queue are delivered there in order, as with
    /// `deliver(on: .main)`; `scheduler` selects this initializer, pass `.main`.
    public init(
        on scheduler: MainScheduler, lifetime: Lifetime,
        action: @escaping @MainActor @Sendable (Value) -> Void
    ) {
        self.init(
            lifetime: lifetime,
            write: .mainActor { value in
                action(value)
                return true
            })
    }

    /// A target that sets `object`'s `keyPath`, on the thread that delivers, without keeping
    /// `object` alive (RAC `-setKeyPath:onObject:`).
    ///
    /// The object is held strongly only for the duration of one write, so it cannot be released
    /// half-way through a set on another thread. Bindings end when the object's
    /// ``LifetimeProviding/lifetime`` ends if it has one, else at the first value that finds
    /// the object released. The object must be `Sendable`: it is written from whichever thread
    /// the source delivers on. For a `@MainActor` object, use
    /// ``init(on:_:_:)`` or `deliver(on: .main).bind(to:_:)`.
    @inlinable
    public init<Root: AnyObject & Sendable>(
        _ object: Root, _ keyPath: consuming any ReferenceWritableKeyPath<Root, Value> & Sendable
    ) {
        let (lifetime, token) = BindingTarget.lifetime(of: object)
        // A closure that owns the key path and captures nothing else: inlined where the key path
        // is a literal, the optimizer turns it into a call of the property's setter, where an
        // application of the key path to every value costs a lookup and, for a computed property,
        // an allocation (about 300 ns a write; W13 in Benchmarks/). It does so only if the
        // closure is the key path's one use, hence `consuming` here and in the callers, and
        // only if the closure is formed after the call above.
        let keyPath = consume keyPath
        let set: @Sendable (Root, Value) -> Void = { $0[keyPath: keyPath] = $1 }
        let reference = WeakReference(object)
        self.init(
            lifetime: lifetime,
            write: .anyThread { value in
                guard let object = reference.object else {
                    token?.dispose()
                    return false
                }
                set(object, value)
                return true
            })
    }

    /// A target that sets `object`'s `keyPath` on the main actor, without keeping `object`
    /// alive: for a `@MainActor` object, whose key paths cannot leave the main actor.
    ///
    /// Values a binding receives off the main queue are delivered there in order, as with
    /// `deliver(on: .main)`. Otherwise as ``init(_:_:)``: the object is held strongly only for the
    /// duration of one write; bindings end when its lifetime ends, or at the first value that
    /// finds it released. `scheduler` selects this initializer; pass `.main`.
    @MainActor
    @inlinable
    public init<Root: AnyObject>(
        on scheduler: MainScheduler, _ object: Root,
        _ keyPath: consuming ReferenceWritableKeyPath<Root, Value>
    ) {
        let (lifetime, token) = BindingTarget.lifetime(of: object)
        // As in init(_:_:): the key path owned by a closure of its own, so that a literal one
        // becomes a call of the setter.
        let keyPath = consume keyPath
        let set: @MainActor (Root, Value) -> Void = { $0[keyPath: keyPath] = $1 }
        let write: @MainActor @Sendable (Value) -> Bool = { [weak object] value in
            guard let object else {
                token?.dispose()
                return false
            }
            set(object, value)
            return true
        }
        self.init(lifetime: lifetime, write: .mainActor(write))
    }

    /// The lifetime of a target object: its own if it has one, else one that the target ends
    /// (through the returned token) when a write finds the object gone.
    @usableFromInline
    static func lifetime(of object: AnyObject) -> (Lifetime, Lifetime.Token?) {
        if let object = object as? any LifetimeProviding { return (object.lifetime, nil) }
        let (lifetime, token) = Lifetime.make()
        return (lifetime, token)
    }

    /// The target itself.
    public var bindingTarget: BindingTarget<Value> { self }
}

/// Something a binding can write to: ``MutableProperty``, the subjects, ``BindingTarget``, and
/// any type of yours that provides a ``bindingTarget`` (a command, for example, whose target
/// executes it with each value).
public protocol BindingTargetProvider<Value> {
    /// The type of the values the target accepts.
    associatedtype Value: Sendable

    /// The target values are written to, and the lifetime that ends bindings to it.
    var bindingTarget: BindingTarget<Value> { get }
}
