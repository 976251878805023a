import Foundation

/// The target declarations of a package's manifest, found by one scan of its text.
///
/// A plugin sees the package as SwiftPM resolved it, not the manifest. Only the text tells
/// where a target is declared (to point a layout error at it), which targets apply the plugin,
/// and which target was meant to live in `Specs/` when SwiftPM left it out.
struct ManifestDeclarations {
    struct Declaration {
        /// `target`, `testTarget`, `plugin`…
        let kind: Substring
        let name: String
        /// The 1-based line and column of its `name:`.
        let location: (line: Int, column: Int)
        /// Its text after the name, up to the next declaration, without line comments.
        let rest: String
    }

    let declarations: [Declaration]

    init(manifest: URL) {
        self.init(text: (try? String(contentsOf: manifest, encoding: .utf8)) ?? "")
    }

    init(text: String) {
        // `.plugin(name: …, capability: …)` declares a plugin; `.plugin(name: …, package: …)` in a
        // target's `plugins:` applies one, and is part of that target's declaration.
        guard
            let pattern = try? NSRegularExpression(
                pattern:
                    #"\.(target|executableTarget|testTarget|macro|binaryTarget|systemLibrary|plugin)\(\s*(name):\s*"([^"]+)"(\s*,\s*capability:)?"#
            )
        else {
            declarations = []
            return
        }
        let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).filter {
            Range($0.range(at: 1), in: text).map { text[$0] != "plugin" } ?? false
                || $0.range(at: 4).location != NSNotFound
        }
        var declarations: [Declaration] = []
        for (index, match) in matches.enumerated() {
            guard let kind = Range(match.range(at: 1), in: text),
                let label = Range(match.range(at: 2), in: text),
                let name = Range(match.range(at: 3), in: text),
                let start = Range(match.range, in: text)?.upperBound
            else { continue }
            let end =
                index + 1 < matches.count
                ? Range(matches[index + 1].range, in: text)?.lowerBound ?? text.endIndex : text.endIndex
            let lineStart =
                text[..<label.lowerBound].lastIndex(of: "\n").map(text.index(after:)) ?? text.startIndex
            let line = text[..<label.lowerBound].filter { $0 == "\n" }.count + 1
            let column = text.distance(from: lineStart, to: label.lowerBound) + 1
            // A comment that names the plugin does not apply it.
            let rest = text[start..<end].split(separator: "\n", omittingEmptySubsequences: false)
                .map(Self.withoutComment).joined(separator: "\n")
            declarations.append(
                Declaration(
                    kind: text[kind], name: String(text[name]), location: (line, column), rest: rest))
        }
        self.declarations = declarations
    }

    static func withoutComment(_ line: Substring) -> Substring {
        line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
    }

    /// Where the manifest declares `target`, if it can be found.
    func location(of target: String) -> (line: Int, column: Int)? {
        declarations.first { $0.kind != "plugin" && $0.name == target }?.location
    }

    /// The targets that apply the plugin, in the manifest's order, test targets last: plain
    /// `swift build` builds the others.
    var pluginUsers: [String] {
        let users = declarations.filter { $0.kind != "plugin" && $0.rest.contains("\"RillOperatorPlugin\"") }
        return users.filter { $0.kind != "testTarget" }.map(\.name)
            + users.filter { $0.kind == "testTarget" }.map(\.name)
    }

    /// The target declared with the path `Specs`, if any.
    var specsTarget: String? {
        guard let path = try? NSRegularExpression(pattern: #"^[^()]*?path:\s*"(?:\./)?Specs/?""#) else {
            return nil
        }
        return declarations.first { declaration in
            declaration.kind == "target"
                && path.firstMatch(
                    in: declaration.rest, range: NSRange(declaration.rest.startIndex..., in: declaration.rest)
                )
                    != nil
        }?.name
    }
}
