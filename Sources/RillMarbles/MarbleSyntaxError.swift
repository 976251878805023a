/// A mistake in a marble diagram, with the diagram and the column where it is.
///
/// Its description reads like `marble "-a-(b|" column 4: unclosed group`.
public struct MarbleSyntaxError: Error, Hashable, CustomStringConvertible {
    /// The marble text as written.
    public let marble: String
    /// The 1-based column (in characters, counting spaces) of the offending character.
    public let column: Int
    /// What is wrong, and where possible how to fix it.
    public let reason: String

    /// Creates an error about `column` of `marble`.
    public init(marble: String, column: Int, reason: String) {
        self.marble = marble
        self.column = column
        self.reason = reason
    }

    public var description: String {
        "marble \"\(marble)\" column \(column): \(reason)"
    }
}
