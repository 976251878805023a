import Synchronization

extension MutableProperty: LifetimeProviding {}

extension MutableProperty: BindingTargetProvider {
    /// Sets ``value`` to each value bound, without keeping the property alive: bindings end
    /// when the property is released.
    @inlinable
    public var bindingTarget: BindingTarget<Value> {
        // The target holds the property's broadcast, not a weak reference to the property: a
        // weak load per value, and the side table it gives the property (every retain and
        // release of it then takes the slow path), were a third of a bound value's time. The
        // broadcast outlives the property by no more than its deinit, which ends `lifetime`
        // and with it every binding; a value written meanwhile follows the completion and is
        // dropped, as one that found the property released was.
        let broadcast = broadcast
        return BindingTarget(lifetime: lifetime) { value in broadcast.set(value, "MutableProperty.value") }
    }
}

extension Subject: BindingTargetProvider {
    /// Sends each value bound; the source's end is not sent. The subject is not kept alive:
    /// bindings end at the first value that finds it released.
    @inlinable
    public var bindingTarget: BindingTarget<Value> { BindingTarget(sendingTo: broadcast) }
}

extension BehaviorSubject: BindingTargetProvider {
    /// Sends each value bound, making it the current value; the source's end is not sent. The
    /// subject is not kept alive: bindings end at the first value that finds it released.
    @inlinable
    public var bindingTarget: BindingTarget<Value> { BindingTarget(sendingTo: broadcast) }
}

extension ReplaySubject: BindingTargetProvider {
    /// Sends each value bound; the source's end is not sent. The subject is not kept alive:
    /// bindings end at the first value that finds it released.
    @inlinable
    public var bindingTarget: BindingTarget<Value> { BindingTarget(sendingTo: broadcast) }
}

extension BindingTarget {
    /// A target that sends each value into a subject's `broadcast`, held instead of the subject:
    /// loading a weak reference to the subject for every value, and the side table it gives
    /// the subject, were a third of a bound value's time. The subject is not kept alive; the
    /// first value that finds it released ends the binding. Inlinable, as the subjects' and the
    /// mutable property's targets are, so that each value is written by code specialized for it.
    @inlinable
    init<Failure>(sendingTo broadcast: Broadcast<Value, Failure>) {
        let (lifetime, token) = Lifetime.make()
        self.init(
            lifetime: lifetime,
            write: .anyThread { value in
                guard !broadcast.isOwnerReleased.load(ordering: .acquiring) else {
                    token.dispose()
                    return false
                }
                broadcast.send(.next(value))
                return true
            })
    }
}
