extension Signal where Failure == Never {
    /// Writes every value of this signal into `target` until one side ends, and returns the
    /// binding (RAC `-setKeyPath:onObject:`, ReactiveSwift `<~`).
    ///
    /// The binding ends when this signal completes, when the target's lifetime ends (a weakly
    /// held object found released counts), or when the returned disposable is disposed; ending
    /// disposes the subscription to this signal. It never keeps the target alive. A target on
    /// the main actor receives the values there, in order, as with `deliver(on: .main)`.
    ///
    /// Only a signal that cannot fail can be bound, so that no error is lost in a binding: use
    /// ``bind(to:error:)`` to handle failures, or recover with `catch` first.
    @discardableResult
    @inlinable
    public func bind(to target: some BindingTargetProvider<Value>) -> any Disposable {
        Binding.start(self, into: target.bindingTarget, error: { _ in })
    }
}

extension Signal {
    /// Writes every value of this signal into `target` until one side ends, and passes a
    /// failure to `error`: the binding ends with it, and the target is not told.
    ///
    /// RAC treats an error reaching a binding as a programmer error and asserts; here it must
    /// be handled, so that it is neither a crash in production nor silently lost. Otherwise as
    /// ``bind(to:)``.
    @discardableResult
    @inlinable
    public func bind(
        to target: some BindingTargetProvider<Value>, error: @escaping @Sendable (Failure) -> Void
    ) -> any Disposable {
        Binding.start(self, into: target.bindingTarget, error: error)
    }

    /// Writes every value of this optional signal into `target`, writing `nilValue` in place of
    /// `nil`: for a target that cannot hold `nil` (RAC `-setKeyPath:onObject:nilValue:`).
    @discardableResult
    @inlinable
    public func bind<Wrapped: Sendable>(
        to target: some BindingTargetProvider<Wrapped>, nilValue: Wrapped
    ) -> any Disposable where Value == Wrapped?, Failure == Never {
        map { $0 ?? nilValue }.bind(to: target)
    }

    /// Sets `object`'s `keyPath` to every value of this signal until one side ends, without
    /// keeping `object` alive: the shorthand for binding to
    /// ``BindingTarget/init(_:_:)``.
    @inlinable
    @discardableResult
    public func bind<Root: AnyObject & Sendable>(
        to object: Root, _ keyPath: consuming any ReferenceWritableKeyPath<Root, Value> & Sendable
    ) -> any Disposable where Failure == Never {
        bind(to: BindingTarget(object, keyPath))
    }
}

/// The running side of a binding. Inlinable, so that a binding's observer is specialized for
/// the values it writes: generic, it looked up type metadata for every value.
@usableFromInline
enum Binding {
    /// Subscribes `source` and writes its values into `target`. A target on the main actor is
    /// reached through `deliver(on: .main)`, which keeps the values in order.
    @inlinable
    static func start<Value, Failure>(
        _ source: Signal<Value, Failure>, into target: BindingTarget<Value>,
        error: @escaping @Sendable (Failure) -> Void
    ) -> any Disposable {
        switch target.write {
        case .anyThread(let write):
            return run(source, lifetime: target.lifetime, error: error, write: write)
        case .mainActor:
            return source.deliver(on: .main).bind(to: target, error: error)
        case .scheduled(let scheduler, let write):
            return run(source.deliver(on: scheduler), lifetime: target.lifetime, error: error, write: write)
        }
    }

    /// Subscribes `source`, hands each value to `write` until it reports the target gone, and
    /// ends with the first of: the source's end, `lifetime`'s end, disposal.
    @inlinable
    static func run<Value, Failure>(
        _ source: Signal<Value, Failure>, lifetime: Lifetime, error: @escaping @Sendable (Failure) -> Void,
        write: @escaping @Sendable (Value) -> Bool
    ) -> any Disposable {
        let binding = CompositeDisposable()
        guard let detach = lifetime.observeEnded({ binding.dispose() }) else {
            binding.dispose()
            return binding
        }
        // Removes the observer when the binding ends first, so that a long-lived target does
        // not collect the observers of ended bindings.
        binding.add(detach)
        source.subscribe(
            Observer(handlingInPlace: { event in
                guard !binding.isDisposed else { return }
                switch event {
                case .next(let value):
                    if !write(value) { binding.dispose() }
                case .error(let failure):
                    binding.dispose()
                    error(failure)
                case .completed:
                    binding.dispose()
                }
            }),
            in: binding)
        return binding
    }
}
