extension Signal {
    /// Calls `action` once when a subscription ends: when it is disposed, or after the terminal
    /// event that ends it, which disposes it (rule G2). ReactiveSwift's `on(disposed:)`,
    /// RxSwift's `do(onDispose:)`.
    @inlinable
    public func on(dispose action: @escaping @Sendable () -> Void) -> Signal<Value, Failure> {
        Signal(name: .derived(from: self, "on(dispose:)"), lifting: self) { downstream, lifetime in
            lifetime.add(action)
            return downstream
        }
    }
}
