import Foundation
import Testing

@testable import RillSpec

/// The `reactiveswift:`, `rxswift:` and `combine:` fields, and the migration map built from them.
@Suite("Counterparts in other libraries and the migration map")
struct CounterpartTests {
    /// An entry `take(_:)` with `fields` added after its `rac:` line (line 3 onwards).
    func spec(_ fields: [String]) -> String {
        var lines = [
            "operator take", "    rac: -take:",
        ]
        lines += fields
        lines += [
            "    signature: func take(_ count: Int) -> Signal<Value, Failure>",
            "    doc: The take operator.",
            "    derive: count == 0 ? empty : self",
            #"    example: "-a|" => take(1) => "-a|""#,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    func parsed(_ fields: [String]) throws -> OperatorSpec {
        let specs = try SpecParser.parse([specFile(spec(fields))])
        return try #require(specs.first)
    }

    @Test("Each field gives a name and, after ' -- ', a note that may continue on the lines below")
    func reading() throws {
        let take = try parsed([
            "    reactiveswift: take(first:)",
            "    rxswift: take(_:) -- counts",
            "        elements",
            "    combine:   prefix(_:)  ",
        ])
        #expect(
            take.counterparts.map { [$0.library.displayName, $0.name, $0.note ?? "-"] } == [
                ["ReactiveSwift", "take(first:)", "-"],
                ["RxSwift", "take(_:)", "counts elements"],
                ["Combine", "prefix(_:)", "-"],
            ])
        #expect(take.counterparts.map(\.location) == [at(3, 20), at(4, 14), at(6, 16)])
    }

    @Test(
        "Names may be qualified, and their parentheses may hold arguments",
        arguments: [
            "Publishers.MergeMany", "flatMap(.latest, _:)", "Empty(completeImmediately:)",
            "flatten(.concurrent(limit:))",
            "SignalProducer.empty",
        ])
    func names(name: String) throws {
        #expect(try parsed(["    combine: \(name)"]).counterparts.first?.name == name)
    }

    @Test(
        "A malformed value is an error at its cause",
        arguments: [
            ("    rxswift:", at(3, 13), "'rxswift:' has no name"),
            ("    rxswift: -- a note", at(3, 14), "'rxswift:' has a note but no name"),
            ("    combine: prefix(_:) --", at(3, 25), "'--' in 'combine:' is not followed by a note"),
            ("    combine: prefix(_:", at(3, 20), "'(' in 'combine:' is not closed"),
            ("    combine: 1prefix", at(3, 14), "expected a Swift name in 'combine:', found '1'"),
            ("    combine: Publishers.", at(3, 25), "expected a Swift name in 'combine:', found the end"),
            (
                "    reactiveswift: take(first:) counts", at(3, 32),
                "unexpected ' ' after the name 'take(first:)' in 'reactiveswift:'"
            ),
        ])
    func malformed(field: String, location: RillSpec.SourceLocation, message: String) {
        let diagnostics = parseDiagnostics([specFile(spec([field]))])
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.location == location)
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.hint?.isEmpty == false)
    }

    @Test("A counterpart given twice is an error at the second")
    func twice() {
        let diagnostics = parseDiagnostics([
            specFile(spec(["    rxswift: take(_:)", "    rxswift: take(_:)"]))
        ])
        #expect(diagnostics.map(\.location) == [at(4, 5)])
        #expect(diagnostics.first?.message == "'rxswift:' is given twice in 'take'")
    }

    @Test("A name that runs onto the next line is an error at the line break")
    func nameOnTwoLines() {
        let diagnostics = parseDiagnostics([specFile(spec(["    rxswift: take(", "        _:)"]))])
        #expect(diagnostics.map(\.location) == [at(3, 19)])
        #expect(diagnostics.first?.message == "the name in 'rxswift:' continues on another line")
    }

    @Test("The migration map has one row per operator, its counterparts and their notes; the page names them")
    func migrationMap() throws {
        let text = spec(["    rxswift: take(_:) -- counts | elements", "    combine: prefix(_:)"])
        let specs = checked([primitives, specFile(text)])
        let docs = DocsEmitter.emit(specs, paths: EmitterTests.paths)
        let map = try #require(docs["Migration.md"])
        #expect(map.hasPrefix("# Migrating to Rill\n"))
        #expect(map.contains("| Rill | RAC | ReactiveSwift | RxSwift | Combine | Differences that bite |\n"))
        let rows = map.split(separator: "\n").filter { $0.hasPrefix("| [`") }
        #expect(rows.count == specs.count)
        #expect(
            rows.contains(
                "| [`take(_:)`](Test.md#take_) | `-take:` |  | `take(_:)` | `prefix(_:)` | **RxSwift:** counts \\| elements. |"
            ))
        #expect(rows.contains { $0.hasPrefix("| [`just(_:)`](Primitives.md#just_) | ") })
        #expect(docs["README.md"]?.contains("[The migration map](Migration.md)") == true)
        let page = try #require(docs["Test.md"])
        #expect(
            page.contains(
                "Elsewhere: RxSwift `take(_:)`, Combine `prefix(_:)`; see [the migration map](Migration.md).")
        )
    }

    @Test("Every operator of Rill's catalogue is in the migration map once")
    func catalogue() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let specs = try Pipeline.catalogue(at: [root.appendingPathComponent("Specs")])
        let map = try #require(DocsEmitter.emit(specs, paths: SpecPaths(root: root.path))["Migration.md"])
        let links = map.split(separator: "\n").filter { $0.hasPrefix("| [`") }.compactMap {
            $0.split(separator: "](").dropFirst().first?.split(separator: ")").first.map(String.init)
        }
        #expect(links.count == specs.count)
        #expect(Set(links).count == links.count)
        #expect(specs.contains { !$0.counterparts.isEmpty })
    }

    @Test(
        "Each library's guide lists its names with Rill's and what the compiler says; RAC's lists the selectors"
    )
    func guides() throws {
        let text = spec([
            "    rxswift: takeFirst(_:) -- counts | elements", "    combine: prefix(_:)",
            "    reactiveswift: Just(_:)",
        ])
        let docs = DocsEmitter.emit(checked([primitives, specFile(text)]), paths: EmitterTests.paths)
        let rxSwift = try #require(docs["MigratingFromRxSwift.md"])
        #expect(rxSwift.hasPrefix("# Migrating from RxSwift\n"))
        #expect(rxSwift.contains("## Differences that bite\n"))
        #expect(rxSwift.contains("| RxSwift | Rill | Compiler | Differences that bite |\n"))
        #expect(
            rxSwift.contains(
                "| `takeFirst(_:)` | [`take(_:)`](Test.md#take_) | renamed | counts \\| elements. |\n"))
        // The vocabulary's names are listed too, with what to write instead.
        #expect(
            rxSwift.contains("| `throttle(_:scheduler:)` |  | explained | RxSwift's throttle is a rate limit")
        )
        #expect(rxSwift.contains("| `subscribe(onNext:)` | `subscribe(next:)` | renamed |  |\n"))
        let combine = try #require(docs["MigratingFromCombine.md"])
        #expect(combine.contains("| `prefix(_:)` | [`take(_:)`](Test.md#take_) | renamed |  |\n"))
        #expect(!combine.contains("takeFirst"))
        let reactiveSwift = try #require(docs["MigratingFromReactiveSwift.md"])
        #expect(
            reactiveSwift.contains(
                "| `Just(_:)` | [`take(_:)`](Test.md#take_) | none: a type or an initializer"))
        let reactiveCocoa = try #require(docs["MigratingFromReactiveCocoa.md"])
        #expect(reactiveCocoa.contains("| RAC | Rill |\n|---|---|\n"))
        #expect(reactiveCocoa.contains("| `-take:` | [`take(_:)`](Test.md#take_) |\n"))
        let map = try #require(docs["Migration.md"])
        for guide in [
            "MigratingFromRxSwift.md", "MigratingFromCombine.md", "MigratingFromReactiveSwift.md",
            "MigratingFromReactiveCocoa.md",
        ] {
            #expect(map.contains("](\(guide))"))
        }
    }
}
