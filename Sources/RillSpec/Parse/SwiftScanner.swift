/// Finds structure in Swift fragments without parsing Swift: balanced brackets, string literals
/// and comments are skipped over, so that delimiters are only found at the top level.
struct SwiftScanner {
    private(set) var characters: [Character]

    init(_ text: String) {
        characters = Array(text)
    }

    /// A scanner of `text` in which comments read as spaces (line breaks kept), so that the
    /// structure found in it ignores them while every offset still matches `text`.
    static func ignoringComments(_ text: String) -> SwiftScanner {
        var scanner = SwiftScanner(text)
        var offset = 0
        let count = scanner.characters.count
        while offset < count {
            let character = scanner.characters[offset]
            if character == "\"" {
                offset = scanner.endOfString(from: offset, limit: count)
                continue
            }
            guard character == "/", offset + 1 < count,
                scanner.characters[offset + 1] == "/" || scanner.characters[offset + 1] == "*"
            else {
                offset += 1
                continue
            }
            let isBlock = scanner.characters[offset + 1] == "*"
            let start = offset
            offset += 2
            while offset < count {
                if isBlock, offset + 1 < count, scanner.characters[offset] == "*",
                    scanner.characters[offset + 1] == "/"
                {
                    offset += 2
                    break
                }
                if !isBlock, scanner.characters[offset] == "\n" { break }
                offset += 1
            }
            for index in start..<offset where scanner.characters[index] != "\n" {
                scanner.characters[index] = " "
            }
        }
        return scanner
    }

    /// `range` without leading and trailing white space.
    func trim(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, characters[lower].isWhitespace { lower += 1 }
        while upper > lower, characters[upper - 1].isWhitespace { upper -= 1 }
        return lower..<upper
    }

    /// Offsets of every character that is at bracket depth 0 and outside strings and comments.
    func topLevelOffsets(in range: Range<Int>? = nil) -> [Int] {
        var result: [Int] = []
        walk(range ?? 0..<characters.count) { offset, depth in
            if depth == 0 { result.append(offset) }
        }
        return result
    }

    /// Calls `visit(offset, depth)` for every character outside strings and comments. Opening
    /// brackets are reported at the outer depth, closing ones at the outer depth too.
    func walk(_ range: Range<Int>, _ visit: (Int, Int) -> Void) {
        walk(until: range) { offset, depth in
            visit(offset, depth)
            return false
        }
    }

    /// ``walk(_:_:)`` that stops as soon as `visit` returns `true`, so that a search costs only
    /// what it reads.
    func walk(until range: Range<Int>, _ visit: (Int, Int) -> Bool) {
        var depth = 0
        var offset = range.lowerBound
        while offset < range.upperBound {
            let character = characters[offset]
            if character == "\"" {
                offset = endOfString(from: offset, limit: range.upperBound)
                continue
            }
            if character == "/", offset + 1 < range.upperBound {
                if characters[offset + 1] == "/" {
                    while offset < range.upperBound, characters[offset] != "\n" { offset += 1 }
                    continue
                }
                if characters[offset + 1] == "*" {
                    offset += 2
                    while offset + 1 < range.upperBound,
                        !(characters[offset] == "*" && characters[offset + 1] == "/")
                    {
                        offset += 1
                    }
                    offset += 2
                    continue
                }
            }
            let stop: Bool
            switch character {
            case "(", "[", "{":
                stop = visit(offset, depth)
                depth += 1
            case ")", "]", "}":
                depth -= 1
                stop = visit(offset, depth)
            default:
                stop = visit(offset, depth)
            }
            if stop { return }
            offset += 1
        }
    }

    /// The offset just past the string literal starting at `start`.
    func endOfString(from start: Int, limit: Int) -> Int {
        var offset = start + 1
        var interpolationDepth = 0
        while offset < limit {
            let character = characters[offset]
            if character == "\\", offset + 1 < limit {
                if characters[offset + 1] == "(" { interpolationDepth += 1 }
                offset += 2
                continue
            }
            if interpolationDepth > 0 {
                if character == "(" { interpolationDepth += 1 }
                if character == ")" { interpolationDepth -= 1 }
                offset += 1
                continue
            }
            if character == "\"" { return offset + 1 }
            if character == "\n" { return offset }
            offset += 1
        }
        return limit
    }

    /// Offsets of the code inside `\(…)` in the string literals of `range`.
    func interpolationOffsets(in range: Range<Int>) -> Set<Int> {
        var result = Set<Int>()
        var inString = false
        var depth = 0
        var offset = range.lowerBound
        while offset < range.upperBound {
            let character = characters[offset]
            if !inString {
                if character == "\"" { inString = true }
            } else if depth > 0 {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
                if depth > 0 { result.insert(offset) }
            } else if character == "\\", offset + 1 < range.upperBound {
                if characters[offset + 1] == "(" { depth = 1 }
                offset += 1
            } else if character == "\"" || character == "\n" {
                inString = false
            }
            offset += 1
        }
        return result
    }

    /// The offset of the bracket closing the one at `open`, or `nil` if it is not closed.
    func matchingClose(of open: Int, limit: Int? = nil) -> Int? {
        let end = limit ?? characters.count
        var result: Int?
        walk(until: open..<end) { offset, depth in
            guard offset > open, depth == 0, "}])".contains(characters[offset]) else { return false }
            result = offset
            return true
        }
        return result
    }

    /// The first bracket that is not matched by its own kind, or a string literal left open, in
    /// `range`, with what is wrong: Swift fragments must be balanced before anything is cut out
    /// of them.
    func bracketProblem(in range: Range<Int>) -> (offset: Int, message: String)? {
        var open: [Int] = []
        var problem: (offset: Int, message: String)?
        let pairs: [Character: Character] = [")": "(", "]": "[", "}": "{"]
        var offset = range.lowerBound
        while offset < range.upperBound, problem == nil {
            let character = characters[offset]
            if character == "\"" {
                let end = endOfString(from: offset, limit: range.upperBound)
                if end <= offset + 1 || characters[end - 1] != "\"" {
                    return (offset, "unterminated string literal")
                }
                offset = end
                continue
            }
            if character == "/", offset + 1 < range.upperBound, characters[offset + 1] == "/" {
                while offset < range.upperBound, characters[offset] != "\n" { offset += 1 }
                continue
            }
            if character == "/", offset + 1 < range.upperBound, characters[offset + 1] == "*" {
                let start = offset
                offset += 2
                while offset + 1 < range.upperBound,
                    !(characters[offset] == "*" && characters[offset + 1] == "/")
                {
                    offset += 1
                }
                if offset + 1 >= range.upperBound { return (start, "unterminated '/*' comment") }
                offset += 2
                continue
            }
            switch character {
            case "(", "[", "{":
                open.append(offset)
            case ")", "]", "}":
                if let last = open.last, characters[last] == pairs[character] {
                    open.removeLast()
                } else if let last = open.last {
                    problem = (
                        offset, "'\(character)' does not close the '\(characters[last])' opened before it"
                    )
                } else {
                    problem = (offset, "'\(character)' closes nothing")
                }
            default:
                break
            }
            offset += 1
        }
        if let problem { return problem }
        if let first = open.first { return (first, "unclosed '\(characters[first])'") }
        return nil
    }

    /// Splits `range` at top-level occurrences of `separator`. With `countingAngles`, generic
    /// argument lists (`<A, B>`, but not `->`) count as brackets too: use it for types. With
    /// `countingGenericArguments`, only those that follow a capitalized name with no space
    /// (`Signal<Int, Never>`) do: use it for expressions, where `a < b` compares.
    func split(
        _ range: Range<Int>, at separator: Character, countingAngles: Bool = false,
        countingGenericArguments: Bool = false
    ) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        var angles = 0
        for offset in topLevelOffsets(in: range) {
            let character = characters[offset]
            if countingAngles {
                if character == "<" { angles += 1 }
                if character == ">", offset == 0 || characters[offset - 1] != "-" { angles -= 1 }
            } else if countingGenericArguments {
                if character == "<", followsTypeName(offset) { angles += 1 }
                if character == ">", angles > 0, characters[offset - 1] != "-" { angles -= 1 }
            }
            guard character == separator, angles == 0 else { continue }
            pieces.append(start..<offset)
            start = offset + 1
        }
        pieces.append(start..<range.upperBound)
        return pieces
    }

    /// Whether the character before `offset` ends a name that starts with a capital letter.
    func followsTypeName(_ offset: Int) -> Bool {
        var start = offset
        while start > 0, isIdentifierCharacter(characters[start - 1]) { start -= 1 }
        return start < offset && characters[start].isUppercase
    }

    /// The first top-level occurrence of `token` in `range`, matched as written.
    func firstTopLevel(_ token: String, in range: Range<Int>) -> Int? {
        let pattern = Array(token)
        var result: Int?
        walk(until: range) { offset, depth in
            guard depth == 0, matches(pattern, at: offset, limit: range.upperBound) else { return false }
            result = offset
            return true
        }
        return result
    }

    /// Whether `pattern` stands at `offset`, ending by `limit`.
    func matches(_ pattern: [Character], at offset: Int, limit: Int) -> Bool {
        guard offset + pattern.count <= limit else { return false }
        for index in pattern.indices where characters[offset + index] != pattern[index] { return false }
        return true
    }

    func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    /// Offsets where the word `word` starts, outside strings and comments, as a whole word; with
    /// `includingInterpolations`, also inside the `\(…)` of string literals.
    /// With `asPrefix`, a word that merely starts with `word` counts too.
    func words(
        _ word: String, in range: Range<Int>, includingInterpolations: Bool = false, asPrefix: Bool = false
    ) -> [Int] {
        let pattern = Array(word)
        var result: [Int] = []
        func check(_ offset: Int) {
            if matches(pattern, at: offset, limit: range.upperBound),
                offset == range.lowerBound || !isIdentifierCharacter(characters[offset - 1]),
                asPrefix || offset + pattern.count == range.upperBound
                    || !isIdentifierCharacter(characters[offset + pattern.count])
            {
                result.append(offset)
            }
        }
        walk(range) { offset, _ in check(offset) }
        if includingInterpolations {
            for offset in interpolationOffsets(in: range).sorted() { check(offset) }
            result.sort()
        }
        return result
    }
}
