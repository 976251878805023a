/// What ``Signal/values(bufferingPolicy:)`` keeps of the values a signal sends while the
/// consuming task is not yet asking for the next one.
///
/// A signal pushes its values; an `AsyncSequence` is pulled. The policy decides what happens
/// to values that arrive faster than the loop consumes them.
public enum BufferingPolicy: Sendable, Equatable {
    /// Keeps every value, however many arrive. Nothing is dropped.
    case unbounded
    /// Keeps the oldest values, up to this many, and drops the values that arrive while the
    /// buffer is full.
    case bufferingOldest(Int)
    /// Keeps the newest values, up to this many, dropping the oldest one to make room.
    case bufferingNewest(Int)
}
