extension MarbleDiagram {
    /// Parses marble text (see ``MarbleDiagram`` for the notation).
    ///
    /// Parsing checks the notation only; what a diagram may contain depends on its use and is
    /// checked there (a cold signal has no `^`, a subscription marble has no events, and so on).
    ///
    /// - Throws: ``MarbleSyntaxError`` naming the column of the first mistake: an unknown
    ///   character, a `-` or nested `(` inside a group, an empty, unclosed or unopened group, a
    ///   second `^` or `!`, a `^` after the `!`, or an event after `|` or `#`.
    public init(parsing text: String) throws(MarbleSyntaxError) {
        var parser = MarbleParser(text: text)
        self.init(sortedMarks: try parser.parse(), source: text)
    }
}

/// The state of one left-to-right pass over marble text.
private struct MarbleParser {
    let text: String
    var marks: [MarbleDiagram.Mark] = []
    /// The frame the next symbol (or the next group) falls in.
    var frame = 0
    /// The column of the `(` of the open group, if any.
    var groupColumn: Int?
    var groupSize = 0
    var subscriptionColumn: Int?
    var disposalColumn: Int?
    var terminalColumn: Int?

    init(text: String) {
        self.text = text
    }

    func error(_ column: Int, _ reason: String) -> MarbleSyntaxError {
        MarbleSyntaxError(marble: text, column: column, reason: reason)
    }

    mutating func parse() throws(MarbleSyntaxError) -> [MarbleDiagram.Mark] {
        for (offset, character) in text.enumerated() {
            let column = offset + 1
            switch character {
            case _ where character.isWhitespace:
                continue
            case "-":
                if let groupColumn {
                    throw error(
                        column, "'-' inside the group opened at column \(groupColumn); a group is one frame")
                }
                frame += 1
            case "(":
                if let groupColumn {
                    throw error(
                        column, "nested group; the group opened at column \(groupColumn) is still open")
                }
                groupColumn = column
                groupSize = 0
            case ")":
                guard let openColumn = groupColumn else {
                    throw error(column, "')' without a matching '('")
                }
                if groupSize == 0 { throw error(openColumn, "empty group") }
                groupColumn = nil
                frame += 1
            default:
                guard let symbol = MarbleDiagram.Symbol(character) else {
                    throw error(
                        column,
                        "unexpected character '\(character)'; use '-', a letter or digit, '|', '#', '^', '!', '(', ')' or a space"
                    )
                }
                try check(symbol, at: column)
                marks.append(MarbleDiagram.Mark(frame: frame, symbol: symbol, column: column))
                if groupColumn == nil {
                    frame += 1
                } else {
                    groupSize += 1
                }
            }
        }
        if let groupColumn { throw error(groupColumn, "unclosed group") }
        return marks
    }

    /// Checks the rules that span the whole diagram and remembers what they need.
    mutating func check(_ symbol: MarbleDiagram.Symbol, at column: Int) throws(MarbleSyntaxError) {
        switch symbol {
        case .subscription:
            if let subscriptionColumn {
                throw error(
                    column, "second '^'; the subscription point is already at column \(subscriptionColumn)")
            }
            if let disposalColumn {
                throw error(column, "'^' after the disposal point '!' at column \(disposalColumn)")
            }
            subscriptionColumn = column
        case .disposal:
            if let disposalColumn {
                throw error(column, "second '!'; the disposal point is already at column \(disposalColumn)")
            }
            disposalColumn = column
        case .next, .error, .completed:
            if let terminalColumn {
                throw error(
                    column,
                    "'\(symbol.character)' after the terminal event at column \(terminalColumn); nothing can follow '|' or '#'"
                )
            }
            if symbol.isTerminal { terminalColumn = column }
        }
    }
}
