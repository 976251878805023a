/// Finds structure in Swift fragments without parsing Swift: balanced brackets, string literals
/// and comments are skipped over, so that delimiters are only found at the top level.
struct SwiftScanner {
    let characters: [Character]

    init(_ text: String) {
        characters = Array(text)
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
            switch character {
            case "(", "[", "{":
                visit(offset, depth)
                depth += 1
            case ")", "]", "}":
                depth -= 1
                visit(offset, depth)
            default:
                visit(offset, depth)
            }
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
        walk(open..<end) { offset, depth in
            guard result == nil, offset > open, depth == 0 else { return }
            if "}])".contains(characters[offset]) { result = offset }
        }
        return result
    }

    /// Splits `range` at top-level occurrences of `separator`. With `countingAngles`, generic
    /// argument lists (`<A, B>`, but not `->`) count as brackets too: use it for types.
    func split(_ range: Range<Int>, at separator: Character, countingAngles: Bool = false) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = range.lowerBound
        var angles = 0
        for offset in topLevelOffsets(in: range) {
            let character = characters[offset]
            if countingAngles {
                if character == "<" { angles += 1 }
                if character == ">", offset == 0 || characters[offset - 1] != "-" { angles -= 1 }
            }
            guard character == separator, angles == 0 else { continue }
            pieces.append(start..<offset)
            start = offset + 1
        }
        pieces.append(start..<range.upperBound)
        return pieces
    }

    /// The first top-level occurrence of `token` in `range`, matched as written.
    func firstTopLevel(_ token: String, in range: Range<Int>) -> Int? {
        let pattern = Array(token)
        let topLevel = Set(topLevelOffsets(in: range))
        var offset = range.lowerBound
        while offset + pattern.count <= range.upperBound {
            if topLevel.contains(offset), Array(characters[offset..<offset + pattern.count]) == pattern {
                return offset
            }
            offset += 1
        }
        return nil
    }

    func isIdentifierCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_" || character == "$"
    }

    /// Offsets where the word `word` starts, outside strings and comments, as a whole word; with
    /// `includingInterpolations`, also inside the `\(…)` of string literals.
    func words(_ word: String, in range: Range<Int>, includingInterpolations: Bool = false) -> [Int] {
        let pattern = Array(word)
        var visible = Set<Int>()
        walk(range) { offset, _ in visible.insert(offset) }
        if includingInterpolations { visible.formUnion(interpolationOffsets(in: range)) }
        var result: [Int] = []
        var offset = range.lowerBound
        while offset + pattern.count <= range.upperBound {
            if visible.contains(offset), Array(characters[offset..<offset + pattern.count]) == pattern,
                offset == range.lowerBound || !isIdentifierCharacter(characters[offset - 1]),
                offset + pattern.count == range.upperBound
                    || !isIdentifierCharacter(characters[offset + pattern.count])
            {
                result.append(offset)
            }
            offset += 1
        }
        return result
    }
}
