/// Stage 2a, parse: splits a spec file into entries and their fields.
///
/// The format is line-oriented:
///
/// ```
/// # A comment.
/// operator take
///     rac: -take:
///     signature: func take(_ count: Int) -> Signal<Value, Failure>
///     doc:
///         Sends the first `count` values, then completes.
///     example: "-a-b-c-|" => take(2) => "-a-(b|)"
/// ```
///
/// An entry starts with `operator NAME` at the start of a line. Its fields are indented; a line
/// indented deeper than the fields continues the previous field.
struct EntryParser {
    struct Field {
        var key: String
        /// The key's location.
        var location: SourceLocation
        var value: LocatedText
    }

    struct RawEntry {
        var name: String
        var location: SourceLocation
        var fields: [Field]
    }

    static let keys =
        ["rac", "signature", "doc", "derive", "primitive", "state", "example", "model", "chain"]
        + Counterpart.Library.allCases.map(\.key)

    let path: String
    let lines: [Substring]
    var diagnostics: [Diagnostic] = []

    init(path: String, contents: String) {
        self.path = path
        // "\r\n" is one Character in Swift, so Windows line endings are separators of their own.
        lines = contents.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
    }

    func location(_ line: Int, _ column: Int) -> SourceLocation {
        SourceLocation(file: path, line: line + 1, column: column + 1)
    }

    static func indentation(of line: Substring) -> Int {
        line.prefix { $0 == " " || $0 == "\t" }.count
    }

    static func isBlankOrComment(_ line: Substring) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// Whether `character` is a control character other than a tab: one would end a doc comment's
    /// line in the generated code (a lone carriage return) or break a string literal.
    static func isControl(_ character: Character) -> Bool {
        character != "\t"
            && character.unicodeScalars.contains {
                $0.properties.generalCategory == .control || $0 == "\u{2028}" || $0 == "\u{2029}"
            }
    }

    mutating func parse() -> [RawEntry] {
        for (index, line) in lines.enumerated() {
            if let control = line.firstIndex(where: Self.isControl) {
                let scalar = line[control].unicodeScalars.first {
                    $0.properties.generalCategory == .control || $0.value >= 0x2028
                }
                let code = String(scalar?.value ?? 0, radix: 16, uppercase: true)
                diagnostics.append(
                    Diagnostic(
                        location(index, line.distance(from: line.startIndex, to: control)),
                        "control character U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code) in the spec",
                        hint:
                            "remove it; lines end with a line feed, and text holds printable characters and tabs"
                    ))
            }
        }
        var entries: [RawEntry] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if Self.isBlankOrComment(line) {
                index += 1
                continue
            }
            guard Self.indentation(of: line) == 0, line.hasPrefix("operator ") || line == "operator" else {
                diagnostics.append(
                    Diagnostic(
                        location(index, Self.indentation(of: line)),
                        "expected 'operator NAME' to start an entry, found '\(line.trimmingSpaces)'",
                        hint: "entries start at the beginning of a line; their fields are indented"))
                index += 1
                continue
            }
            let name = line.dropFirst("operator".count).trimmingSpaces
            let nameColumn =
                line.distance(from: line.startIndex, to: line.firstIndex(of: " ") ?? line.endIndex) + 1
            if !Self.isIdentifier(name) {
                diagnostics.append(
                    Diagnostic(
                        location(index, name.isEmpty ? 0 : nameColumn),
                        name.isEmpty ? "missing operator name" : "'\(name)' is not a Swift identifier",
                        hint: "write 'operator NAME', for example 'operator take'"))
            }
            var entry = RawEntry(name: String(name), location: location(index, 0), fields: [])
            index += 1
            var fieldIndentation: Int?
            while index < lines.count {
                let fieldLine = lines[index]
                let indent = Self.indentation(of: fieldLine)
                let isBlank = fieldLine.allSatisfy { $0 == " " || $0 == "\t" }
                if !isBlank && indent == 0 { break }
                if isBlank {
                    // A blank line belongs to the field being continued only if more of it follows.
                    if let last = entry.fields.indices.last, let fieldIndentation,
                        let next = nextContentLine(after: index),
                        Self.indentation(of: lines[next]) > fieldIndentation
                    {
                        appendContinuation(
                            to: &entry.fields[last], line: index, dropping: fieldIndentation + 4)
                    }
                    index += 1
                    continue
                }
                if let fieldIndentation, indent > fieldIndentation, let last = entry.fields.indices.last {
                    appendContinuation(to: &entry.fields[last], line: index, dropping: fieldIndentation + 4)
                    index += 1
                    continue
                }
                index += 1
                if Self.isBlankOrComment(fieldLine) { continue }
                if fieldIndentation == nil { fieldIndentation = indent }
                if let field = parseField(line: index - 1, indentation: indent) {
                    entry.fields.append(field)
                }
            }
            entries.append(entry)
        }
        return entries
    }

    func nextContentLine(after index: Int) -> Int? {
        var next = index + 1
        while next < lines.count {
            if !lines[next].allSatisfy({ $0 == " " || $0 == "\t" }) { return next }
            next += 1
        }
        return nil
    }

    mutating func parseField(line index: Int, indentation: Int) -> Field? {
        let line = lines[index]
        let body = line.dropFirst(indentation)
        guard let colon = body.firstIndex(of: ":") else {
            diagnostics.append(
                Diagnostic(
                    location(index, indentation), "expected 'key: value', found '\(body.trimmingSpaces)'",
                    hint: "fields are \(Self.keys.map { "'\($0):'" }.joined(separator: ", "))"))
            return nil
        }
        var key = String(body[..<colon]).trimmingSpaces
        var parameter = ""
        if let open = key.firstIndex(of: "("), key.hasSuffix(")") {
            parameter = String(key[key.index(after: open)..<key.index(before: key.endIndex)])
            key = String(key[..<open])
            guard key == "example" else {
                diagnostics.append(
                    Diagnostic(
                        location(index, indentation), "'\(key)' takes no '(\(parameter))'",
                        hint: "only 'example' takes a value type, as in 'example(Int):'"))
                return nil
            }
        }
        guard Self.keys.contains(key) else {
            let suggestion = Self.keys.min { editDistance($0, key) < editDistance($1, key) } ?? ""
            diagnostics.append(
                Diagnostic(
                    location(index, indentation), "unknown field '\(key)'",
                    hint: "did you mean '\(suggestion):'? fields are \(Self.keys.joined(separator: ", "))"))
            return nil
        }
        let valueStart = body.index(after: colon)
        let valueColumn = indentation + body.distance(from: body.startIndex, to: valueStart)
        let text = String(body[valueStart...])
        let locations = (0..<text.count).map { location(index, valueColumn + $0) }
        let value = LocatedText(
            text: text, locations: locations, end: location(index, valueColumn + text.count))
        let fullKey = parameter.isEmpty ? key : "\(key)(\(parameter))"
        return Field(key: fullKey, location: location(index, indentation), value: value)
    }

    func appendContinuation(to field: inout Field, line index: Int, dropping indentation: Int) {
        let line = lines[index]
        let dropped = min(indentation, Self.indentation(of: line))
        let text = String(line.dropFirst(dropped))
        var value = field.value
        let newline = value.text.isEmpty ? "" : "\n"
        value.text += newline + text
        if !newline.isEmpty { value.locations.append(value.end) }
        value.locations += (0..<text.count).map { location(index, dropped + $0) }
        value.end = location(index, dropped + text.count)
        field.value = value
    }

    static func isIdentifier<Text: StringProtocol>(_ text: Text) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}

extension StringProtocol {
    var trimmingSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// Levenshtein distance, for "did you mean" hints.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = Swift.min(
                previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}
