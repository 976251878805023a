import Testing

@testable import RillSpec

/// Stage 2c and 2d: `derive:` read as a derivation, and the blocks of `bind` and `flattenMap` as steps.
///
/// Every derivation text stands at line 5, column 13, where `    derive: ` puts it.
@Suite("DerivationParser and StepParser")
struct DerivationParserTests {
    func derive(_ text: String, swift: Set<String> = [], signals: Set<String> = []) throws(Diagnostic)
        -> Derivation
    {
        try DerivationParser.parse(
            located(text, line: 5, column: 13), swiftValues: swift, signalValues: signals)
    }

    /// The diagnostic parsing `text` throws, or `nil` (recording an issue) if it parses.
    func failure(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
        do throws(Diagnostic) {
            let parsed = try derive(text)
            Issue.record("expected an error, parsed \(parsed)", sourceLocation: sourceLocation)
            return nil
        } catch {
            return error
        }
    }

    /// The step body of the trailing closure of the call `text` is.
    func body(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> StepBody {
        let closure = try #require(call(try derive(text), sourceLocation: sourceLocation)?.trailingClosure)
        guard case .steps(let body) = closure.body else {
            Issue.record("expected a step body, found \(closure.body)", sourceLocation: sourceLocation)
            return StepBody(pieces: [])
        }
        return body
    }

    func swiftText(_ value: Derivation.Argument.Value?) -> String? {
        if case .swift(let text)? = value { return text.text }
        return nil
    }

    // MARK: Derivations

    @Test("'self' is the receiver, located at its first character")
    func receiver() throws {
        #expect(try derive("self") == .receiver(at(5, 13)))
        #expect(try derive("  self ") == .receiver(at(5, 15)))
    }

    @Test("A bare name is a call without receiver; parentheses hold its arguments, kept as located Swift")
    func calls() throws {
        let empty = try #require(call(try derive("empty")))
        #expect(empty.name == "empty")
        #expect(empty.receiver == nil)
        #expect(empty.arguments.isEmpty)
        #expect(empty.trailingClosure == nil)
        #expect(empty.location == at(5, 13))
        #expect(empty.arity == 0)
        #expect(empty.resolution == nil)

        let just = try #require(call(try derive("just(value)")))
        #expect(just.name == "just")
        #expect(just.arity == 1)
        #expect(just.arguments.first?.label == nil)
        #expect(swiftText(just.arguments.first?.value) == "value")
        if case .swift(let text)? = just.arguments.first?.value { #expect(text.start == at(5, 18)) }

        let labelled = try #require(call(try derive("element(at: index + 1, 2)")))
        #expect(labelled.arguments.map(\.label) == ["at", nil])
        #expect(labelled.arguments.map { swiftText($0.value) } == ["index + 1", "2"])

        #expect(try #require(call(try derive("ignoreValues()"))).arguments.isEmpty)
    }

    @Test("Trailing closures, with or without parameters and after arguments; labelled closure arguments")
    func closures() throws {
        let map = try #require(call(try derive("map { $0 + 1 }")))
        let mapClosure = try #require(map.trailingClosure)
        #expect(mapClosure.parameters == "")
        #expect(mapClosure.location == at(5, 17))
        if case .swift(let text) = mapClosure.body {
            #expect(text.text.trimmingSpaces == "$0 + 1")
        } else {
            Issue.record("expected a Swift body, found \(mapClosure.body)")
        }
        #expect(map.arity == 1)

        let filter = try #require(call(try derive("filter { value in value > 0 }")))
        #expect(filter.trailingClosure?.parameters == "value")
        if case .swift(let text)? = filter.trailingClosure?.body {
            #expect(text.text.trimmingSpaces == "value > 0")
        }

        let combine = try #require(call(try derive("combinePrevious(0) { $1 - $0 }")))
        #expect(combine.arguments.count == 1)
        #expect(combine.trailingClosure != nil)
        #expect(combine.arity == 2)

        let take = try #require(call(try derive("take(until: { $0 == 1 })")))
        #expect(take.trailingClosure == nil)
        #expect(take.arguments.first?.label == "until")
        guard case .closure(let closure)? = take.arguments.first?.value else {
            Issue.record("expected a closure argument, found \(String(describing: take.arguments.first))")
            return
        }
        #expect(closure.location == at(5, 25))

        let scan = try #require(
            call(try derive("scan(0, indexed: { total, value, index in total + value })")))
        guard case .closure(let indexed)? = scan.arguments.last?.value else {
            Issue.record("expected a closure argument, found \(String(describing: scan.arguments.last))")
            return
        }
        #expect(indexed.parameters == "total, value, index")
    }

    @Test("A chain makes each call the receiver of the next, across lines too; '(…)' groups a root")
    func chains() throws {
        let take = try #require(call(try derive("skip(index).take(1)")))
        #expect(take.name == "take")
        #expect(take.location == at(5, 25))
        let skip = try #require(call(take.receiver))
        #expect(skip.name == "skip")
        #expect(skip.receiver == nil)

        let filter = try #require(call(try derive("self.map { $0 }.filter { $0 > 1 }")))
        let map = try #require(call(filter.receiver))
        #expect(filter.name == "filter")
        #expect(map.name == "map")
        #expect(map.receiver == .receiver(at(5, 13)))

        let concat = try #require(call(try derive("just(x)\n    .concat(self)")))
        #expect(concat.name == "concat")
        #expect(concat.location == at(6, 6))
        #expect(call(concat.receiver)?.name == "just")
        #expect(swiftText(concat.arguments.first?.value) == "self")

        let grouped = try #require(call(try derive("(self).map { $0 }")))
        #expect(grouped.receiver == .receiver(at(5, 14)))
    }

    @Test(
        "'c ? a : b' is a conditional with a Swift condition and two derivations; conditionals nest to the right"
    )
    func conditionals() throws {
        guard
            case .conditional(let condition, let then, let otherwise) = try derive(
                "count == 0 ? empty : bind { value in just(value) }")
        else {
            Issue.record("expected a conditional")
            return
        }
        #expect(condition.text == "count == 0")
        #expect(condition.start == at(5, 13))
        #expect(call(then)?.name == "empty")
        #expect(call(otherwise)?.name == "bind")

        guard case .conditional(_, let first, let rest) = try derive("a ? self : b ? empty : self") else {
            Issue.record("expected a conditional")
            return
        }
        #expect(first == .receiver(at(5, 17)))
        guard case .conditional(let inner, _, let last) = rest else {
            Issue.record("expected a nested conditional, found \(rest)")
            return
        }
        #expect(inner.text == "b")
        #expect(last == .receiver(at(5, 36)))
    }

    @Test(
        "A chain that starts with a Swift value is Swift; one that starts with a signal value chains operators"
    )
    func swiftAndSignalRoots() throws {
        let swift = try derive("signals.reduce(empty) { $0.concat($1) }", swift: ["signals"])
        #expect(swift == .swift(located("signals.reduce(empty) { $0.concat($1) }", line: 5, column: 13)))

        let concat = try #require(call(try derive("other.concat(self)", signals: ["other"])))
        #expect(concat.name == "concat")
        #expect(concat.receiver == .swift(located("other", line: 5, column: 13)))

        // Not declared either way, a name is an operator call (for the checker to resolve).
        #expect(call(try derive("other.concat(self)"))?.receiver.flatMap { call($0)?.name } == "other")
    }

    @Test(
        "SpecParser passes the signature's parameters: Signal-typed ones are signal roots, others Swift roots"
    )
    func rootsFromTheSignature() throws {
        let text =
            entry(
                "after", "func after(_ other: Signal<Value, Failure>) -> Signal<Value, Failure>",
                derive: "other.concat(self)")
            + entry(
                "concatAll",
                "static func concatAll(_ signals: [Signal<Value, Failure>]) -> Signal<Value, Failure>",
                derive: "signals.reduce(empty) { $0.concat($1) }")
        let specs = parsed([specFile(text)])
        #expect(specs.count == 2)
        let after = try #require(call(derivation(of: specs.first)))
        if case .swift(let root)? = after.receiver {
            #expect(root.text == "other")
        } else {
            Issue.record("expected a Swift root")
        }
        guard case .swift(let all)? = derivation(of: specs.last) else {
            Issue.record("expected Swift, found \(String(describing: derivation(of: specs.last)))")
            return
        }
        #expect(all.text == "signals.reduce(empty) { $0.concat($1) }")
    }

    @Test("'Signal<A, B>.name' calls a static member on the type; a bare 'Signal.name' too")
    func typeQualifiedStaticCalls() throws {
        let deferred = try #require(
            call(try derive("Signal<State, Failure>.defer { self.reduce(makeInitial(), next) }")))
        #expect(deferred.name == "defer")
        #expect(deferred.receiver == .swift(located("Signal<State, Failure>", line: 5, column: 13)))
        #expect(deferred.location == at(5, 36))
        if case .swift(let body)? = deferred.trailingClosure?.body {
            #expect(body.text.trimmingSpaces == "self.reduce(makeInitial(), next)")
        } else {
            Issue.record("expected a Swift closure body")
        }

        let bare = try #require(call(try derive("Signal.defer { first }")))
        #expect(bare.receiver == .swift(located("Signal", line: 5, column: 13)))
    }

    @Test(
        "A malformed derivation is an error located at the offending character",
        arguments: [
            ("map { $0 } + 1", 24, "unexpected '+' after 'map { $0 }'"),
            ("self.", 18, "expected an operator name after '.'"),
            ("self.2x", 18, "expected an operator name after '.'"),
            ("(self", 13, "unclosed '('"),
            ("map(1", 16, "unclosed '('"),
            ("map { $0", 17, "unclosed '{'"),
            ("1 + self", 13, "unexpected '1' at the start of a derivation"),
            ("c ? self", 15, "expected ' : ' to complete the conditional"),
            ("   ", 13, "empty derivation"),
        ])
    func malformed(text: String, column: Int, message: String) {
        let diagnostic = failure(text)
        #expect(diagnostic?.location == at(5, column))
        #expect(diagnostic?.message == message)
    }

    // MARK: Steps

    @Test("A one-expression block answers that step, not as a return statement")
    func singleExpressionStep() throws {
        #expect(
            try body("bind { value in just(value) }").pieces == [
                .result(.just(located("value", at(5, 34)), at(5, 29)), isReturnStatement: false)
            ])
        #expect(try body("flattenMap { signal($0) }").steps == [.signal(located("$0", at(5, 33)), at(5, 26))])
        #expect(
            try body("flattenMap { _ in error(failure) }").steps == [
                .error(located("failure", at(5, 37)), at(5, 31))
            ])
        #expect(try body("flattenMap { _ in empty }").steps == [.empty(at(5, 31))])
        let bind = try #require(call(try derive("bind { value in just(value) }")))
        #expect(bind.trailingClosure?.parameters == "value")
    }

    @Test("'return' statements inside if/else are the block's answers, the Swift around them kept")
    func returnsInIfElse() throws {
        let body = try body(
            """
            bind { value in
                if value > 1 {
                    return empty
                } else {
                    return just(value)
                }
            }
            """)
        #expect(body.steps == [.empty(at(7, 16)), .just(located("value", at(9, 21)), at(9, 16))])
        let results = body.pieces.compactMap { piece -> Bool? in
            if case .result(_, let isReturn) = piece { return isReturn } else { return nil }
        }
        #expect(results == [true, true])
        let swift = body.pieces.compactMap { piece -> String? in
            if case .swift(let text) = piece { return text.text } else { return nil }
        }
        #expect(swift.joined(separator: "|").contains("if value > 1 {"))
        #expect(swift.count == 3)
    }

    @Test("'return' statements inside a switch, with stop and last(error(e)) in a bind block")
    func returnsInSwitch() throws {
        let body = try body(
            """
            bind { event in
                switch event {
                case .next(let value):
                    return just(value)
                case .completed:
                    return stop
                case .error(let failure):
                    return last(error(failure))
                }
            }
            """)
        #expect(
            body.steps == [
                .just(located("value", at(8, 21)), at(8, 16)), .stop(at(10, 16)),
                .last(.error(located("failure", at(12, 27)), at(12, 21)), at(12, 16)),
                .error(located("failure", at(12, 27)), at(12, 21)),
            ])
    }

    @Test("A conditional step, and last(just(x)), in a bind block")
    func conditionalAndLastSteps() throws {
        #expect(
            try body(#"bind { value in value == "b" ? stop : just(value) }"#).pieces == [
                .result(
                    .conditional(
                        located(#"value == "b""#, at(5, 29)), .stop(at(5, 44)),
                        .just(located("value", at(5, 56)), at(5, 51))),
                    isReturnStatement: false)
            ])
        #expect(
            try body("bind { value in last(just(value)) }").steps.first
                == .last(.just(located("value", at(5, 39)), at(5, 34)), at(5, 29)))
    }

    @Test("Braces of control flow (defer, guard-else, if-else if) are allowed in a block")
    func controlFlowBraces() throws {
        let body = try body(
            """
            bind { value in
                defer { previous = value }
                guard value != nil else { return empty }
                if value > 1 { return just(value) } else if value < 0 { return error(value) }
                return stop
            }
            """)
        #expect(body.steps.count == 4)
        #expect(body.steps.last == .stop(at(9, 12)))
    }

    @Test(
        "A closure inside a block is rejected at its opening brace",
        arguments: [
            ("bind { value in\n    let doubled = [value].map { $0 }\n    return just(doubled)\n}", 6, 31),
            ("bind { value in just(value.map { $0 }) }", 5, 44),
            ("flattenMap { just([$0].map { $0 }) }", 5, 40),
        ])
    func closuresInBlocksAreRejected(text: String, line: Int, column: Int) {
        let diagnostic = failure(text)
        #expect(diagnostic?.location == at(line, column))
        #expect(diagnostic?.message == "a closure inside a bind block is not supported")
    }

    @Test(
        "'stop' and 'last' are only steps of a bind block",
        arguments: [
            ("flattenMap { value in stop }", 35, "'stop' is only available in a bind block"),
            ("flattenMap { value in last(just(value)) }", 35, "'last' is only available in a bind block"),
            ("bind { value in last(stop) }", 34, "'stop' is only available in a bind block"),
        ])
    func stopOnlyInBind(text: String, column: Int, message: String) {
        let diagnostic = failure(text)
        #expect(diagnostic?.location == at(5, column))
        #expect(diagnostic?.message == message)
    }

    @Test(
        "A malformed step is an error located at the step",
        arguments: [
            ("bind { value in foo(value) }", 5, 29, "'foo' is not a step"),
            ("bind { value in .just(value) }", 5, 29, "'.just(value)' is not a step"),
            ("bind { value in just(value) + 1 }", 5, 33, "unexpected text after the step 'just(…)'"),
            ("bind { value in just() }", 5, 29, "'just' needs an argument"),
            ("bind { value in empty() }", 5, 34, "'empty' takes no argument"),
            ("bind { value in last }", 5, 29, "'last' needs a step"),
            ("bind { }", 5, 19, "empty block"),
            ("bind { value in c ? stop }", 5, 31, "expected ' : ' to complete the conditional step"),
            ("bind { value in\n    return\n}", 6, 5, "'return' needs a step"),
        ])
    func malformedSteps(text: String, line: Int, column: Int, message: String) {
        let diagnostic = failure(text)
        #expect(diagnostic?.location == at(line, column))
        #expect(diagnostic?.message == message)
    }

    @Test("The hint for a wrong step lists stop and last only in a bind block")
    func stepHints() {
        #expect(failure("bind { value in foo }")?.hint?.contains("stop or last(step)") == true)
        #expect(failure("flattenMap { foo }")?.hint?.contains("stop") == false)
    }
}
