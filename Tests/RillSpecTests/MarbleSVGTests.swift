import Foundation
import RillMarbles
import Testing

@testable import RillSpec

#if canImport(FoundationXML)
import FoundationXML
#endif

/// The marble pictures of the docs: well-formed SVG, symbols where the frames put them, and the
/// same bytes for the same specs.
@Suite("Marble diagrams as SVG")
struct MarbleSVGTests {
    /// Every element of an XML document, in document order, with its attributes and text.
    final class Elements: NSObject, XMLParserDelegate {
        struct Element {
            var name: String
            var attributes: [String: String]
            var text = ""
        }
        var elements: [Element] = []
        var open: [Int] = []

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            open.append(elements.count)
            elements.append(Element(name: name, attributes: attributes))
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            open.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if let last = open.last { elements[last].text += string }
        }
    }

    /// The elements of `svg`, or an issue if it is not well-formed XML.
    func parse(_ svg: String, _ name: String = "") -> [Elements.Element] {
        let parser = XMLParser(data: Data(svg.utf8))
        let elements = Elements()
        parser.delegate = elements
        let isWellFormed = parser.parse()
        #expect(
            isWellFormed, "\(name) is not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return elements.elements
    }

    func picture(_ sources: [(String, String)], _ expression: String, _ result: String) throws -> MarbleSVG {
        MarbleSVG(
            sources: try sources.map {
                MarbleSVG.Row(label: $0.0, diagram: try MarbleDiagram(parsing: $0.1))
            },
            expression: expression,
            result: MarbleSVG.Row(label: "result", diagram: try MarbleDiagram(parsing: result)),
            title: "title")
    }

    @Test("A known marble puts each symbol at its frame on its row's axis, groups one under the other")
    func positions() throws {
        let svg = try picture([("source", "-a-b-c-|")], "take(2)", "-a-(b|)").svg
        let elements = parse(svg)
        // Labels are 6 characters of 8 pixels plus a 12-pixel gap, after a 12-pixel margin; frames are
        // 32 pixels wide, and a symbol stands in the middle of its frame: x = 12 + 60 + 32 × frame + 16.
        // Rows are 48 pixels high from a 6-pixel margin, the axis in the middle; the expression line is
        // 24 pixels high.
        let circles = elements.filter { $0.name == "circle" }.map {
            [$0.attributes["cx"], $0.attributes["cy"]]
        }
        #expect(
            circles == [
                ["120", "30"], ["184", "30"], ["248", "30"],  // source: a, b, c at frames 1, 3, 5
                ["120", "102"], ["184", "102"],  // result: a at frame 1, b at frame 3
            ])
        let labels = elements.filter { $0.name == "text" && $0.attributes["text-anchor"] == "middle" }.map(
            \.text)
        #expect(labels == ["a", "b", "c", "a", "b"])
        let bars = elements.filter { $0.attributes["class"] == "completed" }.map {
            [$0.attributes["x1"], $0.attributes["x2"], $0.attributes["y1"], $0.attributes["y2"]]
        }
        // The source completes on its axis at frame 7; the result's `|` shares frame 3 with `b`, under it.
        #expect(bars == [["312", "312", "17", "43"], ["184", "184", "115", "141"]])
        let groups = elements.filter { $0.attributes["class"] == "group" }
        #expect(groups.map { $0.attributes["data-frame"] } == ["3"])
        let axes = elements.filter { $0.attributes["class"] == "axis" }.map {
            [$0.attributes["x1"], $0.attributes["x2"], $0.attributes["y1"]]
        }
        #expect(axes == [["72", "352", "30"], ["72", "352", "102"]], "every row has the same frame width")
        #expect(elements.first?.name == "svg")
        #expect(elements.first?.attributes["width"] == "372")
        #expect(elements.first?.attributes["height"] == "158")
        #expect(elements.contains { $0.name == "text" && $0.text == "take(2)" })
    }

    @Test("Several sources share one time axis, padded to the longest label; errors are crosses")
    func alignedSources() throws {
        let svg = try picture([("first", "-a-#"), ("second", "---b|")], "first.merge(with: second)", "-a-#")
            .svg
        let elements = parse(svg)
        let axisStarts = Set(
            elements.filter { $0.attributes["class"] == "axis" }.compactMap { $0.attributes["x1"] })
        #expect(axisStarts == ["72"])
        let errors = elements.filter { $0.attributes["class"] == "error" }
        #expect(errors.map { $0.attributes["data-frame"] } == ["3", "3"])
        let circles = elements.filter { $0.name == "circle" }.map { $0.attributes["cx"] }
        #expect(circles == ["120", "184", "120"])
    }

    @Test("Subscription and disposal points are drawn under the axis at their frames")
    func subscriptionAndDisposal() throws {
        let elements = parse(try picture([("source", "--^-a-!")], "", "-a|").svg)
        let subscription = try #require(elements.first { $0.attributes["class"] == "subscription" })
        #expect(subscription.attributes["data-frame"] == "2")
        #expect(subscription.attributes["points"] == "152,36 146,46 158,46")
        let disposal = try #require(elements.first { $0.attributes["class"] == "disposal" })
        #expect(disposal.attributes["data-frame"] == "6")
        #expect(disposal.attributes["x"] == "275")
    }

    @Test("Text is escaped, so expressions and legends with <, & and quotes stay well-formed")
    func escaping() throws {
        var picture = try picture([("source", "-a|")], #"filter { $0 < "b" && $0 != "c" }"#, "-A|")
        picture.legend = [#"A = ["<a>"]"#]
        let elements = parse(picture.svg)
        #expect(elements.contains { $0.text == #"filter { $0 < "b" && $0 != "c" }"# })
        #expect(elements.contains { $0.text == #"A = ["<a>"]"# })
    }

    @Test("Every example of Rill's catalogue is a well-formed SVG picture linked from its page")
    func catalogue() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let specs = try Pipeline.catalogue(at: [root.appendingPathComponent("Specs")])
        let docs = DocsEmitter.emit(specs, paths: SpecPaths(root: root.path))
        let pictures = docs.filter { $0.key.hasSuffix(".svg") }
        #expect(pictures.count == specs.map(\.examples.count).reduce(0, +))
        for (name, svg) in pictures {
            #expect(name.hasPrefix("marbles/"))
            let elements = parse(svg, name)
            #expect(elements.first?.name == "svg", "\(name)")
            #expect(elements.contains { $0.name == "title" && !$0.text.isEmpty }, "\(name) has a title")
        }
        let pages = docs.filter { $0.key.hasSuffix(".md") }.values.joined()
        for name in pictures.keys {
            #expect(pages.contains("](\(name))"), "\(name) is shown on its page")
        }
    }

    @Test("Rendering is deterministic: the same specs give the same bytes, with integer coordinates only")
    func determinism() throws {
        let make = { try self.picture([("first", "-a-(bc)|"), ("second", "--x#")], "merge", "-a-(bc)#").svg }
        let first = try make()
        #expect(try make() == first)
        let specs = checked([primitives, specFile(EmitterTests.text)])
        let again = checked([primitives, specFile(EmitterTests.text)])
        #expect(
            DocsEmitter.emit(specs, paths: EmitterTests.paths)
                == DocsEmitter.emit(again, paths: EmitterTests.paths))
        // Coordinates never carry a fraction, which could print differently on another platform.
        for element in parse(first) {
            for key in ["x", "y", "cx", "cy", "x1", "x2", "y1", "y2", "width", "height"] {
                if let value = element.attributes[key] { #expect(Int(value) != nil, "\(key)=\(value)") }
            }
        }
    }
}
