import Foundation

/// The meaning of the count and interval arguments of Rill's operators, and the message a
/// misuse stops the program with.
///
/// Counts: `0` means none (`take(0)` sends nothing, `skip(0)` drops nothing); a negative count
/// is a programming error, except `retry(upTo:)`'s, where RAC gives it a meaning (no retry).
///
/// Intervals: `0` means "on the scheduler's next turn"; a negative or NaN interval is a
/// programming error; an infinite interval, or one longer than ``longestInterval`` (about 285
/// years), means "never", so the timer is not armed at all.
@usableFromInline
package enum ArgumentCheck {
    /// The longest interval a time operator arms a timer for; longer ones mean "never". Dispatch
    /// deadlines are 64-bit nanosecond counts, which end in the year 2262.
    @usableFromInline
    package static let longestInterval: TimeInterval = 9_000_000_000

    /// Returns `count`, stopping the program with a message naming `function` and `argument`
    /// if it is negative.
    @inlinable
    package static func count(_ count: Int, of function: String, argument: String = "count") -> Int {
        precondition(count >= 0, "Signal.\(function): \(argument) must not be negative, got \(count)")
        return count
    }

    /// Returns `interval`, or `nil` when it is so long that the timer would never fire; stops the
    /// program with a message naming `function` and `argument` if it is negative or NaN.
    @inlinable
    package static func interval(_ interval: TimeInterval, of function: String, argument: String = "interval")
        -> TimeInterval?
    {
        precondition(!interval.isNaN, "Signal.\(function): \(argument) must be a number of seconds, got nan")
        precondition(interval >= 0, "Signal.\(function): \(argument) must not be negative, got \(interval)")
        return interval < longestInterval ? interval : nil
    }

    /// Returns `interval`, or `nil` for "never", like ``interval(_:of:argument:)``, and also
    /// refuses `0`: a repeating timer needs a positive period.
    @inlinable
    package static func period(_ interval: TimeInterval, of function: String, argument: String = "interval")
        -> TimeInterval?
    {
        precondition(!interval.isNaN, "Signal.\(function): \(argument) must be a number of seconds, got nan")
        precondition(interval > 0, "Signal.\(function): \(argument) must be positive, got \(interval)")
        return interval < longestInterval ? interval : nil
    }
}
