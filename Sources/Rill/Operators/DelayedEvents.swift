/// The events `delay` holds, in the order they arrived, each marked due once its scheduled action
/// has run.
///
/// Actions scheduled in order may still run out of order: dispatch timers that fall due
/// together fire in any order, and `delay(_:)` may schedule successive events on different
/// schedulers. An event therefore goes out only once it and every event before it are due, so
/// that `delay` never reorders a signal's events.
@usableFromInline
struct DelayedEvents<Value: Sendable, Failure: Error>: Sendable {
    @usableFromInline var waiting = RingBuffer<(event: Event<Value, Failure>, isDue: Bool)>()
    /// The number of the event at the front of `waiting`; events are numbered as they arrive.
    @usableFromInline var firstNumber: UInt64 = 0

    @inlinable init() {}

    /// Holds `event` until it is due, and returns its number.
    @inlinable
    mutating func hold(_ event: Event<Value, Failure>) -> UInt64 {
        waiting.append((event, false))
        return firstNumber &+ UInt64(waiting.count &- 1)
    }

    /// Marks event `number` due; a number already sent or dropped is ignored.
    @inlinable
    mutating func markDue(_ number: UInt64) {
        guard number >= firstNumber, number &- firstNumber < UInt64(waiting.count) else { return }
        waiting[offset: Int(number &- firstNumber)].isDue = true
    }

    /// Removes and returns the event at the front if it is due.
    @inlinable
    mutating func popDue() -> Event<Value, Failure>? {
        guard let first = waiting.first, first.isDue else { return nil }
        _ = waiting.popFirst()
        firstNumber &+= 1
        return first.event
    }

    /// Drops every event held, returning them so that they are released outside the lock; the
    /// actions still scheduled for them then find nothing to mark.
    @inlinable
    mutating func dropAll() -> RingBuffer<(event: Event<Value, Failure>, isDue: Bool)> {
        firstNumber &+= UInt64(waiting.count)
        return waiting.takeAll()
    }
}
