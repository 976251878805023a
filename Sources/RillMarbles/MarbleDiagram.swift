/// A parsed marble diagram: which symbols occur at which frames.
///
/// Marble diagrams draw a signal's life as text, one character per *frame* of virtual time
/// (``TestScheduler/frameDuration`` seconds, one second by default):
///
/// | Text | Meaning |
/// |------|---------|
/// | `-` | a frame in which nothing happens |
/// | a letter or digit | a `next` event; the character names the value |
/// | `\|` | completion |
/// | `#` | failure |
/// | `(ab)` | the events inside happen in the same frame, in that order; the whole group is *one* frame |
/// | `^` | the subscription point: frame zero of a hot signal, the subscription in a subscription marble |
/// | `!` | the disposal point, in a subscription marble |
/// | space | ignored, to line diagrams up |
///
/// So in `"-a-(bc)-|"`, `a` is at frame 1, `b` and `c` at frame 3 and completion at frame 5.
/// Frames count from zero at the first character; a hot signal's diagram counts from its `^`
/// instead (see ``TestScheduler/createHotSignal(_:values:error:)``).
///
/// Create a diagram with ``init(parsing:)``; its ``description`` renders it back to canonical
/// marble text.
public struct MarbleDiagram: Sendable, Hashable, CustomStringConvertible {
    /// A symbol of a marble diagram, other than `-`, parentheses and spaces.
    public enum Symbol: Sendable, Hashable {
        /// A `next` event, drawn as the letter or digit naming its value.
        case next(Character)
        /// `#`: failure.
        case error
        /// `|`: completion.
        case completed
        /// `^`: the subscription point.
        case subscription
        /// `!`: the disposal point.
        case disposal

        /// Reads `character` as a symbol, or returns `nil` if it is not one.
        public init?(_ character: Character) {
            switch character {
            case "#": self = .error
            case "|": self = .completed
            case "^": self = .subscription
            case "!": self = .disposal
            case _ where character.isLetter || character.isNumber: self = .next(character)
            default: return nil
            }
        }

        /// The character that draws this symbol.
        public var character: Character {
            switch self {
            case .next(let character): character
            case .error: "#"
            case .completed: "|"
            case .subscription: "^"
            case .disposal: "!"
            }
        }

        /// Whether this symbol is an event: `next`, `error` or `completed`.
        public var isEvent: Bool {
            switch self {
            case .next, .error, .completed: true
            case .subscription, .disposal: false
            }
        }

        /// Whether this symbol ends a signal: `error` or `completed`.
        public var isTerminal: Bool {
            switch self {
            case .error, .completed: true
            case .next, .subscription, .disposal: false
            }
        }
    }

    /// One symbol at one frame.
    public struct Mark: Sendable, Hashable {
        /// The frame, counted from zero at the start of the diagram.
        public var frame: Int
        /// What happens.
        public var symbol: Symbol
        /// The 1-based column the symbol was parsed from, or 0 for a mark made in code; used in
        /// error messages and ignored by `==`.
        package var column: Int

        /// Creates a mark of `symbol` at `frame`.
        public init(frame: Int, symbol: Symbol) {
            self.init(frame: frame, symbol: symbol, column: 0)
        }

        package init(frame: Int, symbol: Symbol, column: Int) {
            self.frame = frame
            self.symbol = symbol
            self.column = column
        }

        /// Whether two marks have the same frame and symbol, wherever they were written.
        public static func == (lhs: Mark, rhs: Mark) -> Bool {
            lhs.frame == rhs.frame && lhs.symbol == rhs.symbol
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(frame)
            hasher.combine(symbol)
        }
    }

    /// The marks in frame order; marks in the same frame keep the order they were written in.
    public let marks: [Mark]

    /// The text the diagram was parsed from, or `nil` if it was made from marks.
    package let source: String?

    /// Creates a diagram from marks, sorting them by frame (keeping the order of marks that share
    /// a frame).
    public init(marks: [Mark]) {
        self.init(
            sortedMarks: marks.enumerated().sorted { lhs, rhs in
                (lhs.element.frame, lhs.offset) < (rhs.element.frame, rhs.offset)
            }.map(\.element), source: nil)
    }

    package init(sortedMarks: [Mark], source: String?) {
        self.marks = sortedMarks
        self.source = source
    }

    /// The frame of the `^` mark, if there is one.
    public var subscriptionFrame: Int? {
        marks.first { $0.symbol == .subscription }?.frame
    }

    /// The frame of the `!` mark, if there is one.
    public var disposalFrame: Int? {
        marks.first { $0.symbol == .disposal }?.frame
    }

    /// The canonical marble text of the diagram: no spaces (a tab only where a value that is a lone
    /// combining mark would fuse with the character before it), no trailing `-`, a group only where
    /// a frame holds more than one symbol. Parsing it gives back an equal diagram.
    public var description: String {
        MarbleRenderer.render(marks.map { (frame: $0.frame, character: $0.symbol.character) })
    }

    /// Whether two diagrams have the same marks, however their text was spaced or grouped.
    public static func == (lhs: MarbleDiagram, rhs: MarbleDiagram) -> Bool {
        lhs.marks == rhs.marks
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(marks)
    }
}
