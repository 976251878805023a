/// A type whose values a marble character can stand for by itself, so that marble APIs need no
/// `values:` dictionary.
///
/// `String` (`a` is `"a"`), `Character` (`a` is `"a"`) and `Int` (`7` is `7`; digits only)
/// conform. Conform your own types, an enum of states for example, to use their values in
/// marbles directly.
public protocol MarbleValue: Equatable, Sendable {
    /// The value `character` stands for, or `nil` if it stands for none.
    init?(marbleCharacter character: Character)

    /// The character that draws this value in a marble diagram, or `nil` if none does.
    var marbleCharacter: Character? { get }
}

extension String: MarbleValue {
    /// The one-character string `character`.
    public init?(marbleCharacter character: Character) {
        self = String(character)
    }

    /// The string's only character, or `nil` unless the string has exactly one.
    public var marbleCharacter: Character? {
        count == 1 ? first : nil
    }
}

extension Character: MarbleValue {
    /// `character` itself.
    public init?(marbleCharacter character: Character) {
        self = character
    }

    /// The character itself, if it is a letter or digit that marbles can draw.
    public var marbleCharacter: Character? {
        isLetter || isNumber ? self : nil
    }
}

extension Int: MarbleValue {
    /// The value of the decimal digit `character`, or `nil` for anything else.
    public init?(marbleCharacter character: Character) {
        guard character.isASCII, let digit = character.wholeNumberValue else { return nil }
        self = digit
    }

    /// The digit drawing this value, for `0` through `9`.
    public var marbleCharacter: Character? {
        (0...9).contains(self) ? Character(String(self)) : nil
    }
}

/// How the characters of a diagram map to values and back, whichever way the caller gave them.
struct MarbleValueMapping<Value> {
    /// The value a character stands for.
    let value: (Character) -> Value?
    /// The character drawing a value in rendered output.
    let character: (Value) -> Character?
}

extension MarbleValueMapping {
    /// A mapping given by a dictionary; values are drawn with the first character, in character
    /// order, that maps to an equal value.
    init(_ values: [Character: Value]) where Value: Equatable {
        let reverse = values.sorted { $0.key < $1.key }
        value = { values[$0] }
        character = { value in reverse.first { $0.value == value }?.key }
    }

    /// The mapping built into a ``MarbleValue`` type.
    static func builtIn() -> MarbleValueMapping where Value: MarbleValue {
        MarbleValueMapping(value: { Value(marbleCharacter: $0) }, character: \.marbleCharacter)
    }
}

extension MarbleValueMapping {
    /// A mapping that only looks values up, for diagrams that are never rendered back.
    init(lookingUpIn values: [Character: Value]) {
        value = { values[$0] }
        character = { _ in nil }
    }
}
