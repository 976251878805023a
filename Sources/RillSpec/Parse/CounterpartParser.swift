/// Reads the value of a `reactiveswift:`, `rxswift:` or `combine:` field:
///
/// ```
/// counterpart := NAME [' -- ' NOTE]
/// NAME        := IDENTIFIER ('.' IDENTIFIER)* ['(' text with balanced parentheses ')']
/// ```
///
/// `rxswift: debounce(_:scheduler:) -- Rill's throttle(_:) is RxSwift's debounce` names RxSwift's
/// operator and the difference that bites. The note may continue on the lines below.
enum CounterpartParser {
    static func parse(_ value: LocatedText, library: Counterpart.Library) throws(Diagnostic) -> Counterpart {
        let hint =
            "write '\(library.key): NAME', as in '\(library.key): take(until:)', optionally followed by ' -- ' and the difference that bites; leave the field out when \(library.displayName) has no counterpart"
        let text = value.trimmed()
        guard !text.text.isEmpty else {
            throw Diagnostic(value.end, "'\(library.key):' has no name", hint: hint)
        }
        let characters = Array(text.text)
        let separator = text.text.range(of: "--").map {
            text.text.distance(from: text.text.startIndex, to: $0.lowerBound)
        }
        let nameEnd = separator ?? characters.count
        let name = text.slice(0..<nameEnd).trimmed()
        guard !name.text.isEmpty else {
            throw Diagnostic(text.start, "'\(library.key):' has a note but no name", hint: hint)
        }
        try checkName(name, library: library, hint: hint)
        var note: String?
        if let separator {
            let noteText = text.slice((separator + 2)..<characters.count).trimmed()
            guard !noteText.text.isEmpty else {
                throw Diagnostic(
                    text.location(at: separator), "'--' in '\(library.key):' is not followed by a note",
                    hint: "write the difference that bites after '--', or remove the '--'")
            }
            note = noteText.text.split(separator: "\n").map(\.trimmingSpaces).joined(separator: " ")
        }
        return Counterpart(library: library, name: name.text, note: note, location: name.start)
    }

    /// Checks that `name` is a Swift name with an optional parenthesised part, and nothing more.
    static func checkName(_ name: LocatedText, library: Counterpart.Library, hint: String) throws(Diagnostic)
    {
        let characters = Array(name.text)
        var index = 0
        func identifier() throws(Diagnostic) {
            guard index < characters.count, characters[index].isLetter || characters[index] == "_" else {
                let found = index < characters.count ? "'\(characters[index])'" : "the end"
                throw Diagnostic(
                    name.location(at: index), "expected a Swift name in '\(library.key):', found \(found)",
                    hint: hint)
            }
            while index < characters.count,
                characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
            {
                index += 1
            }
        }
        try identifier()
        while index < characters.count, characters[index] == "." {
            index += 1
            try identifier()
        }
        if index < characters.count, characters[index] == "(" {
            let open = index
            var depth = 0
            repeat {
                switch characters[index] {
                case "(": depth += 1
                case ")": depth -= 1
                case "\n":
                    throw Diagnostic(
                        name.location(at: index), "the name in '\(library.key):' continues on another line",
                        hint: "write the name on the field's line; only the note may continue below")
                default: break
                }
                index += 1
            } while depth > 0 && index < characters.count
            if depth > 0 {
                throw Diagnostic(
                    name.location(at: open), "'(' in '\(library.key):' is not closed", hint: hint)
            }
            try checkArguments(name, from: open + 1, to: index - 1, library: library)
        }
        if index < characters.count {
            throw Diagnostic(
                name.location(at: index),
                "unexpected '\(characters[index])' after the name '\(String(characters[..<index]))' in '\(library.key):'",
                hint: "separate a note from the name with ' -- '")
        }
    }

    /// Checks the text between a name's parentheses: argument labels (`_:scheduler:`), each
    /// `label:` or `_:`, and arguments that select a behaviour, each starting with `.` and
    /// separated by commas (`flatMap(.latest, _:)`). The compiler help for peers' names is
    /// declared from the labels, so anything else would give a declaration no call matches.
    static func checkArguments(
        _ name: LocatedText, from start: Int, to end: Int, library: Counterpart.Library
    ) throws(Diagnostic) {
        let characters = Array(name.text)
        var index = start
        while index < end {
            let character = characters[index]
            if character == " " || character == "," {
                index += 1
            } else if character == "." {
                var depth = 0
                while index < end, depth > 0 || characters[index] != "," {
                    if characters[index] == "(" { depth += 1 }
                    if characters[index] == ")" { depth -= 1 }
                    index += 1
                }
            } else {
                let labelStart = index
                while index < end,
                    characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
                {
                    index += 1
                }
                guard index > labelStart, index < end, characters[index] == ":" else {
                    throw Diagnostic(
                        name.location(at: index < end && index > labelStart ? index : labelStart),
                        "expected an argument label, as in 'take(until:)' or 'skip(_:)', in '\(library.key):'",
                        hint:
                            "write each argument as its label followed by ':' ('_:' for none), or, for an argument that selects a behaviour, starting with '.' as in 'flatten(.latest)'"
                    )
                }
                index += 1
            }
        }
    }
}
