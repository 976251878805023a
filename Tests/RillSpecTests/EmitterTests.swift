import Foundation
import Testing

@testable import RillSpec

/// Stages 4 and 5: lowering derivations to Swift, and emitting the library, the tests and the docs.
@Suite("Lowering, LibraryEmitter, TestEmitter and DocsEmitter")
struct EmitterTests {
    static let text =
        flattenMapEntry + mapEntry
        + entry(
            "take", "func take(_ count: Int) -> Signal<Value, Failure>", rac: "-take:",
            state: "var taken = 0",
            derive:
                "count == 0 ? empty : bind { value in\n    taken += 1\n    return taken == count ? last(just(value)) : just(value)\n}",
            examples: [#""-a-b-c-|" => take(2) => "-a-(b|)""#], model: "take(3) ~ Array(values.prefix(3))")
        + entry(
            "filter",
            "func filter(_ isIncluded: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>",
            derive: "flattenMap { isIncluded($0) ? just($0) : empty }",
            examples: [#""-a-b-|" => filter { $0 == "a" } => "-a---|""#])
        + entry(
            "stopWhen",
            "func stopWhen(_ predicate: @escaping @Sendable (Value) -> Bool) -> Signal<Value, Failure>",
            derive: "bind { value in predicate(value) ? stop : just(value) }")
        + entry(
            "failOn",
            "func failOn(_ bad: Value, _ failure: Failure) -> Signal<Value, Failure> where Value: Equatable",
            derive: "flattenMap { value in value == bad ? error(failure) : just(value) }")
        + entry(
            "deferred", "func deferred() -> Signal<Value, Failure>",
            derive: "Signal<Value, Failure>.defer { self }")
        + entry(
            "orJust", "func orJust(_ value: Value) -> Signal<Value, Failure>",
            derive: "self.concat(just(value))")

    static let paths = SpecPaths(root: "/package")

    let specs = checked([primitives, specFile(EmitterTests.text)])
    var library: String { LibraryEmitter.emit(specs, paths: Self.paths, importing: []) }
    var tests: String { TestEmitter.emit(specs, paths: Self.paths, importing: ["Rill"]) }
    var docs: [String: String] { DocsEmitter.emit(specs, paths: Self.paths) }

    func line(of name: String) -> Int { lineNumber(of: "operator \(name)", in: Self.text) }

    /// The generated library's part for `displayName`, from its location comment to the next one.
    func shipped(_ displayName: String, _ name: String) -> String {
        let text = section(startingWith: "// \(displayName): Specs/Test.ops:\(line(of: name))", in: library)
        #expect(!text.isEmpty, "no section for \(displayName) in the library")
        return text
    }

    /// The body of the reference implementation of `name`: the lines after its declaration.
    func reference(_ name: String) -> String {
        let head = "func reference\(name.capitalizedFirst)"
        guard let start = tests.range(of: head) else {
            Issue.record("no reference implementation \(head)")
            return ""
        }
        let rest = tests[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n}\n")?.lowerBound ?? rest.endIndex)])
    }

    // MARK: Lowering, shipped

    @Test("A flattenMap block that answers just(…) ships as a direct sink, without bind or flattenMap")
    func directSink() {
        let map = shipped("map(_:)", "map")
        #expect(
            map.contains(
                #"return Signal<Output, Failure>(name: .derived(from: self, "-map:"), lifting: self) { _rillDownstream, _rillLifetime in"#
            ))
        #expect(map.contains("return Observer(handlingInPlace: { _rillEvent in"))
        #expect(map.contains("case .next(let _rillInput):"))
        #expect(flattened(map).contains("{ _rillDownstream.sendNext(transform($0)) }(_rillInput)"))
        #expect(map.contains("}(_rillInput)"))
        #expect(map.contains("_rillDownstream.sendError(_rillFailure)"))
        #expect(map.contains("_rillDownstream.sendCompleted()"))
        #expect(!map.contains(".subscribe("))
        #expect(!map.contains("bind"))
        #expect(!map.contains("flattenMap"))
        #expect(!map.contains("IsFinished"))
    }

    @Test("Lowering a derivation directly: without a contextual type the direct sink is a bare Signal")
    func directSinkWithoutContext() throws {
        let map = try #require(specs.first { $0.name == "map" })
        let mapDerivation = try #require(derivation(of: map))
        let lowering = Lowering(flavor: .shipped, spec: map)
        #expect(
            lowering.expression(mapDerivation, hasContext: true).hasPrefix(
                "Signal<Output, Failure>(lifting: self) {"))
        #expect(lowering.expression(mapDerivation, hasContext: false).hasPrefix("Signal(lifting: self) {"))
        #expect(
            Lowering(flavor: .reference, spec: map).expression(mapDerivation, hasContext: true)
                == "self.referenceFlattenMap { .just(transform($0)) }")
    }

    @Test(
        "A block with a signal(…) step is not lowered: the shipped operator calls bind with a BindStep block")
    func signalStepCallsBind() {
        let flattenMap = shipped("flattenMap(_:)", "flattenMap")
        #expect(flattenMap.contains("self.bind {"))
        // Laid out at the spec's columns: `transform(value)` is copied at its column of the line
        // after the generated `return .merge(`.
        #expect(flattenMap.contains("return { value in\n"))
        #expect(flattenMap.contains("return .merge(\n"))
        #expect(flattenMap.contains(" transform(value))\n"))
        #expect(!flattenMap.contains("producer:"))
    }

    /// Where the direct sink of `text` declares its per-subscription variable `name`: as a
    /// `SinkState` cell (`let taken = SinkState(0)`) or as a plain variable (`var taken = 0`).
    func declaration(of name: String, in text: String) -> Range<String.Index>? {
        text.range(of: "let \(name) = SinkState") ?? text.range(of: "var \(name) = ")
    }

    /// The statements of a direct sink, flattened (see `flattened(_:)`), with its own state read
    /// through its cell (`_rillIsFinished.value`) read as if it were a plain variable.
    func plain(_ text: String) -> String {
        flattened(text).replacingOccurrences(of: ".value", with: "")
    }

    @Test(
        "stop, last and error steps make the sink track isFinished and dispose its upstream before passing the terminal event on; just and empty alone do neither"
    )
    func finishingSteps() {
        let take = shipped("take(_:)", "take")
        #expect(declaration(of: "_rillIsFinished", in: take) != nil)
        #expect(take.contains("lifting: self, subscribingIn: { _rillDownstream, _rillLifetime in"))
        #expect(take.contains("let _rillUpstreamLifetime = _rillLifetime.child()"))
        #expect(take.contains("}), _rillUpstreamLifetime)"))
        #expect(plain(take).contains("guard !_rillIsFinished else { return }"))
        #expect(
            plain(take).contains(
                "if taken == count { _rillDownstream.sendNext(value); if !_rillIsFinished { _rillIsFinished = true; _rillUpstreamLifetime.dispose(); _rillDownstream.sendCompleted() } } else { _rillDownstream.sendNext(value) }; return"
            ))

        let stopWhen = shipped("stopWhen(_:)", "stopWhen")
        #expect(declaration(of: "_rillIsFinished", in: stopWhen) != nil)
        #expect(
            plain(stopWhen).contains(
                "if predicate(value) { _rillIsFinished = true; _rillUpstreamLifetime.dispose(); _rillDownstream.sendCompleted() } else { _rillDownstream.sendNext(value) }"
            ))

        let failOn = shipped("failOn(_:_:)", "failOn")
        #expect(declaration(of: "_rillIsFinished", in: failOn) != nil)
        #expect(
            plain(failOn).contains(
                "if value == bad { _rillIsFinished = true; _rillUpstreamLifetime.dispose(); _rillDownstream.sendError(failure) } else { _rillDownstream.sendNext(value) }"
            ))

        let filter = shipped("filter(_:)", "filter")
        #expect(flattened(filter).contains("if isIncluded($0) { _rillDownstream.sendNext($0) }"))
        #expect(!filter.contains("else { () }"))
        #expect(!filter.contains("IsFinished"))
        #expect(!filter.contains("UpstreamLifetime"))
        #expect(filter.contains("lifting: self) { _rillDownstream, _rillLifetime in"))
    }

    @Test(
        "State lines go inside the lifted signal's observer factory, once per subscription, before the observer"
    )
    func stateInsideTheProducer() throws {
        let take = shipped("take(_:)", "take")
        let producer = try #require(
            take.range(of: "lifting: self, subscribingIn: { _rillDownstream, _rillLifetime in"))
        let state = try #require(declaration(of: "taken", in: take))
        let subscribe = try #require(take.range(of: "return (Observer(handlingInPlace: {"))
        #expect(producer.upperBound < state.lowerBound)
        #expect(state.upperBound < subscribe.lowerBound)
        #expect(!take[..<producer.lowerBound].contains("taken"))
        #expect(take.components(separatedBy: take[state]).count == 2)
        // The conditional keeps its Swift condition, with `.empty` in the typed context.
        #expect(
            take.contains(
                "return count == 0 ? .empty : Signal<Value, Failure>(name: .derived(from: self, \"-take:\"), lifting: self, subscribingIn: {"
            ))
    }

    @Test(
        "The block gets each state variable's cell value under the state's name, so its text is copied unchanged, interpolations included"
    )
    func stateUsesInCells() {
        let text = entry(
            "numbered", "func numbered() -> Signal<String, Failure>", state: "var index = 0",
            derive:
                #"bind { value in\#n    index += 1\#n    return just(Numbered(index: index, text: "\(index): \(value)").text)\#n}"#
        )
        let specs = checked([primitives, specFile(text)])
        let library = LibraryEmitter.emit(specs, paths: Self.paths, importing: [])
        #expect(library.contains("lifting: self) { _rillDownstream, _rillLifetime in"))
        #expect(library.contains("let index = SinkState(0)"))
        #expect(library.contains("index.withValue { index in"))
        #expect(!library.contains("index.value"))
        #expect(
            flattened(library).contains(
                #"_rillDownstream.sendNext(Numbered(index: index, text: "\(index): \(value)").text)"#))
    }

    @Test("Static calls use the contextual '.name' form; a type-qualified call keeps its type")
    func staticCalls() {
        #expect(shipped("orJust(_:)", "orJust").contains("return self.concat(.just(value))"))
        // The closure's body is on a line of its own, at its spec line and column.
        let deferred = shipped("deferred()", "deferred")
        let derive = line(of: "deferred") + 3
        #expect(
            deferred.contains(
                """
                        return Signal<Value, Failure>.defer {
                #sourceLocation(file: "Specs/Test.ops", line: \(derive))
                \(String(repeating: " ", count: 43))self
                #sourceLocation(file: "Specs/Test.ops", line: \(derive))
                        }
                """))
    }

    // MARK: Lowering, reference

    @Test("The reference flavour calls referenceX for derived callees and the real name for primitives")
    func referenceFlavour() {
        #expect(reference("map").contains("return self.referenceFlattenMap { .just(transform($0)) }"))
        #expect(
            reference("filter").contains(
                "return self.referenceFlattenMap { isIncluded($0) ? .just($0) : .empty }"))
        #expect(reference("flattenMap").contains("return self.bind {"))
        #expect(reference("flattenMap").contains(".merge(transform(value))"))
        #expect(reference("orJust").contains("return self.concat(.just(value))"))
        #expect(!tests.contains("referenceBind"))
        #expect(!tests.contains("referenceJust"))
        #expect(!tests.contains("referenceConcat"))
    }

    @Test("A reference bind block is a factory: the state, then the block, with stop and last as BindSteps")
    func referenceBindBlock() throws {
        let take = reference("take")
        #expect(take.contains("return count == 0 ? .empty : self.bind {"))
        let state = try #require(take.range(of: "var taken = 0"))
        let block = try #require(take.range(of: "return { value in"))
        #expect(state.upperBound < block.lowerBound)
        #expect(take.contains("return taken == count ? .mergeThenStop(.just(value)) : .merge(.just(value))"))
        #expect(reference("stopWhen").contains("predicate(value) ? .stop : .merge(.just(value))"))
        #expect(reference("failOn").contains("value == bad ? .error(failure) : .just(value)"))
    }

    @Test("A bind block passed in parentheses is lowered as a bind block, not as a flattenMap block")
    func parenthesisedBindBlock() {
        let text = entry(
            "wrapped", "func wrapped() -> Signal<Value, Failure>", derive: "bind({ value in just(value) })")
        let specs = checked([primitives, specFile(text)])
        let library = LibraryEmitter.emit(specs, paths: Self.paths, importing: [])
        let tests = TestEmitter.emit(specs, paths: Self.paths, importing: ["Rill"])
        #expect(library.contains("return .merge(.just(\n"))
        #expect(tests.contains(".merge(.just(value))"))
    }

    // MARK: LibraryEmitter

    @Test(
        "Every instance operator, derived or primitive, is forwarded once on SubjectProtocol; no static one is"
    )
    func subjectForwarding() {
        let library = self.library
        #expect(library.components(separatedBy: "\nextension SubjectProtocol {").count - 1 == 1)
        let forwarded = specs.filter { !$0.signature.isStatic }
        #expect(!forwarded.isEmpty)
        for spec in forwarded {
            #expect(
                library.contains("// on subjects, \(spec.signature.displayName): "),
                "\(spec.signature.displayName)")
        }
        for spec in specs where spec.signature.isStatic {
            #expect(!library.contains("// on subjects, \(spec.signature.displayName): "))
        }
        #expect(library.contains("self.signal.map(transform) }\n#sourceLocation()"))
    }

    @Test(
        "The library has one extension per derived entry, marked with its spec location, and none for primitives"
    )
    func libraryLayout() {
        let library = self.library
        #expect(
            library.hasPrefix(
                "// Generated by rill-ops from the specs in Specs/. Do not edit: edit the spec and build.\n"))
        #expect(library.contains("\n// map(_:): Specs/Test.ops:\(line(of: "map"))\nextension Signal {\n"))
        // One per derived entry, and one for the overloads that take subjects as arguments.
        #expect(library.components(separatedBy: "\nextension Signal {").count - 1 == 8 + 1)
        #expect(library.contains(" with subjects and properties: Specs/Primitives.ops:"))
        #expect(!library.contains("// bind(_:)"))
        #expect(!library.contains("// just(_:)"))
        // Inside Rill only Foundation is imported, for `Date` and `TimeInterval`.
        #expect(library.components(separatedBy: "import ").count - 1 == 1)
        #expect(library.contains("\nimport Foundation\n"))
        #expect(
            LibraryEmitter.emit(specs, paths: Self.paths, importing: ["Rill"]).contains("\nimport Rill\n"))
    }

    @Test(
        "A shipped operator is public and inlinable, documented with its doc, selector and examples, and named"
    )
    func libraryDeclaration() {
        let map = shipped("map(_:)", "map")
        #expect(map.contains("    /// The map operator.\n    ///\n    /// RAC: `-map:`\n"))
        #expect(map.contains(#"    /// "-a-b-|" => map { $0 } => "-a-b-|""#))
        // Inlinable where it counts, in optimized builds; in a debug build an inlinable body is
        // type-checked twice, and its errors printed twice.
        #expect(map.contains("    #if !DEBUG\n    @inlinable\n    #endif\n    public func map<"))
        #expect(
            map.contains(
                "    public func map<Output: Sendable>(_ transform: @escaping @Sendable (Value) -> Output) -> Signal<Output, Failure> {"
            ))
        // A direct sink is named where it is created; a composition keeps its callee's name.
        #expect(map.contains(#"(name: .derived(from: self, "-map:"), lifting: self)"#))
        #expect(!map.contains(".named("))
        // Without a selector, the body is returned as it is.
        #expect(shipped("orJust(_:)", "orJust").contains("        return self.concat(.just(value))\n"))
    }

    @Test("A doc comment shows an example without sources as 'expression => expected'")
    func docCommentOfSourcelessExample() {
        let orJust = shipped("orJust(_:)", "orJust")
        #expect(orJust.contains("    /// empty => \"|\"\n"))
        #expect(!orJust.contains("///  => "))
    }

    @Test("Emitting is deterministic: the same catalogue gives the same bytes")
    func deterministic() {
        #expect(library == library)
        #expect(tests == tests)
        #expect(docs == docs)
        let again = checked([primitives, specFile(Self.text)])
        #expect(LibraryEmitter.emit(again, paths: Self.paths, importing: []) == library)
        #expect(TestEmitter.emit(again, paths: Self.paths, importing: ["Rill"]) == tests)
        #expect(DocsEmitter.emit(again, paths: Self.paths) == docs)
    }

    @Test("Locations are spelled relative to the package root, with or without a trailing slash")
    func specPaths() {
        let location = at(3, 7, file: "/package/Specs/Test.ops")
        #expect(SpecPaths(root: "/package").describe(location) == "Specs/Test.ops:3")
        #expect(SpecPaths(root: "/package/").describe(location) == "Specs/Test.ops:3")
        #expect(SpecPaths(root: "/elsewhere").describe(location) == "/package/Specs/Test.ops:3")
    }

    // MARK: TestEmitter

    @Test(
        "Tests: one test per entry, whose cases are a primitive's examples, and a derived one's also its reference and a random comparison"
    )
    func testSuites() {
        let tests = self.tests
        #expect(
            tests.contains(
                "struct Spec_bind {\n    @Test(\"bind(_:), Specs/Primitives.ops:\(lineNumber(of: "operator bind", in: primitives.contents))\", arguments: Spec_bind._rillChecks())\n    nonisolated func _rillCheck(_ check: SpecCheck) async { await check.run() }"
            ))
        #expect(
            tests.contains(
                "struct Spec_map {\n    @Test(\"map(_:), Specs/Test.ops:\(line(of: "map"))\", arguments: Spec_map._rillChecks())"
            ))
        // Each `@Test` is a macro the compiler expands in every build of the test module.
        #expect(tests.components(separatedBy: "@Test(").count - 1 == specs.count)
        #expect(!tests.contains("@Suite"))
        let bindSuite = suite("Spec_bind", in: tests)
        #expect(bindSuite.contains(#"_rillAll.append(SpecCheck("example 1: "#))
        #expect(!bindSuite.contains("reference"))
        let mapSuite = suite("Spec_map", in: tests)
        #expect(mapSuite.contains(#"_rillAll.append(SpecCheck("example 1: "#))
        #expect(mapSuite.contains(#"_rillAll.append(SpecCheck("example 1, reference: "#))
        #expect(
            mapSuite.contains(
                #"_rillAll.append(SpecCheck("example 1: the shipped and the reference implementation agree on random marbles")"#
            ))
        #expect(mapSuite.contains("let recorder = scheduler.start { receiver.map { $0 } }"))
        #expect(mapSuite.contains("let recorder = scheduler.start { receiver.referenceMap { $0 } }"))
        #expect(
            mapSuite.contains(
                #"expectMarbles(recorder, "-a-b-|", sourceLocation: SourceLocation(fileID: "Rill/Specs/Test.ops", filePath: "Specs/Test.ops", line: "#
            ))
    }

    @Test(
        "An example whose result does not end disposes its recording, and random marbles' recordings are disposed once read"
    )
    func unendedRecordingsAreDisposed() {
        let text =
            flattenMapEntry
            + entry(
                "hold", "func hold() -> Signal<Value, Failure>", derive: "flattenMap { just($0) }",
                examples: [
                    #""-a-b-" => hold() => "-a-b-""#, #""-a-|" => hold() => "-a-|""#,
                    #""-#" => hold() => "-#""#,
                ])
        let tests = TestEmitter.emit(
            checked([primitives, specFile(text)]), paths: Self.paths, importing: ["Rill"])
        let checks = suite("Spec_hold", in: tests).components(separatedBy: "_rillAll.append(SpecCheck(")
            .dropFirst()
        func check(_ prefix: String) -> String { checks.first { $0.hasPrefix("\"" + prefix) } ?? "" }
        #expect(flattened(check("example 1: ")).contains(#"expectMarbles(recorder, "-a-b-", "#))
        #expect(check("example 1: ").contains("recorder.dispose()"))
        #expect(check("example 1, reference: ").contains("recorder.dispose()"))
        #expect(!check("example 2: ").isEmpty && !check("example 2: ").contains("recorder.dispose()"))
        #expect(!check("example 3: ").isEmpty && !check("example 3: ").contains("recorder.dispose()"))
        #expect(check("example 1: the shipped and the reference").contains("specTrace(scheduler.start {"))
        #expect(tests.contains("defer { recorder.dispose() }"))
    }

    /// The generated `struct` of the suite `name`, up to the next one.
    func suite(_ name: String, in tests: String) -> String {
        tests.components(separatedBy: "\nstruct ").first { $0.hasPrefix(name + " {") } ?? ""
    }

    @Test("Example expressions call the real operators: blocks are not lowered, bare statics are typed")
    func exampleExpressions() {
        let tests = self.tests
        #expect(
            tests.contains("let recorder = scheduler.start { receiver.flattenMap { value in .just(value) } }")
        )
        #expect(
            tests.contains(
                "let recorder = scheduler.start { receiver.referenceFlattenMap { value in .just(value) } }"))
        #expect(tests.contains("let recorder = scheduler.start { Signal<String, SpecExampleError>.empty }"))
        #expect(tests.contains("let recorder = scheduler.start { first.concat(second) }"))
    }

    @Test("A model becomes a property test of the shipped and the reference operator")
    func modelTest() {
        let tests = self.tests
        #expect(
            tests.contains(
                "_rillAll.append(SpecCheck(\"model: take(3) behaves as Array(values.prefix(3)) on finite input\") {"
            ))
        #expect(tests.contains("let recorder = Signal<Int, Never>.from(values).take(3).record()"))
        #expect(tests.contains("let reference = Signal<Int, Never>.from(values).referenceTake(3).record()"))
        #expect(tests.contains("let expected = Array(values.prefix(3))"))
    }

    // MARK: DocsEmitter

    @Test("The docs index lists every operator with its RAC selector, page, family and kind")
    func docsIndex() throws {
        let index = try #require(docs["README.md"])
        #expect(
            Set(docs.keys.filter { $0.hasSuffix(".md") }) == [
                "README.md", "Primitives.md", "Test.md", "Migration.md", "MigratingFromReactiveCocoa.md",
                "MigratingFromReactiveSwift.md", "MigratingFromRxSwift.md", "MigratingFromCombine.md",
            ])
        #expect(index.contains("| Operator | RAC | Family | Kind |\n|---|---|---|---|\n"))
        #expect(index.contains("| [`map(_:)`](Test.md#map_) | `-map:` | Test | derived |\n"))
        #expect(index.contains("| [`take(_:)`](Test.md#take_) | `-take:` | Test | derived |\n"))
        #expect(index.contains("| [`bind(_:)`](Primitives.md#bind_) | `-bind:` | Primitives | primitive |\n"))
        #expect(index.contains("| [`orJust(_:)`](Test.md#orjust_) |  | Test | derived |\n"))
        let rows = index.split(separator: "\n").filter { $0.hasPrefix("| [`") }
        #expect(rows.count == specs.count)
        let links = rows.compactMap {
            $0.split(separator: "](").dropFirst().first?.split(separator: ")").first
        }
        #expect(Set(links).count == links.count, "every index row links to its own entry")
    }

    @Test(
        "A family page shows each operator's declaration, selector, location, doc, derivation, examples and model"
    )
    func docsPages() throws {
        let page = try #require(docs["Test.md"])
        #expect(page.hasPrefix("# Test\n\nGenerated from `Specs/Test.ops` by `rill-ops docs`.\n"))
        let take = section(
            startingWith: "// ## take(_:)", in: page.replacingOccurrences(of: "\n## ", with: "\n// ## "))
        #expect(take.contains("```swift\nfunc take(_ count: Int) -> Signal<Value, Failure>\n```"))
        #expect(take.contains("`-take:`"))
        #expect(take.contains("Defined at `Specs/Test.ops:\(line(of: "take"))`."))
        #expect(take.contains("The take operator."))
        #expect(
            take.contains(
                "Derivation, in spec notation (`just`, `empty`, `bind` name the primitives):\n\n```\nvar taken = 0\ncount == 0 ? empty : bind { value in\n    taken += 1\n    return taken == count ? last(just(value)) : just(value)\n}\n```"
            ))
        #expect(take.contains("source: -a-b-c-|\ntake(2)\nresult: -a-(b|)\n"))
        // Each example is a picture beside the page, shown above its text form.
        #expect(
            take.contains(
                "![Example 1 of take(_:)](marbles/Test-take_-1.svg)\n\n```\nsource: -a-b-c-|\ntake(2)\nresult: -a-(b|)\n```"
            ))
        #expect(
            docs["marbles/Test-take_-1.svg"]?.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") == true)
        #expect(take.contains("On finite input, `take(3)` behaves as `Array(values.prefix(3))`."))

        let primitivesPage = try #require(docs["Primitives.md"])
        #expect(primitivesPage.contains("## bind(_:)"))
        #expect(primitivesPage.contains("`-bind:`"))
        #expect(
            primitivesPage.contains("Primitive, written by hand in `Sources/Rill/Primitives/Bind.swift`."))
        // Labels are padded so that the timelines line up frame by frame.
        #expect(primitivesPage.contains("first:  -a|\nsecond: -b|\nfirst.concat(second)\nresult: -a-b|"))
    }
}
