/// A piece of spec text that remembers where each of its characters came from, so that stages
/// after parsing can still report `file:line:col`.
public struct LocatedText: Hashable, Sendable {
    /// The text, with the lines of a multi-line field joined by `\n`.
    public var text: String
    /// Where each character of `text` is in the file.
    public var locations: [SourceLocation]
    /// Where an empty text would be (the end of its field).
    public var end: SourceLocation

    public init(text: String, locations: [SourceLocation], end: SourceLocation) {
        precondition(text.count == locations.count, "LocatedText: one location per character")
        self.text = text
        self.locations = locations
        self.end = end
    }

    /// Text that comes from no spec, for stages that reread generated pieces.
    init(unlocated text: String) {
        let nowhere = SourceLocation(file: "", line: 1, column: 1)
        self.init(text: text, locations: Array(repeating: nowhere, count: text.count), end: nowhere)
    }

    /// The location of the character at `offset`, or the end for an offset past the text.
    public func location(at offset: Int) -> SourceLocation {
        offset < locations.count ? locations[offset] : end
    }

    public var start: SourceLocation { location(at: 0) }

    /// The characters in `range`, still located.
    public func slice(_ range: Range<Int>) -> LocatedText {
        let characters = Array(text)
        return LocatedText(
            text: String(characters[range]), locations: Array(locations[range]),
            end: location(at: range.upperBound))
    }

    /// The same text without leading and trailing white space.
    public func trimmed() -> LocatedText {
        let characters = Array(text)
        var lower = 0
        var upper = characters.count
        while lower < upper, characters[lower].isWhitespace { lower += 1 }
        while upper > lower, characters[upper - 1].isWhitespace { upper -= 1 }
        return slice(lower..<upper)
    }
}
