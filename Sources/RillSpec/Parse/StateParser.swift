/// Stage 2f: parses one line of `state:`, `var name[: Type] = initial`.
enum StateParser {
    /// One per-subscription variable.
    struct Declaration: Hashable, Sendable {
        var name: String
        /// The type annotation, or `nil` when the initial value gives it.
        var type: String?
        var initial: String
    }

    static func parse(_ line: LocatedText) throws(Diagnostic) -> Declaration {
        let text = line.trimmed()
        let scanner = SwiftScanner(text.text)
        let characters = scanner.characters
        func fail(_ offset: Int, _ message: String) -> Diagnostic {
            Diagnostic(
                text.location(at: offset), message,
                hint: "write 'state: var taken = 0' or 'state: var seen: Set<Value> = []'")
        }
        guard text.text.hasPrefix("var ") || text.text.hasPrefix("let ") else {
            throw fail(0, "state is declared with 'var name = value'")
        }
        if let problem = scanner.bracketProblem(in: 0..<characters.count) {
            throw fail(problem.offset, problem.message)
        }
        var offset = 4
        while offset < characters.count, characters[offset] == " " { offset += 1 }
        let nameStart = offset
        while offset < characters.count, scanner.isIdentifierCharacter(characters[offset]) { offset += 1 }
        let name = String(characters[nameStart..<offset])
        guard EntryParser.isIdentifier(name) else {
            throw fail(nameStart, "missing the state variable's name")
        }
        if let problem = SwiftNames.problem(declaring: name, as: "state") { throw fail(nameStart, problem) }
        // The first top-level '=' that is an assignment, not part of '==', '<=', '>=', '!=' or '->'.
        let equals = scanner.topLevelOffsets(in: offset..<characters.count).first { index in
            characters[index] == "=" && (index + 1 == characters.count || characters[index + 1] != "=")
                && !"=<>!".contains(characters[index - 1])
        }
        guard let equals else { throw fail(offset, "state needs an initial value: 'var \(name) = …'") }
        var type: String?
        let between = String(characters[offset..<equals]).trimmingSpaces
        if !between.isEmpty {
            guard between.hasPrefix(":") else {
                throw fail(offset, "expected ':' and a type, or '=', after the state name '\(name)'")
            }
            let colon = scanner.trim(offset..<equals).lowerBound
            let typeText = text.slice(scanner.trim((colon + 1)..<equals))
            _ = try TypeSyntax.validate(typeText)
            type = typeText.text
        }
        let initial = String(characters[(equals + 1)...]).trimmingSpaces
        guard !initial.isEmpty else { throw fail(equals, "missing the initial value after '='") }
        return Declaration(name: name, type: type, initial: initial)
    }
}
