precedencegroup BindingPrecedence {
    associativity: right
    // Tighter than `=`, so that `let binding = target <~ source` keeps the binding.
    higherThan: AssignmentPrecedence
}

/// Binds a source into a target: `target <~ source` is `source.bind(to: target)` (ReactiveSwift
/// `<~`).
infix operator <~ : BindingPrecedence

/// Writes every value of `source` into `target` until one side ends; the same as
/// `source.bind(to: target)`.
@inlinable
@discardableResult
public func <~ <Target: BindingTargetProvider>(
    target: Target, source: Signal<Target.Value, Never>
) -> any Disposable {
    source.bind(to: target)
}

/// Writes every value of `source` into `target` on the main actor until one side ends; the
/// same as `source.bind(to: target)`.
@inlinable
@discardableResult
public func <~ <Target: BindingTargetProvider>(
    target: Target, source: MainActorSignal<Target.Value, Never>
) -> any Disposable {
    source.bind(to: target)
}

/// Writes the current value of `property`, then each change, into `target`, until one side
/// ends: the binding ends when the property's sources are released.
@inlinable
@discardableResult
public func <~ <Target: BindingTargetProvider, Source: PropertyProtocol>(
    target: Target, property: Source
) -> any Disposable where Source.Value == Target.Value {
    property.signal.bind(to: target)
}
