import RillMarbles

/// Stage 5c, emit: the operator catalogue as Markdown, one page per spec file and an index.
public enum DocsEmitter {
    /// File name → contents.
    public static func emit(_ specs: [OperatorSpec], paths: SpecPaths) -> [String: String] {
        var pages: [String: String] = [:]
        let families = Dictionary(grouping: specs.indices) { paths.relative(specs[$0].location.file) }
        let anchors = anchors(of: specs, paths: paths)
        var index = CodeWriter()
        index.line("# Operators")
        index.line()
        index.line(
            "Generated from `Specs/` by `rill-ops docs`. Every operator, its RAC selector and where it is defined."
        )
        index.line()
        index.line(
            "Coming from ReactiveSwift, RxSwift or Combine? [The migration map](\(migrationPage)) gives each operator's counterparts."
        )
        index.line()
        index.line("| Operator | RAC | Family | Kind |")
        index.line("|---|---|---|---|")
        for (position, spec) in specs.enumerated() {
            let family = pageName(paths.relative(spec.location.file))
            let kind = spec.implementation == .primitive ? "primitive" : "derived"
            index.line(
                "| [`\(spec.signature.displayName)`](\(family).md#\(anchors[position])) | \(spec.selector.map { "`\($0)`" } ?? "") | \(family) | \(kind) |"
            )
        }
        pages["README.md"] = index.text
        pages[migrationPage] = migration(specs, paths: paths, anchors: anchors)
        for (file, members) in families {
            var page = CodeWriter()
            page.line("# \(pageName(file))")
            page.line()
            page.line("Generated from `\(file)` by `rill-ops docs`.")
            for position in members {
                let spec = specs[position]
                page.line()
                page.line("## \(spec.signature.displayName)")
                page.line()
                page.line("```swift")
                page.line(spec.signature.declaration)
                page.line("```")
                page.line()
                let selector = spec.selector.map { "RAC `\($0)`. " } ?? ""
                page.line("\(selector)Defined at `\(paths.describe(spec.location))`.")
                if !spec.counterparts.isEmpty {
                    page.line()
                    let names = spec.counterparts.map { "\($0.library.displayName) `\($0.name)`" }
                    page.line(
                        "Elsewhere: \(names.joined(separator: ", ")); see [the migration map](\(migrationPage))."
                    )
                }
                page.line()
                page.line(spec.documentation)
                page.line()
                switch spec.implementation {
                case .primitive:
                    page.line("Primitive, written by hand in `\(spec.implementationText)`.")
                case .derived:
                    page.line("Derivation, in spec notation (`just`, `empty`, `bind` name the primitives):")
                    page.line()
                    page.line("```")
                    for state in spec.state { page.line(state.text) }
                    page.line(spec.implementationText)
                    page.line("```")
                }
                page.line()
                page.line("Examples, as marble diagrams and in marble notation (one frame per character):")
                for (index, example) in spec.examples.enumerated() {
                    let text = textForm(of: example)
                    if let picture = picture(of: example, text: text) {
                        let name = "\(marblesFolder)/\(pageName(file))-\(anchors[position])-\(index + 1).svg"
                        pages[name] = picture.svg
                        page.line()
                        page.line("![Example \(index + 1) of \(spec.signature.displayName)](\(name))")
                    }
                    page.line()
                    page.line("```")
                    for line in text { page.line(line) }
                    page.line("```")
                }
                if let model = spec.model {
                    page.line()
                    page.line("On finite input, `\(model.call.text)` behaves as `\(model.expected.text)`.")
                }
            }
            pages[pageName(file) + ".md"] = page.text
        }
        return pages
    }

    /// The page that maps other libraries' operators to Rill's.
    public static let migrationPage = "Migration.md"

    /// One table, one row per operator: its RAC selector, its counterparts in ReactiveSwift,
    /// RxSwift and Combine, and the differences in behaviour the specs note.
    static func migration(_ specs: [OperatorSpec], paths: SpecPaths, anchors: [String]) -> String {
        var page = CodeWriter()
        page.line("# Migrating to Rill")
        page.line()
        page.line(
            """
            Generated from `Specs/` by `rill-ops docs`. Every operator of Rill, with the RAC selector it \
            keeps the semantics of and the operators of ReactiveSwift, RxSwift and Combine that do the same \
            job. An empty cell means the library has no direct counterpart. The last column says where \
            the counterpart behaves differently in a way that bites when code moves over.
            """)
        page.line()
        let libraries = Counterpart.Library.allCases
        page.line(
            "| Rill | RAC | \(libraries.map(\.displayName).joined(separator: " | ")) | Differences that bite |"
        )
        page.line("|---|---|\(libraries.map { _ in "---|" }.joined())---|")
        for (position, spec) in specs.enumerated() {
            let family = pageName(paths.relative(spec.location.file))
            var cells = ["[`\(spec.signature.displayName)`](\(family).md#\(anchors[position]))"]
            cells.append(spec.selector.map { "`\($0)`" } ?? "")
            for library in libraries {
                cells.append(spec.counterparts.first { $0.library == library }.map { "`\($0.name)`" } ?? "")
            }
            cells.append(
                spec.counterparts.compactMap { counterpart in
                    counterpart.note.map { note in
                        "**\(counterpart.library.displayName):** \(note)\(note.hasSuffix(".") ? "" : ".")"
                    }
                }.joined(separator: " "))
            page.line("| " + cells.map(tableCell).joined(separator: " | ") + " |")
        }
        return page.text
    }

    /// `text` safe inside a Markdown table cell.
    static func tableCell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// The folder, beside the pages, that holds the marble pictures.
    public static let marblesFolder = "marbles"

    /// An example's text form: the sources, the expression and the result, the timelines padded
    /// to one width so that they line up frame by frame.
    static func textForm(of example: Example) -> [String] {
        let labels = example.sources.map { $0.name == "self" ? "source" : $0.name } + ["result"]
        let width = labels.map(\.count).max() ?? 0
        func label(_ name: String) -> String {
            name + ":" + String(repeating: " ", count: width - name.count + 1)
        }
        var lines = example.sources.map { label($0.name == "self" ? "source" : $0.name) + $0.marble.text }
        lines.append(example.expression.text.replacingNewlines)
        let legend = example.legend.map { "\($0.character) = \($0.value)" }.joined(separator: ", ")
        lines.append(label("result") + example.expected.text + (legend.isEmpty ? "" : "   (\(legend))"))
        return lines
    }

    /// The example as a picture, or `nil` for marbles that do not parse (the checker has already
    /// rejected those in any catalogue that reaches the emitter).
    static func picture(of example: Example, text: [String]) -> MarbleSVG? {
        var sources: [MarbleSVG.Row] = []
        for source in example.sources {
            guard let diagram = try? MarbleDiagram(parsing: source.marble.text) else { return nil }
            sources.append(
                MarbleSVG.Row(label: source.name == "self" ? "source" : source.name, diagram: diagram))
        }
        guard let result = try? MarbleDiagram(parsing: example.expected.text) else { return nil }
        return MarbleSVG(
            sources: sources, expression: example.expression.text.replacingNewlines,
            result: MarbleSVG.Row(label: "result", diagram: result),
            legend: example.legend.map { "\($0.character) = \($0.value)" },
            title: text.joined(separator: "\n"))
    }

    static func pageName(_ file: String) -> String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        return base.hasSuffix(".ops") ? String(base.dropLast(4)) : base
    }

    /// Each spec's heading anchor on its family page, in `specs` order. Headings that repeat on a
    /// page get GitHub's suffixes (`-1`, `-2`, …), so every link reaches its own entry.
    static func anchors(of specs: [OperatorSpec], paths: SpecPaths) -> [String] {
        var seen: [String: Int] = [:]
        return specs.map { spec in
            let base = anchor(spec)
            let key = paths.relative(spec.location.file) + "#" + base
            let count = seen[key, default: 0]
            seen[key] = count + 1
            return count == 0 ? base : "\(base)-\(count)"
        }
    }

    /// GitHub's heading anchor for `## name(label:)`.
    static func anchor(_ spec: OperatorSpec) -> String {
        spec.signature.displayName.lowercased().filter {
            $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_"
        }
    }
}
