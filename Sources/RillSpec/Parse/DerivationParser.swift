/// Stage 2c: parses `derive:` into a ``Derivation``.
///
/// Grammar (Swift fragments are kept as text):
///
/// ```
/// derivation := condition ' ? ' derivation ' : ' derivation | chain
/// chain      := root ('.' call)*
/// root       := 'self' | call | '(' derivation ')'
/// call       := NAME ['(' arguments ')'] [closure]
/// closure    := '{' [parameters 'in'] body '}'
/// ```
///
/// The closure of `bind` and `flattenMap` is a step body (see ``StepParser``).
struct DerivationParser {
    static let stepCallees: Set<String> = ["bind", "flattenMap"]

    /// How deep calls may chain and nest in one derivation or example. Every later stage walks
    /// derivations recursively, so the bound keeps them on a small stack and in linear time; no
    /// real operator comes near it.
    static let maximumDepth = 32

    let source: LocatedText
    let scanner: SwiftScanner
    /// Names that stand for Swift values (parameters that are not signals, example sources):
    /// a chain starting with one is Swift, and one that is a signal starts a chain.
    let swiftValues: Set<String>
    let signalValues: Set<String>
    /// The generic parameters types in the derivation may use.
    var typesInScope: Set<String> = ["Value", "Failure"]
    var characters: [Character] { scanner.characters }

    init(_ source: LocatedText, swiftValues: Set<String> = [], signalValues: Set<String> = []) {
        self.source = source
        self.swiftValues = swiftValues
        self.signalValues = signalValues
        scanner = SwiftScanner.ignoringComments(source.text)
    }

    /// - Parameter depth: How deep the text already is, when it is an argument of a call.
    static func parse(
        _ text: LocatedText, swiftValues: Set<String> = [], signalValues: Set<String> = [], depth: Int = 0,
        typesInScope: Set<String> = ["Value", "Failure"]
    ) throws(Diagnostic) -> Derivation {
        var parser = DerivationParser(text, swiftValues: swiftValues, signalValues: signalValues)
        parser.typesInScope = typesInScope
        let range = parser.trim(0..<parser.characters.count)
        guard !range.isEmpty else {
            throw Diagnostic(
                text.start, "empty derivation",
                hint: "write 'derive: flattenMap { just(transform($0)) }' or 'primitive: FILE'")
        }
        try parser.rejectUnbalanced(range)
        try parser.rejectGeneratedNames(range)
        return try parser.derivation(range, depth: depth)
    }

    func rejectUnbalanced(_ range: Range<Int>) throws(Diagnostic) {
        if let problem = scanner.bracketProblem(in: range) {
            throw fail(
                problem.offset, problem.message,
                hint:
                    "every '(', '[' and '{' needs its own closing bracket, and every string its closing '\"'")
        }
    }

    /// Generated code declares names with a reserved prefix; a spec using one could capture them.
    func rejectGeneratedNames(_ range: Range<Int>) throws(Diagnostic) {
        for offset in scanner.words(
            SwiftNames.generatedPrefix, in: range, includingInterpolations: true, asPrefix: true)
        {
            throw fail(
                offset, "names starting with '\(SwiftNames.generatedPrefix)' are reserved for generated code",
                hint: "rename it")
        }
    }

    func tooDeep(_ offset: Int) -> Diagnostic {
        fail(
            offset, "the derivation chains or nests more than \(Self.maximumDepth) operators",
            hint: "split it into entries of their own and use them by name")
    }

    func trim(_ range: Range<Int>) -> Range<Int> { scanner.trim(range) }

    func text(_ range: Range<Int>) -> LocatedText { source.slice(trim(range)) }

    func fail(_ offset: Int, _ message: String, hint: String? = nil) -> Diagnostic {
        Diagnostic(source.location(at: offset), message, hint: hint)
    }

    func derivation(_ range: Range<Int>, depth: Int) throws(Diagnostic) -> Derivation {
        let range = trim(range)
        guard depth <= Self.maximumDepth else { throw tooDeep(range.lowerBound) }
        if let question = scanner.firstTopLevel(" ? ", in: range) {
            guard let colon = scanner.firstTopLevel(" : ", in: (question + 3)..<range.upperBound) else {
                throw fail(
                    question + 1, "expected ' : ' to complete the conditional",
                    hint: "write 'condition ? a : b'")
            }
            return .conditional(
                condition: text(range.lowerBound..<question),
                then: try derivation((question + 3)..<colon, depth: depth + 1),
                else: try derivation((colon + 3)..<range.upperBound, depth: depth + 1))
        }
        return try chain(range, depth: depth)
    }

    func identifier(at offset: Int, limit: Int) -> Range<Int> {
        var end = offset
        while end < limit, scanner.isIdentifierCharacter(characters[end]) { end += 1 }
        return offset..<end
    }

    /// The name at `offset`, in backticks or not, and the offset just past it.
    func name(at offset: Int, limit: Int) -> (name: String, end: Int) {
        if offset < limit, characters[offset] == "`" {
            let inner = identifier(at: offset + 1, limit: limit)
            if !inner.isEmpty, inner.upperBound < limit, characters[inner.upperBound] == "`" {
                return (String(characters[inner]), inner.upperBound + 1)
            }
        }
        let plain = identifier(at: offset, limit: limit)
        return (String(characters[plain]), plain.upperBound)
    }

    func chain(_ range: Range<Int>, depth: Int) throws(Diagnostic) -> Derivation {
        guard !range.isEmpty else {
            throw fail(
                range.lowerBound, "expected a signal here", hint: "write an operator call, 'self' or 'empty'")
        }
        var offset = range.lowerBound
        var current: Derivation
        if characters[offset] == "(" {
            guard let close = scanner.matchingClose(of: offset, limit: range.upperBound) else {
                throw fail(offset, "unclosed '('")
            }
            current = try derivation((offset + 1)..<close, depth: depth + 1)
            offset = close + 1
        } else if characters[offset] == "`" {
            let (call, end) = try self.call(at: offset, receiver: nil, limit: range.upperBound)
            current = .call(call)
            offset = end
        } else if characters[offset].isLetter || characters[offset] == "_" {
            let name = identifier(at: offset, limit: range.upperBound)
            let word = String(characters[name])
            if word == "self" {
                current = .receiver(source.location(at: offset))
                offset = name.upperBound
            } else if word == "Signal" {
                // A static member on the type, possibly with generic arguments: `Signal<A, B>.empty`.
                var end = name.upperBound
                if end < range.upperBound, characters[end] == "<" {
                    var depth = 0
                    repeat {
                        if characters[end] == "<" { depth += 1 }
                        if characters[end] == ">" { depth -= 1 }
                        end += 1
                    } while end < range.upperBound && depth > 0
                }
                let type = source.slice(name.lowerBound..<end)
                try SignatureParser.check(
                    TypeSyntax.validate(type), in: type, generics: typesInScope, name: "")
                current = .swift(type)
                offset = end
            } else if swiftValues.contains(word) {
                return .swift(text(range))
            } else if signalValues.contains(word) {
                current = .swift(source.slice(name))
                offset = name.upperBound
            } else {
                let (call, end) = try self.call(at: offset, receiver: nil, limit: range.upperBound)
                current = .call(call)
                offset = end
            }
        } else {
            throw fail(
                offset, "unexpected '\(characters[offset])' at the start of a derivation",
                hint: "a derivation starts with 'self', an operator or a '(' ")
        }
        var links = depth
        while true {
            var next = offset
            while next < range.upperBound, characters[next].isWhitespace { next += 1 }
            guard next < range.upperBound else { return current }
            guard characters[next] == "." else {
                throw fail(
                    next,
                    "unexpected '\(characters[next])' after '\(String(characters[range.lowerBound..<offset]).trimmingSpaces.suffix(30))'",
                    hint: "chain operators with '.', for example 'just(x).concat(self)'")
            }
            guard next + 1 < range.upperBound,
                characters[next + 1].isLetter || characters[next + 1] == "_" || characters[next + 1] == "`"
            else {
                throw fail(next + 1, "expected an operator name after '.'")
            }
            links += 1
            guard links <= Self.maximumDepth else { throw tooDeep(next + 1) }
            let (call, end) = try self.call(at: next + 1, receiver: current, limit: range.upperBound)
            current = .call(call)
            offset = end
        }
    }

    func call(at offset: Int, receiver: Derivation?, limit: Int) throws(Diagnostic) -> (Derivation.Call, Int)
    {
        let (name, nameEnd) = self.name(at: offset, limit: limit)
        guard !name.isEmpty else {
            throw fail(
                offset, "expected an operator name", hint: "write a name such as 'map', or one in backticks")
        }
        var end = nameEnd
        var arguments: [Derivation.Argument] = []
        if end < limit, characters[end] == "(" {
            guard let close = scanner.matchingClose(of: end, limit: limit) else {
                throw fail(end, "unclosed '('")
            }
            let inner = (end + 1)..<close
            if !trim(inner).isEmpty {
                for piece in scanner.split(inner, at: ",", countingGenericArguments: true) {
                    arguments.append(try argument(piece, callee: name))
                }
            }
            end = close + 1
        }
        var trailing: Derivation.Closure?
        var look = end
        while look < limit, characters[look] == " " { look += 1 }
        if look < limit, characters[look] == "{" {
            guard let close = scanner.matchingClose(of: look, limit: limit) else {
                throw fail(look, "unclosed '{'")
            }
            trailing = try closure((look + 1)..<close, opening: look, callee: name)
            end = close + 1
        }
        let call = Derivation.Call(
            receiver: receiver, name: name, location: source.location(at: offset), arguments: arguments,
            trailingClosure: trailing)
        return (call, end)
    }

    func argument(_ range: Range<Int>, callee: String) throws(Diagnostic) -> Derivation.Argument {
        let range = trim(range)
        var valueRange = range
        var label: String?
        let head = identifier(at: range.lowerBound, limit: range.upperBound)
        if !head.isEmpty, head.upperBound < range.upperBound, characters[head.upperBound] == ":",
            head.upperBound + 1 >= range.upperBound || characters[head.upperBound + 1] != ":"
        {
            label = String(characters[head])
            valueRange = trim((head.upperBound + 1)..<range.upperBound)
        }
        if !valueRange.isEmpty, characters[valueRange.lowerBound] == "{",
            scanner.matchingClose(of: valueRange.lowerBound, limit: valueRange.upperBound) == valueRange
                .upperBound - 1
        {
            let closure = try closure(
                (valueRange.lowerBound + 1)..<(valueRange.upperBound - 1), opening: valueRange.lowerBound,
                callee: callee)
            return .init(label: label, value: .closure(closure))
        }
        return .init(label: label, value: .swift(text(valueRange)))
    }

    func closure(_ range: Range<Int>, opening: Int, callee: String) throws(Diagnostic) -> Derivation.Closure {
        var parameters = ""
        var bodyRange = range
        if let inOffset = scanner.words("in", in: range).first {
            let head = String(characters[range.lowerBound..<inOffset]).trimmingSpaces
            if !head.isEmpty, head.allSatisfy({ scanner.isIdentifierCharacter($0) || " ,_():".contains($0) })
            {
                parameters = head
                bodyRange = (inOffset + 2)..<range.upperBound
            }
        }
        let body: Derivation.Closure.Body
        if Self.stepCallees.contains(callee) {
            body = .steps(
                try StepParser(source: source, scanner: scanner).parse(bodyRange, allowStop: callee == "bind")
            )
            let names = parameters.split(separator: ",")
            if names.count > 1 {
                throw fail(range.lowerBound, "the block of '\(callee)' takes one value, not \(names.count)")
            }
            if names.isEmpty, scanner.words("$0", in: bodyRange).isEmpty {
                throw fail(
                    opening, "the block of '\(callee)' does not take its value",
                    hint: "name it, as in '{ value in … }', or use '$0'")
            }

        } else {
            body = .swift(source.slice(bodyRange))
        }
        let first = trim(bodyRange).lowerBound
        return .init(
            parameters: parameters, body: body, location: source.location(at: opening),
            bodyStart: source.location(at: first))
    }
}
