import RillMarbles

/// Draws a marble example as an SVG picture: each source and the result on one time axis per
/// row, all rows on the same frame grid, with the expression between sources and result.
///
/// Values are labelled circles, completion a vertical bar, failure a cross, the subscription
/// point `^` a triangle under the axis and the disposal point `!` a square under it. Symbols that
/// share a frame (a group such as `(b|)`) stand at that frame's position, one under the other in
/// the order they were written.
///
/// The output depends only on its input: every coordinate is an integer, and nothing such as a
/// date or a random identifier is written, so the same example always gives the same bytes.
public struct MarbleSVG: Sendable {
    /// One timeline: a label and its diagram.
    public struct Row: Sendable {
        public var label: String
        public var diagram: MarbleDiagram

        public init(label: String, diagram: MarbleDiagram) {
            self.label = label
            self.diagram = diagram
        }
    }

    public var sources: [Row]
    public var expression: String
    public var result: Row
    /// What the result's characters stand for: `A = ["a", "b"]`.
    public var legend: [String]
    /// The text form, which becomes the picture's title (read by screen readers).
    public var title: String

    public init(sources: [Row], expression: String, result: Row, legend: [String] = [], title: String) {
        self.sources = sources
        self.expression = expression
        self.result = result
        self.legend = legend
        self.title = title
    }

    // Geometry, in pixels. Integers only, so that the text is the same on every platform.
    static let frameWidth = 32
    static let characterWidth = 8
    static let margin = 12
    static let rowHeight = 48
    /// The vertical distance between symbols of one frame.
    static let stackStep = 26
    static let radius = 11
    static let textRowHeight = 24
    static let fontSize = 13
    static let font = "Menlo, Consolas, 'DejaVu Sans Mono', monospace"
    /// Fill colours for values; a value's colour follows from its character, so a value keeps its
    /// colour in every row.
    static let palette = [
        "#8ecae6", "#ffb703", "#90be6d", "#f4a3a8", "#c3aed6", "#f9dc5c", "#7fd1b9", "#f6bd60",
    ]

    /// The x coordinate of the centre of `frame`, for labels `labelWidth` wide.
    static func x(frame: Int, labelWidth: Int) -> Int {
        margin + labelWidth + frame * frameWidth + frameWidth / 2
    }

    /// The SVG document.
    public var svg: String {
        let rows = sources + [result]
        let labelWidth = (rows.map(\.label.count).max() ?? 0) * Self.characterWidth + Self.margin
        // One frame past the last symbol of any row, so every axis reaches past every event.
        let frames = (rows.flatMap { $0.diagram.marks.map(\.frame) }.max() ?? 0) + 2
        let axisEnd = Self.margin + labelWidth + frames * Self.frameWidth
        let textWidth =
            ([expression] + legend).map { Self.margin + $0.count * Self.characterWidth }.max() ?? 0
        let width = max(axisEnd + Self.margin, textWidth + Self.margin)

        var body: [String] = []
        var top = Self.margin / 2
        for source in sources {
            draw(source, top: &top, labelWidth: labelWidth, axisEnd: axisEnd, into: &body)
        }
        if !expression.isEmpty {
            body.append(
                "<text class=\"expression\" x=\"\(Self.margin)\" y=\"\(top + 17)\">\(Self.escaped(expression))</text>"
            )
            top += Self.textRowHeight
        }
        draw(result, top: &top, labelWidth: labelWidth, axisEnd: axisEnd, into: &body)
        for line in legend {
            body.append(
                "<text class=\"legend\" x=\"\(Self.margin)\" y=\"\(top + 17)\">\(Self.escaped(line))</text>")
            top += Self.textRowHeight
        }
        let height = top + Self.margin / 2

        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" role=\"img\" font-family=\"\(Self.font)\" font-size=\"\(Self.fontSize)\">",
            "<title>\(Self.escaped(title))</title>",
            "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>",
        ]
        lines += body
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }

    func draw(_ row: Row, top: inout Int, labelWidth: Int, axisEnd: Int, into body: inout [String]) {
        let frames = Dictionary(grouping: row.diagram.marks, by: \.frame)
        let events = row.diagram.marks.filter(\.symbol.isEvent)
        let deepest = Dictionary(grouping: events, by: \.frame).values.map(\.count).max() ?? 1
        let axis = top + Self.rowHeight / 2
        let axisStart = Self.margin + labelWidth
        body.append("<g class=\"row\">")
        body.append(
            "<text class=\"label\" x=\"\(Self.margin)\" y=\"\(axis + 5)\">\(Self.escaped(row.label))</text>")
        body.append(
            "<line class=\"axis\" x1=\"\(axisStart)\" y1=\"\(axis)\" x2=\"\(axisEnd - 8)\" y2=\"\(axis)\" stroke=\"#555555\" stroke-width=\"2\"/>"
        )
        body.append(
            "<polygon class=\"arrow\" points=\"\(axisEnd - 10),\(axis - 5) \(axisEnd),\(axis) \(axisEnd - 10),\(axis + 5)\" fill=\"#555555\"/>"
        )
        for frame in frames.keys.sorted() {
            let x = Self.x(frame: frame, labelWidth: labelWidth)
            let grouped = (frames[frame] ?? []).filter(\.symbol.isEvent).count
            if grouped > 1 {
                // A group is one frame: a band behind its symbols says they happen together.
                let half = Self.frameWidth / 2 - 1
                body.append(
                    "<rect class=\"group\" data-frame=\"\(frame)\" x=\"\(x - half)\" y=\"\(axis - half)\" width=\"\(2 * half)\" height=\"\(2 * half + (grouped - 1) * Self.stackStep)\" rx=\"8\" fill=\"#eeeeee\" stroke=\"#bbbbbb\"/>"
                )
            }
            var depth = 0
            for mark in frames[frame] ?? [] {
                let y = axis + depth * Self.stackStep
                if mark.symbol.isEvent { depth += 1 }
                body.append(contentsOf: Self.shape(of: mark.symbol, x: x, y: y, axis: axis, frame: frame))
            }
        }
        body.append("</g>")
        top += Self.rowHeight + (deepest - 1) * Self.stackStep
    }

    static func shape(of symbol: MarbleDiagram.Symbol, x: Int, y: Int, axis: Int, frame: Int) -> [String] {
        let r = radius
        switch symbol {
        case .next(let character):
            let scalar = character.unicodeScalars.first?.value ?? 0
            let fill = palette[Int(scalar % UInt32(palette.count))]
            return [
                "<g class=\"next\" data-frame=\"\(frame)\">",
                "<circle cx=\"\(x)\" cy=\"\(y)\" r=\"\(r)\" fill=\"\(fill)\" stroke=\"#333333\" stroke-width=\"1.5\"/>",
                "<text x=\"\(x)\" y=\"\(y + 5)\" text-anchor=\"middle\" fill=\"#111111\">\(escaped(String(character)))</text>",
                "</g>",
            ]
        case .completed:
            return [
                "<line class=\"completed\" data-frame=\"\(frame)\" x1=\"\(x)\" y1=\"\(y - r - 2)\" x2=\"\(x)\" y2=\"\(y + r + 2)\" stroke=\"#222222\" stroke-width=\"3\"/>"
            ]
        case .error:
            let d = r - 3
            return [
                "<g class=\"error\" data-frame=\"\(frame)\" stroke=\"#c0392b\" stroke-width=\"3\">",
                "<line x1=\"\(x - d)\" y1=\"\(y - d)\" x2=\"\(x + d)\" y2=\"\(y + d)\"/>",
                "<line x1=\"\(x - d)\" y1=\"\(y + d)\" x2=\"\(x + d)\" y2=\"\(y - d)\"/>",
                "</g>",
            ]
        case .subscription:
            let top = axis + 6
            return [
                "<polygon class=\"subscription\" data-frame=\"\(frame)\" points=\"\(x),\(top) \(x - 6),\(top + 10) \(x + 6),\(top + 10)\" fill=\"#2e86de\"/>"
            ]
        case .disposal:
            let top = axis + 6
            return [
                "<rect class=\"disposal\" data-frame=\"\(frame)\" x=\"\(x - 5)\" y=\"\(top)\" width=\"10\" height=\"10\" fill=\"#e67e22\"/>"
            ]
        }
    }

    /// `text` with the characters XML reserves replaced by entities.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
