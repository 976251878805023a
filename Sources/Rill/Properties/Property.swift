/// A read-only value that changes over time, with signals of its changes (ReactiveSwift
/// `Property`).
///
/// A property is either a wrapper of another property (``init(capturing:)``), which keeps that
/// property alive, or a composed one, fed by a signal: a constant (``init(value:)``), a value
/// then a signal's values (``init(initial:then:)``), a reflection of another property
/// (``init(_:)``), or the result of the algebra (`map`,
/// ``PropertyProtocol/combineLatest(with:)``, …, all through ``PropertyProtocol/lift(_:)``).
///
/// A composed property does not keep its sources alive, but still answers ``value`` after they
/// are gone: with the last value they gave it. Its signals complete when its sources end, which
/// for properties is when they are released. Its subscription to its sources lasts while the
/// property, one of its signals or a subscription to them does (see `docs/Contracts.md`,
/// "Properties").
///
/// ```swift
/// let firstName = MutableProperty("Ada")
/// let lastName = MutableProperty("Lovelace")
/// let fullName = firstName.combineLatest(with: lastName).map { "\($0) \($1)" }
/// fullName.value   // "Ada Lovelace"
/// ```
@propertyWrapper
public final class Property<Value: Sendable>: PropertyProtocol {
    @usableFromInline let broadcast: Broadcast<Value, Never>
    /// The property this one wraps and keeps alive (``init(capturing:)``).
    @usableFromInline let viewed: (any PropertyProtocol)?
    /// The subscription feeding a composed property.
    @usableFromInline let upstream: PropertyUpstream?

    /// The current value on subscription, then every change; completes when this property's
    /// sources end.
    public let signal: Signal<Value, Never>

    /// Every change made after subscription; completes when this property's sources end.
    public let changes: Signal<Value, Never>

    /// The current value.
    @inlinable
    public var value: Value { broadcast.current("Property.value") }

    /// The current value, as the wrapped property of `@Property var`: ``value``. A
    /// `@Property var count: Int` is given its property when its owner is made
    /// (`Model(count: Property(counter))`), and reaches it as `$count` (as in ReactiveSwift).
    @inlinable
    public var wrappedValue: Value { value }

    /// The property itself, as `$name` of `@Property var name`: its signals and the algebra.
    @inlinable
    public var projectedValue: Property<Value> { self }

    @usableFromInline
    init(
        broadcast: Broadcast<Value, Never>, viewed: (any PropertyProtocol)?, upstream: PropertyUpstream?,
        signal: Signal<Value, Never>, changes: Signal<Value, Never>
    ) {
        (self.broadcast, self.viewed, self.upstream) = (broadcast, viewed, upstream)
        (self.signal, self.changes) = (signal, changes)
    }

    /// A composed property fed by `values`, whose first value must arrive during subscription
    /// unless there is an `initial` one; the one lift every part of the algebra goes through.
    @inlinable
    convenience init(composing values: Signal<Value, Never>, initial: Value? = nil, _ api: StaticString) {
        let (broadcast, upstream) = Self.compose(values, initial: initial, api)
        let (signal, changes) = Self.signals(broadcast, upstream)
        self.init(broadcast: broadcast, viewed: nil, upstream: upstream, signal: signal, changes: changes)
    }

    /// Creates a property that reflects `property` without keeping it alive: what a view model
    /// exposes in place of the ``MutableProperty`` it owns.
    ///
    /// The result has `property`'s value and signals while `property` lives. Once `property` is
    /// released, its signals complete and the result keeps the last value. To keep `property`
    /// alive for as long as the result is, use ``init(capturing:)``. As ReactiveSwift's
    /// `Property(_:)`.
    @inlinable
    public convenience init(_ property: some PropertyProtocol<Value>) {
        if let shared = Self.sharedParts(of: property) {
            self.init(
                broadcast: shared.broadcast, viewed: nil, upstream: shared.upstream, signal: shared.signal,
                changes: shared.changes)
        } else {
            self.init(composing: property.signal, "Property.init(_:)")
        }
    }

    /// What a property shares with the one it reflects or wraps, rather than subscribing to it.
    @usableFromInline
    typealias SharedParts = (
        broadcast: Broadcast<Value, Never>, upstream: PropertyUpstream?, signal: Signal<Value, Never>,
        changes: Signal<Value, Never>
    )

    /// The value and subscriptions of `property`, a ``MutableProperty`` or a `Property`; `nil`
    /// for another type.
    ///
    /// They do not keep `property` alive: its broadcast outlives it and is completed by its
    /// release, and the subscription feeding it lasts while someone holds it.
    @inlinable
    static func sharedParts(of property: some PropertyProtocol<Value>) -> SharedParts? {
        switch property {
        case let mutable as MutableProperty<Value>:
            (mutable.broadcast, nil, mutable.signal, mutable.changes)
        case let other as Property<Value>:
            (other.broadcast, other.upstream, other.signal, other.changes)
        default:
            nil
        }
    }

    /// Creates a property whose value never changes: its ``signal`` sends `value` and
    /// completes, its ``changes`` complete at once.
    @inlinable
    public convenience init(value: Value) {
        let broadcast = Broadcast<Value, Never>(memory: .current(value))
        broadcast.send(.completed)
        self.init(
            broadcast: broadcast, viewed: nil, upstream: nil,
            signal: broadcast.signal(named: { _ in "Property(value:)" }),
            changes: broadcast.changes(named: "Property(value:).changes"))
    }

    /// Creates a property whose value is `initial`, then each value `values` sends.
    ///
    /// `values` is subscribed at once and runs while the property, one of its signals or a
    /// subscription to them is left. The property's signals complete when `values` completes,
    /// or when it is disposed because none of those is left; they keep running after the
    /// property is released.
    @inlinable
    public convenience init(initial: Value, then values: Signal<Value, Never>) {
        self.init(composing: values, initial: initial, "Property.init(initial:then:)")
    }

    /// Creates a property that wraps `property` and keeps it alive for as long as it lives: the
    /// same value and signals, which complete when both are released. As ReactiveSwift's
    /// `Property(capturing:)`.
    ///
    /// To expose a property without keeping it alive, use ``init(_:)``.
    @inlinable
    public convenience init(capturing property: some PropertyProtocol<Value>) {
        if let shared = Self.sharedParts(of: property) {
            self.init(
                broadcast: shared.broadcast, viewed: property, upstream: shared.upstream,
                signal: shared.signal, changes: shared.changes)
        } else {
            let (broadcast, upstream) = Self.compose(
                property.signal, initial: nil, "Property.init(capturing:)")
            let (signal, changes) = Self.signals(broadcast, upstream)
            self.init(
                broadcast: broadcast, viewed: property, upstream: upstream, signal: signal, changes: changes)
        }
    }

    /// Subscribes a new broadcast to `values` and checks that it has a value. Inlinable, as are
    /// the signals below, so that a composed property's values are delivered by code
    /// specialized for them: generic, each value looked up type metadata several times.
    @inlinable
    static func compose(
        _ values: Signal<Value, Never>, initial: Value?, _ api: StaticString
    ) -> (Broadcast<Value, Never>, PropertyUpstream) {
        let broadcast = Broadcast<Value, Never>(memory: initial.map { .current($0) } ?? .nothing)
        let upstream = PropertyUpstream()
        let lifetime = upstream.lifetime
        // Disposed by its last user or by the end of `values`: either way the property's
        // signals end, and later subscriptions receive the last value, then the end.
        lifetime.add { broadcast.send(.completed) }
        // Isolated, so that the first value arrives before this returns even when the property
        // is made deep inside a long chain's run (see `DeepChain`).
        DeepChain.isolated {
            values.subscribe(
                Observer(handlingInPlace: { event in
                    switch event {
                    case .next(let value):
                        broadcast.update(api) { (current: inout Value?) in current = value }
                    case .completed: lifetime.dispose()
                    }
                }), in: lifetime)
        }
        precondition(
            broadcast.latest != nil,
            "\(api): the signal a property is made of must send its first value during subscription, "
                + "synchronously; give an initial value with Property(initial:then:) otherwise.")
        return (broadcast, upstream)
    }

    /// The signals of a composed property: they and each subscription to them keep its upstream
    /// running.
    @inlinable
    static func signals(
        _ broadcast: Broadcast<Value, Never>, _ upstream: PropertyUpstream
    ) -> (signal: Signal<Value, Never>, changes: Signal<Value, Never>) {
        let signal = Signal<Value, Never>(
            name: SignalName("Property.signal"),
            producer: { downstream, lifetime in
                upstream.hold(until: lifetime)
                broadcast.subscribe(downstream, in: lifetime)
            })
        let changes = Signal<Value, Never>(
            name: SignalName("Property.changes"),
            producer: { downstream, lifetime in
                upstream.hold(until: lifetime)
                broadcast.subscribe(downstream, in: lifetime, replaying: false)
            })
        return (signal, changes)
    }
}
