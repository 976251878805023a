import Foundation
import Testing

@testable import RillSpec

/// Inputs that once crashed the generator, and inputs that nest or chain without bound: each
/// must end in located errors or a catalogue, on a small stack and in time linear in its size.
@Suite("Crash regressions: malformed and enormous specs end in errors, never in a trap")
struct CrashRegressionTests {
    static let map = primitives.contents + flattenMapEntry + mapEntry

    /// Runs `body` on a thread with a 512 KiB stack, as a plugin's process may have, and returns
    /// its result. The test suspends meanwhile, so that its cooperative thread stays free for the
    /// rest of the parallel suite.
    func onSmallStack<Result: Sendable>(_ body: @escaping @Sendable () -> Result) async -> Result? {
        await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: body()) }
            thread.stackSize = 512 * 1024
            thread.start()
        }
    }

    @Test("An unbalanced bracket in a bind block is a located error, not a range trap in the step parser")
    func unbalancedBracketInBlock() {
        let text = entry(
            "failing", "func failing() -> Signal<Value, Failure>",
            derive: "bind { value in\n    switch value { default: _ = 0)\n    return error(value\n}")
        let diagnostics = checkDiagnostics([primitives, specFile(text)])
        let line = lineNumber(of: "            switch value { default: _ = 0)", in: text)
        #expect(diagnostics.map(\.location) == [at(line, 42)])
        #expect(diagnostics.first?.message == "')' does not close the '{' opened before it")
    }

    @Test("A 'return' inside the step of another 'return' is a located error, not a range trap")
    func returnInsideStep() {
        let text = entry(
            "nested", "func nested() -> Signal<Value, Failure>",
            derive: "bind { value in\n    return just((return))\n}")
        let diagnostics = checkDiagnostics([primitives, specFile(text)])
        #expect(diagnostics.map(\.message) == ["'return' inside the step of the 'return' before it"])
    }

    @Test("'state: var  = 0' is an error at the state line; the lowering of such a line yields no cell")
    func stateWithoutName() {
        let text = entry(
            "counting", "func counting() -> Signal<Value, Failure>", state: "var  = 0",
            derive: "bind { value in just(value) }")
        let diagnostics = parseDiagnostics([primitives, specFile(text)])
        let line = lineNumber(of: "    state: var  = 0", in: text)
        #expect(
            diagnostics.contains {
                $0.location == at(line, 17) && $0.message == "missing the state variable's name"
            })
        #expect(Lowering.stateCell("var  = 0") == nil)
    }

    func chainedMaps(_ count: Int) -> String {
        Self.map
            + entry(
                "mapped", "func mapped() -> Signal<Value, Failure>",
                derive: "self" + String(repeating: ".map { $0 }", count: count))
    }

    @Test("4,000 chained calls are an error at the first call past the bound, on a 512 KiB stack")
    func longChainIsBounded() async throws {
        let text = chainedMaps(4_000)
        let diagnostics = try #require(await onSmallStack { checkDiagnostics([specFile(text)]) })
        let line = lineNumber(of: "operator mapped", in: text) + 3
        let column = 13 + "self".count + DerivationParser.maximumDepth * ".map { $0 }".count + 1
        #expect(diagnostics.map(\.location) == [at(line, column)])
        #expect(diagnostics.first?.message == "the derivation chains or nests more than 32 operators")
    }

    @Test("A chain at the bound is accepted and goes through every stage on a 512 KiB stack")
    func chainAtTheBound() async throws {
        let text = chainedMaps(DerivationParser.maximumDepth - 2)
        let output = try #require(
            await onSmallStack { () -> Int in
                guard let specs = try? Checker.check(try SpecParser.parse([specFile(text)])) else {
                    return -1
                }
                let paths = SpecPaths(root: "")
                return LibraryEmitter.emit(specs, paths: paths, importing: []).count
                    + TestEmitter.emit(specs, paths: paths, importing: ["Rill"]).count
                    + DocsEmitter.emit(specs, paths: paths).count
            })
        #expect(output > 0)
    }

    @Test(
        "Thousands of nested parentheses, conditions or generic types are located errors on a 512 KiB stack")
    func deepNesting() async throws {
        let parentheses = entry(
            "grouped", "func grouped() -> Signal<Value, Failure>",
            derive: String(repeating: "(", count: 5_000) + "self" + String(repeating: ")", count: 5_000))
        let conditions = entry(
            "choosing", "func choosing() -> Signal<Value, Failure>",
            derive: "bind { value in " + String(repeating: "value == 1 ? stop : ", count: 5_000)
                + "just(value) }")
        let types = entry(
            "typed",
            "func typed() -> Signal<" + String(repeating: "[", count: 5_000) + "Value"
                + String(repeating: "]", count: 5_000) + ", Failure>",
            derive: "self")
        let arguments = entry(
            "prepended", "func prepended() -> Signal<Value, Failure>",
            derive: String(repeating: "self.concat(", count: 5_000) + "self"
                + String(repeating: ")", count: 5_000))
        for text in [parentheses, conditions, types, arguments] {
            let diagnostics = try #require(
                await onSmallStack { checkDiagnostics([primitives, specFile(text)]) })
            #expect(diagnostics.count == 1)
            #expect(diagnostics.allSatisfy { $0.message.contains("nest") })
        }
    }
}
