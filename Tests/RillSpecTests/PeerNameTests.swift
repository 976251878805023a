import Foundation
import Testing

@testable import RillSpec

/// The unavailable declarations generated from the counterpart fields: which names get one, what
/// it says, and the names that must get none because Rill declares them.
@Suite("Peers' names as compiler help")
struct PeerNameTests {
    static let paths = SpecPaths(root: "/package")

    /// An entry `take(_:)` with `fields` added after its `rac:` line (line 3 onwards).
    func spec(_ fields: [String], name: String = "take", signature: String? = nil) -> String {
        var lines = ["operator \(name)", "    rac: -\(name):"]
        lines += fields
        lines += [
            "    signature: " + (signature ?? "func \(name)(_ count: Int) -> Signal<Value, Failure>"),
            "    doc: The \(name) operator.",
            "    derive: count == 0 ? empty : self",
            #"    example: "-a|" => \#(name)(1) => "-a|""#,
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    func plan(_ texts: [String]) -> PeerNameEmitter.Plan {
        plan(files: texts.enumerated().map { specFile($1, path: "Specs/Test\($0).ops") })
    }

    /// The plan for `files`, without the names of Rill's peer vocabulary, which every plan has.
    func plan(files: [SpecReader.File]) -> PeerNameEmitter.Plan {
        var plan = PeerNameEmitter.plan(checked([primitives] + files), paths: Self.paths)
        plan.declarations.removeAll { !$0.origin.hasPrefix("Specs/") }
        let extras = Set(PeerVocabulary.extras.map(\.name))
        plan.skipped.removeAll { extras.contains($0.name) }
        return plan
    }

    static var realSpecs: [OperatorSpec] {
        (try? Checker.check(try SpecParser.parse(RobustnessTests.realSpecs))) ?? []
    }

    @Test("A peer's method becomes an unavailable method of Signal, renamed to Rill's, its note the message")
    func renamed() throws {
        let plan = plan([spec(["    rxswift: takeFirst(_:) -- counts elements", "    combine: prefix(_:)"])])
        #expect(plan.declarations.map(\.name.fullName) == ["prefix(_:)", "takeFirst(_:)"])
        let text = PeerNameEmitter.emit(
            checked([primitives, specFile(spec(["    rxswift: takeFirst(_:) -- counts \"elements\""]))]),
            paths: Self.paths)
        #expect(
            text.contains(
                #"""
                    // RxSwift: takeFirst(_:), from Specs/Test.ops:3
                    @available(*, unavailable, renamed: "take(_:)", message: "counts \"elements\"")
                    public func takeFirst<_rillT0>(_ _rill0: _rillT0) -> Never {
                        fatalError("takeFirst(_:) is unavailable")
                    }
                """#))
        #expect(text.contains("extension Signal {\n"))
    }

    @Test(
        "A closure argument takes Rill's closure type when the counts of arguments agree, so it type-checks")
    func closureTypes() throws {
        let text = PeerNameEmitter.emit(
            checked([
                primitives,
                specFile(
                    spec(
                        ["    rxswift: scan(_:accumulator:)"], name: "fold",
                        signature:
                            "func fold<State: Sendable>(_ initial: State, _ combine: @escaping @Sendable (State, Value) -> State) -> Signal<State, Failure>"
                    ).replacingOccurrences(of: "fold(1)", with: "fold(0) { $0 + $1 }")
                        .replacingOccurrences(of: "count == 0 ? empty : self", with: "empty")),
            ]), paths: Self.paths)
        #expect(
            text.contains(
                "public func scan<State: Sendable>(_ _rill0: State, accumulator _rill1: @escaping @Sendable (State, Value) -> State) -> Never {"
            ), "\(text)")
    }

    @Test(
        "A constructor of Observable or SignalProducer becomes a static member of Signal; other types get nothing"
    )
    func hosts() {
        let plan = plan([
            spec([
                "    rxswift: Observable.takeSome(_:)", "    reactiveswift: SignalProducer.takeMany(count:)",
                "    combine: Publishers.Take",
            ])
        ])
        #expect(
            plan.declarations.map { "\($0.host) \($0.name.fullName)" } == [
                "signalType takeMany(count:)", "signalType takeSome(_:)",
            ])
        #expect(plan.skipped.map(\.name) == ["Publishers.Take"])
    }

    @Test(
        "A name Rill declares gets no declaration: the same labels, a form without defaulted arguments, a pack, or a property",
        arguments: [
            ("    rxswift: take(_:)", nil as String?),
            ("    rxswift: take()", "func take(_ count: Int = 1) -> Signal<Value, Failure>"),
            ("    rxswift: Observable.empty()", nil),
            ("    rxswift: Just(_:)", nil),
            ("    rxswift: flatten(.latest)", nil),
            ("    rxswift: subscribe(next:)", nil),
        ])
    func collisions(field: String, signature: String?) {
        let plan = plan([spec([field], signature: signature)])
        #expect(plan.declarations.isEmpty, "\(plan.declarations.map(\.name.fullName))")
        #expect(plan.skipped.count == 1)
    }

    @Test("A variadic parameter or a pack takes any number of arguments, so every count is Rill's")
    func variadic() {
        var names = RillNames([])
        names.add("zip", [RillNames.Parameter(label: "_", optional: false, variadic: true)])
        names.add(
            "merge",
            [
                RillNames.Parameter(label: "with", optional: false, variadic: true),
                RillNames.Parameter(label: "on", optional: true, variadic: false),
            ])
        #expect(names.clash(PeerName("zip(_:_:_:)")) != nil)
        #expect(names.clash(PeerName("zip(" + String(repeating: "_:", count: 40) + ")")) != nil)
        #expect(names.clash(PeerName("zip()")) != nil)
        #expect(names.clash(PeerName("merge(with:_:on:)")) != nil)
        #expect(names.clash(PeerName("merge(with:_:)")) != nil)
        #expect(names.clash(PeerName("merge(_:)")) == nil)
        #expect(names.clash(PeerName("merge(on:)")) != nil)
        #expect(names.clash(PeerName("merge(on:with:)")) == nil)
    }

    @Test("A static member of Rill keeps its name from an instance method of a peer, and the reason says so")
    func staticAndInstance() {
        var names = RillNames([])
        names.add("zip", [RillNames.Parameter(label: "_", optional: false, variadic: false)], isStatic: true)
        #expect(names.clash(PeerName("zip(_:)"), host: .signalType) == "Rill declares the same name")
        #expect(
            names.clash(PeerName("zip(_:)"), host: .signal)
                == "Rill declares the same name as a static member")
        #expect(names.clash(PeerName("zip(_:_:)"), host: .signal) == nil)
    }

    /// Forms of a call are matched, not listed: 2^60 ways to leave out defaulted arguments would
    /// never finish.
    @Test("Sixty defaulted and variadic parameters are matched at once")
    func manyDefaults() {
        var names = RillNames([])
        let labels = (0..<60).map { "l\($0)" }
        names.add(
            "wide",
            labels.enumerated().map { RillNames.Parameter(label: $1, optional: true, variadic: $0 % 7 == 0) })
        #expect(names.clash(PeerName("wide(l1:l59:)")) != nil)
        #expect(names.clash(PeerName("wide(l0:_:_:l1:)")) != nil)
        #expect(names.clash(PeerName("wide(l59:l1:)")) == nil)
        #expect(names.clash(PeerName("wide(" + labels.map { $0 + ":" }.joined() + ")")) != nil)
    }

    @Test(
        "No declaration for Rill's catalogue shares a name that Rill's specs or hand-written members declare")
    func noCollisionInRill() throws {
        let specs = Self.realSpecs
        try #require(!specs.isEmpty)
        let plan = PeerNameEmitter.plan(specs, paths: Self.paths)
        let rill = RillNames(specs)
        for declaration in plan.declarations {
            #expect(rill.clash(declaration.name) == nil, "\(declaration.name.fullName)")
            #expect(declaration.renamed != nil || declaration.message != nil)
        }
        // Names the peers share with Rill, which must stay Rill's.
        let skipped = Set(plan.skipped.map(\.name))
        for shared in [
            "map(_:)", "filter(_:)", "Observable.just(_:)", "Observable.zip(_:_:)", "subscribe(on:)",
            "Observable.empty()",
        ] {
            #expect(skipped.contains(shared), "\(shared)")
        }
    }

    @Test(
        "Two fields naming the same peer give one declaration, renamed to the first in file order, in any order of files"
    )
    func sharedNames() throws {
        let first = specFile(spec(["    rxswift: doOn(_:) -- first note"]), path: "Specs/A.ops")
        let second = specFile(
            spec(["    combine: doOn(_:) -- second note"], name: "skip"), path: "Specs/B.ops")
        let forward = plan(files: [first, second])
        let backward = plan(files: [second, first])
        #expect(forward == backward)
        let declaration = try #require(forward.declarations.first)
        #expect(forward.declarations.count == 1)
        #expect(declaration.renamed == "take(_:)")
        #expect(declaration.libraries == [.rxSwift, .combine])
        #expect(declaration.message == "first note; Combine: or `skip(_:)`: second note")
    }

    @Test("The output for Rill's specs is the same byte for byte on every run and in any order of entries")
    func determinism() throws {
        let specs = Self.realSpecs
        try #require(specs.count > 100)
        let forward = PeerNameEmitter.emit(specs, paths: Self.paths)
        let again = PeerNameEmitter.emit(Self.realSpecs, paths: Self.paths)
        let backward = PeerNameEmitter.emit(specs.reversed(), paths: Self.paths)
        #expect(forward == again)
        #expect(forward == backward)
        #expect(
            forward.contains(
                "answers a call by such a name with Rill's: \(PeerNameCompilationTests.declaredNames) names.")
        )
    }

    @Test(
        "Argument labels that no call could match are an error at their column",
        arguments: [
            ("    rxswift: take(first)", at(3, 19)),
            ("    rxswift: zip(_:_)", at(3, 20)),
            ("    combine: merge(with:, 2)", at(3, 27)),
        ])
    func malformedLabels(field: String, location: RillSpec.SourceLocation) {
        let diagnostics = parseDiagnostics([specFile(spec([field]))])
        #expect(diagnostics.map(\.location) == [location])
        #expect(diagnostics.first?.message.hasPrefix("expected an argument label") == true)
        #expect(diagnostics.first?.hint?.contains("'_:'") == true)
    }

    @Test("Names in every form the specs use are read apart")
    func peerNames() {
        let zip = PeerName("Observable.zip(_:_:)")
        #expect(zip.qualifier == ["Observable"] && zip.base == "zip" && zip.labels == ["_", "_"])
        #expect(PeerName("concat()").labels == [])
        #expect(PeerName("Publishers.MergeMany").labels == nil)
        #expect(PeerName("flatMap(.latest, _:)").selectsBehaviour)
        #expect(PeerName("Just(_:)").isType)
        #expect(PeerName("debounce(_:scheduler:)").fullName == "debounce(_:scheduler:)")
    }

    /// Every public member of `Signal` in `Sources/Rill` is a catalogue entry or in the list of
    /// hand-written members, so no peer declaration can shadow one the list forgot.
    @Test("The hand-written members of Signal that peers must not shadow are all listed")
    func handWrittenMembers() throws {
        let sources = MutantCompilationTests.package.appendingPathComponent("Sources/Rill")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter {
            $0.hasSuffix(".swift")
        }
        try #require(files.count > 20)
        let known = Set(Self.realSpecs.map(\.name)).union(
            PeerVocabulary.handWrittenMembers.map {
                PeerName($0.replacingOccurrences(of: "?", with: "")).base
            })
        var found: Set<String> = []
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            var inSignal = false
            var depth = 0
            var signalDepth = 0
            for line in text.split(separator: "\n") {
                var trimmed = line.trimmingSpaces
                while trimmed.hasPrefix("@"), let space = trimmed.firstIndex(of: " ") {
                    trimmed = String(trimmed[space...]).trimmingSpaces
                }
                if !inSignal,
                    trimmed.hasPrefix("extension Signal ") || trimmed.hasPrefix("extension Signal{")
                        || trimmed.hasPrefix("public struct Signal<")
                        || trimmed.hasPrefix("extension Signal:")
                {
                    inSignal = true
                    signalDepth = depth
                }
                if inSignal, depth == signalDepth + 1 {
                    for keyword in [
                        "public func ", "public static func ", "public var ", "public static var ",
                    ]
                    where trimmed.hasPrefix(keyword) {
                        let name = trimmed.dropFirst(keyword.count).prefix {
                            $0.isLetter || $0.isNumber || $0 == "_" || $0 == "`"
                        }
                        found.insert(name.replacingOccurrences(of: "`", with: ""))
                    }
                }
                depth += line.filter { $0 == "{" }.count - line.filter { $0 == "}" }.count
                if inSignal, depth <= signalDepth { inSignal = false }
            }
        }
        #expect(found.count > 40)
        #expect(
            found.subtracting(known).isEmpty,
            "not in PeerVocabulary.handWrittenMembers: \(found.subtracting(known).sorted())")
    }

    @Test(
        "A peer's name that a trailing-closure call of Rill's map, scan or reduce would reach gets no declaration"
    )
    func trailingClosureCollisions() throws {
        let plan = PeerNameEmitter.plan(Self.realSpecs, paths: Self.paths)
        let declared = Set(plan.declarations.map(\.name.fullName))
        for name in ["map(value:)", "scan(_:accumulator:)", "reduce(_:accumulator:)"] {
            #expect(!declared.contains(name), "\(name)")
            let skipped = try #require(plan.skipped.first { $0.name == name }, "\(name)")
            #expect(skipped.reason.contains("with a trailing closure would consider it too"))
        }
        // A labeled closure (`retry(when:)`) and a different arity (`flatMap(_:_:)`) keep the peer's.
        #expect(declared.isSuperset(of: ["retry(_:)", "flatMap(_:)", "flatMap(maxPublishers:_:)"]))
    }
}
