import Rill
import RillMarbles

// Each source comes in six overloads so that the common cases need neither a `values:`
// dictionary nor a type annotation: without one, `createColdSignal("-a-|")` makes a signal of
// `String` that cannot fail. The `MarbleValue` overloads are disfavored so that, with no type
// context, the `String` ones win.

extension TestScheduler {
    // MARK: Cold signals

    /// Creates a cold signal that replays `marble`, timed from each subscription, on this
    /// scheduler, looking each value up in `values`.
    ///
    /// Frame zero is the moment of subscription: events drawn at frame 0 are queued for the
    /// subscription's own time and sent when the scheduler next runs actions due then. The
    /// diagram may not contain `^` or `!`. See ``MarbleDiagram`` for the notation.
    ///
    /// ```swift
    /// let source = scheduler.createColdSignal("-a-(bc)-#", values: ["a": 1, "b": 2, "c": 3],
    ///                                         error: TestError.boom)
    /// ```
    ///
    /// - Parameters:
    ///   - marble: The events, one character per frame.
    ///   - values: The value each letter or digit in `marble` stands for.
    ///   - error: The failure `#` stands for; required if `marble` contains `#`.
    /// - Precondition: `marble` is well formed and every character has a value; the failure
    ///   message names the column at fault.
    public func createColdSignal<Value, Failure>(
        _ marble: String, values: [Character: Value], error: Failure? = nil
    ) -> ColdSignal<Value, Failure> {
        coldSignal(marble, MarbleValueMapping(lookingUpIn: values), error: error, canFail: true)
    }

    /// Creates a cold signal that cannot fail, replaying `marble` with values from `values`
    /// (see ``createColdSignal(_:values:error:)``).
    public func createColdSignal<Value>(_ marble: String, values: [Character: Value]) -> ColdSignal<
        Value, Never
    > {
        coldSignal(marble, MarbleValueMapping(lookingUpIn: values), error: nil, canFail: false)
    }

    /// Creates a cold signal whose values are the marble characters themselves: `"a"` for a
    /// `String` or `Character`, `7` for an `Int` (see ``MarbleValue`` and
    /// ``createColdSignal(_:values:error:)``).
    @_disfavoredOverload
    public func createColdSignal<Value: MarbleValue, Failure>(
        _ marble: String, error: Failure? = nil
    ) -> ColdSignal<Value, Failure> {
        coldSignal(marble, .builtIn(), error: error, canFail: true)
    }

    /// Creates a cold signal that cannot fail, whose values are the marble characters
    /// themselves (see ``MarbleValue`` and ``createColdSignal(_:values:error:)``).
    @_disfavoredOverload
    public func createColdSignal<Value: MarbleValue>(_ marble: String) -> ColdSignal<Value, Never> {
        coldSignal(marble, .builtIn(), error: nil, canFail: false)
    }

    /// Creates a cold signal of one-character strings that cannot fail: `-a-b-|` sends `"a"`
    /// and `"b"` (see ``createColdSignal(_:values:error:)``).
    public func createColdSignal(_ marble: String) -> ColdSignal<String, Never> {
        coldSignal(marble, .builtIn(), error: nil, canFail: false)
    }

    /// Creates a cold signal of one-character strings that fails with `error` at `#` (see
    /// ``createColdSignal(_:values:error:)``).
    public func createColdSignal<Failure>(_ marble: String, error: Failure? = nil) -> ColdSignal<
        String, Failure
    > {
        coldSignal(marble, .builtIn(), error: error, canFail: true)
    }

    private func coldSignal<Value, Failure>(
        _ marble: String, _ values: MarbleValueMapping<Value>, error: Failure?, canFail: Bool
    ) -> ColdSignal<Value, Failure> {
        let function = "TestScheduler.createColdSignal"
        let diagram = MarbleDiagram.parseOrFail(marble, for: .coldSignal, in: function)
        let events = sourceEvents(diagram, values, error: error, canFail: canFail, function: function)
        return ColdSignal(scheduler: self, events: events, marble: marble)
    }

    // MARK: Hot signals

    /// Creates a hot signal that sends the events of `marble` at fixed frames of this
    /// scheduler's clock to whoever is subscribed at the time, looking each value up in `values`.
    ///
    /// Frame zero is the scheduler's start, at the diagram's `^` if it has one, otherwise at its
    /// first character. Events before `^`, or already in the past, are never sent. The events
    /// are queued on the scheduler now, so an event and a subscription at the same frame happen
    /// in the order they were queued: create hot signals before scheduling subscriptions to see
    /// events of the subscription's own frame. The diagram may not contain `!`. See
    /// ``HotSignal`` and ``MarbleDiagram``.
    ///
    /// - Parameters:
    ///   - marble: The events, one character per frame.
    ///   - values: The value each letter or digit in `marble` stands for.
    ///   - error: The failure `#` stands for; required if `marble` contains `#`.
    /// - Precondition: `marble` is well formed and every character has a value; the failure
    ///   message names the column at fault.
    public func createHotSignal<Value, Failure>(
        _ marble: String, values: [Character: Value], error: Failure? = nil
    ) -> HotSignal<Value, Failure> {
        hotSignal(marble, MarbleValueMapping(lookingUpIn: values), error: error, canFail: true)
    }

    /// Creates a hot signal that cannot fail, with values from `values` (see
    /// ``createHotSignal(_:values:error:)``).
    public func createHotSignal<Value>(_ marble: String, values: [Character: Value]) -> HotSignal<
        Value, Never
    > {
        hotSignal(marble, MarbleValueMapping(lookingUpIn: values), error: nil, canFail: false)
    }

    /// Creates a hot signal whose values are the marble characters themselves (see
    /// ``MarbleValue`` and ``createHotSignal(_:values:error:)``).
    @_disfavoredOverload
    public func createHotSignal<Value: MarbleValue, Failure>(
        _ marble: String, error: Failure? = nil
    ) -> HotSignal<Value, Failure> {
        hotSignal(marble, .builtIn(), error: error, canFail: true)
    }

    /// Creates a hot signal that cannot fail, whose values are the marble characters themselves
    /// (see ``MarbleValue`` and ``createHotSignal(_:values:error:)``).
    @_disfavoredOverload
    public func createHotSignal<Value: MarbleValue>(_ marble: String) -> HotSignal<Value, Never> {
        hotSignal(marble, .builtIn(), error: nil, canFail: false)
    }

    /// Creates a hot signal of one-character strings that cannot fail (see
    /// ``createHotSignal(_:values:error:)``).
    public func createHotSignal(_ marble: String) -> HotSignal<String, Never> {
        hotSignal(marble, .builtIn(), error: nil, canFail: false)
    }

    /// Creates a hot signal of one-character strings that fails with `error` at `#` (see
    /// ``createHotSignal(_:values:error:)``).
    public func createHotSignal<Failure>(_ marble: String, error: Failure? = nil) -> HotSignal<
        String, Failure
    > {
        hotSignal(marble, .builtIn(), error: error, canFail: true)
    }

    private func hotSignal<Value, Failure>(
        _ marble: String, _ values: MarbleValueMapping<Value>, error: Failure?, canFail: Bool
    ) -> HotSignal<Value, Failure> {
        let function = "TestScheduler.createHotSignal"
        let diagram = MarbleDiagram.parseOrFail(marble, for: .hotSignal, in: function)
        let zero = diagram.subscriptionFrame ?? 0
        let events = sourceEvents(diagram, values, error: error, canFail: canFail, function: function)
            .map { (frame: $0.frame - zero, event: $0.event) }
        return HotSignal(scheduler: self, events: events, marble: marble)
    }

    // MARK: Shared

    private func sourceEvents<Value, Failure>(
        _ diagram: MarbleDiagram, _ values: MarbleValueMapping<Value>, error: Failure?, canFail: Bool,
        function: String
    ) -> [(frame: Int, event: Event<Value, Failure>)] {
        let failureRequired =
            canFail
            ? "'#' needs a failure; pass error: to \(function)"
            : "'#' in a signal that cannot fail; give the signal a Failure type and pass error: to \(function)"
        do {
            return try diagram.events(values: values, failure: error, failureRequired: failureRequired)
                .map { mark in
                    // `failureRequired` guarantees every `#` has a failure.
                    guard let event = mark.event.event else { preconditionFailure("unreachable") }
                    return (mark.frame, event)
                }
        } catch {
            preconditionFailure("\(function): \(error)")
        }
    }
}
