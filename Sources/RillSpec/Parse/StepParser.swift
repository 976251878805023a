/// Stage 2d: parses the block of `bind` or `flattenMap`: Swift statements in which each answer
/// is a step.
///
/// ```
/// { value in
///     taken += 1
///     return taken == count ? last(just(value)) : just(value)
/// }
/// ```
///
/// Steps are `just(x)`, `empty`, `error(e)`, `signal(s)`, and for `bind` also `stop` and
/// `last(step)`; a step may be `condition ? step : step`. A block of one expression answers it;
/// a longer block answers with `return step`. Closures inside a block are not allowed, because
/// their `return`s could not be told apart from the block's.
struct StepParser {
    let source: LocatedText
    let scanner: SwiftScanner
    var characters: [Character] { scanner.characters }

    static let controlKeywords: Set<String> = [
        "if", "else", "guard", "switch", "for", "while", "repeat", "do", "case", "default", "catch", "defer",
    ]

    func fail(_ offset: Int, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(source.location(at: offset), message, hint: hint)
    }

    func parse(_ range: Range<Int>, allowStop: Bool) throws(Diagnostic) -> StepBody {
        try rejectClosures(in: range)
        let returns = scanner.words("return", in: range)
        if returns.isEmpty {
            let trimmed = trim(range)
            guard !trimmed.isEmpty else {
                throw fail(
                    range.lowerBound, "empty block",
                    hint: "answer with a step such as 'just(value)' or 'empty'")
            }
            if let separator = statementSeparator(in: trimmed) {
                throw fail(
                    separator, "a block of several statements answers with 'return step'",
                    hint: "write 'return just(value)' where the block answers")
            }
            let step = try self.step(trimmed, allowStop: allowStop, depth: 0)
            return StepBody(pieces: [.result(step, isReturnStatement: false)])
        }
        var pieces: [StepBody.Piece] = []
        var cursor = range.lowerBound
        for start in returns {
            guard start >= cursor else {
                throw fail(
                    start, "'return' inside the step of the 'return' before it",
                    hint: "a step is one expression: end it before the next statement")
            }
            try rejectBareSteps(in: cursor..<start, allowStop: allowStop)
            pieces.append(.swift(located(cursor..<start)))
            let valueStart = start + "return".count
            let valueEnd = endOfStatement(from: valueStart, limit: range.upperBound)
            let value = trim(valueStart..<valueEnd)
            guard !value.isEmpty else {
                throw fail(
                    start, "'return' needs a step",
                    hint: "write 'return just(value)', 'return empty' or 'return stop'")
            }
            pieces.append(.result(try step(value, allowStop: allowStop, depth: 0), isReturnStatement: true))
            cursor = valueEnd
        }
        try rejectBareSteps(in: cursor..<range.upperBound, allowStop: allowStop)
        pieces.append(.swift(located(cursor..<range.upperBound)))
        return StepBody(pieces: pieces)
    }

    /// The first newline or `;` between statements at the top level of `range`, if any.
    func statementSeparator(in range: Range<Int>) -> Int? {
        var result: Int?
        scanner.walk(until: range) { offset, depth in
            guard depth == 0, characters[offset] == "\n" || characters[offset] == ";" else { return false }
            // A line ending in an operator, or the next starting with one, continues the expression.
            let before = characters[scanner.trim(range.lowerBound..<offset)].last
            let after = characters[scanner.trim((offset + 1)..<range.upperBound)].first
            if characters[offset] == "\n",
                before.map({ "?:+-*/&|=<>.,(".contains($0) }) ?? true
                    || after.map({ "?:+-*/&|=<>.)".contains($0) }) ?? true
            {
                return false
            }
            result = offset
            return true
        }
        return result
    }

    /// A statement of Swift between the answers that is itself a step lost its `return`: Swift
    /// would evaluate it and drop it.
    func rejectBareSteps(in range: Range<Int>, allowStop: Bool) throws(Diagnostic) {
        let steps: Set<String> =
            allowStop
            ? ["just", "empty", "error", "signal", "stop", "last"] : ["just", "empty", "error", "signal"]
        var statementStart = range.lowerBound
        var atStatementStart = true
        var problem: Int?
        scanner.walk(until: range) { offset, _ in
            let character = characters[offset]
            if "\n;{}".contains(character) || (character == ":" && isCaseLabel(statementStart..<offset)) {
                statementStart = offset + 1
                atStatementStart = true
                return false
            }
            guard atStatementStart, !character.isWhitespace else { return false }
            atStatementStart = false
            var end = offset
            while end < range.upperBound, scanner.isIdentifierCharacter(characters[end]) { end += 1 }
            let word = String(characters[offset..<end])
            let next = characters[scanner.trim(end..<range.upperBound)].first
            if steps.contains(word), next.map({ "(;}?".contains($0) }) ?? true {
                problem = offset
                return true
            }
            return false
        }
        if let problem {
            throw fail(
                problem, "this step is not answered: it lacks 'return'",
                hint:
                    "write 'return \(String(characters[problem..<min(problem + 12, range.upperBound)]).prefix { $0 != "(" })…'"
            )
        }
    }

    /// Whether `range` is `case …` or `default` ending where a `:` follows.
    func isCaseLabel(_ range: Range<Int>) -> Bool {
        let head = String(characters[scanner.trim(range)])
        return head.hasPrefix("case ") || head == "default"
    }

    func trim(_ range: Range<Int>) -> Range<Int> { scanner.trim(range) }

    /// The characters in `range` with their spec locations. Not `LocatedText.slice`, which would
    /// copy the whole source's characters for each piece.
    func located(_ range: Range<Int>) -> LocatedText {
        LocatedText(
            text: String(characters[range]), locations: Array(source.locations[range]),
            end: source.location(at: range.upperBound))
    }

    /// A statement ends at a newline or ';' at its own depth, or where its block closes.
    func endOfStatement(from start: Int, limit: Int) -> Int {
        var end: Int?
        // `walk` counts depth from `start`, so the brace closing the enclosing block is at -1.
        scanner.walk(start..<limit) { offset, depth in
            guard end == nil else { return }
            let character = characters[offset]
            if depth < 0 || (depth == 0 && (character == "\n" || character == ";")) { end = offset }
        }
        return end ?? limit
    }

    func rejectClosures(in range: Range<Int>) throws(Diagnostic) {
        var statementStart = range.lowerBound
        var problem: Int?
        scanner.walk(range) { offset, _ in
            guard problem == nil else { return }
            let character = characters[offset]
            if character == "\n" || character == ";" || character == "}" {
                statementStart = offset + 1
                return
            }
            guard character == "{" else { return }
            let head = String(characters[statementStart..<offset])
            let words = head.split { !scanner.isIdentifierCharacter($0) }.map(String.init)
            let first = words.first ?? ""
            if !(Self.controlKeywords.contains(first) || words.last == "else") { problem = offset }
            statementStart = offset + 1
        }
        if let problem {
            throw fail(
                problem, "a closure inside a bind block is not supported",
                hint: "move the closure into a helper the block calls, or write the operator as a primitive")
        }
    }

    func step(_ range: Range<Int>, allowStop: Bool, depth: Int) throws(Diagnostic) -> Step {
        let range = trim(range)
        guard depth <= DerivationParser.maximumDepth else {
            throw fail(
                range.lowerBound, "the step nests more than \(DerivationParser.maximumDepth) conditions",
                hint: "answer with 'if' or 'switch' statements instead")
        }
        if let question = scanner.firstTopLevel(" ? ", in: range) {
            guard let colon = scanner.firstTopLevel(" : ", in: (question + 3)..<range.upperBound) else {
                throw fail(question + 1, "expected ' : ' to complete the conditional step")
            }
            return .conditional(
                located(trim(range.lowerBound..<question)),
                try step((question + 3)..<colon, allowStop: allowStop, depth: depth + 1),
                try step((colon + 3)..<range.upperBound, allowStop: allowStop, depth: depth + 1))
        }
        let location = source.location(at: range.lowerBound)
        var nameEnd = range.lowerBound
        while nameEnd < range.upperBound, scanner.isIdentifierCharacter(characters[nameEnd]) { nameEnd += 1 }
        let name = String(characters[range.lowerBound..<nameEnd])
        var argument: Range<Int>?
        if nameEnd < range.upperBound, characters[nameEnd] == "(" {
            guard let close = scanner.matchingClose(of: nameEnd, limit: range.upperBound),
                close == range.upperBound - 1
            else {
                throw fail(nameEnd, "unexpected text after the step '\(name)(…)'")
            }
            argument = (nameEnd + 1)..<close
        } else if nameEnd != range.upperBound {
            throw fail(
                range.lowerBound, "'\(String(characters[range]))' is not a step",
                hint: Self.stepHint(allowStop: allowStop))
        }
        func requireArgument() throws(Diagnostic) -> LocatedText {
            guard let argument, !trim(argument).isEmpty else {
                throw fail(range.lowerBound, "'\(name)' needs an argument", hint: "write '\(name)(x)'")
            }
            return located(trim(argument))
        }
        func requireNoArgument() throws(Diagnostic) {
            if argument != nil { throw fail(nameEnd, "'\(name)' takes no argument") }
        }
        switch name {
        case "just", "return":
            return .just(try requireArgument(), location)
        case "error":
            return .error(try requireArgument(), location)
        case "signal":
            return .signal(try requireArgument(), location)
        case "empty":
            try requireNoArgument()
            return .empty(location)
        case "stop" where allowStop:
            try requireNoArgument()
            return .stop(location)
        case "last" where allowStop:
            guard let argument else {
                throw fail(range.lowerBound, "'last' needs a step", hint: "write 'last(just(value))'")
            }
            return .last(try step(argument, allowStop: false, depth: depth + 1), location)
        case "stop", "last":
            throw fail(
                range.lowerBound, "'\(name)' is only available in a bind block",
                hint: "use 'bind' to stop the source")
        default:
            throw fail(range.lowerBound, "'\(name)' is not a step", hint: Self.stepHint(allowStop: allowStop))
        }
    }

    static func stepHint(allowStop: Bool) -> String {
        "a step is just(x), empty, error(e), signal(s)" + (allowStop ? ", stop or last(step)" : "")
            + ", or 'condition ? step : step'"
    }
}
