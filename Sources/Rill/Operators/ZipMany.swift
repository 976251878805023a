extension Signal {
    /// Sends a tuple of the n-th values of all `signals`, each of its own type, once each has sent
    /// its n-th value (RAC `+zip:` over a tuple of signals).
    ///
    /// It zips the signals as ``zip(_:)`` zips an array: the values travel type-erased and are put
    /// back into the tuple's types, which the signature guarantees.
    @inlinable
    public static func zip<each Element: Sendable>(
        _ signals: repeat Signal<each Element, Failure>
    ) -> Signal<(repeat each Element), Failure> where Value == (repeat each Element) {
        var erased: [Signal<any Sendable, Failure>] = []
        for signal in repeat each signals {
            erased.append(signal.map { $0 as any Sendable })
        }
        return Signal<any Sendable, Failure>.zip(erased).map { values in
            var index = 0
            func next<Part>(_: Part.Type) -> Part {
                defer { index += 1 }
                return values[index] as! Part  // the n-th signal's values are of the n-th type
            }
            return (repeat next((each Element).self))
        }.named(SignalName("+zip:"))
    }
}
