/// A read-only value that changes over time, with signals of its changes (ReactiveSwift
/// `Property`).
///
/// A property is either a view of another property (``init(_:)``), which keeps that property
/// alive, or a composed one, fed by a signal: a constant (``init(value:)``), a value then a
/// signal's values (``init(initial:then:)``), a capture of another property
/// (``init(capturing:)``), or the result of the algebra (`map`,
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
public final class Property<Value: Sendable>: PropertyProtocol {
    @usableFromInline let broadcast: Broadcast<Value, Never>
    /// The property this one is a view of.
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

    /// Creates a read-only view of `property`, which it keeps alive: what a view model exposes
    /// in place of its ``MutableProperty``.
    ///
    /// The view has the same value and signals as `property`, and they complete when both are
    /// released. To follow a property without keeping it alive, use ``init(capturing:)``.
    @inlinable
    public convenience init(_ property: some PropertyProtocol<Value>) {
        switch property {
        case let mutable as MutableProperty<Value>:
            self.init(
                broadcast: mutable.broadcast, viewed: mutable, upstream: nil, signal: mutable.signal,
                changes: mutable.changes)
        case let other as Property<Value>:
            // `other` is kept alive by this view, and so is its upstream.
            self.init(
                broadcast: other.broadcast, viewed: other, upstream: nil, signal: other.signal,
                changes: other.changes)
        default:
            let (broadcast, upstream) = Self.compose(property.signal, initial: nil, "Property.init(_:)")
            let (signal, changes) = Self.signals(broadcast, upstream)
            self.init(
                broadcast: broadcast, viewed: property, upstream: upstream, signal: signal, changes: changes)
        }
    }

    /// Creates a property whose value never changes: its ``signal`` sends `value` and
    /// completes, its ``changes`` complete at once.
    public convenience init(value: Value) {
        let broadcast = Broadcast<Value, Never>(memory: .current(value))
        broadcast.send(.completed)
        self.init(
            broadcast: broadcast, viewed: nil, upstream: nil,
            signal: broadcast.signal(named: "Property(value:)"),
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

    /// Creates a property that follows `property` without keeping it alive: its value is
    /// `property`'s current value, then each change, and its signals complete when
    /// `property` is released. After that it keeps the last value.
    @inlinable
    public convenience init(capturing property: some PropertyProtocol<Value>) {
        self.init(composing: property.signal, "Property.init(capturing:)")
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
