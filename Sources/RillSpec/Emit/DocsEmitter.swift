/// Stage 5c, emit: the operator catalogue as Markdown, one page per spec file and an index.
public enum DocsEmitter {
    /// File name → contents.
    public static func emit(_ specs: [OperatorSpec], paths: SpecPaths) -> [String: String] {
        var pages: [String: String] = [:]
        let families = Dictionary(grouping: specs) { paths.relative($0.location.file) }
        let anchors = anchors(of: specs, paths: paths)
        var index = CodeWriter()
        index.line("# Operators")
        index.line()
        index.line(
            "Generated from `Specs/` by `rill-ops docs`. Every operator, its RAC selector and where it is defined."
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
        for (file, members) in families {
            var page = CodeWriter()
            page.line("# \(pageName(file))")
            page.line()
            page.line("Generated from `\(file)` by `rill-ops docs`.")
            for spec in members {
                page.line()
                page.line("## \(spec.signature.displayName)")
                page.line()
                page.line("```swift")
                page.line(spec.signature.declaration)
                page.line("```")
                page.line()
                let selector = spec.selector.map { "RAC `\($0)`. " } ?? ""
                page.line("\(selector)Defined at `\(paths.describe(spec.location))`.")
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
                page.line("Examples, in marble notation (one frame per character):")
                page.line()
                page.line("```")
                for (index, example) in spec.examples.enumerated() {
                    if index > 0 { page.line() }
                    // Labels are padded to one width so that the timelines line up frame by frame.
                    let labels = example.sources.map { $0.name == "self" ? "source" : $0.name } + ["result"]
                    let width = labels.map(\.count).max() ?? 0
                    func label(_ name: String) -> String {
                        name + ":" + String(repeating: " ", count: width - name.count + 1)
                    }
                    for source in example.sources {
                        page.line(label(source.name == "self" ? "source" : source.name) + source.marble.text)
                    }
                    page.line("\(example.expression.text.replacingNewlines)")
                    let legend = example.legend.map { "\($0.character) = \($0.value)" }.joined(
                        separator: ", ")
                    page.line(label("result") + example.expected.text + (legend.isEmpty ? "" : "   (\(legend))"))
                }
                page.line("```")
                if let model = spec.model {
                    page.line()
                    page.line("On finite input, `\(model.call.text)` behaves as `\(model.expected.text)`.")
                }
            }
            pages[pageName(file) + ".md"] = page.text
        }
        return pages
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
