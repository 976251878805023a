import Rill
import RillMarbles

/// The places a marble diagram can be used, each allowing different symbols.
enum MarbleUse {
    /// A cold signal's events, timed from each subscription: no `^`, no `!`.
    case coldSignal
    /// A hot signal's events, timed from `^` or the first character: no `!`.
    case hotSignal
    /// The events a recorder is expected to have received: no `^`, no `!`.
    case expectedEvents
    /// When a subscription starts (`^`, required) and ends (`!`, optional): no events.
    case subscription

    var name: String {
        switch self {
        case .coldSignal: "a cold signal's marble"
        case .hotSignal: "a hot signal's marble"
        case .expectedEvents: "an expected marble"
        case .subscription: "a subscription marble"
        }
    }
}

extension MarbleDiagram {
    /// Parses `text` and checks that it suits `use`.
    static func parse(_ text: String, for use: MarbleUse) throws(MarbleSyntaxError) -> MarbleDiagram {
        let diagram = try MarbleDiagram(parsing: text)
        try diagram.check(for: use)
        return diagram
    }

    /// Parses `text` for `use`, stopping the process with the syntax error if it is malformed:
    /// for APIs whose marble is a literal in a test.
    static func parseOrFail(_ text: String, for use: MarbleUse, in function: String) -> MarbleDiagram {
        do {
            return try parse(text, for: use)
        } catch {
            preconditionFailure("\(function): \(error)")
        }
    }

    func syntaxError(_ mark: Mark, _ reason: String) -> MarbleSyntaxError {
        MarbleSyntaxError(marble: source ?? description, column: mark.column, reason: reason)
    }

    /// Throws if the diagram has a symbol `use` does not allow.
    func check(for use: MarbleUse) throws(MarbleSyntaxError) {
        for mark in marks {
            switch (mark.symbol, use) {
            case (.subscription, .coldSignal):
                throw syntaxError(
                    mark, "'^' is not allowed in \(use.name): its frames count from each subscription")
            case (.subscription, .expectedEvents):
                throw syntaxError(
                    mark, "'^' is not allowed in \(use.name): its frames count from the scheduler's start")
            case (.disposal, .coldSignal), (.disposal, .hotSignal), (.disposal, .expectedEvents):
                throw syntaxError(
                    mark, "'!' is not allowed in \(use.name); it belongs in subscription marbles")
            case (.next, .subscription), (.error, .subscription), (.completed, .subscription):
                throw syntaxError(
                    mark, "'\(mark.symbol.character)' is not allowed in \(use.name); use '-', '^' and '!'")
            default:
                continue
            }
        }
        if use == .subscription, subscriptionFrame == nil {
            throw MarbleSyntaxError(
                marble: source ?? description, column: 1,
                reason: "\(use.name) needs a '^' for the subscription point")
        }
    }

    /// The diagram's events with their values looked up, in order.
    ///
    /// - Parameters:
    ///   - values: Maps characters to values.
    ///   - failure: What `#` stands for. With `failureRequired`, a `#` without one is an error
    ///     whose reason is `failureRequired`; otherwise the event's failure is `nil`.
    func events<Value, Failure>(
        values: MarbleValueMapping<Value>, failure: Failure?, failureRequired: String?
    ) throws(MarbleSyntaxError) -> [(frame: Int, event: MarbleEvent<Value, Failure>)] {
        var events: [(frame: Int, event: MarbleEvent<Value, Failure>)] = []
        for mark in marks {
            switch mark.symbol {
            case .next(let character):
                guard let value = values.value(character) else {
                    throw syntaxError(mark, "no value for '\(character)'; add it to values:")
                }
                events.append((mark.frame, .next(value)))
            case .error:
                if failure == nil, let failureRequired { throw syntaxError(mark, failureRequired) }
                events.append((mark.frame, .error(failure)))
            case .completed:
                events.append((mark.frame, .completed))
            case .subscription, .disposal:
                continue
            }
        }
        return events
    }
}

/// An event drawn in a marble diagram. A failure may be unknown (`nil`): in an expected marble,
/// `#` without an `error:` argument matches any failure.
enum MarbleEvent<Value, Failure: Error> {
    case next(Value)
    case error(Failure?)
    case completed

    /// The event to send, when the failure is known.
    var event: Event<Value, Failure>? {
        switch self {
        case .next(let value): .next(value)
        case .error(let failure?): .error(failure)
        case .error(nil): nil
        case .completed: .completed
        }
    }
}
