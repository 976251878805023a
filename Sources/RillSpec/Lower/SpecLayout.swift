/// Swift made of text copied from a spec and text the generator adds around it, laid out so that
/// the compiler reports an error in the copied text at the spec's line and column.
///
/// `#sourceLocation` sets only the line, and only between statements; within a statement the
/// only control of the column is where the text stands on its output line. So each copied
/// character is written on the output line reported as its spec line, padded to its spec column,
/// and generated text that would push copied text to the right goes on the line before it,
/// reported as the spec line before, where an error in it is not expected.
struct SpecLayout {
    /// How spec locations are spelled in the directives; `nil` for none.
    let paths: SpecPaths?
    private(set) var text = ""
    /// The spec line the compiler takes the current output line for; `nil` before any.
    private var line: Int?
    /// Characters on the current output line.
    private var column = 0
    /// The last character on the current output line that is not white space.
    private var lastSignificant: Character?
    /// Whether the text ends between statements, where a directive may go.
    private var isBetweenStatements = true

    init(paths: SpecPaths?) {
        self.paths = paths
    }

    private mutating func newline() {
        text += "\n"
        line = line.map { $0 + 1 }
        column = 0
        lastSignificant = nil
    }

    /// Starts a new output line that the compiler takes for `target`'s line.
    private mutating func directive(_ target: SourceLocation, line targetLine: Int) {
        if column > 0 { newline() }
        if let paths {
            text +=
                "#sourceLocation(file: \(paths.relative(target.file).swiftLiteral), line: \(max(1, targetLine)))\n"
        }
        line = targetLine
    }

    private mutating func write(_ piece: String) {
        text += piece
        column += piece.count
        if let last = piece.last(where: { !$0.isWhitespace }) { lastSignificant = last }
    }

    /// Whether a new statement may start on the current output line without a `;`.
    private var mayStartStatementHere: Bool {
        lastSignificant == nil || lastSignificant.map { "{;:".contains($0) } == true
    }

    /// Text copied from the spec, each character at its spec line and column.
    mutating func copy(_ located: LocatedText) {
        for (character, location) in zip(located.text, located.locations) {
            if character == "\n" || character == "\r" { continue }
            if let line, line == location.line, column <= location.column - 1 {
                // On its line, at or before its column.
            } else if let line, line < location.line {
                while self.line! < location.line { newline() }
            } else if character.isWhitespace {
                // Space that cannot stand at its column still separates what it separated.
                if column > 0, !text.hasSuffix(" ") { write(" ") }
                continue
            } else if line == nil || isBetweenStatements {
                directive(location, line: location.line)
            } else {
                // Cannot happen for text copied in order after a prefix; written in place rather
                // than breaking the statement.
                write(String(character))
                isBetweenStatements = false
                continue
            }
            if column < location.column - 1 {
                write(String(repeating: " ", count: location.column - 1 - column))
            }
            write(String(character))
            if !character.isWhitespace { isBetweenStatements = false }
        }
    }

    /// Generated text that starts a statement and is followed by copied text starting at
    /// `next`: on the same line if it fits before `next`'s column, else ending the line before,
    /// so that the copied text starts the next line at its own column.
    mutating func prefix(_ generated: String, before next: SourceLocation) {
        if let line, line == next.line, mayStartStatementHere,
            column + (lastSignificant == nil ? 0 : 1) + generated.count <= next.column - 1
        {
            if lastSignificant != nil { write(" ") }
        } else if let line, line == next.line - 1, mayStartStatementHere {
            if lastSignificant != nil { write(" ") }
        } else if let line, line < next.line - 1 {
            while self.line! < next.line - 1 { newline() }
        } else {
            directive(next, line: next.line - 1)
        }
        write(generated)
        isBetweenStatements = false
    }

    /// A statement of copied text between generated text: `open` before it (see
    /// ``prefix(_:before:)``), `close` after it.
    mutating func statement(_ open: String, _ copied: LocatedText, _ close: String) {
        prefix(open, before: copied.start)
        copy(copied)
        append(close, endsStatement: true)
    }

    /// Generated text after what came before it on the line.
    mutating func append(_ generated: String, endsStatement: Bool) {
        write(generated)
        isBetweenStatements = endsStatement
    }

    /// Generated text that is a statement of its own.
    mutating func statement(_ generated: String) {
        if !mayStartStatementHere { write(";") }
        if lastSignificant != nil { write(" ") }
        write(generated)
        isBetweenStatements = true
    }

    /// Marks the end of text as between statements (before a `return` the spec wrote).
    mutating func endStatement() {
        isBetweenStatements = true
    }
}
