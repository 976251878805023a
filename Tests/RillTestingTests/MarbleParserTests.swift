import RillTesting
import Testing

@Suite("Marble parser")
struct MarbleParserTests {
    typealias Mark = MarbleDiagram.Mark

    @Test("Each character is one frame: '-' is empty, letters and digits are values, '|' completes")
    func framesAndValues() throws {
        let diagram = try MarbleDiagram(parsing: "-a-1--|")
        #expect(
            diagram.marks == [
                Mark(frame: 1, symbol: .next("a")),
                Mark(frame: 3, symbol: .next("1")),
                Mark(frame: 6, symbol: .completed),
            ])
    }

    @Test("'#' is an error event")
    func errorSymbol() throws {
        let diagram = try MarbleDiagram(parsing: "--#")
        #expect(diagram.marks == [Mark(frame: 2, symbol: .error)])
        #expect(diagram.marks[0].symbol.isTerminal)
    }

    @Test("'^' and '!' mark subscription and disposal and take a frame each")
    func subscriptionAndDisposal() throws {
        let diagram = try MarbleDiagram(parsing: "--^--!")
        #expect(diagram.subscriptionFrame == 2)
        #expect(diagram.disposalFrame == 5)
        #expect(diagram.marks.allSatisfy { !$0.symbol.isEvent })
    }

    @Test("A diagram without '^' or '!' has no subscription or disposal frame")
    func noSubscriptionMarks() throws {
        let diagram = try MarbleDiagram(parsing: "-a|")
        #expect(diagram.subscriptionFrame == nil)
        #expect(diagram.disposalFrame == nil)
    }

    @Test("A group puts its events in one frame, in order, and occupies exactly one frame")
    func groups() throws {
        let diagram = try MarbleDiagram(parsing: "-(ab)-(c|)")
        #expect(
            diagram.marks == [
                Mark(frame: 1, symbol: .next("a")),
                Mark(frame: 1, symbol: .next("b")),
                Mark(frame: 3, symbol: .next("c")),
                Mark(frame: 3, symbol: .completed),
            ])
    }

    @Test("A group may hold the subscription and disposal points")
    func groupOfSubscriptionMarks() throws {
        let diagram = try MarbleDiagram(parsing: "--(^!)")
        #expect(diagram.subscriptionFrame == 2)
        #expect(diagram.disposalFrame == 2)
    }

    @Test("Spaces are ignored and take no frame")
    func spacesIgnored() throws {
        let spaced = try MarbleDiagram(parsing: " - a  -(b c) | ")
        let compact = try MarbleDiagram(parsing: "-a-(bc)|")
        #expect(spaced == compact)
        #expect(spaced.marks.last == Mark(frame: 4, symbol: .completed))
    }

    @Test("An empty diagram has no marks")
    func emptyDiagram() throws {
        #expect(try MarbleDiagram(parsing: "").marks.isEmpty)
        #expect(try MarbleDiagram(parsing: "----").marks.isEmpty)
    }

    @Test("Symbols read their characters and draw them back")
    func symbolCharacters() {
        for character in Array("a7|#^!") {
            #expect(MarbleDiagram.Symbol(character)?.character == character)
        }
        #expect(MarbleDiagram.Symbol("-") == nil)
        #expect(MarbleDiagram.Symbol("*") == nil)
    }

    @Test("An unclosed group is reported at its '(' with the full message")
    func unclosedGroupMessage() {
        let error = #expect(throws: MarbleSyntaxError.self) {
            try MarbleDiagram(parsing: "-a-(b|")
        }
        #expect(error?.description == #"marble "-a-(b|" column 4: unclosed group"#)
        #expect(error?.marble == "-a-(b|")
        #expect(error?.column == 4)
    }

    @Test(
        "Malformed diagrams are rejected at the offending column",
        arguments: [
            ("-a-*", 4, "unexpected character '*'"),
            ("a)", 2, "')' without a matching '('"),
            ("-()", 2, "empty group"),
            ("((a))", 2, "nested group"),
            ("(a-b)", 3, "'-' inside the group opened at column 1"),
            ("^-^", 3, "second '^'"),
            ("^!-!", 4, "second '!'"),
            ("!^", 2, "'^' after the disposal point '!' at column 1"),
            ("-a|b", 4, "'b' after the terminal event at column 3"),
            ("-#-|", 4, "'|' after the terminal event at column 2"),
            ("(|a)", 3, "'a' after the terminal event at column 2"),
            ("a b (c", 5, "unclosed group"),
        ])
    func malformedDiagrams(marble: String, column: Int, reason: String) {
        let error = #expect(throws: MarbleSyntaxError.self) {
            try MarbleDiagram(parsing: marble)
        }
        #expect(error?.column == column)
        #expect(error?.reason.hasPrefix(reason) == true, "reason: \(error?.reason ?? "none")")
        #expect(error?.description.hasPrefix("marble \"\(marble)\" column \(column): ") == true)
    }

    @Test("Columns count characters, not bytes")
    func columnsCountCharacters() {
        let error = #expect(throws: MarbleSyntaxError.self) {
            try MarbleDiagram(parsing: "é-ü-*")
        }
        #expect(error?.column == 5)
    }
}

@Suite("Marble rendering")
struct MarbleRenderingTests {
    @Test(
        "Canonical marbles survive a parse and render round trip",
        arguments: ["", "|", "#", "-a-b-|", "a(bc)-#", "--^--!", "--(^!)", "(a|)", "012-3", "-(xyz)--(^a)"])
    func roundTrip(marble: String) throws {
        #expect(try MarbleDiagram(parsing: marble).description == marble)
    }

    @Test(
        "Rendering normalizes spaces, single-event groups and trailing empty frames",
        arguments: [
            (" - a - b ", "-a-b"),
            ("-(a)-|", "-a-|"),
            ("-a-|---", "-a-|"),
            ("----", ""),
            ("^ (ab) c !", "^(ab)c!"),
        ])
    func normalization(marble: String, canonical: String) throws {
        #expect(try MarbleDiagram(parsing: marble).description == canonical)
    }

    @Test("A diagram made from marks is sorted by frame and renders like the parsed text")
    func diagramFromMarks() throws {
        let diagram = MarbleDiagram(marks: [
            .init(frame: 4, symbol: .completed),
            .init(frame: 1, symbol: .next("a")),
            .init(frame: 2, symbol: .next("b")),
            .init(frame: 2, symbol: .next("c")),
        ])
        #expect(diagram.description == "-a(bc)-|")
        let parsed = try MarbleDiagram(parsing: "-a(bc)-|")
        #expect(diagram == parsed)
    }
}
