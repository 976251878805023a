import RillMarbles
import Testing

/// A diagram's description parses back to the same diagram, whatever characters its values are.
@Suite("Marble round trip: rendering parses back")
struct MarbleRoundTripTests {
    @Test(
        "A value that is a lone combining mark is kept apart from the '-' or '(' before it",
        arguments: ["\u{93E}|", "-\t\u{93E}|", "\u{93E}\t\u{93E}", "(a\t\u{93E})|", "-(\t\u{93E}\t\u{93E})"])
    func combiningMark(_ text: String) throws {
        let diagram = try MarbleDiagram(parsing: text)
        #expect(diagram.marks.contains { $0.symbol == .next("\u{93E}") })
        let rendered = diagram.description
        #expect(try MarbleDiagram(parsing: rendered) == diagram, "rendered as \(rendered.debugDescription)")
    }

    @Test("Plain diagrams render without tabs")
    func plain() throws {
        #expect(try MarbleDiagram(parsing: "-a-(bc)-|").description == "-a-(bc)-|")
    }
}
