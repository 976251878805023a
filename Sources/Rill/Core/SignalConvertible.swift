/// Something that stands for a signal wherever an operator takes one: a ``Signal`` itself, a
/// subject (``Subject``, ``BehaviorSubject``, ``ReplaySubject``) or a property (``Property``,
/// ``MutableProperty``), as ReactiveSwift's `SignalProducerConvertible` and RxSwift's
/// `ObservableConvertibleType` are.
///
/// In RAC a subject *is* a signal. Rill's ``Signal`` is a value type, so a subject cannot be one;
/// every operator that takes a signal argument therefore has an overload taking
/// `some SignalConvertible`, which passes on ``signal``:
///
/// ```swift
/// let taps = Subject<Void, Never>()
/// let refreshes = Signal<Void, Never>.just(()).merge(with: taps)
/// ```
///
/// The overloads taking a ``Signal`` stay the ones chosen for a signal, so implicit members such
/// as `merge(with: .empty)` keep working.
public protocol SignalConvertible<Value, Failure> {
    /// The type of the values sent.
    associatedtype Value: Sendable
    /// The type of the failure that can end the signal.
    associatedtype Failure: Error

    /// The signal this stands for: itself for a signal; what a subject sends from subscription on,
    /// plus what it remembers; a property's current value, then every change.
    var signal: Signal<Value, Failure> { get }
}

extension Signal: SignalConvertible {
    /// The signal itself.
    @inlinable
    public var signal: Signal<Value, Failure> { self }
}
