extension Signal {
    /// Sends `value`, then completes (RAC `+return:`).
    @inlinable
    public static func just(_ value: Value) -> Signal {
        Signal(source: .just(value))
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
