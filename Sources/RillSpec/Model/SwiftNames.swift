/// The names the generator treats specially: Swift keywords, the names generated code declares,
/// and the members of `Signal` written by hand.
enum SwiftNames {
    /// Swift's reserved words, which a declaration must put in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate",
        "func", "import", "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private",
        "precedencegroup", "protocol", "public", "rethrows", "static", "struct", "subscript", "typealias",
        "var", "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for",
        "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as", "await",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
    ]

    /// Names that cannot be used even in backticks after a `.`, so no operator may be called so.
    static let unusableMemberNames: Set<String> = [
        "init", "deinit", "subscript", "self", "Self", "Type", "Protocol", "_",
    ]

    /// Every name that generated code declares next to user code starts with this prefix, which
    /// no spec may use, so that generated names never capture or shadow the spec's own.
    static let generatedPrefix = "_rill"

    /// Members of `Signal` written by hand that are not catalogue entries: a derived entry of
    /// the same name would clash with them.
    static let handWrittenSignalMembers: Set<String> = [
        "subscribe", "named", "name", "description", "debugDescription", "record", "signal",
    ]

    /// Whether `name` needs backticks to be declared.
    static func isKeyword(_ name: String) -> Bool { keywords.contains(name) }

    /// The name as a declaration spells it.
    static func declared(_ name: String) -> String { isKeyword(name) ? "`\(name)`" : name }

    /// Whether `name` is reserved for generated code.
    static func isGenerated(_ name: String) -> Bool { name.hasPrefix(generatedPrefix) }

    /// Why `name` cannot name a value the spec declares (a parameter, state, an example source),
    /// or `nil` if it can.
    static func problem(declaring name: String, as kind: String) -> String? {
        if isGenerated(name) {
            return
                "the \(kind) name '\(name)' starts with '\(generatedPrefix)', which is reserved for generated code"
        }
        if isKeyword(name) { return "the \(kind) name '\(name)' is a Swift keyword" }
        return nil
    }

    /// Types a signature can name without declaring them: the standard library's, Foundation's
    /// and Rill's that operators use. A name close to one of these but not equal is a typo.
    static let knownTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double",
        "Float", "Bool", "String", "Character", "Substring", "Array", "Dictionary", "Set", "Optional",
        "Result", "Error", "Never", "Void", "Any", "AnyObject", "Sendable", "Equatable", "Hashable",
        "Comparable", "Sequence", "Collection", "Identifiable", "CustomStringConvertible", "Range",
        "ClosedRange", "Date", "TimeInterval", "Duration", "Data", "URL", "UUID", "Self", "Signal",
        "Event", "Observer", "BindStep", "Scheduler", "SchedulerProtocol", "Disposable",
        "CompositeDisposable", "SerialDisposable", "ActionDisposable", "Subject", "SignalName",
        "GroupedSignal", "SinkState", "ImmediateScheduler", "QueueScheduler", "Subscriber",
    ]

    /// The known name `name` is probably a typo of, if any: one letter off, or two letters
    /// swapped, in a name of four letters or more. Anything further may be a type of the user's.
    static func likelyTypo(of name: String, among known: Set<String>) -> String? {
        guard name.count >= 4, !known.contains(name) else { return nil }
        return known.sorted().first { typoDistance($0, name) == 1 }
    }

    /// Edit distance counting a swap of neighbours as one edit (optimal string alignment).
    static func typoDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard abs(a.count - b.count) <= 1 else { return 2 }
        var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = Swift.min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
