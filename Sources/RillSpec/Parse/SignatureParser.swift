/// Stage 2b: parses `signature:`, a Swift function declaration.
///
/// Accepted: `[static] func NAME[<generics>](PARAMETERS) -> RETURN [where REQUIREMENTS]`, where
/// each parameter is `[label] name: Type [= default]`.
enum SignatureParser {
    static func parse(_ text: LocatedText) throws(Diagnostic) -> Signature {
        let trimmed = text.trimmed()
        let characters = Array(trimmed.text)
        let scanner = SwiftScanner(trimmed.text)
        var offset = 0

        func fail(_ at: Int, _ message: String) -> Diagnostic {
            Diagnostic(
                trimmed.location(at: at), message,
                hint: "write a Swift declaration such as 'func take(_ count: Int) -> Signal<Value, Failure>'")
        }
        func skipSpaces() { while offset < characters.count, characters[offset].isWhitespace { offset += 1 } }
        func word() -> String {
            let start = offset
            while offset < characters.count, scanner.isIdentifierCharacter(characters[offset]) { offset += 1 }
            return String(characters[start..<offset])
        }

        skipSpaces()
        // `@_disfavoredOverload`: an overload the type checker tries after the others, such as
        // one that promotes `Never` to another failure. It keeps chains of the operator linear
        // to type-check where an overload for each case would multiply the work.
        var isDisfavored = false
        if offset < characters.count, characters[offset] == "@" {
            let attributeOffset = offset
            offset += 1
            let attribute = word()
            guard attribute == "_disfavoredOverload" else {
                throw fail(
                    attributeOffset,
                    "'@\(attribute)' is not an attribute a signature may have; only '@_disfavoredOverload' is"
                )
            }
            isDisfavored = true
            skipSpaces()
        }
        var isStatic = false
        var keyword = word()
        if keyword == "static" {
            isStatic = true
            skipSpaces()
            keyword = word()
        }
        if keyword == "var" {
            skipSpaces()
            let name = word()
            skipSpaces()
            guard !name.isEmpty, offset < characters.count, characters[offset] == ":" else {
                throw fail(offset, "expected 'static var NAME: Signal<…>'")
            }
            let typeText = trimmed.slice((offset + 1)..<characters.count).trimmed()
            try check(
                TypeSyntax.validate(typeText), in: typeText, generics: ["Value", "Failure"], name: name)
            let type = typeText.text
            var signature = Signature(
                isStatic: isStatic, name: name, genericParameters: "", parameters: [], returnType: type,
                whereClause: "", location: trimmed.start)
            signature.isProperty = true
            signature.isDisfavored = isDisfavored
            return signature
        }
        guard keyword == "func" else {
            throw fail(0, "a signature starts with 'func', 'static func' or 'static var'")
        }
        skipSpaces()
        let nameOffset = offset
        var name: String
        if offset < characters.count, characters[offset] == "`" {
            offset += 1
            name = word()
            guard offset < characters.count, characters[offset] == "`" else {
                throw fail(nameOffset, "unclosed '`' around the function name")
            }
            offset += 1
        } else {
            name = word()
        }
        guard !name.isEmpty else { throw fail(nameOffset, "missing the function name") }

        var generics = ""
        var inScope: Set<String> = ["Value", "Failure"]
        if offset < characters.count, characters[offset] == "<" {
            var depth = 0
            let start = offset
            repeat {
                if characters[offset] == "<" { depth += 1 }
                if characters[offset] == ">" && characters[offset - 1] != "-" { depth -= 1 }
                offset += 1
            } while offset < characters.count && depth > 0
            guard depth == 0 else { throw fail(start, "unclosed generic parameter list") }
            generics = String(characters[start..<offset])
            for piece in scanner.split((start + 1)..<(offset - 1), at: ",", countingAngles: true) {
                let parameter = trimmed.slice(scanner.trim(piece))
                let parts = parameter.text.split(separator: ":", maxSplits: 1)
                var name = parts.first.map { String($0).trimmingSpaces } ?? ""
                if name.hasPrefix("each ") { name = String(name.dropFirst(5)).trimmingSpaces }
                guard EntryParser.isIdentifier(name), !SwiftNames.isKeyword(name) else {
                    throw Diagnostic(
                        parameter.start, "expected a generic parameter name, found '\(parameter.text)'",
                        hint: "write '<Output>' or '<Output: Equatable>'")
                }
                inScope.insert(name)
                if parts.count == 2 {
                    let constraint = parameter.slice((parts[0].count + 1)..<parameter.text.count).trimmed()
                    try check(TypeSyntax.validate(constraint), in: constraint, generics: inScope, name: name)
                }
            }
        }
        skipSpaces()
        guard offset < characters.count, characters[offset] == "(" else {
            throw fail(offset, "expected '(' to open the parameter list")
        }
        guard let close = scanner.matchingClose(of: offset) else {
            throw fail(offset, "unclosed parameter list")
        }
        if let problem = scanner.bracketProblem(in: nameOffset..<characters.count) {
            throw fail(problem.offset, problem.message)
        }
        var parameters: [Signature.Parameter] = []
        let inner = (offset + 1)..<close
        if !String(characters[inner]).trimmingSpaces.isEmpty {
            for range in scanner.split(inner, at: ",", countingAngles: true) {
                let parameter = try parameter(trimmed.slice(range), generics: inScope, function: name)
                if let other = parameters.first(where: { $0.name == parameter.name }) {
                    throw fail(range.lowerBound, "two parameters are named '\(other.name)'")
                }
                parameters.append(parameter)
            }
        }
        offset = close + 1
        skipSpaces()
        guard offset + 1 < characters.count, characters[offset] == "-", characters[offset + 1] == ">" else {
            throw fail(offset, "expected '-> Signal<…>' after the parameters")
        }
        offset += 2
        var syntax = TypeSyntax(scanner, limit: characters.count)
        let returnStart = offset
        do throws(TypeSyntax.Failure) {
            offset = try syntax.type(at: offset, depth: 0)
        } catch {
            throw fail(
                error.offset, error.offset >= characters.count ? "missing the return type" : error.message)
        }
        let returnType = String(characters[returnStart..<offset]).trimmingSpaces
        try check(syntax.references, in: trimmed, generics: inScope, name: name)
        var whereClause = ""
        skipSpaces()
        if offset < characters.count {
            guard scanner.words("where", in: offset..<characters.count).first == offset else {
                throw Diagnostic(
                    trimmed.location(at: offset),
                    "unexpected '\(String(characters[offset...]))' after the return type",
                    hint: "a signature ends with its return type, or a 'where' clause")
            }
            let clause = trimmed.slice((offset + 5)..<characters.count).trimmed()
            try checkWhereClause(clause, generics: inScope)
            whereClause = clause.text
        }
        var signature = Signature(
            isStatic: isStatic, name: name, genericParameters: generics, parameters: parameters,
            returnType: returnType, whereClause: whereClause, location: trimmed.start)
        signature.typesInScope = inScope
        signature.isDisfavored = isDisfavored
        return signature
    }

    /// Rejects names that are not types in scope where a checker can tell: an undeclared
    /// one-letter generic parameter, or a near miss of a known type or generic parameter.
    static func check(
        _ references: [TypeSyntax.Reference], in text: LocatedText, generics: Set<String>, name: String
    ) throws(Diagnostic) {
        for reference in references where !generics.contains(reference.name) {
            if let typo = SwiftNames.likelyTypo(
                of: reference.name, among: SwiftNames.knownTypes.union(generics))
            {
                throw Diagnostic(
                    text.location(at: reference.offset), "unknown type '\(reference.name)'",
                    hint: "did you mean '\(typo)'?")
            }
            if reference.name.count <= 2, reference.name.allSatisfy(\.isUppercase) {
                throw Diagnostic(
                    text.location(at: reference.offset),
                    "'\(reference.name)' is not a generic parameter "
                        + (name.isEmpty ? "in scope" : "of '\(name)'"),
                    hint: "declare it, as in 'func \(name)<\(reference.name)>(…)'")
            }
        }
    }

    /// `A: P, B == C, repeat each T: P`: every requirement constrains a generic parameter in scope.
    static func checkWhereClause(_ clause: LocatedText, generics: Set<String>) throws(Diagnostic) {
        let scanner = SwiftScanner(clause.text)
        guard !clause.text.isEmpty else {
            throw Diagnostic(
                clause.start, "empty 'where' clause",
                hint: "write 'where Value: Equatable', or remove 'where'")
        }
        for piece in scanner.split(0..<scanner.characters.count, at: ",", countingAngles: true) {
            let requirement = clause.slice(scanner.trim(piece))
            let inner = SwiftScanner(requirement.text)
            let all = 0..<inner.characters.count
            guard let separator = inner.firstTopLevel("==", in: all) ?? inner.firstTopLevel(":", in: all)
            else {
                throw Diagnostic(
                    requirement.start,
                    "expected 'Type: Protocol' or 'Type == Type' in the 'where' clause, found '\(requirement.text)'"
                )
            }
            let width = inner.characters[separator] == "=" ? 2 : 1
            var subject = requirement.slice(0..<separator).trimmed()
            for modifier in ["repeat ", "each "] where subject.text.hasPrefix(modifier) {
                subject = subject.slice(modifier.count..<subject.text.count).trimmed()
            }
            let root = String(subject.text.prefix { $0 != "." && $0 != "<" && !$0.isWhitespace })
            guard generics.contains(root) else {
                throw Diagnostic(
                    subject.start, "'\(root)' is not a generic parameter in scope",
                    hint:
                        "a 'where' clause constrains \(generics.sorted().map { "'\($0)'" }.joined(separator: ", "))"
                )
            }
            let constraint = requirement.slice((separator + width)..<requirement.text.count).trimmed()
            try check(TypeSyntax.validate(constraint), in: constraint, generics: generics, name: root)
        }
    }

    static func parameter(_ text: LocatedText, generics: Set<String>, function: String) throws(Diagnostic)
        -> Signature.Parameter
    {
        let trimmed = text.trimmed()
        let scanner = SwiftScanner(trimmed.text)
        let all = 0..<scanner.characters.count
        guard let colon = scanner.firstTopLevel(":", in: all) else {
            throw Diagnostic(
                trimmed.start, "expected 'label name: Type' in the parameter '\(trimmed.text)'",
                hint: "every parameter needs a type, for example '_ count: Int'")
        }
        let names = String(scanner.characters[..<colon]).split(separator: " ").map(String.init)
        var typeText = trimmed.slice((colon + 1)..<scanner.characters.count).trimmed()
        var defaultValue: String?
        let typeScanner = SwiftScanner(typeText.text)
        if let equals = typeScanner.firstTopLevel("=", in: 0..<typeScanner.characters.count) {
            defaultValue = String(typeScanner.characters[(equals + 1)...]).trimmingSpaces
            guard defaultValue?.isEmpty == false else {
                throw Diagnostic(typeText.location(at: equals), "missing the default value after '='")
            }
            typeText = typeText.slice(0..<equals).trimmed()
        }
        try check(TypeSyntax.validate(typeText), in: typeText, generics: generics, name: function)
        for (index, name) in names.enumerated() where !(index == 0 && names.count == 2) || name != "_" {
            let isLabel = index == 0 && names.count == 2
            guard EntryParser.isIdentifier(name) else {
                throw Diagnostic(
                    trimmed.start, "'\(name)' is not a parameter name",
                    hint: "write 'label name: Type' or '_ name: Type'")
            }
            if isLabel, !["inout", "var", "let"].contains(name) { continue }
            if let problem = SwiftNames.problem(declaring: name, as: "parameter") {
                throw Diagnostic(trimmed.start, problem, hint: "rename the parameter")
            }
        }
        switch names.count {
        case 1:
            return .init(label: names[0], name: names[0], type: typeText.text, defaultValue: defaultValue)
        case 2:
            return .init(
                label: names[0] == "_" ? nil : names[0], name: names[1], type: typeText.text,
                defaultValue: defaultValue)
        default:
            throw Diagnostic(
                trimmed.start, "expected at most a label and a name before ':' in '\(trimmed.text)'",
                hint: "write 'label name: Type' or '_ name: Type'")
        }
    }
}
