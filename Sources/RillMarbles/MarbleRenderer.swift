/// Draws symbols at frames as marble text: the inverse of the parser.
package enum MarbleRenderer {
    /// A character at a frame. Frames below zero are drawn at frame zero.
    package typealias Mark = (frame: Int, character: Character)

    /// The text of each frame from zero to the last marked frame: `-` for an empty frame, the
    /// character for a frame with one mark, `(ab)` for a frame with several.
    package static func cells(_ marks: [Mark]) -> [String] {
        guard let lastFrame = marks.map({ max(0, $0.frame) }).max() else { return [] }
        var frames = [[Character]](repeating: [], count: lastFrame + 1)
        for mark in marks {
            frames[max(0, mark.frame)].append(mark.character)
        }
        return frames.map { characters in
            switch characters.count {
            case 0: "-"
            case 1: String(characters[0])
            default: "(" + String(characters) + ")"
            }
        }
    }

    /// Canonical marble text for `marks`: see ``MarbleDiagram/description``.
    package static func render(_ marks: [Mark]) -> String {
        cells(marks).joined()
    }

    /// Renders two timelines so that each frame starts in the same column on both lines.
    ///
    /// Where one line has a group and the other a single character, the narrower cell is padded
    /// with spaces, which marble syntax ignores: both lines still parse to the same diagrams.
    package static func renderAligned(_ first: [Mark], _ second: [Mark]) -> (String, String) {
        renderAligned([first, second]).pair
    }

    /// Renders any number of timelines frame-aligned with each other.
    package static func renderAligned(_ timelines: [[Mark]]) -> [String] {
        let cells = timelines.map(Self.cells)
        let frameCount = cells.map(\.count).max() ?? 0
        var lines = [String](repeating: "", count: timelines.count)
        for frame in 0..<frameCount {
            let width = cells.map { frame < $0.count ? $0[frame].count : 0 }.max() ?? 0
            for index in lines.indices where frame < cells[index].count {
                let cell = cells[index][frame]
                lines[index] += cell + String(repeating: " ", count: width - cell.count)
            }
        }
        // Padding after a line's last frame carries no meaning.
        return lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    }
}

extension Array where Element == String {
    fileprivate var pair: (String, String) { (self[0], self[1]) }
}
