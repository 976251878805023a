import Foundation
import Testing

@testable import RillSpec

/// Generated code never captures or collides with the names a spec declares, and keyword names
/// are escaped where Swift needs it or rejected where it cannot call them.
@Suite("Hygiene: generated names never capture or collide with a spec's names")
struct HygieneTests {
    static let paths = SpecPaths(root: "")

    func library(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String {
        let specs = checked([primitives, specFile(flattenMapEntry + text)], sourceLocation: sourceLocation)
        return LibraryEmitter.emit(specs, paths: Self.paths, importing: [])
    }

    @Test("A parameter named 'input' is the parameter in the block, not the value the sink receives")
    func parameterNamedInput() {
        let text = library(
            entry(
                "addEach", "func addEach(_ input: Int) -> Signal<Int, Failure>",
                derive: "bind { value in just(value + input) }"))
        #expect(flattened(text).contains("_rillDownstream.sendNext(value + input)"))
        #expect(text.contains("case .next(let _rillInput):"))
        #expect(text.contains("}(_rillInput)"))
        #expect(!text.contains("let input)"))
    }

    @Test("Parameters named downstream and lifetime, and state named isFinished, stay the spec's own")
    func parametersLikeGeneratedNames() {
        let text = library(
            entry(
                "guarded", "func guarded(_ downstream: Int, lifetime: Int) -> Signal<Value, Failure>",
                state: "var isFinished = false",
                derive:
                    "bind { value in\n    isFinished = downstream == lifetime\n    return isFinished ? stop : just(value)\n}"
            ))
        #expect(text.contains("let isFinished = SinkState(false)"))
        #expect(text.contains("let _rillIsFinished = SinkState(false)"))
        #expect(text.contains("isFinished.withValue { isFinished in"))
        #expect(flattened(text).contains("{ value in isFinished = downstream == lifetime if isFinished {"))
        #expect(text.contains("lifting: self, subscribingIn: { _rillDownstream, _rillLifetime in"))
    }

    @Test("A name with the generated prefix is an error wherever the spec declares or uses it")
    func generatedPrefixIsReserved() {
        let asParameter = entry(
            "a", "func a(_ _rillInput: Int) -> Signal<Value, Failure>",
            derive: "bind { value in just(value) }")
        let inBlock = entry(
            "b", "func b() -> Signal<Value, Failure>", derive: "bind { _rillEvent in just(_rillEvent) }")
        let asState = entry(
            "c", "func c() -> Signal<Value, Failure>", state: "var _rillCount = 0",
            derive: "bind { value in just(value) }")
        for (text, fragment) in [
            (asParameter, "_ _rillInput"), (inBlock, "_rillEvent in"), (asState, "_rillCount"),
        ] {
            let diagnostics = checkDiagnostics([primitives, specFile(text)])
            let line = text.split(separator: "\n").firstIndex { $0.contains(fragment) }.map { $0 + 1 } ?? 0
            #expect(diagnostics.contains { $0.location.line == line && $0.message.contains("'_rill'") })
        }
    }

    @Test("An entry's generated test declares only prefixed names, so a spec's own 'check' is never shadowed")
    func generatedTestNames() {
        let text = entry(
            "check", "func check() -> Signal<Value, Failure>", derive: "self",
            examples: [#""-a|" => check() => "-a|""#], model: "check() ~ values")
        let tests = TestEmitter.emit(
            checked([primitives, specFile(text)]), paths: Self.paths, importing: ["Rill"])
        let suite = tests.components(separatedBy: "\nstruct Spec_check {").last ?? ""
        #expect(suite.contains("@Test(\"check(), Specs/Test.ops:1\", arguments: Spec_check._rillChecks())"))
        #expect(suite.contains("func _rillCheck(_ check: SpecCheck) async { await check.run() }"))
        #expect(suite.contains("static func _rillChecks() -> [SpecCheck] {"))
        #expect(suite.contains("var _rillAll: [SpecCheck] = []"))
        #expect(suite.contains("receiver.check()"))
        // Nothing else is declared at the suite's level or around the checks' closures.
        let declarations = suite.split(separator: "\n").filter { line in
            line.hasPrefix("    nonisolated func ") || line.hasPrefix("    nonisolated static ")
                || line.hasPrefix("    func ") || line.hasPrefix("    static ")
                || line.hasPrefix("        var ")
                || line.hasPrefix("        let ")
        }
        #expect(declarations.count == 3)
    }

    @Test("A keyword operator name is declared in backticks and callable in examples, with or without them")
    func keywordOperatorName() throws {
        let text = entry(
            "repeat", "func `repeat`(_ count: Int) -> Signal<Value, Failure>", derive: "self.concat(self)",
            examples: [#""-a|" => `repeat`(2) => "-a-a|""#, #""-a|" => repeat(2) => "-a-a|""#])
        let specs = checked([primitives, specFile(text)])
        let library = LibraryEmitter.emit(specs, paths: Self.paths, importing: [])
        #expect(library.contains("public func `repeat`(_ count: Int) -> Signal<Value, Failure>"))
        let tests = TestEmitter.emit(specs, paths: Self.paths, importing: ["Rill"])
        #expect(tests.contains("func referenceRepeat(_ count: Int)"))
        #expect(tests.contains("receiver.repeat(2)"))
        for keyword in ["default", "in", "where", "throws", "inout"] {
            #expect(
                Signature(
                    isStatic: false, name: keyword, genericParameters: "", parameters: [],
                    returnType: "Signal",
                    whereClause: "", location: at(1, 1)
                ).declaredName == "`\(keyword)`")
        }
    }

    @Test("An operator called 'init' or redefining the hand-written named(_:) is an error at its entry")
    func unusableNames() {
        let initEntry = entry("init", "func `init`() -> Signal<Value, Failure>", derive: "self")
        #expect(
            parseDiagnostics([specFile(initEntry)]).map(\.message).contains(
                "an operator cannot be called 'init'"))
        let named = entry("named", "func named(_ name: String) -> Signal<Value, Failure>", derive: "self")
        let diagnostics = parseDiagnostics([specFile(named)])
        #expect(diagnostics.map(\.location) == [at(1, 1)])
        #expect(diagnostics.first?.message.contains("written by hand") == true)
    }

    @Test(
        "A parameter or an example source named with a keyword, or like the generated test's locals, is an error"
    )
    func reservedValueNames() {
        let keywordParameter = entry(
            "k", "func k(_ default: Int) -> Signal<Value, Failure>", derive: "self")
        #expect(
            parseDiagnostics([specFile(keywordParameter)]).map(\.message) == [
                "the parameter name 'default' is a Swift keyword"
            ])
        let labelKeyword = entry(
            "l", "func l(default value: Int) -> Signal<Value, Failure>", derive: "self")
        #expect(parseDiagnostics([specFile(labelKeyword)]).isEmpty)
        for name in ["scheduler", "recorder", "receiver", "default"] {
            let source = entry(
                "s", "func s() -> Signal<Value, Failure>", derive: "self",
                examples: [#"\#(name)="-a|", other="-b|" => \#(name).concat(other) => "-a-b|""#])
            let diagnostics = parseDiagnostics([specFile(source)])
            #expect(diagnostics.count == 1)
            #expect(diagnostics.first?.message.contains("'\(name)'") == true)
        }
    }
}
