import Foundation

extension DocsEmitter {
    /// The files of `folder` that `rill-ops docs` would have written but no longer writes: pages
    /// (`*.md`) and marble pictures (`marbles/*.svg`) of entries, examples or spec files that are
    /// gone. Paths are relative to `folder`, sorted.
    public static func strayFiles(in folder: URL, keeping names: Set<String>) -> [String] {
        let manager = FileManager.default
        let pages = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            $0.hasSuffix(".md")
        }
        let pictures =
            ((try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(marblesFolder).path))
            ?? []).filter { $0.hasSuffix(".svg") }.map { "\(marblesFolder)/\($0)" }
        return (pages + pictures).filter { !names.contains($0) }.sorted()
    }
}
