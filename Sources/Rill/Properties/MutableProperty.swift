/// A value that any thread can read and change, with signals of its changes: the state of a
/// view model (ReactiveSwift `MutableProperty`, RxSwift `BehaviorRelay`).
///
/// Unlike a ``BehaviorSubject``, a mutable property can neither fail nor be completed by its
/// users: its ``signal`` and ``changes`` complete only when it is released. Every change,
/// from any thread, reaches each subscription in one order, and ``value`` is already the new
/// value when observers run. A change made from inside an observer is delivered after the
/// current one has reached every observer, as a subject's re-entrant send is (see
/// `docs/Contracts.md`, "Properties").
///
/// ```swift
/// let query = MutableProperty("")
/// let isSearchable = query.map { $0.count >= 3 }
/// query.value = "rill"
/// isSearchable.value   // true
/// ```
@propertyWrapper
public final class MutableProperty<Value: Sendable>: PropertyProtocol {
    @usableFromInline let broadcast: Broadcast<Value, Never>

    /// The current value on subscription, then every change; completes when this property is
    /// released.
    public let signal: Signal<Value, Never>

    /// Every change made after subscription; completes when this property is released.
    public let changes: Signal<Value, Never>

    /// Ends when this property is released: what bindings into the property end with.
    public let lifetime: Lifetime
    @usableFromInline let lifetimeToken: Lifetime.Token

    /// Creates a property whose value is `initial`.
    @inlinable
    public init(_ initial: Value) {
        broadcast = Broadcast(memory: .current(initial))
        signal = broadcast.signal(named: { _ in "MutableProperty.signal" })
        changes = broadcast.changes(named: "MutableProperty.changes")
        (lifetime, lifetimeToken) = Lifetime.make()
    }

    /// Creates a property whose value is `wrappedValue`, as a property wrapper:
    /// `@MutableProperty var count = 0` reads and writes the value as `count`, and reaches the
    /// property itself as `$count` (as in ReactiveSwift).
    @inlinable
    public convenience init(wrappedValue: Value) {
        self.init(wrappedValue)
    }

    deinit {
        broadcast.send(.completed)
    }

    /// The current value, as the wrapped property of `@MutableProperty var`: ``value``.
    @inlinable
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    /// The property itself, as `$name` of `@MutableProperty var name`: its signals,
    /// ``modify(_:)``, bindings.
    @inlinable
    public var projectedValue: MutableProperty<Value> { self }

    /// The current value. Setting it delivers the new value to every subscription.
    ///
    /// To change the value based on itself, use ``modify(_:)``: `value += 1` reads and writes
    /// in two steps, and another thread can change the value between them.
    @inlinable
    public var value: Value {
        get { broadcast.current("MutableProperty.value") }
        set { broadcast.set(newValue, "MutableProperty.value") }
    }

    /// Changes the value in place as one atomic step, and delivers the result.
    ///
    /// No other change can happen between reading and writing the value, so eight threads that
    /// each `modify { $0 += 1 }` a thousand times add 8,000. If `action` throws, what it changed
    /// before throwing is kept and delivered, as with any `inout` argument.
    ///
    /// `action` runs under the property's lock: it must not read or change this property (that
    /// would wait on itself). Observers run after `action`, outside the lock.
    ///
    /// - Returns: What `action` returns.
    @inlinable
    @discardableResult
    public func modify<Result, E: Error>(_ action: (inout Value) throws(E) -> Result) throws(E) -> Result {
        try broadcast.update("MutableProperty.modify(_:)") { (value: inout Value?) throws(E) in
            try action(&value!)
        }
    }

    /// Sets the value to `newValue` and returns the value it replaced, in one atomic step.
    @inlinable
    @discardableResult
    public func swap(_ newValue: Value) -> Value {
        modify { (value: inout Value) in
            let old = value
            value = newValue
            return old
        }
    }

    /// Calls `action` with the current value while no change can be made, and returns its
    /// result: for reading several parts of a value consistently.
    ///
    /// `action` runs under the property's lock: it must not read or change this property.
    @inlinable
    public func withValue<Result, E: Error>(_ action: (Value) throws(E) -> Result) throws(E) -> Result {
        try broadcast.withCurrent("MutableProperty.withValue(_:)", action)
    }
}
