/// Reads Swift type syntax far enough to tell where a type ends and which names it uses:
/// `Signal<Value, Failure>`, `(Value) -> Bool`, `[Key: [Value]]`, `some Sequence<Int>`,
/// `repeat Signal<each Other, Failure>`, `@escaping @Sendable () -> Void`, `A & B`, `T?`, `T...`.
struct TypeSyntax {
    /// A name a type refers to (the first component of a dotted path), and its offset.
    struct Reference: Hashable {
        var name: String
        var offset: Int
    }

    /// Attributes of types; another one close to these is a typo.
    static let attributes: Set<String> = [
        "escaping", "Sendable", "autoclosure", "MainActor", "convention", "isolated", "preconcurrency",
        "unchecked", "retroactive", "noescape", "Sendable", "differentiable",
    ]

    /// How deep types may nest.
    static let maximumDepth = 32

    let characters: [Character]
    let limit: Int
    let scanner: SwiftScanner
    private(set) var references: [Reference] = []

    init(_ scanner: SwiftScanner, limit: Int) {
        self.scanner = scanner
        self.characters = scanner.characters
        self.limit = limit
    }

    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// Checks that `text` is exactly one type, and returns the names it refers to.
    @discardableResult
    static func validate(_ text: LocatedText) throws(Diagnostic) -> [Reference] {
        let scanner = SwiftScanner(text.text)
        var syntax = TypeSyntax(scanner, limit: scanner.characters.count)
        do throws(Failure) {
            let end = try syntax.type(at: 0, depth: 0)
            let rest = syntax.skipSpaces(end)
            if rest < syntax.limit {
                throw Failure(
                    offset: rest,
                    message: "unexpected '\(String(syntax.characters[rest..<syntax.limit]))' after the type")
            }
        } catch {
            throw Diagnostic(
                text.location(at: error.offset), error.message,
                hint: "write a Swift type such as 'Signal<Value, Failure>'")
        }
        return syntax.references
    }

    func skipSpaces(_ offset: Int) -> Int {
        var offset = offset
        while offset < limit, characters[offset].isWhitespace { offset += 1 }
        return offset
    }

    func word(at offset: Int) -> Range<Int> {
        var end = offset
        while end < limit, scanner.isIdentifierCharacter(characters[end]) { end += 1 }
        return offset..<end
    }

    func isIdentifierStart(_ offset: Int) -> Bool {
        offset < limit && (characters[offset].isLetter || characters[offset] == "_")
    }

    func expect(_ character: Character, at offset: Int, _ what: String) throws(Failure) -> Int {
        let offset = skipSpaces(offset)
        guard offset < limit, characters[offset] == character else {
            throw Failure(offset: offset, message: "expected '\(character)' \(what)")
        }
        return offset + 1
    }

    /// Reads a type starting at `offset`; returns the offset just past it.
    mutating func type(at start: Int, depth: Int) throws(Failure) -> Int {
        guard depth <= Self.maximumDepth else {
            throw Failure(offset: start, message: "the type nests too deeply")
        }
        var offset = skipSpaces(start)
        // Attributes and modifiers.
        while true {
            if offset < limit, characters[offset] == "@" {
                let name = word(at: offset + 1)
                guard !name.isEmpty else {
                    throw Failure(offset: offset, message: "expected an attribute name after '@'")
                }
                let attribute = String(characters[name])
                if let typo = SwiftNames.likelyTypo(of: attribute, among: Self.attributes) {
                    throw Failure(
                        offset: offset, message: "unknown attribute '@\(attribute)'; did you mean '@\(typo)'?"
                    )
                }
                offset = name.upperBound
                if offset < limit, characters[offset] == "(" {
                    guard let close = scanner.matchingClose(of: offset, limit: limit) else {
                        throw Failure(offset: offset, message: "unclosed '('")
                    }
                    offset = close + 1
                }
                offset = skipSpaces(offset)
                continue
            }
            let name = word(at: offset)
            let modifier = String(characters[name])
            if ["some", "any", "inout", "repeat", "each", "borrowing", "consuming", "sending"].contains(
                modifier),
                name.upperBound < limit, characters[name.upperBound].isWhitespace
            {
                offset = skipSpaces(name.upperBound)
                continue
            }
            break
        }
        guard offset < limit else { throw Failure(offset: offset, message: "missing a type") }
        var isTuple = false
        switch characters[offset] {
        case "(":
            isTuple = true
            offset = try list(from: offset + 1, closing: ")", depth: depth)
        case "[":
            offset = try type(at: offset + 1, depth: depth + 1)
            offset = skipSpaces(offset)
            if offset < limit, characters[offset] == ":" {
                offset = try type(at: offset + 1, depth: depth + 1)
            }
            offset = try expect("]", at: offset, "to close the collection type")
        default:
            guard isIdentifierStart(offset) else {
                throw Failure(offset: offset, message: "expected a type, found '\(characters[offset])'")
            }
            var first = true
            while true {
                let name = word(at: offset)
                guard !name.isEmpty else {
                    throw Failure(offset: offset, message: "expected a type name after '.'")
                }
                if first { references.append(Reference(name: String(characters[name]), offset: offset)) }
                first = false
                offset = name.upperBound
                if offset < limit, characters[offset] == "<" {
                    offset = try list(from: offset + 1, closing: ">", depth: depth)
                }
                guard offset + 1 < limit, characters[offset] == ".", isIdentifierStart(offset + 1) else {
                    break
                }
                let member = String(characters[word(at: offset + 1)])
                if member == "Type" || member == "Protocol" { break }
                offset += 1
            }
        }
        // Postfix: optionals, variadics, metatypes.
        while offset < limit {
            if characters[offset] == "?" || characters[offset] == "!" {
                offset += 1
            } else if offset + 2 < limit, characters[offset] == ".", characters[offset + 1] == ".",
                characters[offset + 2] == "."
            {
                offset += 3
            } else if characters[offset] == ".",
                ["Type", "Protocol"].contains(String(characters[word(at: offset + 1)]))
            {
                offset = word(at: offset + 1).upperBound
            } else {
                break
            }
        }
        var next = skipSpaces(offset)
        // Effects and the result of a function type.
        if isTuple {
            for effect in ["async", "throws", "rethrows"] where String(characters[word(at: next)]) == effect {
                next = skipSpaces(word(at: next).upperBound)
                if effect == "throws", next < limit, characters[next] == "(" {
                    next = try expect(
                        ")", at: try type(at: next + 1, depth: depth + 1), "after the thrown type")
                    next = skipSpaces(next)
                }
            }
            if next + 1 < limit, characters[next] == "-", characters[next + 1] == ">" {
                return try type(at: next + 2, depth: depth + 1)
            }
        }
        if next < limit, characters[next] == "&" {
            return try type(at: next + 1, depth: depth + 1)
        }
        return offset
    }

    /// The elements of `(…)` (types, each with optional labels) or of `<…>`, after the opening
    /// bracket; returns the offset just past the closing one.
    mutating func list(from start: Int, closing: Character, depth: Int) throws(Failure) -> Int {
        var offset = skipSpaces(start)
        if closing == ")", offset < limit, characters[offset] == ")" { return offset + 1 }
        while true {
            offset = skipSpaces(offset)
            if closing == ")" { offset = skipLabels(at: offset) }
            offset = skipSpaces(try type(at: offset, depth: depth + 1))
            guard offset < limit else {
                throw Failure(offset: start - 1, message: "unclosed '\(characters[start - 1])'")
            }
            if characters[offset] == closing { return offset + 1 }
            guard characters[offset] == "," else {
                throw Failure(
                    offset: offset,
                    message: "expected ',' or '\(closing)' in the type, found '\(characters[offset])'")
            }
            offset += 1
        }
    }

    /// The offset past `name:` or `_ name:` at `offset`, or `offset` if there is no label.
    func skipLabels(at offset: Int) -> Int {
        let first = word(at: offset)
        guard !first.isEmpty else { return offset }
        let afterFirst = skipSpaces(first.upperBound)
        let second = word(at: afterFirst)
        let colon = skipSpaces(second.isEmpty ? afterFirst : second.upperBound)
        if colon < limit, characters[colon] == ":", colon + 1 >= limit || characters[colon + 1] != ":" {
            return colon + 1
        }
        return offset
    }
}
