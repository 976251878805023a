/// Builds indented Swift source text.
struct CodeWriter {
    private(set) var text = ""
    var indentation = 0
    private(set) var hasOpenSourceLocation = false

    /// Starts a line of `line(_:)`'s content that is written as it is, without indentation:
    /// Swift copied from a spec at its own column, and the directives that map it there.
    static let verbatim = "\u{1}"

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
            return
        }
        for piece in content.split(separator: "\n", omittingEmptySubsequences: false) {
            if piece.hasPrefix(Self.verbatim) {
                text += piece.dropFirst(Self.verbatim.count) + "\n"
            } else {
                text += piece.isEmpty ? "\n" : String(repeating: "    ", count: indentation) + piece + "\n"
            }
        }
    }

    mutating func block(_ opening: String, _ closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        indentation += 1
        body(&self)
        indentation -= 1
        line(closing)
    }

    /// Makes the compiler report the lines that follow at `location`'s line of the spec, so that
    /// a Swift error in code that came from a spec points at the spec. Without `paths`, nothing.
    mutating func sourceLocation(_ location: SourceLocation?, paths: SpecPaths?) {
        guard let location, let paths else { return }
        text +=
            "#sourceLocation(file: \(paths.relative(location.file).swiftLiteral), line: \(location.line))\n"
        hasOpenSourceLocation = true
    }

    /// `content` on a line of its own, reported by the compiler at `location`.
    mutating func line(_ content: String, mappedTo location: SourceLocation?, paths: SpecPaths?) {
        sourceLocation(location, paths: paths)
        line(content)
        endSourceLocation()
    }

    /// Ends the mapping of ``sourceLocation(_:paths:)``, if one is open.
    mutating func endSourceLocation() {
        guard hasOpenSourceLocation else { return }
        text += "#sourceLocation()\n"
        hasOpenSourceLocation = false
    }

    /// Lines written as they are, without indentation, when this text is embedded in another
    /// writer's too: their columns are the spec's.
    mutating func verbatim(_ lines: String) {
        for piece in lines.split(separator: "\n", omittingEmptySubsequences: false).dropLast(
            lines.hasSuffix("\n") ? 1 : 0)
        {
            text += Self.verbatim + piece + "\n"
        }
        if lines.contains("#sourceLocation(") { hasOpenSourceLocation = true }
    }

    mutating func documentation(_ markdown: String) {
        for piece in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            line(piece.isEmpty ? "///" : "/// \(piece)")
        }
    }
}

extension String {
    /// `take` → `Take`.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }

    /// The text with its common leading indentation removed from every line.
    var dedented: String {
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        let indents = lines.filter { !$0.allSatisfy(\.isWhitespace) }.map { $0.prefix { $0 == " " }.count }
        let common = indents.min() ?? 0
        return lines.map { $0.allSatisfy(\.isWhitespace) ? "" : String($0.dropFirst(common)) }
            .joined(separator: "\n")
    }

    /// A Swift string literal for the text.
    var swiftLiteral: String {
        var escaped = ""
        for character in self {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            case _ where character.unicodeScalars.contains { $0.properties.generalCategory == .control }:
                for scalar in character.unicodeScalars {
                    escaped += "\\u{\(String(scalar.value, radix: 16))}"
                }
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
