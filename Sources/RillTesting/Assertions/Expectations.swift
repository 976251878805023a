import RillMarbles

#if canImport(Testing)
import Rill
import Testing

/// Expects `recorder` to have received the events drawn in `expected`, with values looked up in
/// `values`, and records a test issue at the caller showing both marbles, aligned, if not.
///
/// Frames count from the start of the recorder's ``TestScheduler``. `#` matches a failure equal
/// to `error`, or any failure if `error` is `nil`. See
/// ``EventRecorder/marbleMismatch(expected:values:error:)`` for the comparison.
///
/// ```swift
/// let source = scheduler.createColdSignal("-a-b-|", values: ["a": 1, "b": 2])
/// let recorder = scheduler.start { source.signal }
/// expectMarbles(recorder, "-x-y-|", values: ["x": 1, "y": 2])
/// ```
///
/// - Returns: Whether the events matched.
@discardableResult
public func expectMarbles<Value: Equatable, Failure>(
    _ recorder: EventRecorder<Value, Failure>, _ expected: String, values: [Character: Value],
    error: Failure? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    report(sourceLocation) { () throws(MarbleSyntaxError) in
        try recorder.marbleMismatch(expected: expected, values: values, error: error)
    }
}

/// Expects `recorder` to have received the events drawn in `expected`, whose characters stand
/// for themselves (see ``MarbleValue``), and records a test issue at the caller if not.
///
/// ```swift
/// let recorder = scheduler.start { scheduler.createColdSignal("-a-b-|").signal }
/// expectMarbles(recorder, "-a-b-|")
/// ```
///
/// - Returns: Whether the events matched.
@discardableResult
public func expectMarbles<Value: MarbleValue, Failure>(
    _ recorder: EventRecorder<Value, Failure>, _ expected: String, error: Failure? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    report(sourceLocation) { () throws(MarbleSyntaxError) in
        try recorder.marbleMismatch(expected: expected, error: error)
    }
}

/// Expects `source` to have been subscribed to as drawn in `expected`, one subscription marble
/// per subscription in the order they started (`^` subscribed, `!` disposed), and records a test
/// issue at the caller if not. See ``SubscriptionLogging/subscriptionMismatch(expected:)``.
///
/// ```swift
/// let source = scheduler.createColdSignal("-a-b-|")
/// scheduler.start(subscribeAt: 1, disposeAt: 3) { source.signal }
/// expectSubscriptions(source, ["-^-!"])
/// ```
///
/// - Returns: Whether the subscriptions matched.
@discardableResult
public func expectSubscriptions(
    _ source: some SubscriptionLogging, _ expected: [String],
    sourceLocation: SourceLocation = #_sourceLocation
) -> Bool {
    report(sourceLocation) { () throws(MarbleSyntaxError) in
        try source.subscriptionMismatch(expected: expected)
    }
}

/// Records an issue for a mismatch or a malformed marble; returns whether there was neither.
private func report(
    _ sourceLocation: SourceLocation, _ compare: () throws(MarbleSyntaxError) -> MarbleMismatch?
) -> Bool {
    do {
        guard let mismatch = try compare() else { return true }
        Issue.record(Comment(rawValue: mismatch.message), sourceLocation: sourceLocation)
    } catch {
        Issue.record(Comment(rawValue: error.description), sourceLocation: sourceLocation)
    }
    return false
}
#endif
