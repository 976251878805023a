/// One group of a ``Signal/group(by:transform:)``: a hot signal of the values that share `key`.
public struct GroupedSignal<Key: Hashable & Sendable, Value: Sendable, Failure: Error>: Sendable {
    /// What the values of this group have in common.
    public let key: Key
    /// The group's values, from the moment of subscription on.
    public let signal: Signal<Value, Failure>

    /// A group of the values with `key`, sent by `signal`.
    @inlinable
    public init(key: Key, signal: Signal<Value, Failure>) {
        self.key = key
        self.signal = signal
    }
}

extension Signal {
    /// Sends a new group the first time a key appears, then routes each value (transformed) into
    /// its key's group (RAC `-groupBy:transform:`).
    ///
    /// Groups are hot: subscribe to a group when it arrives to see its first value. When this
    /// signal completes or fails, the result does first, then every group, in the order they
    /// appeared.
    @inlinable
    public func group<Key: Hashable & Sendable, Output: Sendable>(
        by key: @escaping @Sendable (Value) -> Key, transform: @escaping @Sendable (Value) -> Output
    ) -> Signal<GroupedSignal<Key, Output, Failure>, Failure> {
        Signal<GroupedSignal<Key, Output, Failure>, Failure>(
            name: .derived(from: self, "-groupBy:transform:"),
            producer: { downstream, lifetime in
                var groups: [Key: Subject<Output, Failure>] = [:]
                var ordered: [Subject<Output, Failure>] = []
                self.subscribe(
                    Observer(handlingInPlace: { event in
                        switch event {
                        case .next(let value):
                            let groupKey = key(value)
                            let group: Subject<Output, Failure>
                            if let existing = groups[groupKey] {
                                group = existing
                            } else {
                                group = Subject()
                                groups[groupKey] = group
                                ordered.append(group)
                                downstream.sendNext(GroupedSignal(key: groupKey, signal: group.signal))
                            }
                            group.sendNext(transform(value))
                        case .error(let failure):
                            downstream.sendError(failure)
                            for group in ordered { group.sendError(failure) }
                        case .completed:
                            downstream.sendCompleted()
                            for group in ordered { group.sendCompleted() }
                        }
                    }),
                    in: lifetime)
            })
    }

    /// Sends a new group the first time a key appears, then routes each value into its key's
    /// group (RAC `-groupBy:`).
    @inlinable
    public func group<Key: Hashable & Sendable>(
        by key: @escaping @Sendable (Value) -> Key
    ) -> Signal<GroupedSignal<Key, Value, Failure>, Failure> {
        group(by: key, transform: { $0 })
    }
}
