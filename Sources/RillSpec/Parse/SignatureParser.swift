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
            let type = String(characters[(offset + 1)...]).trimmingSpaces
            var signature = Signature(
                isStatic: isStatic, name: name, genericParameters: "", parameters: [], returnType: type,
                whereClause: "", location: trimmed.start)
            signature.isProperty = true
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
        }
        skipSpaces()
        guard offset < characters.count, characters[offset] == "(" else {
            throw fail(offset, "expected '(' to open the parameter list")
        }
        guard let close = scanner.matchingClose(of: offset) else {
            throw fail(offset, "unclosed parameter list")
        }
        var parameters: [Signature.Parameter] = []
        let inner = (offset + 1)..<close
        if !String(characters[inner]).trimmingSpaces.isEmpty {
            for range in scanner.split(inner, at: ",", countingAngles: true) {
                parameters.append(try parameter(trimmed.slice(range)))
            }
        }
        offset = close + 1
        skipSpaces()
        guard offset + 1 < characters.count, characters[offset] == "-", characters[offset + 1] == ">" else {
            throw fail(offset, "expected '-> Signal<…>' after the parameters")
        }
        offset += 2
        let rest = offset..<characters.count
        var returnType = String(characters[rest]).trimmingSpaces
        var whereClause = ""
        if let whereOffset = scanner.words("where", in: rest).first {
            returnType = String(characters[offset..<whereOffset]).trimmingSpaces
            whereClause = String(characters[(whereOffset + 5)...]).trimmingSpaces
        }
        guard !returnType.isEmpty else { throw fail(offset, "missing the return type") }
        return Signature(
            isStatic: isStatic, name: name, genericParameters: generics, parameters: parameters,
            returnType: returnType, whereClause: whereClause, location: trimmed.start)
    }

    static func parameter(_ text: LocatedText) throws(Diagnostic) -> Signature.Parameter {
        let trimmed = text.trimmed()
        let scanner = SwiftScanner(trimmed.text)
        let all = 0..<scanner.characters.count
        guard let colon = scanner.firstTopLevel(":", in: all) else {
            throw Diagnostic(
                trimmed.start, "expected 'label name: Type' in the parameter '\(trimmed.text)'",
                hint: "every parameter needs a type, for example '_ count: Int'")
        }
        let names = String(scanner.characters[..<colon]).split(separator: " ").map(String.init)
        var typeText = String(scanner.characters[(colon + 1)...]).trimmingSpaces
        var defaultValue: String?
        let typeScanner = SwiftScanner(typeText)
        if let equals = typeScanner.firstTopLevel(" = ", in: 0..<typeScanner.characters.count) {
            defaultValue = String(typeScanner.characters[(equals + 3)...]).trimmingSpaces
            typeText = String(typeScanner.characters[..<equals]).trimmingSpaces
        }
        switch names.count {
        case 1:
            return .init(label: names[0], name: names[0], type: typeText, defaultValue: defaultValue)
        case 2:
            return .init(
                label: names[0] == "_" ? nil : names[0], name: names[1], type: typeText,
                defaultValue: defaultValue)
        default:
            throw Diagnostic(
                trimmed.start, "expected at most a label and a name before ':' in '\(trimmed.text)'",
                hint: "write 'label name: Type' or '_ name: Type'")
        }
    }
}
