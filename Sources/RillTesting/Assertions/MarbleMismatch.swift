import Foundation
import Rill
import RillMarbles

/// How recorded events or subscriptions differ from the marbles a test expected.
///
/// ``expectMarbles(_:_:values:error:sourceLocation:)`` and
/// ``expectSubscriptions(_:_:sourceLocation:)`` report the ``message`` as a test issue. Produce a
/// mismatch yourself, to use with another test framework or to test it, with
/// ``EventRecorder/marbleMismatch(expected:values:error:)`` and
/// ``SubscriptionLogging/subscriptionMismatch(expected:)``.
public struct MarbleMismatch: Sendable, Hashable, CustomStringConvertible {
    /// The first difference, in one line.
    public let summary: String
    /// The expected marbles, frame-aligned with ``actual``: one line for events, one line per
    /// subscription for subscriptions.
    public let expected: [String]
    /// The actual marbles, frame-aligned with ``expected``.
    public let actual: [String]
    /// The full report: the summary, the aligned marbles side by side and the event or
    /// subscription lists.
    ///
    /// ```
    /// events differ: expected next(b) at frame 3, got next(b) at frame 4
    /// expected: -a-b-|
    /// actual:   -a--b|
    /// expected events:
    ///   frame 1: next(a)
    ///   frame 3: next(b)
    ///   frame 5: completed
    /// actual events:
    ///   frame 1: next(a)
    ///   frame 4: next(b)
    ///   frame 5: completed
    /// ```
    public let message: String

    public var description: String { message }
}

// MARK: Events

extension MarbleMismatch {
    /// Compares two event timelines; `nil` if they match.
    static func compareEvents<Value: Equatable, Failure>(
        expected: [TimelineEntry<Value, Failure>], actual: [TimelineEntry<Value, Failure>],
        format: TimelineFormat<Value, Failure>
    ) -> MarbleMismatch? {
        func matches(_ expected: TimelineEntry<Value, Failure>, _ actual: TimelineEntry<Value, Failure>)
            -> Bool
        {
            guard FrameTime.isSame(expected.time, actual.time, frameDuration: format.frameDuration) else {
                return false
            }
            switch (expected.event, actual.event) {
            case (.next(let expectedValue), .next(let actualValue)): return expectedValue == actualValue
            case (.completed, .completed): return true
            case (.error(nil), .error): return true
            case (.error(let expectedFailure?), .error(let actualFailure?)):
                return failuresMatch(expectedFailure, actualFailure)
            default: return false
            }
        }

        guard
            let index = (0..<max(expected.count, actual.count)).first(where: { index in
                index >= expected.count || index >= actual.count || !matches(expected[index], actual[index])
            })
        else { return nil }

        func at(_ entry: TimelineEntry<Value, Failure>) -> String {
            "\(format.describe(entry.event)) at frame \(FrameTime.describe(entry.time, frameDuration: format.frameDuration))"
        }
        let expectedText = index < expected.count ? at(expected[index]) : "no more events"
        let actualText = index < actual.count ? at(actual[index]) : "no more events"
        let summary = "events differ: expected \(expectedText), got \(actualText)"

        let (expectedLine, actualLine) = MarbleRenderer.renderAligned(
            format.marks(expected), format.marks(actual))
        func list(_ entries: [TimelineEntry<Value, Failure>]) -> [String] {
            entries.isEmpty ? ["  (none)"] : entries.map { "  " + format.describe($0) }
        }
        let lines =
            [summary, "expected: " + expectedLine, "actual:   " + actualLine, "expected events:"]
            + list(expected) + ["actual events:"] + list(actual)
        return MarbleMismatch(
            summary: summary, expected: [expectedLine], actual: [actualLine],
            message: lines.joined(separator: "\n"))
    }

    /// The mismatch reported when a recorder has no test scheduler to give its events frames.
    static func missingClock() -> MarbleMismatch {
        let summary = "cannot compare marbles: " + EventRecorder<Never, Never>.missingClockReason
        return MarbleMismatch(summary: summary, expected: [], actual: [], message: summary)
    }
}

/// Whether two failures are the same: by `==` when the failure type is `Equatable`, otherwise
/// by their debug descriptions.
func failuresMatch<Failure: Error>(_ expected: Failure, _ actual: Failure) -> Bool {
    if let expected = (expected as Any) as? any Equatable {
        return expected.isEqual(toAny: actual)
    }
    return String(reflecting: expected) == String(reflecting: actual)
}

extension Equatable {
    fileprivate func isEqual(toAny other: Any) -> Bool {
        (other as? Self) == self
    }
}

extension EventRecorder where Value: Equatable {
    /// Compares the recorded events with the `expected` marble, looking its values up in
    /// `values`; returns `nil` if they match.
    ///
    /// Frames count from the start of the recorder's ``TestScheduler``. Events match when they
    /// happen at the same time, in the same order, with equal values; `#` matches a failure
    /// equal to `error` (by `==` if the failure type is `Equatable`, otherwise by debug
    /// description), or any failure if `error` is `nil`. The expected marble may not contain `^`
    /// or `!`.
    ///
    /// - Throws: ``MarbleSyntaxError`` if `expected` is malformed or uses a character missing
    ///   from `values`.
    public func marbleMismatch(
        expected: String, values: [Character: Value], error: Failure? = nil
    ) throws(MarbleSyntaxError) -> MarbleMismatch? {
        try marbleMismatch(expected: expected, MarbleValueMapping(values), error: error)
    }
}

extension EventRecorder where Value: MarbleValue {
    /// Compares the recorded events with the `expected` marble, whose characters stand for
    /// themselves (see ``MarbleValue`` and ``marbleMismatch(expected:values:error:)``).
    public func marbleMismatch(expected: String, error: Failure? = nil) throws(MarbleSyntaxError)
        -> MarbleMismatch?
    {
        try marbleMismatch(expected: expected, .builtIn(), error: error)
    }
}

extension EventRecorder where Value: Equatable {
    fileprivate func marbleMismatch(
        expected: String, _ values: MarbleValueMapping<Value>, error: Failure?
    ) throws(MarbleSyntaxError) -> MarbleMismatch? {
        let diagram = try MarbleDiagram.parse(expected, for: .expectedEvents)
        guard let scheduler = testScheduler else { return .missingClock() }
        let format = TimelineFormat<Value, Failure>(values: values, frameDuration: scheduler.frameDuration)
        let expectedTimeline = try diagram.timeline(
            values: values, failure: error, frameDuration: scheduler.frameDuration)
        return MarbleMismatch.compareEvents(
            expected: expectedTimeline, actual: timeline(on: scheduler), format: format)
    }
}

// MARK: Subscriptions

extension SubscriptionLogging {
    /// Compares the logged subscriptions with `expected` subscription marbles, one per
    /// subscription in the order they started; returns `nil` if they match.
    ///
    /// Each marble has `^` at the frame the subscription started and `!` at the frame it ended,
    /// or no `!` if it has not ended; frames count from the scheduler's start. For example,
    /// `["^---!", "--^"]` is one subscription from frame 0 to frame 4 and one from frame 2 that
    /// is still running.
    ///
    /// - Throws: ``MarbleSyntaxError`` if a marble is malformed or contains anything but `-`,
    ///   `^`, `!`, groups and spaces.
    public func subscriptionMismatch(expected: [String]) throws(MarbleSyntaxError) -> MarbleMismatch? {
        var expectedSubscriptions: [TestSubscription] = []
        for marble in expected {
            let diagram = try MarbleDiagram.parse(marble, for: .subscription)
            let frameDuration = scheduler.frameDuration
            expectedSubscriptions.append(
                TestSubscription(
                    subscribedAt: Double(diagram.subscriptionFrame ?? 0) * frameDuration,
                    disposedAt: diagram.disposalFrame.map { Double($0) * frameDuration }))
        }
        return MarbleMismatch.compareSubscriptions(
            expected: expectedSubscriptions, actual: subscriptions, frameDuration: scheduler.frameDuration)
    }
}

extension MarbleMismatch {
    /// Compares two subscription logs; `nil` if they match.
    static func compareSubscriptions(
        expected: [TestSubscription], actual: [TestSubscription], frameDuration: TimeInterval
    ) -> MarbleMismatch? {
        func same(_ first: TimeInterval?, _ second: TimeInterval?) -> Bool {
            switch (first, second) {
            case (nil, nil): true
            case (let first?, let second?): FrameTime.isSame(first, second, frameDuration: frameDuration)
            default: false
            }
        }
        func describe(_ subscription: TestSubscription) -> String {
            let start = "frame \(FrameTime.describe(subscription.subscribedAt, frameDuration: frameDuration))"
            guard let end = subscription.disposedAt else { return "from \(start), not disposed" }
            return "from \(start) to frame \(FrameTime.describe(end, frameDuration: frameDuration))"
        }

        guard
            let index = (0..<max(expected.count, actual.count)).first(where: { index in
                index >= expected.count || index >= actual.count
                    || !same(expected[index].subscribedAt, actual[index].subscribedAt)
                    || !same(expected[index].disposedAt, actual[index].disposedAt)
            })
        else { return nil }

        let expectedText = index < expected.count ? describe(expected[index]) : "no subscription"
        let actualText = index < actual.count ? describe(actual[index]) : "no subscription"
        let summary =
            "subscriptions differ (expected \(expected.count), got \(actual.count)): "
            + "subscription \(index + 1) expected \(expectedText), got \(actualText)"

        let aligned = MarbleRenderer.renderAligned(
            (expected + actual).map { $0.marks(frameDuration: frameDuration) })
        let expectedLines = Array(aligned.prefix(expected.count))
        let actualLines = Array(aligned.dropFirst(expected.count))
        func block(_ title: String, _ lines: [String]) -> [String] {
            let padding = String(repeating: " ", count: title.count)
            guard let first = lines.first else { return [title + "(none)"] }
            return [title + first] + lines.dropFirst().map { padding + $0 }
        }
        let lines = [summary] + block("expected: ", expectedLines) + block("actual:   ", actualLines)
        return MarbleMismatch(
            summary: summary, expected: expectedLines, actual: actualLines,
            message: lines.joined(separator: "\n"))
    }
}
