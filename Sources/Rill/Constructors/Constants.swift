extension Signal {
    /// Sends `value`, then completes (RAC `+return:`).
    @inlinable
    public static func just(_ value: Value) -> Signal {
        // A value with no references, or one smaller than any signal (a String, an array, an
        // object), cannot be a signal. Both are known when the code is lowered to machine types,
        // so for such a value this costs nothing: only larger values are asked whether they are
        // a signal, which takes a conformance lookup. Both branches make a constant, so a chain
        // over it fuses as before (see `Signal.mayHoldChain`).
        if _isPOD(Value.self) || MemoryLayout<Value>.size < MemoryLayout<Signal<Never, Never>>.size {
            return Signal(source: .just(value))
        }
        return Signal(source: .just(heldForRelease(value)))
    }

    /// `value`, or if it is a signal, that signal behind a holder released without recursion:
    /// `just(chain).flatten()` applied over and over nests a million signals in the values of
    /// constants, and the operators over a constant hold it, value and all, as they hold any
    /// upstream.
    @inlinable
    static func heldForRelease(_ value: Value) -> Value {
        guard let signal = value as? any ReleasedWithoutRecursion else { return value }
        return signal.heldForRelease() as! Value  // the same type, opened and closed
    }

    /// Sends `value`, then completes. The RAC spelling of ``just(_:)``.
    @inlinable
    public static func `return`(_ value: Value) -> Signal {
        just(value)
    }

    /// Completes at once without sending a value (RAC `+empty`).
    @inlinable
    public static var empty: Signal {
        Signal(source: .empty)
    }

    /// Fails at once with `failure` (RAC `+error:`).
    @inlinable
    public static func error(_ failure: Failure) -> Signal {
        Signal(source: .failure(failure))
    }

    /// Never sends anything, not even a terminal event (RAC `+never`).
    @inlinable
    public static var never: Signal {
        Signal(source: .never)
    }
}
