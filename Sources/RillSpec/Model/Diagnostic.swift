/// A position in a spec file, 1-based.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A problem found in the specs, printed as `file:line:col: error: message` with a hint.
public struct Diagnostic: Error, Hashable, Sendable, CustomStringConvertible {
    public var location: SourceLocation
    public var message: String
    public var hint: String?

    public init(_ location: SourceLocation, _ message: String, hint: String? = nil) {
        self.location = location
        self.message = message
        self.hint = hint
    }

    public var description: String {
        var text = "\(location): error: \(message)"
        if let hint { text += "\n\(location): note: \(hint)" }
        return text
    }
}

/// Every problem found in one run; the pipeline stops before emitting anything if there is one.
public struct SpecErrors: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics.sorted { $0.location < $1.location }
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
