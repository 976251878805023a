extension Signal {
    /// Sends a tuple of the n-th values of all `signals`, each of its own type, once each has sent
    /// its n-th value (RAC `+zip:` over a tuple of signals).
    @inlinable
    public static func zip<each Element: Sendable>(
        _ signals: repeat Signal<each Element, Failure>
    ) -> Signal<(repeat each Element), Failure> where Value == (repeat each Element) {
        combiningPack(repeat each signals, with: { Signal<any Sendable, Failure>.zip($0) })
            .named(SignalName("+zip:"))
    }

    /// Sends a tuple of the latest values of all `signals`, each of its own type, whenever one
    /// sends a value, once each has sent one (RAC `+combineLatest:` over a tuple of signals).
    @inlinable
    public static func combineLatest<each Element: Sendable>(
        _ signals: repeat Signal<each Element, Failure>
    ) -> Signal<(repeat each Element), Failure> where Value == (repeat each Element) {
        combiningPack(repeat each signals, with: { Signal<any Sendable, Failure>.combineLatest($0) })
            .named(SignalName("+combineLatest:"))
    }

    /// Combines a pack of signals with an operator over arrays: the values travel type-erased
    /// and are put back into the tuple's types, which the signature guarantees.
    @inlinable
    static func combiningPack<each Element: Sendable>(
        _ signals: repeat Signal<each Element, Failure>,
        with combine: ([Signal<any Sendable, Failure>]) -> Signal<[any Sendable], Failure>
    ) -> Signal<(repeat each Element), Failure> {
        var erased: [Signal<any Sendable, Failure>] = []
        for signal in repeat each signals {
            erased.append(signal.map { $0 as any Sendable })
        }
        return combine(erased).map { values in
            var index = 0
            func next<Part>(_: Part.Type) -> Part {
                defer { index += 1 }
                return values[index] as! Part  // the n-th signal's values are of the n-th type
            }
            return (repeat next((each Element).self))
        }
    }
}
