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
            "Coming from ReactiveSwift, RxSwift or Combine? [The migration map](\(migrationPage)) gives each operator's counterparts, and \(guideLinks) have the names and differences of each library."
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
        let peerNames = PeerNameEmitter.plan(specs, paths: paths)
        for peer in MigrationGuides.Peer.allCases {
            pages[peer.page] = guide(peer, specs, paths: paths, anchors: anchors, peerNames: peerNames)
        }
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
        page.line(
            "One guide per library has its names, with what the compiler says to each, and the differences that no table shows: \(guideLinks)."
        )
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

    /// Links to the four migration guides, for a sentence.
    static var guideLinks: String {
        let links = MigrationGuides.Peer.allCases.map { "[\($0.displayName)](\($0.page))" }
        return links.dropLast().joined(separator: ", ") + " and " + (links.last ?? "")
    }

    /// A migration guide: the hand-written differences, then every name of the library that the
    /// specs give (for RAC, every selector), with Rill's and what the compiler says to the name.
    static func guide(
        _ peer: MigrationGuides.Peer, _ specs: [OperatorSpec], paths: SpecPaths, anchors: [String],
        peerNames: PeerNameEmitter.Plan
    ) -> String {
        var page = CodeWriter()
        page.line("# Migrating from \(peer.displayName)")
        page.line()
        page.line(
            """
            The names in this guide are generated from the specs in `Specs/` by `rill-ops docs`; the \
            differences are written by hand (`Sources/RillSpec/Emit/MigrationGuides.swift`). \
            [The migration map](\(migrationPage)) puts every library side by side.
            """)
        page.line()
        page.line("## Differences that bite")
        page.line()
        page.line(peer.differences)
        func link(_ position: Int) -> String {
            let spec = specs[position]
            return
                "[`\(spec.signature.displayName)`](\(pageName(paths.relative(spec.location.file))).md#\(anchors[position]))"
        }
        guard let library = peer.library else {
            page.line()
            page.line("## Selectors")
            page.line()
            page.line("Every operator of Rill with the RAC selector whose semantics it keeps, by selector.")
            page.line()
            page.line("| RAC | Rill |")
            page.line("|---|---|")
            let rows = specs.indices.compactMap { position in
                specs[position].selector.map { (selector: $0, position: position) }
            }.sorted { ($0.selector, $0.position) < ($1.selector, $1.position) }
            for row in rows { page.line("| `\(tableCell(row.selector))` | \(link(row.position)) |") }
            return page.text
        }
        page.line()
        page.line(MigrationGuides.types)
        page.line()
        page.line("## Names")
        page.line()
        page.line(
            """
            Each name of \(library.displayName) that the specs give, with Rill's, and what the compiler \
            says when code calls it on a signal: *renamed* is an error with a fix-it that writes \
            Rill's name, *explained* an error that says what to write instead. Rill declares these \
            names unavailable; a name Rill declares itself, or that is not a method, gets no help. An \
            argument that only \(library.displayName) can type, such as `.milliseconds(300)`, is \
            reported as a type error first: write a plain value to see Rill's name.
            """)
        page.line()
        page.line("| \(library.displayName) | Rill | Compiler | Differences that bite |")
        page.line("|---|---|---|---|")
        struct Row {
            var rill: [String] = []
            var notes: [String] = []
        }
        var rows: [String: Row] = [:]
        for (position, spec) in specs.enumerated() {
            for counterpart in spec.counterparts where counterpart.library == library {
                rows[counterpart.name, default: Row()].rill.append(link(position))
                if let note = counterpart.note { rows[counterpart.name, default: Row()].notes.append(note) }
            }
        }
        for extra in PeerVocabulary.extras where extra.library == library && rows[extra.name] == nil {
            rows[extra.name] = Row(
                rill: extra.renamed.map { ["`\($0)`"] } ?? [], notes: extra.message.map { [$0] } ?? [])
        }
        let skipped = Dictionary(
            peerNames.skipped.filter { $0.library == library }.map { ($0.name, $0.reason) },
            uniquingKeysWith: { first, _ in first })
        for name in rows.keys.sorted() {
            guard let row = rows[name] else { continue }
            let compiler: String
            if let reason = skipped[name] {
                compiler = "none: \(reason)"
            } else if let declaration = peerNames.declarations.first(where: {
                $0.name.fullName == PeerName(name).fullName && $0.libraries.contains(library)
            }) {
                compiler = declaration.renamed == nil ? "explained" : "renamed"
            } else {
                compiler = "none"
            }
            let notes = row.notes.map { $0.hasSuffix(".") ? $0 : $0 + "." }.joined(separator: " ")
            page.line(
                "| "
                    + ["`\(name)`", row.rill.joined(separator: ", "), compiler, notes].map(tableCell).joined(
                        separator: " | ") + " |")
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
