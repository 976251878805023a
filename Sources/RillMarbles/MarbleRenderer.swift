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
            case 0: return "-"
            case 1: return String(characters[0])
            default:
                var cell = "("
                for character in characters { append(String(character), to: &cell) }
                append(")", to: &cell)
                return cell
            }
        }
    }

    /// Canonical marble text for `marks`: see ``MarbleDiagram/description``.
    package static func render(_ marks: [Mark]) -> String {
        var text = ""
        for cell in cells(marks) { append(cell, to: &text) }
        return text
    }

    /// Appends `piece` to `text`, with a tab between them where Unicode would fuse the last
    /// character of `text` and the first of `piece` into one: a value that is a lone combining
    /// mark would otherwise become part of the `-` before it. Marble syntax ignores the tab, and
    /// a tab never fuses with its neighbours, so the text parses back to the same marks.
    package static func append(_ piece: String, to text: inout String) {
        if let last = text.last, let first = piece.first, (String(last) + String(first)).count < 2 {
            text += "\t"
        }
        text += piece
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
                append(cell + String(repeating: " ", count: width - cell.count), to: &lines[index])
            }
        }
        // Padding after a line's last frame carries no meaning.
        return lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }
    }
}

extension Array where Element == String {
    fileprivate var pair: (String, String) { (self[0], self[1]) }
}
