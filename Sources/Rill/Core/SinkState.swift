/// A mutable cell for the per-subscription state of an operator, such as `take`'s count.
///
/// Generated operators keep their state in cells instead of captured variables: a captured
/// variable that outlives its function is checked for exclusive access at run time on every
/// event, which costs more than the operator's own work. A cell is only touched by the serial
/// event path of the one subscription that created it (rule G6), so its accesses cannot overlap
/// and the check is switched off.
public final class SinkState<Value> {
    /// The current state.
    @exclusivity(unchecked) public var value: Value

    /// Creates a cell holding `value`.
    @inlinable
    public init(_ value: Value) {
        self.value = value
    }
}

extension SinkState {
    /// Runs `body` with the state as an `inout` parameter. Generated blocks use it to name the
    /// state as their spec does, so that their text is copied unchanged and a Swift error in it
    /// is reported at the spec's column; an access through `value` would need `.value` inserted.
    @inlinable @inline(__always)
    public func withValue(_ body: (inout Value) -> Void) {
        body(&value)
    }
}
