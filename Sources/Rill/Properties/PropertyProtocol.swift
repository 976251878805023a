/// A value that changes over time and can always be read: what ``Property`` and
/// ``MutableProperty`` have in common, and what the property algebra (`map`,
/// ``combineLatest(with:)``, …) is written against.
///
/// A property never fails and ends only when it is released. Rill's ``Signal`` is cold, so a
/// property offers two of them:
///
/// - ``signal`` sends the current value on subscription, then every change: what a view binds
///   to, and ReactiveSwift's `producer`.
/// - ``changes`` sends only the changes made after subscription: ReactiveSwift's `signal`.
///
/// Both complete when the property they come from is released (a derived property's, when its
/// original sources are).
public protocol PropertyProtocol<Value>: SignalConvertible, Sendable where Failure == Never {
    /// The current value. Already the new value when the observers of a change run.
    var value: Value { get }

    /// The current value on subscription, then every change; completes when the property's
    /// sources are released.
    var signal: Signal<Value, Never> { get }

    /// Every change made after subscription, without the current value; completes when the
    /// property's sources are released.
    var changes: Signal<Value, Never> { get }
}
