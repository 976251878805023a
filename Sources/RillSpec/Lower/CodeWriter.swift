/// Builds indented Swift source text.
struct CodeWriter {
    private(set) var text = ""
    var indentation = 0

    mutating func line(_ content: String = "") {
        if content.isEmpty {
            text += "\n"
            return
        }
        for piece in content.split(separator: "\n", omittingEmptySubsequences: false) {
            text += piece.isEmpty ? "\n" : String(repeating: "    ", count: indentation) + piece + "\n"
        }
    }

    mutating func block(_ opening: String, _ closing: String = "}", _ body: (inout CodeWriter) -> Void) {
        line(opening)
        indentation += 1
        body(&self)
        indentation -= 1
        line(closing)
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
            default: escaped.append(character)
            }
        }
        return "\"\(escaped)\""
    }
}
