import RillMarbles

/// Stage 2e: parses `example:` and `model:` fields.
///
/// ```
/// example: "-a-b-c-|" => take(2) => "-a-(b|)"
/// example(Int): first="-1-2|", second="--3|" => first.concat(second) => "-1-2--3|"
/// model: take(2) ~ Array(values.prefix(2))
/// ```
enum ExampleParser {
    static let valueTypes = ["String", "Int"]

    static func example(_ field: EntryParser.Field) throws(Diagnostic) -> Example {
        var valueType = "String"
        if let open = field.key.firstIndex(of: "(") {
            valueType = String(
                field.key[field.key.index(after: open)..<field.key.index(before: field.key.endIndex)])
            guard valueTypes.contains(valueType) else {
                throw Diagnostic(
                    field.location, "unsupported example value type '\(valueType)'",
                    hint: "write 'example:' for letters as String values or 'example(Int):' for digits")
            }
        }
        let text = field.value.trimmed()
        let scanner = SwiftScanner(text.text)
        let all = 0..<scanner.characters.count
        if let problem = scanner.bracketProblem(in: all) {
            throw Diagnostic(
                text.location(at: problem.offset), problem.message,
                hint:
                    "every '(', '[' and '{' needs its own closing bracket, and every string its closing '\"'")
        }
        var parts: [Range<Int>] = []
        var start = 0
        var searchFrom = 0
        while let arrow = scanner.firstTopLevel("=>", in: searchFrom..<all.upperBound) {
            parts.append(start..<arrow)
            start = arrow + 2
            searchFrom = arrow + 2
        }
        parts.append(start..<all.upperBound)
        guard parts.count == 3 || parts.count == 2 else {
            throw Diagnostic(
                text.start, "an example is 'sources => expression => expected', found \(parts.count) parts",
                hint:
                    "write 'example: \"-a-b-|\" => take(1) => \"-(a|)\"', or 'example: just(\"a\") => \"(a|)\"' without sources"
            )
        }
        if parts.count == 2 { parts.insert(0..<0, at: 0) }
        let sourceText = text.slice(parts[0]).trimmed()
        var sources: [Example.Source] = []
        let sourceScanner = SwiftScanner(sourceText.text)
        let pieces =
            sourceText.text.isEmpty ? [] : sourceScanner.split(0..<sourceScanner.characters.count, at: ",")
        for piece in pieces {
            let item = sourceText.slice(piece).trimmed()
            if let equals = item.text.firstIndex(of: "="), !item.text.hasPrefix("\"") {
                let offset = item.text.distance(from: item.text.startIndex, to: equals)
                let name = String(item.text[..<equals]).trimmingSpaces
                guard EntryParser.isIdentifier(Substring(name)) else {
                    throw Diagnostic(item.start, "'\(name)' is not a valid source name")
                }
                if let problem = SwiftNames.problem(declaring: name, as: "source")
                    ?? (reservedSourceNames.contains(name)
                        ? "the source name '\(name)' is used by the generated test" : nil)
                    ?? (sources.contains { $0.name == name } ? "two sources are named '\(name)'" : nil)
                {
                    throw Diagnostic(item.start, problem, hint: "rename the source")
                }
                let marble = try marble(item.slice((offset + 1)..<item.text.count))
                try validate(marble, valueType: valueType, legend: nil)
                sources.append(.init(name: name, marble: marble))
            } else {
                guard pieces.count == 1 else {
                    throw Diagnostic(
                        item.start, "name each source of an example with several sources",
                        hint: "write 'first=\"-a|\", second=\"-b|\" => first.concat(second) => …'")
                }
                let marble = try marble(item)
                try validate(marble, valueType: valueType, legend: nil)
                sources.append(.init(name: "self", marble: marble))
            }
        }
        let expression = text.slice(parts[1]).trimmed()
        guard !expression.text.isEmpty else {
            throw Diagnostic(text.location(at: parts[1].lowerBound), "missing the expression between '=>'s")
        }
        var expectedText = text.slice(parts[2]).trimmed()
        var legend: [(character: Character, value: String)] = []
        let expectedScanner = SwiftScanner(expectedText.text)
        if let whereOffset = expectedScanner.words("where", in: 0..<expectedScanner.characters.count).first {
            let legendText = expectedText.slice((whereOffset + 5)..<expectedText.text.count).trimmed()
            let legendScanner = SwiftScanner(legendText.text)
            for piece in legendScanner.split(0..<legendScanner.characters.count, at: ",") {
                let entry = legendText.slice(piece).trimmed()
                let characters = Array(entry.text)
                guard characters.count >= 3, characters[1] == "=",
                    characters[0].isLetter || characters[0].isNumber
                else {
                    throw Diagnostic(
                        entry.start, "expected 'X=value' in the legend, found '\(entry.text)'",
                        hint:
                            "write 'where A=\"ax\", B=\"by\"': a marble character and the Swift value it stands for"
                    )
                }
                if legend.contains(where: { $0.character == characters[0] }) {
                    throw Diagnostic(entry.start, "'\(characters[0])' is given twice in the legend")
                }
                legend.append((characters[0], String(characters[2...]).trimmingSpaces))
            }
            expectedText = expectedText.slice(0..<whereOffset)
        }
        let expected = try marble(expectedText)
        try validate(
            expected, valueType: valueType, legend: legend.isEmpty ? nil : Set(legend.map(\.character)))
        var example = Example(
            sources: sources, expression: expression, expected: expected, valueType: valueType,
            location: field.location, derivation: nil)
        example.legend = legend
        return example
    }

    /// A quoted marble; the returned text is the marble without quotes, checked for syntax.
    static func marble(_ text: LocatedText) throws(Diagnostic) -> LocatedText {
        let trimmed = text.trimmed()
        guard trimmed.text.count >= 2, trimmed.text.hasPrefix("\""), trimmed.text.hasSuffix("\""),
            !trimmed.text.dropFirst().dropLast().contains("\"")
        else {
            throw Diagnostic(
                trimmed.start, "expected a quoted marble such as \"-a-b-|\", found '\(trimmed.text)'")
        }
        let inner = trimmed.slice(1..<(trimmed.text.count - 1))
        do {
            _ = try MarbleDiagram(parsing: inner.text)
        } catch {
            throw Diagnostic(
                inner.location(at: error.column - 1), "bad marble: \(error.reason)",
                hint: "marbles use '-', letters or digits, '|', '#', '(…)' groups, '^' and '!'")
        }
        return inner
    }

    /// Names the generated tests declare next to the sources.
    static let reservedSourceNames: Set<String> = [
        "scheduler", "receiver", "recorder", "random", "marbles", "shipped", "reference",
    ]

    /// Checks what a marble of an example can stand for at run time: cold sources and expected
    /// events have no `^` or `!`, and every value is one the example's type can draw, or in the
    /// legend.
    static func validate(_ marble: LocatedText, valueType: String, legend: Set<Character>?) throws(Diagnostic)
    {
        for (offset, character) in marble.text.enumerated() {
            guard let symbol = MarbleDiagram.Symbol(character) else { continue }
            let location = marble.location(at: offset)
            switch symbol {
            case .subscription, .disposal:
                throw Diagnostic(
                    location,
                    "'\(character)' cannot be in an example's marble: sources are cold and start at each subscription",
                    hint: "remove it; frames count from the subscription")
            case .next(let value):
                if let legend {
                    guard legend.contains(value) else {
                        throw Diagnostic(
                            location, "'\(value)' is not in the legend",
                            hint: "add '\(value)=…' after 'where'")
                    }
                } else if valueType == "Int", !(value.isASCII && value.isNumber) {
                    throw Diagnostic(
                        location, "'\(value)' is not a value of 'example(Int):'",
                        hint: "an Int example uses the digits 0 to 9")
                }
            case .error, .completed:
                continue
            }
        }
    }

    static func model(_ field: EntryParser.Field) throws(Diagnostic) -> Model {
        let text = field.value.trimmed()
        let scanner = SwiftScanner(text.text)
        guard let tilde = scanner.firstTopLevel(" ~ ", in: 0..<scanner.characters.count) else {
            throw Diagnostic(
                text.start, "a model is 'operator call ~ Swift expression over values'",
                hint: "write 'model: take(2) ~ Array(values.prefix(2))'")
        }
        return Model(
            call: text.slice(0..<tilde).trimmed(),
            expected: text.slice((tilde + 3)..<text.text.count).trimmed(),
            location: field.location, derivation: nil)
    }

    /// `chain: expression` or `chain: none -- reason`.
    static func chain(_ field: EntryParser.Field) throws(Diagnostic) -> ChainCheck {
        let text = field.value.trimmed()
        if text.text == "none" || text.text.hasPrefix("none ") {
            let rest = text.text.dropFirst(4).drop { $0 == " " }
            guard rest.hasPrefix("--"), !rest.dropFirst(2).trimmingCharacters(in: .whitespaces).isEmpty else {
                throw Diagnostic(
                    text.start, "an operator without a chain check says why",
                    hint: "write 'chain: none -- the reason'")
            }
            return ChainCheck(
                kind: .exempt(reason: rest.dropFirst(2).trimmingCharacters(in: .whitespaces)),
                location: field.location)
        }
        guard !text.text.isEmpty else {
            throw Diagnostic(
                text.start, "a chain check is an expression",
                hint: "write 'chain: map { $0 }', or 'chain: none -- the reason'")
        }
        return ChainCheck(kind: .wrap(text), location: field.location)
    }
}
