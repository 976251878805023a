import Foundation

/// How long ``Signal/retry(upTo:backoff:on:)`` waits before each retry: a constant interval, or
/// one that grows by a factor after each failure, up to a maximum.
///
/// ```swift
/// request.retry(upTo: 4, backoff: .exponential(initial: 0.5), on: .main)
/// // waits 0.5, 1, 2 and 4 seconds before the four retries
/// ```
public struct Backoff: Sendable, Hashable {
    /// The wait before the first retry, in seconds.
    public let initial: TimeInterval
    /// The factor each later wait is multiplied by.
    public let multiplier: Double
    /// The longest wait, in seconds.
    public let maximum: TimeInterval

    /// The same wait, `interval` seconds, before every retry.
    ///
    /// - Precondition: `interval` is not negative, NaN or infinite.
    public static func constant(_ interval: TimeInterval) -> Backoff {
        Backoff(initial: interval, multiplier: 1, maximum: interval, caller: "Backoff.constant(_:)")
    }

    /// A wait of `initial` seconds before the first retry, multiplied by `multiplier` before each
    /// later one, and never longer than `maximum`.
    ///
    /// - Precondition: `initial` and `maximum` are not negative or NaN, `initial` is finite, and
    ///   `multiplier` is at least 1.
    public static func exponential(
        initial: TimeInterval, multiplier: Double = 2, maximum: TimeInterval = .infinity
    ) -> Backoff {
        Backoff(
            initial: initial, multiplier: multiplier, maximum: maximum,
            caller: "Backoff.exponential(initial:multiplier:maximum:)")
    }

    init(initial: TimeInterval, multiplier: Double, maximum: TimeInterval, caller: String) {
        precondition(
            initial.isFinite && initial >= 0,
            "\(caller): the first wait must be 0 or more seconds, got \(initial)")
        precondition(
            !multiplier.isNaN && multiplier >= 1,
            "\(caller): the multiplier must be 1 or more, got \(multiplier)")
        precondition(
            !maximum.isNaN && maximum >= 0,
            "\(caller): the longest wait must be 0 or more seconds, got \(maximum)")
        self.initial = initial
        self.multiplier = multiplier
        self.maximum = maximum
    }

    /// The wait, in seconds, before retry number `retry`, counting from 1.
    public func interval(beforeRetry retry: Int) -> TimeInterval {
        precondition(retry >= 1, "Backoff.interval(beforeRetry:): retries count from 1, got \(retry)")
        let grown = initial * pow(multiplier, Double(retry - 1))
        // 0 × ∞ is NaN: a wait that starts at 0 stays 0.
        return grown.isNaN ? 0 : min(grown, maximum)
    }
}
