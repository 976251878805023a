extension MutableProperty: LifetimeProviding {}

extension MutableProperty: BindingTargetProvider {
    /// Sets ``value`` to each value bound, without keeping the property alive: bindings end
    /// when the property is released.
    @inlinable
    public var bindingTarget: BindingTarget<Value> {
        // The target holds the property's broadcast, not a weak reference to the property: a
        // weak load per value, and the side table it gives the property (every retain and
        // release of it then takes the slow path), were a fifth of a bound value's time. The
        // broadcast outlives the property by no more than its deinit, which ends `lifetime`
        // and with it every binding; a value written meanwhile follows the completion and is
        // dropped, as one that found the property released was.
        let broadcast = broadcast
        return BindingTarget(lifetime: lifetime) { value in broadcast.set(value, "MutableProperty.value") }
    }
}

extension Subject: BindingTargetProvider {
    /// Sends each value bound; the source's end is not sent. The subject is held weakly:
    /// bindings end at the first value that finds it released.
    @inlinable
    public var bindingTarget: BindingTarget<Value> { BindingTarget(sendingTo: self) }
}

extension BehaviorSubject: BindingTargetProvider {
    /// Sends each value bound, making it the current value; the source's end is not sent. The
    /// subject is held weakly: bindings end at the first value that finds it released.
    @inlinable
    public var bindingTarget: BindingTarget<Value> { BindingTarget(sendingTo: self) }
}

extension ReplaySubject: BindingTargetProvider {
    /// Sends each value bound; the source's end is not sent. The subject is held weakly:
    /// bindings end at the first value that finds it released.
    @inlinable
    public var bindingTarget: BindingTarget<Value> { BindingTarget(sendingTo: self) }
}

extension BindingTarget {
    /// A target that sends each value into `subject`, held weakly. Inlinable, as the subjects'
    /// and the mutable property's targets are, so that each value is written by code
    /// specialized for it.
    @inlinable
    init<Subject: SubjectProtocol & AnyObject>(sendingTo subject: Subject) where Subject.Value == Value {
        let (lifetime, token) = Lifetime.make()
        let reference = WeakReference(subject)
        self.init(
            lifetime: lifetime,
            write: .anyThread { value in
                guard let subject = reference.object else {
                    token.dispose()
                    return false
                }
                subject.sendNext(value)
                return true
            })
    }
}
