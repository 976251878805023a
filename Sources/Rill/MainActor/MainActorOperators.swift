extension MainActorSignal {
    /// Transforms each value with `transform`, on the main actor, and stays a main-actor
    /// signal: what a view model does after `deliver(on: .main)` with its own state.
    @inlinable
    public func map<Output: Sendable>(
        _ transform: @escaping @MainActor (Value) -> Output
    ) -> MainActorSignal<Output, Failure> {
        MainActorSignal<Output, Failure>(
            deliveringOnMain: signal.map { value in
                MainActorSignal.onMainActor("MainActorSignal.map(_:)") { transform(value) }
            })
    }

    /// Keeps the values that satisfy `isIncluded`, tested on the main actor, and stays a
    /// main-actor signal.
    @inlinable
    public func filter(_ isIncluded: @escaping @MainActor (Value) -> Bool) -> MainActorSignal {
        MainActorSignal(
            deliveringOnMain: signal.filter { value in
                MainActorSignal.onMainActor("MainActorSignal.filter(_:)") { isIncluded(value) }
            })
    }

    /// Drops each value equal to the one before it (RAC `-distinctUntilChanged`), and stays a
    /// main-actor signal.
    @inlinable
    public func removeDuplicates() -> MainActorSignal where Value: Equatable {
        MainActorSignal(deliveringOnMain: signal.distinctUntilChanged())
    }
}

extension MainActorSignal where Failure == Never {
    /// Writes every value into `target` on the main actor until one side ends, and returns the
    /// binding; as ``Signal/bind(to:)``, without leaving the main actor.
    @inlinable
    @discardableResult
    public func bind(to target: some BindingTargetProvider<Value>) -> any Disposable {
        bind(to: target, error: { _ in })
    }

    /// Sets `object`'s `keyPath` to every value, on the main actor, until one side ends,
    /// without keeping `object` alive: how a `@MainActor` object binds a signal to its own
    /// state.
    ///
    /// ```swift
    /// @MainActor final class ProfileModel {
    ///     var name = ""
    ///     init(names: Signal<String, Never>) {
    ///         names.deliver(on: .main).bind(to: self, \.name)
    ///     }
    /// }
    /// ```
    ///
    /// The binding ends when the object's ``LifetimeProviding/lifetime`` ends if it has one,
    /// else at the first value that finds it released (see ``BindingTarget/init(on:_:_:)``).
    @MainActor
    @inlinable
    @discardableResult
    public func bind<Root: AnyObject>(
        to object: Root, _ keyPath: consuming ReferenceWritableKeyPath<Root, Value>
    ) -> any Disposable {
        bind(to: BindingTarget(on: .main, object, keyPath))
    }
}

extension MainActorSignal {
    /// Writes every value into `target` on the main actor until one side ends, and passes a
    /// failure to `error`, on the main actor: the binding ends with it. As
    /// ``Signal/bind(to:error:)``.
    @inlinable
    @discardableResult
    public func bind(
        to target: some BindingTargetProvider<Value>, error: @escaping @MainActor (Failure) -> Void
    ) -> any Disposable {
        let target = target.bindingTarget
        let api = "MainActorSignal.bind(to:)"
        let write: @Sendable (Value) -> Bool
        switch target.write {
        case .anyThread(let anyThread):
            write = anyThread
        case .mainActor(let mainActor):
            write = { value in MainActorSignal.onMainActor(api) { mainActor(value) } }
        case .scheduled(let scheduler, let scheduled):
            // The failure is handled here, on the main actor, before the values move to the
            // target's scheduler.
            let values = signal.catch { failure -> Signal<Value, Never> in
                MainActorSignal.onMainActor(api) { error(failure) }
                return .empty
            }
            return Binding.run(
                values.deliver(on: scheduler), lifetime: target.lifetime, error: { _ in }, write: scheduled)
        }
        return Binding.run(
            signal, lifetime: target.lifetime,
            error: { failure in MainActorSignal.onMainActor(api) { error(failure) } }, write: write)
    }
}
